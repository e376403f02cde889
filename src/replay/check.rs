//! Plays a record again through the engine and says where it stops agreeing: a chance outcome
//! the engine did not draw, an action out of turn or illegal, or a result other than the one
//! recorded in the line or in `games.csv`.

use super::line::{GameLine, Step};
use super::words::events;
use crate::game::{Chance, Seat, ToAct};
use crate::outcome::Outcome;
use crate::seed::{self, Stream};
use std::path::Path;

/// A record the engine does not reproduce, with the first place it differs.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("game {game}: setup drew {engine} but the record says {recorded}")]
    SetupChance {
        game: u64,
        engine: String,
        recorded: String,
    },
    #[error(
        "game {game}, step {step} ({action}): the engine drew {engine} but the record says {recorded}"
    )]
    StepChance {
        game: u64,
        step: usize,
        action: String,
        engine: String,
        recorded: String,
    },
    #[error("game {game}, step {step}: seat {seat} plays {action}, but {expected}")]
    OutOfTurn {
        game: u64,
        step: usize,
        seat: Seat,
        action: String,
        expected: String,
    },
    #[error("game {game}, step {step}: seat {seat} plays {action}, which is illegal there")]
    Illegal {
        game: u64,
        step: usize,
        seat: Seat,
        action: String,
    },
    #[error("game {game}: {what}")]
    Result { game: u64, what: String },
    #[error("games.csv: {0}")]
    Csv(String),
}

/// A record that the engine reproduced, with every position it went through.
pub struct Replayed<G: Chance> {
    pub line: GameLine<G::Action, G::Event>,
    /// The position after setup, then after each step.
    pub states: Vec<G::State>,
    pub outcome: Outcome,
}

/// Replays `line` from its seed under `master_seed`, checking chance, turns, legality and the
/// result recorded in the line.
pub fn replay<G: Chance>(
    game: &G,
    master_seed: u64,
    line: GameLine<G::Action, G::Event>,
) -> Result<Replayed<G>, ReplayError> {
    let id = line.game;
    let mut state = game.new_logged_state(seed::rng(master_seed, line.seed, Stream::Chance));
    let setup = game.setup_chance(&mut state);
    if setup != line.setup {
        return Err(ReplayError::SetupChance {
            game: id,
            engine: events(game, &setup),
            recorded: events(game, &line.setup),
        });
    }
    let mut states = vec![state.clone()];
    for (step, played) in line.steps.iter().enumerate() {
        let before = states.last().expect("setup");
        replay_step(game, &mut state, before, id, step + 1, played)?;
        states.push(state.clone());
    }
    let outcome = end(game, &state, &line)?;
    Ok(Replayed {
        line,
        states,
        outcome,
    })
}

/// Plays `played`, step `step` (from 1) of game `id`, on `state`: its seat must be to act, its
/// action legal and the chance it draws the recorded one. `before` is a copy of the position it
/// is played in, for the message when the chance differs.
fn replay_step<G: Chance>(
    game: &G,
    state: &mut G::State,
    before: &G::State,
    id: u64,
    step: usize,
    played: &Step<G::Action, G::Event>,
) -> Result<(), ReplayError> {
    let seat = played.seat;
    let action = || game.describe(state, seat, &played.action);
    if let Some(expected) = out_of_turn(game.to_act(state), seat) {
        return Err(ReplayError::OutOfTurn {
            game: id,
            step,
            seat,
            action: action(),
            expected,
        });
    }
    if !game.is_legal(state, seat, &played.action) {
        return Err(ReplayError::Illegal {
            game: id,
            step,
            seat,
            action: action(),
        });
    }
    game.apply(state, seat, played.action.clone());
    let drawn = game.step_chance(state);
    if drawn != played.chance {
        return Err(ReplayError::StepChance {
            game: id,
            step,
            action: game.describe(before, seat, &played.action),
            engine: events(game, &drawn),
            recorded: events(game, &played.chance),
        });
    }
    Ok(())
}

/// Who is to act instead, when `to_act` does not let `seat` act; `None` when it does.
fn out_of_turn(to_act: ToAct, seat: Seat) -> Option<String> {
    match to_act {
        ToAct::Seat(s) if s == seat => None,
        ToAct::Simultaneous(seats) if seats.contains(&seat) => None,
        ToAct::Seat(s) => Some(format!("seat {s} is to act")),
        ToAct::Simultaneous(seats) => {
            let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
            Some(format!("seats {} are to act", seats.join(", ")))
        }
        ToAct::Over => Some("the game is already over".to_string()),
    }
}

/// The result of the replayed position: the forfeit the line records, or the game's own end,
/// which must then have been reached, and must match the line's.
fn end<G: Chance>(
    game: &G,
    state: &G::State,
    line: &GameLine<G::Action, G::Event>,
) -> Result<Outcome, ReplayError> {
    let fail = |what: String| ReplayError::Result {
        game: line.game,
        what,
    };
    let outcome = match line.culprit {
        Some(culprit) if line.termination.is_forfeit() => {
            if game.to_act(state) == ToAct::Over {
                return Err(fail(format!(
                    "the record says seat {culprit} forfeited, but the game was already over"
                )));
            }
            game.forfeit(state, culprit, line.termination)
        }
        Some(_) => {
            return Err(fail(format!(
                "a culprit is recorded with termination {}",
                line.termination.as_str()
            )));
        }
        None => game.outcome(state).ok_or_else(|| {
            fail(format!(
                "the record ends after {} steps but the game is not over",
                line.steps.len()
            ))
        })?,
    };
    let replayed = (&outcome.scores, &outcome.ranks, outcome.termination);
    let recorded = (&line.scores, &line.ranks, line.termination);
    if replayed != recorded {
        return Err(fail(format!(
            "the replay ends with scores {:?}, ranks {:?}, {} but the record says {:?}, {:?}, {}",
            outcome.scores,
            outcome.ranks,
            outcome.termination.as_str(),
            line.scores,
            line.ranks,
            line.termination.as_str()
        )));
    }
    Ok(outcome)
}

/// Checks the replayed result against game `game`'s rows of `dir/games.csv`: bot, score, rank
/// and termination of every seat, and the number of turns. Returns `false` when the file ends
/// (maybe with a torn row) before the game: a run stopped before writing its rows, while the
/// compressor had already let its record out. A game missing among later ones is a mismatch.
pub fn check_games_csv(
    dir: &Path,
    game: u64,
    bots: &[String],
    lineup: &[usize],
    outcome: &Outcome,
    turns: u32,
) -> Result<bool, ReplayError> {
    let path = dir.join("games.csv");
    let bad = |message: String| ReplayError::Csv(format!("{}: {message}", path.display()));
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_path(&path)
        .map_err(|e| bad(e.to_string()))?;
    let headers = reader.headers().map_err(|e| bad(e.to_string()))?.clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| bad(format!("no '{name}' column")))
    };
    let (c_game, c_seat) = (column("game")?, column("seat")?);
    // The columns a replay gives again, in the order of `replayed` below.
    let compared = ["bot", "score", "rank", "termination", "turns"]
        .map(column)
        .into_iter()
        .collect::<Result<Vec<usize>, _>>()?;
    let mut seen = vec![false; lineup.len()];
    let mut passed = false;
    for row in reader.records() {
        let row = row.map_err(|e| bad(e.to_string()))?;
        if row.len() < headers.len() {
            // Torn: the last row of a run stopped while writing it.
            break;
        }
        if row.get(c_game) != Some(game.to_string().as_str()) {
            passed |= row[c_game].parse::<u64>().is_ok_and(|g| g > game);
            continue;
        }
        let seat: Seat = row[c_seat]
            .parse()
            .ok()
            .filter(|&s| s < lineup.len())
            .ok_or_else(|| bad(format!("game {game}: bad seat '{}'", &row[c_seat])))?;
        seen[seat] = true;
        let replayed = [
            ("bot", bots[lineup[seat]].clone()),
            ("score", outcome.scores[seat].to_string()),
            ("rank", outcome.ranks[seat].to_string()),
            ("termination", outcome.termination.as_str().to_string()),
            ("turns", turns.to_string()),
        ];
        for ((name, value), &c) in replayed.iter().zip(&compared) {
            if row[c] != *value {
                return Err(bad(format!(
                    "game {game}, seat {seat}: {name} is {} but the replay gives {value}",
                    &row[c]
                )));
            }
        }
        // Every seat seen: the rest of the file, which a run may still be writing (its last
        // line torn), is not read.
        if seen.iter().all(|&s| s) {
            break;
        }
    }
    match seen.iter().position(|s| !s) {
        None => Ok(true),
        Some(_) if !passed && !seen.iter().any(|&s| s) => Ok(false),
        Some(seat) => Err(bad(format!("no row for game {game}, seat {seat}"))),
    }
}
