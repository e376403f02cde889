//! The measurements of `tourney bench` that are not runs of games: the speed of a game's `mcts`
//! over fixed positions (`search_speed`), and peak memory (`memory`). The bench's command
//! line and the runs it times are `app::bench`'s.

pub mod memory;
pub mod search_speed;
