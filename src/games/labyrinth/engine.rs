//! `impl Game for Labyrinth`: the generators, the turn rules and the end, behind the generic
//! trait. The view is the whole public position (§8).

use super::action::Action;
use super::bots::steps::{ITEM_WEIGHT, distance_value, turns};
use super::state::{Position, State};
use super::view::View;
use super::{Labyrinth, RuleSet, generator, rules};
use crate::game::{Game, GameInfo, Resample, Seat, ToAct};
use crate::outcome::{Outcome, Termination};
use crate::search::Search;
use crate::seed::Rng;

/// The per-seat columns of `games.csv`, in the order of [`Game::extra_values`].
const EXTRA_COLUMNS: [&str; 3] = ["items", "board_width", "board_height"];

impl Game for Labyrinth {
    type State = State;
    type View = View;
    type Action = Action;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn new_state(&self, mut chance: Rng) -> State {
        let board = match self.rules {
            RuleSet::Cgs => generator::cgs(self.size, &mut chance),
            RuleSet::Classic => generator::classic(&mut chance),
        };
        State {
            position: Position::new(board),
            ended: None,
        }
    }

    fn to_act(&self, state: &State) -> ToAct {
        match state.ended {
            Some(_) => ToAct::Over,
            None => ToAct::Seat(state.position.to_move()),
        }
    }

    fn view(&self, state: &State, seat: Seat) -> View {
        View::new(seat, state.position)
    }

    /// In place: the position is the one thing worth copying.
    fn view_into(&self, state: &State, seat: Seat, view: &mut View) {
        view.refill(seat, &state.position);
    }

    fn legal_actions(&self, view: &View) -> Vec<Action> {
        if view.seat != view.position.to_move() {
            return Vec::new();
        }
        rules::legal_actions(&view.position)
    }

    fn is_legal(&self, state: &State, seat: Seat, action: &Action) -> bool {
        state.ended.is_none() && rules::is_legal(&state.position, seat, action, None)
    }

    /// A bit test when the bot built its action through [`View::after`] (as `random` and
    /// `basic` do): the flood fill it ran is the one the check would run.
    fn is_legal_from(&self, state: &State, view: &View, seat: Seat, action: &Action) -> bool {
        debug_assert_eq!(view.position, state.position, "the view of this state");
        let known = (view.seat == seat)
            .then(|| view.reach_after(action.insertion(), action.rotation))
            .flatten();
        state.ended.is_none() && rules::is_legal(&state.position, seat, action, known.as_ref())
    }

    fn describe(&self, state: &State, seat: Seat, action: &Action) -> String {
        super::notation::describe(&state.position, seat, action)
    }

    fn explain_illegal(&self, state: &State, seat: Seat, action: &Action) -> String {
        match state.ended {
            Some(_) => "the game is over".to_string(),
            None => rules::explain_illegal(&state.position, seat, action),
        }
    }

    fn apply(&self, state: &mut State, _seat: Seat, action: Action) {
        rules::apply(state, self.turn_limit, &action);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        rules::outcome(state)
    }

    fn forfeit(&self, state: &State, culprit: Seat, termination: Termination) -> Outcome {
        rules::forfeit(state, culprit, termination)
    }

    fn turns(&self, state: &State) -> u32 {
        state.position.turn
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        &EXTRA_COLUMNS
    }

    fn extra_values(&self, state: &State, seat: Seat) -> Vec<f64> {
        let board = &state.position.board;
        vec![
            f64::from(state.position.collected[seat]),
            f64::from(board.width()),
            f64::from(board.height()),
        ]
    }
}

/// Everything is public (§8) and nothing is left to chance after setup, so a sample is the
/// position itself and `mcts` is plain MCTS.
impl Resample for Labyrinth {
    fn resample(&self, view: &View, _rng: &mut Rng) -> State {
        State {
            position: view.position,
            ended: None,
        }
    }
}

/// Scores are items collected; one item is a clear lead.
impl Search for Labyrinth {
    fn score_scale(&self) -> f64 {
        1.0
    }

    /// Two `greedy` turns, one per seat, before the estimate: a leaf valued as it stands
    /// cannot see that the seat to move collects at once, and a single greedy turn favours
    /// whichever seat moved last (20-game probes against `minimax`: estimate at once, 1000
    /// iterations, 5%; one greedy turn, 600 iterations, 17.5%; two, 400 iterations, 60%).
    /// 800 iterations: about 28 ms a decision in `tourney bench` on one quiet core. `c` from
    /// 100-game probes against the tuned `minimax` (seed 5, turns tried best first): 0.1 won
    /// 70%, 0.05 80%, 0.03 85%.
    fn mcts_defaults(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("iterations", "800"),
            ("c", "0.03"),
            ("rollout", "greedy"),
            ("depth", "2"),
        ]
    }

    /// Every insertion and rotation with only the walks `minimax` tries (onto the target, or
    /// the two cells nearest it): the full list's thousands of destinations leave the search
    /// near one ply deep.
    fn root_candidates(&self, view: &View) -> Vec<Action> {
        if view.seat != view.position.to_move() {
            return Vec::new();
        }
        turns(&view.position)
    }

    /// The same pruned turns as [`Search::root_candidates`], for every node of the tree.
    fn legal_in(&self, state: &State, _seat: Seat) -> Vec<Action> {
        turns(&state.position)
    }

    /// Everything is public and nothing is left to chance: a node's position is fixed by the
    /// turns that lead to it.
    fn same_state_at_each_node(&self) -> bool {
        true
    }

    /// [`turns`] lists the turns best first by `minimax`'s evaluation one turn deep.
    fn candidates_best_first(&self) -> bool {
        true
    }

    /// Items collected, less `greedy`'s distance value over an item's worth in distance steps
    /// (the weight `minimax` gives it, [`ITEM_WEIGHT`]), so a cut-off rollout still sees who
    /// is closer to the next item.
    fn estimate(&self, state: &State) -> Vec<f64> {
        let position = &state.position;
        (0..2)
            .map(|seat| {
                let distance = distance_value(position, &position.reach(seat), seat);
                f64::from(position.collected[seat]) - f64::from(distance) / ITEM_WEIGHT
            })
            .collect()
    }
}
