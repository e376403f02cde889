//! Results you can trust from any input: a thread count far too large, a second run into a
//! folder that holds one, folders counted twice or of different games, a damaged `games.csv`
//! or records file. Each is refused with exit 2 and a message naming it, or capped with a note;
//! never a panic, a hang, a silently lost run or a silently wrong table.

use super::support::{self, refused, run, tourney, write_file};
use predicates::prelude::*;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A small, fast run (small map) into `dir/name`, with these extra flags.
fn small_run(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(name);
    support::small_run("nice,greedy", "6", extra, &out);
    out
}

/// `tourney report DIR...` (no plots, quiet), to be asserted on.
fn report(dirs: &[&Path], out: &Path) -> assert_cmd::assert::Assert {
    support::report(dirs)
        .args(["--quiet", "--no-plots", "--out"])
        .arg(out)
        .assert()
}

#[test]
fn a_thread_count_beyond_what_helps_is_capped_with_a_note_and_zero_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let many = dir.path().join("many");
    run("nice,greedy", "10")
        .args(["--quiet", "--no-plots", "--threads", "100000", "--out"])
        .arg(&many)
        .timeout(Duration::from_secs(120))
        .assert()
        .success()
        .stderr(
            predicate::str::contains("note: --threads 100000")
                .and(predicate::str::contains("panicked").not()),
        );
    let one = dir.path().join("one");
    run("nice,greedy", "10")
        .args(["--quiet", "--no-plots", "--threads", "1", "--out"])
        .arg(&one)
        .assert()
        .success();
    assert_eq!(
        fs::read(many.join("games.csv")).unwrap(),
        fs::read(one.join("games.csv")).unwrap(),
        "the cap changes no result"
    );

    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/t2r-ci.toml");
    let runs: [Vec<OsString>; 3] = [
        ["run", "--bots", "nice,greedy", "--games", "2"]
            .map(OsString::from)
            .to_vec(),
        vec!["check".into(), scenario.into()],
        vec!["merge".into(), one.into(), "--out".into(), many.into()],
    ];
    for args in runs {
        refused(
            tourney().args(&args).args(["--threads", "0", "--quiet"]),
            "--threads must be at least 1",
        );
    }
}

#[test]
fn a_second_run_into_a_folder_holding_a_run_is_refused_until_force() {
    let dir = tempfile::tempdir().unwrap();
    let first = small_run(dir.path(), "out", &[]);
    let games = fs::read(first.join("games.csv")).unwrap();
    let again = || {
        let mut command = run("nice,greedy", "6");
        command.args(["--map", "small", "--quiet"]);
        command
    };
    refused(
        again().args(["--seed", "7", "--out"]).arg(&first),
        &first.display().to_string(),
    )
    .stderr(
        predicate::str::contains("master seed: 20261121 in the folder, 7 here")
            .and(predicate::str::contains("--resume"))
            .and(predicate::str::contains("--force")),
    );
    assert_eq!(fs::read(first.join("games.csv")).unwrap(), games, "kept");
    // The same command again is refused too: --resume is how to continue it.
    refused(
        again().args(["--no-plots", "--out"]).arg(&first),
        "a finished run of this same configuration",
    );
    small_run(dir.path(), "out", &["--seed", "7", "--force"]);
    let manifest = fs::read_to_string(first.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"master_seed\": 7"), "{manifest}");

    // An empty folder is fine; a bare games.csv is a run too.
    fs::create_dir_all(dir.path().join("empty")).unwrap();
    small_run(dir.path(), "empty", &[]);
    let bare = dir.path().join("bare");
    fs::create_dir_all(&bare).unwrap();
    fs::write(bare.join("games.csv"), &games).unwrap();
    refused(
        run("nice,greedy", "6")
            .args(["--quiet", "--out"])
            .arg(&bare),
        "games.csv without manifest.json",
    );

    // A scenario's `out` is guarded the same way, and --force works there too.
    let scenario = write_file(
        dir.path(),
        "s.toml",
        &format!(
            "game = \"t2r\"\noptions = {{ map = \"small\" }}\nbots = [\"nice\", \"random\"]\n\
             games = 6\nseed = 3\nout = \"{}\"\n\
             [[gates]]\nkind = \"win-rate\"\nbot = \"nice\"\nagainst = \"random\"\nmin_lower = 0.0\n",
            first.display()
        ),
    );
    let scenario_run = |extra: &[&str]| {
        tourney()
            .arg("run")
            .arg(&scenario)
            .args(["--quiet", "--no-plots"])
            .args(extra)
            .assert()
    };
    scenario_run(&[])
        .code(2)
        .stderr(predicate::str::contains("already holds"));
    scenario_run(&["--force"]).success();
    let scenario_games = fs::read(first.join("games.csv")).unwrap();

    // `check` continues its own run (the verdict is the same) but refuses another one.
    let check = |extra: &[&str], out: &Path| {
        tourney()
            .arg("check")
            .arg(&scenario)
            .arg("--quiet")
            .args(extra)
            .arg("--out")
            .arg(out)
            .assert()
    };
    check(&[], &first).code(0);
    assert_eq!(fs::read(first.join("games.csv")).unwrap(), scenario_games);
    let other = dir.path().join("empty");
    check(&[], &other).code(2).stderr(predicate::str::contains(
        "master seed: 20261121 in the folder, 3 here",
    ));
    check(&["--force"], &other).code(0);

    // `merge --out` does not write over another run either.
    let part = |i: &str| {
        small_run(
            dir.path(),
            &format!("part{i}"),
            &["--shard", &format!("{i}/2")],
        )
    };
    let (one, two) = (part("1"), part("2"));
    let merge = |extra: &[&str]| {
        tourney()
            .args(["merge", "--quiet", "--no-plots"])
            .args([&one, &two])
            .arg("--out")
            .arg(&first)
            .args(extra)
            .assert()
    };
    merge(&[])
        .code(2)
        .stderr(predicate::str::contains("already holds"));
    assert_eq!(fs::read(first.join("games.csv")).unwrap(), scenario_games);
    merge(&["--force"]).success();
    // The same merge again (a requeued job) writes the same folder.
    let merged_games = fs::read(first.join("games.csv")).unwrap();
    merge(&[]).success();
    assert_eq!(fs::read(first.join("games.csv")).unwrap(), merged_games);

    // Nor `report --out`: its report files would no longer be those of the run there.
    report(&[&one, &two], &first)
        .code(2)
        .stderr(predicate::str::contains("holds another run"));
    assert_eq!(fs::read(first.join("games.csv")).unwrap(), merged_games);
}

#[test]
fn report_refuses_a_folder_twice_and_two_folders_of_the_same_games() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path(), "a", &[]);
    let out = dir.path().join("out");
    report(&[&run, &run], &out)
        .code(2)
        .stderr(predicate::str::contains("given twice"));
    let same = run.join("..").join("a");
    report(&[&run, &same], &out)
        .code(2)
        .stderr(predicate::str::contains("are one folder"));
    let copy = dir.path().join("copy");
    fs::create_dir_all(&copy).unwrap();
    for file in ["games.csv", "manifest.json"] {
        fs::copy(run.join(file), copy.join(file)).unwrap();
    }
    report(&[&run, &copy], &out)
        .code(2)
        .stderr(predicate::str::contains("both hold games 0..6"));
    // Shards of one run hold different games: they combine.
    let one = small_run(dir.path(), "one", &["--shard", "1/2"]);
    let two = small_run(dir.path(), "two", &["--shard", "2/2"]);
    report(&[&one, &two], &out).success();
}

#[test]
fn report_refuses_folders_of_different_games_rules_or_options() {
    let dir = tempfile::tempdir().unwrap();
    let small = small_run(dir.path(), "small", &[]);
    let out = dir.path().join("out");
    let labyrinth = dir.path().join("labyrinth");
    support::run_game("labyrinth", "random,basic", "4")
        .args(["--quiet", "--no-plots", "--out"])
        .arg(&labyrinth)
        .assert()
        .success();
    report(&[&small, &labyrinth], &out)
        .code(2)
        .stderr(predicate::str::contains("game: t2r in"));
    let cgs = small_run(dir.path(), "cgs", &["--rules", "cgs"]);
    report(&[&small, &cgs], &out)
        .code(2)
        .stderr(predicate::str::contains("rules: official in"));
    let europe = dir.path().join("europe");
    run("nice,greedy", "2")
        .args(["--map", "europe", "--quiet", "--no-plots", "--out"])
        .arg(&europe)
        .assert()
        .success();
    report(&[&small, &europe], &out)
        .code(2)
        .stderr(predicate::str::contains("option map: small in"));
    // Other seeds and bots of the same game combine, and so does a bare games.csv.
    let seeded = small_run(
        dir.path(),
        "seeded",
        &["--seed", "9", "--bots", "nice,random"],
    );
    let other = small_run(dir.path(), "other", &["--seed", "11"]);
    let bare = dir.path().join("bare");
    fs::create_dir_all(&bare).unwrap();
    fs::rename(other.join("games.csv"), bare.join("games.csv")).unwrap();
    report(&[&small, &seeded, &bare], &out).success();
}

#[test]
fn report_checks_every_column_of_games_csv() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path(), "run", &[]);
    let text = fs::read_to_string(run.join("games.csv")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // (line to change, column, new value, expected message after `games.csv:LINE: `); line 1
    // is the header.
    let cases: [(usize, usize, &str, &str); 14] = [
        (3, 1, "xx", "column 'seed' is 'xx', not a whole number"),
        (2, 0, "-1", "column 'game' is '-1'"),
        (3, 1, "5", "column 'seed' of game 0 is '5' here"),
        (3, 2, "1", "column 'pairing' of game 0"),
        (3, 9, "7", "column 'turns' of game 0"),
        (3, 4, "2", "seat 2 of game 0 out of order"),
        (3, 5, "", "bot name \"\" is empty"),
        (3, 6, "1.5", "column 'score' is '1.5', not an integer"),
        (3, 7, "0", "column 'rank' is '0'"),
        (3, 7, "3", "rank 3 of game 0 is above its 2 seats"),
        (3, 8, "won", "unknown termination 'won'"),
        (3, 10, "2", "column 'fault' is '2', not 0 or 1"),
        (3, 10, "1", "fault 1 in a game ended by '"),
        (
            3,
            11,
            "NaN",
            "column 'route_points' is 'NaN', not a finite number",
        ),
    ];
    let bad = dir.path().join("bad");
    fs::create_dir_all(&bad).unwrap();
    for (line, column, value, message) in cases {
        let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let mut fields: Vec<&str> = changed[line - 1].split(',').collect();
        fields[column] = value;
        changed[line - 1] = fields.join(",");
        fs::write(bad.join("games.csv"), changed.join("\n") + "\n").unwrap();
        report(&[&bad], &dir.path().join("out"))
            .code(2)
            .stderr(predicate::str::contains(format!(
                "games.csv:{line}: {message}"
            )));
    }
    // A game given twice (its rows repeated after the next game's).
    let mut repeated: Vec<&str> = lines[..5].to_vec();
    repeated.extend(&lines[1..3]);
    fs::write(bad.join("games.csv"), repeated.join("\n") + "\n").unwrap();
    report(&[&bad], &dir.path().join("out"))
        .code(2)
        .stderr(predicate::str::contains(
            "games.csv:6: game 0 after game 1: each game must come once",
        ));
}

#[test]
fn a_damaged_records_file_is_bad_input_named_with_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path(), "rec", &["--record"]);
    let records = fs::read(run.join("records.jsonl.gz")).unwrap();
    let mut flipped = records.clone();
    for byte in &mut flipped[30..60] {
        *byte ^= 0x55;
    }
    let mut not_json = Vec::new();
    {
        use std::io::{Read, Write};
        let mut text = String::new();
        flate2::read::GzDecoder::new(&records[..])
            .read_to_string(&mut text)
            .unwrap();
        let header = text.lines().next().unwrap();
        let mut encoder =
            flate2::write::GzEncoder::new(&mut not_json, flate2::Compression::default());
        write!(encoder, "{header}\nnot json\n").unwrap();
        encoder.finish().unwrap();
    }
    for (name, bytes, message) in [
        // Cut before its first whole line (after one, the games before the cut replay).
        ("truncated", records[..20].to_vec(), "cut short"),
        ("corrupt", flipped, "records.jsonl.gz"),
        (
            "plain",
            b"not gzip at all".to_vec(),
            "records.jsonl.gz: damaged",
        ),
        (
            "not-json",
            not_json,
            "records.jsonl.gz, line 2: not a game's record",
        ),
    ] {
        let damaged = dir.path().join(name);
        fs::create_dir_all(&damaged).unwrap();
        fs::copy(run.join("games.csv"), damaged.join("games.csv")).unwrap();
        fs::write(damaged.join("records.jsonl.gz"), bytes).unwrap();
        refused(
            tourney()
                .args(["replay", "--quiet", "--game", "1"])
                .arg(&damaged),
            message,
        );
    }
}
