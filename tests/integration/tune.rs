//! `tourney tune` end to end: the hidden `test-optimum` double (strongest at x = 0.3) is found
//! from three starts; tune.csv does not depend on --threads; a killed tuning resumed ends with
//! the uninterrupted files; an external bot's `[params]` reach it and can be tuned.

use super::support::{
    assert_same_files, quietly_into, refused, run, start, stderr_of, stdout_of, stop, temp_file,
    tourney, words,
};
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

/// The external double: strongest at x = 0.7 (bots/examples/doubles/tune_double.py).
const DOUBLE: &str = "bots/examples/doubles/tune-double-py.toml";

/// [`DOUBLE`] as a bot spec with these parameters (`x=0.25`, or none): its manifest by full
/// path, so that the spec names it from any folder.
fn double(params: &str) -> String {
    let path = format!("{}/{DOUBLE}", env!("CARGO_MANIFEST_DIR"));
    if params.is_empty() {
        path
    } else {
        format!("{path}:{params}")
    }
}

fn tuned_json(dir: &Path) -> serde_json::Value {
    let text = fs::read_to_string(dir.join("tuned.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn tune(args: &[&str], dir: &Path) -> String {
    stdout_of(quietly_into(tourney().arg("tune").args(args), dir).success())
}

/// [`tune`] of `bot`'s parameter `param` over `games` games.
fn tune_bot(bot: &str, param: &str, games: &str, extra: &[&str], dir: &Path) -> String {
    let args = ["--bot", bot, "--param", param, "--games", games];
    tune(&[&args[..], extra].concat(), dir)
}

/// [`tune_bot`] over 4000 games into `dir`: the value of x it tuned.
fn tuned_x(bot: &str, param: &str, extra: &[&str], dir: &Path) -> f64 {
    tune_bot(bot, param, "4000", extra, dir);
    tuned_json(dir)["params"]["x"].as_f64().unwrap()
}

#[test]
fn the_double_s_optimum_is_found_from_three_starts_within_a_tenth_of_the_range() {
    let root = tempfile::tempdir().unwrap();
    // 4000 games each: 250 iterations of 8 seed pairs.
    for (i, bot) in ["test-optimum:x=0", "test-optimum", "test-optimum:x=1"]
        .iter()
        .enumerate()
    {
        let dir = root.path().join(format!("start{i}"));
        let stdout = tune_bot(bot, "x=0:1", "4000", &["--no-verify"], &dir);
        let json = tuned_json(&dir);
        let x = json["params"]["x"].as_f64().unwrap();
        assert!((x - 0.3).abs() < 0.1, "from {bot}: tuned x = {x}");
        assert_eq!(json["games"], 4000);
        // The tuned spec is printed last, and is the one in tuned.json.
        assert_eq!(stdout.lines().last(), json["bot"].as_str(), "{stdout}");
        let rows = fs::read_to_string(dir.join("tune.csv")).unwrap();
        assert_eq!(
            rows.lines().count(),
            251,
            "a header and one row per iteration"
        );
        assert!(dir.join("tune.png").is_file() && dir.join("report.html").is_file());
    }
}

/// The step follows the summed result of an iteration, so 4000 games travel as far in
/// iterations of 16 games as of 256: from 0.45 each batch ends near the optimum 0.3 (the mean
/// result per game made batch 64 end at 0.42 and batch 128 at 0.43).
#[test]
fn the_batch_does_not_change_how_far_theta_travels() {
    let root = tempfile::tempdir().unwrap();
    for batch in ["8", "64", "128"] {
        let extra = ["--batch", batch, "--no-verify"];
        let x = tuned_x(
            "test-optimum:x=0.45",
            "x=0.25:0.45",
            &extra,
            &root.path().join(batch),
        );
        assert!((x - 0.3).abs() < 0.05, "batch {batch}: tuned x = {x}");
    }
}

/// From x = 1 against `greedy` both sides lose nearly every game, so results are nearly zero;
/// steps scaled by the spread of the scores still reach the optimum at the default budget
/// (plain SPSA ended at 0.77-0.88 on these seeds).
#[test]
fn a_far_start_against_a_fixed_opponent_reaches_the_optimum() {
    let root = tempfile::tempdir().unwrap();
    for seed in ["1", "2", "3"] {
        let extra = ["--against", "greedy", "--seed", seed, "--no-verify"];
        let x = tuned_x("test-optimum:x=1", "x", &extra, &root.path().join(seed));
        assert!((x - 0.3).abs() < 0.05, "seed {seed}: tuned x = {x}");
    }
}

/// A budget of a few iterations is warned of before the games, a parameter still travelling
/// at the end is warned of after them, and the verdict says how large the gain is.
#[test]
fn small_budgets_and_unfinished_tunings_say_so() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("one");
    let args = ["--bot", "test-optimum:x=1", "--param", "x", "--games", "32"];
    let done = quietly_into(tourney().arg("tune").args(args), &dir).success();
    let output = done.get_output();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert!(err.contains("warning: 2 iterations of 16 games"), "{err}");
    assert!(err.contains("--games 320 or more"), "{err}");
    assert!(err.contains("x still moving"), "{err}");
    assert!(out.contains("verify: tuned against start scores "), "{out}");
    assert!(out.contains(", Elo "), "{out}");
    assert_eq!(tuned_json(&dir)["drift"]["x"]["moving"], true);

    // Forty iterations from x = 1 against greedy, which both sides nearly always lose: no
    // warning before, and after it both that x is still creeping down and that the games
    // carried little signal.
    let dir = root.path().join("forty");
    let args = words("--bot test-optimum:x=1 --param x --games 1280");
    let extra = ["--against", "greedy", "--no-verify"];
    let done = quietly_into(tourney().arg("tune").args(args).args(extra), &dir).success();
    let err = stderr_of(done);
    assert!(!err.contains("SPSA needs"), "{err}");
    assert!(
        err.contains("x still moving") && err.contains("--games 2560"),
        "{err}"
    );
    assert!(err.contains("nearly all ended alike"), "{err}");

    // Settled at the default budget: no warning.
    let settled = root.path().join("settled");
    let args = ["--bot", "test-optimum:x=0.3", "--param", "x", "--no-verify"];
    let done = quietly_into(tourney().arg("tune").args(args), &settled).success();
    assert!(!stderr_of(done).contains("warning"));
    assert_eq!(tuned_json(&settled)["drift"]["x"]["moving"], false);
}

/// Tuned against start won every pair of the verification: the line gave the score clamp's
/// Elo, `Elo +1200 [+633, +1200]`, a point on its own interval's end; it now gives the
/// one-sided bound the head-to-head tables give (docs/guide/tuning.md shows this run).
#[test]
fn a_verification_swept_by_the_tuned_values_gives_a_one_sided_elo() {
    let dir = tempfile::tempdir().unwrap();
    let out = tune_bot("test-optimum:x=1", "x", "4000", &[], dir.path());
    let line = out.lines().find(|l| l.starts_with("verify: ")).unwrap();
    assert!(
        line.starts_with("verify: tuned against start scores 100.0% [97.5, 100.0], Elo > +795.9;"),
        "{line}"
    );
    assert!(
        !line.contains("1200") && !line.contains("+/- 0.0"),
        "{line}"
    );
}

#[test]
fn tune_csv_is_the_same_at_one_and_two_threads_and_the_verdict_is_printed() {
    let root = tempfile::tempdir().unwrap();
    let one = root.path().join("one");
    let two = root.path().join("two");
    let bot = "test-optimum:x=1";
    let printed = tune_bot(bot, "x", "1600", &["--seed", "9", "--threads", "1"], &one);
    tune_bot(bot, "x", "1600", &["--seed", "9", "--threads", "2"], &two);
    assert_same_files(&one, &two);
    assert!(printed.contains("verify: tuned against start"), "{printed}");
    let verify = &tuned_json(&one)["verify"];
    assert_eq!(
        verify["verdict"], "H1",
        "x moved from 1 toward 0.3: {verify}"
    );
}

/// A whole-number parameter is rounded stochastically, from the iteration's own stream: the
/// same bytes at one and two threads.
#[test]
fn whole_numbers_are_rounded_the_same_at_any_thread_count() {
    let root = tempfile::tempdir().unwrap();
    let (one, two) = (root.path().join("one"), root.path().join("two"));
    let args = ["--game", "labyrinth", "--seed", "5", "--no-verify"];
    for (threads, dir) in [("1", &one), ("2", &two)] {
        let extra = [&args[..], &["--threads", threads]].concat();
        tune_bot("minimax:nodes=30", "nodes=10:60", "96", &extra, dir);
    }
    assert_same_files(&one, &two);
}

#[test]
fn a_killed_tuning_resumed_ends_with_the_uninterrupted_files() {
    let root = tempfile::tempdir().unwrap();
    let args = words("--bot test-optimum:x=0.9 --param x=0:1 --games 3000 --seed 3 --quiet");
    let whole = root.path().join("whole");
    let started = Instant::now();
    tourney()
        .arg("tune")
        .args(&args)
        .args(["--threads", "1", "--out"])
        .arg(&whole)
        .assert()
        .success();
    let span = started.elapsed().as_millis().max(20) as u64;
    let mut landed = Vec::new();
    for round in 0..6u64 {
        let dir = root.path().join(format!("killed{round}"));
        let mut child = start("tune", &args, "2", &dir);
        // Once the settings are written, anywhere in the tuning, the verification or the files.
        while !dir.join("tune.json").exists() {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(span * (2 * round + 1) / 12));
        // Ctrl-C: the iteration in play is dropped, exit 130.
        stop(&mut child, round % 3 == 2);
        landed.push(fs::read_to_string(dir.join("tune.csv")).map_or(0, |t| t.lines().count()));
        tourney()
            .args(["tune", "--quiet", "--threads", "1", "--resume"])
            .arg(&dir)
            .assert()
            .success();
        assert_same_files(&whole, &dir);
    }
    eprintln!("rows of tune.csv when killed: {landed:?}");
    // Settings come from the folder: others are refused.
    tourney()
        .args(["tune", "--games", "10", "--resume"])
        .arg(&whole)
        .assert()
        .code(2);
}

#[test]
fn bad_tuning_requests_are_refused_with_exit_2() {
    let root = tempfile::tempdir().unwrap();
    for (args, says) in [
        (
            vec!["--bot", "greedy", "--param", "x=0:1"],
            "declares no numeric",
        ),
        (
            vec!["--bot", "mcts", "--param", "rollout=0:1"],
            "iterations, ms, c",
        ),
        (vec!["--bot", "mcts", "--param", "c=-1:1"], "accepts"),
        (
            vec!["--bot", "mcts", "--param", "c=1:2"],
            "outside the range",
        ),
        (
            vec!["--bot", "mcts", "--param", "depth=0:9"],
            "no numeric default",
        ),
        (vec!["--bot", "mcts", "--param", "c"], "MIN:MAX"),
        (vec!["--bot", "mcts"], "nothing to tune"),
        (vec!["--bot", "test-optimum", "--param", "x=1:0"], "below"),
        (
            vec![
                "--game",
                "fresh-fish",
                "--players",
                "3",
                "--bot",
                "test-optimum",
                "--param",
                "x",
            ],
            "--against",
        ),
    ] {
        refused(
            tourney()
                .arg("tune")
                .args(&args)
                .arg("--out")
                .arg(root.path().join("x")),
            says,
        );
    }
}

/// The double's manifest with another command and `[params]`, written into `dir`.
fn manifest(dir: &Path, name: &str, command: &str, params: &str) -> String {
    let doubles = format!("{}/bots/examples/doubles", env!("CARGO_MANIFEST_DIR"));
    let text = format!(
        "name = \"{name}\"\ngame = \"t2r\"\ncommand = \"{command}\"\n\
         args = [\"{doubles}/tune_double.py\"]\nread = [\"{doubles}/..\"]\n\n[params]\n{params}\n"
    );
    let path = dir.join(format!("{name}.toml"));
    fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Bad input is refused as `run` refuses it: exit 2, the problem named, nothing replaced, no
/// folder left behind.
#[test]
fn bad_inputs_are_refused_and_leave_nothing_behind() {
    let root = tempfile::tempdir().unwrap();
    let x = "x = { default = 0.1, min = 0.0, max = 1.0 }";
    let missing = manifest(root.path(), "missing", "./no-such-program", x);
    let spaced = manifest(
        root.path(),
        "spaced",
        "python3",
        "\"a b\" = { default = 0.1, min = 0.0, max = 1.0 }",
    );
    let fresh = root.path().join("fresh");
    for (bot, param, says) in [
        (missing.as_str(), "x", "does not exist"),
        (
            spaced.as_str(),
            "a b",
            "would not read back in `run --bots`",
        ),
        ("test-optimum", "=0:1", "name is missing"),
    ] {
        let args = ["tune", "--bot", bot, "--param", param, "--games", "32"];
        refused(tourney().args(args).arg("--out").arg(&fresh), says);
        assert!(
            !fresh.exists(),
            "{says}: {} was left behind",
            fresh.display()
        );
    }

    // A finished tuning, and a run's folder, are not written over.
    let tuned = root.path().join("tuned");
    let args = ["--seed", "4", "--no-verify"];
    tune_bot("test-optimum:x=1", "x", "320", &args, &tuned);
    let ran = root.path().join("ran");
    run("random,random", "2")
        .args(["--quiet", "--out"])
        .arg(&ran)
        .assert()
        .success();
    for (dir, says) in [(&tuned, "a finished tuning"), (&ran, "a run's games")] {
        let before = fs::read_dir(dir).unwrap().count();
        let report = fs::read(dir.join("report.html")).ok();
        let args = words("tune --bot test-optimum --param x --games 32");
        refused(tourney().args(args).arg("--out").arg(dir), says);
        assert_eq!(fs::read_dir(dir).unwrap().count(), before);
        assert_eq!(fs::read(dir.join("report.html")).ok(), report);
    }

    // --resume checks tune.csv and tune.json against the tuning they continue.
    let csv = fs::read_to_string(tuned.join("tune.csv")).unwrap();
    let settings = fs::read_to_string(tuned.join("tune.json")).unwrap();
    let row = csv.lines().nth(5).unwrap();
    let fields: Vec<&str> = row.split(',').collect();
    let edited_row = format!(
        "{},{},0.5,{},{}",
        fields[0], fields[1], fields[3], fields[4]
    );
    for (file, text, says) in [
        ("tune.csv", csv.replace(row, &edited_row), "tune.csv:6"),
        (
            "tune.json",
            settings.replace("\"seed\": 4", "\"seed\": 5"),
            "edited",
        ),
    ] {
        let dir = root.path().join(format!("edited-{file}"));
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("tune.csv"), &csv).unwrap();
        fs::write(dir.join("tune.json"), &settings).unwrap();
        // Cut to an unfinished tuning of ten rows, then edited.
        let cut: String = csv.lines().take(11).map(|l| format!("{l}\n")).collect();
        fs::write(dir.join("tune.csv"), cut).unwrap();
        let text = match file {
            "tune.csv" => text.lines().take(11).map(|l| format!("{l}\n")).collect(),
            _ => text,
        };
        assert_ne!(fs::read_to_string(dir.join(file)).unwrap(), text);
        fs::write(dir.join(file), text).unwrap();
        refused(
            tourney().args(["tune", "--quiet", "--resume"]).arg(&dir),
            says,
        );
    }
}

/// Without a terminal (here stderr is a pipe) the progress is plain lines, about twenty a
/// tuning; --quiet silences them.
#[test]
fn progress_without_a_terminal_is_a_line_every_few_iterations() {
    let root = tempfile::tempdir().unwrap();
    let args = words("tune --bot test-optimum:x=1 --param x --games 640");
    let done = tourney()
        .args(&args)
        .args(["--no-verify", "--out"])
        .arg(root.path().join("loud"))
        .assert()
        .success();
    let err = stderr_of(done);
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("tune: ")).collect();
    assert_eq!(lines.len(), 21, "{err}");
    assert!(
        lines[0].starts_with("tune: iteration 1/40, 16 of 640 games: x="),
        "{err}"
    );
    assert!(
        lines[1].starts_with("tune: iteration 2/40, 32 of 640 games: x="),
        "{err}"
    );
    assert!(
        lines[20].starts_with("tune: iteration 40/40, 640 of 640 games: x="),
        "{err}"
    );
    assert!(lines[20].contains("(last result "), "{err}");
    let quiet = root.path().join("quiet");
    let done = quietly_into(tourney().args(&args).arg("--no-verify"), &quiet).success();
    assert!(!stderr_of(done).contains("tune: iteration"));
}

#[test]
fn an_external_bot_receives_its_params_in_hello_and_new_game() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("run");
    let bot = double("x=0.25");
    run(&format!("{bot},random"), "4")
        .args(["--map", "small", "--quiet", "--no-plots", "--out"])
        .arg(&dir)
        .assert()
        .success();
    let log = fs::read_to_string(dir.join("logs/tune-double-py:x=0.25.log")).unwrap();
    assert!(log.contains("hello params {\"x\": 0.25}"), "{log}");
    assert_eq!(
        log.matches("new_game params {\"x\": 0.25}").count(),
        4,
        "{log}"
    );
    for (given, says) in [("x=2", "[0, 1]"), ("y=1", "takes x")] {
        let bots = format!("{},random", double(given));
        refused(
            run(&bots, "2")
                .args(["--quiet", "--out"])
                .arg(root.path().join("bad")),
            says,
        );
    }
}

/// 800 games on the small map (about ten seconds): SPSA moves x from the declared default 0.1
/// most of the way to the double's optimum 0.7 (the built-in double's test holds the 10%).
#[test]
fn tune_moves_an_external_bot_toward_its_optimum() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("ext");
    let bot = double("");
    tune_bot(&bot, "x", "800", &["--map", "small", "--no-verify"], &dir);
    let x = tuned_json(&dir)["params"]["x"].as_f64().unwrap();
    assert!((x - 0.7).abs() < 0.2, "tuned x = {x}");
}

#[test]
fn a_tune_table_in_a_scenario_tunes_as_the_same_flags_do_and_flags_override_it() {
    let (root, scenario) = temp_file(
        "tune.toml",
        "game = \"t2r\"\nseed = 9\n\n[tune]\nbot = \"test-optimum:x=1\"\nparams = [\"x=0:1\"]\n\
         games = 800\n",
    );
    let scenario = scenario.to_str().unwrap();
    let from_file = root.path().join("file");
    let from_flags = root.path().join("flags");
    tune(&[scenario, "--no-verify"], &from_file);
    let flags = ["--seed", "9", "--no-verify"];
    tune_bot("test-optimum:x=1", "x=0:1", "800", &flags, &from_flags);
    let csv = |dir: &Path| fs::read_to_string(dir.join("tune.csv")).unwrap();
    assert_eq!(csv(&from_file), csv(&from_flags));
    assert_eq!(
        tuned_json(&from_file)["params"],
        tuned_json(&from_flags)["params"]
    );

    let overridden = root.path().join("overridden");
    tune(&[scenario, "--games", "400", "--no-verify"], &overridden);
    assert_eq!(tuned_json(&overridden)["games"], 400);
}

/// The final verification is recorded into the results store as a run of its own (tuned
/// against start, with the tag given), holding every game the verdict was read from; the
/// iterations are not recorded, and `--no-db` records nothing.
#[test]
fn the_verification_is_a_run_of_its_own_in_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("store.db").display().to_string();
    let args = ["--db", &db, "--tag", "tuning"];
    let out = tune_bot("test-optimum:x=1", "x", "320", &args, &dir.path().join("t"));
    let line = out.lines().find(|l| l.starts_with("verify: ")).unwrap();
    let listed = stdout_of(
        tourney()
            .args(["history", "--json", "--db", &db])
            .assert()
            .success(),
    );
    let runs: serde_json::Value = serde_json::from_str(&listed).unwrap();
    let runs = runs.as_array().unwrap();
    assert_eq!(runs.len(), 1, "{listed}");
    let run = &runs[0];
    let labels: Vec<&str> = (run["bots"].as_array().unwrap().iter())
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["tuned", "start"], "{listed}");
    assert_eq!(run["status"], "complete");
    assert_eq!(run["tag"], "tuning");
    assert_eq!(run["format"], "round-robin");
    let games = run["games_stored"].as_u64().unwrap();
    assert!(
        line.contains(&format!(" after {games} games,")),
        "{line}\n{listed}"
    );
    let none = dir.path().join("none.db");
    let args = words("--bot test-optimum:x=1 --param x --games 320 --no-db");
    let mut command = tourney();
    command.env("TOURNEY_DB", &none).arg("tune").args(args);
    quietly_into(&mut command, &dir.path().join("u")).success();
    assert!(!none.exists());
}
