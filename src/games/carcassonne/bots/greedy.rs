//! `greedy` (§10.3): one ply. Every legal action is played on a copy of the board, scoring and
//! follower returns included, and valued by V(self) − max over the others of V(q), where V is
//! the score plus what §7.2 would pay if the game ended now, minus a follower cost that keeps
//! it from spending its followers on crumbs.

use crate::bot::{Bot, Params};
use crate::game::Seat;
use crate::games::carcassonne::board::Board;
use crate::games::carcassonne::rules::legal_actions;
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;
use rand::RngExt;

pub struct Greedy {
    rng: Rng,
}

pub fn make(
    _: &Carcassonne,
    _: Seat,
    rng: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<Carcassonne>>, String> {
    params.expect_none("greedy")?;
    Ok(Box::new(Greedy { rng }))
}

/// V(p) for every seat: score so far plus the §7.2 points of the board as it stands.
pub fn values(board: &Board) -> Vec<i32> {
    let end = board.end_points();
    (0..board.seats())
        .map(|s| board.scores[s] + end[s].total())
        .collect()
}

/// The greedy value of `action` for `seat`: V difference after the action, less the cost of
/// a follower left on the board (1, plus 2 when the supply is then at most 1).
pub fn action_value(board: &Board, tile: u8, seat: Seat, action: &Action) -> i32 {
    let mut after = board.clone();
    after.place(tile, action.x, action.y, action.rot, action.follower, seat);
    let v = values(&after);
    let best_other = (0..v.len())
        .filter(|&q| q != seat)
        .map(|q| v[q])
        .max()
        .expect("at least two seats");
    let stays = after.supply[seat] < board.supply[seat];
    let cost = match (stays, after.supply[seat]) {
        (false, _) => 0,
        (true, left) if left <= 1 => 3,
        (true, _) => 1,
    };
    v[seat] - best_other - cost
}

impl Bot<Carcassonne> for Greedy {
    fn act(&mut self, _: &Carcassonne, view: &View) -> Action {
        let tile = view.tile.expect("asked to act with a drawn tile");
        let legal = legal_actions(&view.board, tile, view.seat);
        let mut best = i32::MIN;
        let mut ties: Vec<usize> = Vec::new();
        for (i, action) in legal.iter().enumerate() {
            let value = action_value(&view.board, tile, view.seat, action);
            if value > best {
                best = value;
                ties.clear();
            }
            if value == best {
                ties.push(i);
            }
        }
        legal[ties[self.rng.random_range(0..ties.len())]]
    }
}
