//! Fresh Fish on the replay page: the grid with producers, shops (lettered, in their owners'
//! colours), trees, markers and the roads the road rule laid; coins, markers left and the
//! phase per seat.

use super::FreshFish;
use super::action::BagCounts;
use super::board::Content;
use super::state::{Phase, State};
use crate::replay::Picture;
use serde_json::{Value, json};

/// A cell in a few characters: "" empty, "R" road, "T" tree, "M2" a marker of seat 2, "PA" the
/// producer of A, "SA2" the shop of A owned by seat 2.
fn cell(content: Content) -> String {
    match content {
        Content::Empty => String::new(),
        Content::Road => "R".to_string(),
        Content::Tree => "T".to_string(),
        Content::Marker(seat) => format!("M{seat}"),
        Content::Producer(kind) => format!("P{}", kind.letter()),
        Content::Shop(kind, seat) => format!("S{}{seat}", kind.letter()),
    }
}

impl Picture for FreshFish {
    fn scene(&self, _first: &State) -> Value {
        json!({})
    }

    fn frame(&self, state: &State) -> Value {
        let board = state.board();
        let cells: Vec<String> = (0..board.len()).map(|c| cell(board.get(c))).collect();
        let players: Vec<Value> = state
            .players()
            .iter()
            .map(|p| json!({ "coins": p.coins, "markers": p.supply }))
            .collect();
        let bag = BagCounts::of(&state.bag);
        json!({
            "cols": board.cols(),
            "cells": cells,
            "players": players,
            "seat": state.seat,
            "phase": super::notation::phase(state.phase, state.seat),
            "over": state.phase == Phase::Over,
            "bag": { "trees": bag.trees, "shops": bag.shops },
            "scores": state.outcome.as_ref().map(|o| o.scores.clone()),
        })
    }

    fn script(&self) -> &'static str {
        include_str!("picture.js")
    }
}
