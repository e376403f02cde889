//! The sandbox against a program that would use the harness's privileges, when the harness runs
//! as root above all (`bots/examples/doubles/hostile.py`): no capability, no device but the five
//! a program needs, no other process seen or read in `/proc`, no System V memory shared with its
//! opponent. A protection this machine lacks (`tourney list` says) skips its test with a note.

use super::programs::{double, supported};
use super::sandbox::{attack, attack_from, attacked, play};
use super::support::{logged_words, tourney};
use std::fs;

/// The capabilities this test process holds (`CapEff` of its status), 0 if unknown.
fn own_capabilities() -> u64 {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("CapEff:"))
        .and_then(|value| u64::from_str_radix(value.trim(), 16).ok())
        .unwrap_or(0)
}

/// A disk this test process may read (a loop device, where the harness runs as root), for the
/// program to try; else the kernel log, which every user may read where `dmesg_restrict` is 0.
fn readable_device() -> String {
    let disks = fs::read_dir("/sys/block").into_iter().flatten().flatten();
    let mut devices: Vec<String> = disks
        .map(|disk| format!("/dev/{}", disk.file_name().to_string_lossy()))
        .collect();
    devices.sort();
    devices
        .into_iter()
        .find(|device| fs::File::open(device).is_ok())
        .unwrap_or_else(|| "/dev/kmsg".to_string())
}

#[test]
fn a_program_runs_without_any_capability_and_with_no_new_privs() {
    if !supported("privilege") {
        return;
    }
    let log = attacked("privilege", "");
    assert!(log.contains("ATTACK privilege: blocked"), "{log}");
    // `PRIVILEGE <uid> <CapEff> <CapBnd> <NoNewPrivs>`
    let words = logged_words(&log, "PRIVILEGE ");
    assert_ne!(words[0], "0", "not root in its namespace: {log}");
    assert_eq!(
        words[1], "0000000000000000",
        "no effective capability: {log}"
    );
    assert_eq!(words[2], "0000000000000000", "an empty bounding set: {log}");
    assert_eq!(words[3], "1", "no_new_privs: {log}");
    // Unconfined, a program of a harness that holds capabilities holds them too.
    if own_capabilities() != 0 {
        let dir = tempfile::tempdir().unwrap();
        let flags = ["--sandbox", "off"];
        let (_, log) = attack(dir.path(), "privilege", "", &flags);
        assert!(log.contains("ATTACK privilege: succeeded"), "{log}");
    }
}

#[test]
fn a_program_cannot_make_a_device_node_open_a_packet_socket_take_real_time_or_mark_a_file_immutable()
 {
    if !supported("privilege") {
        return;
    }
    for (mode, arg) in [
        ("mknod", "home"),
        ("packet", ""),
        ("realtime", ""),
        ("immutable", "home"),
    ] {
        let log = attacked(mode, arg);
        assert!(log.contains(&format!("ATTACK {mode}: blocked")), "{log}");
    }
}

#[test]
fn a_program_opens_no_device_but_null_zero_full_random_urandom_and_its_pipes() {
    if !supported("devices") {
        return;
    }
    let device = readable_device();
    let log = attacked("device", &device);
    assert!(log.contains("ATTACK device: blocked"), "{device}: {log}");
    let log = attacked("devices", "");
    assert!(log.contains("DEVICES ok"), "{log}");
    assert!(log.contains("DEVICES stderr reached"), "{log}");
}

#[test]
fn a_program_sees_neither_the_harness_nor_its_opponent_in_proc() {
    if !supported("proc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mark = "peer-of-the-seer";
    let seer = double(dir.path(), "seer", "processes", mark, "");
    let peer = double(dir.path(), "peer", "play", mark, "");
    let bots = format!("{},{}", seer.display(), peer.display());
    let out = play(tourney(), dir.path(), &bots, &[]);
    let log = fs::read_to_string(out.join("logs/seer.log")).unwrap();
    assert!(log.contains("SEEN 0"), "{log}");
    assert!(!log.contains("ATTACK processes: succeeded"), "{log}");
}

#[test]
fn a_program_reads_neither_the_harness_s_environment_nor_its_opponent_s() {
    if !supported("privilege") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let secret = "TOURNEY_SECRET_OF_THE_HARNESS";
    let reader = double(dir.path(), "reader", "environ", secret, "");
    // The opponent is given the harness's secret, so its environment holds it too.
    let named = format!("env = [\"{secret}\"]");
    let peer = double(dir.path(), "peer", "play", "", &named);
    let bots = format!("{},{}", reader.display(), peer.display());
    let mut harness = tourney();
    harness.env(secret, "x");
    let out = play(harness, dir.path(), &bots, &[]);
    let log = fs::read_to_string(out.join("logs/reader.log")).unwrap();
    assert!(log.contains("ATTACK environ: blocked"), "{log}");
    assert!(!log.contains("ENVIRON read"), "{log}");
}

#[test]
fn two_programs_share_no_system_v_shared_memory() {
    if !supported("ipc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A key of this test's own, so that no other test's programs meet it.
    let key = (std::process::id() % 1_000_000 + 1_000_000).to_string();
    let first = double(dir.path(), "first", "shm", &key, "");
    let second = double(dir.path(), "second", "shm", &key, "");
    let bots = format!("{},{}", first.display(), second.display());
    let out = play(tourney(), dir.path(), &bots, &[]);
    for name in ["first", "second"] {
        let log = fs::read_to_string(out.join(format!("logs/{name}.log"))).unwrap();
        assert!(log.contains("ATTACK shm: blocked"), "{name}: {log}");
        assert!(!log.contains("ATTACK shm: succeeded"), "{name}: {log}");
    }
}

/// The attacks above, each of which succeeds for a program that runs as the harness does, said
/// here so that a machine where the harness is root shows what the sandbox stops: unconfined,
/// the packet socket opens and the harness's environment is read.
#[test]
fn unconfined_a_root_program_opens_a_packet_socket_and_reads_the_harness_s_environment() {
    if own_capabilities() == 0 {
        eprintln!("skipped: this test process holds no capability");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let flags = ["--sandbox", "off"];
    let (_, log) = attack(dir.path(), "packet", "", &flags);
    assert!(log.contains("ATTACK packet: succeeded"), "{log}");
    let secret = "TOURNEY_SECRET_OF_THE_HARNESS";
    let mut harness = tourney();
    harness.env(secret, "x");
    let flags = ["--sandbox", "off", "--force"];
    let (_, log) = attack_from(harness, dir.path(), "environ", secret, &flags, "");
    assert!(log.contains("ATTACK environ: succeeded"), "{log}");
}
