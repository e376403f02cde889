//! `--threads`, one rule for every command that plays games (`run`, `check`, `merge`, and
//! `bench` through them): unset means every core, 0 is refused, and a count beyond what can
//! help is cut down with a one-line note. Each worker is an operating-system thread with its
//! own stack, so a typo such as `--threads 100000` would exhaust memory and the process's
//! thread limit before a game is played. Results never depend on the count.

use crate::error::UsageError;

/// Workers per core beyond which more cannot help: games are CPU-bound, and the slack covers
/// bots that wait on outside programs.
const PER_CORE: usize = 4;

/// The cores this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The worker count `--threads` asks for: every core when unset; 0 is bad input; more than
/// [`PER_CORE`] per core is capped, with a note on stderr.
pub fn from_flag(flag: Option<usize>) -> Result<usize, UsageError> {
    let cores = cores();
    match flag {
        None => Ok(cores),
        Some(0) => Err(UsageError::Invalid(
            "--threads must be at least 1 (leave it out to use every core)".into(),
        )),
        Some(asked) if asked > PER_CORE * cores => {
            let most = PER_CORE * cores;
            eprintln!(
                "note: --threads {asked} is more than can help on {cores} core(s); using {most}"
            );
            Ok(most)
        }
        Some(asked) => Ok(asked),
    }
}

/// The pool size for `games` games still to play: no more workers than games (at least one).
/// The note is given only for a count above the cores, which was asked for explicitly.
pub fn for_games(threads: usize, games: u64) -> usize {
    let workers = usize::try_from(games).map_or(threads, |games| threads.min(games.max(1)));
    if workers < threads && threads > cores() {
        eprintln!("note: {games} game(s) to play: using {workers} of the {threads} threads");
    }
    workers
}
