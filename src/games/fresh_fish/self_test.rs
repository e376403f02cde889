//! What `tourney doctor` asks a Fresh Fish program about first: the decisions programs of this
//! game get wrong most often, found in seeded games and told apart on the wire form a program
//! receives.

use super::FreshFish;
use crate::games::self_test::{SelfTest, Wanted};

impl SelfTest for FreshFish {
    const RULES_DOC: &'static str = "docs/rules/fresh-fish.md";
    const AWKWARD: &'static [Wanted] = &[
        Wanted {
            what: "an auction",
            doc: "docs/rules/fresh-fish.md §5",
            test: |_, view, _| view["phase"]["name"] == "auction",
            needs_legal: false,
        },
        Wanted {
            what: "a shop to build",
            doc: "docs/rules/fresh-fish.md §5.4",
            test: |_, view, _| view["phase"]["name"] == "build-shop",
            needs_legal: false,
        },
    ];
}
