//! What `tourney doctor` asks a Labyrinth program about first: the decisions programs of this
//! game get wrong most often, found in seeded games and told apart on the wire form a program
//! receives.

use super::Labyrinth;
use crate::games::self_test::{SelfTest, Wanted, seat_of};
use serde_json::Value;

impl SelfTest for Labyrinth {
    const RULES_DOC: &'static str = "docs/rules/labyrinth.md";
    const AWKWARD: &'static [Wanted] = &[
        Wanted {
            what: "a push that wraps its pawn around the board",
            doc: "docs/rules/labyrinth.md §6",
            test: |_, view, _| pawn_on_a_pushed_edge(view),
            needs_legal: false,
        },
        Wanted {
            what: "the forbidden reversal of the last push",
            doc: "docs/rules/labyrinth.md §6",
            test: |_, view, _| !view["forbidden"].is_null(),
            needs_legal: false,
        },
    ];
}

/// Whether the seat's pawn stands at the end of a movable (odd) line or column, so that a push
/// along it carries the pawn off one edge and back on at the other (Labyrinth §6).
fn pawn_on_a_pushed_edge(view: &Value) -> bool {
    let pawn = &view["pawns"][seat_of(view)];
    let (Some(x), Some(y), Some(w), Some(h)) = (
        pawn[0].as_u64(),
        pawn[1].as_u64(),
        view["width"].as_u64(),
        view["height"].as_u64(),
    ) else {
        return false;
    };
    (y % 2 == 1 && (x == 0 || x + 1 == w)) || (x % 2 == 1 && (y == 0 || y + 1 == h))
}
