//! `report.md`: the tables as GitHub-flavoured Markdown, for pasting into a pull request.

use super::markup::sections;
use super::{Exporter, ReportData};
use std::io::Write;

pub struct Markdown;

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

impl Exporter for Markdown {
    fn file_name(&self) -> &'static str {
        "report.md"
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        let a = data.analysis;
        writeln!(out, "# Tournament report\n")?;
        writeln!(
            out,
            "{} games, bots: {}.\n",
            a.games_played,
            a.bots.join(", ")
        )?;
        for section in sections(a) {
            if section.rows.is_empty() {
                continue;
            }
            writeln!(out, "## {}\n", section.title)?;
            let header: Vec<String> = section.header.iter().map(|h| cell(h)).collect();
            writeln!(out, "| {} |", header.join(" | "))?;
            let align: Vec<&str> = (0..header.len())
                .map(|c| if c == 0 { ":--" } else { "--:" })
                .collect();
            writeln!(out, "| {} |", align.join(" | "))?;
            for row in &section.rows {
                let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
                writeln!(out, "| {} |", cells.join(" | "))?;
            }
            if !section.note.is_empty() {
                writeln!(out, "\n_{}_", section.note)?;
            }
            writeln!(out)?;
        }
        if let Some(k) = data.pages.knockout {
            writeln!(
                out,
                "## Knockout\n\n```text{}```\n",
                super::bracket::text(k)
            )?;
        }
        if let Some(s) = data.pages.swiss {
            writeln!(
                out,
                "## Swiss system\n\n```text{}```\n",
                super::swiss::text(s)
            )?;
        }
        writeln!(out, "## Plots\n")?;
        for plot in data.plots {
            writeln!(
                out,
                "- {}: `{}.png` / `{}.svg`",
                plot.title, plot.name, plot.name
            )?;
        }
        Ok(())
    }
}
