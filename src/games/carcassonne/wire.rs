//! Carcassonne on the wire (`docs/protocol.md`): the 24 tile types once per game, then the
//! public board (only the bag's order is hidden, §9). A follower is named by the tile it stands
//! on and its segment index in the tile type's table order (cities, roads, monastery, fields),
//! which rotation does not change. Edge masks: N=1, E=2, S=4, W=8; half-edge masks number the
//! eight half-edges clockwise from the west half of the north edge (bit 0).

use super::Carcassonne;
use super::action::Action;
use super::board::Board;
use super::tiles::{Edge, TILES};
use super::view::View;
use crate::external::Wire;
use crate::external::wire::read::{int_field, opt_int_field};
use serde_json::{Value, json};

fn edge_name(edge: Edge) -> &'static str {
    match edge {
        Edge::City => "city",
        Edge::Road => "road",
        Edge::Field => "field",
    }
}

/// Followers as (x, y, segment, seat): a follower's node is `base + segment` of its tile.
fn followers(board: &Board) -> Vec<Value> {
    board
        .meeples
        .iter()
        .map(|m| {
            let placed = board
                .placed
                .iter()
                .rev()
                .find(|p| p.base <= m.node)
                .expect("every follower stands on a placed tile");
            json!({
                "x": placed.x,
                "y": placed.y,
                "segment": m.node - placed.base,
                "seat": m.seat,
            })
        })
        .collect()
}

impl Wire for Carcassonne {
    fn wire_setup(&self) -> Value {
        let tiles: Vec<Value> = TILES
            .iter()
            .enumerate()
            .map(|(id, t)| {
                let mut segments: Vec<Value> = Vec::new();
                segments.extend(
                    t.cities
                        .iter()
                        .map(|c| json!({"kind": "city", "edges": c.edges, "shield": c.shield})),
                );
                segments.extend(t.roads.iter().map(|&r| json!({"kind": "road", "edges": r})));
                if t.monastery {
                    segments.push(json!({"kind": "monastery"}));
                }
                segments.extend(
                    t.fields
                        .iter()
                        .map(|f| json!({"kind": "field", "halves": f.halves, "cities": f.cities})),
                );
                json!({
                    "id": id,
                    "name": t.name.to_string(),
                    "count": t.count,
                    "edges": t.edges.map(edge_name),
                    "segments": segments,
                })
            })
            .collect();
        json!({"tiles": tiles})
    }

    fn wire_view(&self, view: &View) -> Value {
        let board = &view.board;
        let placed: Vec<Value> = board
            .placed
            .iter()
            .map(|p| json!({"tile": p.tile, "x": p.x, "y": p.y, "rot": p.rot}))
            .collect();
        json!({
            "seat": view.seat,
            "to_act": view.to_act,
            "tile": view.tile,
            "placed": placed,
            "followers": followers(board),
            "supply": board.supply,
            "scores": board.scores,
            "remaining": view.remaining,
            "discards": view.discards,
        })
    }

    fn wire_action(&self, action: &Action) -> Value {
        json!({"x": action.x, "y": action.y, "rot": action.rot, "follower": action.follower})
    }

    fn parse_action(&self, value: &Value) -> Result<Action, String> {
        Ok(Action::new(
            int_field(value, "x")?,
            int_field(value, "y")?,
            int_field(value, "rot")?,
            opt_int_field(value, "follower")?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, ToAct};
    use crate::seed::{Stream, rng};

    #[test]
    fn actions_round_trip_and_followers_are_found_where_they_were_placed() {
        let game = Carcassonne::new(2);
        let mut state = game.new_state(rng(9, 0, Stream::Chance));
        let mut placed_followers = Vec::new();
        for _ in 0..30 {
            let ToAct::Seat(seat) = game.to_act(&state) else {
                break;
            };
            let view = game.view(&state, seat);
            let legal = game.legal_actions(&view);
            for action in &legal {
                assert_eq!(
                    &game.parse_action(&game.wire_action(action)).unwrap(),
                    action
                );
            }
            // Prefer a placement with a follower, to check where it shows up.
            let action = *legal
                .iter()
                .rev()
                .find(|a| a.follower.is_some())
                .unwrap_or(&legal[0]);
            if let Some(segment) = action.follower {
                placed_followers.push((action.x, action.y, segment, seat));
            }
            game.apply(&mut state, seat, action);
        }
        let view = game.view(&state, 0);
        let wire = game.wire_view(&view);
        let shown: Vec<(i32, i32, u8, usize)> = wire["followers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["x"].as_i64().unwrap() as i32,
                    f["y"].as_i64().unwrap() as i32,
                    f["segment"].as_u64().unwrap() as u8,
                    f["seat"].as_u64().unwrap() as usize,
                )
            })
            .collect();
        assert!(!placed_followers.is_empty());
        for follower in &shown {
            assert!(placed_followers.contains(follower), "{follower:?}");
        }
        assert_eq!(game.wire_setup()["tiles"].as_array().unwrap().len(), 24);
    }
}
