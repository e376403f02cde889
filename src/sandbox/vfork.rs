//! Starting a program's process as `posix_spawn` does: the child shares the harness's memory
//! and runs on a small stack of its own while the thread that starts it waits for its `exec`
//! (`CLONE_VM | CLONE_VFORK`). It takes the same steps as a forked child would
//! ([`super::child::Steps`]): raw system calls on data made beforehand, nothing that allocates,
//! locks or writes the harness's memory (its environment goes to `execve`, never to `environ`,
//! which the two processes share until then).
//!
//! Why not a fork: forking the harness copies the page tables of a large process with many
//! threads, and every page the harness writes while the child still shares it is copied with a
//! flush of every core's TLB (a fifth of the samples of a confined league of fast programs).
//! Why not a small process of its own that forks every program (tried, and landed for a while):
//! its children were born beside it rather than beside the game thread that talks to them, and
//! the kernel, which pulls a forked child over to the thread it wakes and is woken by, left
//! two in five of them on the other core: every move then woke a core from idle (0.088 ms a
//! move against 0.046 ms, `docs/guide/untrusted-programs.md`). A child of the game's own thread
//! is born beside it and follows it as a forked one does.

use super::child::Steps;
use std::ffi::CStr;
use std::io::{Error, Result};
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicI32, Ordering};

/// The child's stack: its steps and `exec` take a few kilobytes; a page below it is a guard.
const STACK: usize = 128 * 1024;

/// The page below the stack, which no access may reach.
const GUARD: usize = 4096;

/// What the child needs, all made before the clone and alive until it `exec`s.
pub struct Launch<'a> {
    pub program: &'a CStr,
    /// Null-terminated arrays of pointers to NUL-terminated strings.
    pub argv: &'a [*const libc::c_char],
    pub envp: &'a [*const libc::c_char],
    /// The folder to start in, absolute (the steps may enter another mount namespace).
    pub cwd: &'a CStr,
    /// Its stdin, stdout and stderr.
    pub stdio: [RawFd; 3],
    pub steps: Steps,
}

/// The launch and the error number of a start that failed, written by the child.
struct Shared<'a> {
    launch: &'a Launch<'a>,
    failed: AtomicI32,
}

/// Starts the program: its pid (a child of this process) once it has `exec`ed, or the error
/// that stopped it (the child then reaped).
pub fn start(launch: &Launch<'_>) -> Result<u32> {
    assert!(
        launch.argv.last().is_some_and(|p| p.is_null())
            && launch.envp.last().is_some_and(|p| p.is_null()),
        "argv and envp end with a null pointer"
    );
    let shared = Shared {
        launch,
        failed: AtomicI32::new(0),
    };
    // SAFETY: a private anonymous mapping, unmapped below; the guard page is made inaccessible.
    let stack = unsafe {
        let stack = libc::mmap(
            std::ptr::null_mut(),
            GUARD + STACK,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
            -1,
            0,
        );
        if stack == libc::MAP_FAILED {
            return Err(Error::last_os_error());
        }
        libc::mprotect(stack, GUARD, libc::PROT_NONE);
        stack
    };
    // SAFETY: every signal is blocked around the clone, so no handler of the harness ever runs
    // in the child (it puts them back to their defaults before unblocking); `child` runs on
    // its own stack, reads `shared` (alive: this thread is suspended until the child `exec`s or
    // ends) and leaves only by `execve` or `_exit`.
    let pid = unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
        let top = stack.cast::<u8>().add(GUARD + STACK);
        let pid = libc::clone(
            child,
            top.cast(),
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            (&raw const shared).cast_mut().cast(),
        );
        let error = Error::last_os_error();
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        libc::munmap(stack, GUARD + STACK);
        if pid < 0 {
            return Err(error);
        }
        pid
    };
    match shared.failed.load(Ordering::Acquire) {
        0 => Ok(pid as u32),
        errno => {
            let mut status = 0;
            // SAFETY: the child this call made, which has ended.
            unsafe { libc::waitpid(pid, &mut status, 0) };
            Err(Error::from_raw_os_error(errno))
        }
    }
}

/// The child: its stdio, its folder, the signal handling a program expects, its steps and
/// `exec`; on failure its error number goes to the harness, and it ends.
extern "C" fn child(shared: *mut libc::c_void) -> libc::c_int {
    // SAFETY: the pointer `start` passed, alive while this child runs.
    let shared = unsafe { &*shared.cast::<Shared<'_>>() };
    let error = take_steps_and_exec(shared.launch);
    shared.failed.store(
        error.raw_os_error().unwrap_or(libc::EINVAL),
        Ordering::Release,
    );
    // SAFETY: the end of the child, without running anything of the harness's.
    unsafe { libc::_exit(127) }
}

/// Returns only with the error that stopped the start.
fn take_steps_and_exec(launch: &Launch<'_>) -> Error {
    // SAFETY: raw system calls on numbers and on data the launch keeps alive.
    unsafe {
        // A handler of the harness's would run its code on the shared memory: the default
        // action instead (Rust's runtime ignores SIGPIPE, and a program expects the default, as
        // `Command` gives it).
        for signal in 1..libc::SIGRTMAX() {
            let mut action: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut action) == 0
                && (action.sa_sigaction != libc::SIG_IGN || signal == libc::SIGPIPE)
                && action.sa_sigaction != libc::SIG_DFL
            {
                let mut default: libc::sigaction = std::mem::zeroed();
                default.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(signal, &default, std::ptr::null_mut());
            }
        }
        // Born at the nice of the harness thread that started it: the harness's own, not the
        // one it relays at ([`super::cpu::ORIGINAL_NICE`]).
        let nice = super::cpu::ORIGINAL_NICE.load(Ordering::Relaxed);
        if nice != super::cpu::NOT_RAISED && libc::setpriority(libc::PRIO_PROCESS, 0, nice) != 0 {
            return Error::last_os_error();
        }
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        // Above 2 first, so that one standard descriptor never overwrites another's source.
        let mut stdio = launch.stdio;
        for fd in &mut stdio {
            *fd = libc::fcntl(*fd, libc::F_DUPFD_CLOEXEC, 3);
            if *fd < 0 {
                return Error::last_os_error();
            }
        }
        for (target, fd) in stdio.into_iter().enumerate() {
            if libc::dup2(fd, target as RawFd) < 0 {
                return Error::last_os_error();
            }
        }
        if libc::chdir(launch.cwd.as_ptr()) != 0 {
            return Error::last_os_error();
        }
        let mut steps = launch.steps;
        if steps.privilege.mount_namespace >= 0 {
            steps.privilege.cwd = launch.cwd.as_ptr() as usize;
        }
        if let Err(error) = steps.run() {
            return error;
        }
        libc::execve(
            launch.program.as_ptr(),
            launch.argv.as_ptr(),
            launch.envp.as_ptr(),
        );
    }
    Error::last_os_error()
}

/// A pipe whose ends close at `exec`: (reading end, writing end).
pub fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut ends = [-1; 2];
    // SAFETY: `pipe2` fills the two descriptors, which are then owned here.
    unsafe {
        if libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
            return Err(Error::last_os_error());
        }
        Ok((OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])))
    }
}
