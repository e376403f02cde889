//! What the contest server's protocol needs from a game: its data, move and answer strings
//! (§5, §7 of `docs/contest-protocol.md`). Each game that speaks it implements
//! [`CgsWire`] in its own folder; this module never names a game. The server that speaks the
//! protocol is `crate::serve`.

use super::{GameConfig, Registered};
use crate::game::Seat;
use crate::outcome::Outcome;
use std::collections::BTreeMap;

/// The three texts one applied move produces (§7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The mover's `PLAY_MOVE` answer.
    pub answer: String,
    /// The move in canonical text, for the opponent's `GET_MOVE`.
    pub move_text: String,
    /// The message for the opponent's `GET_MOVE`.
    pub message: String,
}

/// A game the contest server's clients can play.
pub trait CgsWire: Registered {
    /// The contest's training-bot names (case-sensitive) and the built-in bots they mean.
    const TRAINING_BOTS: &'static [(&'static str, &'static str)];

    /// The configuration for a `TRAINING` request's game options (`map`, `mini`…), under the
    /// rule set that reproduces the contest server. `Err` is the server's reason text.
    fn training_config(options: &BTreeMap<String, String>) -> Result<GameConfig, String>;

    /// The size string that ends the `WAIT_GAME` reply.
    fn size_text(&self, start: &Self::State) -> String;

    /// The `GET_GAME_DATA` payload for `seat` (under 4096 bytes).
    fn game_data(&self, start: &Self::State, seat: Seat) -> String;

    /// Reads a `PLAY_MOVE` text as `seat`'s action in `state`; `Err` is the reason the move
    /// loses ("not in correct form").
    fn parse_move(
        &self,
        state: &Self::State,
        seat: Seat,
        text: &str,
    ) -> Result<Self::Action, String>;

    /// Why a parsed action is illegal in `state`, in the server's words.
    fn illegal_reason(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> String;

    /// The texts for `action` by `mover`, from the positions before and after it.
    fn exchange(
        &self,
        before: &Self::State,
        after: &Self::State,
        mover: Seat,
        action: &Self::Action,
    ) -> Exchange;

    /// The reason sent with the final code of a game that ended by its own rules (under 1024
    /// bytes, so the client's buffers hold it).
    fn end_reason(&self, end: &Self::State, outcome: &Outcome) -> String;

    /// The `DISP_GAME` text for `seat` (under 20000 bytes).
    fn display(&self, state: &Self::State, seat: Seat) -> String;
}
