//! `mcts` (§10.5): open-loop UCT. Every iteration resamples the bag order from the bot's own
//! stream, so tile draws are sampled rather than determinized; tree nodes are keyed by the
//! action sequence, not by the state. Because the actions available at a node depend on the
//! sampled tiles, selection uses availability counts (how often a child was legal) in place of
//! parent visits. Rollouts play the `random` policy to the end. A fixed iteration budget per
//! move (parameter `iterations`, default [`DEFAULT_ITERATIONS`]) keeps it deterministic.

use super::random::random_action;
use crate::bot::{Bot, Params};
use crate::game::{Game, Resample, Seat, ToAct};
use crate::games::carcassonne::rules::legal_actions;
use crate::games::carcassonne::{Action, Carcassonne, State, View};
use crate::seed::Rng;
use rand::RngExt;
use std::collections::HashMap;

/// Iterations per move when the parameter is not given.
pub const DEFAULT_ITERATIONS: u32 = 300;

/// UCB exploration constant, for rewards in [0, 1].
const EXPLORATION: f64 = 0.7;

/// Score difference that maps to a whole reward unit (see [`rewards`]).
const REWARD_SCALE: f64 = 60.0;

pub struct Mcts {
    rng: Rng,
    iterations: u32,
}

pub fn make(
    _: &Carcassonne,
    _: Seat,
    rng: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<Carcassonne>>, String> {
    let mut iterations = DEFAULT_ITERATIONS;
    for (key, value) in &params.0 {
        match key.as_str() {
            "iterations" => {
                iterations = value
                    .parse()
                    .ok()
                    .filter(|&n: &u32| n >= 1)
                    .ok_or_else(|| {
                        format!("bot 'mcts': iterations must be 1 or more, got '{value}'")
                    })?
            }
            other => return Err(format!("bot 'mcts' takes only 'iterations', got '{other}'")),
        }
    }
    Ok(Box::new(Mcts { rng, iterations }))
}

#[derive(Default)]
struct Node {
    /// Child node by action; looked up from the ordered legal list, never iterated.
    children: HashMap<Action, usize>,
    visits: u32,
    /// Times this node's action was legal when its parent was selected from.
    available: u32,
    /// Sum of rewards for the seat that played the action leading here.
    reward: f64,
    mover: Seat,
}

/// Per-seat reward of a finished game: 0.5 plus the margin over the best other seat, scaled
/// and clamped to [0, 1], so wins count and margins break ties between them.
fn rewards(scores: &[i32]) -> Vec<f64> {
    (0..scores.len())
        .map(|p| {
            let best_other = (0..scores.len())
                .filter(|&q| q != p)
                .map(|q| scores[q])
                .max()
                .expect("at least two seats");
            (0.5 + f64::from(scores[p] - best_other) / REWARD_SCALE).clamp(0.0, 1.0)
        })
        .collect()
}

impl Mcts {
    fn iterate(&mut self, game: &Carcassonne, view: &View, tree: &mut Vec<Node>) {
        let mut s: State = game.resample(view, &mut self.rng);
        let mut path = vec![0usize];
        let mut node = 0;
        let mut expanded = false;
        while let (ToAct::Seat(seat), false) = (game.to_act(&s), expanded) {
            let tile = s.current().expect("a drawn tile while running");
            let legal = legal_actions(s.board(), tile, seat);
            let mut untried: Vec<Action> = Vec::new();
            let mut best: Option<(f64, usize, Action)> = None;
            for a in &legal {
                match tree[node].children.get(a).copied() {
                    None => untried.push(*a),
                    Some(child) => {
                        tree[child].available += 1;
                        let c = &tree[child];
                        let mean = c.reward / f64::from(c.visits);
                        let bonus = (f64::from(c.available).ln() / f64::from(c.visits)).sqrt();
                        let value = mean + EXPLORATION * bonus;
                        if best.is_none_or(|(v, _, _)| value > v) {
                            best = Some((value, child, *a));
                        }
                    }
                }
            }
            let (child, action) = if untried.is_empty() {
                let (_, child, action) = best.expect("legal actions exist");
                (child, action)
            } else {
                let action = untried[self.rng.random_range(0..untried.len())];
                tree.push(Node {
                    mover: seat,
                    available: 1,
                    ..Node::default()
                });
                let child = tree.len() - 1;
                tree[node].children.insert(action, child);
                expanded = true;
                (child, action)
            };
            game.apply(&mut s, seat, action);
            node = child;
            path.push(node);
        }
        while let ToAct::Seat(seat) = game.to_act(&s) {
            let tile = s.current().expect("a drawn tile while running");
            let action = random_action(s.board(), tile, seat, &mut self.rng);
            game.apply(&mut s, seat, action);
        }
        let scores = game.outcome(&s).expect("played to the end").scores;
        let r = rewards(&scores);
        for &n in &path {
            tree[n].visits += 1;
            tree[n].reward += r[tree[n].mover];
        }
    }
}

impl Bot<Carcassonne> for Mcts {
    fn act(&mut self, game: &Carcassonne, view: &View) -> Action {
        let legal = game.legal_actions(view);
        if legal.len() == 1 {
            return legal[0];
        }
        let mut tree = vec![Node {
            mover: view.seat,
            ..Node::default()
        }];
        for _ in 0..self.iterations {
            self.iterate(game, view, &mut tree);
        }
        let visits = |a: &Action| tree[0].children.get(a).map_or(0, |&c| tree[c].visits);
        let most = legal.iter().map(visits).max().expect("legal actions exist");
        *legal
            .iter()
            .find(|a| visits(a) == most)
            .expect("the maximum is reached")
    }
}
