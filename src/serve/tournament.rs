//! Seats of a `tourney run` played by connected clients (`--bots cgs:NAME --serve PORT`).
//! Any `WAIT_GAME` is an entry (the client cannot tell a training game from a tournament
//! game, §4.1); the connection waits in the broker until a game of the schedule needs that
//! name, and comes back to it after each game if the client asks again.
//!
//! The server is process-wide because bots are made from a function pointer and a name
//! (`BotEntry::make`): a `cgs:NAME` seat finds it here.

use super::broker::Broker;
use super::command::OK;
use super::connection::Connection;
use super::lobby::{self, Host};
use super::session::After;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// How often waiting clients get `NOT_READY` (CGS: every 3 s after the first 5 s).
const PING_EVERY: Duration = Duration::from_secs(3);

pub struct Tournament {
    pub broker: Broker,
    /// Per move, from the moment the client has what it needs to decide.
    pub move_timeout: Duration,
    /// How long a game waits for its client to connect before that seat loses (`timeout`).
    pub wait: Duration,
}

static CURRENT: OnceLock<Arc<Tournament>> = OnceLock::new();

/// The running tournament server, if this process started one.
pub fn current() -> Option<Arc<Tournament>> {
    CURRENT.get().cloned()
}

/// Starts listening and answering clients in the background; returns the address bound.
pub fn start(
    host: &str,
    port: u16,
    move_timeout: Duration,
    wait: Duration,
) -> std::io::Result<SocketAddr> {
    let listener = super::bind(host, port)?;
    let address = listener.local_addr()?;
    let tournament = Arc::new(Tournament {
        broker: Broker::default(),
        move_timeout,
        wait,
    });
    CURRENT
        .set(tournament.clone())
        .map_err(|_| std::io::Error::other("a tournament server is already running"))?;
    let pinged = tournament.clone();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(PING_EVERY);
            pinged.broker.ping();
        }
    });
    std::thread::spawn(move || lobby::accept(listener, tournament));
    Ok(address)
}

impl Host for Tournament {
    fn request(self: Arc<Self>, mut conn: Connection, _spec: &str) -> Option<(Connection, After)> {
        conn.send(&[OK]).ok()?;
        self.broker.park(conn);
        None
    }
}
