//! One-sided figures as Chromium renders them (issue 40): a 4-0 sweep played with `run --live
//! --record`, on its live page, its report.html and a replay page, and a 19,993-7 run (written
//! by hand, as a 20,000-game run of a strong bot against a hopeless one ends) in report.html. A bound must read as a bound (`> x`, `< x`), no point may stand outside the
//! interval beside it, and no interval may be `± 0.0`. Skipped where Chromium is absent.

use super::chromium;
use super::live::{Served, finished, render};
use super::support::report;
use std::fs;
use std::path::Path;

/// The page as a person sees it: the DOM before its script (whose source holds words such as
/// `undefined` and `NaN` that the page itself never shows).
fn shown(dom: &str) -> &str {
    &dom[..dom.find("<script").unwrap_or(dom.len())]
}

/// What no page may show: a zero-width interval, and numbers that did not compute.
fn assert_no_false_precision(dom: &str, page: &str) {
    for wrong in ["± 0.0", "+/- 0.0", "NaN", "undefined", "Infinity", "inf]"] {
        assert!(
            !shown(dom).contains(wrong),
            "{page} shows {wrong}: {dom:.3000}"
        );
    }
}

/// The table that starts after `marker` in `dom`.
fn table_after<'d>(dom: &'d str, marker: &str) -> &'d str {
    let start = dom
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in {dom:.3000}"));
    &dom[start..start + dom[start..].find("</table>").unwrap()]
}

/// In each table given, every number followed by an interval `[lower, upper]` (in the next
/// cell, or in the same cell after it as the live page's win rates show it) lies inside it.
/// Returns how many were checked.
fn assert_points_inside_their_intervals(tables: &[&str], page: &str) -> usize {
    let number = |text: &str| text.trim().trim_start_matches('+').parse::<f64>().ok();
    let interval = |text: &str| {
        let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
        let ends: Vec<f64> = inner.split(", ").filter_map(number).collect();
        (ends.len() == 2).then(|| (ends[0], ends[1]))
    };
    let mut checked = 0;
    for table in tables {
        for row in table.split("<tr").skip(1) {
            let cells: Vec<&str> = row
                .split("<td")
                .skip(1)
                .map(|c| &c[c.find('>').unwrap() + 1..c.find("</td>").unwrap_or(c.len())])
                .collect();
            let mut pairs: Vec<(&str, &str)> = cells.windows(2).map(|w| (w[0], w[1])).collect();
            pairs.extend(cells.iter().filter_map(|c| {
                let (point, rest) = c.split_once(" <span class=\"muted\">")?;
                Some((point, rest.strip_suffix("</span>")?))
            }));
            for (point, next) in pairs {
                let (Some(point), Some((lower, upper))) = (number(point), interval(next)) else {
                    continue;
                };
                assert!(
                    lower <= point && point <= upper,
                    "{page}: {point} outside [{lower}, {upper}] in {row}"
                );
                checked += 1;
            }
        }
    }
    checked
}

/// A page claims no false precision and keeps each point of its ratings and win-rate tables
/// (the tables after the two `headings`) inside its interval: how many points it checked.
fn assert_honest_tables(dom: &str, page: &str, headings: [&str; 2]) -> usize {
    assert_no_false_precision(dom, page);
    let tables = headings.map(|heading| table_after(dom, heading));
    assert_points_inside_their_intervals(&tables, page)
}

/// The headings of report.html's ratings and win-rate tables.
const REPORT_TABLES: [&str; 2] = ["<h2>Ratings</h2>", "<h2>Win rates</h2>"];

/// The ratings table of report.html, as (bot, Elo cell, interval cell) rows, best first.
fn report_ratings(dom: &str) -> Vec<(String, String, String)> {
    let start = dom.find("<h2>Ratings</h2>").expect("a ratings table");
    let table = &dom[start..start + dom[start..].find("</table>").unwrap()];
    table
        .split("<tr><td>")
        .skip(1)
        .map(|row| {
            let cells: Vec<&str> = row.split("</td><td>").collect();
            (
                cells[0].to_string(),
                cells[1].to_string(),
                cells[2].to_string(),
            )
        })
        .collect()
}

fn rendered_file(page: &Path) -> String {
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    render(&url)
}

/// The first replay page a recorded run wrote.
fn a_replay_page(run: &Path) -> std::path::PathBuf {
    fs::read_dir(run.join("replays"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "html"))
        .expect("a replay page")
}

/// 4-0: both ratings are bounds, the winner above the loser (by the bound alone the loser's
/// `< +9.4` stood above the winner's `> -9.4` in report.html and the ratings plot), and the
/// head-to-head is a bound too.
#[test]
fn a_sweep_reads_as_bounds_on_the_live_page_the_report_and_a_replay() {
    if !chromium::available("a sweep's pages show bounds") {
        return;
    }
    let (_dir, out, served) =
        Served::run("run --bots nice,do-nothing --games 4 --record --quiet --live=127.0.0.1 --out");
    served.until("finished", finished);
    let mut live = render(&served.url);
    for _ in 0..4 {
        if live.contains("<span id=\"status\">finished</span>") {
            break;
        }
        live = render(&served.url);
    }
    assert!(
        live.contains("<td>nice</td><td>&gt; -9.4</td><td>one-sided</td>"),
        "{live:.3000}"
    );
    assert!(live.contains("<td>do-nothing</td><td>&lt; +9.4</td><td>one-sided</td>"));
    assert!(
        live.contains("<td>&gt; -18.9</td>"),
        "the head-to-head: {live:.3000}"
    );
    let headings = ["id=\"ratings\"", "id=\"winrates\""];
    // The win rates, 1.000 [0.342, 1.000] and 0.000 [0.000, 0.658].
    assert_eq!(assert_honest_tables(&live, "the live page", headings), 2);
    assert_eq!(served.end(), 0);

    let page = rendered_file(&out.join("report.html"));
    let ratings = report_ratings(&page);
    assert_eq!(
        ratings,
        [
            ("nice", "&gt; -9.4", "one-sided: never lost vs rated"),
            (
                "do-nothing",
                "&lt; +9.4",
                "one-sided: never scored vs rated"
            ),
        ]
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    );
    assert!(
        page.contains("<td>&gt; -18.9</td><td>n/a (sweep)</td>"),
        "{page:.3000}"
    );
    assert_eq!(assert_honest_tables(&page, "report.html", REPORT_TABLES), 2);

    let replay = rendered_file(&a_replay_page(&out));
    assert!(replay.contains("<svg"), "{replay:.2000}");
    assert_no_false_precision(&replay, "the replay page");
}

/// 19,993-7 over 10,000 seeds (7 seeds split, the rest won twice): two-sided everywhere, each
/// point inside its interval, in report.html.
#[test]
fn a_lopsided_run_keeps_every_point_inside_its_interval() {
    if !chromium::available("a lopsided run's pages keep points in their intervals") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    fs::create_dir(&run).unwrap();
    let mut csv =
        String::from("game,seed,pairing,rotation,seat,bot,score,rank,termination,turns,fault\n");
    for game in 0..20_000u32 {
        let seed = game / 2;
        let first = ["expert", "do-nothing"][(game % 2) as usize];
        // Seeds 0, 1000, ..., 6000 lose their second game.
        let upset = game % 2 == 1 && seed % 1000 == 0 && seed < 7000;
        for seat in 0..2u32 {
            let bot = if seat == 0 {
                first
            } else {
                ["expert", "do-nothing"][(1 - game % 2) as usize]
            };
            let wins = (bot == "expert") != upset;
            let (score, rank) = if wins { (120, 1) } else { (-20, 2) };
            csv.push_str(&format!(
                "{game},{seed},0,{},{seat},{bot},{score},{rank},normal,80,0\n",
                game % 2
            ));
        }
    }
    fs::write(run.join("games.csv"), csv).unwrap();
    report(&[&run]).arg("--quiet").assert().success();

    let page = rendered_file(&run.join("report.html"));
    assert!(page.contains("<td>0 0 7 0 9993</td>"), "{page:.3000}");
    // Two ratings and two win rates.
    assert_eq!(assert_honest_tables(&page, "report.html", REPORT_TABLES), 4);
    let ratings = report_ratings(&page);
    assert_eq!(ratings[0].0, "expert");
    assert!(ratings.iter().all(|r| r.2.starts_with('[')), "{ratings:?}");
}
