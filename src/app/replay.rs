//! `tourney replay DIR --game N`: finds the game's record, replays it for its game type
//! ([`crate::run::replay`]), checks it against the record and `games.csv`, and prints it or
//! writes its page.

use crate::cli::ReplayArgs;
use crate::error::UsageError;
use crate::replay::{self, ReadError};
use crate::run::replay::{FindReplay, ReplayTarget};
use std::path::Path;
use std::process::ExitCode;

/// Exit code of a record the engine does not reproduce (the message says where).
const MISMATCH: u8 = 1;

pub fn execute(args: &ReplayArgs, find: FindReplay) -> anyhow::Result<ExitCode> {
    if let Some(path) = args.html.as_deref().filter(|path| path.exists()) {
        return Err(refused_page(path).into());
    }
    let (header, line, cut) = match replay::read_game(&args.dir, args.game) {
        Ok(found) => found,
        // Only a failing disk is the harness's; a missing, damaged or foreign file is bad input.
        Err(e @ ReadError::Io { .. }) => return Err(e.into()),
        Err(e) => return Err(UsageError::Invalid(e.to_string()).into()),
    };
    // The game was recorded whole before the damage: it replays, and the rest is said once.
    if let Some(cut) = cut.filter(|_| !args.quiet) {
        eprintln!("warning: {}", cut.note(&args.dir));
    }
    let replay = find(&header.game)?;
    let target = ReplayTarget {
        dir: args.dir.clone(),
        game: args.game,
        html: args.html.clone(),
        quiet: args.quiet,
    };
    match replay(&target, &header, &line) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.is::<replay::ReplayError>() => {
            eprintln!("replay mismatch: {e:#}");
            Ok(ExitCode::from(MISMATCH))
        }
        Err(e) => Err(e),
    }
}

/// `replay --html FILE` names a file that exists: it is never overwritten, as `run --out` never
/// overwrites a run. (The report's own pages under `replays/` are its to rewrite.)
fn refused_page(path: &Path) -> UsageError {
    UsageError::Invalid(format!(
        "{} already exists; refused so that it is not lost (remove it or name another file)",
        path.display()
    ))
}
