//! Numbers and files past their bounds (`src/input.rs`): each refused with exit 2 and a
//! message naming the bound, before anything is played or read to the end; and what is read
//! from a user is read as a careful tool would (a byte-order mark passed over, a control
//! character printed escaped, a closed stdout ending quietly).

use super::external::python_manifest;
use super::support::{
    refused, run, run_against_random, small_run, tourney, tourney_path, words, write_file,
};
use std::fs;
use std::path::Path;
use std::process::Stdio;

#[test]
fn counts_past_their_bound_are_refused_naming_it() {
    let most_games = "--games must be at most 1,000,000,000 (got 18,446,744,073,709,551,615)";
    refused(
        &mut run("random,random", "18446744073709551615"),
        most_games,
    );
    // A knockout named a champion of no games.
    refused(
        run("random,greedy,nice,random", "18446744073709551615").args(["--format", "knockout"]),
        most_games,
    );
    refused(
        run("random,greedy,nice,random", "10").args(words(
            "--format knockout --match-games 18446744073709551615",
        )),
        "--match-games must be at most 1,000,000,000",
    );
    refused(
        tourney()
            .args(["tune", "--bot", "mcts", "--param", "c=0:2"])
            .args(["--batch", "4294967296"]),
        "--batch ([tune] batch) must be at most 1,000,000 (got 4,294,967,296)",
    );
    let bots = vec!["random"; 203].join(",");
    refused(
        tourney()
            .args(words("run --game carcassonne --players 3 --bots"))
            .arg(&bots),
        "203 bots in games of 3 seats make 1,373,701 groups to play: a round robin may have at \
         most 1,000,000",
    );
    refused(
        tourney().args(words("run --bots random,random --limit-files 10000000")),
        "--limit-files must be at most 1,048,576 (got 10,000,000)",
    );
}

/// Game options and `--faults tolerate=N` were parsed into a u32 with no bound of their own:
/// `turn_limit=4294967295` was taken (and the doubled turn count a Labyrinth bot compares
/// against wrapped), and a tolerance past a u32 was refused without saying what the most is.
#[test]
fn game_options_and_tolerated_faults_past_their_bound_are_refused_naming_it() {
    for (game, bots) in [
        ("t2r", "random,random"),
        ("labyrinth", "random,random"),
        ("fresh-fish", "random,random"),
    ] {
        let message = format!(
            "invalid value '4294967295' for option 'turn_limit' of {game}; valid values: turns \
             per player, 1 to 1,000,000"
        );
        refused(
            run(bots, "2").args(["--game", game, "--option", "turn_limit=4294967295"]),
            &message,
        );
        refused(
            run(bots, "2").args(["--game", game, "--option", "turn_limit=1000001"]),
            &message.replace("4294967295", "1000001"),
        );
    }
    // A scenario's options are the same options.
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("s.toml");
    fs::write(
        &scenario,
        "game = \"labyrinth\"\nbots = [\"random\", \"greedy\"]\ngames = 2\n\
         options = { turn_limit = 2000000 }\n",
    )
    .unwrap();
    refused(
        tourney().arg("run").arg(&scenario),
        "valid values: turns per player, 1 to 1,000,000",
    );
    refused(
        run("random,random", "2").args(["--faults", "tolerate=4294967296"]),
        "--faults tolerate=N (the faults forgiven per seat per game) must be at most 1,000,000 \
         (got 4,294,967,296)",
    );
}

#[test]
fn times_past_a_week_are_refused_naming_the_bound() {
    for (flags, message) in [
        (
            "--progress-every 1e308",
            "--progress-every must be at most 604,800 seconds, a week (got 1e308)",
        ),
        (
            "--clock 1e18+1e18",
            "the bank must be at most 604,800 seconds, a week (got 1e18)",
        ),
        (
            "--clock 60+1e6",
            "the increment must be at most 604,800 seconds",
        ),
        ("--clock-margin-ms 604800001", "must be at most 604,800,000"),
    ] {
        refused(run("random,random", "2").args(words(flags)), message);
    }
    refused(
        tourney().args(["serve", "--timeout", "1e300"]),
        "--timeout must be at most 604,800 seconds",
    );
    let dir = tempfile::tempdir().unwrap();
    let slow = python_manifest(
        dir.path(),
        "slow",
        &["bot.py"],
        "move_ms = 9223372036854775807",
    );
    refused(
        &mut run_against_random(&slow),
        "`move_ms` (milliseconds) must be at most 604,800,000",
    );
    let scenario = write_file(
        dir.path(),
        "big.toml",
        "bots = [\"random\", \"greedy\"]\ngames = 9223372036854775807\n",
    );
    refused(
        tourney().arg("run").arg(&scenario),
        "big.toml:2: `games` must be at most 1,000,000,000",
    );
}

#[test]
fn endless_inputs_are_read_up_to_their_bound_only() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        tourney().args(["run", "--bots", "random,random", "--seeds", "/dev/zero"]),
        "cannot read the seeds file /dev/zero: longer than 64 MiB, the most a seeds file may hold",
    );
    refused(
        tourney().args(["run", "/dev/zero"]),
        "cannot read the scenario /dev/zero: longer than 1 MiB",
    );
    let endless = dir.path().join("endless.toml");
    std::os::unix::fs::symlink("/dev/zero", &endless).unwrap();
    refused(
        &mut run_against_random(&endless),
        "cannot read the bot manifest: longer than 1 MiB",
    );
    let out = dir.path().join("run");
    small_run("random,random", "2", &[], &out);
    fs::remove_file(out.join("manifest.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", out.join("manifest.json")).unwrap();
    refused(
        tourney().arg("report").arg(&out),
        "longer than 64 MiB, the most a manifest.json may hold",
    );
    let lone = dir.path().join("lone");
    fs::create_dir_all(&lone).unwrap();
    fs::write(lone.join("games.csv"), vec![b'x'; (16 << 20) + 10]).unwrap();
    refused(
        tourney().arg("report").arg(&lone),
        "longer than 16 MiB, the most a games.csv line may hold",
    );
}

#[test]
fn a_seeds_file_may_start_with_a_byte_order_mark_and_control_characters_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let seeds = dir.path().join("seeds.txt");
    fs::write(&seeds, "\u{feff}1\n2\n").unwrap();
    let play = |out: &Path| {
        tourney()
            .args(words("run --bots random,random --map small --seeds"))
            .arg(&seeds)
            .args(["--quiet", "--no-plots", "--out"])
            .arg(out)
            .assert()
            .success();
    };
    let with = dir.path().join("with");
    play(&with);
    fs::write(&seeds, "1\n2\n").unwrap();
    let without = dir.path().join("without");
    play(&without);
    let games = |dir: &Path| fs::read_to_string(dir.join("games.csv")).unwrap();
    assert_eq!(games(&with), games(&without));
    fs::write(&seeds, "1\n\0\u{1b}[2J\n").unwrap();
    let refusal = tourney()
        .args(["run", "--bots", "random,random", "--seeds"])
        .arg(&seeds)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&refusal.get_output().stderr).to_string();
    assert!(stderr.contains(r"'\0\u{1b}[2J' is not a seed"), "{stderr}");
    assert!(!stderr.contains(['\0', '\u{1b}']), "{stderr:?}");
}

/// `tourney replay DIR --game 0 | head -1`: the reader gone, tourney ends as a tool killed by
/// SIGPIPE (or 0), silently; it exited 3, "Broken pipe".
#[test]
fn a_replay_whose_reader_has_gone_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rec");
    small_run("random,random", "2", &["--record"], &out);
    let mut child = std::process::Command::new(tourney_path())
        .arg("replay")
        .arg(&out)
        .args(["--game", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let ended = child.wait_with_output().unwrap();
    let quiet = ended.status.code() == Some(0) || ended.status.signal() == Some(libc::SIGPIPE);
    assert!(quiet, "{:?}", ended.status);
    assert!(
        ended.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&ended.stderr)
    );
}

/// A limit above what this machine lets a process have made the program "not start:
/// Operation not permitted"; the message names the limit now.
#[test]
fn a_limit_the_machine_cannot_apply_is_named() {
    // SAFETY: getrlimit fills the struct it is given.
    let hard = unsafe {
        let mut limit = std::mem::zeroed::<libc::rlimit>();
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
        limit.rlim_max
    };
    if hard >= 1 << 20 {
        eprintln!("skipped: this machine allows every open-files limit tourney takes");
        return;
    }
    let example = super::programs::examples().join("t2r-random-py.toml");
    let dir = tempfile::tempdir().unwrap();
    let asked = (hard + 1).to_string();
    refused(
        tourney()
            .args(["run", "--quiet", "--map", "small", "--games", "2"])
            .args(["--limit-files", &asked, "--bots"])
            .arg(format!("random,{}", example.display()))
            .arg("--out")
            .arg(dir.path().join("out")),
        &format!("a limit of {asked} open files (--limit-files or [limits] open_files) is more"),
    );
}
