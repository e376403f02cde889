//! What `tourney doctor` asks a Carcassonne program about first: the decisions programs of this
//! game get wrong most often, found in seeded games and told apart on the wire form a program
//! receives.

use super::Carcassonne;
use crate::games::self_test::{SelfTest, Wanted, seat_of};

impl SelfTest for Carcassonne {
    const RULES_DOC: &'static str = "docs/rules/carcassonne.md";
    const AWKWARD: &'static [Wanted] = &[
        Wanted {
            what: "a tile with no legal place (discarded)",
            doc: "docs/rules/carcassonne.md §4",
            test: |_, view, _| view["discards"].as_array().is_some_and(|d| !d.is_empty()),
            needs_legal: false,
        },
        Wanted {
            what: "no follower left to place",
            doc: "docs/rules/carcassonne.md §4",
            test: |_, view, _| view["supply"][seat_of(view)] == 0,
            needs_legal: false,
        },
    ];
}
