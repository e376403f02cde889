//! `run --format swiss`: rounds paired from the results so far, the same at any thread count,
//! a bye for an odd count, no rematch, the standings in every output, bad settings refused.

use super::support::{
    manifest_text, refused, report_printed, run, same_at_one_and_two_threads, scenario_refused,
    scenario_run, summary, tourney, words,
};
use predicates::prelude::*;
use std::collections::BTreeSet;
use std::fs;

/// Five Ticket to Ride bots on the small map: an odd count, so a bye every round.
const FIVE_BOTS: &str = "random,nice,greedy,do-nothing,expert";

#[test]
fn a_swiss_writes_the_same_games_at_one_and_two_threads_without_rematches() {
    let dir = tempfile::tempdir().unwrap();
    let out = same_at_one_and_two_threads(dir.path(), || {
        let mut command = run(FIVE_BOTS, "4");
        command
            .args(["--map", "small", "--format", "swiss", "--rounds", "3"])
            .args(["--seed", "9", "--quiet"]);
        command
    });
    let all = summary(&out);
    // Three rounds of two matches of 4 games.
    assert_eq!(all["games_played"], 3 * 2 * 4);
    let swiss = &all["swiss"];
    let rounds = swiss["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    let mut met = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for round in rounds {
        assert_eq!(round["rematches"], 0);
        assert!(
            byes.insert(round["bye"].as_str().unwrap().to_string()),
            "a second bye"
        );
        for m in round["matches"].as_array().unwrap() {
            let mut pair = [
                m["bots"][0].as_str().unwrap(),
                m["bots"][1].as_str().unwrap(),
            ];
            pair.sort();
            assert!(met.insert(pair), "{pair:?} met twice");
        }
    }
    let standings = swiss["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 5);
    let total: f64 = standings.iter().map(|r| r["score"].as_f64().unwrap()).sum();
    assert_eq!(
        total,
        3.0 * 3.0,
        "each round: two matches and a bye, a point each"
    );
    let manifest = manifest_text(&out);
    assert!(manifest.contains("\"swiss:rounds=3\""));

    // The standings page ranks as the Swiss standings do; report.html and `report` show them.
    let first = standings[0]["bot"].as_str().unwrap();
    let page = fs::read_to_string(out.join("standings.html")).unwrap();
    assert!(
        page.contains(&format!("<tr><td>1</td><td>{first}</td>")),
        "{page}"
    );
    assert!(page.contains("id=\"swiss\""));
    let html = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("Sonneborn-Berger") && html.contains("<h3>Rounds</h3>"));
    let again = dir.path().join("again");
    report_printed(&out, &again).success().stdout(
        predicate::str::contains("Swiss (3 rounds").and(predicate::str::contains("round 3: ")),
    );
}

#[test]
fn the_terminal_shows_the_rounds_and_the_standings() {
    let dir = tempfile::tempdir().unwrap();
    tourney()
        .args(words("run --bots greedy,nice,random,expert --map small"))
        .args([
            "--games", "2", "--format", "swiss", "--rounds", "2", "--out",
        ])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Swiss (2 rounds, Monrad pairing without rematches)")
                .and(predicate::str::contains("round 1: greedy "))
                .and(predicate::str::contains("Buchholz"))
                .and(predicate::str::contains("above the next by")),
        )
        .stderr(predicate::str::contains("swiss: 2 rounds"));
}

#[test]
fn bad_swiss_settings_exit_2_with_a_message() {
    let refused_with = |bots: &str, flags: &str, message: &str| {
        refused(
            run(bots, "2")
                .args(flags.split(' '))
                .args(["--quiet", "--out"])
                .arg(tempfile::tempdir().unwrap().path()),
            message,
        );
    };
    let four = "random,nice,greedy,do-nothing";
    refused_with(
        four,
        "--rounds 2",
        "--rounds is a Swiss setting: add --format swiss",
    );
    refused_with(four, "--format knockout --rounds 2", "add --format swiss");
    refused_with(four, "--format swiss", "add --rounds R");
    refused_with(
        four,
        "--format swiss --rounds 0",
        "--rounds must be at least 1",
    );
    refused_with(
        four,
        "--format swiss --rounds 4",
        "at most 3 rounds without meeting twice",
    );
    refused_with(
        "random,nice,greedy",
        "--format swiss --rounds 4",
        "at most 3 rounds",
    );
    refused_with(
        four,
        "--format swiss --rounds 2 --pool-size 2",
        "add --format knockout",
    );
    refused_with(
        four,
        "--format swiss --rounds 2 --shard 1/2",
        "cannot be resumed or sharded",
    );
    refused_with(four, "--format swiss --rounds 2 --field nice", "give one");
    super::knockout::refused_at_three_seats("--format swiss --rounds 1");
}

#[test]
fn a_scenario_plays_a_swiss_and_flags_override_its_table() {
    let (_dir, scenario, out) = scenario_run(
        "swiss.toml",
        "bots = [\"random\", \"nice\", \"greedy\", \"do-nothing\"]\noptions = { map = \"small\" }\n\
         format = \"swiss\"\ngames = 2\n\n[swiss]\nrounds = 3\n",
        &["--rounds", "2"],
    );
    assert!(manifest_text(&out).contains("swiss:rounds=2"));
    assert_eq!(summary(&out)["games_played"], 2 * 2 * 2);

    let (pair, swiss) = ("bots = [\"random\", \"nice\"]\n", "format = \"swiss\"\n");
    let needs = "needs `format = \"swiss\"`";
    scenario_refused(&scenario, &format!("{pair}\n[swiss]\nrounds = 1\n"), needs);
    let text = format!("{pair}{swiss}\n[swiss]\nrounds = 2\n");
    scenario_refused(&scenario, &text, "at most 1 round without");
}
