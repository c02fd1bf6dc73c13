//! The report's charts, drawn with `plotters`. One drawing routine renders a chart as SVG text
//! (inlined in the HTML report and written as `<id>.svg`) and as a PNG (`<id>.png`), whose text
//! is rasterized with DejaVu Sans from the `dejavu` crate through `ab_glyph`, so no system font
//! is needed.
//!
//! Every chart has a title, labelled axes with ticks, and a legend below the plot that names
//! each series, the 95 % confidence whiskers and every reference line. Bars start at zero; an
//! axis zoomed around the data shows points with whiskers instead of bars, so no bar's length
//! misleads, and a logarithmic axis shows shares that span orders of magnitude.

use std::ops::Range;
use std::path::Path;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::confidence::Estimate;

/// A chart's size in pixels, legend included.
pub const SIZE: (u32, u32) = (960, 540);

/// The band below the plot that holds the legend.
const LEGEND_HEIGHT: u32 = 64;

/// The font family of every text: DejaVu Sans, registered by [`register_font`].
const FONT: &str = "sans-serif";

/// Colours that stay apart for colour-blind readers (Wong's palette).
pub const COLOURS: [RGBColor; 4] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
];

/// The colour of the line an even seat would sit on.
pub const FAIR: RGBColor = RGBColor(213, 94, 0);

/// The colour of other reference lines.
pub const OTHER_REFERENCE: RGBColor = RGBColor(80, 80, 80);

/// Makes DejaVu Sans the charts' font; call once before drawing.
pub fn register_font() -> Result<(), String> {
    plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular())
        .map_err(|_| "the bundled DejaVu Sans is not a font".to_owned())
}

/// How values map onto the vertical axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Bars from zero up to a little above the highest whisker or reference line.
    FromZero,
    /// Points with whiskers on an axis from a little below the lowest whisker or reference line
    /// to a little above the highest.
    Zoomed,
    /// Bars on a logarithmic axis (whiskers below its floor are cut at the floor).
    Log,
}

/// One set of bars, one value per category.
pub struct Series {
    /// The name in the legend.
    pub name: String,
    /// Its colour.
    pub colour: RGBColor,
    /// A value with its interval per category.
    pub values: Vec<Estimate>,
}

/// A dashed horizontal line the data is compared with.
pub struct Reference {
    /// Where it is drawn.
    pub value: f64,
    /// What it means, in the legend.
    pub label: String,
    /// Its colour.
    pub colour: RGBColor,
}

/// A chart of grouped bars (or points) with whiskers and reference lines.
pub struct Chart {
    /// The file stem and the HTML element id: `first_activation`.
    pub id: &'static str,
    /// The title above the plot.
    pub title: String,
    /// What the horizontal axis shows.
    pub x_label: String,
    /// What the vertical axis shows.
    pub y_label: String,
    /// The categories along the horizontal axis.
    pub categories: Vec<String>,
    /// The bars of each category, side by side.
    pub series: Vec<Series>,
    /// Reference lines.
    pub references: Vec<Reference>,
    /// The vertical axis.
    pub axis: Axis,
}

/// A drawing failure as a message.
fn failed(error: impl std::fmt::Debug) -> String {
    format!("cannot draw a chart: {error:?}")
}

impl Chart {
    /// The chart as an SVG document.
    pub fn svg(&self) -> Result<String, String> {
        let mut text = String::new();
        {
            let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
            self.draw(&root).map_err(failed)?;
            root.present().map_err(failed)?;
        }
        Ok(text)
    }

    /// Writes the chart as a PNG to `path`.
    pub fn png(&self, path: &Path) -> Result<(), String> {
        let root = BitMapBackend::new(path, SIZE).into_drawing_area();
        self.draw(&root).map_err(failed)?;
        root.present().map_err(failed)
    }

    /// The vertical axis: its ends and ticks in drawn units (log10 of the value on a log axis).
    fn y_axis(&self) -> (f64, f64, Vec<f64>) {
        let values = self.series.iter().flat_map(|s| s.values.iter());
        let ends = values.flat_map(|e| [e.low, e.high]);
        let mut all: Vec<f64> = ends
            .chain(self.references.iter().map(|r| r.value))
            .filter(|v| v.is_finite())
            .collect();
        if all.is_empty() {
            all.push(0.0);
        }
        let lowest = all.iter().copied().fold(f64::INFINITY, f64::min);
        let highest = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        match self.axis {
            Axis::FromZero => nice_ticks(0.0, highest.max(1e-9) * 1.08),
            Axis::Zoomed => {
                let pad = ((highest - lowest) * 0.1).max(highest.abs().max(1e-9) * 1e-3);
                nice_ticks(lowest - pad, highest + pad)
            }
            Axis::Log => {
                let smallest = self
                    .series
                    .iter()
                    .flat_map(|s| s.values.iter().map(|e| e.value))
                    .filter(|&v| v > 0.0)
                    .fold(1.0f64, f64::min);
                let bottom = smallest.log10().floor() - 1.0;
                let top = highest.max(1e-12).log10().ceil().max(bottom + 1.0);
                let ticks = (bottom as i32..=top as i32).map(f64::from).collect();
                (bottom, top, ticks)
            }
        }
    }

    /// A value in drawn units.
    fn to_axis(&self, value: f64, floor: f64) -> f64 {
        match self.axis {
            Axis::Log if value > 0.0 => value.log10().max(floor),
            Axis::Log => floor,
            _ => value,
        }
    }

    /// A tick's label.
    fn tick_label(&self, tick: f64, step: f64) -> String {
        match self.axis {
            Axis::Log => {
                let value = 10f64.powf(tick);
                if tick >= -4.0 {
                    format!("{value}")
                } else {
                    format!("{value:e}")
                }
            }
            _ => {
                let decimals = (-step.log10().floor()).max(0.0) as usize
                    + usize::from((step / 10f64.powf(step.log10().floor()) - 2.5).abs() < 1e-9);
                format!("{tick:.decimals$}")
            }
        }
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let (plot, legend) = root.split_vertically(SIZE.1 - LEGEND_HEIGHT);
        let (bottom, top, ticks) = self.y_axis();
        let step = match ticks.as_slice() {
            [a, b, ..] => b - a,
            _ => 1.0,
        };
        let n = self.categories.len().max(1);
        let centres: Vec<f64> = (0..n).map(|i| i as f64).collect();
        let mut chart = ChartBuilder::on(&plot)
            .caption(&self.title, (FONT, 24))
            .margin(14)
            .x_label_area_size(52)
            .y_label_area_size(84)
            .build_cartesian_2d(
                Ticked {
                    range: -0.5..n as f64 - 0.5,
                    ticks: centres,
                },
                Ticked {
                    range: bottom..top,
                    ticks,
                },
            )?;
        let category = |x: &f64| {
            let index = x.round() as usize;
            self.categories.get(index).cloned().unwrap_or_default()
        };
        let tick = |y: &f64| self.tick_label(*y, step);
        chart
            .configure_mesh()
            .disable_x_mesh()
            .bold_line_style(RGBColor(225, 225, 225))
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_label_formatter(&category)
            .y_label_formatter(&tick)
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 16))
            .draw()?;
        let groups = self.series.len().max(1) as f64;
        let width = 0.8 / groups;
        for (s, series) in self.series.iter().enumerate() {
            for (i, estimate) in series.values.iter().enumerate() {
                let left = i as f64 - 0.4 + s as f64 * width;
                let centre = left + width / 2.0;
                let value = self.to_axis(estimate.value, bottom);
                let low = self.to_axis(estimate.low, bottom);
                let high = self.to_axis(estimate.high, bottom);
                if self.axis != Axis::Zoomed {
                    chart.draw_series([Rectangle::new(
                        [(left + width * 0.06, bottom), (left + width * 0.94, value)],
                        series.colour.filled(),
                    )])?;
                }
                let whisker = BLACK.stroke_width(2);
                let cap = || PathElement::new([(-6, 0), (6, 0)], whisker);
                chart.draw_series([PathElement::new([(centre, low), (centre, high)], whisker)])?;
                chart.draw_series([
                    EmptyElement::at((centre, low)) + cap(),
                    EmptyElement::at((centre, high)) + cap(),
                ])?;
                if self.axis == Axis::Zoomed {
                    chart.draw_series([Circle::new((centre, value), 6, series.colour.filled())])?;
                }
            }
        }
        for reference in &self.references {
            let y = self.to_axis(reference.value, bottom);
            chart.draw_series([DashedPathElement::new(
                [(-0.5, y), (n as f64 - 0.5, y)],
                10,
                6,
                reference.colour.stroke_width(2),
            )])?;
        }
        self.draw_legend(&legend)
    }

    /// The legend, in rows below the plot: series, whiskers, reference lines.
    fn draw_legend<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let style = TextStyle::from((FONT, 15).into_font()).color(&BLACK);
        let (mut x, mut y) = (24i32, 8i32);
        let mut place = |text: &str| -> Result<(i32, i32), DrawingAreaErrorKind<DB::ErrorType>> {
            let (w, _) = area.estimate_text_size(text, &style)?;
            let needed = 34 + w as i32 + 28;
            if x + needed > SIZE.0 as i32 - 12 && x > 24 {
                x = 24;
                y += 26;
            }
            let at = (x, y);
            area.draw_text(text, &style, (x + 34, y))?;
            x += needed;
            Ok(at)
        };
        for series in &self.series {
            let (sx, sy) = place(&series.name)?;
            if self.axis == Axis::Zoomed {
                area.draw(&Circle::new((sx + 14, sy + 8), 6, series.colour.filled()))?;
            } else {
                area.draw(&Rectangle::new(
                    [(sx + 4, sy + 1), (sx + 26, sy + 15)],
                    series.colour.filled(),
                ))?;
            }
        }
        let (wx, wy) = place("95 % confidence interval")?;
        let whisker = BLACK.stroke_width(2);
        area.draw(&PathElement::new(
            [(wx + 15, wy), (wx + 15, wy + 16)],
            whisker,
        ))?;
        area.draw(&PathElement::new([(wx + 10, wy), (wx + 20, wy)], whisker))?;
        area.draw(&PathElement::new(
            [(wx + 10, wy + 16), (wx + 20, wy + 16)],
            whisker,
        ))?;
        for reference in &self.references {
            let (rx, ry) = place(&reference.label)?;
            area.draw(&DashedPathElement::new(
                [(rx, ry + 8), (rx + 28, ry + 8)],
                8,
                4,
                reference.colour.stroke_width(2),
            ))?;
        }
        Ok(())
    }
}

/// An axis with ticks exactly where given (bar centres, round values, powers of ten).
struct Ticked {
    range: Range<f64>,
    ticks: Vec<f64>,
}

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, (from, to): (i32, i32)) -> i32 {
        let span = (self.range.end - self.range.start).max(1e-12);
        let t = (value - self.range.start) / span;
        from + (f64::from(to - from) * t).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        // Ticks and grid lines at the given points only, none in between.
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.range.clone()
    }
}

/// Ends and ticks for an axis covering `low..high`: 4 to 10 ticks at a round step (1, 2, 2.5 or
/// 5 times a power of ten), the ends moved out to the ticks around them.
pub fn nice_ticks(low: f64, high: f64) -> (f64, f64, Vec<f64>) {
    let span = (high - low).max(1e-12);
    let magnitude = 10f64.powf((span / 6.0).log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|step| span / step <= 8.0)
        .unwrap_or(10.0 * magnitude);
    let first = (low / step).floor();
    let last = (high / step).ceil();
    let ticks: Vec<f64> = (0..=(last - first) as i64)
        .map(|k| (first + k as f64) * step)
        .collect();
    (first * step, last * step, ticks)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(axis: Axis) -> Chart {
        let estimate = |value: f64| Estimate {
            value,
            low: value - 0.002,
            high: value + 0.002,
        };
        Chart {
            id: "sample",
            title: "Sample".to_owned(),
            x_label: "seat at the table".to_owned(),
            y_label: "share of rounds".to_owned(),
            categories: vec!["seat 0".to_owned(), "seat 1".to_owned()],
            series: vec![Series {
                name: "first activations".to_owned(),
                colour: COLOURS[0],
                values: vec![estimate(0.253), estimate(0.268)],
            }],
            references: vec![Reference {
                value: 0.25,
                label: "fair: 1/4".to_owned(),
                colour: FAIR,
            }],
            axis,
        }
    }

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        let (low, high, ticks) = nice_ticks(0.2475, 0.2705);
        assert!(low <= 0.2475 && high >= 0.2705);
        assert!((4..=10).contains(&ticks.len()), "{ticks:?}");
        assert!((ticks[1] - ticks[0] - 0.005).abs() < 1e-12, "{ticks:?}");
        let (low, _, ticks) = nice_ticks(0.0, 0.43);
        assert_eq!(low, 0.0);
        assert!((ticks[1] - 0.1).abs() < 1e-12, "{ticks:?}");
    }

    #[test]
    fn a_zoomed_axis_spans_the_data_not_zero() {
        let (bottom, top, _) = sample(Axis::Zoomed).y_axis();
        assert!(bottom > 0.2 && bottom <= 0.248, "{bottom}");
        assert!((0.27..0.3).contains(&top), "{top}");
        let (bottom, _, _) = sample(Axis::FromZero).y_axis();
        assert_eq!(bottom, 0.0);
    }

    #[test]
    fn svg_has_title_axes_ticks_and_legend() {
        register_font().unwrap();
        let svg = sample(Axis::Zoomed).svg().unwrap();
        for text in [
            "Sample",
            "seat at the table",
            "share of rounds",
            "seat 0",
            "seat 1",
            "0.255",
            "first activations",
            "95 % confidence interval",
            "fair: 1/4",
        ] {
            assert!(
                svg.contains(&format!(">\n{text}\n<")),
                "no `{text}` in\n{svg}"
            );
        }
    }

    #[test]
    fn log_axis_ticks_are_powers_of_ten() {
        let mut chart = sample(Axis::Log);
        chart.series[0].values[0].value = 0.000_2;
        let (bottom, top, ticks) = chart.y_axis();
        assert_eq!((bottom, top), (-5.0, 0.0));
        assert_eq!(ticks.len(), 6);
        assert_eq!(chart.tick_label(-2.0, 1.0), "0.01");
        assert_eq!(chart.tick_label(-5.0, 1.0), "1e-5");
    }
}
