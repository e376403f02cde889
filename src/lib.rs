//! `tourney`: a headless tournament simulator and bot-evaluation harness for board games.
//!
//! The core vocabulary names no game: [`game::Game`] (a configured game and its states),
//! [`bot::Bot`] (a strategy deciding from its own seat's view), [`outcome::Outcome`] (scores,
//! ranks, termination) and [`seed`] (every random stream of a run). Games live in
//! [`games`], one folder each with their bots. [`runner`] plays fixtures in parallel,
//! [`external`] seats programs written in any language, [`stats`] turns results into ratings
//! and intervals, [`report`] writes them out, [`replay`] records games and plays them back,
//! [`version`] tells which version of each bot played, and [`app`] is the only place that knows
//! both the game registry and the runner. [`serve`] speaks the contest server's TCP protocol, so
//! the contest's C clients play `tourney`'s bots, and [`store`] keeps every run's games and bot
//! versions in a results database (SQLite or PostgreSQL).

pub mod app;
pub mod bench;
pub mod bot;
pub mod check;
pub mod cli;
pub mod doctor;
pub mod early_stop;
pub mod error;
pub mod external;
pub mod format;
pub mod game;
pub mod games;
pub mod history;
pub mod input;
pub mod ladder;
pub mod live;
pub mod outcome;
pub mod page;
pub mod replay;
pub mod report;
pub mod results;
pub mod roster;
pub mod run;
pub mod runner;
pub mod sandbox;
pub mod scenario;
pub mod score;
pub mod search;
pub mod seed;
pub mod serve;
pub mod stats;
pub mod store;
pub mod summary;
pub mod tune;
pub mod version;
