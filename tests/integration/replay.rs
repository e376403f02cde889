//! `run --record` and `tourney replay` through the real binary: records do not depend on the
//! thread count and change no result, a replay checks out, a tampered record or games.csv is
//! caught (exit 1), bad input exits 2, faults link to their replays, and the replay page of
//! every game renders and steps in headless Chromium.

use super::support::{refused, tourney};
use assert_cmd::Command;
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use predicates::str::contains;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// A recorded run of `args` into `dir/name`.
fn recorded(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.join(name);
    tourney()
        .args(["run", "--quiet", "--no-plots", "--seed", "5"])
        .args(args)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    out
}

fn read_gz(path: &Path) -> String {
    let mut text = String::new();
    MultiGzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    text
}

fn write_gz(path: &Path, text: &str) {
    let mut out = GzEncoder::new(std::fs::File::create(path).unwrap(), Compression::default());
    out.write_all(text.as_bytes()).unwrap();
    out.finish().unwrap();
}

const T2R: [&str; 6] = ["--bots", "nice,greedy", "--map", "small", "--games", "6"];

/// `tourney replay RUN --game GAME`, for the test to add its flags.
fn replay(run: &Path, game: &str) -> Command {
    let mut command = tourney();
    command.args(["replay", run.to_str().unwrap(), "--game", game]);
    command
}

/// The recorded [`T2R`] run into `dir/run` that the replay tests replay.
fn recorded_t2r(dir: &Path) -> PathBuf {
    let mut args = T2R.to_vec();
    args.push("--record");
    recorded(dir, "run", &args)
}

#[test]
fn records_are_the_same_at_any_thread_count_and_change_no_result() {
    let dir = tempfile::tempdir().unwrap();
    let record = |name, threads| {
        let mut args = T2R.to_vec();
        args.extend(["--record", "--threads", threads]);
        recorded(dir.path(), name, &args)
    };
    let (one, two) = (record("one", "1"), record("two", "2"));
    let mut plain = T2R.to_vec();
    plain.extend(["--threads", "2"]);
    let plain = recorded(dir.path(), "plain", &plain);
    let bytes = |dir: &Path, file| std::fs::read(dir.join(file)).unwrap();
    assert_eq!(
        bytes(&one, "records.jsonl.gz"),
        bytes(&two, "records.jsonl.gz")
    );
    assert_eq!(bytes(&one, "games.csv"), bytes(&plain, "games.csv"));
    let text = read_gz(&one.join("records.jsonl.gz"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 6, "a header and one line per game");
    assert!(lines[0].contains("\"master_seed\":5"));
    for (game, line) in lines[1..].iter().enumerate() {
        assert!(
            line.starts_with(&format!("{{\"game\":{game},")),
            "index order"
        );
    }
}

#[test]
fn a_replay_prints_the_game_and_checks_out() {
    let dir = tempfile::tempdir().unwrap();
    let run = recorded_t2r(dir.path());
    replay(&run, "3")
        .assert()
        .success()
        .stdout(contains("game 3 (seed 1)"))
        .stdout(contains("seat 0: greedy"))
        .stdout(contains("keeps ticket"))
        .stdout(contains("chance: "))
        .stdout(contains("replay ok"));
}

#[test]
fn a_tampered_record_or_games_csv_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let run = recorded_t2r(dir.path());
    let records = run.join("records.jsonl.gz");
    let original = read_gz(&records);

    // The card of game 2's first blind draw turns into another colour.
    let mut lines: Vec<String> = original.lines().map(String::from).collect();
    let at = lines[3]
        .find("\"chance\":[{\"Dealt\"")
        .expect("game 2 draws blind");
    let colour_at = at + lines[3][at..].find("\"colour\":\"").unwrap() + 10;
    let colour_end = colour_at + lines[3][colour_at..].find('"').unwrap();
    let swapped = if &lines[3][colour_at..colour_end] == "Red" {
        "Blue"
    } else {
        "Red"
    };
    lines[3].replace_range(colour_at..colour_end, swapped);
    write_gz(&records, &(lines.join("\n") + "\n"));
    replay(&run, "2")
        .assert()
        .code(1)
        .stderr(contains("replay mismatch: game 2, step "))
        .stderr(contains("(draws blind)"))
        .stderr(contains("the engine drew"));

    // The record is back, but games.csv says another score.
    write_gz(&records, &original);
    replay(&run, "2").assert().success();
    let csv = std::fs::read_to_string(run.join("games.csv")).unwrap();
    let mut rows: Vec<Vec<String>> = csv
        .lines()
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    let row = rows.iter().position(|r| r[0] == "2").unwrap();
    let score: i64 = rows[row][6].parse().unwrap();
    rows[row][6] = (score + 1).to_string();
    let csv: Vec<String> = rows.iter().map(|r| r.join(",")).collect();
    std::fs::write(run.join("games.csv"), csv.join("\n") + "\n").unwrap();
    replay(&run, "2")
        .assert()
        .code(1)
        .stderr(contains("games.csv"))
        .stderr(contains("score is"));
}

#[test]
fn bad_replay_input_exits_2_naming_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let plain = recorded(dir.path(), "plain", &T2R);
    refused(&mut replay(&plain, "0"), "records.jsonl.gz").stderr(contains("--record"));
    let run = recorded_t2r(dir.path());
    refused(&mut replay(&run, "99"), "no game 99").stderr(contains("games 0 to 5"));
}

#[test]
fn the_report_links_each_fault_to_its_replay() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = T2R.to_vec();
    args[1] = "nice,test-illegal";
    args[5] = "2";
    args.push("--record");
    let run = recorded(dir.path(), "run", &args);
    let html = std::fs::read_to_string(run.join("report.html")).unwrap();
    for game in 0..2 {
        assert!(html.contains(&format!("<a href=\"replays/game-{game}.html\">")));
        // The folder as it was named, not `.`, so the command works from where tourney ran.
        let command = format!("tourney replay {} --game {game}", run.display());
        assert!(
            html.contains(&format!("<code>{command}</code>")),
            "{command}"
        );
        tourney()
            .args(command.split(' ').skip(1))
            .arg("--quiet")
            .current_dir(dir.path())
            .assert()
            .success();
        let page = std::fs::read_to_string(run.join(format!("replays/game-{game}.html"))).unwrap();
        assert!(
            page.contains("illegal by seat"),
            "the page says how it ended"
        );
    }
    // `tourney report` of the folder writes the same report.
    tourney()
        .args(["report", run.to_str().unwrap(), "--quiet", "--no-plots"])
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(run.join("report.html")).unwrap(),
        html
    );
}

/// What a board's markup holds at one step: the count of `marker` (claimed routes, pawns,
/// placed tiles, followers, shops…).
fn count(dom: &str, marker: &str) -> usize {
    let board = &dom[dom.find("id=\"board\"").expect("a board")..];
    board[..board.find("id=\"side\"").unwrap_or(board.len())]
        .matches(marker)
        .count()
}

/// The replay page of every game renders in Chromium, opens at the step asked for, shows more
/// on the board later in the game, and screenshots to a PNG (kept in target/tmp for a look).
#[test]
fn replay_pages_render_and_step_in_chromium() {
    if !super::chromium::available("replay pages render") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let games: [(&str, &[&str], &str); 4] = [
        ("t2r", &["--bots", "nice,greedy"], "data-owner"),
        ("labyrinth", &["--bots", "greedy,basic"], "<rect"),
        ("carcassonne", &["--bots", "greedy,random"], "data-follower"),
        (
            "fresh-fish",
            &["--bots", "greedy,random,lookahead", "--players", "3"],
            "data-cell=\"T\"",
        ),
    ];
    for (game, bots, marker) in games {
        let mut args = vec!["--game", game, "--games", "2", "--record"];
        args.extend(bots);
        let run = recorded(dir.path(), game, &args);
        let page = dir.path().join(format!("{game}.html"));
        replay(&run, "1")
            .arg("--html")
            .arg(&page)
            .assert()
            .success();
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(
            !text.contains("src=\"http") && !text.contains("href=\"http"),
            "{game}: nothing fetched from the network"
        );
        let steps = text.matches("seat ").count();
        assert!(steps > 10, "{game}: a game with steps");
        let url = |step: usize| format!("file://{}?step={step}", page.display());
        let dom = |step| {
            String::from_utf8(super::chromium::run(&url(step), &["--dump-dom"]).stdout).unwrap()
        };
        let (start, later) = (dom(0), dom(40));
        assert!(start.contains("data-step=\"0\""), "{game}: the script ran");
        assert!(
            later.contains("data-step=\"40\""),
            "{game}: the page stepped"
        );
        assert!(start.contains("<svg"), "{game}: a board is drawn");
        if game == "labyrinth" {
            // Insertions move tiles; the board changes but keeps its tile count.
            assert_ne!(board_of(&start), board_of(&later), "{game}: the maze moved");
        } else {
            assert!(
                count(&later, marker) > count(&start, marker),
                "{game}: more {marker} at step 40 ({}) than at the start ({})",
                count(&later, marker),
                count(&start, marker)
            );
        }
        let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("replay-{game}.png"));
        let _ = std::fs::remove_file(&shot);
        super::chromium::run(
            &url(60),
            &[
                "--window-size=1400,1000",
                &format!("--screenshot={}", shot.display()),
            ],
        );
        let png = std::fs::read(&shot).unwrap();
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 20_000,
            "{game}: a screenshot"
        );
    }
}

fn board_of(dom: &str) -> &str {
    let board = &dom[dom.find("id=\"board\"").expect("a board")..];
    &board[..board.find("id=\"side\"").unwrap_or(board.len())]
}
