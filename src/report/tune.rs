//! The pages of `tourney tune`: each tuned parameter's path against games played (one panel
//! per parameter, `tune.svg` and `tune.png`) and `report.html`, the tuning's own page (a tune
//! folder holds no tournament, so its report is this one).

use super::html::STYLE;
use super::markup::escape;
use super::plots::{FONT, colour, register_font};
use super::{ReportError, io_error};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

const PANEL: (u32, u32) = (960, 300);

/// What the page shows.
pub struct Page<'a> {
    pub title: String,
    pub names: &'a [String],
    /// Each parameter's tuning range.
    pub ranges: &'a [(f64, f64)],
    /// Each parameter's (games played, value) points, the start first.
    pub paths: &'a [Vec<(f64, f64)>],
    pub start: &'a str,
    pub tuned: &'a str,
    pub verdict: Option<&'a str>,
}

/// Writes tune.svg, tune.png and report.html into `dir`.
pub fn write(page: &Page<'_>, dir: &Path) -> Result<(), ReportError> {
    register_font();
    let size = (PANEL.0, PANEL.1 * page.names.len().max(1) as u32);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&root, page).map_err(|e| ReportError::Plot("tune", e.to_string()))?;
    }
    let svg_path = dir.join("tune.svg");
    std::fs::write(&svg_path, &svg).map_err(io_error(&svg_path))?;
    {
        let png = dir.join("tune.png");
        let root = BitMapBackend::new(&png, size).into_drawing_area();
        draw(&root, page).map_err(|e| ReportError::Plot("tune", e.to_string()))?;
    }
    let html_path = dir.join("report.html");
    std::fs::write(&html_path, html(page, &svg)).map_err(io_error(&html_path))?;
    Ok(())
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    page: &Page<'_>,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let panels = root.split_evenly((page.names.len().max(1), 1));
    for (i, panel) in panels.iter().enumerate().take(page.names.len()) {
        let points = &page.paths[i];
        let (lo, hi) = page.ranges[i];
        let games = points.last().map_or(1.0, |p| p.0).max(1.0);
        let mut chart = ChartBuilder::on(panel)
            .caption(&page.names[i], (FONT, 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(80)
            .build_cartesian_2d(0.0..games, lo..hi)?;
        chart
            .configure_mesh()
            .x_desc("games played")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .label_style((FONT, 16))
            .axis_desc_style((FONT, 16))
            .draw()?;
        let c = colour(i);
        chart.draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(2)))?;
    }
    root.present()?;
    Ok(())
}

fn html(page: &Page<'_>, svg: &str) -> String {
    let mut rows = String::new();
    for (i, name) in page.names.iter().enumerate() {
        let path = &page.paths[i];
        let (lo, hi) = page.ranges[i];
        let first = path.first().map_or(f64::NAN, |p| p.1);
        let last = path.last().map_or(f64::NAN, |p| p.1);
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{lo}</td><td>{hi}</td><td>{first}</td><td>{last:.6}</td></tr>\n",
            escape(name)
        ));
    }
    let verdict = page.verdict.map_or_else(
        || "<p>Not verified (--no-verify).</p>".to_string(),
        |v| format!("<p>Verification: {}</p>", escape(v)),
    );
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>{STYLE}</style></head><body>\n<h1>{title}</h1>\n\
         <h2>Tuning</h2>\n<table><tr><th>parameter</th><th>min</th><th>max</th><th>start</th>\
         <th>end of SPSA</th></tr>\n{rows}</table>\n\
         <p>Start: <code>{start}</code><br>Tuned: <code>{tuned}</code></p>\n{verdict}\n\
         <figure><figcaption>Each parameter against games played</figcaption>{svg}</figure>\n\
         </body></html>\n",
        title = escape(&page.title),
        start = escape(page.start),
        tuned = escape(page.tuned),
    )
}
