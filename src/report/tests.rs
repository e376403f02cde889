//! The exporters together, on a small hand-fed tally.

use super::*;
use crate::runner::GameRecord;
use crate::summary::{AnalysisOptions, Tally};

/// What a report of `analysis` alone draws from: these plots, faulted games and standings, and
/// no knockout, Swiss system, SPRT stop or disqualification.
fn plain<'a>(
    analysis: &'a Analysis,
    plots: &'a [Plot],
    faults: &'a [FaultLink],
    standings: &'a Standings,
) -> ReportData<'a> {
    ReportData {
        analysis,
        plots,
        pages: Pages {
            faults,
            standings,
            knockout: None,
            sprt_stop: None,
            disqualify: None,
            swiss: None,
        },
    }
}

fn analysis() -> Analysis {
    let mut tally = Tally::new(2);
    for index in 0..20u64 {
        let first_wins = index % 5 != 0;
        tally.add(&GameRecord {
            scores: vec![10 + index as i32, 5],
            turns: 30 + index as u32,
            ..GameRecord::head_to_head(index, if first_wins { [1, 2] } else { [2, 1] })
        });
    }
    let names = vec!["alpha".to_string(), "beta<b>".to_string()];
    Analysis::build(&names, &tally, &AnalysisOptions::default())
}

#[test]
fn every_exporter_writes_its_tables_and_html_inlines_every_plot() {
    let a = analysis();
    let plots = plots::svg_plots(&a).unwrap();
    assert_eq!(plots.len(), 5);
    let standings = standings::Standings::default();
    let data = plain(&a, &plots, &[], &standings);
    let mut texts = std::collections::BTreeMap::new();
    for e in exporters() {
        let mut buffer = Vec::new();
        e.write(&data, &mut buffer).unwrap();
        texts.insert(e.file_name(), String::from_utf8(buffer).unwrap());
    }
    assert!(texts["ratings.csv"].starts_with("bot,elo,lower95,upper95,games,identification\n"));
    assert_eq!(texts["ratings.csv"].lines().count(), 3);
    assert!(texts["winrates.csv"].contains("alpha,beta<b>,20,"));
    assert!(texts["scores.csv"].contains("alpha,all,20,"));
    assert!(texts["scores.csv"].contains("alpha,1,10,"));
    let md = &texts["report.md"];
    assert!(md.contains("## Head to head") && md.contains("## Game length"));
    let html = &texts["report.html"];
    assert!(html.contains("beta&lt;b&gt;"), "names are escaped");
    assert_eq!(html.matches("<svg").count(), 5);
    assert!(!html.contains("<script") && !html.contains("http://www.w3.org/1999/xhtml\" src"));
    assert!(texts["standings.html"].contains("id=\"crosstable\""));
}

#[test]
fn html_lists_faulted_games_with_their_replay() {
    let a = analysis();
    let link = |game, command: Option<&str>, page: Option<&str>| FaultLink {
        game,
        bot: "beta<b>".to_string(),
        termination: "illegal".to_string(),
        message: (game == 4).then(|| "Pass: not <legal>".to_string()),
        command: command.map(String::from),
        page: page.map(String::from),
    };
    let faults = [
        link(
            4,
            Some("tourney replay . --game 4"),
            Some("replays/game-4.html"),
        ),
        link(9, None, None),
    ];
    let render = |faults: &[FaultLink]| {
        let standings = standings::Standings::default();
        let data = plain(&a, &[], faults, &standings);
        let mut buffer = Vec::new();
        html::Html.write(&data, &mut buffer).unwrap();
        String::from_utf8(buffer).unwrap()
    };
    let page = render(&faults);
    assert!(page.contains("<a href=\"replays/game-4.html\">"));
    assert!(page.contains("<code>tourney replay . --game 4</code>"));
    assert!(page.contains("<td class=\"message\">Pass: not &lt;legal&gt;</td>"));
    assert!(page.contains(
        "<td>9</td><td>beta&lt;b&gt;</td><td>illegal</td><td class=\"message\">not kept"
    ));
    assert!(page.contains("not recorded"));
    assert!(
        !render(&[]).contains("Faulted games"),
        "no faults, no section"
    );
}

/// `name="value"` of an SVG element's line, as a number.
fn attribute(element: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let at = element
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {element}"))
        + key.len();
    element[at..at + element[at..].find('"').unwrap()]
        .parse()
        .unwrap()
}

/// A plot's frame `(left, top, right, bottom)` in pixels: its two axes, the long black lines.
fn frame(svg: &str) -> (f64, f64, f64, f64) {
    let lines: Vec<Vec<f64>> = svg
        .lines()
        .filter(|l| l.starts_with("<polyline") && l.contains("opacity=\"1\" stroke=\"#000000\""))
        .map(|l| {
            let at = l.find("points=\"").unwrap() + 8;
            l[at..at + l[at..].find('"').unwrap()]
                .split([' ', ','])
                .filter(|v| !v.is_empty())
                .map(|v| v.parse().unwrap())
                .collect()
        })
        .collect();
    let axis = |vertical: bool| {
        lines
            .iter()
            .find(|p: &&Vec<f64>| {
                let (w, h) = ((p[2] - p[0]).abs(), (p[3] - p[1]).abs());
                if vertical {
                    w < 1.0 && h > 100.0
                } else {
                    h < 1.0 && w > 100.0
                }
            })
            .expect("two axes")
    };
    let (left, bottom) = (axis(true), axis(false));
    (left[0], left[1], bottom[2], bottom[1])
}

/// Issue 27: with one pairing (every two-bot report) the margin plot's box was drawn at the
/// top of the canvas with no height. Every plot's boxes and dots now lie inside its frame
/// with a size.
#[test]
fn a_two_bot_report_draws_every_mark_inside_its_frame() {
    let a = analysis();
    for plot in plots::svg_plots(&a).unwrap() {
        let (left, top, right, bottom) = frame(&plot.svg);
        let mut marks = 0;
        for line in plot.svg.lines().skip(2) {
            let (x0, y0, x1, y1) = if line.starts_with("<rect") {
                let (x, y) = (attribute(line, "x"), attribute(line, "y"));
                (
                    x,
                    y,
                    x + attribute(line, "width"),
                    y + attribute(line, "height"),
                )
            } else if line.starts_with("<circle") {
                let (x, y, r) = (
                    attribute(line, "cx"),
                    attribute(line, "cy"),
                    attribute(line, "r"),
                );
                (x - r, y - r, x + r, y + r)
            } else {
                continue;
            };
            marks += 1;
            let name = plot.name;
            assert!(x1 > x0 && y1 > y0, "{name}: {line} has no size");
            assert!(
                x0 >= left && x1 <= right && y0 >= top && y1 <= bottom,
                "{name}: {line} outside the frame {:?}",
                (left, top, right, bottom)
            );
        }
        assert!(marks > 0, "{}: no marks", plot.name);
    }
}

/// Issue 27: a rating's label began at its whisker's end, whose cap hid a negative rating's
/// minus sign. Labels now start clear of the cap.
#[test]
fn rating_labels_start_clear_of_the_whisker_end() {
    let a = analysis();
    let plots = plots::svg_plots(&a).unwrap();
    let svg = &plots.iter().find(|p| p.name == "ratings").unwrap().svg;
    let lines: Vec<&str> = svg.lines().collect();
    let caps: Vec<f64> = lines
        .iter()
        .filter(|l| l.starts_with("<line") && l.contains("stroke-width=\"3\""))
        .filter(|l| attribute(l, "x1") == attribute(l, "x2"))
        .map(|l| attribute(l, "x1"))
        .collect();
    let labels: Vec<f64> = lines
        .windows(2)
        .filter(|w| w[0].starts_with("<text") && w[1].contains(" ["))
        .map(|w| attribute(w[0], "x"))
        .collect();
    assert_eq!(labels.len(), 2, "{svg}");
    for x in labels {
        let nearest = caps
            .iter()
            .map(|c| x - c)
            .filter(|d| *d >= 0.0)
            .fold(f64::MAX, f64::min);
        assert!(
            nearest >= 8.0,
            "a label starts {nearest} px after a whisker's end"
        );
    }
}

#[test]
fn standings_rank_by_records_where_ratings_are_bounds_and_never_show_minus_zero() {
    let mut a = analysis();
    // As reported: two programs whose ratings are the same bound; the first listed has the
    // worse record (10 wins and 2 losses against 12 wins).
    for row in &mut a.ratings.rows {
        row.elo = 75.5;
        row.identification = crate::stats::bounds::Identification::NeverLost;
    }
    (a.per_bot[0].wins, a.per_bot[0].losses, a.per_bot[0].games) = (10, 2, 12);
    (a.per_bot[1].wins, a.per_bot[1].losses, a.per_bot[1].games) = (12, 0, 12);
    let standings = standings::Standings::default();
    let ranked = |a: &Analysis| standings::ranking(&plain(a, &[], &[], &standings));
    assert_eq!(ranked(&a), [1, 0]);
    // Equal records: noise below what the page prints decides nothing, and prints no -0.0.
    a.per_bot[0] = a.per_bot[1].clone();
    a.ratings.rows[0].elo = -2.45e-15;
    a.ratings.rows[1].elo = -1.98e-15;
    a.ratings.rows[0].identification = crate::stats::bounds::Identification::Identified;
    assert_eq!(ranked(&a), [0, 1], "list order");
    assert_eq!(markup::rating_text(&a.ratings.rows[0]), "+0.0");
}

#[test]
fn a_level_match_says_the_winner_s_score_margin() {
    use crate::format::{Entrant, KnockoutResult, MatchResult, RoundResult};
    let entrant = |seed: usize, bot: &str| Entrant {
        seed,
        bot: bot.to_string(),
    };
    // The better seed, gina, scored 8 less: frank goes through on the margin.
    let level = MatchResult {
        high: entrant(1, "gina"),
        low: Some(entrant(2, "frank")),
        games: 10,
        points: [5.0, 5.0],
        margin: -8,
        winner: "frank".to_string(),
        decided_by: "score".to_string(),
    };
    let k = KnockoutResult {
        format: "knockout".to_string(),
        pools: Vec::new(),
        seeds: vec!["gina".to_string(), "frank".to_string()],
        rounds: vec![RoundResult {
            name: "final".to_string(),
            matches: vec![level],
        }],
        champion: Some("frank".to_string()),
    };
    let text = bracket::text(&k);
    assert!(
        text.contains("gina 5 - 5 [2] frank -> frank (level; score margin +8 for frank)"),
        "{text}"
    );
    assert!(
        bracket::section(&k)
            .to_string()
            .contains("level; score margin +8 for frank")
    );
}

/// `1 point`, `met 1 time`: a count of one takes the singular.
#[test]
fn a_count_of_one_is_singular() {
    use super::markup::counted;
    assert_eq!(counted(1.0, "point", "points"), "1 point");
    assert_eq!(counted(1.5, "point", "points"), "1.5 points");
    assert_eq!(counted(0.0, "time", "times"), "0 times");
}
