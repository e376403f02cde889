//! What one program may use: memory, processes and threads, bytes written, open files. A
//! manifest's `[limits]` table and the command line each give some of them; the command line
//! wins (a contest organiser's limits hold for every program), then the manifest, then the
//! defaults.

use crate::input;
use serde::Deserialize;

/// Limits as given, each optional: a manifest's `[limits]` table, or the command line's flags.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Memory of the program and everything it starts, in MiB.
    pub memory_mib: Option<u64>,
    /// Processes and threads alive at once, the program's own included.
    pub processes: Option<u64>,
    /// Largest file the program may write, in MiB.
    pub write_mib: Option<u64>,
    /// Open file descriptors per process.
    pub open_files: Option<u64>,
}

/// Limits with every value decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub memory_mib: u64,
    pub processes: u64,
    pub write_mib: u64,
    pub open_files: u64,
}

impl Resolved {
    /// What a program gets when neither its manifest nor the command line says.
    pub const DEFAULT: Resolved = Resolved {
        memory_mib: 2048,
        processes: 64,
        write_mib: 64,
        open_files: 1024,
    };

    /// Refuses a file-size or open-files limit above the harness's own hard limit: a process
    /// cannot raise its hard limit (without the privilege a container rarely grants, even to
    /// root), so the child's `setrlimit` would fail and the program not start with nothing but
    /// "Operation not permitted". The message names the limit, where it is set and the machine's
    /// own, which the user can raise (`ulimit -H`) or stay below.
    pub fn within_hard_limits(&self) -> Result<(), String> {
        use rustix::process::{Resource, getrlimit};
        let checks = [
            (
                Resource::Nofile,
                self.open_files,
                1,
                "open files (--limit-files or [limits] open_files)",
                "ulimit -Hn",
            ),
            (
                Resource::Fsize,
                self.write_mib,
                1 << 20,
                "MiB written to a file (--limit-write or [limits] write_mib)",
                "ulimit -Hf, in KiB",
            ),
        ];
        for (resource, value, unit, what, shown) in checks {
            let hard = getrlimit(resource).maximum;
            if let Some(hard) = hard.filter(|&hard| value.saturating_mul(unit) > hard) {
                return Err(format!(
                    "a limit of {value} {what} is more than this machine allows a process ({} \
                     at most: `{shown}`); lower it",
                    hard / unit
                ));
            }
        }
        Ok(())
    }

    /// `command_line` over `manifest` over the defaults.
    pub fn of(command_line: &Limits, manifest: &Limits) -> Resolved {
        let pick = |cli: Option<u64>, file: Option<u64>, default| cli.or(file).unwrap_or(default);
        let d = Resolved::DEFAULT;
        Resolved {
            memory_mib: pick(command_line.memory_mib, manifest.memory_mib, d.memory_mib),
            processes: pick(command_line.processes, manifest.processes, d.processes),
            write_mib: pick(command_line.write_mib, manifest.write_mib, d.write_mib),
            open_files: pick(command_line.open_files, manifest.open_files, d.open_files),
        }
    }
}

/// This process's soft open-files limit before [`raise_open_files`], `None` if unlimited.
static INHERITED_OPEN_FILES: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();

/// Raises this process's open-files limit to its hard limit, once, at the start of a command:
/// a run's server holds a descriptor for each connection, and a program that opens hundreds of
/// idle ones must not leave the harness without descriptors (then no connection could be
/// traced to its process). The soft limit it had is kept for the programs started unconfined.
pub fn raise_open_files() {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    let _ = INHERITED_OPEN_FILES.set(limit.current);
    if limit.current != limit.maximum {
        let _ = setrlimit(
            Resource::Nofile,
            Rlimit {
                current: limit.maximum,
                maximum: limit.maximum,
            },
        );
    }
}

/// The soft open-files limit the harness was started with, if [`raise_open_files`] raised it:
/// what an unconfined program gets back.
pub fn inherited_open_files() -> Option<u64> {
    use rustix::process::{Resource, getrlimit};
    let now = getrlimit(Resource::Nofile).current;
    INHERITED_OPEN_FILES
        .get()
        .copied()
        .flatten()
        .filter(|&inherited| Some(inherited) != now)
}

impl Limits {
    /// The manifest's names of the limits, in field order.
    pub const KEYS: [&'static str; 4] = ["memory_mib", "processes", "write_mib", "open_files"];

    /// The first value that cannot work (0 of anything, or more than the kernel takes or
    /// [`crate::input`] allows), as a message naming it as `names` does (the manifest's keys,
    /// or the command line's flags).
    pub fn check(&self, names: [&str; 4]) -> Result<(), String> {
        let values = [
            (self.memory_mib, input::MEMORY_MIB),
            (self.processes, input::PROCESSES),
            (self.write_mib, input::WRITE_MIB),
            (self.open_files, input::OPEN_FILES),
        ];
        for (name, (value, most)) in names.iter().zip(values) {
            match value {
                Some(0) => return Err(format!("{name} must be at least 1")),
                Some(value) => _ = input::at_most(name, value, most)?,
                None => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_wins_then_the_manifest_then_the_defaults() {
        let cli = Limits {
            memory_mib: Some(100),
            ..Limits::default()
        };
        let manifest = Limits {
            memory_mib: Some(300),
            processes: Some(8),
            ..Limits::default()
        };
        let resolved = Resolved::of(&cli, &manifest);
        assert_eq!(resolved.memory_mib, 100);
        assert_eq!(resolved.processes, 8);
        assert_eq!(resolved.write_mib, Resolved::DEFAULT.write_mib);
        assert!(
            Limits {
                processes: Some(0),
                ..Limits::default()
            }
            .check(Limits::KEYS)
            .is_err()
        );
        let huge = Limits {
            open_files: Some(u64::MAX),
            ..Limits::default()
        };
        assert_eq!(
            huge.check(Limits::KEYS).unwrap_err(),
            "open_files must be at most 1,048,576 (got 18,446,744,073,709,551,615)"
        );
    }
}
