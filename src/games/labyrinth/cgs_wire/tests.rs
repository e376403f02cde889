//! Known answers from `docs/contest-protocol.md` (data sizes, move texts) and round trips
//! over seeded games.

use super::*;
use crate::game::Game;
use crate::games::contest::random_exchanges;
use crate::seed::{self, Stream};

fn game(size: Option<(u8, u8)>) -> Labyrinth {
    Labyrinth::new(RuleSet::Cgs, size, super::super::DEFAULT_TURN_LIMIT)
}

#[test]
fn game_data_has_the_contest_sizes() {
    // §5: 514 bytes on 7×7, 1714 on 13×13 (every item is on the board or the extra tile).
    for (size, bytes) in [((7, 7), 514), ((13, 13), 1714)] {
        let game = game(Some(size));
        for seed in 0..5 {
            let state = game.new_state(seed::rng(seed, 0, Stream::Chance));
            let data = game.game_data(&state, 0);
            assert_eq!(data.len(), bytes);
            let numbers: Vec<u8> = data
                .split(' ')
                .map(|n| n.parse().expect("numbers"))
                .collect();
            assert_eq!(
                numbers.len(),
                5 * (usize::from(size.0) * usize::from(size.1) + 1)
            );
            // (0,0) is a corner walled north and west; the extra tile comes last.
            assert_eq!((numbers[0], numbers[3]), (1, 1));
            let extra = state.position.board.extra;
            assert_eq!(
                &numbers[numbers.len() - 5..],
                &[
                    u8::from(extra.has_wall(NORTH)),
                    u8::from(extra.has_wall(EAST)),
                    u8::from(extra.has_wall(SOUTH)),
                    u8::from(extra.has_wall(WEST)),
                    extra.item
                ]
            );
        }
    }
    let wide = game(Some((13, 9)));
    let state = wide.new_state(seed::rng(1, 0, Stream::Chance));
    assert_eq!(wide.size_text(&state), "13 9");
}

#[test]
fn training_options_pick_the_board() {
    let mini = BTreeMap::from([("mini".to_string(), "1".to_string())]);
    let config = Labyrinth::training_config(&mini).expect("valid");
    assert_eq!(config.options["size"], "7x7");
    assert_eq!(config.rules.as_deref(), Some("cgs"));
    assert!(
        Labyrinth::training_config(&BTreeMap::new())
            .expect("valid")
            .options
            .is_empty()
    );
}

#[test]
fn move_texts_parse_to_actions() {
    let game = game(Some((7, 7)));
    let state = game.new_state(seed::rng(1, 0, Stream::Chance));
    let parse = |text: &str| game.parse_move(&state, 0, text);
    assert_eq!(
        parse("3 5 2 1 6"),
        Ok(Action {
            side: Side::ColumnBottom,
            index: 5,
            rotation: 2,
            x: 1,
            y: 6
        })
    );
    for bad in [
        "",
        "0 1 0 0",
        "0 1 0 0 0 0",
        "-1 1 0 0 0",
        "4 1 0 0 0",
        "a b c d e",
    ] {
        assert!(parse(bad).is_err(), "'{bad}' must be refused");
    }
    let even = parse("0 2 0 0 0").expect("well formed");
    assert!(!game.is_legal(&state, 0, &even));
    assert_eq!(
        game.illegal_reason(&state, 0, &even),
        "The column/line number must be odd !"
    );
}

#[test]
fn exchanges_round_trip_and_report_the_new_extra_tile() {
    for seed in 0..20 {
        let game = game(None);
        let mut state = game.new_state(seed::rng(seed, 0, Stream::Chance));
        random_exchanges(
            &game,
            &mut state,
            seed,
            200,
            |seat, _, _, after, exchange| {
                let next = after.position.target(seat).unwrap_or(0);
                assert_eq!(
                    exchange.answer,
                    format!("{} {next}", tile_text(after.position.board.extra))
                );
                assert_eq!(exchange.message, exchange.answer);
            },
        );
    }
}
