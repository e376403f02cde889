//! `tourney bench`: besides games per second, the search speed of games with `mcts`.

use super::support::{stdout_of, tourney};

fn bench(game: &str) -> String {
    stdout_of(
        tourney()
            .args(["bench", "--game", game, "--bots", "random,random"])
            .args(["--games", "10"])
            .assert()
            .success(),
    )
}

/// The number just before `unit` at the end of the first line of `text` that starts with
/// `prefix`.
fn figure(text: &str, prefix: &str, unit: &str) -> f64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line '{prefix}…':\n{text}"));
    line.trim_end_matches(unit)
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number in '{line}'"))
}

#[test]
fn bench_prints_mcts_iterations_per_second_and_ms_per_decision_for_games_with_search() {
    let text = bench("carcassonne");
    assert!(text.contains("games/s"), "{text}");
    let rate = figure(&text, "Search (mcts", " iterations/s");
    assert!(rate > 0.0, "{text}");
    let ms = figure(&text, "Search (mcts at its defaults", " ms per decision");
    assert!(ms > 0.0, "{text}");
    // Ticket to Ride has had an mcts since its search was written; bench once said it had none.
    let t2r = bench("t2r");
    assert!(figure(&t2r, "Search (mcts", " iterations/s") > 0.0, "{t2r}");
}
