//! One child process speaking lines on its stdin and stdout, which can never block the
//! harness: writes go through a writer thread, stdout is read by a reader thread into a channel
//! that is waited on with a deadline, and stderr is drained by a third thread into the bot's log.
//! Dropping a process ends it: `quit`, stdin closed, a short grace, then its whole process group
//! is killed and the child reaped (no zombies, no orphans left holding pipes).

use super::log::BotLog;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a process may take to exit by itself once told to quit.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// Longest stderr line kept in the log; the rest of the line is dropped.
const MAX_STDERR_LINE: usize = 4096;

/// What the reader and writer threads report, in the order it happened.
enum Event {
    Line(String),
    /// A stdout line longer than the limit: the reader stops there.
    TooLong,
    /// Stdout ended (the process exited or closed it) or could not be read.
    Closed(String),
    /// A write to stdin failed (the process closed it or died).
    WriteFailed(String),
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
    /// Input of the writer thread; dropping it closes the child's stdin.
    stdin: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    max_line: usize,
    /// Whether the output already ended (no need to wait for it when quitting).
    closed: bool,
    pub context: Context,
}

/// What to start and how.
pub struct Launch<'a> {
    pub command: &'a Path,
    pub args: &'a [String],
    pub dir: &'a Path,
    pub max_line_bytes: usize,
}

impl Process {
    /// Starts the program with piped stdio, in a process group of its own (so Ctrl-C reaches
    /// the harness only, and a kill reaches anything the program started).
    pub fn spawn(
        launch: &Launch<'_>,
        log: Arc<BotLog>,
        context: Context,
    ) -> std::io::Result<Process> {
        let mut command = Command::new(launch.command);
        command
            .args(launch.args)
            .current_dir(launch.dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (events_tx, events) = mpsc::channel();
        let (input, writes) = mpsc::channel();
        let max_line = launch.max_line_bytes;
        // The threads are detached: each ends when its pipe closes, which the kill guarantees.
        let writer_events = events_tx.clone();
        std::thread::spawn(move || write_lines(stdin, &writes, &writer_events));
        std::thread::spawn(move || read_lines(stdout, max_line, &events_tx));
        let stderr_context = Arc::clone(&context);
        std::thread::spawn(move || drain_stderr(stderr, &log, &stderr_context));
        Ok(Process {
            child,
            stdin: Some(input),
            events,
            max_line,
            closed: false,
            context,
        })
    }

    /// Queues bytes (whole lines) for the child's stdin; never blocks.
    pub fn send(&self, bytes: Vec<u8>) {
        if let Some(stdin) = &self.stdin {
            // A send error means the writer thread ended after a failed write; the next
            // receive reports that failure.
            let _ = stdin.send(bytes);
        }
    }

    /// The next stdout line, waiting at most `limit`.
    pub fn receive(&mut self, limit: Duration) -> Result<String, NoLine> {
        match self.events.recv_timeout(limit) {
            Ok(Event::Line(line)) => Ok(line),
            Ok(Event::TooLong) => Err(NoLine::TooLong(self.max_line)),
            Ok(Event::WriteFailed(why)) => {
                Err(NoLine::Gone(format!("its stdin is closed ({why})")))
            }
            Ok(Event::Closed(why)) => {
                self.closed = true;
                Err(NoLine::Gone(self.exit_description(&why)))
            }
            Err(RecvTimeoutError::Timeout) => Err(NoLine::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                Err(NoLine::Gone("its pipes are closed".to_string()))
            }
        }
    }

    /// Says how a process whose stdout ended went: its exit status if it exits within the
    /// grace period (it is then reaped), else that it is still running.
    fn exit_description(&mut self, why: &str) -> String {
        let deadline = Instant::now() + QUIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("it exited ({status}) after {why}"),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                _ => return format!("{why}, and it still runs"),
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.send(b"{\"type\":\"quit\"}\n".to_vec());
            self.stdin = None;
            if !self.closed {
                // Wait for stdout to end: the polite exit.
                let deadline = Instant::now() + QUIT_GRACE;
                while let Some(left) = deadline.checked_duration_since(Instant::now()) {
                    match self.events.recv_timeout(left) {
                        Ok(Event::Closed(_)) | Err(_) => break,
                        Ok(_) => {}
                    }
                }
            }
            // The leader is not reaped yet, so its group id cannot have been reused.
            kill_group(&mut self.child);
        }
        let _ = self.child.wait();
    }
}

#[cfg(unix)]
fn kill_group(child: &mut Child) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals that process group; no memory involved.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
}

#[cfg(not(unix))]
fn kill_group(child: &mut Child) {
    let _ = child.kill();
}

fn write_lines(mut stdin: ChildStdin, writes: &Receiver<Vec<u8>>, events: &Sender<Event>) {
    for bytes in writes {
        if let Err(e) = stdin.write_all(&bytes).and_then(|()| stdin.flush()) {
            let _ = events.send(Event::WriteFailed(e.to_string()));
            return;
        }
    }
}

/// Splits stdout into lines of at most `max_line` bytes (without the newline; a `\r` before it
/// is dropped). Invalid UTF-8 is replaced, so it fails as JSON, not here.
fn read_lines(stdout: impl Read, max_line: usize, events: &Sender<Event>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut line = Vec::new();
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = events.send(Event::Closed(format!("its output could not be read: {e}")));
                return;
            }
        };
        if buffer.is_empty() {
            let _ = events.send(Event::Closed("its output ended".to_string()));
            return;
        }
        let (taken, complete) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end, true),
            None => (buffer.len(), false),
        };
        line.extend_from_slice(&buffer[..taken]);
        reader.consume(taken + usize::from(complete));
        if line.len() > max_line {
            let _ = events.send(Event::TooLong);
            return;
        }
        if complete {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            let text = String::from_utf8_lossy(&line).into_owned();
            line.clear();
            if events.send(Event::Line(text)).is_err() {
                return;
            }
        }
    }
}

/// Copies stderr into the log line by line, keeping at most [`MAX_STDERR_LINE`] bytes of each,
/// and always reading on so the child never blocks on a full pipe.
fn drain_stderr(stderr: impl Read, log: &BotLog, context: &Context) {
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
