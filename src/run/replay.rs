//! A game's record replayed for its game type (what `tourney replay DIR --game N` does once it
//! has found the record): checked against the record and `games.csv`, and printed or written
//! as a page; the replay pages of reports, of the live page and of a ladder.

use crate::error::UsageError;
use crate::games::{GameConfig, Registered};
use crate::replay::{self, GameLine, Header};
use anyhow::Context;
use std::path::{Path, PathBuf};

/// One game to replay: its results folder, its index, the page to write instead of printing
/// it, and whether to print nothing but errors (`tourney replay`'s arguments).
pub struct ReplayTarget {
    pub dir: PathBuf,
    pub game: u64,
    pub html: Option<PathBuf>,
    pub quiet: bool,
}

/// A game's replay, monomorphised per game in the registry: `line` is the undecoded record.
pub type ReplayFn = fn(&ReplayTarget, &Header, &str) -> anyhow::Result<()>;

/// Finds the [`ReplayFn`] of a game by its name, as a record's header gives it: the
/// registry's lookup, handed down so that the replaying parts never name the registry.
pub type FindReplay = fn(&str) -> Result<ReplayFn, UsageError>;

/// The [`FindReplay`] of a run of `G`: every record it wrote is of `G`.
pub fn replay_of<G: Registered>(_game: &str) -> Result<ReplayFn, UsageError> {
    Ok(replay_game::<G>)
}

/// The page of game `game`, as `tourney replay --html` writes it (the live page's replay
/// links): from `kept`, the records' header and the game's line when the run kept them, else
/// from `dir`'s records as far as they are written (a run may be writing them). Written to a
/// scratch file, read back and removed.
pub fn page(
    dir: &Path,
    game: u64,
    find: FindReplay,
    kept: Option<(&Header, &str)>,
) -> anyhow::Result<Vec<u8>> {
    let found;
    let (header, line) = match kept {
        Some(kept) => kept,
        None => {
            found = replay::read_games_so_far(dir, &std::collections::BTreeSet::from([game]))?;
            let Some((_, line)) = found.lines.first() else {
                anyhow::bail!(
                    "the records hold no game {game}, or not yet (they are written in batches)"
                );
            };
            (&found.header, line.as_str())
        }
    };
    let replay = find(&header.game)?;
    let scratch = std::env::temp_dir().join(format!(
        "tourney-live-{}-game-{game}.html",
        std::process::id()
    ));
    let args = ReplayTarget {
        dir: dir.to_path_buf(),
        game,
        html: Some(scratch.clone()),
        quiet: true,
    };
    let played = replay(&args, header, line);
    let bytes = std::fs::read(&scratch);
    let _ = std::fs::remove_file(&scratch);
    played?;
    Ok(bytes?)
}

/// Replays one record of game `G`.
pub fn replay_game<G: Registered>(
    args: &ReplayTarget,
    header: &Header,
    line: &str,
) -> anyhow::Result<()> {
    let (game, replayed) = replay_record::<G>(header, line, args.game)?;
    let seats = seat_labels(header, &replayed.line.lineup);
    let last = replayed.states.last().expect("at least the setup position");
    let in_csv = replay::check_games_csv(
        &args.dir,
        args.game,
        &header.bots,
        &replayed.line.lineup,
        &replayed.outcome,
        game.turns(last),
    )?;
    match &args.html {
        Some(path) => {
            let page = page_html(&game, &replayed, header, args.game, &seats, None)?;
            std::fs::write(path, page)
                .with_context(|| format!("cannot write {}", path.display()))?;
            if !args.quiet {
                println!("wrote {}", path.display());
            }
        }
        None if !args.quiet => {
            replay::print_game(&game, &replayed, &seats, &mut std::io::stdout().lock())?;
        }
        None => {}
    }
    if !args.quiet {
        let csv = match in_csv {
            true => "chance, result and games.csv agree",
            false => "chance and result agree; games.csv ends before this game (the run stopped)",
        };
        println!(
            "replay ok: {} steps, every action legal, {csv}",
            replayed.line.steps.len()
        );
    }
    Ok(())
}

/// The page of game `game` of a record (`header` and the game's `line`), replayed and so
/// checked, without a `games.csv` to compare with: the ladder's replay pages, which link back
/// to the standings (`../index.html` from `replays/`, written or served).
pub fn replay_html<G: Registered>(
    header: &Header,
    line: &str,
    game: u64,
) -> anyhow::Result<String> {
    let (configured, replayed) = replay_record::<G>(header, line, game)?;
    let seats = seat_labels(header, &replayed.line.lineup);
    page_html(
        &configured,
        &replayed,
        header,
        game,
        &seats,
        Some("../index.html"),
    )
}

/// The labels of the seats of a game whose `lineup` is bot indices of `header`.
fn seat_labels(header: &Header, lineup: &[usize]) -> Vec<String> {
    (lineup.iter())
        .map(|&bot| (header.bots.get(bot).cloned()).unwrap_or_else(|| format!("bot {bot}")))
        .collect()
}

/// The replay page of game `game`, seated `seats`, with a link to the standings at `home`.
fn page_html<G: Registered>(
    game: &G,
    replayed: &replay::Replayed<G>,
    header: &Header,
    number: u64,
    seats: &[String],
    home: Option<&str>,
) -> anyhow::Result<String> {
    let title = format!("{} game {number} — {}", header.game, seats.join(" vs "));
    replay::write_page(game, replayed, &title, seats, home)
        .map_err(|e| anyhow::anyhow!("cannot lay out the replay page: {e}"))
}

/// Configures the game `header` describes, decodes `line` (the record of game number `game`)
/// as one of its games and replays it: everything `tourney replay` checks before `games.csv`.
pub fn replay_record<G: Registered>(
    header: &Header,
    line: &str,
    game: u64,
) -> anyhow::Result<(G, replay::Replayed<G>)> {
    let config = GameConfig {
        rules: header.rules.clone(),
        options: header.options.clone(),
        seats: header.seats,
    };
    let configured: G = crate::games::configure(&config)?;
    let line: GameLine<G::Action, G::Event> =
        serde_json::from_str(line).map_err(|e| replay::ReplayError::Result {
            game,
            what: format!("the record does not decode as a {} game: {e}", header.game),
        })?;
    let replayed = replay::replay(&configured, header.master_seed, line)?;
    Ok((configured, replayed))
}
