//! `tourney serve` and `tourney run --serve` through the real binary on loopback, with a C
//! client written from `docs/contest-protocol.md` (`client.c`, compiled with `cc`) and
//! a raw Rust socket for byte-exact frames.

mod errors;
mod tournament;
mod training;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdout, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

/// The test client, compiled once per test binary.
fn client_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cgs-test-client");
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/cgs/client.c");
        let status = Command::new("cc")
            .args(["-std=c11", "-O1", "-o"])
            .arg(&out)
            .arg(&source)
            .status()
            .expect("a C compiler (cc) is installed");
        assert!(status.success(), "client.c compiles");
        out
    })
}

/// Runs the C client to the end: `client 127.0.0.1 PORT NAME GAME SPEC GAMES RECONNECT [FAULT MOVE]`.
/// It must exit successfully, even after a fault it was told to commit; its stderr says why not.
fn run_client(port: u16, args: &[&str]) -> Output {
    let output = Command::new(client_binary())
        .arg("127.0.0.1")
        .arg(port.to_string())
        .args(args)
        .output()
        .expect("the client runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The client's `RESULT WIN|LOSS|QUIT <game> <seat>` lines.
fn results(output: &Output) -> Vec<(String, String, usize)> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let mut words = line.strip_prefix("RESULT ")?.split(' ');
            Some((
                words.next()?.to_string(),
                words.next()?.to_string(),
                words.next()?.parse().ok()?,
            ))
        })
        .collect()
}

/// A `tourney` process we started, stopped when the test ends (it runs until killed).
struct Server {
    child: Child,
    port: u16,
    stdout: BufReader<ChildStdout>,
}

impl Server {
    /// `tourney serve --game GAME --port 0`; the port is read from its first line.
    fn start(game: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args(["serve", "--game", game, "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .spawn()
            .expect("tourney starts");
        let (line, stdout) = first_line(child.stdout.take());
        Server {
            child,
            port: port_in(&line),
            stdout,
        }
    }

    /// The next `game NAME: …` line the server printed.
    fn game_line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("a game line");
        line
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The first line a `tourney` we started prints on `pipe` (stdout for `serve`, stderr for
/// `run --serve`), which names its port, and the pipe to read on from.
pub(super) fn first_line<R: Read>(pipe: Option<R>) -> (String, BufReader<R>) {
    let mut reader = BufReader::new(pipe.expect("piped"));
    let mut line = String::new();
    reader.read_line(&mut line).expect("a first line");
    (line, reader)
}

/// The port of the first `127.0.0.1:PORT` in a line.
pub(super) fn port_in(line: &str) -> u16 {
    let at = line
        .find("127.0.0.1:")
        .unwrap_or_else(|| panic!("no address in '{line}'"));
    line[at + 10..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("a port")
}

/// `tourney run ... --serve 0` started in the background; the port is read from stderr.
fn start_run(args: &[&str]) -> (Child, u16, BufReader<ChildStderr>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .arg("run")
        .args(args)
        .args(["--serve", "0", "--quiet"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("tourney starts");
    let (line, stderr) = first_line(child.stderr.take());
    (child, port_in(&line), stderr)
}

/// A frame as the spec writes it: `%06d` byte count, then the payload.
fn frame(payload: &str) -> Vec<u8> {
    let mut out = format!("{:06}", payload.len()).into_bytes();
    out.extend_from_slice(payload.as_bytes());
    out
}

/// A raw connection that sends commands like the library (one write each) and reads bytes.
pub(super) struct Raw(TcpStream);

impl Raw {
    pub(super) fn connect(port: u16) -> Raw {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout set");
        Raw(stream)
    }

    pub(super) fn send(&mut self, command: &str) {
        self.0.write_all(command.as_bytes()).expect("sent");
    }

    /// Reads exactly the bytes of these frames and compares them.
    fn expect(&mut self, payloads: &[&str]) {
        let expected: Vec<u8> = payloads.iter().flat_map(|p| frame(p)).collect();
        let mut got = vec![0; expected.len()];
        self.0.read_exact(&mut got).expect("the frames arrive");
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&expected)
        );
    }

    /// Reads one frame's payload.
    pub(super) fn frame(&mut self) -> String {
        let mut header = [0; 6];
        self.0.read_exact(&mut header).expect("a header");
        let len: usize = std::str::from_utf8(&header)
            .unwrap()
            .parse()
            .expect("6 digits");
        let mut payload = vec![0; len];
        self.0.read_exact(&mut payload).expect("a payload");
        String::from_utf8(payload).expect("UTF-8")
    }

    /// The server closes the connection at a frame boundary: nothing more comes.
    fn expect_closed(&mut self) {
        let mut rest = Vec::new();
        self.0.read_to_end(&mut rest).expect("closed cleanly");
        assert!(
            rest.is_empty(),
            "unexpected bytes {:?}",
            String::from_utf8_lossy(&rest)
        );
    }
}
