//! A program the harness started, as it holds it: a pid to wait for and to kill. Started by
//! `crate::sandbox` (a child that shares the harness's memory until its `exec`), it is this
//! process's child, reaped once.

use std::io::Result;
use std::process::ExitStatus;

pub struct Child {
    pid: u32,
    /// How it ended, once reaped: its pid may then be another process's.
    status: Option<ExitStatus>,
}

impl Child {
    pub fn new(pid: u32) -> Child {
        Child { pid, status: None }
    }

    pub fn id(&self) -> u32 {
        self.pid
    }

    /// How it ended, reaping it, if it has; `None` while it runs.
    pub fn try_wait(&mut self) -> Result<Option<ExitStatus>> {
        if self.status.is_none() {
            self.status = sys::wait(self.pid, false)?;
        }
        Ok(self.status)
    }

    /// Waits until it ends, and reaps it.
    pub fn wait(&mut self) -> Result<ExitStatus> {
        loop {
            if let Some(status) = self.try_wait()? {
                return Ok(status);
            }
            self.status = sys::wait(self.pid, true)?;
        }
    }

    /// Kills it with SIGKILL, unless it is reaped already.
    pub fn kill(&mut self) -> Result<()> {
        match self.status {
            Some(_) => Ok(()),
            None => sys::kill(self.pid),
        }
    }
}

#[cfg(unix)]
mod sys {
    use std::io::{Error, ErrorKind, Result};
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

    /// `waitpid` on the child `pid`, blocking or not; `None` while it runs.
    pub fn wait(pid: u32, block: bool) -> Result<Option<ExitStatus>> {
        let flags = if block { 0 } else { libc::WNOHANG };
        let mut status = 0;
        loop {
            // SAFETY: `waitpid` on this process's child with a valid out pointer.
            let done = unsafe { libc::waitpid(pid as libc::pid_t, &mut status, flags) };
            match done {
                0 => return Ok(None),
                -1 if Error::last_os_error().kind() == ErrorKind::Interrupted => {}
                -1 => return Err(Error::last_os_error()),
                _ => return Ok(Some(ExitStatus::from_raw(status))),
            }
        }
    }

    pub fn kill(pid: u32) -> Result<()> {
        // SAFETY: kill(2) on a child not yet reaped, so its pid is still its own.
        match unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) } {
            0 => Ok(()),
            _ => Err(Error::last_os_error()),
        }
    }
}

#[cfg(not(unix))]
mod sys {
    use std::io::{ErrorKind, Result};
    use std::process::ExitStatus;

    pub fn wait(_: u32, _: bool) -> Result<Option<ExitStatus>> {
        Err(ErrorKind::Unsupported.into())
    }

    pub fn kill(_: u32) -> Result<()> {
        Err(ErrorKind::Unsupported.into())
    }
}
