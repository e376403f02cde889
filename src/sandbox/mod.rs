//! Walls around every program tourney starts (line-protocol bots, contest programs), on by
//! default (`docs/guide/untrusted-programs.md`). Each protection uses the kernel feature that
//! gives it, found once per run: Landlock for files, TCP and signals; control groups for
//! memory, processes, CPU and leftovers; a seccomp filter for sockets and the system calls a
//! sandbox is escaped by; resource limits for file size and open files. What the machine
//! lacks is said in one line (`--sandbox on`), or refused (`--sandbox require`), naming each.
//!
//! A [`Confinement`] is prepared in the harness for each program (its ruleset, groups and
//! scratch folder) and applied by the child between `fork` and `exec` with raw system calls
//! only; dropping it has whatever the program left running killed and its traces removed, on
//! a thread of the harness's own ([`cleaner`]).

mod cgroup;
mod child;
mod cleaner;
mod cpu;
mod emptying;
mod environment;
mod files;
mod joins;
mod limits;
mod machine;
mod namespaces;
mod privilege;
mod remove;
#[cfg(target_os = "linux")]
mod spawn;
mod stale;
#[cfg(target_os = "linux")]
mod syscalls;
#[cfg(target_os = "linux")]
mod vfork;
mod walls;

pub use cpu::Weight;
pub use files::on_path;
pub use limits::{Limits, Resolved, raise_open_files};
pub use machine::{describe, ensure_required};
#[cfg(target_os = "linux")]
pub use spawn::Started;

use machine::{support, warn_once};

use std::os::fd::{AsFd, AsRawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// Scratch folders of programs that may still run: for [`kill_all`].
static SCRATCH: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn scratch_folders() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    SCRATCH.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every confined program's processes and removes their groups (spare ones included)
/// and scratch folders: at the end of a command, and for exit paths that skip destructors (a
/// second Ctrl-C).
pub fn kill_all() {
    cgroup::kill_all();
    walls::forget_all();
    for scratch in scratch_folders().iter() {
        remove::or_warn(scratch);
    }
}

/// A random number no program can predict or work out from another: SipHash of a counter
/// under the keys the standard library draws from the operating system's generator.
pub fn unguessable() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(NEXT.fetch_add(1, Ordering::Relaxed));
    hasher.finish()
}

/// How much confinement the command line asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Programs run as the harness does (trusted programs).
    Off,
    /// Every protection the machine offers; one line says which it lacks.
    #[default]
    On,
    /// As `On`, but a program that cannot get every protection is not started.
    Require,
}

/// Where a program may connect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Network {
    /// Nowhere (a line-protocol bot).
    None,
    /// Only to this TCP port (a contest program, to the run's own server on loopback).
    Loopback(u16),
}

struct Settings {
    mode: Mode,
    limits: Limits,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Sets the mode and the command line's limits for the whole run, before any program starts.
/// Without it programs are confined with their manifest's limits (`--sandbox on`).
pub fn configure(mode: Mode, limits: Limits) {
    let _ = SETTINGS.set(Settings { mode, limits });
}

fn settings() -> &'static Settings {
    SETTINGS.get_or_init(|| Settings {
        mode: Mode::default(),
        limits: Limits::default(),
    })
}

/// One program to confine.
pub struct Program<'a> {
    /// Folders and files it may read: its manifest's folder, its `dir`, the listed paths.
    pub readable: Vec<PathBuf>,
    /// Its manifest's `[limits]`.
    pub limits: &'a Limits,
    pub network: Network,
    /// The harness's variables it is given besides `PATH`, `LANG`, `HOME` and `TMPDIR` (its
    /// manifest's `env`).
    pub env: Vec<String>,
}

/// A program's walls, prepared before it starts; dropping it has what the program left
/// running killed and its control groups and scratch folder emptied for a later start.
pub struct Confinement {
    steps: child::Steps,
    /// The limits it runs under, for naming the one a fault hit.
    limits: Resolved,
    /// Declared before `scratch`: the processes are killed before their folder is removed.
    group: Option<cgroup::Group>,
    walls: Option<walls::Walls>,
}

/// A name no other group or folder of this run has: `tourney-<pid>-<n>`.
fn unique_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("tourney-{}-{n}", std::process::id())
}

impl Confinement {
    /// Nothing but a session of its own (and the open-files limit the harness was started
    /// with): `--sandbox off`.
    fn none() -> Confinement {
        Confinement {
            steps: child::Steps {
                open_files_soft: limits::inherited_open_files(),
                ..child::Steps::NONE
            },
            limits: Resolved::DEFAULT,
            group: None,
            walls: None,
        }
    }

    /// Prepares every protection the machine offers for `program`, started as `command` (a
    /// path, or a name looked up on `PATH`); `Err` says why the program may not start
    /// (`--sandbox require` and a protection missing, or a step that failed).
    pub fn prepare(program: &Program<'_>, command: &Path) -> Result<Confinement, String> {
        let settings = settings();
        if settings.mode == Mode::Off {
            return Ok(Confinement::none());
        }
        let support = support();
        ensure_required()?;
        warn_once(support);
        let limits = Resolved::of(&settings.limits, program.limits);
        let mut confinement = Confinement::none();
        confinement.limits = limits;
        let name = unique_name();
        let key = walls::Key {
            command: command.to_path_buf(),
            readable: program.readable.clone(),
            network: program.network,
            abi: support.landlock,
            env: program.env.clone(),
        };
        // Random, so that no program can find another's (`tourney-<pid>-` lets a later run
        // sweep it if this one is killed).
        let scratch = std::env::temp_dir().join(format!(
            "tourney-{}-{:016x}-home",
            std::process::id(),
            unguessable()
        ));
        let proc_root = support.private_proc.as_ref().map(|p| p.proc_root.as_fd());
        let walls = walls::Walls::for_key(key, scratch, proc_root, |scratch| {
            std::fs::DirBuilder::new()
                .mode_0700()
                .create(scratch)
                .map_err(|e| {
                    format!("cannot make its scratch folder {}: {e}", scratch.display())
                })?;
            scratch_folders().push(scratch.to_path_buf());
            Ok(())
        })?;
        confinement.steps.ruleset = walls.ruleset();
        confinement.walls = Some(walls);
        let mib = 1u64 << 20;
        #[cfg(target_os = "linux")]
        if support.seccomp {
            let filter = syscalls::Filter::for_network(program.network)?;
            confinement.steps.filter = filter.installable();
        }
        if support.cgroups.any().is_some() {
            let group = cgroup::Group::create(
                &support.cgroups,
                &name,
                limits.memory_mib.saturating_mul(mib),
                limits.processes,
            )
            .map_err(|e| format!("cannot make its control group: {e}"))?;
            for (slot, fd) in confinement.steps.group_fds.iter_mut().zip(group.join_fds()) {
                *slot = fd;
                confinement.steps.groups += 1;
            }
            confinement.group = Some(group);
        }
        confinement.steps.confined = true;
        confinement.steps.privilege = privilege::Steps::for_machine(support.privilege);
        if let (Some(private), true) = (&support.private_proc, support.privilege.user_namespace) {
            confinement.steps.privilege.mount_namespace = private.namespace.as_raw_fd();
        }
        confinement.steps.file_size = Some(limits.write_mib.saturating_mul(mib));
        confinement.steps.open_files = Some(limits.open_files);
        limits.within_hard_limits()?;
        Ok(confinement)
    }

    /// Gives the program the CPU weight of one that thinks or of one that waits for its turn
    /// ([`cpu`]): called as a move is asked for and answered. A weight that cannot be written
    /// stays what it was: the program is slowed or favoured a little, never stopped.
    pub fn weigh(&mut self, weight: Weight) {
        if let Some(group) = &mut self.group {
            let _ = group.weigh(weight);
        }
    }

    /// The name of the program's control group folder, if it has one.
    pub fn group(&self) -> Option<String> {
        self.group.as_ref().and_then(cgroup::Group::name)
    }

    /// The limit the program hit, as a fault names it (`memory limit 2048 MiB exceeded`):
    /// from the kernel's counters, or `signal` (how it ended, if it has) for the file size.
    pub fn limit_hit(&self, signal: Option<i32>) -> Option<String> {
        let group = self.group.as_ref();
        if group.is_some_and(cgroup::Group::memory_exceeded) {
            return Some(format!(
                "memory limit {} MiB exceeded",
                self.limits.memory_mib
            ));
        }
        if group.is_some_and(cgroup::Group::processes_exceeded) {
            return Some(format!("process limit {} reached", self.limits.processes));
        }
        #[cfg(unix)]
        if self.steps.confined && signal == Some(libc::SIGXFSZ) {
            return Some(format!(
                "write limit {} MiB exceeded",
                self.limits.write_mib
            ));
        }
        let _ = signal;
        None
    }
}

impl Drop for Confinement {
    /// Hands the program's groups and walls to the cleaner: the game goes on at once.
    fn drop(&mut self) {
        if self.group.is_some() || self.walls.is_some() {
            cleaner::later(cleaner::Leftovers {
                group: self.group.take(),
                walls: self.walls.take(),
            });
        }
    }
}

/// `DirBuilder::mode(0o700)` where there are modes.
trait Private {
    fn mode_0700(&mut self) -> &mut Self;
}

impl Private for std::fs::DirBuilder {
    fn mode_0700(&mut self) -> &mut Self {
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(self, 0o700);
        self
    }
}
