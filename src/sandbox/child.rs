//! What the child does between its start and `exec`. It shares the harness's memory until
//! then (`super::vfork`) and the harness is multi-threaded, so only async-signal-safe work may
//! happen there: no allocation, no lock, no write to the harness's data. Everything is prepared
//! in the parent (open descriptors, numbers) and the child makes raw system calls only.

use std::os::fd::{BorrowedFd, RawFd};

/// Most control groups a program joins (one per hierarchy: memory, pids, cpu, the killing
/// one).
pub const MAX_GROUPS: usize = 4;

/// The child's steps, as plain numbers (`Copy`: the child takes a copy of its own).
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
    /// The soft open-files limit to give back (the hard one kept), for an unconfined program
    /// of a harness that raised its own ([`super::limits::raise_open_files`]).
    pub open_files_soft: Option<u64>,
    /// A Landlock ruleset to enforce, last.
    pub ruleset: Option<RawFd>,
    /// Namespaces entered and privileges taken away ([`super::privilege`]), when confined.
    pub privilege: super::privilege::Steps,
    /// The system-call filter to install after the ruleset, just before `exec` (length 0:
    /// none).
    pub filter: (usize, u16),
}

impl Steps {
    /// Steps that only start a session: what `--sandbox off` does.
    pub const NONE: Steps = Steps {
        group_fds: [-1; MAX_GROUPS],
        groups: 0,
        confined: false,
        file_size: None,
        open_files: None,
        open_files_soft: None,
        ruleset: None,
        privilege: super::privilege::Steps::NONE,
        filter: (0, 0),
    };

    /// Runs in the child: a session of its own (its id is the program's pid, which is also its
    /// process group), no descriptor but its three standard ones past `exec`, its groups
    /// joined, its limits set, no core dumps, its ruleset enforced and its system calls
    /// filtered.
    pub fn run(&self) -> std::io::Result<()> {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit, setsid};
        setsid()?;
        if self.confined {
            close_inherited_on_exec();
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
        if let Some(soft) = self.open_files_soft {
            let hard = getrlimit(Resource::Nofile).maximum;
            setrlimit(
                Resource::Nofile,
                Rlimit {
                    current: Some(soft),
                    maximum: hard,
                },
            )?;
        }
        if self.confined {
            limit(Resource::Core, Some(0))?;
            super::privilege::take(&self.privilege)?;
        }
        let filtered = self.filter.1 > 0;
        if self.ruleset.is_some() || filtered {
            rustix::thread::set_no_new_privs(true)?;
        }
        if let Some(fd) = self.ruleset {
            restrict_self(fd)?;
        }
        #[cfg(target_os = "linux")]
        if filtered {
            super::syscalls::install(&self.filter)?;
        }
        Ok(())
    }
}

/// Marks every descriptor above the standard three close-on-exec, so none the harness
/// inherited (a shell's, a CI runner's, opened without `O_CLOEXEC`) reaches the program. Marked
/// rather than closed: the group files and the ruleset are still written to before `exec`, and
/// the pipe that reports a failed `exec` to the parent must stay open until then. One system
/// call (`close_range`, Linux 5.11); before it, each descriptor up to the open-files limit.
fn close_inherited_on_exec() {
    #[cfg(target_os = "linux")]
    {
        const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
        // SAFETY: a raw system call with numbers only.
        let done =
            unsafe { libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, CLOSE_RANGE_CLOEXEC) };
        if done == 0 {
            return;
        }
    }
    let most = rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .unwrap_or(1 << 20)
        .min(1 << 20);
    for fd in 3..most as libc::c_int {
        // SAFETY: `fcntl` on a number: an unused one fails with EBADF and nothing happens.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 && flags & libc::FD_CLOEXEC == 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
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
