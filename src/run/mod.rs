//! A run of games, below the command line: its plan (the games, the bots, the seeds, the
//! outputs, the results store, the report's settings), in the form the layers below take.
//! `crate::app` makes plans from command lines and results folders.

pub mod plan;
pub mod report_settings;
pub mod seeds;
pub mod store_plan;
