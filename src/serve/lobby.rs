//! A connection outside its games: the `CLIENT_NAME` handshake, then `WAIT_GAME` requests
//! (§3, §4, §9). Each connection has its own thread here; what a request leads to (a training
//! game now, or a seat in the tournament later) is the [`Host`]'s business.
//!
//! A connection is *pending* from its accept until its first request reaches the host. A
//! pending connection that stays silent is closed after [`HANDSHAKE`], and when more than
//! [`MAX_PENDING`] are open the host picks which to close ([`Host::crowded`]), so idle
//! connections cannot take every descriptor and thread of the harness. An accept that fails
//! (no descriptor left) is retried after a pause that doubles up to a second, instead of
//! at once for ever.

use super::command::{self, Command, OK};
use super::connection::{Connection, Incoming};
use super::session::After;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a new connection has to give its name, and then to ask for its first game: the
/// client library sends both at once.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// Pending connections open at once before the host closes some.
pub const MAX_PENDING: usize = 64;

/// What the server does with a game request.
pub trait Host: Send + Sync + 'static {
    /// Answers `WAIT_GAME <spec>`. Returns the connection with what it needs next if it comes
    /// back to this thread (a training game was played), `None` if it was handed on or closed.
    fn request(self: Arc<Self>, conn: Connection, spec: &str) -> Option<(Connection, After)>;

    /// Which of the pending connections (oldest first, more than [`MAX_PENDING`]) to close.
    /// By default the newest: a server that cannot tell who holds them turns new ones away.
    fn crowded(&self, pending: &[&TcpStream]) -> Vec<usize> {
        vec![pending.len().saturating_sub(1)]
    }
}

/// The pending connections: an id each, and a handle to close it with.
#[derive(Default)]
struct Pending {
    next: u64,
    open: Vec<(u64, TcpStream)>,
}

/// Removes a connection from the pending ones when its thread is done with the handshake.
struct Admitted<'a> {
    pending: &'a Mutex<Pending>,
    id: u64,
}

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        lock(self.pending).open.retain(|(id, _)| *id != self.id);
    }
}

fn lock(pending: &Mutex<Pending>) -> std::sync::MutexGuard<'_, Pending> {
    pending.lock().unwrap_or_else(|e| e.into_inner())
}

/// Notes `stream` as pending; closes those the host picks once there are too many. `None` if
/// this one was among them (or cannot be watched).
fn note_pending(pending: &Mutex<Pending>, stream: &TcpStream, host: &dyn Host) -> Option<u64> {
    let handle = stream.try_clone().ok()?;
    let mut guard = lock(pending);
    let id = guard.next;
    guard.next += 1;
    guard.open.push((id, handle));
    if guard.open.len() > MAX_PENDING {
        let streams: Vec<&TcpStream> = guard.open.iter().map(|(_, s)| s).collect();
        let mut closed = host.crowded(&streams);
        closed.sort_unstable();
        closed.dedup();
        let open = guard.open.len();
        for &at in closed.iter().rev().filter(|&&at| at < open) {
            let (_, stream) = guard.open.remove(at);
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
    guard.open.iter().any(|(open, _)| *open == id).then_some(id)
}

/// Accepts connections for ever, one thread each.
pub fn accept(listener: TcpListener, host: Arc<dyn Host>) {
    let pending: &'static Mutex<Pending> = Box::leak(Box::default());
    let mut pause = Duration::ZERO;
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            Err(e) => {
                let longest = Duration::from_secs(1);
                let before = pause;
                pause = (pause * 2).clamp(Duration::from_millis(10), longest);
                if pause == longest && before != longest {
                    eprintln!(
                        "tourney: cannot accept connections ({e}); trying again every second"
                    );
                }
                std::thread::sleep(pause);
                continue;
            }
        };
        pause = Duration::ZERO;
        let Some(id) = note_pending(pending, &stream, host.as_ref()) else {
            continue;
        };
        let admitted = Admitted { pending, id };
        let host = host.clone();
        let Ok(conn) = Connection::new(stream) else {
            continue;
        };
        std::thread::spawn(move || {
            let Some(mut conn) = handshake(conn) else {
                return;
            };
            let Incoming::Command(text) = conn.receive(Some(HANDSHAKE)) else {
                return;
            };
            drop(admitted);
            between_games(conn, After::Lobby, Some(text), host);
        });
    }
}

/// Continues a connection whose tournament game is over, on a thread of its own.
pub fn resume(conn: Connection, after: After, host: Arc<dyn Host>) {
    if after != After::Gone {
        std::thread::spawn(move || between_games(conn, after, None, host));
    }
}

/// `CLIENT_NAME <name>` → `OK`; anything else, or nothing within [`HANDSHAKE`], gets one
/// error text and the connection closes (§3). Names may repeat: two copies of one program
/// may play each other (§3).
fn handshake(mut conn: Connection) -> Option<Connection> {
    let Incoming::Command(text) = conn.receive(Some(HANDSHAKE)) else {
        return None;
    };
    match Command::parse(&text) {
        Command::ClientName(name) if command::valid_name(&name) => {
            conn.send(&[OK]).ok()?;
            conn.name = name;
            Some(conn)
        }
        Command::ClientName(_) => {
            let _ = conn.send(&[command::BAD_NAME]);
            None
        }
        _ => {
            let _ = conn.send(&[command::BAD_FIRST]);
            None
        }
    }
}

/// Serves requests until the client leaves or breaks the protocol; `first` is a command
/// already read.
fn between_games(
    mut conn: Connection,
    mut after: After,
    mut first: Option<String>,
    host: Arc<dyn Host>,
) {
    loop {
        if after == After::Gone {
            return;
        }
        let text = match first.take() {
            Some(text) => text,
            None => match conn.receive(None) {
                Incoming::Command(text) => text,
                _ => return,
            },
        };
        let command = Command::parse(&text);
        if after == After::LateMover {
            // The client lost on time while thinking; its late move gets the timeout frames
            // so it ends cleanly (§10). Then it is between games like any other.
            after = After::Lobby;
            let late: Option<&[&str]> = match command {
                Command::PlayMove(_) => Some(&[OK, command::MOVER_TIMEOUT, "-1"]),
                Command::GetMove => Some(&[OK, "", command::WAITER_TIMEOUT, "-1"]),
                _ => None,
            };
            if let Some(frames) = late {
                if conn.send(frames).is_err() {
                    return;
                }
                continue;
            }
        }
        match command {
            Command::WaitGame(spec) => match host.clone().request(conn, &spec) {
                Some((back, next)) => (conn, after) = (back, next),
                None => return,
            },
            _ => {
                let _ = conn.send(&[command::NOT_WAIT_GAME]);
                return;
            }
        }
    }
}
