//! `tourney bench`'s search measurement: how many `mcts` iterations a second one thread runs
//! over a fixed set of positions, so engine changes that matter to search show up as a number,
//! and how long one decision of `mcts` at its defaults takes there (the per-move budget).

use crate::bot::Params;
use crate::game::ToAct;
use crate::games::GameConfig;
use crate::search::Search;
use crate::seed::{Stream, rng};
use rand::RngExt;
use std::hash::Hash;
use std::time::{Duration, Instant};

/// Positions searched: position i is reached by 3i uniformly random actions from the game of
/// seed i, so the set runs from the opening into the middle game.
pub const POSITIONS: u64 = 12;
/// Iterations of each search.
pub const ITERATIONS: u32 = 300;

/// Iterations run and the time they took (searches only, not reaching the positions), and
/// the decisions of `mcts` at its defaults with the time they took.
pub struct SearchSpeed {
    pub iterations: u64,
    pub seconds: f64,
    pub decisions: u64,
    pub default_seconds: f64,
}

/// Measures the game's `mcts`, registered per game in `app::registry`.
pub type SearchSpeedFn = fn(&GameConfig) -> anyhow::Result<SearchSpeed>;

/// Times one `mcts` decision with its default settings but [`ITERATIONS`], and one with its
/// default settings, at each position that is not over and offers more than one action.
pub fn search_speed<G: Search + crate::games::Registered>(
    config: &GameConfig,
) -> anyhow::Result<SearchSpeed>
where
    G::Action: Eq + Hash,
{
    let game: G = crate::games::configure(config)?;
    let params = Params([("iterations".to_string(), ITERATIONS.to_string())].into());
    let (mut iterations, mut spent) = (0, Duration::ZERO);
    let (mut decisions, mut default_spent) = (0, Duration::ZERO);
    for i in 0..POSITIONS {
        let mut state = game.new_state(rng(i, 0, Stream::Chance));
        let mut walk = rng(i, 1, Stream::Chance);
        for _ in 0..3 * i {
            let seats = match game.to_act(&state) {
                ToAct::Over => break,
                ToAct::Seat(seat) => vec![seat],
                ToAct::Simultaneous(seats) => seats,
            };
            let joint: Vec<_> = seats
                .into_iter()
                .map(|seat| {
                    let legal = game.legal_actions(&game.view(&state, seat));
                    (seat, legal[walk.random_range(0..legal.len())].clone())
                })
                .collect();
            for (seat, action) in joint {
                game.apply(&mut state, seat, action);
            }
        }
        let seat = match game.to_act(&state) {
            ToAct::Over => continue,
            ToAct::Seat(seat) => seat,
            ToAct::Simultaneous(seats) => seats[0],
        };
        let view = game.view(&state, seat);
        if game.legal_actions(&view).len() < 2 {
            continue;
        }
        let seat_stream = Stream::Seat(u8::try_from(seat).expect("few seats"));
        let mut bot = crate::search::make(&game, seat, rng(i, 2, seat_stream), &params)
            .map_err(anyhow::Error::msg)?;
        let started = Instant::now();
        bot.act(&game, &view);
        spent += started.elapsed();
        iterations += u64::from(ITERATIONS);
        let mut bot = crate::search::make(&game, seat, rng(i, 3, seat_stream), &Params::default())
            .map_err(anyhow::Error::msg)?;
        let started = Instant::now();
        bot.act(&game, &view);
        default_spent += started.elapsed();
        decisions += 1;
    }
    Ok(SearchSpeed {
        iterations,
        seconds: spent.as_secs_f64(),
        decisions,
        default_seconds: default_spent.as_secs_f64(),
    })
}
