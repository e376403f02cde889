//! Game records and replays. `run --record` writes, next to `games.csv`, `records.jsonl.gz`: a
//! header line (game, rules, options, master seed, bots), then one line per game in index order
//! with every action, the seat that played it, and every chance outcome the engine drew
//! ([`crate::game::Chance`]). `tourney replay` plays a line again through the engine, checks
//! that every action is legal, that chance draws the same outcomes and that the result is the
//! one `games.csv` holds, then prints the game or writes a page that steps through it.
//!
//! Names no game: everything game-typed goes through [`crate::game::Chance`] and [`Picture`].

mod check;
mod file;
mod html;
mod line;
mod log;
mod picture;
mod text;
mod words;
mod writer;

pub use check::{ReplayError, Replayed, check_games_csv, replay};
pub use file::{
    Cut, Found, RECORDS_FILE, ReadError, Recorded, Span, each_line, read_game, read_games,
    read_games_so_far, read_records, recorded_games,
};
pub use html::write_page;
pub use line::{FORMAT, GameLine, Header, Step};
pub use log::start;
pub use picture::Picture;
pub use text::print_game;
pub use writer::RecordsWriter;
