//! One client's TCP connection: length-prefixed frames out, unframed commands in (§1 of
//! `docs/contest-protocol.md`). Every reply leaves in one write, with Nagle off, so a
//! command costs one round trip instead of CGS's 43 ms stall (§14).

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The largest payload a 6-digit header can announce.
pub const MAX_PAYLOAD: usize = 999_999;

/// Appends one frame: the payload's length in bytes as `%06d`, then the payload, no terminator.
/// Payloads come from this server and stay far below [`MAX_PAYLOAD`]; a longer one is cut at
/// a character boundary rather than sent with a header the client would misread.
pub fn push_frame(out: &mut Vec<u8>, payload: &str) {
    let mut end = payload.len().min(MAX_PAYLOAD);
    while !payload.is_char_boundary(end) {
        end -= 1;
    }
    let payload = &payload[..end];
    out.extend_from_slice(format!("{:06}", payload.len()).as_bytes());
    out.extend_from_slice(payload.as_bytes());
}

/// The bytes of a whole reply: its frames back to back.
pub fn frames(payloads: &[&str]) -> Vec<u8> {
    let mut out = Vec::new();
    for payload in payloads {
        push_frame(&mut out, payload);
    }
    out
}

/// The command one read carried: whitespace stripped, and bytes that are not UTF-8 read as
/// Latin-1, as CGS does.
pub fn command_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.trim().to_string(),
        Err(_) => bytes
            .iter()
            .map(|&b| char::from(b))
            .collect::<String>()
            .trim()
            .to_string(),
    }
}

/// What one read from the client gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// One command, whitespace stripped.
    Command(String),
    /// End of file or a broken connection: the client is gone.
    Closed,
    /// Nothing arrived within the time allowed.
    TimedOut,
}

/// A client's connection and the name it gave.
#[derive(Debug)]
pub struct Connection {
    stream: TcpStream,
    /// The `CLIENT_NAME`, once the handshake is done.
    pub name: String,
    /// Frames owed to the client that go out with the next write, so a reply split across
    /// two parts of the server (the `OK` of `WAIT_GAME`, then the game start) is one write.
    held: Vec<u8>,
    buffer: Box<[u8]>,
    /// Games finished on this connection (for the `once` option).
    pub games_played: u32,
}

impl Connection {
    /// Takes an accepted socket and turns Nagle off (§1.1).
    pub fn new(stream: TcpStream) -> std::io::Result<Connection> {
        stream.set_nodelay(true)?;
        Ok(Connection {
            stream,
            name: String::new(),
            held: Vec::new(),
            buffer: vec![0; 4096].into_boxed_slice(),
            games_played: 0,
        })
    }

    /// Sends the held frames and these in one write.
    pub fn send(&mut self, payloads: &[&str]) -> std::io::Result<()> {
        let mut out = std::mem::take(&mut self.held);
        for payload in payloads {
            push_frame(&mut out, payload);
        }
        self.stream.write_all(&out)
    }

    /// Keeps frames for the next [`Connection::send`].
    pub fn hold(&mut self, payloads: &[&str]) {
        for payload in payloads {
            push_frame(&mut self.held, payload);
        }
    }

    /// Reads one command: one read is one command, as the client library writes each command
    /// with one `write()` and waits for the whole reply before the next (§1.3). `None` waits
    /// for ever.
    ///
    /// A read the kernel interrupts is read again with the time left: a socket with a read
    /// timeout is never restarted after a signal, and a signal can reach any thread of the
    /// harness (a program's exit notice, `SIGCHLD`, is queued rather than dropped while the
    /// thread it is addressed to has signals blocked, as it has while it starts a thread), so
    /// an interrupted read says nothing about the client.
    pub fn receive(&mut self, timeout: Option<Duration>) -> Incoming {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            // A zero timeout means "block" to the socket API; the smallest real wait stands in.
            let left = deadline.map(|d| {
                d.saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(1))
            });
            if self.stream.set_read_timeout(left).is_err() {
                return Incoming::Closed;
            }
            return match self.stream.read(&mut self.buffer) {
                Ok(0) => Incoming::Closed,
                Ok(n) => Incoming::Command(command_text(&self.buffer[..n])),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    Incoming::TimedOut
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => Incoming::Closed,
            };
        }
    }

    /// Whether the client is still there and silent, as a client waiting for its game must be:
    /// `false` if it closed the connection or sent something out of turn.
    pub fn is_idle(&self) -> bool {
        if self.stream.set_nonblocking(true).is_err() {
            return false;
        }
        let mut byte = [0u8; 1];
        let peeked = loop {
            match self.stream.peek(&mut byte) {
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                peeked => break peeked,
            }
        };
        let idle = matches!(peeked, Err(e) if e.kind() == ErrorKind::WouldBlock);
        idle && self.stream.set_nonblocking(false).is_ok()
    }

    /// The socket, to find out which process is at its other end.
    pub fn socket(&self) -> &TcpStream {
        &self.stream
    }

    /// The client's address, for messages.
    pub fn peer(&self) -> String {
        self.stream
            .peer_addr()
            .map_or_else(|_| "?".to_string(), |a| a.ip().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_count_bytes_not_characters() {
        assert_eq!(frames(&[""]), b"000000");
        assert_eq!(frames(&["OK"]), b"000002OK");
        assert_eq!(frames(&["Montréal"]), "000009Montréal".as_bytes());
        assert_eq!(frames(&["OK", "-1"]), b"000002OK000002-1");
    }

    #[test]
    fn an_overlong_payload_is_cut_to_what_the_header_can_say() {
        let long = "é".repeat(MAX_PAYLOAD);
        let out = frames(&[&long]);
        assert_eq!(&out[..6], b"999998");
        assert_eq!(out.len(), 6 + 999_998);
    }

    /// A signal that interrupts the read (here `SIGUSR1` with a handler, as any handled
    /// signal or a queued `SIGCHLD` does) does not end the connection: the command sent after
    /// it is read, within the time first given.
    #[cfg(unix)]
    #[test]
    fn an_interrupted_read_is_read_again_and_the_client_is_not_gone() {
        extern "C" fn nothing(_: libc::c_int) {}
        // SAFETY: a handler that does nothing, installed without SA_RESTART (as `signal`
        // would not be), so a blocked read returns EINTR.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = nothing as extern "C" fn(libc::c_int) as usize;
            libc::sigaction(libc::SIGUSR1, &action, std::ptr::null_mut());
        }
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let mut client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let mut server = Connection::new(listener.accept().unwrap().0).unwrap();
        let (thread, received) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            // SAFETY: pthread_self has no preconditions.
            thread.send(unsafe { libc::pthread_self() }).unwrap();
            server.receive(Some(Duration::from_secs(60)))
        });
        let reader_thread = received.recv().unwrap();
        // Interrupt the read until it has surely begun; each signal interrupts it anew.
        for _ in 0..20 {
            std::thread::sleep(Duration::from_millis(5));
            // SAFETY: the reader thread runs until it has read the command sent below.
            unsafe { libc::pthread_kill(reader_thread, libc::SIGUSR1) };
        }
        client.write_all(b"GET_MOVE").unwrap();
        assert_eq!(
            reader.join().unwrap(),
            Incoming::Command("GET_MOVE".to_string())
        );
    }
}
