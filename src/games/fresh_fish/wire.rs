//! Fresh Fish on the wire (`docs/protocol.md`): everything but the bag's order and the sealed
//! bids of an open auction is public (§9). Cells are numbered row × 10 + column and shown as
//! `empty`, `road`, `tree`, `marker:SEAT`, `producer:KIND` or `shop:KIND:SEAT`. A bid is told to
//! the other seats only after every bidder has decided, when the rules reveal it anyway.

use super::FreshFish;
use super::action::Action;
use super::board::{Content, Kind};
use super::state::{Phase, Received};
use super::view::View;
use crate::external::Wire;
use crate::external::wire::read::{int_field, str_field};
use serde_json::{Value, json};

fn kind(kind: Kind) -> String {
    kind.letter().to_string()
}

fn cell(content: Content) -> String {
    match content {
        Content::Empty => "empty".to_string(),
        Content::Road => "road".to_string(),
        Content::Tree => "tree".to_string(),
        Content::Marker(seat) => format!("marker:{seat}"),
        Content::Producer(k) => format!("producer:{}", k.letter()),
        Content::Shop(k, seat) => format!("shop:{}:{seat}", k.letter()),
    }
}

fn phase(phase: Phase) -> Value {
    match phase {
        Phase::Turn => json!({"name": "turn"}),
        Phase::BuildTree => json!({"name": "build-tree"}),
        Phase::Auction(k) => json!({"name": "auction", "kind": kind(k)}),
        Phase::BuildShop { kind: k, winner } => {
            json!({"name": "build-shop", "kind": kind(k), "winner": winner})
        }
        Phase::Over => json!({"name": "over"}),
    }
}

impl Wire for FreshFish {
    fn wire_setup(&self) -> Value {
        json!({"shop_kinds": Kind::ALL.map(kind)})
    }

    fn wire_view(&self, view: &View) -> Value {
        let seats = view.seats;
        let players: Vec<Value> = view.players[..seats]
            .iter()
            .map(|p| {
                let received: Vec<Value> = p
                    .received
                    .iter()
                    .map(|r| match r {
                        Received::No => Value::Null,
                        Received::Shop(cell) => json!({"shop": cell}),
                        Received::Eliminated => json!("eliminated"),
                    })
                    .collect();
                json!({
                    "coins": p.coins,
                    "supply": p.supply,
                    "placed_first": p.placed_first,
                    "received": received,
                })
            })
            .collect();
        let last_auction = view.last_auction.map(|a| {
            json!({
                "kind": kind(a.kind),
                "drawer": a.drawer,
                "bids": &a.bids[..seats],
                "winner": a.winner,
            })
        });
        json!({
            "seat": view.seat,
            "seats": seats,
            "rows": view.board.rows(),
            "cols": view.board.cols(),
            "cells": view.board.cells().iter().map(|&c| cell(c)).collect::<Vec<_>>(),
            "players": players,
            "phase": phase(view.phase),
            "turn_seat": view.turn_seat,
            "bidders": (0..seats).filter(|s| view.bidders >> s & 1 == 1).collect::<Vec<_>>(),
            "bag": {"trees": view.bag.trees, "shops": view.bag.shops},
            "last_auction": last_auction,
            "turns": view.turns,
            "passes": view.passes,
            "unowned_eliminated": view.unowned_eliminated,
        })
    }

    fn wire_action(&self, action: &Action) -> Value {
        match *action {
            Action::PlaceMarker(cell) => json!({"kind": "place-marker", "cell": cell}),
            Action::Draw => json!({"kind": "draw"}),
            Action::Pass => json!({"kind": "pass"}),
            Action::Bid(coins) => json!({"kind": "bid", "coins": coins}),
            Action::Build(cell) => json!({"kind": "build", "cell": cell}),
        }
    }

    fn parse_action(&self, value: &Value) -> Result<Action, String> {
        Ok(match str_field(value, "kind")? {
            "place-marker" => Action::PlaceMarker(int_field(value, "cell")?),
            "draw" => Action::Draw,
            "pass" => Action::Pass,
            "bid" => Action::Bid(int_field(value, "coins")?),
            "build" => Action::Build(int_field(value, "cell")?),
            other => return Err(format!("unknown kind '{other}'")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, ToAct};
    use crate::seed::{Stream, rng};

    #[test]
    fn actions_round_trip_and_the_board_reads_back() {
        let game = FreshFish::new(3, 20, 500);
        let mut state = game.new_state(rng(4, 0, Stream::Chance));
        for _ in 0..300 {
            let seat = match game.to_act(&state) {
                ToAct::Seat(seat) => seat,
                ToAct::Simultaneous(seats) => seats[0],
                ToAct::Over => break,
            };
            let view = game.view(&state, seat);
            let wire = game.wire_view(&view);
            let cells = wire["cells"].as_array().unwrap();
            assert_eq!(cells.len(), view.board.len());
            for (i, c) in cells.iter().enumerate() {
                assert_eq!(c.as_str().unwrap(), cell(view.board.get(i)));
            }
            let legal = game.legal_actions(&view);
            for action in &legal {
                assert_eq!(
                    &game.parse_action(&game.wire_action(action)).unwrap(),
                    action
                );
            }
            if matches!(game.to_act(&state), ToAct::Simultaneous(_)) {
                // Sealed bids go through the runner; this walk stops at the first auction.
                break;
            }
            game.apply(&mut state, seat, legal[0]);
        }
    }
}
