//! Fresh Fish decisions and draws in words, for replays and fault messages: "places a marker
//! on (3, 4)", "bids 2 coins", "builds shop B on (5, 0)", "drew a tree". Cells are (r, c), row
//! then column, as in §2.

use super::action::{Action, Tile};
use super::board::SIDE;
use super::chance_event::ChanceEvent;
use super::state::{Phase, State};

/// `action`, read against `state` before it is applied (a build's tree or shop is the
/// phase's).
pub(super) fn describe(state: &State, action: &Action) -> String {
    match *action {
        Action::PlaceMarker(at) => format!("places a marker on {}", cell(at)),
        Action::Draw => "draws a tile".to_string(),
        Action::Pass => "passes".to_string(),
        Action::Bid(1) => "bids 1 coin".to_string(),
        Action::Bid(coins) => format!("bids {coins} coins"),
        Action::Build(at) => match state.phase {
            Phase::BuildTree => format!("builds the tree on {}", cell(at)),
            Phase::BuildShop { kind, .. } => {
                format!("builds shop {} on {}", kind.letter(), cell(at))
            }
            _ => format!("builds on {}", cell(at)),
        },
    }
}

/// A cell number (row × 10 + column) as (r, c).
pub(super) fn cell(at: u8) -> String {
    let side = u8::try_from(SIDE).expect("a 10-cell side");
    format!("({}, {})", at / side, at % side)
}

/// What chance put on the board or out of the bag; every draw is shown to all (§4).
pub(super) fn event(event: &ChanceEvent) -> String {
    match *event {
        ChanceEvent::Producer { kind, cell: at } => {
            format!("producer {} on {}", kind.letter(), cell(at))
        }
        ChanceEvent::Drew(Tile::Tree) => "drew a tree".to_string(),
        ChanceEvent::Drew(Tile::Shop(kind)) => format!("drew shop {}", kind.letter()),
    }
}

/// Whose decision it is and of what kind, for the replay page and fault messages; `seat` is
/// the seat whose turn it is.
pub(super) fn phase(phase: Phase, seat: u8) -> String {
    match phase {
        Phase::Turn => format!("seat {seat} to play"),
        Phase::BuildTree => format!("seat {seat} builds the tree it drew"),
        Phase::Auction(kind) => format!("shop {} is auctioned", kind.letter()),
        Phase::BuildShop { kind, winner } => {
            format!("seat {winner} builds shop {} it won", kind.letter())
        }
        Phase::Over => "the game is over".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fresh_fish::board::Kind;
    use crate::games::fresh_fish::tests::new_game;

    #[test]
    fn decisions_name_cells_row_first_and_what_is_built() {
        let (_, mut state) = new_game(3, 1);
        let say = |state: &State, action| describe(state, &action);
        assert_eq!(
            say(&state, Action::PlaceMarker(34)),
            "places a marker on (3, 4)"
        );
        assert_eq!(
            say(&state, Action::PlaceMarker(200)),
            "places a marker on (20, 0)"
        );
        assert_eq!(say(&state, Action::Draw), "draws a tile");
        assert_eq!(say(&state, Action::Pass), "passes");
        assert_eq!(say(&state, Action::Bid(1)), "bids 1 coin");
        assert_eq!(say(&state, Action::Bid(0)), "bids 0 coins");
        assert_eq!(say(&state, Action::Build(7)), "builds on (0, 7)");
        state.phase = Phase::BuildTree;
        assert_eq!(say(&state, Action::Build(7)), "builds the tree on (0, 7)");
        state.phase = Phase::BuildShop {
            kind: Kind::B,
            winner: 2,
        };
        assert_eq!(say(&state, Action::Build(50)), "builds shop B on (5, 0)");
    }

    #[test]
    fn draws_and_phases_in_words() {
        let producer = ChanceEvent::Producer {
            kind: Kind::C,
            cell: 99,
        };
        assert_eq!(event(&producer), "producer C on (9, 9)");
        assert_eq!(event(&ChanceEvent::Drew(Tile::Tree)), "drew a tree");
        assert_eq!(
            event(&ChanceEvent::Drew(Tile::Shop(Kind::E))),
            "drew shop E"
        );
        assert_eq!(phase(Phase::Turn, 1), "seat 1 to play");
        assert_eq!(phase(Phase::Auction(Kind::A), 0), "shop A is auctioned");
        let build = Phase::BuildShop {
            kind: Kind::D,
            winner: 2,
        };
        assert_eq!(phase(build, 0), "seat 2 builds shop D it won");
    }
}
