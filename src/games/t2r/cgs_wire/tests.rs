//! Known answers from `docs/contest-protocol.md` (data sizes and formats, move texts) and
//! round trips over seeded games: every move's canonical text reads back as the same action,
//! the answers say what happened, and every text fits the client library's buffers (§12).

use super::*;
use crate::game::ToAct;
use crate::games::contest::random_exchanges;
use crate::games::t2r::maps::MapName;
use crate::seed::{self, Stream};

fn cgs_game(map: MapName) -> TicketToRide {
    TicketToRide::new(map, RuleSet::Cgs, super::super::DEFAULT_TURN_LIMIT)
}

fn start(game: &TicketToRide, seed: u64) -> State {
    game.new_state(seed::rng(seed, 0, Stream::Chance))
}

#[test]
fn game_data_has_the_contest_layout_and_sizes() {
    let small = cgs_game(MapName::Small);
    let state = start(&small, 1);
    let data = small.game_data(&state, 0);
    // §5: 167 bytes on the small map, cities first, then routes, then cards after a space.
    assert_eq!(data.len(), 167);
    assert!(
        data.starts_with("Zero\nUn\nDeux\nTrois\nQuatre\nCinq\nSix\nSept\n0 6 6 9 0\n0 1 2 9 0\n")
    );
    let last = data.lines().last().expect("lines");
    let numbers: Vec<u8> = last
        .split(' ')
        .map(|n| n.parse().expect("a number"))
        .collect();
    assert_eq!(
        &numbers[..5],
        &[3, 7, 3, 9, 0],
        "the last route of the small map"
    );
    let face_up: Vec<u8> = state
        .face_up()
        .iter()
        .map(|c| c.expect("full row").code())
        .collect();
    assert_eq!(&numbers[5..10], face_up.as_slice());
    let hand = &numbers[10..];
    assert_eq!(hand.len(), 4);
    assert!(
        hand.windows(2).all(|w| w[0] <= w[1]),
        "cards sorted by code"
    );
    assert_eq!(small.size_text(&state), "8 11");

    // USA: 1262 bytes whatever the deal (every code is one digit); Montréal counts 9 bytes.
    let usa = cgs_game(MapName::Usa);
    for seed in 0..5 {
        let data = usa.game_data(&start(&usa, seed), 1);
        assert_eq!(data.len(), 1262);
        assert!(data.contains("\nMontréal\n") && data.contains("Sault_St._Marie"));
    }
    assert_eq!(usa.size_text(&start(&usa, 0)), "36 78");
    let europe = cgs_game(MapName::Europe);
    assert_eq!(europe.size_text(&start(&europe, 0)), "47 90");
    assert!(europe.game_data(&start(&europe, 0), 0).len() < 4096);
    assert!(
        europe.map().cities.iter().all(|c| c.len() <= 19),
        "the client's %s buffer"
    );
}

#[test]
fn move_texts_parse_to_actions() {
    let usa = cgs_game(MapName::Usa);
    let state = start(&usa, 3);
    let parse = |text: &str| usa.parse_move(&state, 0, text);
    // Duluth (19) – Chicago (21), either city order.
    let claim = Action::Claim {
        route: 15,
        colour: Colour::Red,
        locomotives: 2,
    };
    assert_eq!(parse("1 19 21 7 2"), Ok(claim));
    assert_eq!(parse("1 21 19 7 2"), Ok(claim));
    assert_eq!(parse("2"), Ok(Action::DrawBlind));
    assert_eq!(parse("3 9"), Ok(Action::DrawColour(Colour::Locomotive)));
    assert_eq!(parse("4"), Ok(Action::DrawTickets));
    assert_eq!(parse("5 1 0 1"), Ok(Action::KeepTickets(0b101)));
    for bad in [
        "",
        "6",
        "2 2",
        "3 10",
        "3 0",
        "5 2 0 0",
        "5 1 1",
        "1 0 0 1 0",
        "x",
        "-1",
    ] {
        assert!(parse(bad).is_err(), "'{bad}' must be refused");
    }
}

#[test]
fn seat_zero_must_open_with_tickets_and_hears_why() {
    let usa = cgs_game(MapName::Usa);
    let state = start(&usa, 3);
    assert!(!usa.is_legal(&state, 0, &Action::DrawBlind));
    assert_eq!(
        usa.illegal_reason(&state, 0, &Action::DrawBlind),
        "The 1st move MUST be a `draw objective` move!"
    );
}

/// Plays seeded games of random legal moves and checks every exchange.
#[test]
fn exchanges_round_trip_and_fit_the_client_buffers() {
    for (map, seeds) in [
        (MapName::Small, 0..30),
        (MapName::Usa, 0..10),
        (MapName::Europe, 0..5),
    ] {
        let game = cgs_game(map);
        for seed in seeds {
            let mut state = start(&game, seed);
            random_exchanges(
                &game,
                &mut state,
                seed,
                usize::MAX,
                |seat, &action, before, state, exchange| {
                    assert!(exchange.move_text.len() < 128 && exchange.message.len() < 1024);
                    assert!(exchange.answer.len() < 1024);
                    let again = game.to_act(state) == ToAct::Seat(seat);
                    match action {
                        Action::DrawBlind if state.outcome.is_none() => {
                            let card: usize = exchange.answer.parse().expect("a card code");
                            assert_eq!(state.hand(seat)[card - 1], before.hand(seat)[card - 1] + 1);
                            let replay = again && state.phase() == Phase::SecondCard;
                            assert_eq!(exchange.message, format!("{} ", u8::from(replay)));
                        }
                        Action::DrawColour(c) if state.outcome.is_none() => {
                            let row = face_up_codes(state);
                            assert_eq!(exchange.answer, row);
                            let replay = u8::from(again && state.phase() == Phase::SecondCard);
                            assert_eq!(exchange.message, format!("{replay} {} {row}", c.code()));
                        }
                        Action::DrawTickets if state.outcome.is_none() => {
                            assert!(again, "the drawer chooses next");
                            assert_eq!(
                                exchange.answer.split(' ').count(),
                                9,
                                "3 tickets of 3 numbers"
                            );
                        }
                        Action::KeepTickets(mask) => {
                            assert_eq!(exchange.answer, mask.count_ones().to_string());
                            assert_eq!(exchange.message, exchange.answer);
                        }
                        _ => {}
                    }
                },
            );
            let outcome = game.outcome(&state).expect("over");
            assert!(game.end_reason(&state, &outcome).len() < 1024);
        }
    }
}
