//! The Labyrinth bots of rules §9, one file each, and the table that names them. The steps
//! several bots share ("random insertion", "simulate and target", "nearest reachable cell",
//! the distance value) are in `steps.rs`.

mod basic;
mod dont_move;
mod greedy;
mod minimax;
mod random;
pub mod steps;
mod test_doubles;

use super::Labyrinth;
use crate::bot::BotEntry;

pub use test_doubles::ILLEGAL_INSERTION;

/// Every Labyrinth bot, in the order `tourney list` shows them (weakest first).
pub const BOTS: &[BotEntry<Labyrinth>] = &[
    BotEntry::policy(
        "dont-move",
        "Random insertion, never moves (the contest's DONTMOVE)",
        dont_move::decide,
    ),
    BotEntry::policy(
        "random",
        "Random insertion, then onto its target or as near as it can (RANDOM)",
        random::decide,
    ),
    BotEntry::policy(
        "basic",
        "First shuffled insertion that reaches its target, else the nearest cell (BASIC)",
        basic::decide,
    ),
    BotEntry::policy(
        "greedy",
        "One ply: the insertion leaving its target nearest, ties to the opponent's cost",
        greedy::decide,
    ),
    BotEntry::new(
        "minimax",
        "Alpha-beta over whole turns, iterative deepening under a fixed node budget",
        minimax::make,
    )
    .tunable(minimax::params),
    crate::search::entry(
        "Monte Carlo tree search, all information public (parameters: docs/guide/search-bots.md)",
    ),
    crate::bot::doubles::test_panic(),
    crate::bot::doubles::test_optimum(),
    crate::bot::doubles::test_illegal(
        "Test double: always inserts at an even index",
        test_doubles::decide,
    ),
];

/// The bot table row named `name`.
pub fn find(name: &str) -> Option<&'static BotEntry<Labyrinth>> {
    BOTS.iter().find(|entry| entry.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Params;
    use crate::game::Game;
    use crate::games::labyrinth::{Board, Position, RuleSet, State, View};
    use crate::seed::{Rng, Stream, rng};

    fn game() -> Labyrinth {
        Labyrinth::new(RuleSet::Cgs, Some((7, 7)), 500)
    }

    fn seat_rng() -> Rng {
        rng(1, 2, Stream::Seat(0))
    }

    fn view() -> View {
        let state = State {
            position: Position::new(Board::empty(7, 7)),
            ended: None,
        };
        game().view(&state, 0)
    }

    /// Why `minimax` refuses `name = value`, or `None` when it takes it.
    fn minimax_refuses(name: &str, value: &str) -> Option<String> {
        let mut params = Params::default();
        params.0.insert(name.into(), value.into());
        let minimax = find("minimax").expect("listed");
        minimax.make(&game(), 0, seat_rng(), &params).err()
    }

    #[test]
    fn minimax_takes_a_positive_node_budget_only() {
        assert!(minimax_refuses("nodes", "500").is_none());
        assert!(minimax_refuses("nodes", "0").is_some_and(|e| e.contains("nodes")));
        assert!(minimax_refuses("nodes", "many").is_some());
    }

    #[test]
    fn minimax_takes_an_item_weight_within_its_bounds() {
        assert!(minimax_refuses("item-weight", "10").is_none());
        assert!(minimax_refuses("item-weight", "12.5").is_none());
        for refused in ["0", "101", "heavy"] {
            let why = minimax_refuses("item-weight", refused);
            assert!(why.is_some_and(|e| e.contains("item-weight")), "{refused}");
        }
    }

    #[test]
    fn minimax_collects_a_reachable_target_at_once() {
        let mut board = Board::empty(7, 7);
        board.set_tile(3, 4, crate::games::labyrinth::Tile { walls: 0, item: 1 });
        let state = State {
            position: Position::new(board),
            ended: None,
        };
        let mut bot = find("minimax")
            .expect("listed")
            .make(&game(), 0, seat_rng(), &Params::default())
            .expect("no params");
        let action = bot.act(&game(), &game().view(&state, 0));
        let mut after = state.position;
        after.play(&action);
        assert_eq!(after.collected, [1, 0], "{action:?}");
    }

    #[test]
    fn test_illegal_inserts_at_an_even_index() {
        let mut bot = find("test-illegal")
            .expect("listed")
            .make(&game(), 0, seat_rng(), &Params::default())
            .expect("no params");
        assert_eq!(bot.act(&game(), &view()), ILLEGAL_INSERTION);
        assert!(find("nobody").is_none());
    }

    #[test]
    #[should_panic(expected = "test-panic")]
    fn test_panic_panics() {
        let mut bot = find("test-panic")
            .expect("listed")
            .make(&game(), 0, seat_rng(), &Params::default())
            .expect("no params");
        bot.act(&game(), &view());
    }
}
