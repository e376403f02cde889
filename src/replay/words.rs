//! The words a replay shows for chance: each event in the game's own notation
//! ([`Chance::describe_event`]), never debug text.

use crate::game::Chance;

/// `events` in words, `; ` between them (an event may list names with commas), or `nothing`.
pub fn events<G: Chance>(game: &G, events: &[G::Event]) -> String {
    if events.is_empty() {
        return "nothing".to_string();
    }
    let shown: Vec<String> = events.iter().map(|e| game.describe_event(e)).collect();
    shown.join("; ")
}
