//! A replayed game as plain text, one line per step, for the terminal.

use super::check::Replayed;
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
    writeln!(out, "setup drew: {}", list(&line.setup))?;
    writeln!(out, "{:>5} {:>5}  {:<14} action", "turn", "step", "seat")?;
    for (index, step) in line.steps.iter().enumerate() {
        let turn = game.turns(&replayed.states[index]) + 1;
        let who = format!("{} {}", step.seat, seats[step.seat]);
        write!(
            out,
            "{turn:>5} {:>5}  {who:<14} {:?}",
            index + 1,
            step.action
        )?;
        if !step.chance.is_empty() {
            write!(out, "   drew: {}", list(&step.chance))?;
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

fn list<E: std::fmt::Debug>(events: &[E]) -> String {
    if events.is_empty() {
        return "nothing".to_string();
    }
    let shown: Vec<String> = events.iter().map(|e| format!("{e:?}")).collect();
    shown.join(", ")
}
