//! The line protocol, version [`VERSION`] (documented in `docs/protocol.md`): one compact JSON
//! object per line both ways. The harness writes `hello`, `new_game`, `played`, `act`,
//! `game_over` and `quit`; a bot writes `ready` once and one answer per `act`.

use super::wire::Wire;
use crate::game::Seat;
use crate::outcome::Outcome;
use serde_json::{Value, json};
use std::time::Duration;

/// Bumped whenever a message changes shape; bots can refuse a version they do not know.
pub const VERSION: u32 = 1;

/// The values of a manifest's `[params]`, sent in `hello` and `new_game`.
pub type ParamValues = serde_json::Map<String, Value>;

/// Sent once when a process starts; the bot answers `{"type":"ready"}`. `params` are the
/// values of the game the process is started for; a reused process gets each game's own in
/// its `new_game`.
pub fn hello(bot: &str, params: &ParamValues) -> String {
    line(&json!({"type": "hello", "protocol": VERSION, "bot": bot, "params": params}))
}

/// Starts a game for the process: the configured game, the seat it plays, its seed (under
/// 2^53, exact in every JSON reader) and what is fixed for the whole game.
pub fn new_game<G: Wire>(
    game: &G,
    seat: Seat,
    seed: u64,
    game_index: u64,
    params: &ParamValues,
) -> String {
    let info = game.info();
    let options: serde_json::Map<String, Value> = info
        .options
        .iter()
        .map(|(name, value)| ((*name).to_string(), Value::from(value.as_str())))
        .collect();
    line(&json!({
        "type": "new_game",
        "game": info.name,
        "rules": info.rules,
        "options": options,
        "seats": info.seats,
        "seat": seat,
        "seed": seed,
        "game_index": game_index,
        "setup": game.wire_setup(),
        "params": params,
    }))
}

/// An action about to be applied, as `seat` may see it.
pub fn played<G: Wire>(game: &G, seat: Seat, actor: Seat, action: &G::Action) -> String {
    line(&json!({
        "type": "played",
        "seat": actor,
        "action": game.wire_observed(seat, actor, action),
    }))
}

/// A program's clock as `act` tells it: its time left before this move and the increment it
/// gets after it.
#[derive(Clone, Copy, Debug)]
pub struct ClockLeft {
    pub left: Duration,
    pub increment: Duration,
}

/// A request for one action: the seat's view, when asked for its legal actions, and under a
/// clock the time left (`clock_ms`, whole milliseconds; added in place, old bots ignore it).
pub fn act<G: Wire>(
    game: &G,
    view: &G::View,
    legal: Option<&[G::Action]>,
    clock: Option<ClockLeft>,
) -> String {
    let mut message = json!({"type": "act", "view": game.wire_view(view)});
    if let Some(legal) = legal {
        message["legal"] = legal.iter().map(|a| game.wire_action(a)).collect();
    }
    if let Some(clock) = clock {
        message["clock_ms"] = json!({
            "left": clock.left.as_millis() as u64,
            "increment": clock.increment.as_millis() as u64,
        });
    }
    line(&message)
}

/// The end of a game, however it ended.
pub fn game_over(outcome: &Outcome) -> String {
    line(&json!({
        "type": "game_over",
        "scores": outcome.scores,
        "ranks": outcome.ranks,
        "termination": outcome.termination.as_str(),
        "culprit": outcome.culprit,
    }))
}

/// Checks the bot's first line is `{"type":"ready", …}`.
pub fn parse_ready(line: &str) -> Result<(), String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON ({e})"))?;
    match value.get("type").and_then(Value::as_str) {
        Some("ready") => Ok(()),
        _ => Err("not {\"type\":\"ready\"}".to_string()),
    }
}

/// Reads an answer `{"action": …}` (other keys are ignored, for the bot's own notes).
pub fn parse_answer<G: Wire>(game: &G, line: &str) -> Result<G::Action, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON ({e})"))?;
    let action = value
        .get("action")
        .ok_or_else(|| "no \"action\" field".to_string())?;
    game.parse_action(action)
}

/// A short quote of what a bot wrote, for fault messages.
pub use crate::error::quote;

fn line(value: &Value) -> String {
    let mut text = value.to_string();
    text.push('\n');
    text
}
