//! `cargo xtask simulate`: the Monte Carlo balance report (`rust/simulate`), built optimized;
//! and [`check`], its step in `cargo xtask test`: a small run whose HTML report is checked for
//! every chart with its axes and legend, then rendered by headless Chromium (see
//! [`crate::chromium`]) into a screenshot that must show the charts.

use std::path::Path;

use crate::chromium::Chromium;
use crate::folders::recreate;
use crate::process::{cargo, run as run_command};
use crate::{Result, paths};

/// The figures a report with bot games holds (`rust/simulate/src/figures.rs`).
const FIGURES: [&str; 5] = [
    "first_activation",
    "first_activation_orders",
    "longest_streak",
    "upgrade_outcomes",
    "upgrade_activation_share",
];

/// Texts the small run's report must show: reference lines explained, draws apart from losses.
const TEXTS: [&str; 6] = [
    "fair share: 1/4 = 0.2500",
    "drawn (shared the most points)",
    "1/4: an even seat&apos;s win rate if no game were drawn",
    "share of rounds (log scale)",
    "draw rate",
    "never",
];

/// The colour of the charts' first series and of the fair line (`rust/simulate/src/charts.rs`).
const BLUE: [u8; 3] = [0, 114, 178];
const FAIR: [u8; 3] = [213, 94, 0];

/// The screenshot's size in CSS pixels.
const WINDOW: (u32, u32) = (1280, 2000);

/// Runs the `simulate` binary in release mode with `args` (the report's options), or with
/// `check` (`--check`), [`check`]. The report's `--out` is taken from the folder the command was
/// called in, as a shell would; without one it goes to `simulate/` in the target folder
/// (`CARGO_TARGET_DIR` if set).
pub fn run(check_only: bool, args: &[String]) -> Result {
    if check_only {
        return check();
    }
    let here = std::env::current_dir().map_err(|e| format!("no current folder: {e}"))?;
    simulate(&with_out(args, &paths::target()), &here)
}

/// `args`, with `--out` set to `simulate/` in `target` unless they set it.
fn with_out(args: &[String], target: &Path) -> Vec<std::ffi::OsString> {
    let mut all: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    let has_out = args
        .iter()
        .any(|arg| arg == "--out" || arg.starts_with("--out="));
    if !has_out {
        all.push("--out".into());
        all.push(target.join("simulate").into_os_string());
    }
    all
}

/// Runs the `simulate` binary with `args` in the folder `from` (a relative `--out` is taken from
/// it).
fn simulate<S: AsRef<std::ffi::OsStr>>(args: &[S], from: &Path) -> Result {
    run_command(
        cargo()
            .current_dir(from)
            .args([
                "run",
                "--release",
                "--quiet",
                "--package",
                "horizons-edge-simulate",
                "--",
            ])
            .args(args),
    )
}

/// A small simulation (a few seconds) into `target/simulate-check/`, its `report.html` checked
/// and rendered by Chromium to `report-screenshot.png`, whose path is printed.
pub fn check() -> Result {
    let out = paths::target().join("simulate-check");
    recreate(&out)?;
    let args = [
        "--rounds",
        "100000",
        "--games",
        "40",
        "--game-rounds",
        "4",
        "--seed",
        "7",
        "--out",
    ];
    let mut all: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    all.push(out.clone().into_os_string());
    simulate(&all, &paths::root())?;
    let page = out.join("report.html");
    let html = std::fs::read_to_string(&page)
        .map_err(|e| format!("cannot read {}: {e}", page.display()))?;
    check_html(&html)?;
    let screenshot = out.join("report-screenshot.png");
    Chromium::ensure()?.screenshot(&page, &screenshot, WINDOW)?;
    let seen = check_screenshot(&screenshot)?;
    eprintln!(
        "xtask: {} rendered by headless Chromium: {} ({seen})",
        page.display(),
        screenshot.display()
    );
    Ok(())
}

/// Fails unless the page holds each figure as an inline SVG with a rotated vertical-axis
/// title, tick labels and a legend with the confidence whiskers, and the texts of [`TEXTS`].
fn check_html(html: &str) -> Result {
    for id in FIGURES {
        let start = html
            .find(&format!("<figure id=\"{id}\">"))
            .ok_or(format!("report.html has no figure `{id}`"))?;
        let figure = &html[start..];
        let figure = &figure[..figure.find("</figure>").unwrap_or(figure.len())];
        let svg = figure.find("<svg").map(|at| &figure[at..]);
        let svg = svg.ok_or(format!("figure `{id}` has no inline SVG"))?;
        let texts = svg.matches("<text").count();
        if texts < 10 {
            return Err(format!(
                "figure `{id}` has only {texts} texts (axes, ticks, legend)"
            ));
        }
        for needed in [
            "rotate(270",
            ">\n95 % confidence interval\n<",
            "<figcaption>",
        ] {
            if !figure.contains(needed) {
                return Err(format!("figure `{id}` lacks `{needed}`"));
            }
        }
    }
    match TEXTS.iter().find(|text| !html.contains(*text)) {
        Some(missing) => Err(format!("report.html does not say `{missing}`")),
        None => Ok(()),
    }
}

/// Fails unless the screenshot is the window's size and shows ink, the charts' bars and the fair
/// line; returns what it counted.
fn check_screenshot(path: &Path) -> Result<String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("{} is not a PNG: {e}", path.display()))?;
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader
        .next_frame(&mut pixels)
        .map_err(|e| format!("cannot decode {}: {e}", path.display()))?;
    if (frame.width, frame.height) != WINDOW {
        return Err(format!(
            "the screenshot is {}×{}, not {}×{}",
            frame.width, frame.height, WINDOW.0, WINDOW.1
        ));
    }
    let channels = frame.color_type.samples();
    if channels < 3 {
        return Err(format!(
            "the screenshot is {:?}, not colour",
            frame.color_type
        ));
    }
    let near = |p: &[u8], c: [u8; 3]| p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) <= 12);
    let (mut ink, mut blue, mut fair) = (0usize, 0usize, 0usize);
    for pixel in pixels[..frame.buffer_size()].chunks_exact(channels) {
        ink += usize::from(pixel[..3].iter().any(|&v| v < 200));
        blue += usize::from(near(pixel, BLUE));
        fair += usize::from(near(pixel, FAIR));
    }
    let total = (frame.width * frame.height) as usize;
    let seen = format!(
        "{:.1} % inked, {blue} chart-blue and {fair} fair-line pixels",
        100.0 * ink as f64 / total as f64
    );
    if ink * 100 < total * 3 || blue < 5_000 || fair < 300 {
        return Err(format!("the screenshot shows too little: {seen}"));
    }
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_goes_to_the_target_folder_unless_out_is_given() {
        let target = Path::new("/elsewhere/target");
        let args = |list: &[&str]| list.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            with_out(&args(&["--games", "0"]), target),
            ["--games", "0", "--out", "/elsewhere/target/simulate"]
        );
        for given in [&["--out", "mine"][..], &["--out=mine"]] {
            assert_eq!(with_out(&args(given), target), given);
        }
    }

    #[test]
    fn a_page_missing_a_chart_or_its_legend_fails_the_check() {
        assert!(check_html("<html></html>").is_err());
        let svg = format!(
            "<svg>{}<text transform=\"rotate(270, 1, 1)\">\ny\n</text></svg>",
            "<text>\ntick\n</text>".repeat(10)
        );
        let figures: String = FIGURES
            .iter()
            .map(|id| format!("<figure id=\"{id}\">{svg}<figcaption>c</figcaption></figure>"))
            .collect();
        let err = check_html(&format!("{figures}{}", TEXTS.join(" "))).unwrap_err();
        assert!(err.contains("95 % confidence interval"), "{err}");
        let legend = svg.replace("</svg>", "<text>\n95 % confidence interval\n</text></svg>");
        let page = format!("{}{}", figures.replace(&svg, &legend), TEXTS.join(" "));
        assert_eq!(check_html(&page), Ok(()));
        assert!(check_html(&page.replace("draw rate", "")).is_err());
    }

    #[test]
    fn a_blank_screenshot_fails_the_check() {
        let path = std::env::temp_dir().join(format!("blank-{}.png", std::process::id()));
        let file = std::fs::File::create(&path).unwrap();
        let mut encoder = png::Encoder::new(file, WINDOW.0, WINDOW.1);
        encoder.set_color(png::ColorType::Rgb);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&vec![255; (WINDOW.0 * WINDOW.1 * 3) as usize])
            .unwrap();
        writer.finish().unwrap();
        let outcome = check_screenshot(&path);
        std::fs::remove_file(&path).unwrap();
        assert!(outcome.unwrap_err().contains("0.0 % inked"));
    }
}
