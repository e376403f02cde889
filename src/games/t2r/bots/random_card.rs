//! The card decision of `do-nothing` (§5.1), which `random` reuses exactly: a uniformly chosen
//! non-locomotive face-up card, or a blind draw on a coin toss.

use super::fallback::draw_blind;
use crate::games::t2r::maps::Map;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, RuleSet};
use crate::seed::Rng;
use rand::RngExt;

/// Picks f uniformly among the non-locomotive face-up cards (slot order, duplicates included),
/// then tosses a fair coin: heads (true) draws blind, tails takes f. Both draws are always made,
/// so the bot's stream advances the same way whatever the outcome. With no such card no draw
/// is made and the bot draws blind. Blind draws go through the `official` card fallback.
pub fn random_card(map: &Map, view: &View, rng: &mut Rng) -> Action {
    let mut cards = [(0u8, Colour::Purple); 5];
    let mut count = 0;
    for (slot, card) in view.face_up.iter().enumerate() {
        if let Some(colour) = *card
            && colour != Colour::Locomotive
        {
            cards[count] = (u8::try_from(slot).expect("5 slots"), colour);
            count += 1;
        }
    }
    if count == 0 {
        return draw_blind(map, view);
    }
    let (slot, colour) = cards[rng.random_range(0..count)];
    let heads = rng.random_bool(0.5);
    if heads {
        draw_blind(map, view)
    } else {
        match view.rules {
            RuleSet::Official => Action::DrawSlot(slot),
            RuleSet::Cgs => Action::DrawColour(colour),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{usa, view};
    use rand::SeedableRng;

    /// Replays the two draws on a copy of the stream.
    fn expected(rng: &Rng, count: usize) -> (usize, bool, Rng) {
        let mut copy = rng.clone();
        let pick = copy.random_range(0..count);
        let heads = copy.random_bool(0.5);
        (pick, heads, copy)
    }

    #[test]
    fn two_draws_over_non_locomotive_slots() {
        let map = usa();
        let mut v = view(&map);
        let l = Some(Colour::Locomotive);
        v.face_up = [
            l,
            Some(Colour::Red),
            l,
            Some(Colour::Red),
            Some(Colour::Green),
        ];
        let slots = [(1, Colour::Red), (3, Colour::Red), (4, Colour::Green)];
        let (mut heads_seen, mut tails_seen) = (false, false);
        for seed in 0..40 {
            let rng = Rng::seed_from_u64(seed);
            let (pick, heads, after) = expected(&rng, 3);
            for rules in [RuleSet::Official, RuleSet::Cgs] {
                v.rules = rules;
                let mut r = rng.clone();
                let got = random_card(&map, &v, &mut r);
                assert_eq!(r, after, "exactly two draws");
                let want = match (heads, rules) {
                    (true, _) => Action::DrawBlind,
                    (false, RuleSet::Official) => Action::DrawSlot(slots[pick].0),
                    (false, RuleSet::Cgs) => Action::DrawColour(slots[pick].1),
                };
                assert_eq!(got, want);
            }
            heads_seen |= heads;
            tails_seen |= !heads;
        }
        assert!(heads_seen && tails_seen);
    }

    #[test]
    fn no_face_up_colour_means_blind_without_draws() {
        let map = usa();
        let mut v = view(&map);
        v.face_up = [Some(Colour::Locomotive), None, None, None, None];
        let mut rng = Rng::seed_from_u64(1);
        let before = rng.clone();
        assert_eq!(random_card(&map, &v, &mut rng), Action::DrawBlind);
        assert_eq!(rng, before);
    }

    #[test]
    fn heads_with_a_dry_deck_takes_the_lowest_allowed_slot() {
        let map = usa();
        let mut v = view(&map);
        v.deck_len = 0;
        for seed in 0..20 {
            let mut rng = Rng::seed_from_u64(seed);
            let (pick, heads, _) = expected(&rng, 5);
            let want = Action::DrawSlot(if heads {
                0
            } else {
                u8::try_from(pick).expect("slot")
            });
            assert_eq!(random_card(&map, &v, &mut rng), want);
        }
    }
}
