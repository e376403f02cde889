//! A client of the contest server's protocol as a [`Bot`]: the runner's calls become the
//! frames of one game ([`Session`]). The connection comes either with the bot (a training
//! game, played on the connection's own thread) or from the tournament's broker (a `cgs:NAME`
//! seat), and goes back where it came from when the game is over.

use super::command::valid_name;
use super::connection::Connection;
use super::lobby;
use super::session::{After, Session};
use super::tournament;
use crate::bot::{Bot, BotEntry, BotFailure, MadeBot, Params};
use crate::game::Seat;
use crate::games::contest::CgsWire;
use crate::outcome::{Outcome, Termination};
use crate::seed::Rng;
use rand::RngExt;
use std::sync::mpsc::Sender;
use std::time::Duration;

/// Where the connection comes from and where it goes after the game.
enum Source {
    /// A training game: the connection came with the bot and goes back to its thread.
    Training(Sender<(Connection, After)>),
    /// A tournament seat: the next connection of this client name, from the broker, within
    /// `wait` (else `--serve-wait`), with `move_limit` per move (else `--serve-timeout`).
    Tournament {
        client: String,
        wait: Option<Duration>,
        move_limit: Option<Duration>,
    },
}

pub struct CgsClient<G: CgsWire> {
    source: Source,
    conn: Option<Connection>,
    session: Option<Session<G>>,
    game_name: String,
    timeout: Duration,
}

impl<G: CgsWire> CgsClient<G> {
    /// The client of a training game, on its own connection.
    pub fn training(
        conn: Connection,
        home: Sender<(Connection, After)>,
        game_name: String,
        timeout: Duration,
    ) -> CgsClient<G> {
        CgsClient {
            source: Source::Training(home),
            conn: Some(conn),
            session: None,
            game_name,
            timeout,
        }
    }

    fn connection(&mut self) -> (&mut Connection, &mut Session<G>) {
        match (self.conn.as_mut(), self.session.as_mut()) {
            (Some(conn), Some(session)) => (conn, session),
            _ => panic!("the runner asks a bot to act only after its begin succeeded"),
        }
    }
}

impl<G: CgsWire> Bot<G> for CgsClient<G> {
    /// The contest protocol cannot say that another move was played for the program, nor
    /// let it rejoin a game: its faults always lose the game.
    fn resumable(&self) -> bool {
        false
    }

    /// The runner calls `try_act`; this is for callers that only know `act`.
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        match self.try_act(game, view) {
            Ok(action) => action,
            Err(failure) => panic!("{}", failure.message),
        }
    }

    fn begin(&mut self, game: &G, seat: Seat, start: &G::State) -> Result<(), BotFailure> {
        if let Source::Tournament {
            client,
            wait,
            move_limit,
        } = &self.source
        {
            let Some(host) = tournament::current() else {
                return Err(BotFailure::new(
                    Termination::Crash,
                    "cgs: clients play only in a run with --serve PORT",
                ));
            };
            self.timeout = move_limit.unwrap_or(host.move_timeout);
            let wait = wait.unwrap_or(host.wait);
            self.conn = Some(host.take(client, wait).ok_or_else(|| {
                BotFailure::new(
                    Termination::Timeout,
                    format!(
                        "client '{client}' did not connect within {} s",
                        wait.as_secs_f64()
                    ),
                )
            })?);
        }
        let conn = self
            .conn
            .as_mut()
            .expect("a connection in hand or from the broker");
        self.session = Some(Session::start(
            conn,
            game,
            seat,
            start,
            &self.game_name,
            self.timeout,
        )?);
        Ok(())
    }

    fn try_act(&mut self, game: &G, _view: &G::View) -> Result<G::Action, BotFailure> {
        let (conn, session) = self.connection();
        session.act(conn, game)
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        if let (Some(conn), Some(session)) = (self.conn.as_mut(), self.session.as_mut()) {
            session.observe(conn, game, actor, action);
        }
    }

    fn finish(&mut self, game: &G, outcome: &Outcome) {
        if let (Source::Tournament { client, .. }, Some(host)) =
            (&self.source, tournament::current())
        {
            host.seat_over(client);
        }
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        let after = match self.session.as_mut() {
            Some(session) => session.finish(&mut conn, game, outcome),
            // The game never started for this client (it did not ask for the game data).
            None => After::Gone,
        };
        match &self.source {
            Source::Training(home) => {
                let _ = home.send((conn, after));
            }
            Source::Tournament { .. } => {
                if let Some(host) = tournament::current() {
                    lobby::resume(conn, after, host.clone());
                }
            }
        }
    }
}

/// The `cgs` bot of a game's `Registered::contest_client`: `--bots cgs:NAME` becomes this bot
/// with the parameter `client = NAME`, a seat played by the next connection named NAME.
/// `move_ms` and `wait_ms` replace `--serve-timeout` and `--serve-wait` for this seat: a
/// launched contest program (`crate::external`) passes its manifest's `move_ms` and
/// `startup_ms` so.
pub const fn client_entry<G: CgsWire>() -> BotEntry<G> {
    BotEntry::new(
        "cgs",
        "A contest client connected to `tourney run --serve PORT` (--bots cgs:NAME)",
        make_client::<G>,
    )
    .hidden()
}

fn make_client<G: CgsWire>(_: &G, _: Seat, mut rng: Rng, params: &Params) -> MadeBot<G> {
    let client = params
        .0
        .get("client")
        .filter(|name| valid_name(name))
        .ok_or(
            "a contest client is named as cgs:NAME, NAME being 1-20 characters of [A-Za-z0-9_]",
        )?;
    if let Some(key) = params
        .0
        .keys()
        .find(|k| !["client", "move_ms", "wait_ms"].contains(&k.as_str()))
    {
        return Err(format!(
            "cgs:{client} takes no parameter '{key}' (only move_ms and wait_ms)"
        ));
    }
    let millis = |key: &str| -> Result<Option<Duration>, String> {
        params.0.get(key).map_or(Ok(None), |text| {
            text.parse::<u64>()
                .ok()
                .filter(|&ms| ms > 0)
                .map(|ms| Some(Duration::from_millis(ms)))
                .ok_or_else(|| format!("cgs:{client}: {key} must be a positive whole number"))
        })
    };
    // The game name only has to look like the contest's: 12 lowercase hex digits.
    let game_name = format!("{:012x}", rng.random::<u64>() & 0xFFFF_FFFF_FFFF);
    Ok(Box::new(CgsClient::<G> {
        source: Source::Tournament {
            client: client.clone(),
            wait: millis("wait_ms")?,
            move_limit: millis("move_ms")?,
        },
        conn: None,
        session: None,
        game_name,
        timeout: Duration::ZERO,
    }))
}
