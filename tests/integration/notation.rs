//! No Rust debug text reaches a user (issue 19): `tourney replay`'s text, a replay page's steps,
//! positions and result, and the fault message of an illegal action, from a built-in double of
//! every game and from the external fault double, are all in the games' notation.

use super::external::fault_double;
use super::support::tourney;
use std::fs;
use std::path::Path;

/// The first Rust debug text in `text`, with a little context: a brace (`Action { x: 0 }`),
/// a CamelCase word (`DrawBlind`, `ColumnTop`) or a word glued to a parenthesis (`Bid(3)`,
/// `Some(2)`).
fn debug_text(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let at = chars.iter().enumerate().position(|(i, &c)| {
        let next = chars.get(i + 1).copied().unwrap_or(' ');
        c == '{'
            || c == '}'
            || (c.is_lowercase() && next.is_uppercase())
            || (c.is_alphabetic() && next == '(')
    })?;
    let from = at.saturating_sub(30);
    Some(chars[from..(at + 30).min(chars.len())].iter().collect())
}

fn assert_readable(what: &str, text: &str) {
    if let Some(found) = debug_text(text) {
        panic!("{what} shows debug text: …{found}…");
    }
}

/// Every string inside a JSON value (a replay page's data).
fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// `run --record` of `bots` on `game` into `out`.
fn record(out: &Path, game: &str, bots: &str, extra: &[&str]) {
    tourney()
        .args(["run", "--quiet", "--no-plots", "--seed", "3", "--record"])
        .args(["--game", game, "--bots", bots, "--games", "2", "--out"])
        .arg(out)
        .args(extra)
        .assert()
        .success();
}

/// The replay of game `game` of `run` as text and as a page, and the faults `summary.json`
/// quotes: none shows debug text. Returns the text.
fn check_replays(run: &Path, game: u64, label: &str) -> String {
    let output = tourney()
        .arg("replay")
        .arg(run)
        .args(["--game", &game.to_string()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{label}: the replay checks out");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_readable(&format!("{label}: tourney replay"), &text);
    let page = run.join("page.html");
    tourney()
        .arg("replay")
        .arg(run)
        .args(["--game", &game.to_string(), "--html"])
        .arg(&page)
        .assert()
        .success();
    let html = fs::read_to_string(&page).unwrap();
    let data = html
        .lines()
        .find_map(|line| line.strip_prefix("const REPLAY = "))
        .and_then(|line| line.strip_suffix(';'))
        .expect("the page holds its data");
    let data: serde_json::Value = serde_json::from_str(&data.replace("<\\/", "</")).unwrap();
    assert!(!data["steps"].as_array().unwrap().is_empty());
    let mut shown = Vec::new();
    strings(&data, &mut shown);
    for s in shown {
        assert_readable(&format!("{label}: the replay page"), &s);
    }
    let summary: serde_json::Value =
        serde_json::from_slice(&fs::read(run.join("summary.json")).unwrap()).unwrap();
    for bot in summary["per_bot"].as_array().unwrap() {
        for example in bot["fault_examples"].as_array().unwrap() {
            assert_readable(&format!("{label}: a fault"), example.as_str().unwrap());
        }
    }
    text
}

#[test]
fn replays_and_fault_messages_of_every_game_are_in_its_notation() {
    let dir = tempfile::tempdir().unwrap();
    let games: [(&str, &[&str], &str, &str); 4] = [
        ("t2r", &["--map", "small"], "claims ", "keeps ticket"),
        ("labyrinth", &[], "pushes ", "a 7×7 board"),
        ("carcassonne", &[], "follower on ", "tile D drawn"),
        (
            "fresh-fish",
            &["--option", "trees=5"],
            "places a marker on (",
            "producer A on (",
        ),
    ];
    for (game, options, move_words, chance_words) in games {
        let played = dir.path().join(format!("{game}-played"));
        let mut extra = options.to_vec();
        if game == "labyrinth" {
            extra.extend(["--option", "size=7x7"]);
        }
        record(&played, game, "greedy,random", &extra);
        let text = check_replays(&played, 1, game);
        assert!(text.contains(move_words), "{game}: {text}");
        assert!(text.contains(chance_words), "{game}: {text}");
        let faulted = dir.path().join(format!("{game}-faulted"));
        record(&faulted, game, "random,test-illegal", &extra);
        let text = check_replays(&faulted, 0, game);
        assert!(text.contains("end: illegal by seat 1 ("), "{game}: {text}");
    }
}

#[test]
fn an_external_bots_illegal_action_is_described_in_the_notation() {
    let dir = tempfile::tempdir().unwrap();
    let claim = r#"{"kind":"claim","route":0,"colour":"red","locomotives":1}"#;
    let double = fault_double(dir.path(), "double", &["illegal", claim], "move_ms = 5000");
    let out = dir.path().join("out");
    let bots = format!("random,{}", double.display());
    record(&out, "t2r", &bots, &["--map", "small"]);
    let text = check_replays(&out, 0, "external");
    assert!(text.contains("end: illegal by seat 1 (claims "), "{text}");
}
