//! `mcts`: information-set Monte Carlo tree search over sampled determinizations.
//!
//! Every iteration takes a full state consistent with the bot's view ([`Resample`]), walks
//! the open-loop tree choosing by UCB for whichever seat decides, adds one node, plays a
//! rollout (to the end, or `depth` actions then the game's estimate) and credits each seat's
//! reward to that seat's own statistics. Sealed simultaneous decisions are chosen from
//! decoupled per-seat tables, and all of them are applied only once every seat has chosen.
//!
//! [`Resample`]: crate::game::Resample

use super::settings::{Rollout, Settings};
use super::tree::Tree;
use super::{Search, rewards};
use crate::bot::{Bot, BotEntry, Params};
use crate::game::{Game, Seat, ToAct, kept_view};
use crate::seed::Rng;
use rand::RngExt;
use std::hash::Hash;
use std::time::Instant;

pub struct Mcts<G: Game> {
    seat: Seat,
    rng: Rng,
    settings: Settings<G>,
}

/// The `mcts` row of a game's bot table; `summary` says what it samples in that game.
pub const fn entry<G: Search>(summary: &'static str) -> BotEntry<G>
where
    G::Action: Eq + Hash,
{
    BotEntry::new("mcts", summary, make::<G>).tunable(super::params::<G>)
}

/// The bot table's constructor: every game that implements [`Search`] lists it as `mcts`.
pub fn make<G: Search>(
    game: &G,
    seat: Seat,
    rng: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<G>>, String>
where
    G::Action: Eq + Hash,
{
    Ok(Box::new(Mcts {
        seat,
        rng,
        settings: Settings::parse(game, params)?,
    }))
}

/// The decisions of one step: each deciding seat with its action, in the game's order.
type Joint<A> = Vec<(Seat, A)>;

impl<G: Search> Mcts<G>
where
    G::Action: Eq + Hash,
{
    /// Plays one iteration from `state` (already a sample) and backs its rewards up.
    /// `root_legal` is the bot's own candidate list ([`Search::root_candidates`]): at the root
    /// it is the same in every sample.
    fn iterate(
        &mut self,
        game: &G,
        mut state: G::State,
        root_legal: &[G::Action],
        tree: &mut Tree<G::Action>,
    ) {
        let mut path: Vec<(usize, Joint<G::Action>)> = Vec::new();
        let mut node = 0;
        let best_first = game.candidates_best_first();
        loop {
            let seats = match game.to_act(&state) {
                ToAct::Over => break,
                ToAct::Seat(seat) => vec![seat],
                ToAct::Simultaneous(seats) => seats,
            };
            let mut joint = Vec::with_capacity(seats.len());
            for seat in seats {
                let table = tree.nodes[node].table(seat);
                let legal = if node == 0 && seat == self.seat {
                    root_legal.to_vec()
                } else if let Some(kept) = table.legal.take() {
                    kept
                } else {
                    game.legal_in(&state, seat)
                };
                let rng = &mut self.rng;
                let action = table.select(&legal, self.settings.exploration, |n| {
                    if best_first {
                        0
                    } else {
                        rng.random_range(0..n)
                    }
                });
                if node != 0 && game.same_state_at_each_node() {
                    table.legal = Some(legal);
                }
                joint.push((seat, action));
            }
            for (seat, action) in &joint {
                game.apply(&mut state, *seat, action.clone());
            }
            let (child, created) = tree.child(node, joint.clone());
            path.push((node, joint));
            node = child;
            if created {
                break;
            }
        }
        let rewards = self.rollout(game, state);
        tree.backpropagate(&path, &rewards);
    }

    /// Plays on from a new node with the rollout policy and rewards the end (or the estimate
    /// where `depth` cuts the rollout off).
    fn rollout(&mut self, game: &G, mut state: G::State) -> Vec<f64> {
        let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::new();
        let mut view = None;
        let mut played = 0;
        loop {
            let seats = match game.to_act(&state) {
                ToAct::Over => {
                    let outcome = game.outcome(&state).expect("over means an outcome");
                    let scores: Vec<f64> = outcome.scores.iter().map(|&s| f64::from(s)).collect();
                    return self.rewards(game, &scores, Some(&outcome.ranks));
                }
                _ if self.settings.depth.is_some_and(|d| played >= d) => {
                    return self.rewards(game, &game.estimate(&state), None);
                }
                ToAct::Seat(seat) => vec![seat],
                ToAct::Simultaneous(seats) => seats,
            };
            let joint: Vec<(Seat, G::Action)> = seats
                .into_iter()
                .map(|seat| {
                    let action = self.rollout_action(game, &state, seat, &mut bots, &mut view);
                    (seat, action)
                })
                .collect();
            for (seat, action) in joint {
                game.apply(&mut state, seat, action);
            }
            played += 1;
        }
    }

    /// One rollout decision of `seat`; rollout bots are made on first use in this rollout, and
    /// their views are written over one kept for the rollout ([`kept_view`]) rather than built
    /// afresh for every decision.
    fn rollout_action(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        bots: &mut Vec<Option<Box<dyn Bot<G>>>>,
        view: &mut Option<G::View>,
    ) -> G::Action {
        match self.settings.rollout {
            Rollout::Uniform => {
                let legal = game.legal_in(state, seat);
                legal[self.rng.random_range(0..legal.len())].clone()
            }
            Rollout::Bot(entry) => {
                if bots.len() <= seat {
                    bots.resize_with(seat + 1, || None);
                }
                if bots[seat].is_none() {
                    let rng = Rng::new(self.rng.random());
                    let bot = entry
                        .make(game, seat, rng, &Params::default())
                        .expect("rollout bots take no parameters and were checked by name");
                    bots[seat] = Some(bot);
                }
                let bot = bots[seat].as_mut().expect("made above");
                bot.act(game, kept_view(game, state, seat, view))
            }
        }
    }

    fn rewards(&self, game: &G, scores: &[f64], ranks: Option<&[u8]>) -> Vec<f64> {
        let lower = game.info().lower_score_is_better;
        rewards(scores, ranks, lower, self.settings.scale)
    }
}

impl<G: Search> Bot<G> for Mcts<G>
where
    G::Action: Eq + Hash,
{
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        let legal = game.root_candidates(view);
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let samples: Vec<G::State> = (0..self.settings.determinizations)
            .map(|_| game.resample(view, &mut self.rng))
            .collect();
        let mut tree = Tree::new();
        let started = Instant::now();
        let mut i = 0;
        while match self.settings.time {
            None => i < self.settings.iterations,
            Some(time) => i == 0 || started.elapsed() < time,
        } {
            let state = match samples.len() {
                0 => game.resample(view, &mut self.rng),
                n => samples[i as usize % n].clone(),
            };
            self.iterate(game, state, &legal, &mut tree);
            i += 1;
        }
        tree.nodes[0].table(self.seat).most_visited(&legal)
    }
}
