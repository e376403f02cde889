//! `greedy` (§10.3): one ply. Every legal action is valued as if played, scoring and follower
//! returns included, by V(self) − max over the others of V(q), where V is the score plus what
//! §7.2 would pay if the game ended now, minus a follower cost that keeps it from spending its
//! followers on crumbs. The value is worked out without copying the board
//! ([`crate::games::carcassonne::value`]).

use crate::games::carcassonne::rules::legal_actions;
use crate::games::carcassonne::value::{Evaluator, Placement};
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;
use rand::RngExt;

pub fn decide(_: &Carcassonne, view: &View, rng: &mut Rng) -> Action {
    let tile = view.tile.expect("asked to act with a drawn tile");
    let legal = legal_actions(&view.board, tile, view.seat);
    let eval = Evaluator::new(&view.board, view.seat);
    // The legal list gives each placement's follower options one after another, so one
    // placement is grouped once for all of them.
    let mut placement: Option<Placement> = None;
    let mut best = i32::MIN;
    let mut ties: Vec<usize> = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        // One placement's records are rewritten in place for the next, not built anew.
        match placement.as_mut() {
            Some(p) if p.is(a.x, a.y, a.rot) => {}
            Some(p) => eval.replace(p, tile, a.x, a.y, a.rot),
            None => placement = Some(eval.placement(tile, a.x, a.y, a.rot)),
        }
        let value = eval.value(placement.as_ref().expect("set above"), a.follower);
        if value > best {
            best = value;
            ties.clear();
        }
        if value == best {
            ties.push(i);
        }
    }
    legal[ties[rng.random_range(0..ties.len())]]
}
