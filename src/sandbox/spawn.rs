//! Starting a program inside its [`Confinement`]: through the program starter
//! ([`super::starter`]) when it is confined and there is one, else by `Command` (a fork of the
//! harness), whose child takes the same steps.

use super::Confinement;
use std::ffi::CString;
use std::fs::File;
use std::io::{Error, ErrorKind, Read, Result};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// A started program: its pid (it is this process's child) and the harness's ends of its
/// pipes (stdin only when asked for).
pub struct Started {
    pub pid: u32,
    pub stdin: Option<File>,
    pub stdout: File,
    pub stderr: File,
}

impl Confinement {
    /// Starts `command` (a path, or a name looked up on `PATH`) with `args` in `dir`, its
    /// stdout and stderr piped, its stdin piped or `/dev/null`, confined.
    pub fn spawn(
        &self,
        command: &Path,
        args: &[String],
        dir: &Path,
        stdin_piped: bool,
    ) -> Result<Started> {
        if self.steps.confined
            && let Some(walls) = &self.walls
            && let Some(started) = self.spawn_by_starter(command, args, dir, stdin_piped, walls)
        {
            return started;
        }
        let mut child = Command::new(command);
        child
            .args(args)
            .current_dir(dir)
            .stdin(match stdin_piped {
                true => Stdio::piped(),
                false => Stdio::null(),
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        self.apply(&mut child);
        let child = child.spawn()?;
        let file = |fd: OwnedFd| File::from(fd);
        Ok(Started {
            pid: child.id(),
            stdin: child.stdin.map(|fd| file(fd.into())),
            stdout: file(child.stdout.expect("stdout is piped").into()),
            stderr: file(child.stderr.expect("stderr is piped").into()),
        })
    }

    /// The start through the starter; `None` where there is no starter.
    fn spawn_by_starter(
        &self,
        command: &Path,
        args: &[String],
        dir: &Path,
        stdin_piped: bool,
        walls: &super::walls::Walls,
    ) -> Option<Result<Started>> {
        let c_string = |bytes: &[u8]| {
            CString::new(bytes).map_err(|_| Error::new(ErrorKind::InvalidInput, "a NUL byte"))
        };
        let prepared = (|| {
            let program = super::files::executable(command)
                .ok_or_else(|| Error::from(ErrorKind::NotFound))?;
            let program = c_string(program.as_os_str().as_bytes())?;
            let argv = std::iter::once(command.as_os_str().as_bytes())
                .chain(args.iter().map(|a| a.as_bytes()))
                .map(c_string)
                .collect::<Result<Vec<_>>>()?;
            let cwd = std::env::current_dir()?.join(dir);
            let cwd = c_string(cwd.as_os_str().as_bytes())?;
            let (stdout, stdout_end) = super::starter::pipe()?;
            let (stderr, stderr_end) = super::starter::pipe()?;
            let (stdin, stdin_end) = match stdin_piped {
                true => {
                    let (end, stdin) = super::starter::pipe()?;
                    (Some(stdin), end)
                }
                false => (None, OwnedFd::from(File::open("/dev/null")?)),
            };
            Ok((
                program,
                argv,
                cwd,
                [stdin_end, stdout_end, stderr_end],
                (stdin, stdout, stderr),
            ))
        })();
        let (program, argv, cwd, ends, (stdin, stdout, stderr)) = match prepared {
            Ok(prepared) => prepared,
            Err(error) => return Some(Err(error)),
        };
        let stdio = [ends[0].as_fd(), ends[1].as_fd(), ends[2].as_fd()];
        let command = (
            program.as_c_str(),
            argv.as_slice(),
            walls.environment.lines(),
            cwd.as_c_str(),
        );
        let forked = super::starter::fork(command, &self.steps, stdio)?;
        drop(ends);
        Some(forked.and_then(|forked| {
            // Empty at its end when the child's `exec` closed it; its error number otherwise.
            let mut report = Vec::new();
            let read = File::from(forked.report).read_to_end(&mut report);
            match (read, report.first_chunk::<4>()) {
                (Ok(0), _) => Ok(Started {
                    pid: forked.pid,
                    stdin: stdin.map(File::from),
                    stdout: File::from(stdout),
                    stderr: File::from(stderr),
                }),
                (read, errno) => {
                    reap(forked.pid);
                    Err(match (read, errno) {
                        (Err(error), _) => error,
                        (Ok(_), Some(&errno)) => {
                            Error::from_raw_os_error(i32::from_ne_bytes(errno))
                        }
                        (Ok(_), None) => Error::from_raw_os_error(libc::EPROTO),
                    })
                }
            }
        }))
    }
}

/// Waits for the child `pid`, which failed to start.
fn reap(pid: u32) {
    let mut status = 0;
    // SAFETY: `waitpid` on this process's own child, with a valid out pointer.
    unsafe {
        libc::waitpid(pid as libc::pid_t, &mut status, 0);
    }
}
