//! The Ticket to Ride bots of rules §5, one file each, and the table that names them.
//!
//! Shared pieces have their own files: `path` (§5.0 Dijkstra `path`/`cost`, and Dijkstra with
//! any weights), `plan` (the cached paths of held tickets), `payment` (the greedy payment rule
//! and expert-plus's thrifty one), `fallback` (the `official` card fallback), `random_card`
//! (do-nothing's card decision), `tickets`, and for `expert` the `itinerary` planner and the
//! card `demand` of a plan.

mod candidates;
mod demand;
mod do_nothing;
mod estimate;
mod expert;
mod fallback;
#[cfg(test)]
mod games;
mod greedy;
mod itinerary;
mod nice;
mod path;
mod payment;
mod plan;
pub(super) mod random;
mod random_card;
mod test_doubles;
#[cfg(test)]
mod test_support;
mod tickets;

use super::TicketToRide;
use crate::bot::BotEntry;

pub use candidates::{candidates, expert_move};

use super::Action;
use super::maps::Map;
use super::view::View;
use crate::bot::Bot;

/// A Ticket to Ride bot that decides from a map and its view, so a unit test can hand it a
/// small map built for one position while a game hands it the game's own. Each is a [`Bot`]
/// through the impl below.
trait OnMap: Send + 'static {
    fn decide(&mut self, map: &Map, view: &View) -> Action;
}

impl<B: OnMap> Bot<TicketToRide> for B {
    fn act(&mut self, game: &TicketToRide, view: &View) -> Action {
        self.decide(game.map(), view)
    }
}
pub use estimate::estimate;
pub use test_doubles::ILLEGAL_CLAIM;

/// Every Ticket to Ride bot, in the order `tourney list` shows them: the ladder from weakest to
/// strongest on usa (each beats the one before it; see `scenarios/t2r-ladder-*.toml`), then
/// the hidden test doubles.
pub const BOTS: &[BotEntry<TicketToRide>] = &[
    BotEntry::policy(
        "do-nothing",
        "Never claims: draws cards at random (the contest's DO_NOTHING); loses at once as cgs seat 0",
        do_nothing::decide,
    ),
    BotEntry::simple::<greedy::Greedy>(
        "greedy",
        "A weak baseline, below random on usa: claims the most points it can pay now, else draws toward the nearest route; tickets only break ties",
    ),
    BotEntry::simple::<random::Random>(
        "random",
        "Claims the longest routes one card kind pays, else draws at random (the contest's PLAY_RANDOM)",
    ),
    BotEntry::simple::<nice::Nice>(
        "nice",
        "Follows its tickets' shortest paths, shortest routes first (the contest's NICE_BOT)",
    ),
    BotEntry::new(
        "expert",
        "Expert system: plans one line of long routes through its tickets, hoards cards, then claims",
        |_, _, _, params| expert::with_defaults("expert", expert::EXPERT, params),
    )
    .tunable(|_| expert::EXPERT.params()),
    BotEntry::new(
        "expert-plus",
        "expert paying each route with the cards the rest of its plan needs least (payment=thrifty)",
        |_, _, _, params| expert::with_defaults("expert-plus", expert::PLUS, params),
    )
    .tunable(|_| expert::PLUS.params()),
    crate::search::entry(
        "Information-set MCTS over sampled hands, tickets and deck (see docs/guide/search-bots.md)",
    ),
    crate::bot::doubles::test_panic(),
    crate::bot::doubles::test_optimum(),
    crate::bot::doubles::test_illegal(
        "Test double: always claims with more locomotives than the route is long",
        test_doubles::decide,
    ),
];

/// The bot table row named `name`.
pub fn find(name: &str) -> Option<&'static BotEntry<TicketToRide>> {
    BOTS.iter().find(|entry| entry.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::table::test_bot;
    use crate::games::t2r::{Action, MapName, Phase, RuleSet};
    use crate::seed::{Stream, rng};

    fn game() -> TicketToRide {
        TicketToRide::new(MapName::Usa, RuleSet::Official, 500)
    }

    /// Bot `name` of the table for seat 0 with no parameters, built the same way for every
    /// test below.
    fn seat_0_bot(game: &TicketToRide, name: &str) -> Box<dyn crate::bot::Bot<TicketToRide>> {
        test_bot(name, game, 0, rng(1, 2, Stream::Seat(0)), &[])
    }

    #[test]
    fn table_lists_the_bots_then_hidden_doubles() {
        let names: Vec<_> = BOTS.iter().map(|b| (b.name, b.hidden)).collect();
        assert_eq!(
            names,
            [
                ("do-nothing", false),
                ("greedy", false),
                ("random", false),
                ("nice", false),
                ("expert", false),
                ("expert-plus", false),
                ("mcts", false),
                ("test-panic", true),
                ("test-optimum", true),
                ("test-illegal", true),
            ]
        );
        assert!(find("greedy").is_some() && find("gredy").is_none());
    }

    #[test]
    fn setup_choices() {
        let game = game();
        let mut v = test_support::view(game.map());
        v.phase = Phase::SetupTickets;
        v.min_keep = 2;
        v.offer = vec![3, 0, 7];
        for (name, keep) in [("do-nothing", 0b011), ("random", 0b111), ("nice", 0b111)] {
            let mut bot = seat_0_bot(&game, name);
            assert_eq!(bot.act(&game, &v), Action::KeepTickets(keep), "{name}");
        }
        v.phase = Phase::ChooseTickets;
        v.tickets = vec![1, 2];
        let mut bot = seat_0_bot(&game, "do-nothing");
        assert_eq!(bot.act(&game, &v), Action::KeepTickets(0b001));
    }

    #[test]
    fn test_illegal_claims_more_locomotives_than_any_route_is_long() {
        let game = game();
        let v = test_support::view(game.map());
        let mut bot = seat_0_bot(&game, "test-illegal");
        assert_eq!(bot.act(&game, &v), ILLEGAL_CLAIM);
        assert!(game.map().routes.iter().all(|r| r.length < 9));
    }

    #[test]
    #[should_panic(expected = "test-panic")]
    fn test_panic_panics() {
        let game = game();
        let v = test_support::view(game.map());
        let mut bot = seat_0_bot(&game, "test-panic");
        bot.act(&game, &v);
    }
}
