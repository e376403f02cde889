//! `tourney list`: every game with its rule sets, options and bots.

use crate::games;

pub fn print() {
    for game in games::all() {
        println!("{}  {}", game.name, game.summary);
        println!("  rule sets: {}", game.rule_sets.join(", "));
        let (min, max) = (game.seats.start(), game.seats.end());
        if min == max {
            println!("  players: {min}");
        } else {
            println!("  players: {min} to {max} (--players)");
        }
        for option in game.options {
            println!(
                "  option {}: {} (default {})",
                option.name, option.values, option.default
            );
        }
        println!("  bots:");
        for (name, summary) in (game.bots)() {
            println!("    {name:<12} {summary}");
        }
        println!();
    }
}
