//! Ticket to Ride on the wire (`docs/protocol.md`): the map once per game, the seat's view, and
//! actions as `{"kind": …}` objects. Hidden: which offered tickets an opponent kept (only how
//! many), as the rules file's §3.12 says.

use super::TicketToRide;
use super::action::{Action, Colour, Phase};
use super::view::{UNCLAIMED, View};
use crate::external::Wire;
use crate::external::wire::read::{int_field, str_field};
use crate::game::Seat;
use serde_json::{Map, Value, json};

/// Card colour names, by `Colour::index()`.
const COLOUR_NAMES: [&str; 9] = [
    "purple",
    "white",
    "blue",
    "yellow",
    "orange",
    "black",
    "red",
    "green",
    "locomotive",
];

pub(super) fn colour_name(colour: Colour) -> &'static str {
    COLOUR_NAMES[colour.index()]
}

/// A track colour: `gray` where the data says `Locomotive` (any one colour pays).
pub(super) fn track_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Locomotive => "gray",
        other => colour_name(other),
    }
}

fn parse_colour(name: &str) -> Result<Colour, String> {
    COLOUR_NAMES
        .iter()
        .position(|&n| n == name)
        .map(Colour::from_index)
        .ok_or_else(|| format!("unknown colour '{name}'"))
}

/// Per-colour counts as `{"purple": n, …}`.
fn counts(per_colour: &[u8; 9]) -> Value {
    let map: Map<String, Value> = COLOUR_NAMES
        .iter()
        .zip(per_colour)
        .map(|(name, &n)| ((*name).to_string(), Value::from(n)))
        .collect();
    Value::Object(map)
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::SetupTickets => "setup-tickets",
        Phase::TurnStart => "turn-start",
        Phase::SecondCard => "second-card",
        Phase::ChooseTickets => "choose-tickets",
    }
}

impl Wire for TicketToRide {
    fn wire_setup(&self) -> Value {
        let map = self.map();
        let routes: Vec<Value> = map
            .routes
            .iter()
            .map(|r| {
                json!({
                    "id": r.id,
                    "a": r.a,
                    "b": r.b,
                    "length": r.length,
                    "colours": r.colours.iter().map(|&c| track_name(c)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let tickets: Vec<Value> = map
            .tickets
            .iter()
            .map(|t| json!({"id": t.id, "from": t.from, "to": t.to, "points": t.points}))
            .collect();
        json!({
            "map": map.name.as_str(),
            "cities": map.cities,
            "routes": routes,
            "tickets": tickets,
            "trains_per_player": map.trains_per_player,
        })
    }

    fn wire_view(&self, view: &View) -> Value {
        let owners: Vec<Value> = view
            .owners
            .iter()
            .map(|&o| {
                if o == UNCLAIMED {
                    Value::Null
                } else {
                    Value::from(o)
                }
            })
            .collect();
        let face_up: Vec<Value> = view
            .face_up
            .iter()
            .map(|c| c.map_or(Value::Null, |c| Value::from(colour_name(c))))
            .collect();
        json!({
            "seat": view.seat,
            "phase": phase_name(view.phase),
            "turns_taken": view.turns_taken,
            "hand": counts(&view.hand),
            "tickets": view.tickets,
            "offer": view.offer,
            "min_keep": view.min_keep,
            "owners": owners,
            "face_up": face_up,
            "deck": view.deck_len,
            "discard": counts(&view.discard),
            "ticket_pile": view.ticket_pile_len,
            "trains": view.trains,
            "hand_sizes": view.hand_sizes,
            "tickets_held": view.tickets_held,
            "route_points": view.route_points,
            "opponent_known": counts(&view.opponent_known),
            "final_round": view.final_round,
            "first_card": view.first_card.map(colour_name),
        })
    }

    fn wire_action(&self, action: &Action) -> Value {
        match *action {
            Action::DrawBlind => json!({"kind": "draw-blind"}),
            Action::DrawSlot(slot) => json!({"kind": "draw-slot", "slot": slot}),
            Action::DrawColour(c) => json!({"kind": "draw-colour", "colour": colour_name(c)}),
            Action::Claim {
                route,
                colour,
                locomotives,
            } => json!({
                "kind": "claim",
                "route": route,
                "colour": colour_name(colour),
                "locomotives": locomotives,
            }),
            Action::DrawTickets => json!({"kind": "draw-tickets"}),
            Action::KeepTickets(mask) => {
                let keep: Vec<u8> = (0..8).filter(|bit| mask >> bit & 1 == 1).collect();
                json!({"kind": "keep-tickets", "keep": keep})
            }
            Action::Pass => json!({"kind": "pass"}),
        }
    }

    fn parse_action(&self, value: &Value) -> Result<Action, String> {
        Ok(match str_field(value, "kind")? {
            "draw-blind" => Action::DrawBlind,
            "draw-slot" => Action::DrawSlot(int_field(value, "slot")?),
            "draw-colour" => Action::DrawColour(parse_colour(str_field(value, "colour")?)?),
            "claim" => Action::Claim {
                route: int_field(value, "route")?,
                colour: parse_colour(str_field(value, "colour")?)?,
                locomotives: int_field(value, "locomotives")?,
            },
            "draw-tickets" => Action::DrawTickets,
            "keep-tickets" => {
                let positions = value
                    .get("keep")
                    .and_then(Value::as_array)
                    .ok_or("expected an array field 'keep' of offer positions")?;
                let mut mask = 0u8;
                for position in positions {
                    let bit = position
                        .as_u64()
                        .filter(|&p| p < 8)
                        .ok_or_else(|| format!("bad offer position {position}"))?;
                    if mask >> bit & 1 == 1 {
                        return Err(format!("offer position {bit} listed twice"));
                    }
                    mask |= 1 << bit;
                }
                Action::KeepTickets(mask)
            }
            "pass" => Action::Pass,
            other => return Err(format!("unknown kind '{other}'")),
        })
    }

    /// Everything is public except which tickets an opponent kept: it shows only how many.
    fn wire_observed(&self, seat: Seat, actor: Seat, action: &Action) -> Value {
        match *action {
            Action::KeepTickets(mask) if seat != actor => {
                json!({"kind": "keep-tickets", "count": mask.count_ones()})
            }
            _ => self.wire_action(action),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::t2r::{MapName, RuleSet};
    use crate::seed::{Stream, rng};

    fn game() -> TicketToRide {
        TicketToRide::new(MapName::Usa, RuleSet::Official, 500)
    }

    #[test]
    fn every_legal_action_survives_the_round_trip() {
        let game = game();
        let mut state = game.new_state(rng(5, 0, Stream::Chance));
        for _ in 0..200 {
            let crate::game::ToAct::Seat(seat) = game.to_act(&state) else {
                break;
            };
            let view = game.view(&state, seat);
            let legal = game.legal_actions(&view);
            for action in &legal {
                let text = game.wire_action(action).to_string();
                let back = game
                    .parse_action(&serde_json::from_str(&text).unwrap())
                    .unwrap();
                assert_eq!(&back, action, "{text}");
            }
            game.apply(&mut state, seat, legal[legal.len() / 2]);
        }
    }

    #[test]
    fn an_opponent_sees_how_many_tickets_were_kept_not_which() {
        let game = game();
        let keep = Action::KeepTickets(0b101);
        assert_eq!(
            game.wire_observed(0, 0, &keep),
            json!({"kind": "keep-tickets", "keep": [0, 2]})
        );
        assert_eq!(
            game.wire_observed(1, 0, &keep),
            json!({"kind": "keep-tickets", "count": 2})
        );
        let claim = Action::Claim {
            route: 3,
            colour: Colour::Red,
            locomotives: 1,
        };
        assert_eq!(game.wire_observed(1, 0, &claim), game.wire_action(&claim));
    }

    #[test]
    fn the_view_is_the_seats_own_and_the_setup_the_whole_map() {
        let game = game();
        let state = game.new_state(rng(5, 0, Stream::Chance));
        let view = game.view(&state, 1);
        let wire = game.wire_view(&view);
        assert_eq!(wire["seat"], 1);
        assert_eq!(wire["phase"], "setup-tickets");
        assert_eq!(wire["offer"].as_array().unwrap().len(), view.offer.len());
        let hand: u64 = wire["hand"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(hand, view.hand.iter().map(|&n| u64::from(n)).sum::<u64>());
        let setup = game.wire_setup();
        assert_eq!(
            setup["routes"].as_array().unwrap().len(),
            game.map().routes.len()
        );
        assert_eq!(
            setup["tickets"].as_array().unwrap().len(),
            game.map().tickets.len()
        );
    }

    #[test]
    fn malformed_answers_say_what_is_wrong() {
        let game = game();
        for (text, expected) in [
            (r#"{"kind":"fly"}"#, "unknown kind 'fly'"),
            (r#"{"kind":"draw-slot"}"#, "'slot'"),
            (r#"{"kind":"draw-slot","slot":999}"#, "'slot'"),
            (
                r#"{"kind":"draw-colour","colour":"pink"}"#,
                "unknown colour 'pink'",
            ),
            (r#"{"kind":"keep-tickets","keep":[0,0]}"#, "listed twice"),
            (r#"[1]"#, "'kind'"),
        ] {
            let err = game
                .parse_action(&serde_json::from_str(text).unwrap())
                .unwrap_err();
            assert!(err.contains(expected), "{text}: {err}");
        }
    }
}
