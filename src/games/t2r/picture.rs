//! Ticket to Ride on the replay page: the map with each seat's claimed routes, and every seat's
//! hand, tickets (completed ones ticked) and trains; the face-up row and the piles.

use super::TicketToRide;
use super::places::city_positions;
use super::state::State;
use super::view::UNCLAIMED;
use crate::replay::Picture;
use serde_json::{Value, json};

impl Picture for TicketToRide {
    fn scene(&self, _first: &State) -> Value {
        let map = self.map();
        let places = city_positions(&map.cities);
        let cities: Vec<Value> = map
            .cities
            .iter()
            .zip(places)
            .map(|(name, (x, y))| json!({ "name": name, "x": x, "y": y }))
            .collect();
        let routes: Vec<Value> = map
            .routes
            .iter()
            .map(|r| {
                let colours: Vec<u8> = r.colours.iter().map(|c| c.code()).collect();
                json!({ "a": r.a, "b": r.b, "length": r.length, "colours": colours })
            })
            .collect();
        let tickets: Vec<Value> = map
            .tickets
            .iter()
            .map(|t| json!({ "id": t.id, "from": t.from, "to": t.to, "points": t.points }))
            .collect();
        json!({ "cities": cities, "routes": routes, "tickets": tickets })
    }

    fn frame(&self, state: &State) -> Value {
        let owners: Vec<i32> = state
            .owners
            .iter()
            .map(|&o| if o == UNCLAIMED { -1 } else { i32::from(o) })
            .collect();
        let players: Vec<Value> = state
            .players
            .iter()
            .map(|p| {
                json!({
                    "hand": p.hand,
                    "trains": p.trains,
                    "tickets": p.tickets,
                    "offer": p.offer(),
                    "route_points": p.route_points,
                })
            })
            .collect();
        let face_up: Vec<u8> = state
            .face_up
            .iter()
            .map(|c| c.map_or(0, |c| c.code()))
            .collect();
        json!({
            "owners": owners,
            "players": players,
            "face_up": face_up,
            "deck": state.deck.len(),
            "discard": state.discard.iter().map(|&n| u32::from(n)).sum::<u32>(),
            "ticket_pile": state.ticket_pile.len(),
            "to_act": state.seat,
            "phase": super::notation::phase(state.phase),
            "over": state.outcome.is_some(),
        })
    }

    fn script(&self) -> &'static str {
        include_str!("picture.js")
    }
}
