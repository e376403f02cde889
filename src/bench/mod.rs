//! The measurements of `tourney bench`: the runs it times (`timed`: games per second, tune's
//! overhead), the speed of a game's `mcts` over fixed positions (`search_speed`), and peak
//! memory (`memory`). The bench's command line and its plans are `app::bench`'s.

pub mod memory;
pub mod search_speed;
pub mod timed;
