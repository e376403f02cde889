//! What the child does between `fork` and `exec`. The harness is multi-threaded, so only
//! async-signal-safe work may happen there: no allocation, no lock. Everything is prepared in
//! the parent (open descriptors, numbers) and the child makes raw system calls only.

use std::os::fd::{BorrowedFd, RawFd};

/// Most control groups a program joins (one per hierarchy: memory, pids, the killing one).
pub const MAX_GROUPS: usize = 3;

/// The child's steps, as plain numbers (`Copy`, so the `pre_exec` closure owns them).
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    /// The file of each group to join by writing `0` (`tasks` or `cgroup.procs`); the first
    /// `groups` count.
    pub group_fds: [RawFd; MAX_GROUPS],
    pub groups: usize,
    /// Whether the program is confined: then core dumps are off too.
    pub confined: bool,
    /// Soft and hard limits, in bytes and descriptors; `None` leaves the limit alone.
    pub file_size: Option<u64>,
    pub open_files: Option<u64>,
    /// A Landlock ruleset to enforce, last.
    pub ruleset: Option<RawFd>,
    /// The program's environment ([`super::environment::Environment::address`]) for `exec`,
    /// set by `Confinement::apply` for each command unless the command has variables of its own.
    pub environment: Option<usize>,
}

impl Steps {
    /// Steps that only start a session: what `--sandbox off` does.
    pub const NONE: Steps = Steps {
        group_fds: [-1; MAX_GROUPS],
        groups: 0,
        confined: false,
        file_size: None,
        open_files: None,
        ruleset: None,
        environment: None,
    };

    /// Runs in the child: a session of its own (its id is the program's pid, which is also its
    /// process group), its environment, its groups joined, its limits set, no core dumps, and
    /// its ruleset enforced.
    pub fn run(&self) -> std::io::Result<()> {
        use rustix::process::{Resource, Rlimit, setrlimit, setsid};
        setsid()?;
        if let Some(address) = self.environment {
            // SAFETY: in the child before `exec`; the confinement keeps the environment alive
            // until the spawn returns.
            unsafe { super::environment::install(address) };
        }
        for &fd in &self.group_fds[..self.groups] {
            // SAFETY: the parent keeps the descriptor open until the spawn returns.
            let fd = unsafe { BorrowedFd::borrow_raw(fd) };
            rustix::io::write(fd, b"0")?;
        }
        let limit = |resource, value: Option<u64>| match value {
            Some(value) => setrlimit(
                resource,
                Rlimit {
                    current: Some(value),
                    maximum: Some(value),
                },
            ),
            None => Ok(()),
        };
        limit(Resource::Fsize, self.file_size)?;
        limit(Resource::Nofile, self.open_files)?;
        if self.confined {
            limit(Resource::Core, Some(0))?;
        }
        if let Some(fd) = self.ruleset {
            rustix::thread::set_no_new_privs(true)?;
            restrict_self(fd)?;
        }
        Ok(())
    }
}

/// `landlock_restrict_self(2)`, which no wrapper crate offers without allocating.
#[cfg(target_os = "linux")]
fn restrict_self(ruleset: RawFd) -> std::io::Result<()> {
    // SAFETY: a raw system call with a descriptor and a zero flags word; no memory is passed.
    let done = unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0u32) };
    match done {
        0 => Ok(()),
        _ => Err(std::io::Error::last_os_error()),
    }
}

#[cfg(not(target_os = "linux"))]
fn restrict_self(_: RawFd) -> std::io::Result<()> {
    Err(std::io::ErrorKind::Unsupported.into())
}
