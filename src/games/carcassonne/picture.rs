//! Carcassonne on the replay page: every placed tile (cities, roads, monasteries, shields) with
//! its followers in their owners' colours, the tile to place, the scores and followers left.

use super::Carcassonne;
use super::state::State;
use super::tiles::{Kind, TILES};
use crate::replay::Picture;
use serde_json::{Value, json};

/// Where a follower on a segment is drawn, on a unit tile in its printed orientation: near the
/// first edge (or half-edge, for fields) the segment touches.
fn anchor(tile: u8, segment: usize) -> (f64, f64) {
    const EDGES: [(f64, f64); 4] = [(0.5, 0.2), (0.8, 0.5), (0.5, 0.8), (0.2, 0.5)];
    const HALVES: [(f64, f64); 8] = [
        (0.25, 0.1),
        (0.75, 0.1),
        (0.9, 0.25),
        (0.9, 0.75),
        (0.75, 0.9),
        (0.25, 0.9),
        (0.1, 0.75),
        (0.1, 0.25),
    ];
    let t = &TILES[usize::from(tile)];
    let first = |mask: u8| mask.trailing_zeros() as usize;
    match t.kind(segment) {
        Kind::City => EDGES[first(t.cities[segment].edges)],
        Kind::Road => {
            let (x, y) = EDGES[first(t.roads[segment - t.cities.len()])];
            (0.5 + (x - 0.5) * 0.6, 0.5 + (y - 0.5) * 0.6)
        }
        Kind::Monastery => (0.5, 0.5),
        Kind::Field => HALVES[first(t.fields[segment - t.first_field()].halves)],
    }
}

/// `point` turned `rot` quarter turns clockwise about the tile's centre (y grows southwards).
fn rotate((mut x, mut y): (f64, f64), rot: u8) -> (f64, f64) {
    for _ in 0..rot % 4 {
        (x, y) = (1.0 - y, x);
    }
    (x, y)
}

impl Picture for Carcassonne {
    fn scene(&self, _first: &State) -> Value {
        let types: Vec<Value> = TILES
            .iter()
            .map(|t| {
                let cities: Vec<Value> = t
                    .cities
                    .iter()
                    .map(|c| json!({ "edges": c.edges, "shield": c.shield }))
                    .collect();
                json!({
                    "name": t.name.to_string(),
                    "cities": cities,
                    "roads": t.roads,
                    "monastery": t.monastery,
                })
            })
            .collect();
        json!({ "types": types })
    }

    fn frame(&self, state: &State) -> Value {
        let board = state.board();
        let placed: Vec<Value> = board
            .placed
            .iter()
            .map(|p| json!({ "tile": p.tile, "x": p.x, "y": p.y, "rot": p.rot }))
            .collect();
        let followers: Vec<Value> = board
            .meeples
            .iter()
            .filter_map(|m| {
                let p = board.placed.iter().find(|p| {
                    let segments = TILES[usize::from(p.tile)].segments();
                    (p.base..p.base + segments as u16).contains(&m.node)
                })?;
                let segment = usize::from(m.node - p.base);
                let (u, v) = rotate(anchor(p.tile, segment), p.rot);
                let kind = super::notation::kind(TILES[usize::from(p.tile)].kind(segment));
                Some(json!({ "x": f64::from(p.x) + u, "y": f64::from(p.y) + v, "seat": m.seat, "kind": kind }))
            })
            .collect();
        let scores = match &state.outcome {
            Some(outcome) => outcome.scores.clone(),
            None => board.scores.clone(),
        };
        json!({
            "placed": placed,
            "followers": followers,
            "current": state.current().map(State::letter).map(String::from),
            "bag": state.bag_len(),
            "discards": state.discards().iter().map(|&t| State::letter(t)).collect::<String>(),
            "scores": scores,
            "supply": board.supply,
            "to_act": state.seat(),
            "over": state.outcome.is_some(),
        })
    }

    fn script(&self) -> &'static str {
        include_str!("picture.js")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_takes_north_to_east_and_four_come_back() {
        let north = (0.5, 0.2);
        let east = rotate(north, 1);
        assert!((east.0 - 0.8).abs() < 1e-12 && (east.1 - 0.5).abs() < 1e-12);
        let back = rotate(north, 4);
        assert!((back.0 - 0.5).abs() < 1e-12 && (back.1 - 0.2).abs() < 1e-12);
    }

    #[test]
    fn followers_sit_on_their_segment_side() {
        // D: city north, road east-west, fields north strip and south.
        let d = 3;
        assert_eq!(anchor(d, 0), (0.5, 0.2));
        assert!(
            anchor(d, 1).1 == 0.5,
            "the road runs east-west through the middle"
        );
        assert!(anchor(d, 3).1 > 0.5, "the second field is the southern one");
    }
}
