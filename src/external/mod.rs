//! Bots written in any language, run as child processes speaking a line-based JSON protocol
//! over stdin and stdout (`docs/protocol.md`). A manifest says how to start one; the adapter
//! makes it a [`crate::bot::Bot`] like any other, and its faults (a late, missing, unreadable
//! or illegal answer, a process that dies or never starts) become game results. Names no game:
//! each game describes its own wire form by implementing [`Wire`]. Contest programs
//! (`protocol = "cgs"`) are started the same way but play over the contest server's TCP protocol
//! (`crate::serve::ContestMaker`), through the process handling of `launched`.

mod adapter;
mod child;
pub mod clock;
pub(crate) mod launched;
pub(crate) mod log;
mod maker;
pub mod manifest;
mod process;
mod program;
pub mod protocol;
mod shared;
pub mod wire;

pub use maker::ExternalMaker;
pub use manifest::Manifest;
pub use process::kill_all;
pub use program::check_command;
pub use wire::Wire;
