//! `run --live` and `tourney watch`: the page's `state.json` follows the games as they finish
//! and ends on the numbers of summary.json; a folder being written is read as it grows, a torn
//! last line waiting for the next read; the page is read-only; bad input is refused. Every wait
//! polls for a condition (no timing is asserted).

use super::chromium;
use super::support::{line_ends, stop, tourney_path, words};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `tourney` process serving a live page.
pub(super) struct Served {
    child: Child,
    /// `http://HOST:PORT/`.
    pub(super) url: String,
}

impl Served {
    /// Starts `tourney LINE PATHS` (the line split at white space) and waits for the URL it
    /// prints on stderr (the rest of stderr is drained, so the process never blocks on it).
    pub(super) fn start(line: &str, paths: &[&Path]) -> Served {
        let mut child = Command::new(tourney_path())
            .env("TOURNEY_DB", super::support::test_db())
            .args(words(line))
            .args(paths)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let url = loop {
            let line = lines.next().expect("the URL before stderr ends").unwrap();
            if let Some(at) = line.find("http://") {
                break line[at..].split_whitespace().next().unwrap().to_string();
            }
        };
        std::thread::spawn(move || lines.for_each(drop));
        Served { child, url }
    }

    /// Starts `tourney LINE DIR/run` (the line ending in `--out`) in a new temporary folder DIR,
    /// as [`Served::start`]: the folder, DIR/run and the served process.
    pub(super) fn run(line: &str) -> (tempfile::TempDir, PathBuf, Served) {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("run");
        let served = Served::start(line, &[&out]);
        (dir, out, served)
    }

    /// The page's `state.json`.
    fn state(&self) -> Value {
        let (status, body) = request(&self.url, "GET", "state.json");
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    /// Polls `state.json` until `done` holds, and hands back that state.
    pub(super) fn until(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(600);
        loop {
            let state = self.state();
            if done(&state) {
                return state;
            }
            assert!(Instant::now() < deadline, "never {what}: {state:.600}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Ctrl-C ends the page (after the run); hands back the exit code.
    pub(super) fn end(mut self) -> i32 {
        stop(&mut self.child, true);
        self.child.wait().unwrap().code().unwrap()
    }
}

/// `METHOD /PATH` on the server at `url`; the status and the body.
pub(super) fn request(url: &str, method: &str, path: &str) -> (u16, String) {
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(host).unwrap();
    write!(
        stream,
        "{method} /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    )
    .unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let end = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8(answer[..end].to_vec()).unwrap();
    let mut body = answer[end + 4..].to_vec();
    // A large answer comes in chunks, whose boundaries may fall inside a character.
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = unchunked(&body);
    }
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, String::from_utf8(body).unwrap())
}

/// The body of a chunked answer: each chunk's size in hex, its bytes, until a chunk of 0.
fn unchunked(mut chunks: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line = chunks.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = std::str::from_utf8(&chunks[..line]).unwrap();
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap();
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&chunks[line + 2..line + 2 + size]);
        chunks = &chunks[line + 2 + size + 2..];
    }
}

fn done(state: &Value) -> u64 {
    state["progress"]["done"].as_u64().unwrap()
}

pub(super) fn finished(state: &Value) -> bool {
    state["finished"].as_bool().unwrap()
}

/// The page's final numbers are summary.json's.
fn assert_final_is_summary(state: &Value, dir: &Path) {
    let text = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    let summary: Value = serde_json::from_str(&text).unwrap();
    for key in [
        "games_played",
        "ratings",
        "head_to_head",
        "pairwise",
        "per_bot",
    ] {
        assert_eq!(state["analysis"][key], summary[key], "{key}");
    }
    assert_eq!(done(state), summary["games_played"].as_u64().unwrap());
}

/// A long head-to-head: the page changes while it plays; Ctrl-C ends the run, whose page then
/// shows summary.json's numbers until a second Ctrl-C.
fn long_run() -> (tempfile::TempDir, PathBuf, Served) {
    Served::run(
        "run --bots nice,greedy --games 5000000 --threads 1 --quiet --no-plots --live --out",
    )
}

#[test]
fn the_live_state_follows_a_run_and_ends_on_its_summary() {
    let (_dir, out, served) = long_run();
    let first = served.until("a game counted", |s| done(s) > 0);
    assert!(!finished(&first));
    assert_eq!(first["progress"]["total"], 5_000_000);
    served.until("more games counted", |s| done(s) > done(&first));
    stop_run(&served);
    let last = served.until("finished", finished);
    assert_final_is_summary(&last, &out);
    assert!(last["analysis"]["interrupted"].as_bool().unwrap());
    assert!(!last["llr"][0]["points"].as_array().unwrap().is_empty());
    assert_eq!(served.end(), 130);
}

/// Ctrl-C to the run (it keeps its finished games and writes its summary), not to the page.
fn stop_run(served: &Served) {
    Command::new("kill")
        .args(["-s", "INT", &served.child.id().to_string()])
        .status()
        .unwrap();
}

#[test]
fn a_finished_runs_page_shows_its_report_and_replays_and_refuses_writes() {
    let (_dir, out, served) = Served::run(
        "run --bots nice,greedy --map small --games 20 --quiet --no-plots --record \
         --live=127.0.0.1 --out",
    );
    let last = served.until("finished", finished);
    assert_final_is_summary(&last, &out);
    assert_eq!(last["report"], "run/report.html");
    let (status, page) = request(&served.url, "GET", "run/report.html");
    assert_eq!(status, 200);
    assert!(page.contains("<html"));
    let (status, page) = request(&served.url, "GET", "");
    assert_eq!(status, 200);
    assert!(page.contains("state.json") && !page.contains("src=\"http"));
    assert_eq!(last["replays"].as_array().unwrap().len(), 20);
    let (status, replay) = request(&served.url, "GET", "replay/7");
    assert_eq!(status, 200, "{replay:.300}");
    assert!(replay.contains("<html"));
    assert_eq!(request(&served.url, "GET", "replay/999").0, 404);
    assert_eq!(request(&served.url, "POST", "state.json").0, 405);
    assert_eq!(request(&served.url, "GET", "run/../manifest.json").0, 404);
    assert_eq!(request(&served.url, "GET", "nothing").0, 404);
    assert_eq!(served.end(), 0);
}

/// A recorded run links its finished games' replays while it plays: a recent game's page from
/// the line the page kept, an early one's from the records file being written (complete games
/// only); the LLR plot gains points as the page refreshes.
#[test]
fn replays_are_served_while_a_recorded_run_plays() {
    let (_dir, _out, served) = Served::run(
        "run --bots nice,greedy --map small --games 5000000 --threads 1 --quiet --no-plots \
         --record --live --out",
    );
    let listed = served.until("replays listed", |s| {
        s["replays"].as_array().is_some_and(|r| r.len() >= 2) && done(s) > 100
    });
    assert!(!finished(&listed));
    let recent = listed["replays"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    let (status, page) = request(&served.url, "GET", &format!("replay/{recent}"));
    assert_eq!(status, 200, "{page:.300}");
    assert!(page.contains("<html"));
    // Game 0 left the page's list long ago: read from the records as they are written.
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let (status, page) = request(&served.url, "GET", "replay/0");
        if status == 200 {
            assert!(page.contains("<html"));
            break;
        }
        assert!(
            Instant::now() < deadline,
            "game 0 never replayable: {page:.300}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let (status, page) = request(&served.url, "GET", "replay/4999999");
    assert_eq!(status, 404, "a game not played: {page:.300}");
    assert!(!finished(&served.state()));
    served.until("three points on the LLR plot", |s| {
        s["llr"][0]["points"]
            .as_array()
            .is_some_and(|p| p.len() >= 3)
    });
    stop_run(&served);
    served.until("finished", finished);
    assert_eq!(served.end(), 130);
}

/// A knockout's bracket fills in while it plays: the pools decided and the semi-finals playing
/// (the final to come) before the end; Ctrl-C then leaves the picture that summary.json holds.
#[test]
fn a_knockout_s_bracket_fills_in_as_it_plays_and_ends_as_summary_json_s() {
    let (_dir, out, served) = Served::run(
        "run --bots random,greedy,nice,do-nothing --format knockout --pool-size 2 --advance 2 \
         --games 2 --match-games 5000000 --threads 1 --quiet --no-plots --live --out",
    );
    let knockout = |s: &Value| s["staged"]["knockout"].clone();
    let part = served.until("a semi-final under way", |s| {
        knockout(s)["playing"]["matches"][0]["games"].as_u64() > Some(0)
    });
    assert!(!finished(&part));
    let bracket = knockout(&part);
    assert_eq!(bracket["seeds"].as_array().unwrap().len(), 4, "{bracket}");
    assert!(bracket.get("pools_playing").is_none(), "pools decided");
    assert_eq!(bracket["pools"].as_array().unwrap().len(), 2);
    assert_eq!(bracket["playing"]["name"], "semi-final");
    assert!(bracket["playing"]["matches"][0]["winner"].is_null());
    assert_eq!(bracket["to_come"][0]["name"], "final");
    assert!(bracket["champion"].is_null());
    if chromium::available("the live page draws the bracket being played") {
        // Rendered again while a render shows less (see the Chromium test below).
        let drawn = |dom: &str| {
            dom.contains("data-state=\"playing\"") && dom.contains("data-state=\"pending\"")
        };
        let mut dom = render(&served.url);
        for _ in 0..4 {
            if drawn(&dom) {
                break;
            }
            dom = render(&served.url);
        }
        assert!(drawn(&dom), "{dom:.3000}");
        assert!(dom.contains("<b>semi-final</b>") && dom.contains("pool 1"));
    }
    stop_run(&served);
    let last = served.until("finished", finished);
    let text = std::fs::read_to_string(out.join("summary.json")).unwrap();
    let summary: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(knockout(&last), summary["knockout"]);
    assert_eq!(last["analysis"]["knockout"], summary["knockout"]);
    assert_eq!(served.end(), 130);
}

#[test]
fn watch_reads_a_growing_folder_and_a_torn_line_waits() {
    let dir = tempfile::tempdir().unwrap();
    let done_run = dir.path().join("done");
    super::support::small_run("nice,greedy", "20", &[], &done_run);
    let csv = std::fs::read(done_run.join("games.csv")).unwrap();
    // The header, games 0 to 2 (two rows each), and half of game 3's first row.
    let line_ends = line_ends(&csv);
    let cut = line_ends[6] + 5;
    let watched = dir.path().join("watched");
    std::fs::create_dir(&watched).unwrap();
    std::fs::copy(
        done_run.join("manifest.json"),
        watched.join("manifest.json"),
    )
    .unwrap();
    std::fs::write(watched.join("games.csv"), &csv[..cut]).unwrap();
    let served = Served::start("watch", &[&watched]);
    // Game 2 may still be missing a seat, and game 3's row is torn: both wait.
    let part = served.until("two games counted", |s| done(s) == 2);
    assert!(!finished(&part));
    assert_eq!(part["progress"]["total"], 20);
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(watched.join("games.csv"))
        .unwrap();
    file.write_all(&csv[cut..]).unwrap();
    served.until("all but the last game counted", |s| done(s) == 19);
    for name in ["summary.json", "report.html"] {
        std::fs::copy(done_run.join(name), watched.join(name)).unwrap();
    }
    let last = served.until("finished", finished);
    assert_final_is_summary(&last, &watched);
    assert_eq!(last["report"], "run/report.html");
    assert_eq!(served.end(), 0);
}

#[test]
fn bad_folders_and_addresses_are_refused_with_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let expect_refusal = |args: &[&str], paths: &[&Path], says: &str| {
        let output = Command::new(tourney_path())
            .env("TOURNEY_DB", super::support::test_db())
            .args(args)
            .args(paths)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    };
    expect_refusal(
        &["watch"],
        &[&dir.path().join("missing")],
        "is not a folder",
    );
    expect_refusal(
        &["watch"],
        &[dir.path()],
        "no manifest.json and no games.csv",
    );
    let out = dir.path().join("run");
    let run = ["run", "--bots", "nice,greedy", "--games", "2", "--out"];
    expect_refusal(
        &[&run[..], &[&out.display().to_string(), "--live=nowhere:x"]].concat(),
        &[],
        "is not an address",
    );
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("--live={}", taken.local_addr().unwrap());
    expect_refusal(
        &[&run[..], &[&out.display().to_string(), &address]].concat(),
        &[],
        "cannot listen on",
    );
    assert!(!out.exists(), "nothing written");
}

/// The page as Chromium renders it (fetching `state.json` itself): while the run plays it
/// updates in place (the counts it has shown, `data-changes`, grow without a reload), and at the
/// end its ratings are summary.json's.
#[test]
fn chromium_renders_the_live_page_updating_and_then_final() {
    if !chromium::available("the live page renders and updates") {
        return;
    }
    let (_dir, out, served) = long_run();
    served.until("a game counted", |s| done(s) > 0);
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let dom = render(&served.url);
        let changes: u64 = attribute(&dom, "<body data-changes=\"").parse().unwrap();
        assert!(
            dom.contains("<span id=\"status\">playing</span>"),
            "{dom:.2000}"
        );
        let shown: u64 = attribute(&dom, "<span id=\"done\" data-value=\"")
            .parse()
            .unwrap();
        assert!(shown > 0 && dom.contains("<td>nice</td>"));
        if changes >= 2 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the page never updated: {dom:.2000}"
        );
    }
    stop_run(&served);
    served.until("finished", finished);
    let text = std::fs::read_to_string(out.join("summary.json")).unwrap();
    let summary: Value = serde_json::from_str(&text).unwrap();
    // Rendered again while a render shows less than the final page (a loaded machine may end
    // Chromium's time budget before its fetch of state.json is drawn); the final page's numbers
    // must be summary.json's.
    let final_page = "<span id=\"status\">finished</span>";
    let mut dom = render(&served.url);
    for _ in 0..4 {
        if dom.contains(final_page) {
            break;
        }
        dom = render(&served.url);
    }
    assert!(dom.contains(final_page), "{dom:.3000}");
    for row in summary["ratings"]["rows"].as_array().unwrap() {
        let bot = row["bot"].as_str().unwrap();
        let marker = format!("<tr data-bot=\"{bot}\" data-elo=\"");
        let elo: f64 = attribute(&dom, &marker).parse().unwrap();
        assert_eq!(elo, row["elo"].as_f64().unwrap(), "{bot}: {dom:.3000}");
    }
    let games: u64 = attribute(&dom, "<span id=\"done\" data-value=\"")
        .parse()
        .unwrap();
    assert_eq!(games, summary["games_played"].as_u64().unwrap());
    assert_eq!(served.end(), 130);
}

/// The page's DOM after Chromium has run its script for a while.
pub(super) fn render(url: &str) -> String {
    let output = chromium::run(
        url,
        &[
            "--window-size=1280,1000",
            "--virtual-time-budget=20000",
            "--dump-dom",
        ],
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The value after `marker` in `dom`, up to the closing quote.
fn attribute<'d>(dom: &'d str, marker: &str) -> &'d str {
    let start = dom
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in {dom:.2000}"))
        + marker.len();
    &dom[start..start + dom[start..].find('"').unwrap()]
}
