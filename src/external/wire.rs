//! How a game looks on the wire: every game implements [`Wire`] in its own folder, so the
//! process adapter can speak any game without naming one.

use crate::game::{Game, Seat};
use serde_json::Value;

/// A game's JSON encoding for bots outside the harness. Written by hand per game rather than
/// derived, so that the wire form uses the rules files' words and never exposes an engine's
/// internal layout (bitboards, node ids) or anything a seat may not see.
pub trait Wire: Game {
    /// What is fixed for the whole game and not repeated in every view (the map, the tile
    /// set), sent once in `new_game`.
    fn wire_setup(&self) -> Value;

    /// The seat's view: the same information a built-in bot's `View` holds, nothing more.
    fn wire_view(&self, view: &Self::View) -> Value;

    /// An action as the actor itself wrote it, and as bots answer.
    fn wire_action(&self, action: &Self::Action) -> Value;

    /// Reads a bot's answer; `Err` says what is wrong with it. Legality is checked afterwards
    /// by the runner, so this only checks shape.
    fn parse_action(&self, value: &Value) -> Result<Self::Action, String>;

    /// The action `actor` played, as `seat` may know it. The default shows all of it, right for
    /// perfect-information games; games with hidden choices redact them here.
    fn wire_observed(&self, seat: Seat, actor: Seat, action: &Self::Action) -> Value {
        let _ = (seat, actor);
        self.wire_action(action)
    }
}

/// Small readers for [`Wire::parse_action`] implementations: each names the field it wanted.
pub mod read {
    use serde_json::Value;

    /// The string field `key` of an object.
    pub fn str_field<'a>(value: &'a Value, key: &str) -> Result<&'a str, String> {
        value
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("expected a string field '{key}' in {value}"))
    }

    /// The integer field `key` of an object, converted to `T` (range checked).
    pub fn int_field<T: TryFrom<i64>>(value: &Value, key: &str) -> Result<T, String> {
        value
            .get(key)
            .and_then(Value::as_i64)
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("expected a small integer field '{key}' in {value}"))
    }

    /// The optional integer field `key`: absent or `null` is `None`.
    pub fn opt_int_field<T: TryFrom<i64>>(value: &Value, key: &str) -> Result<Option<T>, String> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(_) => int_field(value, key).map(Some),
        }
    }
}
