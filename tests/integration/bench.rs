//! `tourney bench`: besides games per second, the search speed of games with `mcts`.

use assert_cmd::Command;

fn bench(game: &str) -> String {
    let output = Command::cargo_bin("tourney")
        .expect("the binary is built")
        .args(["bench", "--game", game, "--bots", "random,random"])
        .args(["--games", "10"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output).expect("utf-8")
}

#[test]
fn bench_prints_mcts_iterations_per_second_and_ms_per_decision_for_games_with_search() {
    let text = bench("carcassonne");
    assert!(text.contains("games/s"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("Search (mcts"))
        .unwrap_or_else(|| panic!("no search line:\n{text}"));
    let rate: f64 = line
        .trim_end_matches(" iterations/s")
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no rate in '{line}'"));
    assert!(rate > 0.0, "{line}");
    let per_move = text
        .lines()
        .find(|l| l.starts_with("Search (mcts at its defaults"))
        .unwrap_or_else(|| panic!("no per-decision line:\n{text}"));
    let ms: f64 = per_move
        .trim_end_matches(" ms per decision")
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no time in '{per_move}'"));
    assert!(ms > 0.0, "{per_move}");
    assert!(bench("t2r").contains("Search: t2r has no mcts bot"));
}
