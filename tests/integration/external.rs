//! Bots outside the harness, through the real binary: the example C and Python players of
//! `bots/examples/` (the C one built here with `cc`), every fault kind adjudicated and counted,
//! bit-identical results at any thread count, and manifests refused before a run.

use super::programs::{examples, manifest};
use super::support::{per_bot, refused, root, summary, temp_file, tourney, words};
use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

/// `tourney` started by a shell that runs `setup` first (opens a descriptor, lowers a limit),
/// so the harness starts with what it made.
pub(super) fn tourney_after(setup: &str) -> Command {
    let mut command = Command::new("sh");
    command
        .args(["-c", &format!("{setup} && exec \"$0\" \"$@\"")])
        .arg(env!("CARGO_BIN_EXE_tourney"))
        .current_dir(root())
        .env("TOURNEY_DB", super::support::test_db());
    command
}

/// Builds `bots/examples/random.c` into `dir` with the system C compiler.
fn build_c_random(dir: &Path) -> PathBuf {
    let binary = dir.join("random");
    let status = std::process::Command::new("cc")
        .args(["-O2", "-Wall", "-Werror", "-o"])
        .arg(&binary)
        .arg(examples().join("random.c"))
        .status()
        .expect("a C compiler (cc) is installed");
    assert!(status.success(), "random.c compiles without warnings");
    binary
}

/// `games.csv` as rows of (bot, termination, fault) per seat, in file order.
pub(super) fn seats(out: &Path) -> Vec<(String, String, String)> {
    let text = fs::read_to_string(out.join("games.csv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (
                cells[5].to_string(),
                cells[8].to_string(),
                cells[10].to_string(),
            )
        })
        .collect()
}

/// A quiet run of `bots` into `out`, from the repository's root, with these extra flags.
fn run(out: &Path, bots: &str, games: &str, extra: &[&str]) {
    tourney()
        .args([
            "run",
            "--quiet",
            "--no-plots",
            "--bots",
            bots,
            "--games",
            games,
        ])
        .arg("--out")
        .arg(out)
        .args(extra)
        .assert()
        .success();
}

/// A Ticket to Ride manifest `dir/NAME.toml` for the fault double `doubles/fault.py`, which
/// misbehaves as `mode` (its arguments) says.
pub(super) fn fault_double(dir: &Path, name: &str, mode: &[&str], extra: &str) -> PathBuf {
    let script = examples().join("doubles/fault.py").display().to_string();
    let args: Vec<&str> = std::iter::once(script.as_str())
        .chain(mode.iter().copied())
        .collect();
    python_manifest(dir, name, &args, extra)
}

/// A Ticket to Ride manifest `dir/NAME.toml` of `python3 ARGS`.
pub(super) fn python_manifest(dir: &Path, name: &str, args: &[&str], extra: &str) -> PathBuf {
    manifest(dir, name, "t2r", Path::new("python3"), args, extra)
}

/// The flags of a small, quiet run of `random` against a fault double that takes a second a
/// move while the file `slow` (created here) exists in `dir`, creates `acted` there when asked
/// to move, and plays as fast as any once `slow` is gone: a run the test stops mid-game.
pub(super) fn slow_run_flags(dir: &Path) -> Vec<String> {
    fs::write(dir.join("slow"), "").unwrap();
    let signals = dir.display().to_string();
    let double = fault_double(dir, "double", &["slow", &signals], "move_ms = 60000");
    let bots = format!("random,{}", double.display());
    // The double talks to the test through files in the test's folder, which a confined
    // program may not write (confinement has its own tests).
    let flags = "--games 4 --map small --quiet --no-plots --sandbox off";
    ["--bots", &bots]
        .into_iter()
        .chain(words(flags))
        .map(String::from)
        .collect()
}

#[test]
fn the_c_and_python_example_players_play_ticket_to_ride_and_labyrinth_without_faults() {
    let dir = tempfile::tempdir().unwrap();
    let binary = build_c_random(dir.path());
    for (game, options) in [
        ("t2r", vec!["--map", "small"]),
        ("labyrinth", vec!["--option", "size=7x7"]),
    ] {
        let c = manifest(dir.path(), &format!("{game}-c"), game, &binary, &[], "");
        let python = examples().join(format!("{game}-random-py.toml"));
        let mut players = vec![
            (c.display().to_string(), format!("{game}-c")),
            (python.display().to_string(), format!("{game}-random-py")),
        ];
        if game == "t2r" {
            let claimer = examples().join("t2r-claimer-py.toml");
            players.push((claimer.display().to_string(), "t2r-claimer-py".to_string()));
        }
        for (bot, label) in players {
            let out = dir.path().join(format!("out-{label}"));
            let extra = [&["--game", game, "--threads", "2"][..], &options].concat();
            run(&out, &format!("random,{bot}"), "6", &extra);
            let rows = seats(&out);
            assert_eq!(rows.len(), 12, "{label}: 6 games of 2 seats");
            assert_eq!(rows.iter().filter(|r| r.0 == label).count(), 6, "{label}");
            for (bot, termination, fault) in &rows {
                assert!(
                    termination != "illegal" && termination != "crash" && termination != "timeout",
                    "{label}: {bot} lost by {termination}"
                );
                assert_eq!(fault, "0");
            }
            assert!(out.join("logs").join(format!("{label}.log")).is_file());
        }
    }
}

#[test]
fn results_are_bit_identical_at_any_thread_count_and_under_either_restart_policy() {
    let dir = tempfile::tempdir().unwrap();
    let binary = build_c_random(dir.path());
    let c = |name: &str, extra: &str| manifest(dir.path(), name, "t2r", &binary, &[], extra);
    let reused = c("c-reused", "restart = \"on-fault\"");
    let fresh = c("c-fresh", "restart = \"every-game\"");
    let mut tables = Vec::new();
    for (bot, threads) in [(&reused, "1"), (&reused, "3"), (&fresh, "2")] {
        let out = dir.path().join(format!("out-{threads}"));
        let bots = format!("nice,{}", bot.display());
        run(&out, &bots, "24", &["--map", "small", "--threads", threads]);
        let csv = fs::read_to_string(out.join("games.csv")).unwrap();
        tables.push(csv.replace("c-fresh", "c-reused"));
    }
    assert_eq!(tables[0], tables[1], "1 vs 3 threads");
    assert_eq!(
        tables[0], tables[2],
        "a process per game vs reused processes"
    );
}

/// One fault kind: the double's seat loses every game with `expected`, the fault column marks
/// it, the message says why, and the per-bot counts of `summary.json` and `report.md` agree.
fn adjudicates(mode_args: &[&str], extra: &str, expected: &str, message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let extra = format!("move_ms = 300\n{extra}");
    let double = fault_double(dir.path(), "double", mode_args, &extra);
    let out = dir.path().join("out");
    let bots = format!("random,{}", double.display());
    run(&out, &bots, "4", &["--map", "small", "--threads", "2"]);
    let rows = seats(&out);
    assert_eq!(rows.len(), 8);
    for (bot, termination, fault) in &rows {
        assert_eq!(termination, expected, "{mode_args:?}");
        assert_eq!(
            fault == "1",
            bot == "double",
            "{mode_args:?}: the fault is the double's"
        );
    }
    let summary = summary(&out);
    let double = per_bot(&summary, "double");
    let example = double["fault_examples"][0].as_str().unwrap();
    assert!(
        example.contains(message),
        "{mode_args:?}: '{example}' lacks '{message}'"
    );
    let key = match expected {
        "timeout" => "timeouts",
        "crash" => "crashes",
        other => other,
    };
    assert_eq!(double[key], 4, "{mode_args:?}: {double}");
    assert_eq!(summary["terminations"][expected], 4);
    let report = fs::read_to_string(out.join("report.md")).unwrap();
    let row = match expected {
        "crash" => "| double | 4 | 4 | 0 | 0 |",
        "illegal" => "| double | 4 | 0 | 4 | 0 |",
        _ => "| double | 4 | 0 | 0 | 4 |",
    };
    assert!(report.contains(row), "{mode_args:?}: report lacks {row}");
    assert_no_process_left(dir.path());
}

/// No process started from `dir` is still running (or left as a zombie of the harness, which
/// has exited anyway): every double was killed and reaped.
fn assert_no_process_left(dir: &Path) {
    let marker = dir.display().to_string();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmdline) = fs::read(entry.path().join("cmdline")) {
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            assert!(
                !cmdline.contains(&marker),
                "still running after the run: {cmdline}"
            );
        }
    }
}

/// Each way a program can fail its game, as the fault double's mode (with its arguments),
/// the manifest's extra lines, the termination it loses by and what its fault says.
#[test]
fn a_bot_that_fails_its_game_loses_by_the_fault_it_made() {
    let cases: [(&[&str], &str, &str, &str); 7] = [
        (&["sleep"], "", "timeout", "no answer within 300 ms"),
        (&["die"], "", "crash", "exit status: 3"),
        (&["close"], "", "crash", "its output ended"),
        (&["deaf"], "", "crash", "its stdin is closed"),
        (&["garbage"], "", "illegal", "not JSON"),
        (
            &["long"],
            "max_line_bytes = 65536",
            "illegal",
            "longer than 65536 bytes",
        ),
        // Passing is never legal while tickets are to be kept.
        (
            &["illegal", r#"{"kind":"pass"}"#],
            "",
            "illegal",
            "passes: tickets are on offer: the only legal answer is keep-tickets",
        ),
    ];
    for (mode_args, extra, expected, message) in cases {
        adjudicates(mode_args, extra, expected, message);
    }
}

#[test]
fn a_bot_flooding_stderr_plays_on_and_its_log_is_capped() {
    let dir = tempfile::tempdir().unwrap();
    let double = fault_double(dir.path(), "flood", &["flood"], "move_ms = 5000");
    let out = dir.path().join("out");
    let bots = format!("random,{}", double.display());
    run(&out, &bots, "2", &["--map", "small"]);
    assert!(
        seats(&out).iter().all(|r| r.2 == "0"),
        "flooding is no fault"
    );
    let log = out.join("logs/flood.log");
    let size = fs::metadata(&log).unwrap().len();
    assert!(size <= 16 << 20, "log capped, got {size} bytes");
    let head = fs::read_to_string(&log).unwrap();
    assert!(head.starts_with("[game "), "lines say which game and seat");
    assert!(head.contains("flood flood"));
}

#[test]
fn scenario_files_accept_manifests_like_built_in_bots() {
    let python = examples().join("t2r-random-py.toml");
    let (dir, scenario) = temp_file(
        "s.toml",
        &format!(
            "game = \"t2r\"\noptions = {{ map = \"small\" }}\nbots = [\"random\", {:?}, \
             {{ bot = {:?}, name = \"py-2\" }}]\ngames = 2\nseed = 3\n",
            python.display().to_string(),
            python.display().to_string()
        ),
    );
    let out = dir.path().join("out");
    tourney()
        .args(["run", "--quiet", "--no-plots", "--out"])
        .arg(&out)
        .arg(&scenario)
        .assert()
        .success();
    let bots: Vec<String> = seats(&out).into_iter().map(|r| r.0).collect();
    assert!(bots.contains(&"t2r-random-py".to_string()));
    assert!(bots.contains(&"py-2".to_string()));
}

#[test]
fn broken_manifests_are_refused_before_the_run_with_exit_code_2() {
    let (dir, typo) = temp_file(
        "typo.toml",
        "name = \"x\"\ngame = \"t2r\"\ncommand = \"c\"\nmove_sm = 5\n",
    );
    let labyrinth = examples().join("labyrinth-random-py.toml");
    for (bot, message) in [
        (typo.display().to_string(), "typo.toml:4:".to_string()),
        (
            labyrinth.display().to_string(),
            "is for game 'labyrinth', not t2r".to_string(),
        ),
        (
            dir.path().join("missing.toml").display().to_string(),
            "cannot read the bot manifest".to_string(),
        ),
    ] {
        refused(
            tourney()
                .args(["run", "--games", "2", "--bots"])
                .arg(format!("random,{bot}")),
            &message,
        );
    }
}

#[test]
fn a_manifest_listed_twice_gets_two_labels() {
    let dir = tempfile::tempdir().unwrap();
    let python = examples().join("t2r-random-py.toml").display().to_string();
    let out = dir.path().join("out");
    run(
        &out,
        &format!("{python},{python}"),
        "2",
        &["--map", "small"],
    );
    let mut bots: Vec<String> = seats(&out).into_iter().map(|r| r.0).collect();
    bots.sort();
    bots.dedup();
    assert_eq!(bots, ["t2r-random-py", "t2r-random-py#2"]);
}
