//! The checks `tourney doctor` makes of one program, through the same bot adapters a run
//! plays it with (`crate::external`, `crate::serve`): an answer at each found position, whole
//! games against the game's `random` bot (every answer legal, `game_over` or the final code
//! heard), and how it leaves when told to quit. Each check ends as a [`Check`] line.

use super::positions::{Position, SelfTest};
use super::report::{Check, Verdict};
use crate::bot::{Bot, BotFailure, BotMaker, Params};
use crate::game::{Game, Seat};
use crate::outcome::{Outcome, Termination};
use crate::report::markup::counted;
use crate::roster::{Contest, find_entry};
use crate::runner::play_game;
use crate::runner::position::ask_at;
use crate::seed::{self, Stream};
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the program talks, for what a failure says was expected and where that is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    Lines,
    Contest,
}

impl Wire {
    /// The protocol's document and the section a fault of this kind breaks.
    fn expected(self, termination: Termination, rules: &str) -> String {
        match (self, termination) {
            (_, Termination::Illegal) => format!(
                "a legal action, written as the protocol says ({rules}; {})",
                match self {
                    Wire::Lines => "docs/protocol.md, `act`",
                    Wire::Contest => "docs/contest-protocol.md §6-§7",
                }
            ),
            (Wire::Lines, Termination::Timeout) => {
                "an answer line within move_ms (docs/protocol.md, `act`)".to_string()
            }
            (Wire::Contest, Termination::Timeout) => {
                "a move within move_ms (docs/contest-protocol.md §6)".to_string()
            }
            (Wire::Lines, _) => {
                "the process to keep reading and answering (docs/protocol.md, Faults)".to_string()
            }
            (Wire::Contest, _) => {
                "the program to stay connected until its final code (docs/contest-protocol.md \
                 §2, §6)"
                    .to_string()
            }
        }
    }
}

/// Every answer time of the program, in the order they came.
pub type Times = Arc<Mutex<Vec<Duration>>>;

/// Game indices of the doctor's games, each its own bot stream: position checks count from 0,
/// whole games from here.
const WHOLE_GAMES_FROM: u64 = 1 << 20;

/// Asks the program, playing `position.seat`, for its answer at `position`: the runner deals
/// the position's game, the program hears every action before it, then is asked; the answer
/// must be legal there.
pub fn at_position<G: Contest>(
    game: &G,
    maker: &dyn BotMaker<G>,
    wire: Wire,
    master_seed: u64,
    (index, position): (u64, &Position<G::Action>),
    times: &Times,
) -> Check {
    let name = format!(
        "{} (seed {}, after {} actions, seat {})",
        position.what,
        position.seed_index,
        position.actions.len(),
        position.seat
    );
    let seat = position.seat;
    let rng = seed::rng(master_seed, index, Stream::Seat(seat as u8));
    let bot = match maker.make(game, seat, rng, index) {
        Ok(bot) => Box::new(Timed {
            bot,
            times: Arc::clone(times),
            met: None,
        }),
        Err(why) => return Check::fail(name, why, wire.expected(Termination::Crash, "")),
    };
    let asked = ask_at(
        game,
        bot,
        (master_seed, position.seed_index),
        &position.actions,
        seat,
    );
    match asked.answer {
        Ok(action) => Check {
            name,
            verdict: Verdict::Ok,
            detail: format!("answered {}", game.describe(&asked.state, seat, &action)),
        },
        Err((_, termination, message)) => {
            let detail = match termination {
                Termination::Illegal => format!("answered {message}"),
                _ => format!("{}: {message}", termination.as_str()),
            };
            Check::fail(name, detail, wire.expected(termination, position.doc))
        }
    }
}

/// Plays whole games, the program in each seat in turn against `random` bots: every answer
/// must be legal and in time, and the program must hear the end of each game.
/// With `met`, each answer's position is sorted into the game's wanted kinds, for a program
/// that cannot be put at a position (see [`met_checks`]).
pub fn whole_games<G: Contest>(
    game: &G,
    maker: &dyn BotMaker<G>,
    wire: Wire,
    master_seed: u64,
    times: &Times,
    met: Option<&Met>,
) -> Vec<Check> {
    let random = find_entry::<G>("random").expect("every game has a random bot");
    let seats = game.info().seats;
    (0..seats)
        .map(|program_seat| {
            let index = WHOLE_GAMES_FROM + program_seat as u64;
            let end = match wire {
                Wire::Lines => "game_over",
                Wire::Contest => "its final code",
            };
            let name = format!("a whole game in seat {program_seat} against random, to {end}");
            let bots: Result<Vec<Box<dyn Bot<G>>>, String> = (0..seats)
                .map(|seat| {
                    let rng = seed::rng(master_seed, index, Stream::Seat(seat as u8));
                    if seat == program_seat {
                        let bot = maker.make(game, seat, rng, index)?;
                        Ok(Box::new(Timed {
                            bot,
                            times: Arc::clone(times),
                            met: met.map(|met| (Arc::clone(met), game.wire_setup())),
                        }) as Box<dyn Bot<G>>)
                    } else {
                        random.make(game, seat, rng, &Params::default())
                    }
                })
                .collect();
            let bots = match bots {
                Ok(bots) => bots,
                Err(why) => return Check::fail(name, why, wire.expected(Termination::Crash, "")),
            };
            let chance = seed::rng(master_seed, index, Stream::Chance);
            let (state, outcome, fault) = play_game(game, game.new_state(chance), bots);
            if let Some(met) = met
                && outcome.culprit == Some(program_seat)
                && outcome.termination == Termination::Illegal
            {
                // The runner judged the program's last answer, and it was not legal.
                let mut met = met.lock().unwrap_or_else(|e| e.into_inner());
                let last = met.answers.len().saturating_sub(1);
                met.failed.push(last);
            }
            match (outcome.culprit, fault) {
                (Some(culprit), Some(message)) if culprit == program_seat => Check::fail(
                    name,
                    format!("lost by {}: {message}", outcome.termination.as_str()),
                    wire.expected(outcome.termination, G::RULES_DOC),
                ),
                _ => Check {
                    name,
                    verdict: Verdict::Ok,
                    detail: format!(
                        "{} turns, ended {}, ranks {:?}",
                        game.turns(&state),
                        outcome.termination.as_str(),
                        outcome.ranks
                    ),
                },
            }
        })
        .collect()
}

/// The wanted kinds of position (indices into [`SelfTest::AWKWARD`]) of each answer the program gave in
/// whole games, and which answers were illegal.
#[derive(Default)]
pub struct MetKinds {
    answers: Vec<Vec<usize>>,
    failed: Vec<usize>,
}

pub type Met = Arc<Mutex<MetKinds>>;

/// One check per wanted kind of game `G` from the positions the program met in
/// its whole games: FAIL if it answered one illegally, ok if it met one, else skipped.
pub fn met_checks<G: SelfTest>(met: &Met) -> Vec<Check> {
    let met = met.lock().unwrap_or_else(|e| e.into_inner());
    G::AWKWARD
        .iter()
        .enumerate()
        .map(|(kind, wanted)| {
            let name = wanted.what.to_string();
            let count = met.answers.iter().filter(|k| k.contains(&kind)).count();
            if met.failed.iter().any(|&a| met.answers[a].contains(&kind)) {
                Check::fail(
                    name,
                    "answered one illegally in a whole game (its line says how)".to_string(),
                    format!("a legal action ({})", wanted.doc),
                )
            } else if count > 0 {
                Check {
                    name,
                    verdict: Verdict::Ok,
                    detail: format!(
                        "met {} in the whole games, every answer legal",
                        counted(count as f64, "time", "times")
                    ),
                }
            } else {
                Check::skipped(
                    name,
                    "not met in the whole games, and a contest program, which chooses its own \
                     moves, cannot be started at a given position (docs/contest-protocol.md §2)"
                        .to_string(),
                )
            }
        })
        .collect()
}

/// The program's bot, timing each of its answers and, with `met`, sorting its positions.
struct Timed<G: Game> {
    bot: Box<dyn Bot<G>>,
    times: Times,
    /// Where to note each answer's kinds, and the game's setup as the program sees it.
    met: Option<(Met, Value)>,
}

impl<G: Contest> Bot<G> for Timed<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        self.bot.act(game, view)
    }

    fn try_act(&mut self, game: &G, view: &G::View) -> Result<G::Action, BotFailure> {
        let asked = Instant::now();
        let answer = self.bot.try_act(game, view);
        let took = asked.elapsed();
        self.times
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(took);
        if let Some((met, setup)) = &self.met {
            let kinds = G::AWKWARD;
            let legal: Vec<Value> = if kinds.iter().any(|k| k.needs_legal) {
                let legal = game.legal_actions(view);
                legal.iter().map(|a| game.wire_action(a)).collect()
            } else {
                Vec::new()
            };
            let view = game.wire_view(view);
            let matched = (0..kinds.len())
                .filter(|&k| kinds[k].matches(setup, &view, &legal))
                .collect();
            met.lock()
                .unwrap_or_else(|e| e.into_inner())
                .answers
                .push(matched);
        }
        answer
    }

    fn begin(&mut self, game: &G, seat: Seat, start: &G::State) -> Result<(), BotFailure> {
        self.bot.begin(game, seat, start)
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        self.bot.observe(game, actor, action);
    }

    fn turn_over(&mut self, game: &G) {
        self.bot.turn_over(game);
    }

    fn finish(&mut self, game: &G, outcome: &Outcome) {
        self.bot.finish(game, outcome);
    }
}
