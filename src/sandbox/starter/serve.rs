//! The starter's side: a loop that takes a request, forks a child that takes its steps and
//! `exec`s the program, and answers with the child's pid and the pipe on which a failed start
//! reports its error. The child is the harness's (`CLONE_PARENT`), so the harness waits for
//! it, kills it and reads how it ended as for any program it forked itself.
//!
//! The starter is one thread, so its child may do anything before `exec`; it still makes the
//! raw system calls of [`super::super::child`] only, the same steps as a harness's child.

use super::request::{MAX_FDS, Request};
use std::io::{Error, Result};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};

/// The largest request: a program's command line and environment.
const MAX_REQUEST: usize = 1 << 20;

/// Serves the harness on `socket` until it closes its end, then ends the process.
pub fn serve(socket: OwnedFd) -> ! {
    let mut buffer = vec![0u8; MAX_REQUEST];
    loop {
        let (len, fds) = match receive(&socket, &mut buffer) {
            Ok(Some(received)) => received,
            Ok(None) => std::process::exit(0),
            Err(_) => std::process::exit(1),
        };
        let answer = match Request::decode(&buffer[..len], fds) {
            Some(request) => start(&request),
            None => Err(Error::from_raw_os_error(libc::EINVAL)),
        };
        let sent = match answer {
            Ok((pid, report)) => send(&socket, i64::from(pid), Some(&report)),
            Err(error) => send(&socket, -i64::from(error.raw_os_error().unwrap_or(0)), None),
        };
        if sent.is_err() {
            std::process::exit(1);
        }
    }
}

/// Forks the program's process as a child of the harness; its pid and the reading end of the
/// pipe its `exec` closes (or its error is written to).
fn start(request: &Request) -> Result<(libc::pid_t, OwnedFd)> {
    let (report, reporter) = pipe()?;
    let argv = pointers(&request.args);
    let envp = pointers(&request.env);
    let steps = request.steps();
    // SAFETY: `clone` without a new stack is `fork`; the starter has no other thread, so the
    // child may use anything it inherits, and it leaves only by `exec` or `_exit`.
    let pid = unsafe {
        libc::syscall(
            libc::SYS_clone,
            libc::CLONE_PARENT | libc::SIGCHLD,
            0usize,
            0usize,
            0usize,
            0usize,
        )
    };
    match pid {
        -1 => Err(Error::last_os_error()),
        0 => {
            let error = child(request, &steps, &argv, &envp);
            let errno = error.raw_os_error().unwrap_or(libc::EINVAL).to_ne_bytes();
            // SAFETY: a write of four bytes and the end of the child.
            unsafe {
                libc::write(reporter.as_raw_fd(), errno.as_ptr().cast(), errno.len());
                libc::_exit(127)
            }
        }
        pid => Ok((pid as libc::pid_t, report)),
    }
}

/// In the child: its stdio, its folder, the default signal handling a program expects, its
/// steps, and `exec`; returns only with the error that stopped it.
fn child(
    request: &Request,
    steps: &super::super::child::Steps,
    argv: &[*const libc::c_char],
    envp: &[*const libc::c_char],
) -> Error {
    // SAFETY: raw system calls on descriptors, strings and arrays the request keeps alive.
    unsafe {
        for (target, fd) in request.fds.iter().take(3).enumerate() {
            if libc::dup2(fd.as_raw_fd(), target as RawFd) < 0 {
                return Error::last_os_error();
            }
        }
        if libc::chdir(request.cwd.as_ptr()) != 0 {
            return Error::last_os_error();
        }
        // Rust's runtime ignores SIGPIPE; a program gets the default, as `Command` gives it.
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        if let Err(error) = steps.run() {
            return error;
        }
        libc::execve(request.program.as_ptr(), argv.as_ptr(), envp.as_ptr());
    }
    Error::last_os_error()
}

/// A null-terminated array of pointers to `strings`, for `exec`.
fn pointers(strings: &[std::ffi::CString]) -> Vec<*const libc::c_char> {
    strings
        .iter()
        .map(|s| s.as_ptr())
        .chain([std::ptr::null()])
        .collect()
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

/// A message and the descriptors that came with it (close-on-exec); `None` at the end.
pub fn receive(socket: &OwnedFd, buffer: &mut [u8]) -> Result<Option<(usize, Vec<OwnedFd>)>> {
    let space = unsafe { libc::CMSG_SPACE((MAX_FDS * size_of::<RawFd>()) as u32) } as usize;
    let mut control = vec![0u64; space.div_ceil(8)];
    let mut iov = libc::iovec {
        iov_base: buffer.as_mut_ptr().cast(),
        iov_len: buffer.len(),
    };
    // SAFETY: msghdr is plain data; the fields set point at `iov` and `control`, which live
    // across the call.
    let mut header: libc::msghdr = unsafe { std::mem::zeroed() };
    header.msg_iov = &mut iov;
    header.msg_iovlen = 1;
    header.msg_control = control.as_mut_ptr().cast();
    header.msg_controllen = space as _;
    let len = loop {
        // SAFETY: as above.
        let len = unsafe { libc::recvmsg(socket.as_raw_fd(), &mut header, libc::MSG_CMSG_CLOEXEC) };
        match len < 0 && Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            true => continue,
            false => break len,
        }
    };
    if len < 0 {
        return Err(Error::last_os_error());
    }
    let mut fds = Vec::new();
    // SAFETY: the kernel filled `header`'s control part; each message is read within it.
    unsafe {
        let mut message = libc::CMSG_FIRSTHDR(&header);
        while !message.is_null() {
            if (*message).cmsg_level == libc::SOL_SOCKET && (*message).cmsg_type == libc::SCM_RIGHTS
            {
                let data = libc::CMSG_DATA(message).cast::<RawFd>();
                let count = ((*message).cmsg_len as usize - libc::CMSG_LEN(0) as usize)
                    / size_of::<RawFd>();
                for i in 0..count {
                    fds.push(OwnedFd::from_raw_fd(data.add(i).read_unaligned()));
                }
            }
            message = libc::CMSG_NXTHDR(&header, message);
        }
    }
    if header.msg_flags & (libc::MSG_TRUNC | libc::MSG_CTRUNC) != 0 {
        return Err(Error::from_raw_os_error(libc::EMSGSIZE));
    }
    Ok((len > 0).then_some((len as usize, fds)))
}

/// Sends `number` (8 bytes) and the descriptor `fd`, if any.
fn send(socket: &OwnedFd, number: i64, fd: Option<&OwnedFd>) -> Result<()> {
    let fds: Vec<BorrowedFd<'_>> = fd.iter().map(|fd| fd.as_fd()).collect();
    super::send(socket, &number.to_le_bytes(), &fds)
}
