//! Seats of a `tourney run` played by connected clients: `--bots cgs:NAME --serve PORT`, and
//! contest programs the run launches itself (`protocol = "cgs"` manifests). Any `WAIT_GAME`
//! from a name the run expects is an entry (the client cannot tell a training game from a
//! tournament game, §4.1); the connection waits in the broker until a game of the schedule needs
//! that name, and comes back to it after each game if the client asks again. A name the run does
//! not expect, or one whose games are all played, gets a text the client library prints, so an
//! organiser sees at once what went wrong instead of a client that waits for ever.
//!
//! A launched program's name is not enough to take its seat: the connection must come from
//! that program, its process or one it started ([`super::peer`]). A connection under its name
//! from anywhere else, or from a process that cannot be found, is refused, and the program it
//! came from (found by its session, its ancestors or its control group, so a detached process
//! still counts) loses its game for it. A program that holds more than [`PER_HOLDER`] of the
//! connections that have not said their name when too many are open loses its game too, and
//! they are closed. `cgs:NAME` clients connect from anywhere by design: their names are
//! their identity, for a network the organiser trusts.
//!
//! The server is process-wide because bots are made from a function pointer and a name
//! (`BotEntry::make`): a `cgs:NAME` seat finds it here.

use super::broker::Broker;
use super::command::OK;
use super::connection::Connection;
use super::lobby::{self, Host};
use super::peer::{self, Holder};
use super::session::After;
use crate::external::log::BotLog;
use std::collections::{BTreeMap, BTreeSet};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

/// How often waiting clients get `NOT_READY` (CGS: every 3 s after the first 5 s).
const PING_EVERY: Duration = Duration::from_secs(3);

/// How long a game waits for a `cgs:NAME` client before saying so on stderr: a client that
/// reconnects for every game is briefly away between games, which is no news.
const QUIET_WAIT: Duration = Duration::from_secs(1);

/// How long a connection under a launched program's name waits for the program's start to be
/// noted (it is started just before): the program itself can be that quick.
const START_WAIT: Duration = Duration::from_secs(10);

/// Connections that have not said their name one holder (a program, a session, an address)
/// may have open when too many are: a program opens one.
const PER_HOLDER: usize = 8;

pub struct Tournament {
    broker: Broker,
    /// Per move, from the moment the client has what it needs to decide.
    pub move_timeout: Duration,
    /// How long a game waits for its client to connect before that seat loses (`timeout`).
    pub wait: Duration,
    /// Where clients connect; launched programs are told it in their arguments.
    pub address: SocketAddr,
    names: Mutex<Names>,
    /// Signalled when a launched program's pid is noted, or its name forgotten.
    started: Condvar,
    /// Whether stderr was told that connections cannot be traced to their process here.
    untraced_told: AtomicBool,
}

/// Who may connect, and what stderr has been told about them.
#[derive(Default)]
struct Names {
    /// `cgs:NAME` clients: the seats each still has to play, `None` until the run counted them.
    clients: BTreeMap<String, Option<u64>>,
    /// Seats each client has played (or lost for not coming) so far.
    seated: BTreeMap<String, u64>,
    /// Clients that connected at least once.
    connected: BTreeSet<String>,
    /// Clients a game is waiting for, announced on stderr since they last connected.
    missed: BTreeSet<String>,
    /// Launched programs whose game is on, by name.
    launched: BTreeMap<String, Program>,
}

/// A launched program whose game is on.
struct Program {
    /// Its pid, which is its session's id, once it is started.
    leader: Option<u32>,
    /// Its control group's folder name, when it has one.
    group: Option<String>,
    /// The game has taken its connection.
    played: bool,
    /// What one of its processes did to another seat or to the server (connected under a
    /// name not its own, opened a crowd of connections): it loses its game for it.
    intrusion: Option<String>,
    /// Its log, and the game and seat it plays, for the note of a refusal.
    log: Arc<BotLog>,
    context: String,
}

static CURRENT: OnceLock<Arc<Tournament>> = OnceLock::new();

/// The running tournament server, if this process started one.
pub fn current() -> Option<Arc<Tournament>> {
    CURRENT.get().cloned()
}

/// Starts listening and answering clients in the background, expecting the `clients` names
/// (`cgs:NAME` seats); returns the address bound.
pub fn start(
    host: &str,
    port: u16,
    move_timeout: Duration,
    wait: Duration,
    clients: &[String],
) -> std::io::Result<SocketAddr> {
    let listener = super::bind(host, port)?;
    let address = listener.local_addr()?;
    let names = Names {
        clients: clients.iter().map(|name| (name.clone(), None)).collect(),
        ..Names::default()
    };
    let tournament = Arc::new(Tournament {
        broker: Broker::default(),
        move_timeout,
        wait,
        address,
        names: Mutex::new(names),
        started: Condvar::new(),
        untraced_told: AtomicBool::new(false),
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

impl Tournament {
    fn names(&self) -> MutexGuard<'_, Names> {
        self.names.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The seats each `cgs:NAME` client has left in this run (once the schedule is known):
    /// a client with none left is told so instead of waiting for a game that never comes.
    pub fn expect_seats(&self, seats: &BTreeMap<String, u64>) {
        let mut names = self.names();
        for (name, left) in names.clients.iter_mut() {
            *left = Some(seats.get(name).copied().unwrap_or(0));
        }
    }

    /// A launched program's name, expected until [`Tournament::forget_launched`]: noted before
    /// the program starts, so its connection is never early. `context` is the game and seat.
    /// `false` if a program of that name is already expected (the caller picks another).
    pub fn expect_launched(&self, name: &str, log: Arc<BotLog>, context: String) -> bool {
        let mut names = self.names();
        if names.launched.contains_key(name) {
            return false;
        }
        let program = Program {
            leader: None,
            group: None,
            played: false,
            intrusion: None,
            log,
            context,
        };
        names.launched.insert(name.to_string(), program);
        true
    }

    /// The program named `name` has started as process (and session) `pid`, in the control
    /// group `group`: only connections from its session take its seat.
    pub fn launched_as(&self, name: &str, pid: u32, group: Option<String>) {
        if let Some(program) = self.names().launched.get_mut(name) {
            program.leader = Some(pid);
            program.group = group;
        }
        self.started.notify_all();
    }

    pub fn forget_launched(&self, name: &str) {
        self.names().launched.remove(name);
        self.started.notify_all();
        self.broker.drop_all(name);
    }

    /// What a process of the launched program `name` did to another seat or to the server
    /// (`connected as 'x', which is not its name (expected 'y')`), if one did: the program
    /// loses its game for it.
    pub fn intrusion(&self, name: &str) -> Option<String> {
        self.names().launched.get(name)?.intrusion.clone()
    }

    /// Whether a connection of `name` waits for its game, waiting up to `wait` for one.
    pub fn is_waiting(&self, name: &str, wait: Duration) -> bool {
        self.broker.wait_for(name, wait)
    }

    /// The connection of `name` for a game, waiting up to `wait`. A game kept waiting for a
    /// `cgs:NAME` client says so on stderr, once per absence, and so does a seat lost for it.
    pub fn take(&self, name: &str, wait: Duration) -> Option<Connection> {
        let client = self.names().clients.contains_key(name);
        let mut conn = self.broker.take(name, wait.min(QUIET_WAIT));
        if conn.is_none() && wait > QUIET_WAIT {
            if client {
                self.announce_missing(name, wait);
            }
            conn = self.broker.take(name, wait - QUIET_WAIT);
        }
        if conn.is_none() && client {
            eprintln!(
                "tourney: contest client '{name}' did not connect within {} s: its seat loses \
                 on time",
                wait.as_secs_f64()
            );
        }
        conn
    }

    /// A game with a seat for `name` is over (whether or not the client came): one seat fewer
    /// to play. Called before the client gets its final code, so a client that reconnects at
    /// once already hears whether a game is left for it.
    pub fn seat_over(&self, name: &str) {
        let mut guard = self.names();
        let names = &mut *guard;
        if let Some(program) = names.launched.get_mut(name) {
            program.played = true;
            return;
        }
        *names.seated.entry(name.to_string()).or_default() += 1;
        if let Some(Some(left)) = names.clients.get_mut(name) {
            *left = left.saturating_sub(1);
            if *left == 0 {
                // Extra copies of a client that has no game left: nothing will take them.
                self.broker.drop_all(name);
            }
        }
    }

    fn announce_missing(&self, name: &str, wait: Duration) {
        let mut names = self.names();
        if !names.missed.insert(name.to_string()) {
            return;
        }
        let connected: Vec<&str> = names.connected.iter().map(String::as_str).collect();
        eprintln!(
            "tourney: a game waits for contest client '{name}' (connected so far: {}); start it \
             with host {} port {} and name {name}; its seat loses on time in {} s",
            if connected.is_empty() {
                "none".to_string()
            } else {
                connected.join(", ")
            },
            self.address.ip(),
            self.address.port(),
            wait.saturating_sub(QUIET_WAIT).as_secs_f64()
        );
    }

    /// Whether `conn` may wait for a game under its name; `Err` is the text it gets instead
    /// (in the contest server's words for a tournament that cannot be joined, §4.3).
    fn admit(&self, conn: &Connection) -> Result<(), String> {
        let (name, peer) = (conn.name.as_str(), conn.peer());
        let refusal =
            |reason: String| format!("The tournament 'tourney run' cannot be joined: {reason}");
        if let Some((leader, played)) = self.launched_leader(name) {
            if played {
                // A launched program that asks again after its game: quietly turned away.
                return Err(refusal(format!("'{name}' has played its game")));
            }
            return match peer::is_of(conn.socket(), leader) {
                Ok(true) => Ok(()),
                Ok(false) => {
                    let text = refusal(format!(
                        "'{name}' is the name of a program this run started, and this \
                         connection does not come from that program"
                    ));
                    let culprit = self.blame(conn);
                    eprintln!("tourney: refused a connection from {peer}{culprit}: {text}");
                    Err(text)
                }
                Err(peer::Unknown(why)) if peer::CAN_LOOK_UP => {
                    let text = refusal(format!(
                        "'{name}' is the name of a program this run started, and the process \
                         that made this connection cannot be found ({why})"
                    ));
                    eprintln!("tourney: refused a connection from {peer}: {text}");
                    Err(text)
                }
                Err(peer::Unknown(why)) => {
                    if !self.untraced_told.swap(true, Ordering::Relaxed) {
                        eprintln!(
                            "tourney: cannot tell which process made a connection ({why}): \
                             launched programs are told apart by their names only"
                        );
                    }
                    Ok(())
                }
            };
        }
        let mut names = self.names();
        let Some(&left) = names.clients.get(name) else {
            let expected: Vec<&str> = names.clients.keys().map(String::as_str).collect();
            let text = refusal(match expected.is_empty() {
                true => format!(
                    "this run has no player '{name}': it plays only the programs it starts itself"
                ),
                false => format!(
                    "this run has no player '{name}'; it expects {}",
                    expected.join(", ")
                ),
            });
            drop(names);
            let culprit = self.blame(conn);
            eprintln!("tourney: refused a contest client from {peer}{culprit}: {text}");
            return Err(text);
        };
        if left == Some(0) {
            let seated = names.seated.get(name).copied().unwrap_or(0);
            let text = refusal(format!(
                "'{name}' has played all its {seated} games of this run; the run is over for it"
            ));
            eprintln!("tourney: {text}");
            return Err(text);
        }
        names.missed.remove(name);
        if names.connected.insert(name.to_string()) {
            eprintln!("tourney: contest client '{name}' connected from {peer}");
        }
        Ok(())
    }

    /// The pid of the launched program `name` and whether it has played, `None` if no launched
    /// program has that name. Waits for a program being started to be noted.
    fn launched_leader(&self, name: &str) -> Option<(u32, bool)> {
        let names = self.names();
        let (names, _) = self
            .started
            .wait_timeout_while(names, START_WAIT, |names| {
                names.launched.get(name).is_some_and(|p| p.leader.is_none())
            })
            .unwrap_or_else(|e| e.into_inner());
        let program = names.launched.get(name)?;
        Some((program.leader?, program.played))
    }

    /// Ties a refused connection to the launched program it came from, when it came from one
    /// under a name not its own: the program loses its game, and its log says why. Returns
    /// what to add to the terminal's note (the process, and the program if it is one).
    fn blame(&self, conn: &Connection) -> String {
        let Some(holder) = peer::holder(conn.socket()) else {
            return String::new();
        };
        let process = holder.0;
        // A program being started may be the one: wait until its pid is noted.
        let (mut names, _) = self
            .started
            .wait_timeout_while(self.names(), START_WAIT, |names| {
                names.launched.values().any(|p| p.leader.is_none())
            })
            .unwrap_or_else(|e| e.into_inner());
        let Some((own, program)) = names.program_of(&holder) else {
            return format!(" (pid {})", process.pid);
        };
        if *own == conn.name {
            return format!(" (pid {}, of '{own}')", process.pid);
        }
        let reason = format!(
            "connected as '{}', which is not its name (expected '{own}')",
            conn.name
        );
        program.charge(&reason);
        format!(
            " (pid {}, a process of '{own}', {}, which loses that game)",
            process.pid, program.context
        )
    }
}

impl Names {
    /// The launched program a process is of: its session or an ancestor is the program's
    /// leader, or it is in the program's control group (a detached process still is).
    fn program_of(&mut self, (process, ties): &Holder) -> Option<(&String, &mut Program)> {
        self.launched.iter_mut().find(|(_, p)| {
            p.leader.is_some_and(|leader| ties.contains(&leader))
                || p.group
                    .as_deref()
                    .is_some_and(|group| peer::in_group(process.pid, group))
        })
    }
}

impl Program {
    /// The program loses its game for `reason` (the first one counts), and its log says so.
    fn charge(&mut self, reason: &str) {
        if self.intrusion.is_none() {
            self.intrusion = Some(reason.to_string());
            self.log.line(
                &self.context,
                &format!("tourney: this program {reason}: it loses this game"),
            );
        }
    }
}

/// Who holds a connection, for counting a crowd of them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Owner {
    Program(String),
    Session(u32),
    Address(String),
}

impl Host for Tournament {
    fn request(self: Arc<Self>, mut conn: Connection, _spec: &str) -> Option<(Connection, After)> {
        if let Err(text) = self.admit(&conn) {
            let _ = conn.send(&[&text]);
            return None;
        }
        conn.send(&[OK]).ok()?;
        self.broker.park(conn);
        None
    }

    /// Closes every connection of a holder with more than [`PER_HOLDER`] of them; a launched
    /// program among those holders loses its game. When no holder has that many, the newest.
    fn crowded(&self, pending: &[&TcpStream]) -> Vec<usize> {
        let holders = peer::holders(pending);
        let mut names = self.names();
        let owners: Vec<Owner> = holders
            .iter()
            .zip(pending)
            .map(|(holder, stream)| match holder {
                Some(holder) => match names.program_of(holder) {
                    Some((name, _)) => Owner::Program(name.clone()),
                    None => Owner::Session(holder.0.session),
                },
                None => Owner::Address(
                    stream
                        .peer_addr()
                        .map_or_else(|_| "?".to_string(), |a| a.ip().to_string()),
                ),
            })
            .collect();
        let mut counts: BTreeMap<&Owner, usize> = BTreeMap::new();
        for owner in &owners {
            *counts.entry(owner).or_default() += 1;
        }
        let crowd: Vec<(&Owner, usize)> = counts
            .into_iter()
            .filter(|&(_, n)| n > PER_HOLDER)
            .collect();
        for (owner, n) in &crowd {
            let reason = format!(
                "opened {n} connections to the run that did not say their name (at most \
                 {PER_HOLDER} may wait at once)"
            );
            if let Owner::Program(name) = owner
                && let Some(program) = names.launched.get_mut(name)
            {
                if program.intrusion.is_none() {
                    eprintln!("tourney: '{name}' {reason}: they are closed and it loses its game");
                }
                program.charge(&reason);
            }
        }
        let closed: Vec<usize> = (0..pending.len())
            .filter(|&at| crowd.iter().any(|(owner, _)| **owner == owners[at]))
            .collect();
        match closed.is_empty() {
            true => vec![pending.len().saturating_sub(1)],
            false => closed,
        }
    }
}
