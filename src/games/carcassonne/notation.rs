//! Carcassonne turns and draws in words, for replays and fault messages: "tile V at (1, −2),
//! turned 180°, follower on the road". A follower names its segment by kind (§2.2); where the
//! tile has several of that kind, by the edges (N+E) or half-edges (Sw Ws) it covers once the
//! tile is turned, in the notation of §2.1.

use super::action::Action;
use super::chance_event::ChanceEvent;
use super::state::State;
use super::tiles::{Kind, TILES, rotate_edges, rotate_halves};
use crate::games::notation::{signed, turned};

/// `action` of the seat to act in `state`, placing the drawn tile, before it is played.
pub(super) fn describe(state: &State, action: &Action) -> String {
    let at = format!("({}, {})", signed(action.x), signed(action.y));
    let mut text = match state.current {
        Some(tile) => format!("tile {} at {at}", State::letter(tile)),
        None => format!("a tile at {at}"),
    };
    text += &turned(action.rot);
    if let Some(segment) = action.follower {
        text += ", follower on ";
        text += &segment_name(state.current, segment, action.rot);
    }
    text
}

/// "the road", or "the field (Sw Ws)" when the tile has more than one field.
fn segment_name(tile: Option<u8>, segment: u8, rot: u8) -> String {
    let seg = usize::from(segment);
    let Some(tile) = tile
        .map(|t| &TILES[usize::from(t)])
        .filter(|t| seg < t.segments())
    else {
        return format!("segment {segment}, which the tile does not have");
    };
    let (kind, count, place) = match tile.kind(seg) {
        Kind::City => {
            let edges = rotate_edges(tile.cities[seg].edges, rot);
            ("city", tile.cities.len(), edge_names(edges))
        }
        Kind::Road => {
            let edges = rotate_edges(tile.roads[seg - tile.cities.len()], rot);
            ("road", tile.roads.len(), edge_names(edges))
        }
        Kind::Monastery => ("monastery", 1, String::new()),
        Kind::Field => {
            let halves = rotate_halves(tile.fields[seg - tile.first_field()].halves, rot);
            ("field", tile.fields.len(), half_names(halves))
        }
    };
    match count {
        1 => format!("the {kind}"),
        _ => format!("the {kind} ({place})"),
    }
}

/// Edge bits as the rules write them: "N+E".
fn edge_names(mask: u8) -> String {
    bit_names(mask, &["N", "E", "S", "W"], "+")
}

/// Half-edge bits as the rules write them: "Sw Ws".
fn half_names(mask: u8) -> String {
    bit_names(mask, &["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"], " ")
}

/// The names of the bits set in `mask`, lowest bit first, joined by `separator`.
fn bit_names(mask: u8, names: &[&str], separator: &str) -> String {
    let set: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(bit, _)| mask >> bit & 1 == 1)
        .map(|(_, name)| *name)
        .collect();
    set.join(separator)
}

/// A tile out of the bag; the drawn tile is public (§9).
pub(super) fn event(event: &ChanceEvent) -> String {
    let ChanceEvent::Drew(letter) = event;
    format!("tile {letter} drawn")
}

/// A segment kind as a word, for the replay page's follower labels.
pub(super) fn kind(kind: Kind) -> &'static str {
    match kind {
        Kind::City => "city",
        Kind::Road => "road",
        Kind::Monastery => "monastery",
        Kind::Field => "field",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_name_the_tile_the_cell_the_turn_and_the_follower() {
        let state = State::with_order(2, "VLA");
        let say = |x, y, rot, follower| describe(&state, &Action::new(x, y, rot, follower));
        assert_eq!(
            say(1, -2, 2, Some(0)),
            "tile V at (1, −2), turned 180°, follower on the road"
        );
        assert_eq!(say(0, 1, 0, None), "tile V at (0, 1)");
        assert_eq!(
            say(-1, 0, 1, Some(1)),
            "tile V at (−1, 0), turned 90°, follower on the field (Nw Wn)"
        );
        assert_eq!(
            say(0, 1, 0, Some(2)),
            "tile V at (0, 1), follower on the field (Nw Ne En Es Se Wn)"
        );
        assert_eq!(
            say(0, 1, 0, Some(3)),
            "tile V at (0, 1), follower on segment 3, which the tile does not have"
        );
        assert_eq!(
            say(0, 1, 6, None),
            "tile V at (0, 1), turned 6 quarter turns"
        );
    }

    #[test]
    fn several_segments_of_a_kind_are_told_apart_by_their_edges() {
        let l = State::with_order(2, "L");
        let say = |rot, follower| describe(&l, &Action::new(0, -1, rot, Some(follower)));
        assert_eq!(say(0, 0), "tile L at (0, −1), follower on the city");
        assert_eq!(say(0, 2), "tile L at (0, −1), follower on the road (S)");
        assert_eq!(
            say(1, 3),
            "tile L at (0, −1), turned 90°, follower on the road (N)"
        );
        let a = State::with_order(2, "A");
        let monk = describe(&a, &Action::new(0, 1, 0, Some(1)));
        assert_eq!(monk, "tile A at (0, 1), follower on the monastery");
    }

    #[test]
    fn draws_name_the_tile() {
        assert_eq!(event(&ChanceEvent::Drew('V')), "tile V drawn");
    }
}
