//! No privilege: every confined program runs without a capability, with `no_new_privs`, in a
//! user namespace of its own, whoever started the harness.
//!
//! Why a user namespace and not a user id per program: users keep their bots in folders only
//! their own user may read (a `tempfile` folder is mode 0700), and a program must still read
//! its folder. In its own user namespace the program keeps the harness's user *outside* (so
//! the files the harness's user owns stay readable as before, within what Landlock allows) but
//! holds no capability over anything outside its namespace: as root it can no longer make a
//! device node or open a raw block device, open a packet socket, take real-time scheduling,
//! mark a file immutable or read the harness's or another program's `/proc/PID/environ`.
//! Inside, it is the harness's user id, or `nobody` (65534) when the harness is root, so that
//! `exec` never hands it root's capabilities again; the bounding set is emptied and the
//! "no root" secure bits locked besides. An ordinary user gets the same where the kernel lets
//! users make user namespaces; where it does not, a root harness still takes every capability
//! away (the program stays uid 0 to the files), and `tourney list` says the namespace is
//! missing.
//!
//! No IPC namespace: the system-call filter denies System V shared memory, semaphores and
//! message queues and POSIX message queues outright ([`super::syscalls`]), which keeps them from
//! being shared with the opponent as a namespace of its own did, and costs a start nothing.
//! Making and freeing an IPC namespace for every program (its message-queue mount and its
//! sysctl tables) cost a league of fast contest programs about 3% of its CPU.
//!
//! Runs in the child between `fork` and `exec` ([`super::child`]): raw system calls only, on
//! numbers and byte arrays prepared by the harness.

/// What this machine gives for taking a program's privileges, probed once by children that
/// take them and end.
#[derive(Clone, Copy, Debug, Default)]
pub struct Available {
    /// Whether this process may make a user namespace and map its user in it.
    pub user_namespace: bool,
    /// Whether it may drop its supplementary groups and empty its bounding set (root with
    /// `CAP_SETGID` and `CAP_SETPCAP`).
    pub root: bool,
}

/// One line of `uid_map` or `gid_map` (`inside outside 1\n`), as bytes the child writes.
#[derive(Clone, Copy, Debug)]
pub struct Map {
    bytes: [u8; 32],
    len: usize,
}

impl Map {
    /// The id `outside` (the harness's) seen as `inside` in the program's namespace.
    fn new(inside: u32, outside: u32) -> Map {
        let text = format!("{inside} {outside} 1\n");
        let mut bytes = [0u8; 32];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Map {
            bytes,
            len: text.len(),
        }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// The id a program has inside its namespace: the harness's own, or `nobody` for root.
fn inside(outside: u32) -> u32 {
    match outside {
        0 => 65534,
        id => id,
    }
}

/// The child's steps for dropping privilege, as plain numbers (`Copy`, like
/// [`super::child::Steps`]).
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    /// The programs' mount namespace to enter first ([`super::namespaces`]), -1 for none, and
    /// the address of the NUL-terminated absolute folder to go back to in it.
    pub mount_namespace: std::os::fd::RawFd,
    pub cwd: usize,
    /// Make and enter a user namespace with these maps.
    pub namespace: Option<(Map, Map)>,
    /// Drop the supplementary groups first (root may; the namespace cannot change them).
    pub drop_groups: bool,
    /// Whether the child may empty its bounding set and lock the secure bits (it holds
    /// `CAP_SETPCAP`: in its new namespace, or as root).
    pub may_drop_bounding: bool,
}

impl Steps {
    /// Nothing taken away: `--sandbox off`.
    pub const NONE: Steps = Steps {
        mount_namespace: -1,
        cwd: 0,
        namespace: None,
        drop_groups: false,
        may_drop_bounding: false,
    };

    /// The steps this machine allows for a program of a harness running as this process's
    /// user and group.
    pub fn for_machine(available: Available) -> Steps {
        let (uid, gid) = ids();
        Steps {
            mount_namespace: -1,
            cwd: 0,
            namespace: available
                .user_namespace
                .then(|| (Map::new(inside(uid), uid), Map::new(inside(gid), gid))),
            drop_groups: available.root,
            may_drop_bounding: available.user_namespace || available.root,
        }
    }
}

/// This process's effective user and group ids.
fn ids() -> (u32, u32) {
    #[cfg(unix)]
    // SAFETY: getters that cannot fail.
    return unsafe { (libc::geteuid(), libc::getegid()) };
    #[cfg(not(unix))]
    (0, 0)
}

impl Available {
    /// The most these steps can take here: each way is tried in a child, most first, since a
    /// root harness may still be refused a namespace (a container without `CAP_SYS_ADMIN`, a
    /// seccomp profile, `user.max_user_namespaces` 0) and a program whose steps fail does not
    /// start.
    pub fn probe() -> Available {
        let root = ids().0 == 0;
        let ways = [
            Available {
                user_namespace: true,
                root,
            },
            Available {
                user_namespace: false,
                root,
            },
        ];
        ways.into_iter()
            .find(|way| linux::works_in_a_child(&Steps::for_machine(*way)))
            .unwrap_or_default()
    }
}

#[cfg(target_os = "linux")]
pub use linux::take;

#[cfg(not(target_os = "linux"))]
pub fn take(_: &Steps) -> std::io::Result<()> {
    Ok(())
}

#[cfg(target_os = "linux")]
mod linux {
    use super::Steps;
    use std::ffi::CStr;
    use std::io::{Error, Result};

    /// `SECBIT_NOROOT` and `SECBIT_NO_CAP_AMBIENT_RAISE`, each with its lock, and the lock of
    /// `SECBIT_KEEP_CAPS` (off): `exec` never grants root's capabilities, none can be raised
    /// into the ambient set, and no later change of user keeps any.
    const SECURE_BITS: libc::c_ulong = 0b1110_0011;

    /// Version 3 of the capability sets (64 bits, two words each).
    const CAPABILITY_VERSION_3: u32 = 0x2008_0522;

    /// Fails with the last system error unless `done` is 0 or more.
    fn check(done: libc::c_long) -> Result<()> {
        match done >= 0 {
            true => Ok(()),
            false => Err(Error::last_os_error()),
        }
    }

    /// Writes `bytes` to the file `name` of the folder `dir` (`/proc/self`).
    fn write_file(dir: libc::c_int, name: &CStr, bytes: &[u8]) -> Result<()> {
        // SAFETY: a NUL-terminated name and a buffer of `bytes.len()` bytes; the descriptor is
        // closed before returning.
        unsafe {
            let fd = libc::openat(dir, name.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            check(fd.into())?;
            let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
            let error = Error::last_os_error();
            libc::close(fd);
            match usize::try_from(written) == Ok(bytes.len()) {
                true => Ok(()),
                false => Err(error),
            }
        }
    }

    /// Takes the program's privileges, in the child before `exec`: its groups, its namespaces,
    /// its capabilities (all five sets), and `no_new_privs`.
    pub fn take(steps: &Steps) -> Result<()> {
        // SAFETY: raw system calls on numbers and on buffers that live through each call.
        unsafe {
            if steps.mount_namespace >= 0 {
                super::super::namespaces::enter(steps.mount_namespace, steps.cwd as *const _)?;
            }
            if steps.drop_groups {
                check(libc::syscall(
                    libc::SYS_setgroups,
                    0usize,
                    std::ptr::null::<u32>(),
                ))?;
            }
            if let Some((uid_map, gid_map)) = &steps.namespace {
                check(libc::unshare(libc::CLONE_NEWUSER).into())?;
                // Opened once: `/proc/self` is found anew (a link, a process's folder) at
                // every path that goes through it.
                let own = libc::open(
                    c"/proc/self".as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
                );
                check(own.into())?;
                let written = write_file(own, c"setgroups", b"deny")
                    .and_then(|()| write_file(own, c"uid_map", uid_map.as_bytes()))
                    .and_then(|()| write_file(own, c"gid_map", gid_map.as_bytes()));
                libc::close(own);
                written?;
            }
            if steps.may_drop_bounding {
                check(libc::prctl(libc::PR_SET_SECUREBITS, SECURE_BITS).into())?;
                for capability in 0..64 {
                    let dropped = libc::prctl(libc::PR_CAPBSET_DROP, capability);
                    if dropped != 0 && Error::last_os_error().raw_os_error() == Some(libc::EINVAL) {
                        break; // past the last capability this kernel knows
                    }
                    check(dropped.into())?;
                }
            }
            let clear_all = libc::PR_CAP_AMBIENT_CLEAR_ALL as libc::c_ulong;
            // Before Linux 4.3 there is no ambient set to clear.
            if libc::prctl(libc::PR_CAP_AMBIENT, clear_all, 0, 0, 0) != 0
                && Error::last_os_error().raw_os_error() != Some(libc::EINVAL)
            {
                return Err(Error::last_os_error());
            }
            let header = [CAPABILITY_VERSION_3, 0];
            let none = [0u32; 6];
            check(libc::syscall(
                libc::SYS_capset,
                header.as_ptr(),
                none.as_ptr(),
            ))?;
            check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0).into())
        }
    }

    /// Whether `steps` succeed in a child of this process (which ends at once, reaped here).
    pub fn works_in_a_child(steps: &Steps) -> bool {
        // SAFETY: the child makes raw system calls only and ends with `_exit`; the parent waits
        // for that one child.
        unsafe {
            let pid = libc::fork();
            match pid {
                -1 => false,
                0 => libc::_exit(i32::from(take(steps).is_err())),
                pid => {
                    let mut status = 0;
                    libc::waitpid(pid, &mut status, 0) == pid
                        && libc::WIFEXITED(status)
                        && libc::WEXITSTATUS(status) == 0
                }
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod linux {
    pub fn works_in_a_child(_: &super::Steps) -> bool {
        false
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_map_line_maps_one_id_and_root_becomes_nobody_inside() {
        assert_eq!(Map::new(inside(0), 0).as_bytes(), b"65534 0 1\n");
        assert_eq!(Map::new(inside(1000), 1000).as_bytes(), b"1000 1000 1\n");
        assert_eq!(
            Map::new(u32::MAX, u32::MAX).as_bytes(),
            b"4294967295 4294967295 1\n"
        );
    }
}
