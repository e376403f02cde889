//! A program outside the harness as a [`Bot`]: turns each decision into an `act` line and its
//! answer into an action, and reports a late, missing or unreadable answer as a
//! [`BotFailure`] (`timeout`, `crash`, `illegal`) instead of panicking.

use super::maker::Shared;
use super::process::{NoLine, Process};
use super::protocol;
use super::wire::Wire;
use crate::bot::{Bot, BotFailure};
use crate::game::Seat;
use crate::outcome::{Outcome, Termination};
use std::marker::PhantomData;
use std::sync::Arc;

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
    _game: PhantomData<fn() -> G>,
}

impl<G: Wire> ExternalBot<G> {
    /// A bot over a started process; `new_game` is the first line it will be sent.
    pub fn new(process: Process, shared: Arc<Shared>, seat: Seat, new_game: String) -> Self {
        ExternalBot {
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
        let process = self
            .process
            .as_mut()
            .expect("a bot in play has its process");
        if self.shared.manifest.transcript {
            for line in String::from_utf8_lossy(&bytes).lines() {
                self.shared
                    .log
                    .line(&process_context(process), &format!("> {line}"));
            }
        }
        process.send(bytes);
    }

    /// Sends `request` and waits for one answer line within the per-move limit; a failure
    /// names the limit the program hit, if it hit one.
    fn request(&mut self, request: &str) -> Result<String, BotFailure> {
        self.answer(request).map_err(|mut failure| {
            let process = self
                .process
                .as_mut()
                .expect("a bot in play has its process");
            if let Some(limit) = process.limit_hit() {
                failure.message = format!("{limit}: {}", failure.message);
            }
            failure
        })
    }

    fn answer(&mut self, request: &str) -> Result<String, BotFailure> {
        self.send(request);
        let limit = self.shared.manifest.move_limit;
        let process = self
            .process
            .as_mut()
            .expect("a bot in play has its process");
        match process.receive(limit) {
            Ok(line) => {
                if self.shared.manifest.transcript {
                    self.shared
                        .log
                        .line(&process_context(process), &format!("< {line}"));
                }
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
                Err(BotFailure::new(
                    Termination::Timeout,
                    format!(
                        "no answer within {} ms{hint}{}",
                        limit.as_millis(),
                        self.shared.see_log()
                    ),
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
        let answer = self.request(&protocol::act(game, view, legal.as_deref()))?;
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

    fn finish(&mut self, _game: &G, outcome: &Outcome) {
        self.send(&protocol::game_over(outcome));
        self.reusable = outcome.culprit != Some(self.seat);
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
