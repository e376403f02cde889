//! A results folder, below the command line: its `manifest.json` (what the folder was made
//! from and which games it holds), the hashes the manifest records of its files, one writer at
//! a time (its lock), the checks made before a folder is written or read with others, and the
//! join of a run's shards into one folder (`tourney merge`).

pub mod files;
pub mod folders;
pub mod lock;
pub mod manifest;
pub mod merge;
