//! A replayed game as plain text, one line per step, for the terminal.

use super::check::Replayed;
use super::words::events;
use crate::game::Chance;
use std::io::Write;

/// Prints `replayed`: the seats, what setup drew, every step with the turn it belongs to and
/// what it drew, and the result. `seats` are the bot labels by seat.
pub fn print_game<G: Chance>(
    game: &G,
    replayed: &Replayed<G>,
    seats: &[String],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let line = &replayed.line;
    writeln!(out, "game {} (seed {})", line.game, line.seed)?;
    for (seat, label) in seats.iter().enumerate() {
        writeln!(out, "  seat {seat}: {label}")?;
    }
    writeln!(out, "setup: {}", events(game, &line.setup))?;
    writeln!(out, "{:>5} {:>5}  {:<14} action", "turn", "step", "seat")?;
    for (index, step) in line.steps.iter().enumerate() {
        let before = &replayed.states[index];
        let turn = game.turns(before) + 1;
        let who = format!("{} {}", step.seat, seats[step.seat]);
        let action = game.describe(before, step.seat, &step.action);
        write!(out, "{turn:>5} {:>5}  {who:<14} {action}", index + 1)?;
        if !step.chance.is_empty() {
            write!(out, "   chance: {}", events(game, &step.chance))?;
        }
        writeln!(out)?;
    }
    let outcome = &replayed.outcome;
    write!(out, "end: {}", outcome.termination.as_str())?;
    if let (Some(culprit), Some(fault)) = (outcome.culprit, &line.fault) {
        write!(out, " by seat {culprit} ({fault})")?;
    }
    writeln!(out)?;
    for (seat, label) in seats.iter().enumerate() {
        writeln!(
            out,
            "  seat {seat} {label}: score {}, rank {}",
            outcome.scores[seat], outcome.ranks[seat]
        )?;
    }
    Ok(())
}
