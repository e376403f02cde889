//! Hand-built `official` positions with known answers: double routes, face-up locomotives,
//! the three-locomotive redeal, reshuffles, the final round, ticket scoring and tie-breaks.

use super::*;

/// §6 check 7: after one track of a double route is claimed, by either seat and with either
/// track's colour, the route is closed to both seats.
#[test]
fn claiming_either_track_closes_a_double_route() {
    for track in 0..2 {
        let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 1);
        keep_all_at_setup(&game, &mut state);
        let route = game
            .map()
            .routes
            .iter()
            .find(|r| r.is_double() && !r.is_gray())
            .expect("a coloured double route")
            .clone();
        let length = route.length;
        let (mine, other) = (route.colours[track], route.colours[1 - track]);
        set_hand(&mut state, 0, &[(mine, length), (other, length)]);
        set_hand(&mut state, 1, &[(mine, length), (other, length)]);
        let claim = |colour| Action::Claim {
            route: route.id,
            colour,
            locomotives: 0,
        };
        assert!(game.is_legal(&state, 0, &claim(other)));
        play(&game, &mut state, claim(mine));
        assert_eq!(state.owners()[usize::from(route.id)], 0);
        for colour in [mine, other] {
            assert!(!game.is_legal(&state, 1, &claim(colour)));
        }
        play(&game, &mut state, Action::DrawBlind);
        play(&game, &mut state, Action::DrawBlind);
        for colour in [mine, other] {
            assert!(!game.is_legal(&state, 0, &claim(colour)));
        }
        state.check_invariants(&game).expect("conserved");
    }
}

/// Claim legality of §3.5 one item at a time, on Atlanta–Miami (Blue, length 5).
#[test]
fn illegal_claims_are_refused() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 2);
    keep_all_at_setup(&game, &mut state);
    let route = route_between(&game, "Atlanta", "Miami");
    set_hand(
        &mut state,
        0,
        &[(Colour::Blue, 4), (Colour::Locomotive, 5), (Colour::Red, 5)],
    );
    let claim = |colour, locomotives| Action::Claim {
        route,
        colour,
        locomotives,
    };
    assert!(game.is_legal(&state, 0, &claim(Colour::Blue, 1)));
    assert!(
        game.is_legal(&state, 0, &claim(Colour::Blue, 5)),
        "pure locos, colour named"
    );
    assert!(game.is_legal(&state, 0, &claim(Colour::Locomotive, 5)));
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Blue, 0)),
        "only 4 blue"
    );
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Red, 0)),
        "wrong colour"
    );
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Locomotive, 4)),
        "c = Loco needs n = L"
    );
    assert!(!game.is_legal(&state, 0, &claim(Colour::Blue, 6)), "n > L");
    assert!(
        !game.is_legal(&state, 1, &claim(Colour::Blue, 1)),
        "not seat 1's turn"
    );
    state.players[0].trains = 4;
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Blue, 1)),
        "too few trains"
    );
    let bogus = Action::Claim {
        route: 200,
        colour: Colour::Blue,
        locomotives: 0,
    };
    assert!(!game.is_legal(&state, 0, &bogus));
}
