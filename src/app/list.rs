//! `tourney list`: every game with its rule sets, options and bots, and the programs registered
//! in `bots/` (the manifests `--bots NAME` finds) with their versions.

use super::registry;
use crate::bot::ParamSpec;
use crate::external::Manifest;
use std::path::{Path, PathBuf};

pub fn print() {
    let programs = registered(Path::new("bots"));
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
        let mine: Vec<&(String, Manifest)> = programs
            .iter()
            .filter(|(_, m)| m.game == game.name)
            .collect();
        if !mine.is_empty() {
            println!("  programs (bots/NAME.toml):");
        }
        for (name, manifest) in mine {
            let version = crate::version::of_manifest(manifest, None)
                .map_or_else(|e| format!("unknown: {e}"), |v| v.short());
            println!("    {name:<12} version: {version}");
        }
        println!();
    }
    println!("sandbox (what confines the programs tourney starts; --sandbox on|require|off):");
    for line in crate::sandbox::describe() {
        println!("  {line}");
    }
}

/// The manifests `folder` registers, by the name `--bots` finds them under (the file stem), in
/// name order; one that cannot be read is named on stderr and left out.
fn registered(folder: &Path) -> Vec<(String, Manifest)> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.is_file())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let name = path.file_stem()?.to_string_lossy().into_owned();
            match Manifest::load(&path) {
                Ok(manifest) => Some((name, manifest)),
                Err(e) => {
                    eprintln!("note: {e}");
                    None
                }
            }
        })
        .collect()
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
