//! The Landlock ruleset of one program, built in the harness before the fork: what it may read
//! (the system's folders, five devices, its executable and the installation of its interpreter, its own
//! folders, the paths its manifest lists), where it may write (its scratch folder), which TCP
//! port it may connect to (none, or the run's), and that it may signal or reach by abstract
//! socket nothing outside its own processes. The child only hands the ruleset's descriptor to
//! the kernel.

use super::Network;
use std::path::{Path, PathBuf};

/// Folders of the system every program may read and execute from (missing ones are skipped).
const SYSTEM: &[&str] = &[
    "/usr",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/bin",
    "/sbin",
    "/etc",
    "/opt",
    "/proc",
    "/sys",
    "/nix/store",
];

/// The only devices a program may open: no disk, no terminal, no kernel log, no `/dev/shm`.
/// Its pipes it reaches by `/dev/stdin`, `/dev/stdout` and `/dev/fd/N`, which lead into
/// `/proc`.
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// The devices it may also write to.
const WRITABLE_DEVICES: &[&str] = &["/dev/null", "/dev/zero", "/dev/full"];

/// How many `#!` interpreters deep an executable is followed.
const MAX_INTERPRETERS: usize = 4;

/// What a program may read besides the system: its executable, the installation of each
/// interpreter it goes through, its folders and the listed paths.
pub fn readable(command: &Path, folders: &[PathBuf]) -> Vec<PathBuf> {
    let mut paths = folders.to_vec();
    let mut next = executable(command);
    for _ in 0..MAX_INTERPRETERS {
        let Some(file) = next.take() else { break };
        for path in [file.clone(), file.canonicalize().unwrap_or(file.clone())] {
            paths.extend(installation(&path));
            paths.push(path);
        }
        next = interpreter(&file);
    }
    paths
}

/// `command` as the kernel will run it: a path as given, a bare name looked up on `PATH`.
pub fn executable(command: &Path) -> Option<PathBuf> {
    if command.components().count() > 1 {
        return Some(command.to_path_buf());
    }
    on_path(command).find(|candidate| candidate.is_file())
}

/// Where the system looks for a bare command `name`, in order: each folder of `PATH` joined
/// with it.
pub fn on_path(name: &Path) -> impl Iterator<Item = PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let folders: Vec<PathBuf> = std::env::split_paths(&path).collect();
    folders.into_iter().map(move |dir| dir.join(name))
}

/// The installation prefix of an executable in a `bin`, `sbin` or `shims` folder (a pyenv, a
/// virtualenv, a JDK): its interpreter reads its library from there. Never the root or the
/// home folder, which hold everything else.
fn installation(executable: &Path) -> Option<PathBuf> {
    let folder = executable.parent()?;
    let name = folder.file_name()?.to_str()?;
    let prefix = folder.parent()?;
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let too_wide = prefix.parent().is_none() || Some(prefix) == home.as_deref();
    (["bin", "sbin", "shims"].contains(&name) && !too_wide).then(|| prefix.to_path_buf())
}

/// The program a `#!` line at the top of `file` runs (through `env` when it names one).
fn interpreter(file: &Path) -> Option<PathBuf> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let read = std::fs::File::open(file).ok()?.read(&mut head).ok()?;
    let line = head[..read].strip_prefix(b"#!")?;
    let line = std::str::from_utf8(line.split(|&b| b == b'\n').next()?).ok()?;
    let mut words = line.split_whitespace();
    let first = Path::new(words.next()?);
    match first.file_name().and_then(|n| n.to_str()) {
        Some("env") => executable(Path::new(words.find(|w| !w.starts_with('-'))?)),
        _ => Some(first.to_path_buf()),
    }
}

#[cfg(target_os = "linux")]
pub use linux::ruleset;

#[cfg(target_os = "linux")]
mod linux {
    use super::*;
    use landlock::{
        ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, NetPort, PathBeneath, Ruleset,
        RulesetAttr, RulesetCreatedAttr, Scope, path_beneath_rules,
    };
    use std::os::fd::{BorrowedFd, OwnedFd};

    /// The ruleset for Landlock ABI `abi` (at least 1): reads of `readable`, the system and
    /// `proc_root`, every access in `scratch`, and the network as `network` says.
    pub fn ruleset(
        abi: i32,
        readable: &[PathBuf],
        proc_root: Option<BorrowedFd<'_>>,
        scratch: &Path,
        network: Network,
    ) -> Result<OwnedFd, String> {
        let abi = ABI::from(abi);
        let fail = |e: landlock::RulesetError| format!("Landlock: {e}");
        let read = AccessFs::from_read(abi);
        let mut ruleset = Ruleset::default()
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessFs::from_all(abi))
            .map_err(fail)?;
        if abi >= ABI::V4 {
            ruleset = ruleset
                .handle_access(AccessNet::from_all(abi))
                .map_err(fail)?;
        }
        if abi >= ABI::V6 {
            ruleset = ruleset.scope(Scope::from_all(abi)).map_err(fail)?;
        }
        let mut created = ruleset
            .create()
            .map_err(fail)?
            .add_rules(path_beneath_rules(SYSTEM, read))
            .map_err(fail)?
            .add_rules(path_beneath_rules(readable, read))
            .map_err(fail)?
            .add_rules(path_beneath_rules(DEVICES, read))
            .map_err(fail)?
            .add_rules(path_beneath_rules(
                WRITABLE_DEVICES,
                read | AccessFs::WriteFile,
            ))
            .map_err(fail)?
            .add_rules(path_beneath_rules([scratch], AccessFs::from_all(abi)))
            .map_err(fail)?;
        if let Some(proc_root) = proc_root {
            created = created
                .add_rule(PathBeneath::new(proc_root, read))
                .map_err(fail)?;
        }
        if let (Network::Loopback(port), true) = (network, abi >= ABI::V4) {
            created = created
                .add_rule(NetPort::new(port, AccessNet::ConnectTcp))
                .map_err(fail)?;
        }
        Option::<OwnedFd>::from(created).ok_or_else(|| "Landlock: no ruleset".to_string())
    }
}

#[cfg(not(target_os = "linux"))]
pub fn ruleset(
    _: i32,
    _: &[PathBuf],
    _: Option<std::os::fd::BorrowedFd<'_>>,
    _: &Path,
    _: Network,
) -> Result<std::os::fd::OwnedFd, String> {
    Err("Landlock needs Linux".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interpreter_in_a_bin_folder_brings_its_installation() {
        assert_eq!(
            installation(Path::new("/opt/venv/bin/python3")),
            Some(PathBuf::from("/opt/venv"))
        );
        assert_eq!(installation(Path::new("/bin/sh")), None);
        assert_eq!(installation(Path::new("/opt/venv/lib/x")), None);
    }

    #[test]
    fn a_script_names_its_interpreter_directly_or_through_env() {
        let dir = tempfile::tempdir().unwrap();
        let direct = dir.path().join("a");
        std::fs::write(&direct, "#!/bin/sh -e\necho\n").unwrap();
        assert_eq!(interpreter(&direct), Some(PathBuf::from("/bin/sh")));
        let through_env = dir.path().join("b");
        std::fs::write(&through_env, "#!/usr/bin/env sh\n").unwrap();
        assert!(interpreter(&through_env).is_some_and(|p| p.ends_with("sh")));
        let binary = dir.path().join("c");
        std::fs::write(&binary, [0x7f, b'E', b'L', b'F']).unwrap();
        assert_eq!(interpreter(&binary), None);
    }
}
