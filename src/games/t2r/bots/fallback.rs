//! "Draw blind", made always legal: the §5.0 card fallback of `official`, where the deck and the
//! discard pile can both run dry. Every bot routes its blind draws through [`draw_blind`], so no
//! bot can lose by drawing from nothing.

use super::payment::best_claim_by_points;
use crate::games::t2r::maps::Map;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, Phase, RuleSet};

/// A blind draw if one is possible, else the card fallback:
/// 1. the face-up card in the lowest allowed slot (never a locomotive as second card; as first
///    card, a locomotive only when no other face-up card exists);
/// 2. at a turn start with no card to take at all: draw tickets if the pile is not empty (the
///    bot then answers the offer with its own later-choice rule), else the claim with the most
///    points (greedy payment rule), else pass.
///
/// In `cgs` a blind draw is always sent: running out of cards ends the game there (§4.6).
pub fn draw_blind(map: &Map, view: &View) -> Action {
    if view.rules == RuleSet::Cgs || view.can_draw_blind() {
        return Action::DrawBlind;
    }
    let slot_of = |want: &dyn Fn(Colour) -> bool| {
        view.face_up
            .iter()
            .position(|c| c.is_some_and(want))
            .map(|slot| Action::DrawSlot(u8::try_from(slot).expect("5 slots")))
    };
    if let Some(action) = slot_of(&|c| c != Colour::Locomotive) {
        return action;
    }
    if view.phase != Phase::TurnStart {
        // The engine ends the turn when no legal second card exists, so this is not asked.
        return Action::DrawBlind;
    }
    if let Some(action) = slot_of(&|c| c == Colour::Locomotive) {
        return action;
    }
    if view.ticket_pile_len > 0 {
        return Action::DrawTickets;
    }
    best_claim_by_points(map, view, |_| false).unwrap_or(Action::Pass)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{hand, routes_of_length, usa, view};

    const L: Option<Colour> = Some(Colour::Locomotive);

    fn dry(map: &Map) -> View {
        let mut v = view(map);
        v.deck_len = 0;
        v.discard = [0; 9];
        v
    }

    #[test]
    fn blind_when_possible_and_always_in_cgs() {
        let map = usa();
        let mut v = view(&map);
        v.deck_len = 0;
        v.discard[3] = 1;
        assert_eq!(draw_blind(&map, &v), Action::DrawBlind);
        let mut v = dry(&map);
        v.rules = RuleSet::Cgs;
        assert_eq!(draw_blind(&map, &v), Action::DrawBlind);
    }

    #[test]
    fn lowest_allowed_slot_locomotive_only_as_a_lone_first_card() {
        let map = usa();
        let mut v = dry(&map);
        v.face_up = [L, None, Some(Colour::Red), Some(Colour::Blue), None];
        assert_eq!(draw_blind(&map, &v), Action::DrawSlot(2));
        v.face_up = [None, L, None, None, None];
        assert_eq!(draw_blind(&map, &v), Action::DrawSlot(1));
        v.phase = Phase::SecondCard;
        v.face_up = [L, None, Some(Colour::Red), None, None];
        assert_eq!(draw_blind(&map, &v), Action::DrawSlot(2));
    }

    #[test]
    fn no_card_at_all_draws_tickets_then_claims_then_passes() {
        let map = usa();
        let mut v = dry(&map);
        v.face_up = [None; 5];
        assert_eq!(draw_blind(&map, &v), Action::DrawTickets);
        v.ticket_pile_len = 0;
        assert_eq!(draw_blind(&map, &v), Action::Pass);
        v.hand = hand(&[(Colour::Locomotive, 1)]);
        let first_one = routes_of_length(&map, 1)[0];
        let want = Action::Claim {
            route: first_one,
            colour: Colour::Locomotive,
            locomotives: 1,
        };
        assert_eq!(draw_blind(&map, &v), want);
    }
}
