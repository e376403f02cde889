//! `report.html`: one self-contained page (inline CSS and SVG, no script, no network) with the
//! tables and plots, readable in any browser.

use super::markup::{escape, sections};
use super::{Exporter, ReportData};
use std::io::Write;

pub struct Html;

pub(super) const STYLE: &str = "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\
table{border-collapse:collapse;margin:.5em 0 .3em}th,td{border:1px solid #ccc;padding:.25em .6em}\
th{background:#f0f0f0}td{text-align:right}td:first-child{text-align:left}\
p.note{color:#555;font-size:.9em;margin-top:.2em}figure{margin:1.5em 0}\
figure svg{max-width:100%;height:auto;border:1px solid #ddd}figcaption{font-weight:bold}td.message{text-align:left}";

/// A page's head with its style, the knockout bracket's included, and its title as heading.
pub(super) fn page_start(out: &mut dyn Write, title: &str) -> std::io::Result<()> {
    writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{title}</title><style>{STYLE}{}</style></head><body>\n<h1>{title}</h1>",
        super::bracket::STYLE
    )
}

impl Exporter for Html {
    fn file_name(&self) -> &'static str {
        "report.html"
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        let a = data.analysis;
        page_start(out, "Tournament report")?;
        writeln!(
            out,
            "<p>{} games, bots: {}. <a href=\"standings.html\">Standings</a> (rank, \
             crosstable, lost games).</p>",
            a.games_played,
            escape(&a.bots.join(", "))
        )?;
        if let Some(k) = data.knockout {
            write!(out, "{}", super::bracket::html(k))?;
        }
        if let Some(s) = data.swiss {
            write!(out, "{}", super::swiss::html(s))?;
        }
        if let Some(stop) = data.sprt_stop {
            write_sprt_stop(stop, out)?;
        }
        if let Some(disqualify) = data.disqualify {
            write!(out, "{}", super::withdrawn::html(disqualify))?;
        }
        for section in sections(a) {
            if section.rows.is_empty() {
                continue;
            }
            writeln!(
                out,
                "<h2>{}</h2>\n<table><thead><tr>",
                escape(section.title)
            )?;
            for h in &section.header {
                write!(out, "<th>{}</th>", escape(h))?;
            }
            writeln!(out, "</tr></thead><tbody>")?;
            for row in &section.rows {
                write!(out, "<tr>")?;
                for c in row {
                    write!(out, "<td>{}</td>", escape(c))?;
                }
                writeln!(out, "</tr>")?;
            }
            writeln!(out, "</tbody></table>")?;
            if !section.note.is_empty() {
                writeln!(out, "<p class=\"note\">{}</p>", escape(&section.note))?;
            }
        }
        write_faults(data.faults, out)?;
        writeln!(out, "<h2>Plots</h2>")?;
        for plot in data.plots {
            writeln!(
                out,
                "<figure id=\"plot-{}\"><figcaption>{}</figcaption>\n{}\n</figure>",
                plot.name,
                escape(plot.title),
                plot.svg
            )?;
        }
        writeln!(out, "</body></html>")
    }
}

/// Where and why `--sprt-stop` stopped each pairing it decided.
fn write_sprt_stop(stop: &crate::summary::SprtStop, out: &mut dyn Write) -> std::io::Result<()> {
    use super::terminal::{stop_decision_text, stop_end_text, stop_test_text};
    writeln!(
        out,
        "<h2>SPRT stop</h2>\n<p>{}: each pairing stopped when its test accepted a hypothesis; \
         its later games were not played.</p>\n<ul>",
        escape(&stop_test_text(stop))
    )?;
    for decision in &stop.decisions {
        writeln!(out, "<li>{}</li>", escape(&stop_decision_text(decision)))?;
    }
    writeln!(out, "</ul>\n<p>{}</p>", escape(&stop_end_text(stop)))
}

/// The faulted games of each bot, each with what went wrong and its replay page or command
/// when the run was recorded.
fn write_faults(faults: &[super::FaultLink], out: &mut dyn Write) -> std::io::Result<()> {
    if faults.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "<h2 id=\"faulted-games\">Faulted games</h2>\n<table><thead><tr><th>game</th><th>bot</th>\
         <th>termination</th><th>what went wrong</th><th>replay</th></tr></thead><tbody>"
    )?;
    for f in faults {
        let replay = match (&f.page, &f.command) {
            (Some(page), Some(command)) => format!(
                "<a href=\"{}\">step through it</a> or <code>{}</code>",
                escape(page),
                escape(command)
            ),
            (None, Some(command)) => format!("<code>{}</code>", escape(command)),
            _ => "not recorded (run with <code>--record</code>)".to_string(),
        };
        let message = match &f.message {
            Some(message) => escape(message),
            None => "not kept (<code>games.csv</code> holds no messages; the run printed the \
                     first three per bot, and its <code>summary.json</code> keeps them)"
                .to_string(),
        };
        writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"message\">{message}</td>\
             <td>{replay}</td></tr>",
            f.game,
            escape(&f.bot),
            escape(&f.termination)
        )?;
    }
    writeln!(
        out,
        "</tbody></table>\n<p class=\"note\">The first {} faulted games of each bot; an \
         outside bot's log (<code>logs/NAME.log</code>) holds what it wrote to stderr.</p>",
        super::FAULTS_PER_BOT
    )
}
