//! The one abstraction every game implements. Names no game, no map, no card.
//!
//! Shaped after OpenSpiel's `Game`/`State` split: a [`Game`] value is the configured description
//! (rule set, map, board size, seats) and a [`Game::State`] is a cheap-to-clone position that
//! owns its chance RNG. Bots never see a state: they get a [`Game::View`] of their own seat.

pub use crate::outcome::Seat;
use crate::outcome::{Outcome, Termination};
use crate::seed::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// Who decides next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// One seat decides.
    Seat(Seat),
    /// Several seats decide at once (sealed bids). The runner takes the view of every listed seat
    /// before applying any of their actions, then applies them in the listed order, so no
    /// decision can leak into another's view. The game buffers them until the last one arrives.
    Simultaneous(Vec<Seat>),
    /// The game is over; [`Game::outcome`] is `Some`.
    Over,
}

/// What `tourney list`, `games.csv` and `summary.json` say about a configured game.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// Short CLI name, e.g. `t2r`.
    pub name: &'static str,
    /// The rule set in force, e.g. `official`.
    pub rules: &'static str,
    /// Options in force as (name, value), e.g. `("map", "usa")`, in a fixed order.
    pub options: Vec<(&'static str, String)>,
    /// Number of seats of this configuration.
    pub seats: usize,
    /// Fresh Fish scores like golf; reports use this to label score tables.
    pub lower_score_is_better: bool,
}

/// A configured game. Configuration lives here, not in the state, so cloning a state for
/// search stays cheap. Implementations must be deterministic: the same chance RNG and the same
/// actions give the same states.
pub trait Game: Send + Sync + Sized + 'static {
    /// A full position, hidden parts included. Owns the game's chance RNG.
    type State: Clone + Send;
    /// Everything one seat may know, public history included, and nothing else.
    type View: Clone;
    /// One decision. Games with multi-step turns ask for each step separately.
    type Action: Clone + PartialEq + Debug + Send;

    fn info(&self) -> &GameInfo;

    /// Sets up a new game; every chance event of the game is drawn from `chance`.
    fn new_state(&self, chance: Rng) -> Self::State;

    fn to_act(&self, state: &Self::State) -> ToAct;

    /// The view of `seat`: what its bot decides from.
    fn view(&self, state: &Self::State, seat: Seat) -> Self::View;

    /// [`Game::view`] written over `view`, a view this game built earlier: the runner keeps one
    /// per game and refills it for every decision, so a game whose views hold vectors reuses
    /// their buffers instead of allocating new ones each time. The default builds a fresh view.
    fn view_into(&self, state: &Self::State, seat: Seat, view: &mut Self::View) {
        *view = self.view(state, seat);
    }

    /// Every legal action of the seat owning `view`, in the order the game's rules file gives.
    /// Built from the view alone: a player always knows what it may do. May be slow for
    /// games with large action sets; bots are free to construct actions directly instead.
    fn legal_actions(&self, view: &Self::View) -> Vec<Self::Action>;

    /// Whether `seat` may play `action` now. Must agree with [`Game::legal_actions`].
    fn is_legal(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> bool;

    /// [`Game::is_legal`] for an action a bot chose from `view`, the view of `seat` this game
    /// built from `state` for that decision: a game whose view keeps work its rules did while
    /// the bot looked can answer from it instead of doing that work again. The default asks
    /// [`Game::is_legal`].
    fn is_legal_from(
        &self,
        state: &Self::State,
        view: &Self::View,
        seat: Seat,
        action: &Self::Action,
    ) -> bool {
        let _ = view;
        self.is_legal(state, seat, action)
    }

    /// `action` of `seat` in the game's notation, for people: replays, records' text, fault
    /// messages. Short, in the words of the game's rules file, never Rust debug text; a verb
    /// phrase without its subject ("draws blind"), the caller names the seat. Asked of the
    /// position before the action is applied, since what it names (a card on show, a drawn
    /// tile) is read from there. Any action a bot may return is described, illegal ones
    /// included, so it must not panic.
    fn describe(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> String;

    /// Why `action` is not legal for `seat` now (the caller knows it is not), for the fault
    /// message of the seat that played it: which rule it breaks (not its turn, cannot pay, a
    /// place already taken…), in the rules' words. The default only says it is not legal.
    fn explain_illegal(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> String {
        let _ = (state, seat, action);
        "not among the legal actions now".to_string()
    }

    /// Plays a legal action. Callers check [`Game::is_legal`] first; an illegal action here is a
    /// bug in the caller and may panic.
    fn apply(&self, state: &mut Self::State, seat: Seat, action: Self::Action);

    /// `Some` once the game is over by its own rules (including turn limits and stalemates).
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// The result when `culprit` loses at once (illegal action, crash, timeout): the culprit
    /// takes the last rank, the others are ranked as the rules file says, and scores are the
    /// final scoring of the position at that moment, for information only.
    fn forfeit(&self, state: &Self::State, culprit: Seat, termination: Termination) -> Outcome;

    /// Turns played so far, all seats together (the `turns` column of `games.csv`).
    fn turns(&self, state: &Self::State) -> u32;

    /// Names of the game-specific per-seat columns of `games.csv`, fixed for the game.
    fn extra_columns(&self) -> &'static [&'static str] {
        &[]
    }

    /// Values of [`Game::extra_columns`] for one seat at the end of a game, in the same order.
    fn extra_values(&self, _state: &Self::State, _seat: Seat) -> Vec<f64> {
        Vec::new()
    }
}

/// The view of `seat` for a loop that asks for one decision after another (the runner, a
/// search's rollouts): written over the view kept in `kept` ([`Game::view_into`]), or built
/// there on first use, so the loop's views reuse their buffers.
pub fn kept_view<'k, G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    kept: &'k mut Option<G::View>,
) -> &'k mut G::View {
    match kept {
        Some(view) => {
            game.view_into(state, seat, view);
            view
        }
        None => kept.insert(game.view(state, seat)),
    }
}

/// Opt-in, for search bots over hidden information: a full state consistent with `view`, with
/// the hidden part (opponents' hands, deck order, the chance RNG itself) redrawn from the bot's
/// own stream. It takes the view, not the state, so a search bot cannot cheat even by accident.
pub trait Resample: Game {
    fn resample(&self, view: &Self::View, rng: &mut Rng) -> Self::State;
}

/// Opt-in, for records and replays (`tourney run --record`, `tourney replay`): every chance
/// outcome a game draws, as events a record can store and a replay can compare. Chance stays
/// inside the engine (drawn from the state's own RNG); this only reports what was drawn, so
/// the moves and results of a game are the same whether it is logged or not.
pub trait Chance: Game<Action: Serialize + DeserializeOwned> {
    /// One chance outcome: a card off the deck, a tile out of the bag, a generated board.
    type Event: Clone + Debug + PartialEq + Send + Serialize + DeserializeOwned;

    /// `event` in words for people ("drew …"), like [`Game::describe`]. Hidden parts are
    /// described too: events are only shown by records and replays, which are read after the
    /// game and show every seat's hidden information alike.
    fn describe_event(&self, event: &Self::Event) -> String;

    /// [`Game::new_state`] with the state's chance log switched on. Games whose every chance
    /// outcome can be read off the fresh state keep the default.
    fn new_logged_state(&self, chance: Rng) -> Self::State {
        self.new_state(chance)
    }

    /// The state's [`ChanceLog`], for games that note each outcome as they draw it: the two
    /// methods below then hand out what it holds. `None` (the default) for games that read
    /// their outcomes off the state instead, and override them.
    fn chance_log(_state: &mut Self::State) -> Option<&mut ChanceLog<Self::Event>> {
        None
    }

    /// What setup drew, asked once of the state [`Chance::new_logged_state`] returned.
    fn setup_chance(&self, state: &mut Self::State) -> Vec<Self::Event> {
        Self::chance_log(state).map_or_else(Vec::new, ChanceLog::take)
    }

    /// What the last applied action drew (empty when it drew nothing).
    fn step_chance(&self, state: &mut Self::State) -> Vec<Self::Event> {
        Self::chance_log(state).map_or_else(Vec::new, ChanceLog::take)
    }
}

/// The chance outcomes a state drew and has not handed out yet. Off unless the state was made
/// by [`Chance::new_logged_state`]; off, it is an empty `Option` and a branch per draw, so the
/// games of an ordinary run, and the states search bots clone, pay next to nothing for it.
#[derive(Clone, Debug)]
pub struct ChanceLog<E>(Option<Vec<E>>);

impl<E> ChanceLog<E> {
    pub fn off() -> ChanceLog<E> {
        ChanceLog(None)
    }

    pub fn on() -> ChanceLog<E> {
        ChanceLog(Some(Vec::new()))
    }

    /// Notes an outcome; `event` is only built when the log is on.
    #[inline]
    pub fn push(&mut self, event: impl FnOnce() -> E) {
        if let Some(events) = &mut self.0 {
            events.push(event());
        }
    }

    /// The outcomes noted since the last call, oldest first.
    pub fn take(&mut self) -> Vec<E> {
        self.0.as_mut().map(std::mem::take).unwrap_or_default()
    }
}
