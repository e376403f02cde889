//! `impl Game` and `impl Resample` for [`FreshFish`]: wires the rules, the view and scoring
//! into the generic traits.

use super::FreshFish;
use super::action::Action;
use super::bots::lookahead::decide_by_default;
use super::rules;
use super::scoring::score_all;
use super::state::{MAX_SEATS, Phase, State};
use super::view::View;
use crate::game::{ChanceLog, Game, GameInfo, Resample, Seat, ToAct};
use crate::outcome::{Outcome, Termination};
use crate::search::Search;
use crate::seed::Rng;
use rand::RngExt;
use rand::seq::SliceRandom;

/// The per-seat columns of `games.csv`, in the order of [`Game::extra_values`].
const EXTRA_COLUMNS: [&str; 5] = [
    "distances",
    "coins_left",
    "coins_paid",
    "shops_built",
    "shops_eliminated",
];

impl Game for FreshFish {
    type State = State;
    type View = View;
    type Action = Action;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn new_state(&self, chance: Rng) -> State {
        rules::new_state(self, chance, ChanceLog::off())
    }

    fn to_act(&self, state: &State) -> ToAct {
        match state.phase {
            Phase::Over => ToAct::Over,
            Phase::Turn | Phase::BuildTree => ToAct::Seat(usize::from(state.seat)),
            Phase::BuildShop { winner, .. } => ToAct::Seat(usize::from(winner)),
            Phase::Auction(_) => ToAct::Simultaneous(
                (0..state.seats())
                    .filter(|&s| state.bidders >> s & 1 == 1 && state.bids[s].is_none())
                    .collect(),
            ),
        }
    }

    fn view(&self, state: &State, seat: Seat) -> View {
        View::of(state, seat)
    }

    fn legal_actions(&self, view: &View) -> Vec<Action> {
        view.legal_actions()
    }

    fn is_legal(&self, state: &State, seat: Seat, action: &Action) -> bool {
        rules::is_legal(state, seat, action)
    }

    fn describe(&self, state: &State, _seat: Seat, action: &Action) -> String {
        super::notation::describe(state, action)
    }

    fn explain_illegal(&self, state: &State, seat: Seat, action: &Action) -> String {
        rules::explain_illegal(state, seat, action)
    }

    fn apply(&self, state: &mut State, seat: Seat, action: Action) {
        rules::apply(self, state, seat, action);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        state.outcome.clone()
    }

    fn forfeit(&self, state: &State, culprit: Seat, termination: Termination) -> Outcome {
        rules::forfeit(state, culprit, termination)
    }

    fn turns(&self, state: &State) -> u32 {
        state.turns
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        &EXTRA_COLUMNS
    }

    /// Read at the end of a game, when the board is closed; after a forfeit, of the position
    /// as it stands (unreceived types then count the cap).
    fn extra_values(&self, state: &State, seat: Seat) -> Vec<f64> {
        let score = score_all(&state.board, state.players())[seat];
        let player = &state.players[seat];
        vec![
            f64::from(score.distances),
            f64::from(player.coins),
            f64::from(player.paid),
            f64::from(score.shops_built),
            f64::from(score.shops_eliminated),
        ]
    }
}

/// Redraws the only hidden part a view lacks: the bag order (and a fresh chance RNG), from the
/// bot's own stream. Sealed bids of an open auction are unknown, so none are filled in: the
/// resampled state waits for every asked seat's bid.
impl Resample for FreshFish {
    fn resample(&self, view: &View, rng: &mut Rng) -> State {
        let mut bag = view.bag.tiles();
        bag.shuffle(rng);
        let mut state = rules::new_state(self, Rng::new(rng.random()), ChanceLog::off());
        // Only the layout fields of that fresh setup survive; everything public is copied.
        state.board = view.board;
        state.players = view.players;
        state.bag = bag;
        state.phase = view.phase;
        state.seat = u8::try_from(view.turn_seat).expect("at most 5 seats");
        state.bidders = view.bidders;
        state.bids = [None; MAX_SEATS];
        // Eligible seats with no coins were not asked: they bid 0 (§5.3).
        if let Phase::Auction(kind) = view.phase {
            for (seat, p) in view.players[..view.seats].iter().enumerate() {
                if !p.has_received(kind) && view.bidders >> seat & 1 == 0 {
                    state.bids[seat] = Some(0);
                }
            }
        }
        state.last_auction = view.last_auction;
        state.unowned_eliminated = view.unowned_eliminated;
        let coins: u16 = view.players[..view.seats]
            .iter()
            .map(|p| u16::from(p.coins))
            .sum();
        state.bank = u16::from(super::state::START_COINS) * view.seats as u16 - coins;
        state.turns = view.turns;
        state.passes = view.passes;
        state
    }
}

/// Scores are distances (lower wins); a few steps are a clear lead.
impl Search for FreshFish {
    fn score_scale(&self) -> f64 {
        5.0
    }

    /// Rollouts cut at once for `lookahead`'s estimate: full random rollouts (the whole bag)
    /// misjudge the road rule. With the estimate's old discount of reservations deeper trees
    /// lost (against `lookahead` at `risk` 0.5, 200 games, seed 7: 500 iterations won 85.0%,
    /// 1000 51.0%, 3000 30.8%); with reservations counted in full and draws settled, 1000
    /// iterations beat the tuned `lookahead` a little more often than 500 (78.5% against
    /// 73.5% of 100 games, seed 11) at twice the time, and 500 is enough for the goal.
    fn mcts_defaults(&self) -> &'static [(&'static str, &'static str)] {
        &[("iterations", "500"), ("depth", "0")]
    }

    /// `lookahead`'s estimate (§10.3): capped distances of built shops, the best assignment
    /// of markers to the types still needed, minus coins, read once the draw under way is
    /// settled ([`settle`]). The default (the board closed as it stands) counts every type not
    /// yet received at the cap, so it cannot tell a good reservation from none.
    fn estimate(&self, state: &State) -> Vec<f64> {
        let settled = settle(self, state);
        let state = settled.as_ref().unwrap_or(state);
        if let Some(outcome) = &state.outcome {
            return outcome.scores.iter().map(|&s| f64::from(s)).collect();
        }
        super::bots::lookahead::estimated_scores(&state.board, &state.players, state.seats())
            .into_iter()
            .map(f64::from)
            .collect()
    }
}

/// `state` after the draw under way (an auction, then a build, or a tree to build) is played
/// out by `lookahead` at its default, every asked seat deciding as it would; `None` when no
/// draw is under way. The estimate cannot see a drawn tile that is not yet on the board, so a
/// leaf cut off mid-draw valued the draw as if nothing had been drawn: settling it lifted
/// `mcts` against `lookahead` from 57.5% to 70.5% of 100 games (seed 11, `risk` 0.05 in the
/// estimate). `lookahead` never draws on its random stream, so the estimate stays a function
/// of the state.
fn settle(game: &FreshFish, state: &State) -> Option<State> {
    if matches!(state.phase, Phase::Turn | Phase::Over) {
        return None;
    }
    let mut settled = state.clone();
    loop {
        let seats = match game.to_act(&settled) {
            ToAct::Over => break,
            _ if settled.phase == Phase::Turn => break,
            ToAct::Seat(seat) => vec![seat],
            ToAct::Simultaneous(seats) => seats,
        };
        let joint: Vec<(Seat, Action)> = seats
            .into_iter()
            .map(|seat| (seat, decide_by_default(&View::of(&settled, seat))))
            .collect();
        for (seat, action) in joint {
            game.apply(&mut settled, seat, action);
        }
    }
    Some(settled)
}
