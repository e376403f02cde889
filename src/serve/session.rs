//! One client's side of one game (§5–§10 of `docs/contest-protocol.md`): the game data,
//! then `PLAY_MOVE` on its turns and `GET_MOVE` for each of the opponent's moves, until one
//! frame carries the final code. Driven by the runner through [`super::client::CgsClient`].
//!
//! The session keeps a mirror of the game (the starting state with every applied action
//! replayed on it; games are deterministic), because the answers need what only the position
//! after a move holds: the card a blind draw gave, the new face-up row, the new extra tile.

use super::command::{self, Command, OK};
use super::connection::{Connection, Incoming};
use crate::bot::BotFailure;
use crate::game::{Game, Seat};
use crate::games::contest::CgsWire;
use crate::outcome::{Outcome, Termination};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// What a connection needs once its game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Back to waiting for `WAIT_GAME` (§9).
    Lobby,
    /// It lost on time while thinking: its late `PLAY_MOVE` gets `OK`, `Timeout !`, `-1`.
    LateMover,
    /// Closed, or broke the protocol: drop it.
    Gone,
}

/// The in-game protocol state of one connection.
pub struct Session<G: Game> {
    seat: Seat,
    mirror: G::State,
    /// The opponent's moves the client has not asked for yet: (move, message, code).
    pending: VecDeque<[String; 3]>,
    /// A `PLAY_MOVE` accepted and not answered yet: the answer needs the position after it.
    owed: bool,
    /// The client has its final code, sent or waiting in `pending`.
    ended: bool,
    timed_out: bool,
    gone: bool,
    timeout: Duration,
}

impl<G: CgsWire> Session<G> {
    /// Starts the game on `conn`: the game name and size string (ending the `WAIT_GAME`
    /// reply), then the `GET_GAME_DATA` exchange.
    pub fn start(
        conn: &mut Connection,
        game: &G,
        seat: Seat,
        start: &G::State,
        game_name: &str,
        timeout: Duration,
    ) -> Result<Session<G>, BotFailure> {
        let mut session = Session {
            seat,
            mirror: start.clone(),
            pending: VecDeque::new(),
            owed: false,
            ended: false,
            timed_out: false,
            gone: false,
            timeout,
        };
        session.send(conn, &[game_name, &game.size_text(start)])?;
        match session.receive(conn, Instant::now() + timeout)? {
            Command::GetGameData => {
                let first = if seat == 0 { "0" } else { "1" };
                session.send(conn, &[OK, &game.game_data(start, seat), first])?;
                Ok(session)
            }
            other => Err(session.refuse(conn, command::NOT_GAME_DATA, &other)),
        }
    }

    /// The client's turn: answers what it asks until it sends its move. Each opponent move it
    /// fetches restarts its clock, so the limit is the time it thinks, not the time it waits.
    pub fn act(&mut self, conn: &mut Connection, game: &G) -> Result<G::Action, BotFailure> {
        let mut deadline = Instant::now() + self.timeout;
        loop {
            match self.receive(conn, deadline)? {
                Command::GetMove => match self.pending.pop_front() {
                    Some([text, message, code]) => {
                        self.send(conn, &[OK, &text, &message, &code])?;
                        deadline = Instant::now() + self.timeout;
                    }
                    None => return Err(self.refuse(conn, command::OUR_TURN, &Command::GetMove)),
                },
                Command::PlayMove(text) if self.pending.is_empty() => {
                    let parsed = game.parse_move(&self.mirror, self.seat, &text);
                    let action = match parsed {
                        Ok(action) if game.is_legal(&self.mirror, self.seat, &action) => action,
                        Ok(action) => {
                            let reason = game.illegal_reason(&self.mirror, self.seat, &action);
                            return Err(self.lose_by_move(conn, &text, reason));
                        }
                        Err(reason) => return Err(self.lose_by_move(conn, &text, reason)),
                    };
                    self.owed = true;
                    return Ok(action);
                }
                other @ Command::PlayMove(_) => {
                    return Err(self.refuse(conn, command::NOT_OUR_TURN, &other));
                }
                other => self.aside(conn, game, other)?,
            }
        }
    }

    /// An action about to be applied: replayed on the mirror, then answered at once if it is
    /// the client's own move, or kept for its next `GET_MOVE`. Never reads from the client,
    /// so it cannot fail; a client that went away is noticed at its next read.
    pub fn observe(&mut self, conn: &mut Connection, game: &G, actor: Seat, action: &G::Action) {
        let before = self.mirror.clone();
        game.apply(&mut self.mirror, actor, action.clone());
        let exchange = game.exchange(&before, &self.mirror, actor, action);
        let (answer, message, code) = match game.outcome(&self.mirror) {
            None => (exchange.answer, exchange.message, "0"),
            Some(outcome) => {
                self.ended = true;
                let reason = game.end_reason(&self.mirror, &outcome);
                (reason.clone(), reason, code(&outcome, actor))
            }
        };
        if actor == self.seat {
            self.owed = false;
            let _ = self.send(conn, &[OK, &answer, code]);
        } else {
            self.pending
                .push_back([exchange.move_text, message, code.to_string()]);
        }
    }

    /// The game is over: hands the client the frames it is still owed (its move's answer, the
    /// opponent's last moves, the final code) as it asks for them, and says what the
    /// connection needs next.
    pub fn finish(&mut self, conn: &mut Connection, game: &G, outcome: &Outcome) -> After {
        if self.gone {
            return After::Gone;
        }
        if self.owed {
            // The game ended between the client's move and its answer: someone else's fault.
            self.owed = false;
            self.ended = true;
            if self
                .send(conn, &[OK, mover_reason(outcome), code(outcome, self.seat)])
                .is_err()
            {
                return After::Gone;
            }
        }
        if outcome.culprit == Some(self.seat) {
            return match (self.ended, self.timed_out) {
                (true, _) => After::Lobby,
                (false, true) => After::LateMover,
                (false, false) => After::Gone,
            };
        }
        let opponent_faulted = !self.ended;
        if opponent_faulted {
            // The opponent lost by fault: the client learns it on its next GET_MOVE, with the
            // code relative to the opponent as the mover (§10).
            self.pending.push_back([
                String::new(),
                fault_reason(outcome).to_string(),
                "-1".to_string(),
            ]);
            self.ended = true;
        }
        while !self.pending.is_empty() {
            match self.receive(conn, Instant::now() + self.timeout) {
                Ok(Command::GetMove) => {
                    let [text, message, code] = self.pending.pop_front().expect("not empty");
                    if self.send(conn, &[OK, &text, &message, &code]).is_err() {
                        return After::Gone;
                    }
                }
                Ok(Command::PlayMove(_)) if opponent_faulted && self.pending.len() == 1 => {
                    // Its turn, and the opponent lost by fault meanwhile (it may never have
                    // come): the move is answered as an unanswered move would be, with the
                    // reason and the code relative to this client as the mover (§10).
                    self.pending.clear();
                    return match conn.send(&[OK, mover_reason(outcome), code(outcome, self.seat)]) {
                        Ok(()) => After::Lobby,
                        Err(_) => After::Gone,
                    };
                }
                Ok(Command::PlayMove(_)) => {
                    let _ = conn.send(&[command::NOT_OUR_TURN]);
                    return After::Gone;
                }
                Ok(other) => {
                    if self.aside(conn, game, other).is_err() {
                        return After::Gone;
                    }
                }
                Err(_) => return After::Gone,
            }
        }
        After::Lobby
    }

    /// `DISP_GAME` and `SEND_COMMENT`, allowed at any time in a game; anything else that
    /// reaches here breaks the protocol.
    fn aside(
        &mut self,
        conn: &mut Connection,
        game: &G,
        command: Command,
    ) -> Result<(), BotFailure> {
        match command {
            Command::DispGame => self.send(conn, &[OK, &game.display(&self.mirror, self.seat)]),
            Command::SendComment(_) => self.send(conn, &[OK]),
            other => Err(self.refuse(conn, &command::bad_command(&command_text(&other)), &other)),
        }
    }

    /// A move that loses: the mover's answer carries the reason and `-1` (§10).
    fn lose_by_move(&mut self, conn: &mut Connection, text: &str, reason: String) -> BotFailure {
        self.ended = true;
        let _ = self.send(conn, &[OK, &reason, "-1"]);
        BotFailure::new(Termination::Illegal, format!("move '{text}': {reason}"))
    }

    /// A command the protocol does not allow now: one error text, then the connection closes
    /// at a frame boundary and the client loses (§10).
    fn refuse(&mut self, conn: &mut Connection, text: &str, command: &Command) -> BotFailure {
        let _ = conn.send(&[text]);
        self.gone = true;
        BotFailure::new(
            Termination::Illegal,
            format!("protocol: '{}' refused: {text}", command_text(command)),
        )
    }

    fn send(&mut self, conn: &mut Connection, frames: &[&str]) -> Result<(), BotFailure> {
        conn.send(frames).map_err(|e| {
            self.gone = true;
            BotFailure::new(Termination::Crash, format!("the client disconnected ({e})"))
        })
    }

    /// The next command before `deadline`; silence past it is a timeout, a closed connection
    /// a crash (§10).
    fn receive(&mut self, conn: &mut Connection, deadline: Instant) -> Result<Command, BotFailure> {
        let left = deadline.saturating_duration_since(Instant::now());
        match conn.receive(Some(left)) {
            Incoming::Command(text) => Ok(Command::parse(&text)),
            Incoming::Closed => {
                self.gone = true;
                Err(BotFailure::new(
                    Termination::Crash,
                    "the client disconnected",
                ))
            }
            Incoming::TimedOut => {
                self.timed_out = true;
                Err(BotFailure::new(
                    Termination::Timeout,
                    format!("no answer within {} s", self.timeout.as_secs_f64()),
                ))
            }
        }
    }
}

/// The code relative to the mover (§9): `1` if it has the best rank, else `-1`. The protocol
/// has no draw, so a shared first place (a tie at a turn limit) is a win for the mover.
fn code(outcome: &Outcome, mover: Seat) -> &'static str {
    if outcome.ranks[mover] == 1 { "1" } else { "-1" }
}

/// The text CGS sends the other player when a game ends by a fault (§10).
fn fault_reason(outcome: &Outcome) -> &'static str {
    match outcome.termination {
        Termination::Timeout => command::WAITER_TIMEOUT,
        Termination::Illegal => "Illegal move of the opponent",
        _ => command::OPPONENT_GONE,
    }
}

/// The text the mover gets for its move when the game ended by the opponent's fault (§10).
fn mover_reason(outcome: &Outcome) -> &'static str {
    match outcome.termination {
        Termination::Timeout => command::OPPONENT_TIMEOUT,
        _ => fault_reason(outcome),
    }
}

/// A command as the client sent it, near enough for messages.
fn command_text(command: &Command) -> String {
    match command {
        Command::ClientName(name) => format!("CLIENT_NAME {name}"),
        Command::WaitGame(spec) => format!("WAIT_GAME {spec}"),
        Command::GetGameData => "GET_GAME_DATA".to_string(),
        Command::GetMove => "GET_MOVE".to_string(),
        Command::PlayMove(text) => format!("PLAY_MOVE {text}"),
        Command::DispGame => "DISP_GAME".to_string(),
        Command::SendComment(text) => format!("SEND_COMMENT {text}"),
        Command::Unknown(text) => text.clone(),
    }
}
