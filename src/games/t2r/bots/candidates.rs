//! The few moves `mcts` weighs in Ticket to Ride instead of every legal action. A turn start
//! offers a hundred or more actions (every face-up slot, every route with every payment), and a
//! search of a hundred rollouts spread over them learns nothing; these macro-actions keep the
//! choices that change the game (build a planned route now or hoard on) with one payment each,
//! and put `expert-plus`'s own move first, so a search that finds nothing better plays it.
//!
//! Everything here reads one seat's view: pruning may not use what the seat cannot know.

use super::expert::Expert;
use super::payment::{best_claim_by_points, claim, greedy_payment};
use crate::bot::Bot;
use crate::game::Game;
use crate::games::t2r::maps::Map;
use crate::games::t2r::scoring::Joined;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Phase, TicketToRide};

/// Off-plan claims (the most points the hand pays) are weighed once either seat is down to
/// this many trains, when points now beat a plan the game may not leave time for.
const ENDGAME_TRAINS: u8 = 12;

/// Planned claims weighed besides the expert's move: more spread a hundred rollouts too thin.
const PLANNED_CLAIMS: usize = 3;

/// The move `expert-plus` makes in `view`, by a bot made for this one decision (it keeps no
/// state a single decision needs, and it never draws on its random stream).
pub fn expert_move(game: &TicketToRide, view: &View) -> Action {
    Expert::plus().act(game, view)
}

/// The moves worth searching in `view`, `expert-plus`'s first, each legal and listed once.
/// Only a turn start has others: every claim that completes a held ticket at once (greedy
/// payment), the first few routes of the expert's plan that the hand pays
/// now (building now instead of hoarding; its payment rule's payment), a blind draw
/// (hoarding instead of building), and near the end the claim with the most points. Ticket
/// choices and second cards are the expert's alone: a probe that searched every ticket choice
/// and offered new tickets at every turn took too many of them (4.5 a game against the
/// expert's 2.7) and lost three games in four to `expert-plus`, since rollouts give the
/// opponent random tickets and so underrate how much it blocks.
pub fn candidates(game: &TicketToRide, view: &View) -> Vec<Action> {
    let legal = game.legal_actions(view);
    if legal.len() <= 1 {
        return legal;
    }
    let map = game.map();
    let mut expert = Expert::plus();
    let mut moves = vec![expert.act(game, view)];
    if view.phase == Phase::TurnStart {
        moves.extend(completing_claims(map, view));
        let planned = expert.planned_claims(map, view);
        moves.extend(planned.into_iter().take(PLANNED_CLAIMS));
        moves.push(Action::DrawBlind);
        if view.trains.iter().any(|&t| t <= ENDGAME_TRAINS) {
            moves.extend(best_claim_by_points(map, view, |_| false));
        }
    }
    let mut unique: Vec<Action> = Vec::with_capacity(moves.len());
    for action in moves {
        let same_route = |a: &Action| match (a, &action) {
            (Action::Claim { route: r, .. }, Action::Claim { route: s, .. }) => r == s,
            (a, b) => a == b,
        };
        if legal.contains(&action) && !unique.iter().any(same_route) {
            unique.push(action);
        }
    }
    unique
}

/// The claims the hand pays now (greedy payment) that join the two cities of a held ticket not
/// joined yet.
fn completing_claims(map: &Map, view: &View) -> Vec<Action> {
    let mut joined = Joined::new(map, |id| view.is_mine(id));
    let open: Vec<(u8, u8)> = view
        .tickets
        .iter()
        .map(|&t| &map.tickets[usize::from(t)])
        .map(|t| (joined.root(t.from), joined.root(t.to)))
        .filter(|(a, b)| a != b)
        .collect();
    let mut claims = Vec::new();
    for route in &map.routes {
        if !view.is_unclaimed(usize::from(route.id)) || route.length > view.my_trains() {
            continue;
        }
        let ends = (joined.root(route.a), joined.root(route.b));
        let joins = open.iter().any(|&(a, b)| (a, b) == ends || (b, a) == ends);
        if joins && let Some(payment) = greedy_payment(route, &view.hand) {
            claims.push(claim(route, payment, view.rules));
        }
    }
    claims
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{hand, view};
    use crate::games::t2r::tests::route_between;
    use crate::games::t2r::{Colour, MapName, RuleSet};

    fn game() -> TicketToRide {
        TicketToRide::new(MapName::Usa, RuleSet::Official, 500)
    }

    fn ticket_between(game: &TicketToRide, a: &str, b: &str) -> u16 {
        let map = game.map();
        let city = |name: &str| map.cities.iter().position(|c| c == name).expect("a city");
        let (a, b) = (city(a), city(b));
        let id = map
            .tickets
            .iter()
            .position(|t| {
                let ends = (usize::from(t.from), usize::from(t.to));
                ends == (a, b) || ends == (b, a)
            })
            .expect("a ticket");
        u16::try_from(id).expect("few tickets")
    }

    #[test]
    fn the_claim_that_completes_a_ticket_is_a_candidate() {
        let game = game();
        let mut v = view(game.map());
        // Denver–El Paso with Denver–Santa Fe already owned: Santa Fe–El Paso completes it.
        v.tickets = vec![ticket_between(&game, "Denver", "El Paso")];
        v.owners[usize::from(route_between(&game, "Denver", "Santa Fe"))] = 0;
        v.trains[0] -= 2;
        v.route_points[0] = 2;
        v.hand = hand(&[(Colour::Red, 2), (Colour::Blue, 1)]);
        let completes = route_between(&game, "Santa Fe", "El Paso");
        let moves = candidates(&game, &v);
        assert!(
            moves
                .iter()
                .any(|a| matches!(a, Action::Claim { route, .. } if *route == completes)),
            "{moves:?}"
        );
        assert_eq!(moves[0], expert_move(&game, &v));
        assert!(moves.contains(&Action::DrawBlind));
        let legal = game.legal_actions(&v);
        assert!(moves.iter().all(|a| legal.contains(a)));
        assert!(moves.len() < 12 && moves.len() < legal.len(), "{moves:?}");
    }

    #[test]
    fn ticket_choices_and_second_cards_are_the_experts_alone() {
        let game = game();
        let mut v = view(game.map());
        v.phase = Phase::ChooseTickets;
        v.offer = vec![0, 1, 2];
        v.min_keep = 1;
        assert_eq!(candidates(&game, &v), vec![expert_move(&game, &v)]);
        v.phase = Phase::SecondCard;
        v.offer = Vec::new();
        v.min_keep = 0;
        v.first_card = Some(Colour::Red);
        assert_eq!(candidates(&game, &v), vec![expert_move(&game, &v)]);
    }
}
