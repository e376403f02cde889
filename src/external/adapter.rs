//! A program outside the harness as a [`Bot`]: turns each decision into an `act` line and its
//! answer into an action, and reports a late, missing or unreadable answer as a
//! [`BotFailure`] (`timeout`, `crash`, `illegal`) instead of panicking.

use super::clock::GameClock;
use super::process::{NoLine, Process};
use super::protocol;
use super::shared::Shared;
use super::wire::Wire;
use crate::bot::{Bot, BotFailure, Think};
use crate::game::Seat;
use crate::outcome::{Outcome, Termination};
use crate::sandbox::Weight;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Instant;

pub struct ExternalBot<G: Wire> {
    /// `None` only while being returned to the idle pool.
    process: Option<Process>,
    shared: Arc<Shared>,
    seat: Seat,
    /// Lines that need no answer (`new_game`, `played`), written together with the next line
    /// that does or with `game_over`: one write per decision, and nothing ever waits in here
    /// while the bot is expected to answer.
    pending: String,
    /// Whether the process may play another game: the game ended and it was not at fault.
    reusable: bool,
    /// Its time left in this game, under a clock.
    clock: Option<GameClock>,
    /// The measurement of its last answer.
    last: Option<Think>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Wire> ExternalBot<G> {
    /// A bot over a started process; `new_game` is the first line it will be sent.
    pub fn new(process: Process, shared: Arc<Shared>, seat: Seat, new_game: String) -> Self {
        ExternalBot {
            clock: shared.manifest.game_clock(),
            last: None,
            process: Some(process),
            shared,
            seat,
            pending: new_game,
            reusable: false,
            _game: PhantomData,
        }
    }

    /// Writes the pending lines plus `last`.
    fn send(&mut self, last: &str) {
        self.pending.push_str(last);
        let bytes = std::mem::take(&mut self.pending).into_bytes();
        let process = in_play(&mut self.process);
        if self.shared.manifest.transcript {
            for line in String::from_utf8_lossy(&bytes).lines() {
                self.shared
                    .log
                    .line(&process_context(process), &format!("> {line}"));
            }
        }
        process.send(bytes);
    }

    /// Sends `request` and waits for one answer line within its time limits; a failure
    /// names the limit the program hit, if it hit one.
    fn request(&mut self, request: &str) -> Result<String, BotFailure> {
        self.answer(request).map_err(|mut failure| {
            let process = in_play(&mut self.process);
            if let Some(limit) = process.limit_hit() {
                failure.message = format!("{limit}: {}", failure.message);
            }
            failure
        })
    }

    /// Sends `request` and waits for the answer line until `move_ms` or, under a clock, the
    /// time left plus the margin, whichever comes first. The think time runs from the write of
    /// the request (already encoded) to the read of the answer's newline, and is charged to the
    /// clock.
    fn answer(&mut self, request: &str) -> Result<String, BotFailure> {
        let move_limit = self.shared.manifest.move_limit;
        let (limit, by_clock) = self
            .clock
            .as_ref()
            .map_or((move_limit, false), |clock| clock.deadline(move_limit));
        // Its turn: it weighs as a thinking program until the turn passes (`Bot::turn_over`).
        in_play(&mut self.process).weigh(Weight::Thinking);
        let asked = Instant::now();
        self.send(request);
        let process = in_play(&mut self.process);
        let received = process.receive(limit);
        let took = asked.elapsed();
        match received {
            Ok(line) => {
                if self.shared.manifest.transcript {
                    self.shared
                        .log
                        .line(&process_context(process), &format!("< {line}"));
                }
                self.last = Some(match &mut self.clock {
                    None => Think { took, left: None },
                    Some(clock) => clock
                        .charge(took)
                        .map_err(|why| BotFailure::new(Termination::Timeout, why))?,
                });
                Ok(line)
            }
            Err(NoLine::Timeout) => {
                // Only `ready` came so far: an answer stuck in an output buffer is the usual
                // cause, and it hides on a machine where the environment unbuffers output.
                let hint = if process.lines_received == 1 {
                    " to its first request (does it flush stdout after every line?)"
                } else {
                    ""
                };
                let what = match self.clock.as_ref().filter(|_| by_clock) {
                    Some(clock) => format!("{}, no answer within it", clock.ran_out()),
                    None => format!("no answer within {} ms", limit.as_millis()),
                };
                Err(BotFailure::new(
                    Termination::Timeout,
                    format!("{what}{hint}{}", self.shared.see_log()),
                ))
            }
            Err(NoLine::Gone(why)) => Err(BotFailure::new(
                Termination::Crash,
                format!("the bot stopped answering: {why}{}", self.shared.see_log()),
            )),
            Err(NoLine::TooLong(max)) => Err(BotFailure::new(
                Termination::Illegal,
                format!("answer line longer than {max} bytes"),
            )),
        }
    }
}

/// The process of a bot in play (taken only when the bot is dropped).
fn in_play(process: &mut Option<Process>) -> &mut Process {
    process.as_mut().expect("a bot in play has its process")
}

fn process_context(process: &Process) -> String {
    process
        .context
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
}

impl<G: Wire> Bot<G> for ExternalBot<G> {
    /// The runner calls [`Bot::try_act`]; a direct caller gets a failure as a panic, which the
    /// runner would also count as a crash.
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        self.try_act(game, view)
            .unwrap_or_else(|failure| panic!("{}", failure.message))
    }

    fn try_act(&mut self, game: &G, view: &G::View) -> Result<G::Action, BotFailure> {
        let legal = self
            .shared
            .manifest
            .legal_actions
            .then(|| game.legal_actions(view));
        let clock = self.clock.as_ref().map(|c| protocol::ClockLeft {
            left: c.left(),
            increment: c.increment(),
        });
        let answer = self.request(&protocol::act(game, view, legal.as_deref(), clock))?;
        protocol::parse_answer(game, &answer).map_err(|why| {
            BotFailure::new(
                Termination::Illegal,
                format!("unreadable answer: {why}: {}", protocol::quote(&answer)),
            )
        })
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        self.pending
            .push_str(&protocol::played(game, self.seat, actor, action));
    }

    /// Another seat decides next: the program weighs as a waiting one until its next turn.
    fn turn_over(&mut self, _game: &G) {
        if let Some(process) = &mut self.process {
            process.weigh(Weight::Waiting);
        }
    }

    /// The program weighs as a thinking one again: it reads the result and ends, or starts
    /// its next game.
    fn finish(&mut self, _game: &G, outcome: &Outcome) {
        if let Some(process) = &mut self.process {
            process.weigh(Weight::Thinking);
        }
        self.send(&protocol::game_over(outcome));
        self.reusable = outcome.culprit != Some(self.seat);
    }

    fn think(&self) -> Option<Think> {
        self.last
    }
}

impl<G: Wire> Drop for ExternalBot<G> {
    /// Hands a process in good standing back for the next game when the manifest reuses
    /// processes; otherwise dropping it ends it.
    fn drop(&mut self) {
        if self.reusable
            && let Some(process) = self.process.take()
        {
            self.shared.give_back(process);
        }
    }
}
