//! The program starter: a small process of its own (this binary, `exec`ed once per run) that
//! forks every confined program in the harness's place. Forking the harness itself copies the
//! page tables of a large process with many threads, and every page the harness writes while
//! a child still shares it (the child takes its steps before `exec`, longer when confined) is
//! copied with a flush of every core's TLB: measured, a fifth of the samples of a confined
//! league of fast contest programs (`docs/guide/untrusted-programs.md`). The starter is small
//! and has one thread, so its forks copy little and flush nothing.
//!
//! Its children take the same steps as the harness's would ([`super::child`]), and they are
//! the harness's children (`CLONE_PARENT`): waited for, killed and read as before. A binary
//! that cannot serve as its own starter (a test program) forks as before; so does the harness
//! when the starter cannot be started or has gone.

mod request;
mod serve;

pub use serve::pipe;

use std::ffi::{CStr, CString};
use std::io::{Error, Result};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// The argument that makes this binary the starter (`main` checks it first).
pub const ARGUMENT: &str = "--internal-program-starter";

/// The descriptor of its socket in the starter.
const SOCKET_FD: RawFd = 3;

/// Whether this binary serves as its own starter ([`enable`]).
static ENABLED: AtomicBool = AtomicBool::new(false);

/// Says that this binary runs [`serve_if_asked`] first thing in `main`, so it can be `exec`ed
/// as the starter.
pub fn enable() {
    ENABLED.store(true, Ordering::Relaxed);
}

/// In `main`, first: serves as the starter if this process was started as one.
pub fn serve_if_asked() {
    let mut args = std::env::args_os().skip(1);
    if args.next().is_some_and(|a| a == ARGUMENT) && args.next().is_none() {
        // SAFETY: the harness gave the starter its socket as this descriptor.
        serve::serve(unsafe { OwnedFd::from_raw_fd(SOCKET_FD) });
    }
}

/// The harness's end of the starter's socket, and the starter's process.
struct Starter {
    socket: OwnedFd,
    process: std::process::Child,
}

static STARTER: OnceLock<Option<Mutex<Starter>>> = OnceLock::new();

/// The starter, started at the first call; `None` where there is none.
fn starter() -> Option<&'static Mutex<Starter>> {
    STARTER
        .get_or_init(|| {
            if !ENABLED.load(Ordering::Relaxed) {
                return None;
            }
            launch().ok().map(Mutex::new)
        })
        .as_ref()
}

/// `exec`s this binary as the starter, its socket as descriptor [`SOCKET_FD`].
fn launch() -> Result<Starter> {
    use std::os::unix::process::CommandExt;
    let (ours, theirs) = socket_pair()?;
    let theirs_fd = theirs.as_raw_fd();
    let mut command = std::process::Command::new("/proc/self/exe");
    command
        .arg(ARGUMENT)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null());
    // SAFETY: `dup2` and `fcntl` on numbers only, between `fork` and `exec`.
    unsafe {
        command.pre_exec(move || {
            let done = match theirs_fd {
                SOCKET_FD => libc::fcntl(SOCKET_FD, libc::F_SETFD, 0),
                fd => libc::dup2(fd, SOCKET_FD),
            };
            match done {
                -1 => Err(Error::last_os_error()),
                _ => Ok(()),
            }
        });
    }
    let process = command.spawn()?;
    drop(theirs);
    Ok(Starter {
        socket: ours,
        process,
    })
}

/// Ends the starter, if one was started, and waits for it (the end of a command): it leaves
/// the harness's `cpu` group, which can then be removed. A later start forks in the harness.
pub fn end() {
    if let Some(Some(starter)) = STARTER.get() {
        let mut starter = starter.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: `shutdown` on a socket this process owns; the starter reads the end of it.
        unsafe { libc::shutdown(starter.socket.as_raw_fd(), libc::SHUT_RDWR) };
        let _ = starter.process.wait();
    }
}

/// A connected pair of sequenced-packet sockets, closed at `exec`.
fn socket_pair() -> Result<(OwnedFd, OwnedFd)> {
    let mut ends = [-1; 2];
    // SAFETY: `socketpair` fills the two descriptors, which are then owned here.
    unsafe {
        let kind = libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC;
        if libc::socketpair(libc::AF_UNIX, kind, 0, ends.as_mut_ptr()) != 0 {
            return Err(Error::last_os_error());
        }
        Ok((OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])))
    }
}

/// What the starter made of a request: the child's pid and the pipe its `exec` closes (or its
/// error is written to).
pub struct Forked {
    pub pid: u32,
    pub report: OwnedFd,
}

/// Has the starter fork a program: `exec` with `program`, `args` (the first its name) and
/// `env` in `cwd`, the child's `steps` first, `stdio` as its standard descriptors. `None`
/// where there is no starter (the caller forks); `Some(Err)` for a fork that failed.
pub fn fork(
    command: (&CStr, &[CString], &[CString], &CStr),
    steps: &super::child::Steps,
    stdio: [BorrowedFd<'_>; 3],
) -> Option<Result<Forked>> {
    let starter = starter()?;
    let mut fds = Vec::new();
    let bytes = request::encode(command, steps, stdio, &mut fds);
    let starter = starter.lock().unwrap_or_else(|e| e.into_inner());
    if send(&starter.socket, &bytes, &fds).is_err() {
        return None;
    }
    let mut answer = [0u8; 8];
    // Sent, the program may be forked: no answer is a failed start, not a reason to fork again.
    let (len, mut received) = match serve::receive(&starter.socket, &mut answer) {
        Ok(Some(received)) => received,
        Ok(None) => return Some(Err(Error::from_raw_os_error(libc::EPIPE))),
        Err(error) => return Some(Err(error)),
    };
    drop(starter);
    let number = i64::from_le_bytes(answer);
    Some(match (len, number, received.pop()) {
        (8, pid, Some(report)) if pid > 0 => Ok(Forked {
            pid: pid as u32,
            report,
        }),
        (8, errno, _) => Err(Error::from_raw_os_error(
            i32::try_from(-errno).unwrap_or(libc::EINVAL),
        )),
        _ => Err(Error::from_raw_os_error(libc::EPROTO)),
    })
}

/// Sends `bytes` and `fds` as one message.
fn send(socket: &OwnedFd, bytes: &[u8], fds: &[BorrowedFd<'_>]) -> Result<()> {
    let payload = size_of_val(fds);
    // SAFETY: computing sizes only.
    let space = unsafe { libc::CMSG_SPACE(payload as u32) } as usize;
    let mut control = vec![0u64; space.div_ceil(8)];
    let mut iov = libc::iovec {
        iov_base: bytes.as_ptr().cast_mut().cast(),
        iov_len: bytes.len(),
    };
    // SAFETY: msghdr is plain data; it points at `iov` and `control`, which live across the
    // call, and the one control message written fits `control` (`CMSG_SPACE`).
    unsafe {
        let mut header: libc::msghdr = std::mem::zeroed();
        header.msg_iov = &mut iov;
        header.msg_iovlen = 1;
        if !fds.is_empty() {
            header.msg_control = control.as_mut_ptr().cast();
            header.msg_controllen = space as _;
            let message = libc::CMSG_FIRSTHDR(&header);
            (*message).cmsg_level = libc::SOL_SOCKET;
            (*message).cmsg_type = libc::SCM_RIGHTS;
            (*message).cmsg_len = libc::CMSG_LEN(payload as u32) as _;
            let data = libc::CMSG_DATA(message).cast::<RawFd>();
            for (i, fd) in fds.iter().enumerate() {
                data.add(i).write_unaligned(fd.as_raw_fd());
            }
        }
        while libc::sendmsg(socket.as_raw_fd(), &header, libc::MSG_NOSIGNAL) < 0 {
            let error = Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
    }
    Ok(())
}
