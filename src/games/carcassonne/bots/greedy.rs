//! `greedy` (§10.3): one ply. Every legal action is valued as if played, scoring and follower
//! returns included, by V(self) − max over the others of V(q), where V is the score plus what
//! §7.2 would pay if the game ended now, minus a follower cost that keeps it from spending its
//! followers on crumbs. The value is worked out without copying the board
//! ([`crate::games::carcassonne::value`]). The follower cost's two parts are parameters
//! (`greedy:follower=1,last-follower=2` plays the first cost this bot had), so `tourney tune`
//! can tune them; the defaults are tuned ([`TUNED`]).

use crate::bot::{Bot, MadeBot, ParamKind, ParamSpec, Params};
use crate::game::Seat;
use crate::games::carcassonne::rules::legal_actions;
use crate::games::carcassonne::value::{Evaluator, FollowerCost, Placement};
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;
use rand::RngExt;

/// The default follower cost: 1, and 4 in all for one of the last two followers (3 before).
/// Tuned by `tourney tune` (SPSA, 120,000 games, `--seed 5`) against `greedy` at the old
/// cost, `random` and `random-tile`; on fresh seeds (8,000 games a pairing, `--seed 8`) it
/// beat the old cost by +23.5 ± 7.2 Elo (GSPRT normalized Elo 0 against 5: H1, LLR 7.4), and
/// beat the values two tunings against the old cost alone found (`follower=0`,
/// `last-follower=4`) by 14.7 ± 7.1 (docs/guide/tuning.md).
pub const TUNED: FollowerCost = FollowerCost { kept: 1, last: 3 };

/// The largest cost either part takes: a follower is never worth more than a city's points.
const MAX_COST: i32 = 20;

/// `follower` and `last-follower`, whole numbers from 0 to [`MAX_COST`].
pub fn params(_: &Carcassonne) -> Vec<ParamSpec> {
    let tuned = TUNED;
    let cost = |name: &str, default: i32, summary: &str| {
        let range = (0.0, f64::from(MAX_COST));
        ParamSpec::new(
            name,
            ParamKind::Int,
            Some(f64::from(default)),
            range,
            summary,
        )
    };
    vec![
        cost(
            "follower",
            tuned.kept,
            "points an action pays for leaving a follower of its own on the board",
        ),
        cost(
            "last-follower",
            tuned.last,
            "points more when that leaves one follower or none in supply",
        ),
    ]
}

/// The bot with its follower cost; its random stream breaks ties.
pub fn make(_: &Carcassonne, _: Seat, rng: Rng, params: &Params) -> MadeBot<Carcassonne> {
    let mut cost = TUNED;
    for (name, value) in &params.0 {
        let part = match name.as_str() {
            "follower" => &mut cost.kept,
            "last-follower" => &mut cost.last,
            _ => {
                return Err(format!(
                    "bot 'greedy' takes 'follower' and 'last-follower', got '{name}'"
                ));
            }
        };
        *part = value
            .parse()
            .ok()
            .filter(|c: &i32| (0..=MAX_COST).contains(c))
            .ok_or_else(|| {
                format!(
                    "bot 'greedy': {name} must be a whole number from 0 to {MAX_COST}, got '{value}'"
                )
            })?;
    }
    Ok(Box::new(Greedy { rng, cost }))
}

struct Greedy {
    rng: Rng,
    cost: FollowerCost,
}

impl Bot<Carcassonne> for Greedy {
    fn act(&mut self, _: &Carcassonne, view: &View) -> Action {
        decide(view, &mut self.rng, self.cost)
    }
}

fn decide(view: &View, rng: &mut Rng, cost: FollowerCost) -> Action {
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
        let value = eval.value(placement.as_ref().expect("set above"), a.follower, cost);
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
