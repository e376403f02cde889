//! `tourney report` end to end: files, merging, anchoring, bad input, and the HTML in a browser.

use super::support::{refused, report, tourney};
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

/// A small run's folder (with `--no-plots`, so only `report` draws).
fn small_run(dir: &Path) -> PathBuf {
    let out = dir.join("run");
    super::support::small_run("random,greedy,nice", "20", &[], &out);
    out
}

/// `ratings.csv` as (bot, elo, lower, upper, games), every bot identified.
fn ratings(path: &Path) -> Vec<(String, f64, f64, f64, u64)> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    assert_eq!(
        reader.headers().unwrap(),
        vec![
            "bot",
            "elo",
            "lower95",
            "upper95",
            "games",
            "identification"
        ]
    );
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            assert_eq!(&r[5], "identified");
            (
                r[0].to_string(),
                r[1].parse().unwrap(),
                r[2].parse().unwrap(),
                r[3].parse().unwrap(),
                r[4].parse().unwrap(),
            )
        })
        .collect()
}

const FILES: [&str; 15] = [
    "ratings.csv",
    "winrates.csv",
    "scores.csv",
    "report.md",
    "report.html",
    "ratings.svg",
    "winrates.svg",
    "scores.svg",
    "margins.svg",
    "convergence.svg",
    "ratings.png",
    "winrates.png",
    "scores.png",
    "margins.png",
    "convergence.png",
];

#[test]
fn report_writes_every_file_and_matches_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path());
    let run_ratings = fs::read(run.join("ratings.csv")).unwrap();
    assert!(!run.join("ratings.png").exists(), "--no-plots on run");
    report(&[&run])
        .assert()
        .success()
        .stdout(predicate::str::contains("Ratings"));
    for file in FILES {
        let len = fs::metadata(run.join(file)).map(|m| m.len()).unwrap_or(0);
        assert!(len > 100, "{file} missing or empty");
    }
    assert_eq!(
        fs::read(run.join("ratings.csv")).unwrap(),
        run_ratings,
        "report recomputes what the run wrote"
    );
    let rows = ratings(&run.join("ratings.csv"));
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().map(|r| r.1).sum::<f64>().abs() < 1e-6, "mean 0");
    for (bot, elo, lower, upper, games) in &rows {
        assert!(lower <= elo && elo <= upper, "{bot}");
        assert_eq!(*games, 40, "{bot} played two pairings of 20");
    }
    let md = fs::read_to_string(run.join("report.md")).unwrap();
    for section in [
        "## Ratings",
        "## Head to head",
        "## Win rates",
        "## Game length",
    ] {
        assert!(md.contains(section), "report.md lacks {section}");
    }
    assert!(md.contains("virtual draw"), "the prior is stated");
}

#[test]
fn merged_folders_double_the_games_and_anchor_shifts_the_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path());
    let copy = dir.path().join("copy");
    fs::create_dir_all(&copy).unwrap();
    fs::copy(run.join("games.csv"), copy.join("games.csv")).unwrap();
    let merged = dir.path().join("merged");
    report(&[&run, &copy])
        .args(["--quiet", "--no-plots", "--out"])
        .arg(&merged)
        .assert()
        .success();
    let single = ratings(&run.join("ratings.csv"));
    let double = ratings(&merged.join("ratings.csv"));
    for (a, b) in single.iter().zip(&double) {
        assert_eq!(b.4, 2 * a.4, "{}: games double", a.0);
    }
    assert!(!merged.join("ratings.png").exists());

    let anchored = dir.path().join("anchored");
    report(&[&run])
        .args(["--quiet", "--no-plots", "--anchor", "random=1000", "--out"])
        .arg(&anchored)
        .assert()
        .success();
    let shifted = ratings(&anchored.join("ratings.csv"));
    let random = shifted.iter().find(|r| r.0 == "random").unwrap();
    assert!((random.1 - 1000.0).abs() < 1e-9);
    assert_eq!(
        (random.2, random.3),
        (1000.0, 1000.0),
        "the anchor is exact"
    );
    for (a, b) in single.iter().zip(&shifted) {
        let gap = |rows: &[(String, f64, f64, f64, u64)], r: &(String, f64, f64, f64, u64)| {
            r.1 - rows.iter().find(|x| x.0 == "random").unwrap().1
        };
        assert!((gap(&single, a) - gap(&shifted, b)).abs() < 1e-6);
    }
}

#[test]
fn bad_input_exits_2_naming_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path());
    refused(
        report(&[&run]).args(["--quiet", "--anchor", "nobody=0"]),
        "unknown anchor bot 'nobody'",
    )
    .stderr(predicate::str::contains("random, greedy, nice"));
    let empty = dir.path().join("empty");
    fs::create_dir_all(&empty).unwrap();
    refused(&mut report(&[&empty]), "games.csv");

    let garbled = dir.path().join("garbled");
    fs::create_dir_all(&garbled).unwrap();
    let mut text = fs::read_to_string(run.join("games.csv")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    broken[4] = broken[4].replacen(",normal,", ",exploded,", 1);
    text = broken.join("\n");
    fs::write(garbled.join("games.csv"), &text).unwrap();
    refused(&mut report(&[&garbled]), "games.csv:5:")
        .stderr(predicate::str::contains("unknown termination 'exploded'"));
    broken[6] = "1,2,3".to_string();
    fs::write(garbled.join("games.csv"), broken.join("\n")).unwrap();
    refused(&mut report(&[&garbled]), "games.csv:");
}

#[test]
fn three_seat_games_are_rated_by_plackett_luce() {
    let dir = tempfile::tempdir().unwrap();
    let mut csv =
        String::from("game,seed,pairing,rotation,seat,bot,score,rank,termination,turns,fault\n");
    let bots = ["ann", "bob", "cy"];
    let mut game = 0;
    for seed in 0..30 {
        for rotation in 0..3 {
            for seat in 0..3 {
                let bot = (seat + rotation) % 3;
                // ann usually first, cy usually last; every seventh seed reversed, and a tie.
                let rank = match (seed % 7, bot) {
                    (0, b) => 3 - b,
                    (3, 0) | (3, 1) => 1,
                    (3, _) => 3,
                    (_, b) => b + 1,
                };
                csv.push_str(&format!(
                    "{game},{seed},0,{rotation},{seat},{},{},{rank},normal,40,0\n",
                    bots[bot],
                    10 - rank
                ));
            }
            game += 1;
        }
    }
    fs::write(dir.path().join("games.csv"), csv).unwrap();
    report(&[dir.path()]).arg("--quiet").assert().success();
    let rows = ratings(&dir.path().join("ratings.csv"));
    assert!(rows[0].1 > rows[1].1 && rows[1].1 > rows[2].1, "{rows:?}");
    assert!(rows.iter().all(|r| r.2 < r.1 && r.1 < r.3), "{rows:?}");
    let md = fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.contains("Plackett-Luce") && md.contains("every order with equal weight"));
}

/// Renders `report.html` in headless Chromium and checks every plot is an SVG with content.
#[test]
fn report_html_renders_every_plot_in_chromium() {
    if !super::chromium::available("report.html renders") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path());
    tourney()
        .arg("report")
        .arg(&run)
        .arg("--quiet")
        .assert()
        .success();
    let html = run.join("report.html").canonicalize().unwrap();
    let output = super::chromium::run(&format!("file://{}", html.display()), &["--dump-dom"]);
    let dom = String::from_utf8_lossy(&output.stdout);
    assert!(
        dom.contains("<h2>Ratings</h2>"),
        "the page rendered: {dom:.300}"
    );
    for plot in ["ratings", "winrates", "scores", "margins", "convergence"] {
        let start = dom
            .find(&format!("id=\"plot-{plot}\""))
            .unwrap_or_else(|| panic!("plot {plot} missing from the rendered page"));
        let figure = &dom[start..start + dom[start..].find("</figure>").unwrap()];
        let svg = &figure[figure.find("<svg").expect("an inline svg")..];
        let marks = [
            "<rect",
            "<path",
            "<polyline",
            "<circle",
            "<line",
            "<polygon",
        ]
        .iter()
        .map(|m| svg.matches(m).count())
        .sum::<usize>();
        assert!(marks >= 5, "plot {plot} has only {marks} marks");
        assert!(
            svg.matches("<text").count() >= 3,
            "plot {plot} lacks labels"
        );
        assert!(!svg.contains("no data"), "plot {plot} is empty");
    }
}
