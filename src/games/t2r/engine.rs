//! `impl Game for TicketToRide`: wires the rules, the view and scoring into the generic trait.
//! The legal-action list is built from the view with the same predicates `is_legal` uses.

use super::action::{Action, Colour, Phase};
use super::rules;
use super::scoring::{self, score};
use super::state::State;
use super::view::{UNCLAIMED, View};
use super::{RuleSet, TicketToRide};
use crate::game::{ChanceLog, Game, GameInfo, Seat, ToAct};
use crate::outcome::{Outcome, Termination};
use crate::seed::Rng;

/// The per-seat columns of `games.csv`, in the order of [`Game::extra_values`].
const EXTRA_COLUMNS: [&str; 8] = [
    "route_points",
    "ticket_points",
    "trail_bonus",
    "longest_trail",
    "tickets",
    "tickets_completed",
    "trains_left",
    "cards_in_hand",
];

fn count_u8(n: usize) -> u8 {
    u8::try_from(n).expect("counts fit a byte")
}

impl Game for TicketToRide {
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
        if state.outcome.is_some() {
            ToAct::Over
        } else {
            ToAct::Seat(state.seat)
        }
    }

    fn view(&self, state: &State, seat: Seat) -> View {
        let map = self.map();
        let mut view = View {
            seat,
            rules: self.rules(),
            phase: state.phase,
            turns_taken: [0; 2],
            hand: [0; 9],
            tickets: Vec::with_capacity(map.tickets.len()),
            offer: Vec::with_capacity(3),
            min_keep: 0,
            owners: Vec::with_capacity(map.routes.len()),
            face_up: [None; 5],
            deck_len: 0,
            discard: [0; 9],
            ticket_pile_len: 0,
            trains: [0; 2],
            hand_sizes: [0; 2],
            tickets_held: [0; 2],
            route_points: [0; 2],
            opponent_known: [0; 9],
            final_round: false,
            first_card: None,
        };
        self.view_into(state, seat, &mut view);
        view
    }

    /// Writes every field over the old view; its vectors keep their buffers, made big enough
    /// for the whole game by [`Game::view`], so a refill allocates nothing.
    fn view_into(&self, state: &State, seat: Seat, view: &mut View) {
        let me = &state.players[seat];
        let opponent = &state.players[1 - seat];
        let acting = seat == state.seat;
        view.min_keep = if acting {
            rules::min_keep(self.rules(), state.phase, me.tickets.len())
        } else {
            0
        };
        refill(&mut view.tickets, &me.tickets);
        refill(&mut view.offer, me.offer());
        refill(&mut view.owners, &state.owners);
        view.seat = seat;
        view.rules = self.rules();
        view.phase = state.phase;
        view.turns_taken = state.turns_taken;
        view.hand = me.hand;
        view.face_up = state.face_up;
        view.deck_len = u16::try_from(state.deck.len()).expect("110 cards");
        view.discard = state.discard;
        view.ticket_pile_len = u16::try_from(state.ticket_pile.len()).expect("few tickets");
        let [first, second] = &state.players;
        view.trains = [first.trains, second.trains];
        view.hand_sizes = [first.cards(), second.cards()];
        view.tickets_held = [
            count_u8(first.tickets.len()),
            count_u8(second.tickets.len()),
        ];
        view.route_points = [first.route_points, second.route_points];
        view.opponent_known = opponent.known;
        view.final_round = state.final_turns_left.is_some();
        view.first_card = if acting { state.first_card } else { None };
    }

    /// Order: blind draw, face-up draws (`official` by slot, `cgs` by colour code), claims in
    /// canonical order (§3.5, §4.8), draw tickets, pass; ticket choices by ascending mask.
    fn legal_actions(&self, view: &View) -> Vec<Action> {
        let rules = self.rules();
        let deck_len = usize::from(view.deck_len);
        let mut actions = Vec::new();
        match view.phase {
            Phase::SetupTickets | Phase::ChooseTickets => {
                let len = count_u8(view.offer.len());
                for mask in 1..(1u8 << len) {
                    if rules::keep_legal(mask, len, view.min_keep) {
                        actions.push(Action::KeepTickets(mask));
                    }
                }
            }
            Phase::SecondCard => {
                for action in std::iter::once(Action::DrawBlind).chain(face_up_draws(view)) {
                    if rules::second_card_legal(
                        rules,
                        &view.face_up,
                        deck_len,
                        &view.discard,
                        &action,
                    ) {
                        actions.push(action);
                    }
                }
            }
            Phase::TurnStart => {
                if rules::must_draw_tickets(rules, view.seat, view.turns_taken) {
                    return vec![Action::DrawTickets];
                }
                if rules::blind_draw_legal(rules, deck_len, &view.discard) {
                    actions.push(Action::DrawBlind);
                }
                actions.extend(face_up_draws(view));
                self.push_claims(view, &mut actions);
                if rules == RuleSet::Cgs || view.ticket_pile_len > 0 {
                    actions.push(Action::DrawTickets);
                }
                if actions.is_empty() {
                    actions.push(Action::Pass);
                }
            }
        }
        actions
    }

    fn is_legal(&self, state: &State, seat: Seat, action: &Action) -> bool {
        rules::is_legal(self, state, seat, action)
    }

    fn describe(&self, state: &State, seat: Seat, action: &Action) -> String {
        super::notation::describe(self, state, seat, action)
    }

    fn explain_illegal(&self, state: &State, seat: Seat, action: &Action) -> String {
        super::illegal::explain(self, state, seat, action)
    }

    fn apply(&self, state: &mut State, seat: Seat, action: Action) {
        rules::apply(self, state, seat, action);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        state.outcome.clone()
    }

    fn forfeit(&self, state: &State, culprit: Seat, termination: Termination) -> Outcome {
        scoring::forfeit(self, state, culprit, termination)
    }

    fn turns(&self, state: &State) -> u32 {
        state.turns_taken[0] + state.turns_taken[1]
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        &EXTRA_COLUMNS
    }

    fn extra_values(&self, state: &State, seat: Seat) -> Vec<f64> {
        let s = state.final_scores.unwrap_or_else(|| score(self, state))[seat];
        let player = &state.players[seat];
        vec![
            f64::from(s.route_points),
            f64::from(s.ticket_points),
            f64::from(s.trail_bonus),
            f64::from(s.longest_trail),
            f64::from(s.tickets),
            f64::from(s.tickets_completed),
            f64::from(player.trains),
            player.hand_size() as f64,
        ]
    }
}

/// `buffer` made a copy of `from`, reusing its allocation.
fn refill<T: Copy>(buffer: &mut Vec<T>, from: &[T]) {
    buffer.clear();
    buffer.extend_from_slice(from);
}

/// Every face-up draw the view shows, in this rule set's encoding, locomotives included.
fn face_up_draws(view: &View) -> impl Iterator<Item = Action> + '_ {
    let slots = (0..5u8).filter(|&s| view.face_up[usize::from(s)].is_some());
    let official = slots
        .filter(move |_| view.rules == RuleSet::Official)
        .map(Action::DrawSlot);
    let colours = Colour::ALL
        .into_iter()
        .filter(move |&c| view.rules == RuleSet::Cgs && view.face_up.contains(&Some(c)))
        .map(Action::DrawColour);
    official.chain(colours)
}

impl TicketToRide {
    /// Legal claims in canonical order: `track_id`, colour code, locomotives ascending. In
    /// `official` a pure-locomotive payment is listed only as `c = Locomotive` (§3.5); in
    /// `cgs` every accepted (route, c, n) with n ≤ L is listed (§4.8).
    fn push_claims(&self, view: &View, actions: &mut Vec<Action>) {
        let rules = self.rules();
        let trains = view.trains[view.seat];
        for route in &self.map().routes {
            let owner = view.owners[usize::from(route.id)];
            if owner != UNCLAIMED || trains < route.length {
                continue;
            }
            for colour in Colour::ALL {
                let allowed = colour == Colour::Locomotive
                    || route.is_gray()
                    || route.colours.contains(&colour);
                if !allowed {
                    continue;
                }
                // Fewer locomotives than this cannot cover the route with this colour.
                let fewest = route.length.saturating_sub(view.hand[colour.index()]);
                let fewest = if colour == Colour::Locomotive {
                    0
                } else {
                    fewest
                };
                for locomotives in fewest..=route.length {
                    let duplicate = rules == RuleSet::Official
                        && colour != Colour::Locomotive
                        && locomotives == route.length;
                    let legal = rules::claim_legal(
                        rules,
                        route,
                        owner,
                        trains,
                        &view.hand,
                        colour,
                        locomotives,
                    );
                    if !duplicate && legal {
                        actions.push(Action::Claim {
                            route: route.id,
                            colour,
                            locomotives,
                        });
                    }
                }
            }
        }
    }
}
