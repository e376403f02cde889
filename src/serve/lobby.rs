//! A connection outside its games: the `CLIENT_NAME` handshake, then `WAIT_GAME` requests
//! (§3, §4, §9). Each connection has its own thread here; what a request leads to (a training
//! game now, or a seat in the tournament later) is the [`Host`]'s business.

use super::command::{self, Command, OK};
use super::connection::{Connection, Incoming};
use super::session::After;
use std::net::TcpListener;
use std::sync::Arc;

/// What the server does with a game request.
pub trait Host: Send + Sync + 'static {
    /// Answers `WAIT_GAME <spec>`. Returns the connection with what it needs next if it comes
    /// back to this thread (a training game was played), `None` if it was handed on or closed.
    fn request(self: Arc<Self>, conn: Connection, spec: &str) -> Option<(Connection, After)>;
}

/// Accepts connections for ever, one thread each.
pub fn accept(listener: TcpListener, host: Arc<dyn Host>) {
    for stream in listener.incoming().flatten() {
        let host = host.clone();
        let Ok(conn) = Connection::new(stream) else {
            continue;
        };
        std::thread::spawn(move || {
            if let Some(conn) = handshake(conn) {
                between_games(conn, After::Lobby, host);
            }
        });
    }
}

/// Continues a connection whose tournament game is over, on a thread of its own.
pub fn resume(conn: Connection, after: After, host: Arc<dyn Host>) {
    if after != After::Gone {
        std::thread::spawn(move || between_games(conn, after, host));
    }
}

/// `CLIENT_NAME <name>` → `OK`; anything else gets one error text and the connection closes
/// (§3). Names may repeat: two copies of one program may play each other (§3).
fn handshake(mut conn: Connection) -> Option<Connection> {
    let Incoming::Command(text) = conn.receive(None) else {
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

/// Serves requests until the client leaves or breaks the protocol.
fn between_games(mut conn: Connection, mut after: After, host: Arc<dyn Host>) {
    loop {
        if after == After::Gone {
            return;
        }
        let Incoming::Command(text) = conn.receive(None) else {
            return;
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
