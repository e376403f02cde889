//! `test-illegal`, the hidden bot that exercises illegal-move adjudication: it plays a claim no
//! rule set accepts (more locomotives than the route is long). It never plays a real game.
//! (`test-panic` is shared by every game, in `crate::bot`.)

use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, TicketToRide};
use crate::seed::Rng;

/// More locomotives than any route is long (the longest is 8): n > L is illegal in both rule
/// sets (§3.5 item 6, §4.8), and unpayable too, whatever the phase or the hand.
pub const ILLEGAL_CLAIM: Action = Action::Claim {
    route: 0,
    colour: Colour::Locomotive,
    locomotives: 9,
};

pub fn decide(_: &TicketToRide, _: &View, _: &mut Rng) -> Action {
    ILLEGAL_CLAIM
}
