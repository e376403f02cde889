//! What `tourney doctor` needs from each game to test a program before a contest: the kinds of
//! decision programs get wrong first, each with the rules section a legal answer follows, and
//! the game's rules file. Each game lists its own in its folder; this module names none.

use serde_json::Value;

/// A kind of decision worth asking about, and where the rules describe it.
pub struct Wanted {
    /// What the position holds, as a noun phrase ("a ticket choice").
    pub what: &'static str,
    /// The rules section a legal answer follows.
    pub doc: &'static str,
    /// Whether the decision of the seat with this view (and these legal actions, in their wire
    /// form; empty unless `needs_legal`) is of this kind. `setup` is `new_game`'s.
    pub test: fn(setup: &Value, view: &Value, legal: &[Value]) -> bool,
    pub needs_legal: bool,
}

impl Wanted {
    /// Whether a decision is of this kind.
    pub fn matches(&self, setup: &Value, view: &Value, legal: &[Value]) -> bool {
        (self.test)(setup, view, legal)
    }
}

/// A game `tourney doctor` can test programs of.
pub trait SelfTest {
    /// The rules file, for failures outside any awkward position.
    const RULES_DOC: &'static str;
    /// The awkward decisions, the ones programs get wrong first.
    const AWKWARD: &'static [Wanted];
}

/// The seat a view is given to.
pub fn seat_of(view: &Value) -> usize {
    view["seat"].as_u64().unwrap_or(0) as usize
}
