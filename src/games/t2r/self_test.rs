//! What `tourney doctor` asks a Ticket to Ride program about first: the decisions programs of this
//! game get wrong most often, found in seeded games and told apart on the wire form a program
//! receives.

use super::TicketToRide;
use crate::games::self_test::{SelfTest, Wanted};

impl SelfTest for TicketToRide {
    const RULES_DOC: &'static str = "docs/rules/ticket-to-ride.md";
    const AWKWARD: &'static [Wanted] = &[
        Wanted {
            what: "a ticket choice",
            doc: "docs/rules/ticket-to-ride.md §3.6",
            test: |_, view, _| view["phase"] == "choose-tickets",
            needs_legal: false,
        },
        Wanted {
            what: "a double route to claim",
            doc: "docs/rules/ticket-to-ride.md §3.5",
            test: |setup, _, legal| {
                legal.iter().any(|action| {
                    action["kind"] == "claim"
                        && action["route"].as_u64().is_some_and(|route| {
                            setup["routes"][route as usize]["colours"]
                                .as_array()
                                .is_some_and(|colours| colours.len() == 2)
                        })
                })
            },
            needs_legal: true,
        },
        Wanted {
            what: "a claim paid with locomotives",
            doc: "docs/rules/ticket-to-ride.md §3.5",
            test: |_, _, legal| {
                legal.iter().any(|action| {
                    action["kind"] == "claim"
                        && action["locomotives"].as_u64().is_some_and(|n| n > 0)
                })
            },
            needs_legal: true,
        },
        Wanted {
            what: "a second card to draw",
            doc: "docs/rules/ticket-to-ride.md §3.4",
            test: |_, view, _| view["phase"] == "second-card",
            needs_legal: false,
        },
        Wanted {
            what: "the end of the deck",
            doc: "docs/rules/ticket-to-ride.md §3.4",
            test: |_, view, _| view["deck"] == 0,
            needs_legal: false,
        },
    ];
}
