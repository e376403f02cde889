//! The sandbox against a hostile program (`bots/examples/doubles/hostile.py`), through the real
//! binary: each attack is contained, a program that hits a limit loses by a fault naming it,
//! the harness finishes every game and no process is left. A protection this machine lacks
//! (`tourney list` says) skips its test with a note.

use super::external::{seats, tourney_after};
use super::programs::{assert_no_process_left, faults_of, hostile, manifest, supported};
use super::support::{logged_words, refused, run_against_random, tourney, words, write_file};
use std::fs;
use std::path::{Path, PathBuf};

/// Plays two games of `random` against the double attacking as `mode`, with `flags`; returns
/// the results folder and the double's log.
pub(super) fn attack(dir: &Path, mode: &str, arg: &str, flags: &[&str]) -> (PathBuf, String) {
    attack_from(tourney(), dir, mode, arg, flags, "")
}

/// The double's log after attacking as `mode` with `arg` in two games against `random`,
/// confined by default, in a folder of its own.
pub(super) fn attacked(mode: &str, arg: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    attack(dir.path(), mode, arg, &[]).1
}

/// [`attack`] by the `harness` command given, the double's manifest with `extra` lines. No
/// scratch folder is ever left behind.
pub(super) fn attack_from(
    harness: assert_cmd::Command,
    dir: &Path,
    mode: &str,
    arg: &str,
    flags: &[&str],
    extra: &str,
) -> (PathBuf, String) {
    let double = hostile(dir, mode, arg, extra);
    let out = play(harness, dir, &format!("random,{}", double.display()), flags);
    let log = fs::read_to_string(out.join("logs/hostile.log")).unwrap_or_default();
    (out, log)
}

/// Plays two games of `bots` (named as `--bots` takes them) by the `harness` command given,
/// with `flags`, into `dir/out`, which it returns: every game is played, no scratch folder is
/// left behind, and no process naming `dir` is left running.
pub(super) fn play(
    mut harness: assert_cmd::Command,
    dir: &Path,
    bots: &str,
    flags: &[&str],
) -> PathBuf {
    let out = dir.join("out");
    let run = harness
        .args(words("run --quiet --no-plots --map small --games 2"))
        .args(["--threads", "2", "--bots", bots])
        .arg("--out")
        .arg(&out)
        .args(flags)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(!stderr.contains("cannot remove"), "{stderr}");
    assert_eq!(seats(&out).len(), 4, "every game is played");
    assert_no_process_left(dir);
    out
}

/// The double's fault reasons, as summary.json keeps them.
fn faults(out: &Path) -> Vec<String> {
    faults_of(out, "hostile")
}

#[test]
fn a_program_cannot_read_another_programs_folder() {
    if !supported("files") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other");
    fs::create_dir_all(&other).unwrap();
    write_file(&other, "secret", "the-other-programs-secret");
    let (_, log) = attack(dir.path(), "read", &other.display().to_string(), &[]);
    assert!(log.contains("ATTACK read: blocked"), "{log}");
    assert!(!log.contains("the-other-programs-secret"), "{log}");
}

#[test]
fn a_program_cannot_write_the_output_folder_or_tmp_but_can_without_the_sandbox() {
    if !supported("files") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("out/written");
    let (_, log) = attack(dir.path(), "write", &target.display().to_string(), &[]);
    assert!(log.contains("ATTACK write: blocked"), "{log}");
    assert!(!target.exists());
    let tmp = std::env::temp_dir().join(format!("tourney-hostile-{}", std::process::id()));
    let (_, log) = attack(
        dir.path(),
        "write",
        &tmp.display().to_string(),
        &["--force"],
    );
    assert!(log.contains("ATTACK write: blocked"), "{log}");
    assert!(!tmp.exists());
    // The double does write when nothing stops it: the blocks above are the sandbox's.
    let (_, log) = attack(
        dir.path(),
        "write",
        &target.display().to_string(),
        &["--force", "--sandbox", "off"],
    );
    assert!(log.contains("ATTACK write: succeeded"), "{log}");
    assert!(target.exists());
}

/// The double's `SCRATCH` line: its `HOME`, its `TMPDIR` and `NAME=value` of the variable
/// it was asked about.
fn scratch_line(log: &str) -> Vec<String> {
    logged_words(log, "SCRATCH ")
}

#[test]
fn a_program_writes_its_scratch_folder_and_sees_no_harness_variable_its_manifest_does_not_name() {
    if !supported("files") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let secret = "TOURNEY_SECRET";
    let mut harness = tourney();
    harness.env(secret, "x");
    let (_, log) = attack_from(harness, dir.path(), "scratch", secret, &[], "");
    assert!(log.contains("ATTACK scratch: succeeded"), "{log}");
    let words = scratch_line(&log);
    let (home, tmpdir) = (&words[0], &words[1]);
    assert_eq!(home, tmpdir, "{log}");
    // `tourney-<pid>-<16 random hexadecimal digits>-home` in the temporary folder.
    let temp = std::env::temp_dir().display().to_string();
    let name = home.strip_prefix(&format!("{temp}/tourney-")).unwrap();
    let random = name.split('-').nth(1).unwrap();
    assert!(
        random.len() == 16 && random.chars().all(|c| c.is_ascii_hexdigit()),
        "{log}"
    );
    assert_eq!(words[2], format!("{secret}="), "the harness's own: {log}");
    // Named in the manifest, it is passed on.
    let dir = tempfile::tempdir().unwrap();
    let mut harness = tourney();
    harness.env(secret, "x");
    let named = format!("env = [\"{secret}\"]");
    let (_, log) = attack_from(harness, dir.path(), "scratch", secret, &[], &named);
    assert_eq!(scratch_line(&log)[2], format!("{secret}=x"), "{log}");
}

#[test]
fn a_descriptor_the_harness_inherited_does_not_reach_a_program() {
    let dir = tempfile::tempdir().unwrap();
    let opened = "exec 7</dev/null";
    let (_, log) = attack_from(tourney_after(opened), dir.path(), "fd", "7", &[], "");
    assert!(log.contains("ATTACK fd: blocked"), "{log}");
    // Unconfined, it does: the descriptor was there to inherit.
    let (_, log) = attack_from(
        tourney_after(opened),
        dir.path(),
        "fd",
        "7",
        &["--force", "--sandbox", "off"],
        "",
    );
    assert!(log.contains("ATTACK fd: succeeded"), "{log}");
}

#[test]
fn a_scratch_folder_left_deep_closed_and_immutable_is_removed() {
    let dir = tempfile::tempdir().unwrap();
    // Fewer descriptors than the chain is deep: a walk holding one per level runs out.
    let harness = tourney_after("ulimit -n 1024");
    let (_, log) = attack_from(harness, dir.path(), "leave", "1100", &[], "");
    assert!(log.contains("ATTACK leave: succeeded"), "{log}");
    let left: Vec<&str> = log
        .lines()
        .filter_map(|l| l.split_once("LEFT ").map(|(_, folder)| folder))
        .collect();
    assert!(!left.is_empty(), "{log}");
    for folder in left {
        assert!(!Path::new(folder).exists(), "{folder} is left: {log}");
    }
}

#[test]
fn a_line_protocol_program_cannot_open_a_connection() {
    if !supported("network") {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let dir = tempfile::tempdir().unwrap();
    let (_, log) = attack(dir.path(), "connect", &port, &[]);
    assert!(log.contains("ATTACK connect: blocked"), "{log}");
    assert!(listener.accept().is_err(), "no connection came");
}

#[test]
fn a_program_cannot_kill_the_harness() {
    if !supported("signals") {
        return;
    }
    let log = attacked("kill-harness", "");
    assert!(log.contains("ATTACK kill-harness: blocked"), "{log}");
}

#[test]
fn a_daemon_does_not_outlive_its_game() {
    if !supported("leftovers") {
        return;
    }
    // `attack` checks that no process naming the folder is left, the daemon included.
    let log = attacked("daemon", "");
    assert!(log.contains("DAEMON "), "the daemon started: {log}");
}

#[test]
fn a_fork_bomb_loses_by_a_fault_naming_the_process_limit() {
    if !supported("processes") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (out, log) = attack(dir.path(), "fork", "100", &["--limit-processes", "16"]);
    assert!(log.contains("ATTACK fork: blocked"), "{log}");
    let faults = faults(&out);
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(
        faults
            .iter()
            .all(|f| f.contains("process limit 16 reached")),
        "{faults:?}"
    );
    let report = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(report.contains("process limit 16 reached"));
}

#[test]
fn a_program_over_its_memory_loses_by_a_fault_naming_the_memory_limit() {
    if !supported("memory") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = attack(dir.path(), "memory", "512", &["--limit-memory", "128"]);
    let faults = faults(&out);
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(
        faults
            .iter()
            .all(|f| f.contains("crash memory limit 128 MiB exceeded")),
        "{faults:?}"
    );
}

#[test]
fn the_switches_and_limits_are_checked_and_the_machine_says_what_it_offers() {
    let listed = tourney().arg("list").output().unwrap();
    let text = String::from_utf8_lossy(&listed.stdout).to_string();
    for protection in [
        "files",
        "network",
        "signals",
        "memory",
        "processes",
        "leftovers",
    ] {
        assert!(text.contains(&format!("  {protection} ")), "{text}");
    }
    refused(
        tourney().args(["run", "--bots", "random,random", "--limit-memory", "0"]),
        "--limit-memory must be at least 1",
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = write_file(
        dir.path(),
        "bad.toml",
        "name = \"bad\"\ngame = \"t2r\"\ncommand = \"python3\"\n[limits]\nprocesses = 0\n",
    );
    refused(
        &mut run_against_random(&bad),
        "[limits] processes must be at least 1",
    );
    // Where every protection is given, `require` runs programs like `on`.
    if text.lines().filter(|l| l.contains(" NO: ")).count() == 0 {
        let example = super::programs::examples().join("t2r-random-py.toml");
        tourney()
            .args(words("run --quiet --no-plots --map small --games 2"))
            .args(["--sandbox", "require", "--bots"])
            .arg(format!("random,{}", example.display()))
            .arg("--out")
            .arg(dir.path().join("out"))
            .assert()
            .success();
    }
}

#[test]
fn a_contest_program_may_connect_to_the_run_only() {
    if !supported("network") {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    // Tries the foreign port, then the run's, and says how each went.
    let log = contest_script_log(&format!(
        "for p in {port} $1; do if exec 3<>/dev/tcp/127.0.0.1/$p; then echo \"CONNECT $p: ok\"; \
         exec 3>&-; else echo \"CONNECT $p: blocked\"; fi; done; exit 1"
    ));
    assert!(log.contains(&format!("CONNECT {port}: blocked")), "{log}");
    assert!(!log.contains(&format!("CONNECT {port}: ok")), "{log}");
    assert!(log.contains(": ok"), "the run's own port is open: {log}");
    assert!(listener.accept().is_err(), "no connection came");
}

#[test]
fn a_programs_control_characters_are_escaped_in_its_fault_wherever_it_is_shown() {
    if super::contest::client().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A contest program whose move clears the organiser's screen and retitles the terminal.
    let script = "import socket, sys\n\
        s = socket.create_connection((sys.argv[1], int(sys.argv[2])))\n\
        s.sendall(b'CLIENT_NAME ' + sys.argv[3].encode()); s.recv(64)\n\
        s.sendall(b'WAIT_GAME TOURNAMENT T'); s.settimeout(1.0)\n\
        try:\n    while s.recv(4096): pass\nexcept OSError: pass\n\
        s.sendall(b'PLAY_MOVE \\x1b[2J\\x1b]0;pwned\\x07')\n\
        s.settimeout(5.0)\n\
        try:\n    s.recv(4096)\nexcept OSError: pass\n";
    let program = manifest(
        dir.path(),
        "escaper",
        "t2r",
        Path::new("python3"),
        &["-c", script, "{host}", "{port}", "{name}"],
        "protocol = \"cgs\"\nmove_ms = 5000",
    );
    let out = dir.path().join("out");
    let run = tourney()
        .args(words("run --no-plots --map small --games 2 --bots"))
        .arg(format!("random,{}", program.display()))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let faults = faults_of(&out, "escaper");
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(
        faults.iter().all(|f| f.contains("\\u{1b}[2J")),
        "{faults:?}"
    );
    let shown = [
        run.get_output().stdout.clone(),
        run.get_output().stderr.clone(),
        fs::read(out.join("games.csv")).unwrap(),
        fs::read(out.join("summary.json")).unwrap(),
        fs::read(out.join("report.html")).unwrap(),
    ];
    for bytes in shown {
        assert!(
            !bytes.contains(&0x1b) && !bytes.contains(&0x07),
            "{}",
            String::from_utf8_lossy(&bytes)
        );
    }
}

/// Plays two games of `random` against a contest program that runs `script` in bash (`$0` is
/// its `{name}`, `$1` the run's `{port}`) and hands back what the program wrote in its log.
pub(super) fn contest_script_log(script: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let program = contest_script(dir.path(), script);
    let out = dir.path().join("out");
    tourney()
        .args(words("run --quiet --no-plots --map small --games 2"))
        .arg("--bots")
        .arg(format!("random,{}", program.display()))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    fs::read_to_string(out.join("logs/prober.log")).unwrap()
}

/// The manifest, in `dir`, of a contest program `prober` that runs `script` in bash (`$0` is
/// its `{name}`, `$1` the run's `{port}`).
pub(super) fn contest_script(dir: &Path, script: &str) -> PathBuf {
    manifest(
        dir,
        "prober",
        "t2r",
        Path::new("/bin/bash"),
        &["-c", script, "{name}", "{port}"],
        "protocol = \"cgs\"\nstartup_ms = 5000",
    )
}
