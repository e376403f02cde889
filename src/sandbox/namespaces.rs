//! A `/proc` in which a program sees only its own processes: not the harness, not its
//! opponent, not the other programs of the run (their command lines, environments, open
//! files). Landlock cannot deny `/proc/<other pid>` and leave `/proc/self`, so every confined
//! program enters one mount namespace, made once per run, whose `/proc` is a fresh procfs
//! mounted with `hidepid=ptraceable`: a process is listed only to those that may trace it, and
//! a program in its own user namespace and Landlock domain may trace none but its own.
//!
//! Why not a pid namespace: its first process is pid 1, which ignores the signals it has no
//! handler for and must reap every orphan, and a program's pid would no longer be the one the
//! harness knows (its session, which ties a contest connection to its program, and its process
//! group, which a timeout kills); a relay process would have to stand in for it. The mount
//! namespace changes none of that, and entering a made one (`setns`) costs a start almost
//! nothing, where a new one per start would copy every mount.
//!
//! Mounting a procfs needs `CAP_SYS_ADMIN` over the user namespace that owns the harness's pid
//! namespace: only a harness running as root can make it. Elsewhere `tourney list` says that
//! other processes stay listed.

use std::os::fd::OwnedFd;

/// The mount namespace of the programs and the root of its `/proc`, for the Landlock rule that
/// lets programs read it (a rule for `/proc` names the harness's procfs, not this one).
pub struct PrivateProc {
    pub namespace: OwnedFd,
    pub proc_root: OwnedFd,
}

/// Makes the namespace in a child that stops once it is ready, opens it and its `/proc` from
/// here, and ends the child; `None` where it cannot be made (not root, no `hidepid=ptraceable`
/// before Linux 5.8).
#[cfg(target_os = "linux")]
pub fn make() -> Option<PrivateProc> {
    use std::os::fd::FromRawFd;
    // SAFETY: the child makes raw system calls on literal strings only and ends with `_exit`
    // or is killed; the parent waits for that one child.
    unsafe {
        let pid = libc::fork();
        if pid == 0 {
            libc::_exit(match prepare() {
                Ok(()) => {
                    libc::raise(libc::SIGSTOP);
                    0
                }
                Err(_) => 1,
            });
        }
        if pid < 0 {
            return None;
        }
        let mut status = 0;
        let stopped =
            libc::waitpid(pid, &mut status, libc::WUNTRACED) == pid && libc::WIFSTOPPED(status);
        let open = |path: String, flags| {
            let path = std::ffi::CString::new(path).ok()?;
            let fd = libc::open(path.as_ptr(), flags | libc::O_CLOEXEC);
            (fd >= 0).then(|| OwnedFd::from_raw_fd(fd))
        };
        let made = stopped
            .then(|| {
                Some(PrivateProc {
                    namespace: open(format!("/proc/{pid}/ns/mnt"), libc::O_RDONLY)?,
                    proc_root: open(
                        format!("/proc/{pid}/root/proc"),
                        libc::O_PATH | libc::O_DIRECTORY,
                    )?,
                })
            })
            .flatten();
        libc::kill(pid, libc::SIGKILL);
        libc::waitpid(pid, &mut status, 0);
        made
    }
}

/// In the child: a mount namespace of its own that sees the machine's later mounts but
/// sends none back, with a fresh `/proc` that hides what the reader may not trace.
#[cfg(target_os = "linux")]
fn prepare() -> std::io::Result<()> {
    let fail = || Err(std::io::Error::last_os_error());
    // SAFETY: raw system calls on literal strings.
    unsafe {
        if libc::unshare(libc::CLONE_NEWNS) != 0 {
            return fail();
        }
        let none = std::ptr::null::<libc::c_char>();
        if libc::mount(
            none,
            c"/".as_ptr(),
            none,
            libc::MS_REC | libc::MS_SLAVE,
            std::ptr::null(),
        ) != 0
        {
            return fail();
        }
        let flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
        let options = c"hidepid=ptraceable";
        if libc::mount(
            c"proc".as_ptr(),
            c"/proc".as_ptr(),
            c"proc".as_ptr(),
            flags,
            options.as_ptr().cast(),
        ) != 0
        {
            return fail();
        }
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
pub fn make() -> Option<PrivateProc> {
    None
}

/// In the child before `exec`: enters the programs' mount namespace `namespace` and goes back
/// to the folder `cwd` (a NUL-terminated absolute path: entering a mount namespace moves the
/// caller to its root).
#[cfg(target_os = "linux")]
pub fn enter(namespace: std::os::fd::RawFd, cwd: *const libc::c_char) -> std::io::Result<()> {
    // SAFETY: a raw system call on a descriptor the harness keeps open, and one on a path the
    // caller keeps alive until the spawn returns.
    unsafe {
        if libc::setns(namespace, libc::CLONE_NEWNS) != 0 || libc::chdir(cwd) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}
