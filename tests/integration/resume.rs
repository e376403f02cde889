//! `tourney run --resume`: a run killed anywhere (kill -9, a torn last line, power loss leaving
//! garbage) and resumed ends with the very files of an uninterrupted run; a folder of another
//! configuration is refused, naming the difference.

use super::support::{
    assert_same_files, line_ends, start, stderr_of, stop, tourney, words, write_file,
};
use assert_cmd::assert::Assert;
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

/// A fast run with faults (test-illegal loses every game by an illegal move, and the summary
/// quotes the first few with their game index): 6000 games in a couple of dozen blocks.
pub(super) const RUN: [&str; 10] = [
    "--bots",
    "random,nice,test-illegal",
    "--map",
    "small",
    "--games",
    "2000",
    "--seed",
    "77",
    "--quiet",
    "--no-plots",
];

/// `tourney run ARGS FLAGS DIR`: every run here ends with its folder, after `--out` or
/// `--resume`.
fn run_in(args: &[&str], flags: &[&str], dir: &Path) -> Assert {
    tourney()
        .arg("run")
        .args(args)
        .args(flags)
        .arg(dir)
        .assert()
}

/// The uninterrupted [`RUN`] into `dir`, and how long it took.
fn reference(dir: &Path) -> Duration {
    let started = Instant::now();
    run_in(&RUN, &["--threads", "1", "--out"], dir).success();
    started.elapsed()
}

fn resume(dir: &Path, threads: &str) {
    run_in(&RUN, &["--threads", threads, "--resume"], dir).success();
}

/// SplitMix64: the kill times are seeded, so a failure can be replayed.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn kill_9_or_ctrl_c_at_random_points_then_resume_gives_the_uninterrupted_files() {
    let root = tempfile::tempdir().unwrap();
    let whole = root.path().join("whole");
    let took = reference(&whole);
    // Kills spread over the whole life of a run: before the manifest, while games stream,
    // while the summary and reports are written, after the end.
    let span = took.as_millis().max(20) as u64 * 11 / 10;
    let mut state = 20261123;
    let mut landed = Vec::new();
    for round in 0..20 {
        let dir = root.path().join(format!("killed{round}"));
        let mut child = start("run", &RUN, "1", &dir);
        let wait = next(&mut state) % span;
        std::thread::sleep(Duration::from_millis(wait));
        // Ctrl-C: the run stops after its block, writes an interrupted summary, exits 130.
        stop(&mut child, round % 4 == 3);
        landed.push((
            wait,
            fs::metadata(dir.join("games.csv")).map_or(0, |m| m.len()),
            dir.join("summary.json").exists(),
        ));
        resume(&dir, if round % 2 == 0 { "1" } else { "2" });
        assert_same_files(&whole, &dir);
    }
    eprintln!("span {span} ms; (ms before the kill, games.csv bytes, summary written): {landed:?}");
}

#[test]
fn a_torn_last_line_or_garbage_after_a_power_loss_is_cut_and_its_games_replayed() {
    let root = tempfile::tempdir().unwrap();
    let whole = root.path().join("whole");
    reference(&whole);
    let csv = fs::read(whole.join("games.csv")).unwrap();
    let manifest = fs::read(whole.join("manifest.json")).unwrap();
    let header = csv.iter().position(|&b| b == b'\n').unwrap() + 1;
    let line_ends = line_ends(&csv);
    let cuts = [
        (0, &b""[..]),
        (header - 3, b""),
        (header, b""),
        // Between the two seats' rows of one game, and mid-row.
        (line_ends[11], b""),
        (line_ends[400] + 17, b""),
        (line_ends[1000], b"\0\0\0\0\0\0\0\0"),
        (csv.len() / 2, b"\0\0\0\0"),
        // The complete file but its last line break.
        (csv.len() - 1, b""),
        (csv.len(), b""),
    ];
    for (i, (cut, garbage)) in cuts.into_iter().enumerate() {
        let dir = root.path().join(format!("cut{i}"));
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("manifest.json"), &manifest).unwrap();
        fs::write(dir.join("games.csv"), [&csv[..cut], garbage].concat()).unwrap();
        if i % 2 == 0 {
            resume(&dir, "2");
        } else {
            // Without the command line: the configuration comes from manifest.json.
            run_in(&[], &["--quiet", "--no-plots", "--resume"], &dir).success();
        }
        assert_same_files(&whole, &dir);
    }
}

#[test]
fn resuming_a_new_folder_starts_the_run_there() {
    let root = tempfile::tempdir().unwrap();
    let whole = root.path().join("whole");
    reference(&whole);
    let fresh = root.path().join("fresh");
    resume(&fresh, "2");
    assert_same_files(&whole, &fresh);
}

/// Runs `args` with `--resume dir`: must exit 2 naming `phrase`, leaving `games.csv` alone.
fn refused(dir: &Path, args: &[&str], phrase: &str) {
    let before = fs::read(dir.join("games.csv")).unwrap();
    let stderr = stderr_of(run_in(args, &["--quiet", "--no-plots", "--resume"], dir).code(2));
    assert!(
        stderr.contains("cannot be resumed") && stderr.contains(phrase),
        "{args:?}: expected '{phrase}' in: {stderr}"
    );
    assert_eq!(fs::read(dir.join("games.csv")).unwrap(), before);
}

fn run_into(dir: &Path, args: &[&str]) {
    run_in(args, &["--quiet", "--no-plots", "--out"], dir).success();
}

/// Rewrites one field of the folder's configuration, with the hash that goes with it.
fn edit_configuration(dir: &Path, field: &str, value: &str) {
    use sha2::{Digest, Sha256};
    let path = dir.join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    manifest["configuration"][field] = serde_json::Value::String(value.to_string());
    let bytes = serde_json::to_vec(&manifest["configuration"]).unwrap();
    let hash: String = Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    manifest["configuration_sha256"] = serde_json::Value::String(hash);
    fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
}

#[test]
fn a_folder_of_another_configuration_is_refused_naming_each_difference() {
    let root = tempfile::tempdir().unwrap();
    let base = ["--bots", "random,nice", "--map", "small", "--games", "10"];
    let t2r = root.path().join("t2r");
    run_into(&t2r, &[&base[..], &["--seed", "3"]].concat());
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut args = base.to_vec();
        args.extend(extra);
        if !extra.contains(&"--seed") {
            args.extend(["--seed", "3"]);
        }
        args
    };
    // The folder's command line with one of its values changed.
    let changed = |at: usize, value: &'static str| {
        let mut args = with(&[]);
        args[at] = value;
        args
    };
    let labyrinth = [
        "--game",
        "labyrinth",
        "--bots",
        "random,basic",
        "--games",
        "10",
        "--seed",
        "3",
    ];
    for (args, phrase) in [
        (
            with(&["--seed", "4"]),
            "master seed: 3 in the folder, 4 here",
        ),
        (
            changed(1, "random,greedy"),
            "bots: random,nice in the folder, random,greedy here",
        ),
        (
            changed(5, "20"),
            "games per pairing: 10 in the folder, 20 here",
        ),
        (
            with(&["--rules", "cgs"]),
            "rules: official in the folder, cgs here",
        ),
        (
            changed(3, "usa"),
            "option map: small in the folder, usa here",
        ),
        (
            with(&["--option", "turn_limit=300"]),
            "option turn_limit: 500 in the folder, 300 here",
        ),
        (
            with(&["--field", "nice"]),
            "format: round-robin in the folder, field:nice here",
        ),
        (
            with(&["--shard", "1/2"]),
            "shard: no shard (every game) in the folder, 1/2 here",
        ),
        (
            labyrinth.to_vec(),
            "game: t2r in the folder, labyrinth here",
        ),
    ] {
        refused(&t2r, &args, phrase);
    }
    edit_configuration(&t2r, "binary_sha256", &"0".repeat(64));
    refused(
        &t2r,
        &with(&[]),
        "binary (another build plays other games): sha256 000000000000",
    );
    edit_configuration(&t2r, "tool", "tourney 0.0.1");
    refused(
        &t2r,
        &with(&[]),
        "tool: tourney 0.0.1 in the folder, tourney ",
    );

    let fish = root.path().join("fish");
    let fish_args = words("--game fresh-fish --bots random,random,random --games 2");
    run_into(&fish, &[&fish_args[..], &["--players", "2"]].concat());
    refused(
        &fish,
        &[&fish_args[..], &["--players", "3"]].concat(),
        "seats: 2 in the folder, 3 here",
    );

    let scenario = |nodes: u32| {
        write_file(
            root.path(),
            &format!("minimax{nodes}.toml"),
            &format!(
                "game = \"labyrinth\"\ngames = 2\n[options]\nsize = \"7x7\"\n\
                 [[bots]]\nbot = \"minimax\"\nparams = {{ nodes = {nodes} }}\n\
                 [[bots]]\nbot = \"random\"\n"
            ),
        )
    };
    let maze = root.path().join("maze");
    let first = scenario(50);
    run_into(&maze, &[first.to_str().unwrap()]);
    let second = scenario(60);
    refused(
        &maze,
        &[second.to_str().unwrap()],
        "parameters of bot minimax: nodes=50 in the folder, nodes=60 here",
    );
}

#[test]
fn a_results_folder_without_a_manifest_is_not_resumed() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("old");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("games.csv"), "game,seed\n").unwrap();
    run_in(&RUN, &["--resume"], &dir)
        .code(2)
        .stderr(predicates::str::contains("no manifest.json"));
}

/// The regular files of a results folder (not `logs/`), by name, with their bytes.
pub(super) fn result_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let mut bytes = fs::read(&path).unwrap();
            if name.starts_with("report.") {
                bytes = without_think_times(&bytes);
            }
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

/// A report without its think-time table: the times a program took are measurements, which
/// differ from run to run (and a resumed run has only those of its own games).
fn without_think_times(report: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(report);
    let Some((before, rest)) = text
        .split_once("<h2>Think time per bot</h2>")
        .or_else(|| text.split_once("## Think time per bot"))
    else {
        return report.to_vec();
    };
    let after = rest
        .find("<h2>")
        .or_else(|| rest.find("\n## "))
        .unwrap_or(rest.len());
    format!("{before}{}", &rest[after..]).into_bytes()
}

#[test]
fn ctrl_c_in_the_middle_of_slow_games_stops_within_a_move_and_resume_completes_the_run() {
    let dir = tempfile::tempdir().unwrap();
    // While `slow` exists the double takes a second per move: a game lasts minutes, so a run
    // that finished its games before stopping would far outlast the bound below.
    let flags = super::external::slow_run_flags(dir.path());
    let args: Vec<&str> = flags.iter().map(String::as_str).collect();
    let slow = dir.path().join("slow");
    let stopped = dir.path().join("stopped");
    let mut child = start("run", &args, "1", &stopped);
    // The double has been asked for a move: a game is in play.
    while !dir.path().join("acted").exists() {
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    let signalled = Instant::now();
    std::process::Command::new("kill")
        .args(["-s", "INT", &child.id().to_string()])
        .status()
        .unwrap();
    let bound = Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > bound {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("still running {bound:?} after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130), "an interrupted run");
    // Fast from here on: the double plays the same moves at any speed.
    fs::remove_file(&slow).unwrap();
    run_in(&args, &["--threads", "1", "--resume"], &stopped).success();
    let whole = dir.path().join("whole");
    run_in(&args, &["--threads", "1", "--out"], &whole).success();
    assert_eq!(result_files(&whole), result_files(&stopped));
}
