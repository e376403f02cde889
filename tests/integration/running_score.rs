//! The running score a run prints without a terminal, `--sprt-stop` (a head-to-head and each
//! pairing of a gauntlet stop when their GSPRT decides, at the same game at any thread count)
//! and `--format gauntlet --candidate BOT`. Lines are checked for their form, never their
//! timing: `--progress-every 0` prints after every block.

use super::support::{
    assert_same_files, files, refused, report_later, rows, run, same_at_one_and_two_threads,
    stderr_of, summary, tourney, words,
};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// `Score of A vs B: W - L - D  [0.xyz] N`, with its numbers: wins, losses, draws, score, games.
fn score_line(line: &str, a: &str, b: &str) -> Option<(u64, u64, u64, f64, u64)> {
    let rest = line.strip_prefix(&format!("Score of {a} vs {b}: "))?;
    let (counts, tail) = rest.split_once("  [")?;
    let (score, games) = tail.split_once("] ")?;
    let counts: Vec<u64> = counts
        .split(" - ")
        .map(|n| n.parse().ok())
        .collect::<Option<_>>()?;
    let [wins, losses, draws] = counts[..] else {
        return None;
    };
    Some((
        wins,
        losses,
        draws,
        score.parse().ok()?,
        games.parse().ok()?,
    ))
}

#[test]
fn without_a_terminal_a_run_prints_score_lines_as_it_goes_and_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let assert = run("nice,greedy", "400")
        .args(words("--map small --no-plots --progress-every 0 --out"))
        .arg(dir.path())
        .assert()
        .success();
    let stderr = stderr_of(assert);
    let lines: Vec<&str> = stderr.lines().collect();
    let scores: Vec<_> = lines
        .iter()
        .filter_map(|l| score_line(l, "nice", "greedy"))
        .collect();
    assert!(
        scores.len() >= 2,
        "a line per block and one at the end:\n{stderr}"
    );
    for (wins, losses, draws, score, games) in &scores {
        assert_eq!(wins + losses + draws, *games);
        let expected = (*wins as f64 + 0.5 * *draws as f64) / *games as f64;
        assert!((score - expected).abs() <= 0.0005, "{score} vs {expected}");
    }
    assert!(
        scores.windows(2).all(|w| w[0].4 <= w[1].4),
        "counts only grow: {scores:?}"
    );
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("Finished: 400 of 400 games"))
        .expect("a last report");
    assert_eq!(
        score_line(lines[last + 1], "nice", "greedy").unwrap().4,
        400
    );
    assert!(lines[last + 2].starts_with("Elo difference: "), "{stderr}");
    assert!(
        !stderr.contains("SPRT: llr"),
        "no test line without a test set"
    );
    // The final line agrees with the summary.
    let pairs = &summary(dir.path())["head_to_head"][0]["pentanomial"];
    let ptnml: Vec<u64> = serde_json::from_value(pairs.clone()).unwrap();
    assert!(
        lines[last + 2].ends_with(&format!("Ptnml(0-2): {ptnml:?}")),
        "{}",
        lines[last + 2]
    );
}

#[test]
fn quiet_prints_no_running_score() {
    let dir = tempfile::tempdir().unwrap();
    let assert = run("nice,greedy", "100")
        .args(["--map", "small", "--no-plots", "--quiet"])
        .args(["--progress-every", "0", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    assert_eq!(stderr_of(assert), "");
}

/// nice against random: decided long before 4000 games.
fn sprt_stop_run() -> assert_cmd::Command {
    let mut command = run("nice,random", "4000");
    command.args(["--no-plots", "--sprt-stop", "--progress-every", "0"]);
    command
}

#[test]
fn sprt_stop_ends_a_clear_head_to_head_at_the_same_game_at_any_thread_count() {
    let root = tempfile::tempdir().unwrap();
    let dir = same_at_one_and_two_threads(root.path(), sprt_stop_run);
    let games = rows(&dir).len() as u64 / 2;
    assert!(
        games < 4000 && games.is_multiple_of(2),
        "stopped early, on a whole pair: {games}"
    );
    let stop = &summary(&dir)["sprt_stop"];
    assert_eq!(stop["stopped_after_game"], games - 1);
    assert_eq!(stop["decisions"][0]["verdict"], "accept-h1");
    assert_eq!(stop["decisions"][0]["games"], games);
    assert_eq!(summary(&dir)["games_played"], games);
    let manifest = fs::read_to_string(dir.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"complete\": true"), "{manifest}");
    assert!(
        manifest.contains("\"stopped\": \"stopped after game"),
        "{manifest}"
    );
    let report = fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(report.contains("<h2>SPRT stop</h2>") && report.contains("H1 accepted"));
    // A report made again later from the folder reads the stop back from summary.json.
    let again = root.path().join("again");
    report_later(&dir, &again);
    let report = fs::read_to_string(again.join("report.html")).unwrap();
    assert!(report.contains("<h2>SPRT stop</h2>") && report.contains("H1 accepted"));
}

#[test]
fn sprt_stop_prints_where_and_why_and_its_llr_line() {
    let dir = tempfile::tempdir().unwrap();
    let assert = sprt_stop_run()
        .arg("--out")
        .arg(dir.path())
        .assert()
        .success();
    let output = assert.get_output();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("SPRT: llr ") && l.ends_with(" - H1 accepted")),
        "{stderr}"
    );
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(
        stdout.contains("nice vs random: H1 accepted after game")
            && stdout.contains("Every pairing was decided: the run stopped after game"),
        "{stdout}"
    );
}

#[test]
fn resuming_a_run_sprt_stop_ended_plays_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    sprt_stop_run()
        .arg("--quiet")
        .arg("--out")
        .arg(dir.path())
        .assert()
        .success();
    let before = files(dir.path());
    let assert = tourney()
        .args(["run", "--resume"])
        .arg(dir.path())
        .assert()
        .success();
    assert!(stderr_of(assert).contains("nothing to resume: --sprt-stop already ended this run"));
    assert!(before == files(dir.path()), "the folder is untouched");
}

#[test]
fn shards_and_formats_without_a_stop_order_refuse_sprt_stop() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("part");
    refused(
        run("nice,random", "100")
            .args(["--sprt-stop", "--shard", "1/2", "--out"])
            .arg(&out),
        "--sprt-stop cannot be combined with --shard",
    );
    refused(
        run("nice,random,greedy", "100")
            .args(["--sprt-stop", "--out"])
            .arg(&out),
        "--sprt-stop stops a head-to-head (two bots) or each pairing of a gauntlet",
    );
    assert!(!out.exists(), "nothing written");
}

/// A gauntlet of nice against random and greedy, from the command line.
fn gauntlet(games: &str) -> assert_cmd::Command {
    let mut command = run("random,nice,greedy", games);
    command.args(["--format", "gauntlet", "--candidate", "nice", "--no-plots"]);
    command
}

/// The pairs of bots that met in a folder's games.
fn pairings(dir: &Path) -> BTreeSet<(String, String)> {
    rows(dir)
        .chunks(2)
        .map(|game| {
            let mut bots = [game[0][5].clone(), game[1][5].clone()];
            bots.sort();
            (bots[0].clone(), bots[1].clone())
        })
        .collect()
}

#[test]
fn a_gauntlet_from_the_command_line_plays_the_candidate_against_each_other_bot() {
    let dir = tempfile::tempdir().unwrap();
    gauntlet("20")
        .args(["--map", "small", "--quiet", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    let want: BTreeSet<(String, String)> = [("greedy", "nice"), ("nice", "random")]
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .into();
    assert_eq!(pairings(dir.path()), want);
    assert_eq!(rows(dir.path()).len(), 2 * 2 * 20);
}

#[test]
fn gauntlet_flags_are_checked() {
    refused(
        run("random,nice", "10").args(["--format", "gauntlet"]),
        "--format gauntlet needs --candidate BOT",
    );
    refused(
        run("random,nice", "10").args(["--format", "gauntlet", "--candidate", "mcts"]),
        "--candidate 'mcts' is not one of the bots playing: random, nice",
    );
    refused(
        run("random,nice", "10").args(["--candidate", "nice"]),
        "--candidate is a gauntlet setting: add --format gauntlet",
    );
}

#[test]
fn sprt_stop_stops_each_pairing_of_a_gauntlet_and_a_resume_skips_their_dropped_games() {
    let root = tempfile::tempdir().unwrap();
    let dir = same_at_one_and_two_threads(root.path(), || {
        let mut command = gauntlet("3000");
        command.args(["--sprt-stop", "--quiet"]);
        command
    });
    let stop = &summary(&dir)["sprt_stop"];
    let decisions = stop["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), 2, "{stop}");
    // The summary's head-to-head rows are the candidate's, listed second or not, and say what
    // the stop decided: the same side, the same test, the same numbers.
    for decision in decisions {
        let row = summary(&dir)["head_to_head"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["opponent"] == decision["opponent"])
            .cloned()
            .unwrap();
        assert_eq!(row["bot"], "nice", "{row}");
        for field in ["games", "llr", "verdict"] {
            assert_eq!(row[field], decision[field], "{field}: {row} {decision}");
        }
    }
    let first = decisions[0]["after_game"].as_u64().unwrap();
    let last = stop["stopped_after_game"].as_u64().unwrap();
    assert!(first < last, "{stop}");
    // After the first decision only the other pairing's games are written.
    let late: BTreeSet<String> = rows(&dir)
        .iter()
        .filter(|row| row[0].parse::<u64>().unwrap() > first)
        .map(|row| row[2].clone())
        .collect();
    assert_eq!(late.len(), 1, "{late:?}");

    // Cut the folder between the two decisions, as a kill would, and resume it.
    let cut = root.path().join("cut");
    fs::create_dir(&cut).unwrap();
    for (name, bytes) in files(&dir) {
        fs::write(cut.join(name), bytes).unwrap();
    }
    let csv = fs::read_to_string(cut.join("games.csv")).unwrap();
    let middle = (first + last) / 2;
    let kept: Vec<&str> = csv
        .lines()
        .enumerate()
        .filter(|(i, line)| {
            *i == 0 || line.split(',').next().unwrap().parse::<u64>().unwrap() <= middle
        })
        .map(|(_, line)| line)
        .collect();
    fs::write(cut.join("games.csv"), kept.join("\n") + "\n").unwrap();
    let mut manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(cut.join("manifest.json")).unwrap()).unwrap();
    let fields = manifest.as_object_mut().unwrap();
    fields.insert("complete".into(), false.into());
    fields.remove("games_csv_sha256");
    fields.remove("stopped");
    fs::write(
        cut.join("manifest.json"),
        serde_json::to_string_pretty(&manifest).unwrap() + "\n",
    )
    .unwrap();
    tourney()
        .args(["run", "--quiet", "--no-plots", "--resume"])
        .arg(&cut)
        .assert()
        .success();
    assert_same_files(&dir, &cut);
}
