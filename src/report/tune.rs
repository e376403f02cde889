//! The pages of `tourney tune`: each tuned parameter's path against games played (one panel
//! per parameter, `tune.svg` and `tune.png`) and `report.html`, the tuning's own page (a tune
//! folder holds no tournament, so its report is this one).

use super::plots::{FONT, colour, register_font};
use super::{ReportError, io_error};
use askama::Template;
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
    std::fs::write(&html_path, html(page, &svg)?).map_err(io_error(&html_path))?;
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

#[derive(Template)]
#[template(path = "tune.html")]
struct TunePage<'a> {
    title: &'a str,
    parameters: Vec<ParameterRow<'a>>,
    start: &'a str,
    tuned: &'a str,
    verdict: Option<&'a str>,
    svg: &'a str,
}

/// A tuned parameter's row: its range, where it started and where SPSA left it.
struct ParameterRow<'a> {
    name: &'a str,
    min: f64,
    max: f64,
    start: f64,
    end: String,
}

fn html(page: &Page<'_>, svg: &str) -> Result<String, ReportError> {
    let parameters = page
        .names
        .iter()
        .zip(page.ranges)
        .zip(page.paths)
        .map(|((name, &(min, max)), path)| ParameterRow {
            name,
            min,
            max,
            start: path.first().map_or(f64::NAN, |p| p.1),
            end: format!("{:.6}", path.last().map_or(f64::NAN, |p| p.1)),
        })
        .collect();
    let page = TunePage {
        title: &page.title,
        parameters,
        start: page.start,
        tuned: page.tuned,
        verdict: page.verdict,
        svg,
    };
    crate::page::render(&page).map_err(|e| ReportError::Page("tune", e))
}
