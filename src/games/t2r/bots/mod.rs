//! The Ticket to Ride bots of rules §5, one file each, and the table that names them.
//!
//! Shared pieces have their own files: `path` (§5.0 Dijkstra `path`/`cost`), `plan` (the
//! cached paths of held tickets), `payment` (the greedy payment rule), `fallback` (the
//! `official` card fallback), `random_card` (do-nothing's card decision) and `tickets`.

mod do_nothing;
mod fallback;
#[cfg(test)]
mod games;
mod greedy;
mod nice;
mod path;
mod payment;
mod plan;
mod random;
mod random_card;
mod test_doubles;
#[cfg(test)]
mod test_support;
mod tickets;

use super::TicketToRide;
use crate::bot::BotEntry;

pub use test_doubles::ILLEGAL_CLAIM;

/// Every Ticket to Ride bot, in the order `tourney list` shows them.
pub const BOTS: &[BotEntry<TicketToRide>] = &[
    BotEntry {
        name: "do-nothing",
        summary: "Only draws cards, at random (the contest's DO_NOTHING); loses at once as cgs seat 0",
        hidden: false,
        make: do_nothing::make,
    },
    BotEntry {
        name: "random",
        summary: "Claims the longest routes one card kind pays, else draws at random (PLAY_RANDOM)",
        hidden: false,
        make: random::make,
    },
    BotEntry {
        name: "nice",
        summary: "Follows its tickets' shortest paths, shortest routes first (the contest's NICE_BOT)",
        hidden: false,
        make: nice::make,
    },
    BotEntry {
        name: "greedy",
        summary: "Claims the most points it can pay, else draws toward the nearest route",
        hidden: false,
        make: greedy::make,
    },
    crate::bot::test_panic(),
    BotEntry {
        name: "test-illegal",
        summary: "Test double: always claims with more locomotives than the route is long",
        hidden: true,
        make: test_doubles::make_illegal,
    },
];

/// The bot table row named `name`.
pub fn find(name: &str) -> Option<&'static BotEntry<TicketToRide>> {
    BOTS.iter().find(|entry| entry.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Params;
    use crate::games::t2r::{Action, MapName, Phase, RuleSet};
    use crate::seed::{Rng, Stream, rng};

    fn game() -> TicketToRide {
        TicketToRide::new(MapName::Usa, RuleSet::Official, 500)
    }

    fn seat_rng() -> Rng {
        rng(1, 2, Stream::Seat(0))
    }

    #[test]
    fn table_lists_the_four_bots_then_hidden_doubles() {
        let names: Vec<_> = BOTS.iter().map(|b| (b.name, b.hidden)).collect();
        assert_eq!(
            names,
            [
                ("do-nothing", false),
                ("random", false),
                ("nice", false),
                ("greedy", false),
                ("test-panic", true),
                ("test-illegal", true),
            ]
        );
        assert!(find("greedy").is_some() && find("gredy").is_none());
    }

    #[test]
    fn every_bot_refuses_parameters() {
        let mut params = Params::default();
        params.0.insert("depth".into(), "3".into());
        for entry in BOTS {
            let err = (entry.make)(&game(), 0, seat_rng(), &params).err();
            assert!(err.is_some_and(|e| e.contains(entry.name) && e.contains("depth")));
        }
    }

    #[test]
    fn setup_choices() {
        let game = game();
        let mut v = test_support::view(game.map());
        v.phase = Phase::SetupTickets;
        v.min_keep = 2;
        v.offer = vec![3, 0, 7];
        for (name, keep) in [("do-nothing", 0b011), ("random", 0b111), ("nice", 0b111)] {
            let mut bot =
                (find(name).expect("listed").make)(&game, 0, seat_rng(), &Params::default())
                    .expect("no params");
            assert_eq!(bot.act(&game, &v), Action::KeepTickets(keep), "{name}");
        }
        v.phase = Phase::ChooseTickets;
        v.tickets = vec![1, 2];
        let mut bot =
            (find("do-nothing").expect("listed").make)(&game, 0, seat_rng(), &Params::default())
                .expect("no params");
        assert_eq!(bot.act(&game, &v), Action::KeepTickets(0b001));
    }

    #[test]
    fn test_illegal_claims_more_locomotives_than_any_route_is_long() {
        let game = game();
        let v = test_support::view(game.map());
        let mut bot =
            (find("test-illegal").expect("listed").make)(&game, 0, seat_rng(), &Params::default())
                .expect("no params");
        assert_eq!(bot.act(&game, &v), ILLEGAL_CLAIM);
        assert!(game.map().routes.iter().all(|r| r.length < 9));
    }

    #[test]
    #[should_panic(expected = "test-panic")]
    fn test_panic_panics() {
        let game = game();
        let v = test_support::view(game.map());
        let mut bot =
            (find("test-panic").expect("listed").make)(&game, 0, seat_rng(), &Params::default())
                .expect("no params");
        bot.act(&game, &v);
    }
}
