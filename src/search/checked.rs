//! Test support shared by every game's `mcts` tests: whole games between bots written as on
//! the command line (`mcts:iterations=20,rollout=greedy`), every action checked for legality.

use super::Search;
use crate::bot::{Bot, parse_bot};
use crate::game::ToAct;
use crate::outcome::Outcome;
use crate::seed::{Stream, rng};

/// Plays one game of `game` seeded by `seed`, seat `s` played by `bots[s % bots.len()]`, the
/// way the runner does (every simultaneous seat's view is taken before any action is applied).
/// Panics on an illegal action, naming the bot and the seed.
pub fn play_checked<G: Search>(game: &G, seed: u64, bots: &[&str]) -> Outcome {
    let seats = game.info().seats;
    let mut players: Vec<(String, Box<dyn Bot<G>>)> = (0..seats)
        .map(|seat| {
            let choice = parse_bot(bots[seat % bots.len()]).expect("a valid bot");
            let entry = G::bots()
                .iter()
                .find(|e| e.name == choice.bot)
                .expect("a listed bot");
            let stream = rng(
                seed,
                1,
                Stream::Seat(u8::try_from(seat).expect("few seats")),
            );
            let bot = entry
                .make(game, seat, stream, &choice.params)
                .expect("valid params");
            (choice.label, bot)
        })
        .collect();
    let mut state = game.new_state(rng(seed, 0, Stream::Chance));
    loop {
        let seats = match game.to_act(&state) {
            ToAct::Over => return game.outcome(&state).expect("over means an outcome"),
            ToAct::Seat(seat) => vec![seat],
            ToAct::Simultaneous(seats) => seats,
        };
        let views: Vec<_> = seats.iter().map(|&s| game.view(&state, s)).collect();
        let mut decided = Vec::new();
        for (&seat, view) in seats.iter().zip(&views) {
            let (label, bot) = &mut players[seat];
            let action = bot.act(game, view);
            assert!(
                game.is_legal(&state, seat, &action),
                "{label} in seat {seat} {}, illegal, in seed {seed}",
                game.describe(&state, seat, &action)
            );
            decided.push((seat, action));
        }
        for (seat, action) in decided {
            game.apply(&mut state, seat, action);
        }
    }
}
