//! `minimax` (§9.4.2): alpha-beta (negamax) over whole turns — insertion, rotation and
//! destination — with both players' known targets, deepened one turn at a time until a fixed
//! budget of nodes is spent. Counting nodes instead of reading a clock keeps it deterministic:
//! the same position always gets the same answer, on any machine and any thread count.
//!
//! Choices where the rules are open:
//! * A node is one simulated insertion (one flood fill) or one leaf evaluation (one more).
//!   Depth 1 always completes; a deeper iteration cut off by the budget still counts for the
//!   root moves it finished, which are searched best-first from the previous iteration.
//! * Destinations: the target alone when it is reachable (collecting is what the turn is
//!   for), else the [`DESTINATIONS`](super::steps::DESTINATIONS) reachable cells nearest to
//!   it (Manhattan, column-major on ties), else, when the target is on the extra tile, the pawn's own cell.
//! * Leaf evaluation as §9.4.2: W × (own items − opponent's items) + (opponent's distance
//!   value − own distance value), with `greedy`'s distance value ([`evaluate`]). W, an item's
//!   worth in distance steps, is 10 in §9.4.2 and the `item-weight` parameter here, 23.2 by
//!   default since `tourney tune` found it stronger ([`ITEM_WEIGHT`]). A 24th item is a win
//!   worth [`WIN`] (sooner is better); the turn cap is scored as §7 says.
//! * Inside the tree, the insertion that last caused a cut-off at the same depth (the killer)
//!   is tried first; otherwise insertions come in `basic`'s order and rotations 0–3.

use super::steps::{ITEM_WEIGHT, destinations, evaluate, in_tenths, simulate};
use crate::bot::{Bot, ParamKind, ParamSpec, Params};
use crate::game::Seat;
use crate::games::labyrinth::action::insertions;
use crate::games::labyrinth::state::ITEMS;
use crate::games::labyrinth::{Action, Insertion, Labyrinth, Position, View};
use crate::seed::Rng;

/// Nodes per decision unless the `nodes` parameter says otherwise: two full turns (own move
/// and the reply) on the smaller boards, part of the reply on 13×13. Tuned on cgs boards:
/// 12,000 won no more often against greedy (98% against 99%) at twice the time per game.
pub const DEFAULT_NODES: u64 = 5_000;
/// The value of a won position, far above any evaluation.
pub const WIN: i32 = 1_000_000;
/// Deepest iteration; far beyond what any budget reaches, it only bounds the killer table.
const MAX_DEPTH: usize = 16;

pub struct Minimax {
    nodes: u64,
    turn_limit: u32,
    /// An item's worth, in tenths of a distance step.
    item_weight: i32,
}

/// `nodes` and `item-weight`.
pub fn params(_: &Labyrinth) -> Vec<ParamSpec> {
    vec![
        ParamSpec::new(
            "nodes",
            ParamKind::Int,
            Some(DEFAULT_NODES as f64),
            (1.0, u64::MAX as f64),
            "search nodes per decision",
        ),
        ParamSpec::new(
            "item-weight",
            ParamKind::Float,
            Some(ITEM_WEIGHT),
            (0.1, 100.0),
            "an item's worth in distance steps, in the leaf evaluation (to a tenth)",
        ),
    ]
}

pub fn make(
    game: &Labyrinth,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<Labyrinth>>, String> {
    let mut nodes = DEFAULT_NODES;
    let mut item_weight = ITEM_WEIGHT;
    for (name, value) in &params.0 {
        match name.as_str() {
            "nodes" => {
                nodes = value.parse().ok().filter(|&n: &u64| n > 0).ok_or_else(|| {
                    format!("bot 'minimax': nodes must be a positive integer, not '{value}'")
                })?
            }
            "item-weight" => item_weight = value
                .parse()
                .ok()
                .filter(|w: &f64| (0.1..=100.0).contains(w))
                .ok_or_else(|| {
                    format!(
                        "bot 'minimax': item-weight must be a number from 0.1 to 100, not '{value}'"
                    )
                })?,
            other => {
                return Err(format!(
                    "bot 'minimax' takes only 'nodes' and 'item-weight', got '{other}'"
                ));
            }
        }
    }
    Ok(Box::new(Minimax {
        nodes,
        turn_limit: game.turn_limit(),
        item_weight: in_tenths(item_weight),
    }))
}

impl Bot<Labyrinth> for Minimax {
    fn act(&mut self, _: &Labyrinth, view: &View) -> Action {
        let mut search = Search {
            budget: self.nodes,
            nodes: 0,
            turn_limit: self.turn_limit,
            item_weight: self.item_weight,
            killers: [None; MAX_DEPTH],
        };
        search.best_action(&view.position)
    }
}

/// One decision's search: the node count, the budget, an item's worth in the evaluation and
/// the killer moves by ply.
struct Search {
    budget: u64,
    nodes: u64,
    turn_limit: u32,
    item_weight: i32,
    killers: [Option<(Insertion, u8)>; MAX_DEPTH],
}

/// A root move with its score from the last iteration that searched it.
struct RootMove {
    action: Action,
    after: Position,
    score: i32,
}

impl Search {
    fn exhausted(&self) -> bool {
        self.nodes >= self.budget
    }

    fn best_action(&mut self, position: &Position) -> Action {
        let me = position.to_move();
        let mut roots = Vec::new();
        for (insertion, rotation) in candidates(position, None) {
            let child = simulate(position, insertion, rotation);
            self.nodes += 1;
            let reach = child.reach(me);
            for to in destinations(&child, &reach, me) {
                let mut after = child;
                after.finish_turn(me, insertion, to);
                let score = self.settled(&after, me, 1).unwrap_or_else(|| {
                    self.nodes += 1;
                    evaluate(&after, me, &reach, &after.reach(1 - me), self.item_weight)
                });
                let action = Action::new(insertion, rotation, to);
                roots.push(RootMove {
                    action,
                    after,
                    score,
                });
            }
        }
        // Stable sort: equal scores keep the generation order, so ties are deterministic.
        roots.sort_by_key(|r| std::cmp::Reverse(r.score));
        for depth in 2..MAX_DEPTH as u32 {
            if self.exhausted() || roots[0].score.abs() >= WIN / 2 {
                break;
            }
            let mut alpha = -WIN * 2;
            let mut finished = 0;
            for root in roots.iter_mut() {
                let score = match self.settled(&root.after, me, depth) {
                    Some(score) => score,
                    None => -self.negamax(&root.after, depth - 1, 1, -WIN * 2, -alpha),
                };
                if self.exhausted() {
                    break;
                }
                root.score = score;
                alpha = alpha.max(score);
                finished += 1;
            }
            // Moves this iteration finished, best first; the rest keep their older scores
            // behind them, so a cut-off iteration still improves on the previous one.
            roots[..finished].sort_by_key(|r| std::cmp::Reverse(r.score));
            if finished < roots.len() {
                break;
            }
        }
        roots[0].action
    }

    /// The negamax value of `position` for the seat to move, `depth` ≥ 1 turns deep.
    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let me = position.to_move();
        let mut best = -WIN * 2;
        for (insertion, rotation) in candidates(position, self.killers[ply]) {
            if self.exhausted() {
                return best.max(alpha);
            }
            let child = simulate(position, insertion, rotation);
            self.nodes += 1;
            let reach = child.reach(me);
            for to in destinations(&child, &reach, me) {
                let mut after = child;
                after.finish_turn(me, insertion, to);
                let score = match self.settled(&after, me, depth) {
                    Some(score) => score,
                    None if depth == 1 => {
                        self.nodes += 1;
                        evaluate(&after, me, &reach, &after.reach(1 - me), self.item_weight)
                    }
                    None => -self.negamax(&after, depth - 1, ply + 1, -beta, -alpha),
                };
                best = best.max(score);
                alpha = alpha.max(score);
                if alpha >= beta {
                    self.killers[ply] = Some((insertion, rotation));
                    return best;
                }
            }
        }
        best
    }

    /// The value for `mover` of a position that ended with its move: a win (sooner is worth
    /// more), a loss or draw at the turn cap; `None` while the game goes on.
    fn settled(&self, after: &Position, mover: Seat, depth: u32) -> Option<i32> {
        if after.collected[mover] == ITEMS {
            return Some(WIN + depth as i32);
        }
        if mover == 1 && after.turn >= 2 * self.turn_limit {
            let (mine, theirs) = (after.collected[mover], after.collected[1 - mover]);
            return Some(match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => WIN,
                std::cmp::Ordering::Less => -WIN,
                std::cmp::Ordering::Equal => 0,
            });
        }
        None
    }
}

/// Every allowed (insertion, rotation), the killer first if it is allowed here.
fn candidates(position: &Position, killer: Option<(Insertion, u8)>) -> Vec<(Insertion, u8)> {
    let board = &position.board;
    let mut out = Vec::with_capacity(4 * 24 + 1);
    if let Some(k) = killer.filter(|k| position.insertion_allowed(k.0)) {
        out.push(k);
    }
    for insertion in insertions(board.width(), board.height(), position.forbidden()) {
        for rotation in 0..4 {
            if Some((insertion, rotation)) != killer {
                out.push((insertion, rotation));
            }
        }
    }
    out
}
