//! `lookahead` (§10.3): one ply of simulation. Every candidate action (each marker cell, and a
//! draw, averaged over the bag's composition) is applied to a copy of the board with the road
//! rule, every seat's score is re-estimated from capped distances, and the action with the
//! best difference to the best opponent is played. Bids come from the marginal value of the
//! shop, shaded against the opponents' likely bids.
//!
//! Estimated score of a seat, lower better: est for its built shops, the cap for eliminated
//! ones, and for the types it still needs the best assignment of its markers to them (one
//! marker serves one shop; a refinement of "the best est among its markers", which would let
//! one good marker count for five types), discounted towards the cap by [`RISK`] because a
//! reservation is not yet a shop; minus its coins. That discount is the one parameter,
//! `risk` (`lookahead:risk=0.4`), so `tourney tune` can tune it.

use super::estimate::{Reach, est, reach};
use crate::bot::{Bot, MadeBot, ParamKind, ParamSpec, Params};
use crate::game::Seat;
use crate::games::fresh_fish::board::{Board, Content, Kind, bits};
use crate::games::fresh_fish::roads::apply_road_rule;
use crate::games::fresh_fish::state::{MAX_SEATS, Player, Received, own_markers};
use crate::games::fresh_fish::{Action, FreshFish, Phase, View};
use crate::seed::Rng;

/// How far an unrealised reservation counts towards the cap in the estimate search bots read
/// at their leaves: not at all. `mcts` plays out the auctions and builds that could still cost
/// a reservation in its tree and settles the draw under way before reading the estimate, so a
/// discount likely counts that risk a second time; measured, the smaller the stronger. Against
/// `lookahead` at its tuned default (100 games, seed 11, 500 iterations, no settling yet) the
/// search won 20.5% with 0.5 (`lookahead`'s value before tuning, the search's until then),
/// 39.0% with 0.25, 41.0% with `lookahead`'s own 0.1484, 57.5% with 0.05 and 67.0% with 0
/// (docs/guide/search-bots.md).
const SEARCH_RISK: f32 = 0.0;

/// `lookahead`'s default `risk`: tuned by `tourney tune` from 0.5 against `lookahead` at 0.5
/// (40,000 games at 2 seats), it then won 96.3% [94.9, 97.3] of 1,000 fresh games against it
/// (docs/guide/tuning.md).
const RISK: f32 = 0.1484;

/// `risk`, the one parameter.
pub fn params(_: &FreshFish) -> Vec<ParamSpec> {
    vec![ParamSpec::new(
        "risk",
        ParamKind::Float,
        Some(f64::from(RISK)),
        (0.0, 1.0),
        "how far a reservation not yet built counts towards the cap",
    )]
}

/// The bot with its `risk`; it never draws on its random stream.
pub fn make(_: &FreshFish, _: Seat, _: Rng, params: &Params) -> MadeBot<FreshFish> {
    let mut risk = RISK;
    for (name, value) in &params.0 {
        if name != "risk" {
            return Err(format!("bot 'lookahead' takes only 'risk', got '{name}'"));
        }
        risk = value
            .parse()
            .ok()
            .filter(|r: &f32| (0.0..=1.0).contains(r))
            .ok_or_else(|| {
                format!("bot 'lookahead': risk must be a number from 0 to 1, got '{value}'")
            })?;
    }
    Ok(Box::new(Lookahead { risk }))
}

/// `lookahead`'s decision at its default `risk`: what the search plays to settle a draw.
pub fn decide_by_default(view: &View) -> Action {
    decide(view, RISK)
}

struct Lookahead {
    risk: f32,
}

impl Bot<FreshFish> for Lookahead {
    fn act(&mut self, _: &FreshFish, view: &View) -> Action {
        decide(view, self.risk)
    }
}

/// A position as the bot imagines it: the board and the public per-seat records, with the
/// bot's discount of reservations.
#[derive(Clone, Copy)]
struct Sim {
    board: Board,
    players: [Player; MAX_SEATS],
    risk: f32,
}

/// The least sum of est over an assignment of distinct markers to the needed types, a type
/// with no marker counting the cap. Dynamic programming over the set of markers used.
fn assignment(board: &Board, reach: &Reach, need: &[Kind], markers: &[usize], cap: u8) -> u32 {
    let mut cost = [[0u8; 6]; 5];
    for (i, &kind) in need.iter().enumerate() {
        for (j, &m) in markers.iter().enumerate() {
            cost[i][j] = est(board, reach, m, kind, cap);
        }
    }
    let mut dp = [u32::MAX; 64];
    dp[0] = 0;
    let full = 1usize << markers.len();
    for row in &cost[..need.len()] {
        let mut next = [u32::MAX; 64];
        for mask in 0..full {
            let here = dp[mask];
            if here == u32::MAX {
                continue;
            }
            next[mask] = next[mask].min(here + u32::from(cap));
            for (j, &c) in row[..markers.len()].iter().enumerate() {
                if mask >> j & 1 == 0 {
                    let to = mask | 1 << j;
                    next[to] = next[to].min(here + u32::from(c));
                }
            }
        }
        dp = next;
    }
    dp[..full]
        .iter()
        .copied()
        .min()
        .expect("at least the empty assignment")
}

impl Sim {
    fn of(view: &View, risk: f32) -> Sim {
        Sim {
            board: view.board,
            players: view.players,
            risk,
        }
    }

    /// The estimated score of `seat`, lower better.
    fn estimate(&self, reach: &Reach, seat: usize, cap: u8) -> f32 {
        let p = &self.players[seat];
        let mut fixed = 0u32;
        let mut need = [Kind::A; 5];
        let mut needed = 0;
        for kind in Kind::ALL {
            match p.received[kind.index()] {
                Received::Shop(cell) => {
                    fixed += u32::from(est(&self.board, reach, usize::from(cell), kind, cap))
                }
                Received::Eliminated => fixed += u32::from(cap),
                Received::No => {
                    need[needed] = kind;
                    needed += 1;
                }
            }
        }
        let mut markers = [0usize; 6];
        let mut count = 0;
        for m in bits(own_markers(&self.board, seat as u8)).take(6) {
            markers[count] = m;
            count += 1;
        }
        let assigned = assignment(&self.board, reach, &need[..needed], &markers[..count], cap);
        let risk = self.risk;
        let pending = assigned as f32 * (1.0 - risk) + (needed as f32) * f32::from(cap) * risk;
        fixed as f32 + pending - f32::from(p.coins)
    }

    /// The best opponent's estimate minus `me`'s: higher is better for `me`.
    fn value(&self, me: usize, seats: usize, cap: u8) -> f32 {
        let reach = reach(&self.board);
        let mine = self.estimate(&reach, me, cap);
        let best_opponent = (0..seats)
            .filter(|&s| s != me)
            .map(|s| self.estimate(&reach, s, cap))
            .fold(f32::INFINITY, f32::min);
        best_opponent - mine
    }

    /// This position after `seat` builds `content` on its marker at `cell` and pays `price`,
    /// with the road rule applied.
    fn build(&self, cell: usize, content: Content, seat: usize, price: u8) -> Sim {
        let mut next = *self;
        next.board.set(cell, content);
        next.players[seat].supply += 1;
        next.players[seat].coins -= price;
        if let Content::Shop(kind, _) = content {
            next.players[seat].received[kind.index()] = Received::Shop(cell as u8);
        }
        let players = &mut next.players;
        apply_road_rule(&mut next.board, |p| players[usize::from(p)].supply += 1);
        next
    }

    /// The best value `seat` can reach by building `content` on one of its markers, and where.
    fn best_build(
        &self,
        content: Content,
        seat: usize,
        price: u8,
        me: usize,
        seats: usize,
        cap: u8,
    ) -> Option<(f32, usize)> {
        let mut best: Option<(f32, usize)> = None;
        for m in bits(own_markers(&self.board, seat as u8)) {
            let v = self.build(m, content, seat, price).value(me, seats, cap);
            if best.is_none_or(|(bv, _)| v > bv) {
                best = Some((v, m));
            }
        }
        best
    }

    /// The nearest est of `seat`'s markers to Producer(kind), if it has any.
    fn nearest(&self, reach: &Reach, seat: usize, kind: Kind, cap: u8) -> Option<u8> {
        self.nearest_marker(reach, seat, kind, cap)
            .map(|m| est(&self.board, reach, m, kind, cap))
    }

    /// `seat`'s marker with the smallest est to Producer(kind), ties to the lowest cell.
    fn nearest_marker(&self, reach: &Reach, seat: usize, kind: Kind, cap: u8) -> Option<usize> {
        bits(own_markers(&self.board, seat as u8))
            .min_by_key(|&m| est(&self.board, reach, m, kind, cap))
    }
}

/// `lookahead`'s estimated final score of every seat of a position, lower better: what search
/// bots read at the leaves of their trees.
pub fn estimated_scores(board: &Board, players: &[Player; MAX_SEATS], seats: usize) -> Vec<f32> {
    let sim = Sim {
        board: *board,
        players: *players,
        risk: SEARCH_RISK,
    };
    let reach = reach(board);
    let cap = crate::games::fresh_fish::scoring::cap(seats);
    (0..seats).map(|s| sim.estimate(&reach, s, cap)).collect()
}

/// What the auction for `kind` is worth to `seat`: the distance it saves, in full if no other
/// shop of the type is left to come (losing means the cap), else discounted like a reservation.
fn saving(sim: &Sim, reach: &Reach, seat: usize, kind: Kind, cap: u8, others_left: u8) -> f32 {
    match sim.nearest(reach, seat, kind, cap) {
        None => 0.0,
        Some(e) => f32::from(cap - e) * if others_left == 0 { 1.0 } else { sim.risk },
    }
}

/// Opponents are modelled as bidding half their saving, as `greedy` does.
fn predicted_bid(sim: &Sim, reach: &Reach, seat: usize, kind: Kind, cap: u8, left: u8) -> u8 {
    let s = saving(sim, reach, seat, kind, cap, left) / 2.0;
    sim.players[seat].coins.min(s as u8)
}

/// The largest bid below the saving, but no more than one above the strongest predicted
/// opponent bid (the drawer wins ties, so then no more than equal to it). Also returns the
/// predicted winning opponent, if any, and its bid.
fn plan_bid(
    sim: &Sim,
    me: usize,
    seats: usize,
    kind: Kind,
    drawer: usize,
    cap: u8,
    left: u8,
) -> (u8, Option<(usize, u8)>) {
    let reach = reach(&sim.board);
    let s = saving(sim, &reach, me, kind, cap, left);
    let most = (s.ceil() as u8)
        .saturating_sub(1)
        .min(sim.players[me].coins);
    let rival = (0..seats)
        .filter(|&o| o != me && !sim.players[o].has_received(kind))
        .map(|o| (o, predicted_bid(sim, &reach, o, kind, cap, left)))
        .max_by_key(|&(o, b)| (b, std::cmp::Reverse((o + seats - drawer) % seats)));
    let enough = match rival {
        None => 0,
        Some((_, b)) if me == drawer => b,
        Some((_, b)) => b.saturating_add(1),
    };
    (most.min(enough), rival)
}

/// Expected value of drawing: each tile kind weighted by its count in the bag.
fn draw_value(sim: &Sim, view: &View, now: f32) -> f32 {
    let (me, seats, cap) = (view.seat, view.seats, view.cap());
    let total = view.bag.total() as f32;
    let mut expected = 0.0;
    if view.bag.trees > 0 {
        let v = sim
            .best_build(Content::Tree, me, 0, me, seats, cap)
            .map_or(now, |(v, _)| v);
        expected += f32::from(view.bag.trees) * v;
    }
    for kind in Kind::ALL {
        let count = view.bag.shops[kind.index()];
        if count == 0 {
            continue;
        }
        let (bid, rival) = plan_bid(sim, me, seats, kind, me, cap, count - 1);
        let wins = !sim.players[me].has_received(kind)
            && own_markers(&sim.board, me as u8) != 0
            && rival.is_none_or(|(_, b)| bid >= b);
        // The winner is assumed to build on its nearest marker: one simulation per branch.
        let reach = reach(&sim.board);
        let v = if wins {
            let shop = Content::Shop(kind, me as u8);
            sim.nearest_marker(&reach, me, kind, cap)
                .map_or(now, |m| sim.build(m, shop, me, bid).value(me, seats, cap))
        } else if let Some((o, b)) = rival {
            let theirs = Content::Shop(kind, o as u8);
            sim.nearest_marker(&reach, o, kind, cap)
                .map_or(now, |m| sim.build(m, theirs, o, b).value(me, seats, cap))
        } else {
            now
        };
        expected += f32::from(count) * v;
    }
    expected / total
}

fn decide(view: &View, risk: f32) -> Action {
    let sim = Sim::of(view, risk);
    let (me, seats, cap) = (view.seat, view.seats, view.cap());
    match view.phase {
        Phase::Turn => {
            let now = sim.value(me, seats, cap);
            let cells = view.placement_cells();
            let reach = reach(&sim.board);
            let mut best: Option<(f32, usize)> = None;
            for x in bits(cells) {
                // A marker changes no distance, so only this seat's estimate moves.
                let mut next = sim;
                next.board.set(x, Content::Marker(me as u8));
                let mine = next.estimate(&reach, me, cap);
                if best.is_none_or(|(bv, _)| -mine > bv) {
                    best = Some((-mine, x));
                }
            }
            let placed = best.map(|(v, x)| (v + sim.estimate(&reach, me, cap) + now, x));
            let draw = view.can_draw().then(|| draw_value(&sim, view, now));
            match (placed, draw) {
                (Some((pv, x)), Some(dv)) if pv > dv => Action::PlaceMarker(x as u8),
                (_, Some(_)) => Action::Draw,
                (Some((_, x)), None) => Action::PlaceMarker(x as u8),
                (None, None) => Action::Pass,
            }
        }
        Phase::BuildTree => {
            let (_, cell) = sim
                .best_build(Content::Tree, me, 0, me, seats, cap)
                .expect("a tree is drawn only with a marker on the board");
            Action::Build(cell as u8)
        }
        Phase::BuildShop { kind, .. } => {
            let shop = Content::Shop(kind, me as u8);
            let (_, cell) = sim
                .best_build(shop, me, 0, me, seats, cap)
                .expect("a shop is built only with a marker on the board");
            Action::Build(cell as u8)
        }
        Phase::Auction(kind) => {
            let left = view.bag.shops[kind.index()];
            let (bid, _) = plan_bid(&sim, me, seats, kind, view.turn_seat, cap, left);
            Action::Bid(bid)
        }
        Phase::Over => unreachable!("nobody acts once the game is over"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fresh_fish::tests::play_bots;

    fn made(params: &[(&str, &str)]) -> Result<(), String> {
        let params = Params(
            params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        );
        let game = crate::games::fresh_fish::tests::new_game(2, 1).0;
        let rng = crate::seed::rng(1, 0, crate::seed::Stream::Seat(0));
        make(&game, 0, rng, &params).map(|_| ())
    }

    #[test]
    fn risk_is_declared_with_its_tuned_default_and_checked() {
        let game = crate::games::fresh_fish::tests::new_game(2, 1).0;
        let declared = params(&game);
        assert_eq!(declared.len(), 1);
        assert_eq!(
            (declared[0].name.as_str(), declared[0].default),
            ("risk", Some(f64::from(0.1484f32)))
        );
        assert_eq!((declared[0].min, declared[0].max), (0.0, 1.0));
        assert!(made(&[("risk", "0")]).is_ok() && made(&[("risk", "1")]).is_ok());
        for (key, value, shows) in [
            ("risk", "1.5", "from 0 to 1, got '1.5'"),
            ("risk", "-0.1", "got '-0.1'"),
            ("risk", "high", "got 'high'"),
            ("rsk", "0.4", "takes only 'risk', got 'rsk'"),
        ] {
            let err = made(&[(key, value)]).expect_err(value);
            assert!(err.contains("lookahead") && err.contains(shows), "{err}");
        }
    }

    #[test]
    fn the_default_risk_is_the_tuned_one_and_the_old_one_plays_otherwise() {
        let mut differs = false;
        for seed in 0..6 {
            let plain = play_bots(&["lookahead", "greedy", "lookahead"], seed, |_, _| {});
            let given = play_bots(
                &["lookahead:risk=0.1484", "greedy", "lookahead:risk=0.1484"],
                seed,
                |_, _| {},
            );
            assert_eq!(
                (&plain.board, &plain.outcome),
                (&given.board, &given.outcome)
            );
            let bold = play_bots(
                &["lookahead:risk=0.5", "greedy", "lookahead"],
                seed,
                |_, _| {},
            );
            differs |= bold.board != plain.board;
        }
        assert!(differs, "risk changes some game");
    }
}
