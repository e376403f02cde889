//! Final scoring (§3.9), ranking with the full tie-break chain (§3.10), and the endings that
//! store an [`Outcome`] in the state. Runs only when a game ends (or for reports), so it may
//! allocate and compute trails.

use super::chance_event::ChanceEvent;
use super::maps::Map;
use super::state::{Score, State};
use super::trail::longest_trail;
use super::{RuleSet, TicketToRide};
use crate::outcome::{Outcome, Termination};
use rand::RngExt;

/// Bonus for the longest continuous trail, to both players on a tie.
pub const TRAIL_BONUS: i32 = 10;

/// The final scoring of §3.9 applied to the position as it stands.
pub fn score(game: &TicketToRide, state: &State) -> [Score; 2] {
    let map = game.map();
    let trails = [0, 1].map(|seat| longest_trail(map, &state.owners, seat));
    let best = trails[0].max(trails[1]);
    [0, 1].map(|seat| {
        let player = &state.players[seat];
        let mut joined = Joined::new(map, |id| usize::from(state.owners[id]) == seat);
        let (mut ticket_points, mut completed) = (0, 0);
        for &id in &player.tickets {
            let ticket = &map.tickets[usize::from(id)];
            if joined.joins(ticket.from, ticket.to) {
                ticket_points += ticket.points;
                completed += 1;
            } else {
                ticket_points -= ticket.points;
            }
        }
        let trail_bonus = if trails[seat] == best { TRAIL_BONUS } else { 0 };
        Score {
            route_points: player.route_points,
            ticket_points,
            trail_bonus,
            total: player.route_points + ticket_points + trail_bonus,
            longest_trail: trails[seat],
            tickets: u32::try_from(player.tickets.len()).expect("few tickets"),
            tickets_completed: completed,
        }
    })
}

/// The cities one seat's routes join: a union-find over the map's cities, for whether a
/// ticket is complete (scoring, and the search's ticket-completing claims).
pub struct Joined {
    /// An array, not a vector: scoring builds one per seat of every game.
    parent: [u8; MAX_CITIES],
}

/// Cities a map may have (the largest has 47).
const MAX_CITIES: usize = 64;

impl Joined {
    /// The groups of cities joined by the routes `owns` (by route id) says are the seat's.
    pub fn new(map: &Map, owns: impl Fn(usize) -> bool) -> Joined {
        assert!(map.cities.len() <= MAX_CITIES, "at most 64 cities");
        let mut joined = Joined {
            parent: std::array::from_fn(|city| u8::try_from(city).expect("64 cities")),
        };
        for route in map.routes.iter().filter(|r| owns(usize::from(r.id))) {
            let (a, b) = (joined.root(route.a), joined.root(route.b));
            joined.parent[usize::from(a)] = b;
        }
        joined
    }

    /// The city that stands for `city`'s group (path halving).
    pub fn root(&mut self, mut city: u8) -> u8 {
        while self.parent[usize::from(city)] != city {
            let grand = self.parent[usize::from(self.parent[usize::from(city)])];
            self.parent[usize::from(city)] = grand;
            city = grand;
        }
        city
    }

    /// Whether the seat's routes join `a` and `b`.
    pub fn joins(&mut self, a: u8, b: u8) -> bool {
        self.root(a) == self.root(b)
    }
}

/// Ranks after final scoring (§3.10). Equal totals are broken by the rule set's chain, and last
/// by a coin toss from the game RNG (drawn only when everything else is equal):
/// - `official`, the published rule: more completed tickets, then the longer trail (the holder
///   of the Longest Continuous Path card);
/// - `cgs`, the contest handout's order: the longer trail, more tickets held (completed or not),
///   fewer train cards in hand.
fn rank(game: &TicketToRide, state: &mut State, scores: &[Score; 2]) -> Vec<u8> {
    // Greater is better, compared element by element; fewer cards is better, hence negated.
    let key = |seat: usize| -> Vec<i64> {
        let s = &scores[seat];
        let cards = i64::try_from(state.players[seat].hand_size()).expect("110 cards at most");
        let total = i64::from(s.total);
        match game.rules() {
            RuleSet::Official => vec![
                total,
                i64::from(s.tickets_completed),
                i64::from(s.longest_trail),
            ],
            RuleSet::Cgs => vec![
                total,
                i64::from(s.longest_trail),
                i64::from(s.tickets),
                -cards,
            ],
        }
    };
    let winner = match key(0).cmp(&key(1)) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => {
            let winner = state.rng.random_range(0..2usize);
            state.chance.push(|| ChanceEvent::CoinToss { winner });
            winner
        }
    };
    winner_ranks(winner)
}

fn winner_ranks(winner: usize) -> Vec<u8> {
    if winner == 0 { vec![1, 2] } else { vec![2, 1] }
}

/// Ends the game with final scoring and ranking.
pub(super) fn finish_scored(game: &TicketToRide, state: &mut State, termination: Termination) {
    let scores = score(game, state);
    let ranks = rank(game, state, &scores);
    state.outcome = Some(Outcome {
        scores: scores.iter().map(|s| s.total).collect(),
        ranks,
        termination,
        culprit: None,
    });
    state.final_scores = Some(scores);
}

/// Ends the game with a winner decided by a `cgs` rule, without final scoring (termination
/// `exhausted`: a supply ran out, which is not the normal end of §3.8). The scores reported are
/// still the final scoring of the position, for information, as for forfeits.
fn finish_decided(game: &TicketToRide, state: &mut State, winner: usize) {
    let scores = score(game, state);
    state.outcome = Some(Outcome {
        scores: scores.iter().map(|s| s.total).collect(),
        ranks: winner_ranks(winner),
        termination: Termination::Exhausted,
        culprit: None,
    });
    state.final_scores = Some(scores);
}

/// `cgs` §4.6: a card had to come from an empty deck and discard. The drawer loses if it holds
/// at least as many cards as its opponent, not counting the card it could not get nor
/// `uncounted` cards it took in the same move: a face-up card whose slot could not be refilled
/// is in its hand already, but the contest server compares hands without it.
pub(super) fn finish_ran_out(
    game: &TicketToRide,
    state: &mut State,
    drawer: usize,
    uncounted: usize,
) {
    let own = state.players[drawer].hand_size() - uncounted;
    let other = state.players[1 - drawer].hand_size();
    let winner = if own >= other { 1 - drawer } else { drawer };
    finish_decided(game, state, winner);
}

/// `cgs` §4.4: fewer than 3 tickets left when drawing. The drawer loses only if it holds more
/// tickets than its opponent.
pub(super) fn finish_tickets_ran_out(game: &TicketToRide, state: &mut State, drawer: usize) {
    let own = state.players[drawer].tickets.len();
    let other = state.players[1 - drawer].tickets.len();
    let winner = if own > other { 1 - drawer } else { drawer };
    finish_decided(game, state, winner);
}

/// The result when `culprit` loses at once (§3.11): scores for information only.
pub(super) fn forfeit(
    game: &TicketToRide,
    state: &State,
    culprit: usize,
    termination: Termination,
) -> Outcome {
    Outcome {
        scores: score(game, state).iter().map(|s| s.total).collect(),
        ranks: winner_ranks(1 - culprit),
        termination,
        culprit: Some(culprit),
    }
}
