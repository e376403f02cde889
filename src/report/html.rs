//! `report.html`: one self-contained page (inline CSS and SVG, no script, no network) with the
//! tables and plots, readable in any browser. Its markup is the template
//! `src/templates/report.html`, in the layout every page shares.

use super::bracket::KnockoutSection;
use super::markup::{Section, sections};
use super::plots::Plot;
use super::swiss::SwissSection;
use super::terminal::{stop_decision_text, stop_end_text, stop_test_text};
use super::withdrawn::Withdrawn;
use super::{Exporter, FaultLink, ReportData};
use askama::Template;
use std::io::Write;

pub struct Html;

#[derive(Template)]
#[template(path = "report.html")]
struct ReportPage<'a> {
    title: &'a str,
    games: u64,
    bots: String,
    knockout: Option<KnockoutSection<'a>>,
    swiss: Option<SwissSection<'a>>,
    sprt_stop: Option<SprtStopLines>,
    withdrawn: Option<Withdrawn>,
    sections: Vec<Section>,
    faults: &'a [FaultLink],
    faults_per_bot: usize,
    plots: &'a [Plot],
}

/// Where and why `--sprt-stop` stopped each pairing it decided.
struct SprtStopLines {
    test: String,
    decisions: Vec<String>,
    end: String,
}

/// Writes a page's markup; a template that cannot render is an I/O error of the page's file.
pub(super) fn write_page(page: &impl Template, out: &mut dyn Write) -> std::io::Result<()> {
    out.write_all(
        crate::page::render(page)
            .map_err(std::io::Error::other)?
            .as_bytes(),
    )
}

impl Exporter for Html {
    fn file_name(&self) -> &'static str {
        "report.html"
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        let a = data.analysis;
        let page = ReportPage {
            title: "Tournament report",
            games: a.games_played,
            bots: a.bots.join(", "),
            knockout: data.pages.knockout.map(super::bracket::section),
            swiss: data.pages.swiss.map(super::swiss::section),
            sprt_stop: data.pages.sprt_stop.map(|stop| SprtStopLines {
                test: stop_test_text(stop),
                decisions: stop.decisions.iter().map(stop_decision_text).collect(),
                end: stop_end_text(stop),
            }),
            withdrawn: data.pages.disqualify.and_then(super::withdrawn::section),
            sections: sections(a),
            faults: data.pages.faults,
            faults_per_bot: super::FAULTS_PER_BOT,
            plots: data.plots,
        };
        write_page(&page, out)
    }
}
