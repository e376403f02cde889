//! One line per stored run, as `tourney history` and `tourney db runs` print them: id, start,
//! status, game and rules, games held of the run's, format, tag, bots with their version
//! labels, and the result in brief (who finished first most often); or the same as JSON.

use crate::store::{BotGames, Store, StoredRun};
use serde_json::json;

/// Prints `runs` in the order given, as lines or (`json`) one JSON array.
pub fn print_runs(store: &mut Store, runs: &[StoredRun], json: bool) -> anyhow::Result<()> {
    let mut objects = Vec::new();
    for stored in runs {
        let games = store.bot_games(&stored.id)?;
        let held = store.game_count(&stored.id)?;
        match json {
            true => objects.push(run_json(stored, held, &games)),
            false => println!("{}", line(stored, held, &games)),
        }
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&objects)?);
    }
    Ok(())
}

fn line(stored: &StoredRun, held: u64, games: &[BotGames]) -> String {
    let run = &stored.run;
    let bots: Vec<String> = (run.bots.iter())
        .map(
            |b| match b.version.as_ref().and_then(|v| v.label.as_ref()) {
                Some(label) => format!("{}@{label}", b.label),
                None => b.label.clone(),
            },
        )
        .collect();
    let result = match leader(games) {
        Some(leader) => format!(
            "leader {} {:.0}% firsts",
            run.bots[leader.position].label,
            100.0 * share(leader)
        ),
        None => "no games".to_string(),
    };
    format!(
        "{}  {}  {:<8}  {} {}{}  {held}/{} games  {}{}  {}  {result}",
        stored.id,
        stored.started_at,
        stored.status,
        run.game,
        run.rules,
        run.shard
            .as_ref()
            .map_or(String::new(), |s| format!(" shard {s}")),
        run.end_game - run.first_game,
        super::format_kind(stored),
        run.tag
            .as_ref()
            .map_or(String::new(), |t| format!("  [{t}]")),
        bots.join(",")
    )
}

fn run_json(stored: &StoredRun, held: u64, games: &[BotGames]) -> serde_json::Value {
    let run = &stored.run;
    let bots: Vec<serde_json::Value> = (run.bots.iter().enumerate())
        .map(|(position, b)| {
            let played = games.iter().find(|g| g.position == position);
            json!({
                "label": b.label,
                "bot": b.bot,
                "version": b.version.as_ref().map(|v| json!({
                    "digest": v.digest,
                    "label": v.label,
                    "kind": v.kind,
                })),
                "games": played.map_or(0, |g| g.games),
                "firsts": played.map_or(0, |g| g.firsts),
            })
        })
        .collect();
    json!({
        "id": stored.id,
        "started_at": stored.started_at,
        "ended_at": stored.ended_at,
        "status": stored.status,
        "game": run.game,
        "rules": run.rules,
        "format": super::format_kind(stored),
        "shard": run.shard,
        "tag": run.tag,
        "folder": run.folder,
        "host": run.host,
        "games_stored": held,
        "games_planned": run.end_game - run.first_game,
        "bots": bots,
        "leader": leader(games).map(|l| run.bots[l.position].label.clone()),
    })
}

/// The bot that finished first in the largest share of its seats (ties count for each bot
/// tied; of equal shares, the first in the lineup).
fn leader(games: &[BotGames]) -> Option<&BotGames> {
    games
        .iter()
        .filter(|g| g.seats > 0)
        .fold(None, |best: Option<&BotGames>, g| match best {
            Some(b) if share(b) >= share(g) => Some(b),
            _ => Some(g),
        })
}

fn share(g: &BotGames) -> f64 {
    g.firsts as f64 / g.seats as f64
}
