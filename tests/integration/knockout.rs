//! `run --format knockout`: pools then a bracket, the same at any thread count, byes, bad
//! settings refused, and the standings page.

use super::support::{
    manifest_text, refused, report_printed, run, same_at_one_and_two_threads, scenario_refused,
    scenario_run, summary, tourney, words,
};
use predicates::prelude::*;
use std::fs;

/// Six Ticket to Ride bots on the small map, pools of 3, the top 2 of each into a bracket of 4.
const SIX_BOTS: &str = "random,nice,greedy,do-nothing,expert,random";
const POOLS: [&str; 10] = [
    "--map",
    "small",
    "--format",
    "knockout",
    "--pool-size",
    "3",
    "--advance",
    "2",
    "--match-games",
    "4",
];

#[test]
fn a_knockout_writes_the_same_games_at_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let out = same_at_one_and_two_threads(dir.path(), || {
        let mut command = run(SIX_BOTS, "6");
        command.args(POOLS).args(["--seed", "5", "--quiet"]);
        command
    });
    let knockout = &summary(&out)["knockout"];
    // Two pools of 3 (3 pairings x 6 games each), then 2 semi-finals and a final of 4 games.
    assert_eq!(summary(&out)["games_played"], 2 * 3 * 6 + 3 * 4);
    assert_eq!(knockout["pools"].as_array().unwrap().len(), 2);
    let rounds = knockout["rounds"].as_array().unwrap();
    let names: Vec<&str> = rounds.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["semi-final", "final"]);
    let champion = knockout["champion"].as_str().unwrap();
    assert_eq!(rounds[1]["matches"][0]["winner"], champion);
    // Every game row is of the run's bots, game indices increase through the stages.
    let csv = fs::read_to_string(out.join("games.csv")).unwrap();
    let games: Vec<u64> = csv
        .lines()
        .skip(1)
        .step_by(2)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(games, (0..48).collect::<Vec<_>>());

    // The manifest keeps the settings, and `report` draws the bracket from the folder.
    let manifest = manifest_text(&out);
    assert!(manifest.contains("knockout:pool-size=3,advance=2,match-games=4"));
    let again = dir.path().join("again");
    report_printed(&out, &again)
        .success()
        .stdout(predicate::str::contains(format!("winner: {champion}")));
    let page = fs::read_to_string(again.join("report.html")).unwrap();
    assert!(page.contains("id=\"bracket\"") && page.contains("Pool 2"));
    let markdown = fs::read_to_string(again.join("report.md")).unwrap();
    assert!(markdown.contains("## Knockout") && markdown.contains("semi-final:"));
    // The standings rank the champion first, by how far each went.
    let standings = fs::read_to_string(out.join("standings.html")).unwrap();
    assert!(
        standings.contains(&format!("<tr><td>1</td><td>{champion}</td><td>winner</td>")),
        "{standings}"
    );
    assert_eq!(standings.matches("<td>semi-final</td>").count(), 2);
    assert_eq!(standings.matches(", place 3</td>").count(), 2);
}

#[test]
fn three_bots_without_pools_give_the_first_seed_a_bye() {
    let dir = tempfile::tempdir().unwrap();
    tourney()
        .args(["run", "--bots", "greedy,nice,random", "--map", "small"])
        .args(["--format", "knockout", "--match-games", "2", "--out"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(
            predicate::str::contains("[1] greedy: bye")
                .and(predicate::str::contains("[2] nice"))
                .and(predicate::str::contains("winner: ")),
        );
    let knockout = &summary(dir.path())["knockout"];
    let first = &knockout["rounds"][0]["matches"];
    assert_eq!(first[0]["decided_by"], "bye");
    assert_eq!(first[0]["low"], serde_json::Value::Null);
    assert_eq!(first[1]["high"]["bot"], "nice");
    assert_eq!(first[1]["low"]["bot"], "random");
    assert_eq!(
        summary(dir.path())["games_played"],
        4,
        "two matches of 2 games"
    );
    let html = fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(html.contains("class=\"bye\""));
}

#[test]
fn bad_knockout_settings_exit_2_with_a_message() {
    // Flags as one string each, split at spaces.
    let refused_with = |flags: &str, message: &str| {
        refused(
            run("random,nice,greedy,do-nothing", "2")
                .args(flags.split(' '))
                .args(["--quiet", "--out"])
                .arg(tempfile::tempdir().unwrap().path()),
            message,
        );
    };
    refused_with("--pool-size 3", "add --format knockout");
    refused_with("--format swiss --pool-size 3", "add --format knockout");
    for (flags, message) in [
        ("--advance 2", "needs --pool-size"),
        ("--pool-size 2 --advance 3", "more than a pool holds"),
        ("--pool-size 1", "pool size of 1"),
        ("--match-games 0", "--match-games must be at least 1"),
        ("--pool-size 4 --advance 1", "leaves no knockout"),
        ("--shard 1/2", "cannot be resumed or sharded"),
        ("--field nice", "give one"),
    ] {
        refused_with(&format!("--format knockout {flags}"), message);
    }
    refused_at_three_seats("--format knockout");
}

/// A format of two-player matches (`flags`) is refused for a game of three seats.
pub(super) fn refused_at_three_seats(flags: &str) {
    let three = "run --game fresh-fish --players 3 --bots random,greedy,random";
    refused(
        tourney()
            .args(words(&format!("{three} {flags} --quiet --out")))
            .arg(tempfile::tempdir().unwrap().path()),
        "two-player matches",
    );
}

#[test]
fn a_scenario_plays_a_knockout_and_flags_override_its_table() {
    let (_dir, scenario, out) = scenario_run(
        "cup.toml",
        "bots = [\"random\", \"nice\", \"greedy\", \"do-nothing\"]\noptions = { map = \"small\" }\n\
         format = \"knockout\"\ngames = 2\n\n[knockout]\npool_size = 2\nadvance = 1\n\
         match_games = 2\n",
        &["--match-games", "4"],
    );
    assert!(manifest_text(&out).contains("knockout:pool-size=2,advance=1,match-games=4"));
    assert_eq!(summary(&out)["games_played"], 2 * 2 + 4);

    let text = "bots = [\"random\", \"nice\"]\n\n[knockout]\npool_size = 2\n";
    scenario_refused(&scenario, text, "needs `format = \"knockout\"`");
}

#[test]
fn the_standings_page_has_the_crosstable_and_links_each_program_s_losses() {
    let dir = tempfile::tempdir().unwrap();
    run("greedy,random,do-nothing", "4")
        .args(words("--map small --record --quiet --no-plots --out"))
        .arg(dir.path())
        .assert()
        .success();
    let page = fs::read_to_string(dir.path().join("standings.html")).unwrap();
    assert!(page.contains("id=\"crosstable\""));
    // greedy beats do-nothing in all 4 games: its row reads 4-0-0 in that column.
    let row = page
        .lines()
        .skip_while(|l| !l.contains("id=\"crosstable\""))
        .find(|l| l.starts_with("<tr><td>greedy</td>"))
        .unwrap();
    assert!(row.contains("<td>4-0-0</td>"), "{row}");
    // do-nothing loses every game: its losses link replay pages that exist.
    let link = page
        .split("href=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .find(|href| href.starts_with("replays/"))
        .expect("a replay link");
    assert!(dir.path().join(link).exists(), "{link}");
    let report = fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(report.contains("href=\"standings.html\""));
}
