//! The system-call filter against the hostile double (`bots/examples/doubles/hostile.py`),
//! through the real binary: sockets a program needs none of, tracing, reading memory through
//! the kernel and `clone3` are refused with an error it can handle (`EPERM`, `ENOSYS` for
//! `clone3`), and the same attack succeeds with `--sandbox off` where the machine lets it
//! (as root), so each refusal is the filter's. A machine without seccomp skips them.

use super::programs::supported;
use super::sandbox::{attack, attacked, contest_script_log};
use std::fs;

/// Whether the tests run as root: an unconfined program then may open raw and packet sockets
/// and move a child into any control group, so the control run shows the attack working.
fn root() -> bool {
    rustix::process::geteuid().is_root()
}

/// The double attacking as `mode` with `arg` is refused with `errno` under the sandbox and, as
/// root, succeeds without it.
fn refused_then_allowed_without_the_sandbox(mode: &str, arg: &str, errno: i32) {
    let dir = tempfile::tempdir().unwrap();
    let (_, log) = attack(dir.path(), mode, arg, &[]);
    assert!(
        log.contains(&format!("ATTACK {mode}: blocked ([Errno {errno}]")),
        "{log}"
    );
    if root() {
        let off = ["--force", "--sandbox", "off"];
        let (_, log) = attack(dir.path(), mode, arg, &off);
        assert!(log.contains(&format!("ATTACK {mode}: succeeded")), "{log}");
    }
}

#[test]
fn a_line_protocol_program_cannot_send_udp() {
    if !supported("syscalls") {
        return;
    }
    let listener = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let udp = format!("udp:{}", listener.local_addr().unwrap().port());
    let dir = tempfile::tempdir().unwrap();
    let (_, log) = attack(dir.path(), "socket", &udp, &[]);
    assert!(log.contains("ATTACK socket: blocked ([Errno 1]"), "{log}");
    let mut buffer = [0u8; 16];
    assert!(listener.recv(&mut buffer).is_err(), "no datagram came");
    // Unconfined, the datagram arrives: Landlock filters TCP only.
    let (_, log) = attack(dir.path(), "socket", &udp, &["--force", "--sandbox", "off"]);
    assert!(log.contains("ATTACK socket: succeeded"), "{log}");
    listener.set_nonblocking(false).unwrap();
    let got = listener.recv(&mut buffer).unwrap();
    assert_eq!(&buffer[..got], b"hostile");
}

#[test]
fn a_program_cannot_open_raw_packet_or_netlink_sockets_but_may_open_unix_ones() {
    if !supported("syscalls") {
        return;
    }
    for kind in ["raw", "packet", "netlink"] {
        refused_then_allowed_without_the_sandbox("socket", kind, libc::EPERM);
    }
    let log = attacked("socket", "unix");
    assert!(log.contains("ATTACK socket: succeeded"), "{log}");
}

#[test]
fn a_program_cannot_trace_or_read_memory_through_the_kernel() {
    if !supported("syscalls") {
        return;
    }
    // Its own child and its own memory: what Landlock allows, so only the filter refuses.
    refused_then_allowed_without_the_sandbox("ptrace", "", libc::EPERM);
    refused_then_allowed_without_the_sandbox("vm-read", "", libc::EPERM);
}

/// The folder of the cgroup v2 hierarchy's root, if one is mounted.
fn v2_root() -> Option<String> {
    let mounts = fs::read_to_string("/proc/self/mountinfo").ok()?;
    mounts.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        (right.split(' ').next()? == "cgroup2").then(|| left.split(' ').nth(4).map(String::from))?
    })
}

#[test]
fn clone3_fails_with_enosys_so_no_child_is_started_into_another_group() {
    if !supported("syscalls") {
        return;
    }
    // Into the hierarchy's root, out of the program's own group where it has one (cgroup v2);
    // a machine without v2 tries a plain clone3, which the filter refuses all the same.
    let group = v2_root().unwrap_or_else(|| "-".to_string());
    refused_then_allowed_without_the_sandbox("clone3", &group, libc::ENOSYS);
}

#[test]
fn a_contest_program_cannot_send_udp_but_connects_to_the_run() {
    if !supported("syscalls") {
        return;
    }
    let listener = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let log = contest_script_log(&format!(
        "if exec 3<>/dev/udp/127.0.0.1/{port}; then echo 'UDP: ok'; echo x >&3; else \
         echo 'UDP: blocked'; fi; if exec 4<>/dev/tcp/127.0.0.1/$1; then echo 'TCP: ok'; \
         else echo 'TCP: blocked'; fi; exit 1"
    ));
    assert!(log.contains("UDP: blocked"), "{log}");
    assert!(!log.contains("UDP: ok"), "{log}");
    assert!(log.contains("TCP: ok"), "the run's own port is open: {log}");
    let mut buffer = [0u8; 16];
    assert!(listener.recv(&mut buffer).is_err(), "no datagram came");
}
