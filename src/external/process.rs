//! One child process speaking lines on its stdin and stdout, which can never block the
//! harness: both pipes are non-blocking and waited on with `poll(2)` against a deadline, on the
//! thread that plays the game (no hand-off per move), and stderr is drained by a thread of its
//! own into the bot's log, so a bot flooding it never stalls. Dropping a process ends it: `quit`,
//! stdin closed, a short grace, then its whole process group is killed and the child reaped (no
//! zombies, no orphans left holding pipes). Every group not yet reaped is also listed in a
//! registry, so an exit that skips destructors ([`kill_all`]) still leaves no bot behind. Every
//! program starts in a session of its own (its session and process group ids are its pid) and
//! inside its [`Confinement`], which kills what it leaves behind once it is reaped. Needs a
//! Unix-like system; elsewhere every start fails.

use super::child::Child;
use super::log::BotLog;
use crate::sandbox::{self, Confinement, Started, Weight};
use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a process may take to exit by itself once told to quit.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// How long a process that missed its deadline has to show it is ending rather than thinking:
/// on a loaded machine a bot that exits (a crash) can still be tearing down when its deadline
/// passes, and must not be charged a timeout for it.
const ENDING_GRACE: Duration = Duration::from_secs(1);

/// Longest stderr line kept in the log; the rest of the line is dropped.
const MAX_STDERR_LINE: usize = 4096;

/// Process groups started and not yet reaped, by leader pid. A leader is removed before it is
/// reaped, so a listed id can never have been reused by an unrelated process group.
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Starts `command` with `args` in `dir`, its output piped, as the leader of a session of its
/// own, and so of a process group of its own (a timeout kills the program with its children),
/// confined as `program` says, and notes it among the live ones. The session marks every
/// process the program starts, for good: a process can leave its group but never join another
/// session, so a contest server can tell a connection of the program from one of another
/// program (`crate::serve`). Stdin is piped when `stdin_piped`, else `/dev/null`. The
/// confinement must outlive the child.
pub(super) fn spawn(
    command: &Path,
    args: &[String],
    dir: &Path,
    stdin_piped: bool,
    program: &sandbox::Program<'_>,
) -> std::io::Result<(Child, Started, Confinement)> {
    let confinement = Confinement::prepare(program, command).map_err(std::io::Error::other)?;
    let started = confinement.spawn(command, args, dir, stdin_piped)?;
    live().push(started.pid);
    Ok((Child::new(started.pid), started, confinement))
}

pub(super) fn live() -> std::sync::MutexGuard<'static, Vec<u32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every bot process group still alive, for exit paths that skip destructors (a second
/// Ctrl-C or SIGTERM ends the harness with `std::process::exit`). The registry stays locked
/// while killing, so no group is reaped (and its id freed) in between.
pub fn kill_all() {
    let live = live();
    for &pid in live.iter() {
        sys::kill_group_id(pid);
    }
    sandbox::kill_all();
}

/// Why no line came back.
#[derive(Debug, PartialEq, Eq)]
pub enum NoLine {
    Timeout,
    /// The process exited, closed a pipe, or could not be read or written.
    Gone(String),
    TooLong(usize),
}

/// What the stderr thread prefixes each line with: the game and seat the process plays now.
pub type Context = Arc<Mutex<String>>;

pub struct Process {
    child: Child,
    /// `None` once closed (quitting) or after a failed write.
    stdin: Option<File>,
    stdout: File,
    /// Bytes queued for stdin that the pipe has not taken yet.
    unsent: Vec<u8>,
    /// Bytes read from stdout and not yet returned as lines.
    read: Vec<u8>,
    /// Length of the prefix of `read` known to hold no newline.
    scanned: usize,
    /// Lines received so far (`ready` included): a process that never answered an `act` and
    /// times out may well be one that does not flush its output.
    pub lines_received: u64,
    max_line: usize,
    /// Stdout ended (or failed): why.
    closed: Option<String>,
    write_failed: Option<String>,
    /// The thread copying stderr into the log: ends at the end of stderr.
    stderr: std::thread::JoinHandle<()>,
    pub context: Context,
    /// Dropped after the child is reaped: kills what it left and removes its traces.
    confinement: Confinement,
}

/// What to start and how.
pub struct Launch<'a> {
    pub command: &'a Path,
    pub args: &'a [String],
    pub dir: &'a Path,
    pub max_line_bytes: usize,
    /// What it may read, use and reach.
    pub sandbox: sandbox::Program<'a>,
}

impl Process {
    /// Starts the program with piped stdio, in a process group of its own (so Ctrl-C reaches
    /// the harness only, and a kill reaches anything the program started).
    pub fn spawn(
        launch: &Launch<'_>,
        log: Arc<BotLog>,
        context: Context,
    ) -> std::io::Result<Process> {
        let (child, started, confinement) = spawn(
            launch.command,
            launch.args,
            launch.dir,
            true,
            &launch.sandbox,
        )?;
        let Started {
            stdin,
            stdout,
            stderr,
            ..
        } = started;
        let stdin = stdin.expect("stdin is piped");
        // Detached: it ends when the pipe closes, which the kill guarantees.
        let stderr_context = Arc::clone(&context);
        let stderr = std::thread::spawn(move || drain_stderr(stderr, &log, &stderr_context));
        let process = Process {
            child,
            stdin: Some(stdin),
            stdout,
            unsent: Vec::new(),
            read: Vec::new(),
            scanned: 0,
            lines_received: 0,
            max_line: launch.max_line_bytes,
            closed: None,
            write_failed: None,
            stderr,
            context,
            confinement,
        };
        // Dropping the process on failure kills and reaps the child.
        sys::set_nonblocking(process.stdin.as_ref().expect("just set"))?;
        sys::set_nonblocking(&process.stdout)?;
        Ok(process)
    }

    /// Queues bytes (whole lines) for the child's stdin and writes what the pipe takes now;
    /// never blocks. The rest is written while waiting for an answer.
    pub fn send(&mut self, bytes: Vec<u8>) {
        if self.stdin.is_some() {
            if self.unsent.is_empty() {
                self.unsent = bytes;
            } else {
                self.unsent.extend_from_slice(&bytes);
            }
            self.flush_some();
        }
    }

    /// Gives the program the CPU weight of one that thinks or waits ([`Weight`]).
    pub fn weigh(&mut self, weight: Weight) {
        self.confinement.weigh(weight);
    }

    /// The next stdout line, waiting at most `limit`.
    pub fn receive(&mut self, limit: Duration) -> Result<String, NoLine> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(line) = self.take_line()? {
                return Ok(line);
            }
            if let Some(why) = &self.write_failed {
                return Err(NoLine::Gone(format!("its stdin is closed ({why})")));
            }
            if let Some(why) = self.closed.clone() {
                return Err(NoLine::Gone(self.exit_description(&why)));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(self.late());
            }
            sys::wait(
                &self.stdout,
                self.stdin.as_ref().filter(|_| !self.unsent.is_empty()),
                left,
            );
            self.flush_some();
            self.read_some();
        }
    }

    /// Why no line came before the deadline: [`NoLine::Gone`] if the process ends within
    /// [`ENDING_GRACE`] (its stdout ends or it exits), else [`NoLine::Timeout`]. A line that
    /// comes now is late and dropped.
    fn late(&mut self) -> NoLine {
        let grace_end = Instant::now() + ENDING_GRACE;
        loop {
            // Checked before reading: an exited process has closed its end of stdout already.
            let exited = sys::exit_code(self.child.id()).is_some();
            self.read.clear();
            self.scanned = 0;
            self.read_some();
            if let Some(why) = self.closed.clone() {
                return NoLine::Gone(self.exit_description(&why));
            }
            if exited {
                let why = "leaving its output open to another process";
                return NoLine::Gone(self.exit_description(why));
            }
            let left = grace_end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return NoLine::Timeout;
            }
            sys::wait(&self.stdout, None, left.min(Duration::from_millis(50)));
        }
    }

    /// Writes queued bytes until the pipe is full; a failed write is kept for `receive`.
    fn flush_some(&mut self) {
        let Some(stdin) = self.stdin.as_mut() else {
            return;
        };
        let mut written = 0;
        while written < self.unsent.len() {
            match stdin.write(&self.unsent[written..]) {
                Ok(0) => break,
                Ok(n) => written += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) => {
                    self.write_failed = Some(e.to_string());
                    self.stdin = None;
                    self.unsent.clear();
                    return;
                }
            }
        }
        self.unsent.drain(..written);
    }

    /// Reads whatever stdout has now.
    fn read_some(&mut self) {
        let mut chunk = [0u8; 64 * 1024];
        while self.closed.is_none() {
            match self.stdout.read(&mut chunk) {
                Ok(0) => self.closed = Some("its output ended".to_string()),
                Ok(n) => {
                    self.read.extend_from_slice(&chunk[..n]);
                    if self.read.len() > self.max_line {
                        return; // enough to decide; `take_line` answers
                    }
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => return,
                Err(e) => self.closed = Some(format!("its output could not be read: {e}")),
            }
        }
    }

    /// The first complete line of `read` (without `\n` or a `\r` before it); invalid UTF-8 is
    /// replaced, so it fails as JSON, not here.
    fn take_line(&mut self) -> Result<Option<String>, NoLine> {
        match self.read[self.scanned..].iter().position(|&b| b == b'\n') {
            Some(offset) => {
                let end = self.scanned + offset;
                if end > self.max_line {
                    return Err(NoLine::TooLong(self.max_line));
                }
                let mut line: Vec<u8> = self.read.drain(..=end).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                self.scanned = 0;
                self.lines_received += 1;
                Ok(Some(String::from_utf8_lossy(&line).into_owned()))
            }
            None if self.read.len() > self.max_line => Err(NoLine::TooLong(self.max_line)),
            None => {
                self.scanned = self.read.len();
                Ok(None)
            }
        }
    }

    /// The limit the program hit, if any (`process limit 64 reached`), to name in its fault.
    pub fn limit_hit(&mut self) -> Option<String> {
        let ended = self.child.try_wait().ok().flatten();
        #[cfg(unix)]
        let signal = ended.and_then(|s| std::os::unix::process::ExitStatusExt::signal(&s));
        #[cfg(not(unix))]
        let signal = ended.and(None);
        self.confinement.limit_hit(signal)
    }

    /// Says how a process whose stdout ended went: its exit status if it exits within the
    /// grace period (it is then reaped), else that it is still running. An exited process's
    /// last stderr lines are in its log before this returns (within [`ENDING_GRACE`]), so a
    /// message pointing at the log never races the thread copying them.
    fn exit_description(&mut self, why: &str) -> String {
        let deadline = Instant::now() + QUIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    forget(self.child.id());
                    let logged = Instant::now() + ENDING_GRACE;
                    while !self.stderr.is_finished() && Instant::now() < logged {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    return format!("it exited ({status}) after {why}");
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                _ => return format!("{why}, and it still runs"),
            }
        }
    }
}

impl Process {
    /// Sends `quit`, closes stdin and waits until `deadline` for stdout to end: the polite
    /// exit. Nothing happens to a process that has already exited.
    fn tell_quit(&mut self, deadline: Instant) {
        if !matches!(self.child.try_wait(), Ok(None)) {
            return;
        }
        self.send(b"{\"type\":\"quit\"}\n".to_vec());
        self.stdin = None;
        while self.closed.is_none() {
            self.read.clear();
            self.read_some();
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            if self.closed.is_none() {
                sys::wait(&self.stdout, None, left);
            }
        }
    }

    /// Ends the process as dropping it would, but says how it went: `Ok` with its exit status
    /// and the time it took when it exited by itself with status 0 within `grace` of `quit`,
    /// `Err` saying what it did instead (another status, or still running: it is then killed).
    /// For `tourney doctor`, which checks that a program leaves when told to.
    pub fn quit(mut self, grace: Duration) -> Result<String, String> {
        let asked = Instant::now();
        let deadline = asked + grace;
        self.tell_quit(deadline);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    let took = asked.elapsed().as_millis();
                    return if status.success() {
                        Ok(format!("exited ({status}) {took} ms after quit"))
                    } else {
                        Err(format!("it exited with {status} after quit"))
                    };
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                _ => {
                    return Err(format!(
                        "it still ran {} ms after quit and had to be killed",
                        grace.as_millis()
                    ));
                }
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.tell_quit(Instant::now() + QUIT_GRACE);
            // The leader is not reaped yet, so its group id cannot have been reused.
            sys::kill_group(&mut self.child);
        }
        forget(self.child.id());
        let _ = self.child.wait();
    }
}

/// Takes a leader out of the registry: it is about to be reaped, or already was.
pub(super) fn forget(pid: u32) {
    live().retain(|&p| p != pid);
}

#[cfg(unix)]
pub(super) mod sys {
    use super::Child;
    use std::fs::File;
    use std::os::fd::AsRawFd;
    use std::time::Duration;

    pub fn set_nonblocking(fd: &impl AsRawFd) -> std::io::Result<()> {
        let fd = fd.as_raw_fd();
        // SAFETY: fcntl on a descriptor this process owns; no memory is passed.
        let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
        // SAFETY: as above.
        if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }

    /// Sleeps until stdout is readable (or closed), stdin writable when given, or `timeout`.
    pub fn wait(stdout: &File, stdin: Option<&File>, timeout: Duration) {
        let mut fds = [
            libc::pollfd {
                fd: stdout.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: stdin.map_or(-1, AsRawFd::as_raw_fd),
                events: libc::POLLOUT,
                revents: 0,
            },
        ];
        // Rounded up, so a wait never ends just before its deadline and spins.
        let millis = timeout.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int;
        // SAFETY: `fds` is a valid array of two pollfd for the duration of the call; a
        // negative fd is ignored by poll(2).
        unsafe {
            libc::poll(fds.as_mut_ptr(), 2, millis);
        }
    }

    pub fn kill_group(child: &mut Child) {
        kill_group_id(child.id());
        let _ = child.kill();
    }

    /// How the child `pid` ended, if it has, without reaping it: while it stays a zombie its
    /// process group id cannot be reused, so the group can still be killed safely. Also the
    /// signal that ended it, if one did.
    pub fn exit_code(pid: u32) -> Option<(String, Option<i32>)> {
        let pid = libc::id_t::try_from(pid).ok()?;
        // SAFETY: siginfo_t is plain data; zeroed is a valid value for waitid to fill.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid(2) on our own child with a valid out pointer; WNOWAIT leaves it
        // unreaped and WNOHANG returns at once.
        let done = unsafe {
            libc::waitid(
                libc::P_PID,
                pid,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        // SAFETY: the fields read are set by a successful waitid (si_pid stays 0 otherwise).
        let (child, code, status) = unsafe { (info.si_pid(), info.si_code, info.si_status()) };
        (done == 0 && child != 0).then(|| match code {
            libc::CLD_EXITED => (format!("exit status {status}"), None),
            _ => (format!("signal {status}"), Some(status)),
        })
    }

    /// Kills the process group led by `pid`.
    pub fn kill_group_id(pid: u32) {
        if let Ok(pid) = libc::pid_t::try_from(pid) {
            // SAFETY: kill(2) with a negative pid signals that process group; no memory.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
}

#[cfg(not(unix))]
pub(super) mod sys {
    use super::Child;
    use std::fs::File;
    use std::time::Duration;

    pub fn set_nonblocking<T>(_: &T) -> std::io::Result<()> {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "external bots need a Unix-like system",
        ))
    }

    pub fn wait(_: &File, _: Option<&File>, timeout: Duration) {
        std::thread::sleep(timeout.min(Duration::from_millis(1)));
    }

    pub fn kill_group(child: &mut Child) {
        let _ = child.kill();
    }

    /// Nothing to do: no process starts on these systems.
    pub fn kill_group_id(_: u32) {}

    /// Never called: no process starts on these systems.
    pub fn exit_code(_: u32) -> Option<(String, Option<i32>)> {
        None
    }
}

/// Copies stderr (or a contest program's stdout) into the log line by line, keeping at most [`MAX_STDERR_LINE`] bytes of each,
/// and always reading on so the child never blocks on a full pipe.
pub(super) fn drain_stderr(stderr: impl Read, log: &BotLog, context: &Context) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader
            .by_ref()
            .take(MAX_STDERR_LINE as u64)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let cut = line.last() != Some(&b'\n');
        let text = String::from_utf8_lossy(&line);
        let context = context.lock().unwrap_or_else(|e| e.into_inner()).clone();
        log.line(&context, text.trim_end_matches(['\n', '\r']));
        if cut && !skip_line(&mut reader) {
            return;
        }
    }
}

/// Reads past the end of the current line without keeping it; `false` at the end of input.
fn skip_line(reader: &mut impl BufRead) -> bool {
    loop {
        let buffer = match reader.fill_buf() {
            Ok([]) | Err(_) => return false,
            Ok(buffer) => buffer,
        };
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                reader.consume(end + 1);
                return true;
            }
            None => {
                let all = buffer.len();
                reader.consume(all);
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn start(command: &str, args: &[&str], max_line_bytes: usize) -> Process {
        start_logged(command, args, max_line_bytes, Arc::new(BotLog::discard()))
    }

    fn start_logged(
        command: &str,
        args: &[&str],
        max_line_bytes: usize,
        log: Arc<BotLog>,
    ) -> Process {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let launch = Launch {
            command: Path::new(command),
            args: &args,
            dir: Path::new("."),
            max_line_bytes,
            sandbox: sandbox::Program {
                readable: Vec::new(),
                limits: &sandbox::Limits::default(),
                network: sandbox::Network::None,
                env: Vec::new(),
            },
        };
        Process::spawn(&launch, log, Arc::new(Mutex::new(String::new())))
            .expect("a POSIX shell tool")
    }

    #[test]
    fn lines_come_back_whole_in_order_and_a_carriage_return_is_dropped() {
        let mut cat = start("cat", &[], 1024);
        cat.send(b"one\r\ntwo\nthr".to_vec());
        cat.send(b"ee\n".to_vec());
        let limit = Duration::from_secs(5);
        assert_eq!(cat.receive(limit), Ok("one".to_string()));
        assert_eq!(cat.receive(limit), Ok("two".to_string()));
        assert_eq!(cat.receive(limit), Ok("three".to_string()));
    }

    #[test]
    fn a_process_that_reads_nothing_never_blocks_the_sender() {
        let mut sleeper = start("sleep", &["30"], 1024);
        // Far more than a pipe holds: queued, not blocking.
        sleeper.send(vec![b'x'; 4 << 20]);
        assert_eq!(
            sleeper.receive(Duration::from_millis(50)),
            Err(NoLine::Timeout)
        );
    }

    #[test]
    fn a_process_that_exits_just_after_its_deadline_has_gone_not_timed_out() {
        // Like a bot whose exit is slowed down by a loaded machine: it reads its request,
        // and ends only after the deadline.
        let mut slow_exit = start("sh", &["-c", "read line; sleep 0.2; exit 3"], 100);
        slow_exit.send(b"act\n".to_vec());
        match slow_exit.receive(Duration::from_millis(20)) {
            Err(NoLine::Gone(why)) => assert!(why.contains("exit status: 3"), "{why}"),
            other => panic!("expected the exit, got {other:?}"),
        }
    }

    #[test]
    fn the_last_stderr_lines_of_a_process_that_exited_are_in_its_log_when_it_is_reported() {
        // Its stderr ends a little after it exits (a child of its own still writes), as the
        // copying thread may lag behind an exit on a loaded machine.
        let dir = tempfile::tempdir().unwrap();
        let log = Arc::new(BotLog::create(dir.path(), "bot").unwrap());
        let script = "exec >&-; (sleep 0.1; echo last words >&2) & exit 3";
        let mut process = start_logged("sh", &["-c", script], 100, Arc::clone(&log));
        match process.receive(Duration::from_secs(5)) {
            Err(NoLine::Gone(why)) => assert!(why.contains("exit status: 3"), "{why}"),
            other => panic!("expected the exit, got {other:?}"),
        }
        let logged = std::fs::read_to_string(log.path().unwrap()).unwrap();
        assert!(logged.contains("last words"), "{logged:?}");
    }

    #[test]
    fn over_long_lines_and_ended_output_are_reported() {
        let mut cat = start("cat", &[], 100);
        cat.send(vec![b'y'; 1000]);
        assert_eq!(
            cat.receive(Duration::from_secs(5)),
            Err(NoLine::TooLong(100))
        );
        let mut done = start("sh", &["-c", "echo bye; exit 7"], 100);
        assert_eq!(done.receive(Duration::from_secs(5)), Ok("bye".to_string()));
        match done.receive(Duration::from_secs(5)) {
            Err(NoLine::Gone(why)) => assert!(why.contains("exit status: 7"), "{why}"),
            other => panic!("expected the exit, got {other:?}"),
        }
    }
}
