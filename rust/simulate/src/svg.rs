//! Minimal SVG bar charts, written by hand (no plotting dependency).

use std::fmt::Write;

/// A bar chart of `values` (one bar per label) with a dashed reference line at `reference`.
pub fn bar_chart(title: &str, labels: &[String], values: &[f64], reference: Option<f64>) -> String {
    const WIDTH: f64 = 640.0;
    const HEIGHT: f64 = 360.0;
    const MARGIN: f64 = 48.0;
    let top = values
        .iter()
        .copied()
        .chain(reference)
        .fold(f64::MIN_POSITIVE, f64::max)
        * 1.15;
    let plot_height = HEIGHT - 2.0 * MARGIN;
    let slot = (WIDTH - 2.0 * MARGIN) / values.len().max(1) as f64;
    let y = |value: f64| HEIGHT - MARGIN - value / top * plot_height;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{MARGIN}\" y=\"24\" font-size=\"15\">{}</text>\n",
        escape(title)
    );
    for (index, (label, &value)) in labels.iter().zip(values).enumerate() {
        let x = MARGIN + index as f64 * slot;
        let _ = writeln!(
            svg,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#4363d8\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"10\">{value:.4}</text>",
            x + slot * 0.15,
            y(value),
            slot * 0.7,
            HEIGHT - MARGIN - y(value),
            x + slot / 2.0,
            HEIGHT - MARGIN + 16.0,
            escape(label),
            x + slot / 2.0,
            y(value) - 4.0,
        );
    }
    if let Some(reference) = reference {
        let _ = writeln!(
            svg,
            "<line x1=\"{MARGIN}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#e6194b\" \
             stroke-dasharray=\"6 4\"/>",
            WIDTH - MARGIN,
            y(reference),
            y(reference),
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
