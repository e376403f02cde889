//! `tourney list`: every game with its rule sets, options and bots.

use super::registry;
use crate::bot::ParamSpec;

pub fn print() {
    for game in registry::all() {
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
            let params = (game.bot_params)(name);
            if !params.is_empty() {
                let listed: Vec<String> = params.iter().map(param_text).collect();
                println!("    {:<12} parameters: {}", "", listed.join(", "));
            }
        }
        println!();
    }
    println!("sandbox (what confines the programs tourney starts; --sandbox on|require|off):");
    for line in crate::sandbox::describe() {
        println!("  {line}");
    }
}

/// `iterations=800 (at least 1)`: the default (`none` when it has no numeric one) and the
/// values accepted.
fn param_text(param: &ParamSpec) -> String {
    let default = param
        .default
        .map_or_else(|| "none".to_string(), |value| param.kind.format(value));
    let at_least = match param.min {
        min if min == f64::MIN_POSITIVE => "above 0".to_string(),
        min => format!("at least {}", param.kind.format(min)),
    };
    // Whole-number parameters are bounded by their type, not by the bot.
    let range = match param.max.is_finite() && param.max < f64::from(u32::MAX) {
        true => format!(
            "{} to {}",
            param.kind.format(param.min),
            param.kind.format(param.max)
        ),
        false => at_least,
    };
    format!("{}={default} ({range})", param.name)
}
