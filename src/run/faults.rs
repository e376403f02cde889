//! The faulted games a report lists: collected while games stream by (a run, or `games.csv`
//! files), then, for folders that were recorded, replayed into pages beside the report so the
//! report links each fault to the game itself. The standings link lost games the same way.

use super::replay::{FindReplay, ReplayTarget};
use crate::outcome::Termination;
use crate::replay::{self, RECORDS_FILE};
use crate::report::standings::{Crosstable, LossLink};
use crate::report::{FAULTS_PER_BOT, FaultLink};
use crate::results::lock::shell_word;
use crate::runner::GameRecord;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The first [`FAULTS_PER_BOT`] faulted games of each bot, in stream order.
#[derive(Default)]
pub struct FaultedGames {
    rows: Vec<Faulted>,
    per_bot: BTreeMap<usize, usize>,
}

struct Faulted {
    /// Which input folder (0 for a run).
    folder: usize,
    game: u64,
    bot: usize,
    termination: Termination,
    /// `None` when read from `games.csv`, which keeps no messages.
    message: Option<String>,
}

impl FaultedGames {
    /// Notes `record` if a seat lost it by fault; `folder` is its input folder's position.
    pub fn add(&mut self, folder: usize, record: &GameRecord) {
        let Some(seat) = record.culprit else {
            return;
        };
        let bot = record.lineup[seat];
        let count = self.per_bot.entry(bot).or_default();
        if *count < FAULTS_PER_BOT {
            *count += 1;
            self.rows.push(Faulted {
                folder,
                game: record.index,
                bot,
                termination: record.termination,
                message: record.fault.clone(),
            });
        }
    }

    /// Whether the next faulted game of `bot` would be listed (so its message is worth
    /// recovering when the game is read back without one).
    pub fn wants(&self, bot: usize) -> bool {
        self.per_bot.get(&bot).is_none_or(|&n| n < FAULTS_PER_BOT)
    }

    /// The report's links, grouped by bot. For each folder of `dirs` that has records, the
    /// faulted games are replayed (and so checked) into `out/replays/`, and their messages
    /// come from the records when `games.csv` was all there was; a game whose replay fails
    /// keeps its command, so running it shows why, and a warning is printed.
    pub fn link(&self, replays: Replays<'_>, bots: &[String]) -> Vec<FaultLink> {
        let games: Vec<(usize, u64)> = self.rows.iter().map(|f| (f.folder, f.game)).collect();
        let links: Vec<FaultLink> = self
            .rows
            .iter()
            .zip(replayable(replays, &games))
            .map(|(f, found)| FaultLink {
                game: f.game,
                bot: bots[f.bot].clone(),
                termination: f.termination.as_str().to_string(),
                message: f.message.clone().or(found.fault),
                command: found.command,
                page: found.page,
            })
            .collect();
        let mut order: Vec<usize> = (0..links.len()).collect();
        order.sort_by_key(|&i| (self.rows[i].bot, self.rows[i].folder, self.rows[i].game));
        order.into_iter().map(|i| links[i].clone()).collect()
    }
}

/// The standings' links to each program's lost games (see [`replayable`]).
pub fn loss_links(crosstable: &Crosstable, replays: Replays<'_>) -> Vec<LossLink> {
    let lost = crosstable.losses();
    let games: Vec<(usize, u64)> = lost.iter().map(|l| (l.folder, l.game)).collect();
    lost.iter()
        .zip(replayable(replays, &games))
        .map(|(l, found)| LossLink {
            bot: l.bot,
            game: l.game,
            command: found.command,
            page: found.page,
        })
        .collect()
}

/// Where a report's replay pages come from and go: the input folders, the report's folder,
/// and how a record of their game is replayed (the registry's lookup, handed down so that
/// reports never name the registry).
#[derive(Clone, Copy)]
pub struct Replays<'a> {
    pub dirs: &'a [PathBuf],
    pub out: &'a Path,
    pub find: FindReplay,
}

/// How to watch a game of an input folder again.
#[derive(Default)]
struct Replayable {
    /// The `tourney replay` command, when the folder has records.
    command: Option<String>,
    /// The replay page, relative to the report; `None` if the game does not replay.
    page: Option<String>,
    /// The fault message the records keep.
    fault: Option<String>,
}

/// For each `(folder, game)` of `games` whose folder (in `dirs`) has records: the `tourney
/// replay` command, the game replayed (and so checked) into a page under `out/replays/`, and
/// the fault message the records keep; nothing for a folder without records.
fn replayable(replays: Replays<'_>, games: &[(usize, u64)]) -> Vec<Replayable> {
    let out = replays.out;
    let mut found: Vec<Replayable> = games.iter().map(|_| Replayable::default()).collect();
    for (folder, dir) in replays.dirs.iter().enumerate() {
        if !dir.join(RECORDS_FILE).exists() {
            continue;
        }
        let mine: Vec<usize> = (0..games.len()).filter(|&i| games[i].0 == folder).collect();
        if mine.is_empty() {
            continue;
        }
        // The folder as the user named it, so the command works from where they ran tourney
        // (`.` worked only from inside the folder).
        let shown = shell_word(&dir.display().to_string());
        let wanted: BTreeSet<u64> = mine.iter().map(|&i| games[i].1).collect();
        let pages = write_pages(dir, out, folder, &wanted, replays.find);
        for i in mine {
            let game = games[i].1;
            found[i].command = Some(format!("tourney replay {shown} --game {game}"));
            if let Some(page) = pages.get(&game) {
                found[i].page = page.path.clone();
                found[i].fault = page.fault.clone();
            }
        }
    }
    found
}

/// What the records say of one faulted game.
struct Page {
    /// The replay page, relative to the report; `None` if the game does not replay.
    path: Option<String>,
    /// The fault message kept in the records.
    fault: Option<String>,
}

/// Replays the `wanted` games of `dir` into pages under `out/replays/`; returns, per game
/// found, the written page's path relative to `out` and its fault message. Problems are
/// warnings: the report stands without pages.
fn write_pages(
    dir: &Path,
    out: &Path,
    folder: usize,
    wanted: &BTreeSet<u64>,
    find: FindReplay,
) -> BTreeMap<u64, Page> {
    let mut pages = BTreeMap::new();
    let (header, lines) = match replay::read_games(dir, wanted) {
        Ok(found) => {
            // Pages for the games recorded whole; the others keep their commands.
            if let Some(cut) = &found.cut {
                eprintln!("warning: {}", cut.note(dir));
            }
            (found.header, found.lines)
        }
        Err(e) => {
            eprintln!("warning: no replay pages: {e}");
            return pages;
        }
    };
    let replay = match find(&header.game) {
        Ok(replay) => replay,
        Err(e) => {
            eprintln!("warning: no replay pages: {e}");
            return pages;
        }
    };
    if let Err(e) = std::fs::create_dir_all(out.join("replays")) {
        eprintln!("warning: no replay pages: {e}");
        return pages;
    }
    for (game, line) in lines {
        let fault = serde_json::from_str::<serde_json::Value>(&line)
            .ok()
            .and_then(|value| value.get("fault")?.as_str().map(String::from));
        let name = match folder {
            0 => format!("replays/game-{game}.html"),
            _ => format!("replays/folder-{folder}-game-{game}.html"),
        };
        let args = ReplayTarget {
            dir: dir.to_path_buf(),
            game,
            html: Some(out.join(&name)),
            quiet: true,
        };
        let path = match replay(&args, &header, &line) {
            Ok(()) => Some(name),
            Err(e) => {
                eprintln!(
                    "warning: game {game} of {} does not replay: {e:#}",
                    dir.display()
                );
                None
            }
        };
        pages.insert(game, Page { path, fault });
    }
    pages
}
