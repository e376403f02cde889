//! Fault messages name the rule an illegal action breaks, on the claims of
//! `positions::illegal_claims_are_refused` (Atlanta–Miami, blue, length 5) and a few others.

use super::*;

#[test]
fn each_illegal_action_names_the_rule_it_breaks() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 2);
    let why = |state: &State, seat, action: Action| {
        assert!(!game.is_legal(state, seat, &action), "{action:?}");
        game.explain_illegal(state, seat, &action)
    };
    assert!(why(&state, 0, Action::Pass).contains("only legal answer is keep-tickets"));
    assert!(why(&state, 0, Action::KeepTickets(0b1)).contains("at least 2 must be kept"));
    let claim = atlanta_miami(&game, &mut state);
    let cases = [
        (
            0,
            claim(Colour::Blue, 0),
            "cannot pay: 5 blue cards needed, the hand holds 4",
        ),
        (0, claim(Colour::Red, 0), "is blue, so red cards cannot pay"),
        (
            0,
            claim(Colour::Locomotive, 4),
            "colour locomotive means paying only",
        ),
        (
            0,
            claim(Colour::Blue, 6),
            "6 locomotives named for a route of length 5",
        ),
        (1, claim(Colour::Blue, 1), "not its turn: seat 0 is to act"),
        (0, Action::DrawSlot(7), "face-up slot 7 does not exist"),
        (
            0,
            Action::DrawColour(Colour::Red),
            "by slot (draw-slot), not by colour",
        ),
        (0, Action::KeepTickets(1), "no tickets are on offer"),
        (0, Action::Pass, "passing is legal only when"),
    ];
    for (seat, action, expected) in cases {
        let message = why(&state, seat, action);
        assert!(message.contains(expected), "{action:?}: {message}");
    }
    let missing = Action::Claim {
        route: 200,
        colour: Colour::Blue,
        locomotives: 0,
    };
    assert!(why(&state, 0, missing).contains("route 200 does not exist"));
    state.players[0].trains = 4;
    assert!(why(&state, 0, claim(Colour::Blue, 1)).contains("needs 5 trains"));
    state.players[0].trains = 45;
    play(&game, &mut state, claim(Colour::Blue, 1));
    set_hand(&mut state, 1, &[(Colour::Blue, 5)]);
    let taken = why(&state, 1, claim(Colour::Blue, 0));
    assert!(taken.contains("is taken (by seat 0)"), "{taken}");
}
