//! `random` (§5.2), the contest server's PLAY_RANDOM. Despite the name it claims the longest
//! routes it can pay with a single kind of card, and otherwise draws like `do-nothing`.

use super::OnMap;
use super::random_card::random_card;
use super::tickets::{is_cgs_first_turn, keep_all};
use crate::bot::Simple;
use crate::game::Seat;
use crate::games::t2r::maps::{Map, Route};
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, Phase, TicketToRide};
use crate::seed::Rng;
use std::sync::Arc;

pub struct Random {
    rng: Rng,
    /// Route ids by length, longest first, map order on ties: the candidate order.
    longest_first: Arc<[u8]>,
    /// How many candidates, from the first, are claimed or longer than the seat's trains left.
    /// They stay so for the rest of the game (claims are never undone and trains only fall;
    /// a bot plays one seat of one game), so the search for the first candidate resumes here
    /// instead of passing them again at every turn.
    passed: usize,
}

impl Simple<TicketToRide> for Random {
    fn start(game: &TicketToRide, _: Seat, rng: Rng) -> Self {
        Random {
            rng,
            longest_first: Arc::clone(game.longest_first()),
            passed: 0,
        }
    }
}

/// Route ids sorted longest first, map order on ties.
pub fn longest_first(map: &Map) -> Vec<u8> {
    let mut ids: Vec<u8> = map.routes.iter().map(|r| r.id).collect();
    ids.sort_by_key(|&id| std::cmp::Reverse(map.routes[usize::from(id)].length));
    ids
}

impl OnMap for Random {
    fn decide(&mut self, map: &Map, view: &View) -> Action {
        match view.phase {
            Phase::SetupTickets | Phase::ChooseTickets => keep_all(view),
            Phase::TurnStart if is_cgs_first_turn(view) => Action::DrawTickets,
            Phase::TurnStart => self
                .claim(map, view)
                .unwrap_or_else(|| random_card(map, view, &mut self.rng)),
            Phase::SecondCard => random_card(map, view, &mut self.rng),
        }
    }
}

impl Random {
    /// The first (route, track colour) in candidate order whose single-kind pile m satisfies
    /// m ≥ length ≥ Lmax − 1, paid with that kind and no locomotives.
    fn claim(&mut self, map: &Map, view: &View) -> Option<Action> {
        let trains = view.my_trains();
        let route = |id: &u8| &map.routes[usize::from(*id)];
        let open = |r: &Route| view.is_unclaimed(usize::from(r.id)) && r.length <= trains;
        let rest = &self.longest_first[self.passed..];
        let Some(skip) = rest.iter().position(|id| open(route(id))) else {
            self.passed = self.longest_first.len();
            return None;
        };
        self.passed += skip;
        let rest = &rest[skip..];
        let longest = route(&rest[0]).length;
        // The largest pile over all 9 kinds, locomotives included, lowest code on ties.
        let (biggest, biggest_kind) = Colour::ALL.iter().map(|&k| (view.hand[k.index()], k)).fold(
            (0, Colour::Purple),
            |best, (m, k)| if m > best.0 { (m, k) } else { best },
        );
        // Every pile tried below is at most the biggest one: most turns no route can qualify.
        if biggest + 1 < longest {
            return None;
        }
        // Nor can a route longer than the biggest pile, which is checked before its owner.
        let qualifying = rest
            .iter()
            .map(route)
            .take_while(|r| r.length + 1 >= longest)
            .filter(|r| r.length <= biggest && open(r));
        for route in qualifying {
            for &track in &route.colours {
                let (m, kind) = if track == Colour::Locomotive {
                    (biggest, biggest_kind)
                } else {
                    (view.hand[track.index()], track)
                };
                if m >= route.length {
                    return Some(single_kind_claim(route.id, route.length, kind));
                }
            }
        }
        None
    }
}

/// A payment of one kind of card: colour k with no locomotives, or, when k is the locomotive,
/// all locomotives (sent as c = Locomotive, n = L, which both rule sets accept on gray).
fn single_kind_claim(route: u8, length: u8, kind: Colour) -> Action {
    let locomotives = if kind == Colour::Locomotive {
        length
    } else {
        0
    };
    Action::Claim {
        route,
        colour: kind,
        locomotives,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{GRAY, chain_map, hand, view};
    use crate::games::t2r::view::UNCLAIMED;

    /// Lengths 5 (Red), 4 (gray), 6 (Blue/Green), 4 (Yellow), 3 (gray).
    fn board() -> Map {
        chain_map(&[
            (5, &[Colour::Red]),
            (4, GRAY),
            (6, &[Colour::Blue, Colour::Green]),
            (4, &[Colour::Yellow]),
            (3, GRAY),
        ])
    }

    /// The bot on `map` with a fixed stream, as the tests below build it.
    fn random_bot(map: &Map) -> Random {
        Random {
            rng: Rng::new(0),
            longest_first: longest_first(map).into(),
            passed: 0,
        }
    }

    fn claim_of(map: &Map, v: &View) -> Option<Action> {
        random_bot(map).claim(map, v)
    }

    fn claim(route: u8, colour: Colour, locomotives: u8) -> Option<Action> {
        Some(Action::Claim {
            route,
            colour,
            locomotives,
        })
    }

    /// The claim as the rules of `random` state it, every route looked at every turn: the
    /// reference for the bot's resumed, narrowed search.
    fn claim_looking_at_every_route(map: &Map, view: &View) -> Option<Action> {
        let trains = view.my_trains();
        let order = longest_first(map);
        let mut open = order
            .iter()
            .map(|&id| &map.routes[usize::from(id)])
            .filter(|r| view.is_unclaimed(usize::from(r.id)) && r.length <= trains)
            .peekable();
        let longest = open.peek()?.length;
        let biggest = Colour::ALL.iter().map(|&k| view.hand[k.index()]).max()?;
        let biggest_kind = Colour::ALL
            .into_iter()
            .find(|&k| view.hand[k.index()] == biggest)?;
        open.take_while(|r| r.length + 1 >= longest)
            .find_map(|route| {
                route.colours.iter().find_map(|&track| {
                    let (m, kind) = match track {
                        Colour::Locomotive => (biggest, biggest_kind),
                        _ => (view.hand[track.index()], track),
                    };
                    (m >= route.length).then(|| single_kind_claim(route.id, route.length, kind))
                })
            })
    }

    #[test]
    fn resumed_search_claims_what_looking_at_every_route_claims() {
        use crate::bot::Simple;
        use crate::game::{Game, ToAct};
        use crate::games::t2r::tests::game;
        use crate::games::t2r::{MapName, RuleSet};
        use rand::SeedableRng;
        let games = if cfg!(debug_assertions) { 20 } else { 300 };
        let mut claims = 0;
        for map in MapName::ALL {
            for rules in RuleSet::ALL {
                let game = game(map, rules);
                for seed in 0..games {
                    let mut state = game.new_state(Rng::seed_from_u64(seed));
                    let mut bots =
                        [0, 1].map(|seat| Random::start(&game, seat, Rng::new(u128::from(seed))));
                    while let ToAct::Seat(seat) = game.to_act(&state) {
                        let view = game.view(&state, seat);
                        if view.phase == Phase::TurnStart && !is_cgs_first_turn(&view) {
                            let want = claim_looking_at_every_route(game.map(), &view);
                            assert_eq!(bots[seat].claim(game.map(), &view), want);
                            claims += usize::from(want.is_some());
                        }
                        let action = bots[seat].decide(game.map(), &view);
                        game.apply(&mut state, seat, action);
                    }
                }
            }
        }
        assert!(
            claims > 1000,
            "only {claims} claims: the games did not get far"
        );
    }

    #[test]
    fn candidates_longest_first_then_map_order() {
        assert_eq!(longest_first(&board()), vec![2, 0, 1, 3, 4]);
    }

    #[test]
    fn only_the_two_longest_lengths_qualify() {
        let map = board();
        let mut v = view(&map);
        // Lmax = 6: the 4-long routes are too short even with cards for them.
        v.hand = hand(&[(Colour::Yellow, 9), (Colour::Red, 4)]);
        assert_eq!(claim_of(&map, &v), None);
        v.hand = hand(&[(Colour::Yellow, 9), (Colour::Red, 5)]);
        assert_eq!(claim_of(&map, &v), claim(0, Colour::Red, 0));
        // The second track colour counts too; locomotives are never mixed in.
        v.hand = hand(&[(Colour::Green, 6), (Colour::Red, 5)]);
        assert_eq!(claim_of(&map, &v), claim(2, Colour::Green, 0));
        v.hand = hand(&[(Colour::Blue, 5), (Colour::Locomotive, 5)]);
        assert_eq!(claim_of(&map, &v), None);
        // With 5 trains Lmax is 5, so the 4-long routes qualify.
        v.trains[0] = 5;
        v.hand = hand(&[(Colour::Yellow, 4)]);
        assert_eq!(claim_of(&map, &v), claim(1, Colour::Yellow, 0));
        v.owners[0] = 1;
        v.owners[1] = 1;
        v.hand = hand(&[(Colour::Yellow, 4)]);
        assert_eq!(claim_of(&map, &v), claim(3, Colour::Yellow, 0));
    }

    #[test]
    fn gray_uses_the_biggest_pile_of_all_nine_kinds() {
        let map = board();
        let mut v = view(&map);
        v.owners = vec![1, UNCLAIMED, 1, 1, UNCLAIMED];
        // Locomotives are the biggest pile: an all-locomotive payment.
        v.hand = hand(&[(Colour::Red, 3), (Colour::Locomotive, 4)]);
        assert_eq!(claim_of(&map, &v), claim(1, Colour::Locomotive, 4));
        // Equal piles: the lowest code, here White over locomotives.
        v.hand = hand(&[(Colour::White, 4), (Colour::Locomotive, 4)]);
        assert_eq!(claim_of(&map, &v), claim(1, Colour::White, 0));
        // The biggest pile is too small for 4 but fits the 3-long route (Lmax − 1).
        v.hand = hand(&[(Colour::White, 3), (Colour::Locomotive, 2)]);
        assert_eq!(claim_of(&map, &v), claim(4, Colour::White, 0));
    }

    #[test]
    fn first_cgs_turn_draws_tickets_and_it_keeps_everything() {
        let map = board();
        let mut bot = random_bot(&map);
        let mut v = view(&map);
        v.rules = crate::games::t2r::RuleSet::Cgs;
        v.turns_taken = [1, 0];
        v.seat = 1;
        assert_eq!(bot.decide(&map, &v), Action::DrawTickets);
        v.phase = Phase::ChooseTickets;
        v.offer = vec![4, 5, 6];
        assert_eq!(bot.decide(&map, &v), Action::KeepTickets(0b111));
    }
}
