//! Whether a manifest's `command` names a program that can run, checked before the first game
//! and before anything is written: a contest program is first started in its first game, so
//! without this a program that cannot run loses every game as a `crash`; and for any manifest
//! "is a folder" or "is not executable" says more than the system's "Permission denied".

use crate::sandbox::on_path;
use std::fs::Metadata;
use std::io::ErrorKind;
use std::path::Path;

/// `Err(why)` when `command` (a path, or a bare name looked up on `PATH` as the system would)
/// is missing, a folder, or a file without the run bit.
pub fn check_command(command: &Path) -> Result<(), String> {
    if command.components().count() > 1 {
        return check_file(command);
    }
    let runnable =
        on_path(command).any(|candidate| candidate.metadata().is_ok_and(|m| is_runnable(&m)));
    if runnable {
        Ok(())
    } else {
        Err(format!(
            "the program {} is not found on PATH (or is not executable there)",
            command.display()
        ))
    }
}

/// The program file at `path` exists, is a file, and has the run bit.
fn check_file(path: &Path) -> Result<(), String> {
    let shown = path.display();
    let metadata = path.metadata().map_err(|e| match e.kind() {
        ErrorKind::NotFound => format!("the program {shown} does not exist (build it first?)"),
        _ => format!("the program {shown} cannot be read: {e}"),
    })?;
    if metadata.is_dir() {
        Err(format!(
            "the program {shown} is a folder; `command` names the program file to run"
        ))
    } else if !is_runnable(&metadata) {
        Err(format!(
            "the program {shown} is not executable (chmod +x {shown}?)"
        ))
    } else {
        Ok(())
    }
}

/// A file with a run bit (any: the system decides at the start whether it is ours).
#[cfg(unix)]
fn is_runnable(metadata: &Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    metadata.is_file() && metadata.permissions().mode() & 0o111 != 0
}

/// Elsewhere no run bit exists: a file may run.
#[cfg(not(unix))]
fn is_runnable(metadata: &Metadata) -> bool {
    metadata.is_file()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_folder_a_file_without_the_run_bit_and_a_missing_file_are_named_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("bot");
        std::fs::create_dir(&folder).unwrap();
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "#!/bin/sh\n").unwrap();
        let runnable = dir.path().join("runnable");
        std::fs::write(&runnable, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&runnable, std::fs::Permissions::from_mode(0o755)).unwrap();
        let why = |path: &Path| check_command(path).unwrap_err();
        assert!(why(&folder).contains("is a folder"), "{}", why(&folder));
        assert!(why(&plain).contains("is not executable"), "{}", why(&plain));
        let missing = dir.path().join("missing");
        assert!(
            why(&missing).contains("does not exist"),
            "{}",
            why(&missing)
        );
        assert_eq!(check_command(&runnable), Ok(()));
        assert_eq!(check_command(Path::new("sh")), Ok(()));
        let unknown = Path::new("no-such-program-anywhere");
        assert!(
            why(unknown).contains("not found on PATH"),
            "{}",
            why(unknown)
        );
    }
}
