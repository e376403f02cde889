//! The report's plots, drawn once per backend: SVG (inlined in `report.html`, written as `.svg`)
//! and PNG. PNG text uses the DejaVu Sans font compiled in (`fonts/`, Bitstream Vera licence),
//! so it renders on a machine without any installed fonts. Reads an analysis; never a game.

use super::ReportError;
use super::markup::{interval_text, rating_text};
use crate::stats::bounds::Identification;
use crate::stats::distribution::ScoreDistribution;
use crate::summary::{Analysis, RatingRow, ScoreRow};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};
use std::sync::Once;

mod rows;
use rows::Rows;

type DrawResult = Result<(), Box<dyn std::error::Error>>;

pub(super) const FONT: &str = "sans-serif";
const SIZE: (u32, u32) = (960, 540);
/// Pixels around every chart.
const MARGIN: u32 = 20;

/// One plot, as inline SVG.
pub struct Plot {
    /// File stem: `ratings` gives `ratings.svg` and `ratings.png`.
    pub name: &'static str,
    pub title: &'static str,
    pub svg: String,
}

/// Colours for series (Tableau 10), readable on white and distinct for colour-blind readers.
const COLOURS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

pub(super) fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

/// Every plot: file stem and title.
const PLOTS: [(&str, &str); 5] = [
    ("ratings", "Ratings with 95% intervals"),
    ("winrates", "Win rates (row bot against column bot)"),
    ("scores", "Score distribution per bot"),
    ("margins", "Score margin per pairing"),
    ("convergence", "Ratings against games played"),
];

fn draw<DB: DrawingBackend>(name: &str, root: &DrawingArea<DB, Shift>, a: &Analysis) -> DrawResult
where
    DB::ErrorType: 'static,
{
    match name {
        "ratings" => ratings(root, a),
        "winrates" => winrates(root, a),
        "scores" => scores(root, a),
        "margins" => margins(root, a),
        _ => convergence(root, a),
    }?;
    root.present()?;
    Ok(())
}

pub(super) fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        plotters::style::register_font(
            FONT,
            FontStyle::Normal,
            include_bytes!("fonts/DejaVuSans.ttf"),
        )
        .map_err(|_| ())
        .expect("the bundled font is a valid TrueType file");
    });
}

/// Draws every plot as SVG text.
pub fn svg_plots(analysis: &Analysis) -> Result<Vec<Plot>, ReportError> {
    register_font();
    let mut out = Vec::new();
    for (name, title) in PLOTS {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
            draw(name, &root, analysis).map_err(|e| ReportError::Plot(name, e.to_string()))?;
        }
        out.push(Plot { name, title, svg });
    }
    Ok(out)
}

/// A forest plot of `rows` as SVG text, the first row at the top (the history page's versions
/// in order): the ratings plot's drawing, taller when there are many rows.
pub fn rating_forest_svg(rows: &[&RatingRow], caption: String) -> Result<String, ReportError> {
    register_font();
    let mut bottom_up: Vec<&RatingRow> = rows.to_vec();
    bottom_up.reverse();
    let height = SIZE.1.max(160 + 40 * rows.len() as u32);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, height)).into_drawing_area();
        rating_forest(&root, &bottom_up, caption)
            .and_then(|()| Ok(root.present()?))
            .map_err(|e| ReportError::Plot("ratings", e.to_string()))?;
    }
    Ok(svg)
}

/// Writes `<name>.png` for every plot into `dir`.
pub fn write_pngs(analysis: &Analysis, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    register_font();
    let mut written = Vec::new();
    for (name, _) in PLOTS {
        let path = dir.join(format!("{name}.png"));
        {
            let root = BitMapBackend::new(&path, SIZE).into_drawing_area();
            draw(name, &root, analysis).map_err(|e| ReportError::Plot(name, e.to_string()))?;
        }
        written.push(path);
    }
    Ok(written)
}

fn category_label(names: &[String]) -> impl Fn(&SegmentValue<usize>) -> String + '_ {
    move |v| match v {
        SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
            names.get(*i).cloned().unwrap_or_default()
        }
        SegmentValue::Last => String::new(),
    }
}

fn no_data<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, title: &str) -> DrawResult
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    root.draw(&Text::new(
        format!("{title}: no data"),
        (40, 40),
        (FONT, 24).into_font(),
    ))?;
    Ok(())
}

/// Padding of a value range so marks do not sit on the frame.
fn padded(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let span = (hi - lo).abs().max(1.0);
    (lo - 0.08 * span)..(hi + 0.08 * span)
}

/// Every chart's frame: a white page, the caption on top, and room for the axis labels
/// (`y_label_width` on the left, as wide as the longest row name needs).
fn frame<'a, 'b, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    caption: impl AsRef<str>,
    y_label_width: u32,
) -> Result<ChartBuilder<'a, 'b, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(caption, (FONT, 26))
        .margin(MARGIN)
        .x_label_area_size(60)
        .y_label_area_size(y_label_width);
    Ok(builder)
}

/// Black text of `size`, anchored at `h`, `v`: the values written beside the marks.
fn value_style(size: u32, h: HPos, v: VPos) -> TextStyle<'static> {
    (FONT, size).into_font().color(&BLACK).pos(Pos::new(h, v))
}

/// A legend's key for a line series: a short stroke in its style, at a point in pixels.
fn line_key(style: ShapeStyle) -> impl Fn((i32, i32)) -> PathElement<(i32, i32)> {
    move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], style)
}

/// A chart of values along x against named rows (one category each) along y.
type RowChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, Rows>>;

fn ratings<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, a: &Analysis) -> DrawResult
where
    DB::ErrorType: 'static,
{
    // A bot nothing bounds (it met only other swept bots) has no place on the axis.
    let mut rows: Vec<_> = a
        .ratings
        .rows
        .iter()
        .filter(|r| r.games > 0 && r.elo.is_finite())
        .collect();
    if rows.is_empty() {
        return no_data(root, "Ratings");
    }
    rows.sort_by(|x, y| x.elo.total_cmp(&y.elo));
    let caption = format!("Ratings with 95% intervals ({})", a.ratings.scale);
    rating_forest(root, &rows, caption)
}

/// `rows` as a forest plot, the first at the bottom: each rating with its interval (or its
/// one-sided bound as an arrow) and the numbers beside it.
fn rating_forest<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    rows: &[&RatingRow],
    caption: String,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let names: Vec<String> = rows.iter().map(|r| r.bot.clone()).collect();
    let lo = rows
        .iter()
        .map(|r| bound_or(r.lower, r.elo))
        .fold(f64::MAX, f64::min);
    let hi = rows
        .iter()
        .map(|r| bound_or(r.upper, r.elo))
        .fold(f64::MIN, f64::max);
    // A one-sided bound is drawn as an arrow from the bound towards its open side.
    let reach = 0.12 * (hi - lo).max(100.0);
    let lo = rows
        .iter()
        .map(|r| r.elo + open_side(r) * reach)
        .fold(lo, f64::min);
    let hi = rows
        .iter()
        .map(|r| r.elo + open_side(r) * reach)
        .fold(hi, f64::max);
    let labels: Vec<String> = rows.iter().map(|r| rating_label(r)).collect();
    let x_range = with_room(root, lo, hi, &labels, 150)?;
    let mut chart =
        frame(root, caption, 150)?.build_cartesian_2d(x_range, Rows::new(rows.len()))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc("Elo (400·log10 scale)")
        .y_labels(rows.len())
        .y_label_formatter(&category_label(&names))
        .label_style((FONT, 18))
        .axis_desc_style((FONT, 20))
        .draw()?;
    rating_marks(&mut chart, rows, &labels, reach)?;
    legend(&mut chart, SeriesLabelPosition::LowerRight)
}

/// Where a rating is open: −1 for an upper bound (a bot that never scored), +1 for a lower
/// bound (one that never lost), 0 for a rating with a two-sided interval.
fn open_side(r: &RatingRow) -> f64 {
    match r.identification {
        Identification::Identified => 0.0,
        Identification::NeverScored => -1.0,
        Identification::NeverLost => 1.0,
    }
}

/// The text beside a bot's interval: its rating and interval as the tables show them.
fn rating_label(r: &RatingRow) -> String {
    format!("{} {}", rating_text(r), interval_text(r))
}

/// Pixels between a mark and the value label written right of it.
const LABEL_GAP: i32 = 12;

/// The value range `lo..hi`, padded, with room on the right for the widest of `labels`
/// written [`LABEL_GAP`] right of the highest value, measured in the backend's own font (a
/// fixed share of the range cut off long one-sided labels in the PNG).
fn with_room<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lo: f64,
    hi: f64,
    labels: &[String],
    y_label_width: u32,
) -> Result<std::ops::Range<f64>, Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let mut widest = 0;
    for label in labels {
        widest = widest.max(
            root.estimate_text_size(label, &value_style(16, HPos::Left, VPos::Center))?
                .0,
        );
    }
    let plot_width = f64::from(
        root.dim_in_pixel()
            .0
            .saturating_sub(2 * MARGIN + y_label_width),
    );
    // The share of the plot the label takes, kept so the data still get most of the width.
    let share = ((f64::from(widest) + f64::from(LABEL_GAP) + 4.0) / plot_width.max(1.0)).min(0.6);
    // With `right = hi + x`, padded() adds 8% of `span + x` on each side; the label needs
    // `share` of all that right of `hi`: x + 0.08(span + x) = share·1.16(span + x).
    let span = (hi - lo).abs().max(1.0);
    let x = span * (1.16 * share - 0.08).max(0.0) / (1.08 - 1.16 * share);
    Ok(padded(lo, hi + x))
}

/// An interval's end, or the rating itself where that side is open (a one-sided bound).
fn bound_or(bound: f64, elo: f64) -> f64 {
    if bound.is_finite() { bound } else { elo }
}

/// Each bot's interval and rating on its row, with their values written beside them: a dot
/// for a maximum-likelihood rating, and for a one-sided bound a bar at the bound with an arrow
/// `reach` long towards its open side (no dot: the bound is not a rating).
fn rating_marks<DB: DrawingBackend>(
    chart: &mut RowChart<'_, DB>,
    rows: &[&RatingRow],
    labels: &[String],
    reach: f64,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let style = colour(0).stroke_width(3);
    // The anchor, exact, has no interval to draw: its dot marks the value and its label says
    // what it is.
    let two_sided = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| bound_or(r.lower, r.elo) < bound_or(r.upper, r.elo));
    chart
        .draw_series(two_sided.map(|(i, r)| {
            ErrorBar::new_horizontal(
                SegmentValue::CenterOf(i),
                bound_or(r.lower, r.elo),
                r.elo,
                bound_or(r.upper, r.elo),
                style,
                18,
            )
        }))?
        .label("95% interval")
        .legend(line_key(style));
    let rated = || rows.iter().enumerate().filter(|(_, r)| open_side(r) == 0.0);
    if rated().next().is_some() {
        chart
            .draw_series(rated().map(|(i, r)| {
                Circle::new((r.elo, SegmentValue::CenterOf(i)), 6, colour(3).filled())
            }))?
            .label("maximum-likelihood rating")
            .legend(|(x, y)| Circle::new((x + 12, y), 6, colour(3).filled()));
    }
    let bounded = || rows.iter().enumerate().filter(|(_, r)| open_side(r) != 0.0);
    let arrow = colour(1).stroke_width(3);
    if bounded().next().is_some() {
        chart
            .draw_series(bounded().map(|(i, r)| {
                let row = SegmentValue::CenterOf(i);
                PathElement::new(
                    vec![(r.elo, row.clone()), (r.elo + open_side(r) * reach, row)],
                    arrow,
                )
            }))?
            .label("one-sided 95% bound (arrow: the open side)")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], arrow));
        // The bar at the bound and the arrow's head, in pixels around their points.
        chart.draw_series(bounded().map(|(i, r)| {
            EmptyElement::at((r.elo, SegmentValue::CenterOf(i)))
                + PathElement::new(vec![(0, -9), (0, 9)], arrow)
        }))?;
        chart.draw_series(bounded().map(|(i, r)| {
            let side = open_side(r);
            let head = (-8.0 * side) as i32;
            EmptyElement::at((r.elo + side * reach, SegmentValue::CenterOf(i)))
                + PathElement::new(vec![(head, -6), (0, 0), (head, 6)], arrow)
        }))?;
    }
    // Right of the whisker's (or the arrow's) end by pixels, level with it: a space is dropped
    // by SVG, and a label above the row met the end cap, which hid a negative rating's minus
    // sign.
    chart.draw_series(rows.iter().enumerate().map(|(i, r)| {
        let right = bound_or(r.upper, r.elo).max(r.elo + open_side(r) * reach);
        EmptyElement::at((right, SegmentValue::CenterOf(i)))
            + Text::new(
                labels[i].clone(),
                (LABEL_GAP, 0),
                value_style(16, HPos::Left, VPos::Center),
            )
    }))?;
    Ok(())
}

/// Every chart's legend in one style, placed where it hides no data.
fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font((FONT, 16))
        .draw()?;
    Ok(())
}

/// White at ½, blue towards 1, red towards 0.
fn win_colour(rate: f64) -> RGBColor {
    let t = (rate - 0.5).clamp(-0.5, 0.5) * 2.0;
    let mix =
        |from: u8, to: u8, w: f64| (f64::from(from) + (f64::from(to) - f64::from(from)) * w) as u8;
    if t >= 0.0 {
        RGBColor(mix(255, 33, t), mix(255, 102, t), mix(255, 172, t))
    } else {
        RGBColor(mix(255, 178, -t), mix(255, 24, -t), mix(255, 43, -t))
    }
}

fn winrates<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, a: &Analysis) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let n = a.bots.len();
    if a.pairwise.is_empty() || n == 0 {
        return no_data(root, "Win rates");
    }
    // Rows are drawn top-down, so segment k of the y axis holds bot n-1-k.
    let rows_bottom_up: Vec<String> = a.bots.iter().rev().cloned().collect();
    let mut chart = frame(root, "Win rate of the row bot against the column bot", 150)?
        .build_cartesian_2d(Rows::new(n), Rows::new(n))?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("opponent (column)")
        .y_desc("bot (row)")
        .x_labels(n)
        .y_labels(n)
        .x_label_formatter(&category_label(&a.bots))
        .y_label_formatter(&category_label(&rows_bottom_up))
        .label_style((FONT, 18))
        .axis_desc_style((FONT, 20))
        .draw()?;
    winrate_cells(&mut chart, a)
}

/// The grid's cells: grey on the diagonal, each pair coloured by its win rate and labelled
/// with it and its interval.
fn winrate_cells<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<Rows, Rows>>,
    a: &Analysis,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let n = a.bots.len();
    let index = |name: &str| a.bots.iter().position(|b| b == name).unwrap_or(0);
    // Row i drawn from the top: y segment n-1-i.
    let cell = |i: usize, j: usize| {
        (
            (SegmentValue::Exact(j), SegmentValue::Exact(n - 1 - i)),
            (SegmentValue::Exact(j + 1), SegmentValue::Exact(n - i)),
        )
    };
    chart.draw_series((0..n).map(|i| {
        let (p, q) = cell(i, i);
        Rectangle::new([p, q], RGBColor(225, 225, 225).filled())
    }))?;
    chart.draw_series(a.pairwise.iter().map(|row| {
        let (p, q) = cell(index(&row.bot), index(&row.opponent));
        Rectangle::new([p, q], win_colour(row.win_rate).filled())
    }))?;
    for (text, size, vpos) in [(0, 20, VPos::Bottom), (1, 15, VPos::Top)] {
        chart.draw_series(a.pairwise.iter().map(|row| {
            let (i, j) = (index(&row.bot), index(&row.opponent));
            let label = if text == 0 {
                format!("{:.1}%", 100.0 * row.win_rate)
            } else {
                format!("95% [{:.1}, {:.1}]", 100.0 * row.lower, 100.0 * row.upper)
            };
            Text::new(
                label,
                (SegmentValue::CenterOf(j), SegmentValue::CenterOf(n - 1 - i)),
                value_style(size, HPos::Center, vpos),
            )
        }))?;
    }
    Ok(())
}

fn scores<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, a: &Analysis) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let dists: Vec<_> = a
        .score_distributions
        .iter()
        .enumerate()
        .filter(|(_, d)| d.count() > 0)
        .collect();
    if dists.is_empty() {
        return no_data(root, "Scores");
    }
    let lo = dists.iter().filter_map(|(_, d)| d.min()).min().unwrap_or(0);
    let hi = dists.iter().filter_map(|(_, d)| d.max()).max().unwrap_or(0);
    let bins = 40.min((hi - lo + 1) as usize).max(1);
    let width = ((hi - lo + 1) as f64 / bins as f64).max(1.0);
    let histograms: Vec<(usize, Vec<f64>)> = dists
        .iter()
        .map(|(i, d)| (*i, histogram(d, lo, width, bins)))
        .collect();
    let top = histograms
        .iter()
        .flat_map(|(_, h)| h.iter().copied())
        .fold(0.0, f64::max);
    let mut chart = frame(root, "Score distribution per bot", 80)?
        .build_cartesian_2d(lo as f64..(lo as f64 + width * bins as f64), 0.0..top * 1.1)?;
    chart
        .configure_mesh()
        .x_desc(format!("score (bins of {width:.0})"))
        .y_desc("share of the bot's games (%)")
        .label_style((FONT, 18))
        .axis_desc_style((FONT, 20))
        .draw()?;
    for (i, h) in &histograms {
        let c = colour(*i);
        let points = outline(h, lo as f64, width);
        chart.draw_series(std::iter::once(Polygon::new(points.clone(), c.mix(0.15))))?;
        chart
            .draw_series(LineSeries::new(points, c.stroke_width(3)))?
            .label(format!(
                "{} (mean {:.1})",
                a.bots[*i],
                a.score_distributions[*i].mean().unwrap_or(0.0)
            ))
            .legend(line_key(c.stroke_width(3)));
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}

/// A bot's scores as the share of its games (%) in each of `bins` bins of `width` from `lo`.
fn histogram(d: &ScoreDistribution, lo: i64, width: f64, bins: usize) -> Vec<f64> {
    let mut h = vec![0.0; bins];
    for (value, times) in d.counts() {
        let b = (((value - lo) as f64 / width) as usize).min(bins - 1);
        h[b] += times as f64;
    }
    let total = d.count() as f64;
    h.iter_mut().for_each(|v| *v = 100.0 * *v / total);
    h
}

/// A histogram's outline as a closed path of steps, from the axis at `lo` back to it.
fn outline(h: &[f64], lo: f64, width: f64) -> Vec<(f64, f64)> {
    let mut points = vec![(lo, 0.0)];
    for (b, v) in h.iter().enumerate() {
        let x0 = lo + b as f64 * width;
        points.push((x0, *v));
        points.push((x0 + width, *v));
    }
    points.push((lo + width * h.len() as f64, 0.0));
    points
}

fn margins<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, a: &Analysis) -> DrawResult
where
    DB::ErrorType: 'static,
{
    if a.margins.is_empty() {
        return no_data(root, "Margins");
    }
    let names: Vec<String> = a
        .margins
        .iter()
        .map(|m| format!("{} − {}", m.bot, m.opponent))
        .collect();
    let lo = a.margins.iter().map(|m| m.margin.q05).fold(0.0, f64::min);
    let hi = a.margins.iter().map(|m| m.margin.q95).fold(0.0, f64::max);
    let n = a.margins.len();
    let labels: Vec<String> = a.margins.iter().map(|m| margin_label(&m.margin)).collect();
    let x_range = with_room(root, lo, hi, &labels, 190)?;
    let mut chart = frame(
        root,
        "Score margin per pairing (first bot minus second)",
        190,
    )?
    .build_cartesian_2d(x_range, Rows::new(n))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc("score difference: whiskers 5–95%, box 25–75%, bar median, dot mean")
        .y_labels(n)
        .y_label_formatter(&category_label(&names))
        .label_style((FONT, 18))
        .axis_desc_style((FONT, 18))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, SegmentValue::Exact(0)), (0.0, SegmentValue::Last)],
        BLACK.mix(0.6).stroke_width(2),
    )))?;
    for (i, m) in a.margins.iter().enumerate() {
        margin_box(root, &chart, i, &m.margin)?;
    }
    Ok(())
}

/// The text right of a margin's box plot.
fn margin_label(st: &ScoreRow) -> String {
    format!("mean {:+.1}, sd {:.1}", st.mean, st.sd)
}

/// Row `i`'s box plot, drawn in pixels on `root` at the chart's coordinates (plotters has no
/// horizontal box plot over categories).
fn margin_box<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &RowChart<'_, DB>,
    i: usize,
    st: &ScoreRow,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let c = colour(i);
    let at = |x: f64| chart.backend_coord(&(x, SegmentValue::CenterOf(i)));
    let ((x05, y), (x25, _), (x50, _), (x75, _), (x95, _), (xm, _)) = (
        at(st.q05),
        at(st.q25),
        at(st.median),
        at(st.q75),
        at(st.q95),
        at(st.mean),
    );
    let line = c.stroke_width(2);
    // Pieces that the quantiles make empty (a margin that never varies) are left out, so
    // what is drawn has a size: then only the whiskers' ends, the median bar and the dot.
    for (from, to) in [(x05, x25), (x75, x95)] {
        if from < to {
            root.draw(&PathElement::new(vec![(from, y), (to, y)], line))?;
        }
    }
    for x in [x05, x95] {
        root.draw(&PathElement::new(vec![(x, y - 10), (x, y + 10)], line))?;
    }
    if x25 < x75 {
        root.draw(&Rectangle::new(
            [(x25, y - 18), (x75, y + 18)],
            c.mix(0.35).filled(),
        ))?;
        root.draw(&Rectangle::new([(x25, y - 18), (x75, y + 18)], line))?;
    }
    root.draw(&PathElement::new(
        vec![(x50, y - 18), (x50, y + 18)],
        BLACK.stroke_width(3),
    ))?;
    root.draw(&Circle::new((xm, y), 6, BLACK.filled()))?;
    root.draw(&Text::new(
        margin_label(st),
        (x95 + LABEL_GAP, y),
        value_style(16, HPos::Left, VPos::Center),
    ))?;
    Ok(())
}

fn convergence<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, a: &Analysis) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let points = &a.convergence;
    if points.is_empty() {
        return no_data(root, "Convergence");
    }
    let games = points.last().map_or(1, |p| p.games) as f64;
    let played: Vec<usize> = (0..a.bots.len())
        .filter(|&i| a.ratings.rows.get(i).is_some_and(|r| r.games > 0))
        .collect();
    // A bot's line starts at its first game: before that its number is only a placeholder.
    let series = |i: usize| {
        points
            .iter()
            .filter(move |p| p.played.get(i) == Some(&true))
            .map(move |p| (p.games as f64, p.elo[i]))
    };
    let values = played.iter().flat_map(|&i| series(i).map(|(_, elo)| elo));
    let lo = values.clone().fold(f64::MAX, f64::min);
    let hi = values.fold(f64::MIN, f64::max);
    let mut chart = frame(root, "Ratings against games played", 80)?
        // A little room on the right, so the last points' dots stay inside the frame.
        .build_cartesian_2d(0.0..games * 1.01, padded(lo, hi + 0.3 * (hi - lo).max(1.0)))?;
    chart
        .configure_mesh()
        .x_desc("games played")
        .y_desc(format!("Elo ({})", a.ratings.scale))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style((FONT, 18))
        .axis_desc_style((FONT, 20))
        .draw()?;
    for &i in &played {
        let c = colour(i);
        chart
            .draw_series(LineSeries::new(series(i), c.stroke_width(3)))?
            .label(a.bots[i].clone())
            .legend(line_key(c.stroke_width(3)));
        chart.draw_series(series(i).map(|point| Circle::new(point, 3, c.filled())))?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}
