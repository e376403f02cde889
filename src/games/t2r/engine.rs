//! `impl Game for TicketToRide` (placeholder until the engine branch lands).
//!
//! The bots need `TicketToRide: Game` to implement `Bot<TicketToRide>`; this stub only provides
//! that bound. On merging the engine, take the engine's version of this file.

use super::{Action, State, TicketToRide, View};
use crate::game::{Game, GameInfo, Seat, ToAct};
use crate::outcome::{Outcome, Termination};
use crate::seed::Rng;

impl Game for TicketToRide {
    type State = State;
    type View = View;
    type Action = Action;

    fn info(&self) -> &GameInfo {
        &self.info
    }
    fn new_state(&self, _chance: Rng) -> State {
        unimplemented!("engine placeholder")
    }
    fn to_act(&self, _state: &State) -> ToAct {
        unimplemented!("engine placeholder")
    }
    fn view(&self, _state: &State, _seat: Seat) -> View {
        unimplemented!("engine placeholder")
    }
    fn legal_actions(&self, _view: &View) -> Vec<Action> {
        unimplemented!("engine placeholder")
    }
    fn is_legal(&self, _state: &State, _seat: Seat, _action: &Action) -> bool {
        unimplemented!("engine placeholder")
    }
    fn apply(&self, _state: &mut State, _seat: Seat, _action: Action) {
        unimplemented!("engine placeholder")
    }
    fn outcome(&self, _state: &State) -> Option<Outcome> {
        unimplemented!("engine placeholder")
    }
    fn forfeit(&self, _state: &State, _culprit: Seat, _termination: Termination) -> Outcome {
        unimplemented!("engine placeholder")
    }
    fn turns(&self, _state: &State) -> u32 {
        unimplemented!("engine placeholder")
    }
}
