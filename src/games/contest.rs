//! What the contest server's protocol needs from a game: its data, move and answer strings
//! (§5, §7 of `docs/contest-protocol.md`). Each game that speaks it implements
//! [`CgsWire`] in its own folder; this module never names a game. The server that speaks the
//! protocol is `crate::serve`.

use super::{Description, GameConfig, Registered};
use crate::game::Seat;
use crate::outcome::Outcome;
use std::collections::BTreeMap;

/// The rule set, in every game that has one, that reproduces the contest server.
pub const CONTEST_RULES: &str = "cgs";

/// Puts a contest program's game under the contest's rule set: the programs were written for
/// the contest server's game, so no rule set asked means the contest's, and another is refused.
/// `who` names the programs in the reason (`cgs:NAME clients`, `the manifest's program`).
pub fn use_contest_rules(
    game: &Description,
    config: &mut GameConfig,
    who: &str,
) -> Result<(), String> {
    if !game.rule_sets.contains(&CONTEST_RULES) {
        return Err(no_contest_protocol(game.name));
    }
    match config.rules.as_deref() {
        None => config.rules = Some(CONTEST_RULES.to_string()),
        Some(CONTEST_RULES) => {}
        Some(other) => {
            return Err(format!(
                "{who} play the contest's rule set '{CONTEST_RULES}', not '{other}'"
            ));
        }
    }
    Ok(())
}

/// The reason a game without the contest's rule set cannot host contest programs; names where
/// to find the games that can, rather than listing them here.
pub fn no_contest_protocol(game: &str) -> String {
    format!(
        "{game} has no contest-server protocol (the games with the rule set \
         '{CONTEST_RULES}' have one; `tourney list` shows each game's rule sets)"
    )
}

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

/// Test support: plays on from `state` with random legal actions (drawn from `seed`), at most
/// `max_moves` of them, checking what every game's texts must satisfy: the data fits its
/// buffer, each move's canonical text reads back as the same action, and the display fits its
/// buffer. Hands each move to `check` as (mover, action, position before, position after,
/// texts) for what is particular to the game.
#[cfg(test)]
pub fn random_exchanges<G: CgsWire>(
    game: &G,
    state: &mut G::State,
    seed: u64,
    max_moves: usize,
    mut check: impl FnMut(Seat, &G::Action, &G::State, &G::State, &Exchange),
) {
    use crate::game::ToAct;
    use rand::{RngExt, SeedableRng};
    let mut rng = crate::seed::Rng::seed_from_u64(seed);
    assert!(game.game_data(state, 0).len() < 4096);
    for _ in 0..max_moves {
        let ToAct::Seat(seat) = game.to_act(state) else {
            break;
        };
        let legal = game.legal_actions(&game.view(state, seat));
        let action = legal[rng.random_range(0..legal.len())].clone();
        let before = state.clone();
        game.apply(state, seat, action.clone());
        let exchange = game.exchange(&before, state, seat, &action);
        assert_eq!(
            game.parse_move(&before, seat, &exchange.move_text),
            Ok(action.clone())
        );
        assert!(game.display(state, seat).len() < 20000);
        check(seat, &action, &before, state, &exchange);
    }
}
