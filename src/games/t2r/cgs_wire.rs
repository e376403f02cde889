//! Ticket to Ride on the contest server's wire (`docs/contest-protocol.md` §5 and §7.1):
//! the game data, the move texts `1 c1 c2 colour locos`, `2`, `3 colour`, `4`, `5 k1 k2 k3`,
//! and the answers the client library parses. Always under the `cgs` rule set, which is the
//! contest server's game (rules §4).

use super::action::{Action, Colour, Phase};
use super::state::State;
use super::{RuleSet, TicketToRide};
use crate::game::{Game, Seat};
use crate::games::GameConfig;
use crate::games::contest::{CgsWire, Exchange};
use crate::outcome::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The contest's map names (case-sensitive) and ours.
const MAPS: [(&str, &str); 3] = [("USA", "usa"), ("small", "small"), ("Europe", "europe")];

impl CgsWire for TicketToRide {
    const TRAINING_BOTS: &'static [(&'static str, &'static str)] = &[
        ("DO_NOTHING", "do-nothing"),
        ("PLAY_RANDOM", "random"),
        ("NICE_BOT", "nice"),
    ];

    fn training_config(options: &BTreeMap<String, String>) -> Result<GameConfig, String> {
        let map = match options.get("map") {
            None => "usa",
            Some(name) => MAPS.iter().find(|(cgs, _)| cgs == name).map(|m| m.1).ok_or_else(|| {
                format!(
                    "The option `map` is incorrect ({name} instead of being in [['USA', 'small', 'Europe']])"
                )
            })?,
        };
        Ok(GameConfig {
            rules: Some(RuleSet::Cgs.as_str().to_string()),
            options: BTreeMap::from([("map".to_string(), map.to_string())]),
            seats: None,
        })
    }

    fn size_text(&self, _: &State) -> String {
        format!("{} {}", self.map().cities.len(), self.map().routes.len())
    }

    /// City names one per line (spaces as `_`), one line per route `c1 c2 length colour1
    /// colour2` (`0` for a single track, `9` for gray), then after a space the 5 face-up codes
    /// and the seat's 4 cards sorted by code (§5).
    fn game_data(&self, start: &State, seat: Seat) -> String {
        let map = self.map();
        let mut lines: Vec<String> = map.cities.iter().map(|c| c.replace(' ', "_")).collect();
        lines.extend(map.routes.iter().map(|r| {
            let second = r.colours.get(1).map_or(0, |c| c.code());
            format!(
                "{} {} {} {} {second}",
                r.a,
                r.b,
                r.length,
                r.colours[0].code()
            )
        }));
        format!(
            "{} {} {}",
            lines.join("\n"),
            face_up_codes(start),
            hand_codes(&start.hand(seat)).join(" ")
        )
    }

    fn parse_move(&self, _: &State, _: Seat, text: &str) -> Result<Action, String> {
        let numbers: Option<Vec<u32>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
        let form = || format!("The move '{text}' is not in correct form !");
        let colour = |code: u32| {
            (1..=9)
                .contains(&code)
                .then(|| Colour::from_index(code as usize - 1))
                .ok_or_else(|| format!("{code} is not a colour !"))
        };
        match numbers.ok_or_else(form)?.as_slice() {
            &[1, c1, c2, code, locomotives] => {
                let (a, b) = (c1.min(c2), c1.max(c2));
                let route = self
                    .map()
                    .routes
                    .iter()
                    .find(|r| u32::from(r.a) == a && u32::from(r.b) == b)
                    .ok_or_else(|| format!("There is no route between cities {c1} and {c2} !"))?;
                Ok(Action::Claim {
                    route: route.id,
                    colour: colour(code)?,
                    locomotives: u8::try_from(locomotives).map_err(|_| form())?,
                })
            }
            [2] => Ok(Action::DrawBlind),
            &[3, code] => Ok(Action::DrawColour(colour(code)?)),
            [4] => Ok(Action::DrawTickets),
            &[5, k1, k2, k3] if [k1, k2, k3].iter().all(|&k| k <= 1) => {
                Ok(Action::KeepTickets((k1 | k2 << 1 | k3 << 2) as u8))
            }
            _ => Err(form()),
        }
    }

    fn illegal_reason(&self, state: &State, seat: Seat, action: &Action) -> String {
        let first_turn = state.turns_taken()[0] == 0 && state.phase() == Phase::TurnStart;
        if seat == 0 && first_turn && *action != Action::DrawTickets {
            return "The 1st move MUST be a `draw objective` move!".to_string();
        }
        match (state.phase(), action) {
            (Phase::ChooseTickets, Action::KeepTickets(_)) => {
                "You must keep at least one objective (two if you hold none) !".to_string()
            }
            (Phase::ChooseTickets, _) => "You must choose your objectives now !".to_string(),
            (_, Action::Claim { .. }) => {
                "You cannot claim this route with these cards !".to_string()
            }
            (_, Action::DrawColour(c)) => {
                format!(
                    "You cannot take the face-up card of colour {} now !",
                    c.code()
                )
            }
            _ => "This move is not allowed now !".to_string(),
        }
    }

    fn exchange(&self, before: &State, after: &State, mover: Seat, action: &Action) -> Exchange {
        let replay = u8::from(
            self.to_act(after) == crate::game::ToAct::Seat(mover)
                && after.phase() == Phase::SecondCard,
        );
        let (answer, move_text, message) = match *action {
            Action::Claim {
                route,
                colour,
                locomotives,
            } => {
                let r = &self.map().routes[usize::from(route)];
                let text = format!("1 {} {} {} {locomotives}", r.a, r.b, colour.code());
                (String::new(), text, String::new())
            }
            Action::DrawBlind => {
                let card = drawn(&before.hand(mover), &after.hand(mover));
                (card.to_string(), "2".to_string(), format!("{replay} "))
            }
            Action::DrawColour(colour) => {
                let row = face_up_codes(after);
                let message = format!("{replay} {} {row}", colour.code());
                (row, format!("3 {}", colour.code()), message)
            }
            Action::DrawSlot(slot) => {
                let code = before.face_up()[usize::from(slot)].map_or(0, |c| c.code());
                let row = face_up_codes(after);
                (
                    row.clone(),
                    format!("3 {code}"),
                    format!("{replay} {code} {row}"),
                )
            }
            Action::DrawTickets => {
                let view = self.view(after, mover);
                let offer: Vec<String> = view
                    .offer
                    .iter()
                    .map(|&id| {
                        let t = &self.map().tickets[usize::from(id)];
                        format!("{} {} {}", t.from, t.to, t.points)
                    })
                    .collect();
                (offer.join(" "), "4".to_string(), String::new())
            }
            Action::KeepTickets(mask) => {
                let flags: Vec<String> = (0..3).map(|bit| (mask >> bit & 1).to_string()).collect();
                let kept = mask.count_ones().to_string();
                (kept.clone(), format!("5 {}", flags.join(" ")), kept)
            }
            // Never under `cgs`, where the face-up row is always full (rules §4.6).
            Action::Pass => (String::new(), String::new(), String::new()),
        };
        Exchange {
            answer,
            move_text,
            message,
        }
    }

    /// Starts with a newline as the contest's end text does, and stays one line of scores
    /// rather than its score sheet, which could overflow the client's 1024-byte buffers.
    fn end_reason(&self, end: &State, outcome: &Outcome) -> String {
        format!(
            "\nGame over ({}). Total score: player #0 {} ({} tickets), player #1 {} ({} tickets)",
            outcome.termination,
            outcome.scores[0],
            end.tickets(0).len(),
            outcome.scores[1],
            end.tickets(1).len()
        )
    }

    fn display(&self, state: &State, seat: Seat) -> String {
        let map = self.map();
        let mut text = String::new();
        let _ = writeln!(
            text,
            "Ticket to Ride ({} map), you are player #{seat}",
            map.name.as_str()
        );
        let _ = writeln!(text, "Face-up cards: {}", face_up_codes(state));
        let _ = writeln!(
            text,
            "Your cards: {}",
            hand_codes(&state.hand(seat)).join(" ")
        );
        for player in 0..2 {
            let routes: Vec<String> = map
                .routes
                .iter()
                .filter(|r| usize::from(state.owners()[usize::from(r.id)]) == player)
                .map(|r| {
                    format!(
                        "{}-{}",
                        map.cities[usize::from(r.a)],
                        map.cities[usize::from(r.b)]
                    )
                })
                .collect();
            let _ = writeln!(
                text,
                "Player #{player}: {} trains, {} points of routes, {} tickets; routes: {}",
                state.trains(player),
                state.route_points(player),
                state.tickets(player).len(),
                routes.join(", ")
            );
        }
        let _ = writeln!(
            text,
            "Deck: {} cards, tickets left: {}",
            state.deck_len(),
            state.ticket_pile().count()
        );
        text
    }
}

/// The five face-up codes in slot order, `0` for an empty slot.
fn face_up_codes(state: &State) -> String {
    let codes: Vec<String> = state
        .face_up()
        .iter()
        .map(|c| c.map_or(0, Colour::code).to_string())
        .collect();
    codes.join(" ")
}

/// A hand as card codes sorted by colour code, one per card.
fn hand_codes(hand: &[u8; 9]) -> Vec<String> {
    Colour::ALL
        .iter()
        .flat_map(|c| std::iter::repeat_n(c.code().to_string(), usize::from(hand[c.index()])))
        .collect()
}

/// The code of the one card `after` holds more of than `before`, `0` if none (the draw ended
/// the game).
fn drawn(before: &[u8; 9], after: &[u8; 9]) -> u8 {
    Colour::ALL
        .iter()
        .find(|c| after[c.index()] > before[c.index()])
        .map_or(0, |c| c.code())
}

#[cfg(test)]
mod tests;
