//! The faulted games a report lists: collected while games stream by (a run, or `games.csv`
//! files), then, for folders that were recorded, replayed into pages beside the report so the
//! report links each fault to the game itself.

use super::folders::same_folder;
use super::registry;
use crate::cli::ReplayArgs;
use crate::outcome::Termination;
use crate::replay::{self, RECORDS_FILE};
use crate::report::{FAULTS_PER_BOT, FaultLink};
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
    pub fn link(&self, dirs: &[PathBuf], out: &Path, bots: &[String]) -> Vec<FaultLink> {
        let mut links: Vec<FaultLink> = self
            .rows
            .iter()
            .map(|f| FaultLink {
                game: f.game,
                bot: bots[f.bot].clone(),
                termination: f.termination.as_str().to_string(),
                message: f.message.clone(),
                command: None,
                page: None,
            })
            .collect();
        for (folder, dir) in dirs.iter().enumerate() {
            if !dir.join(RECORDS_FILE).exists() {
                continue;
            }
            let mine: Vec<usize> = (0..self.rows.len())
                .filter(|&i| self.rows[i].folder == folder)
                .collect();
            if mine.is_empty() {
                continue;
            }
            let shown = if same_folder(dir, out) {
                ".".to_string()
            } else {
                dir.display().to_string()
            };
            let wanted: BTreeSet<u64> = mine.iter().map(|&i| self.rows[i].game).collect();
            let pages = write_pages(dir, out, folder, &wanted);
            for i in mine {
                let game = self.rows[i].game;
                links[i].command = Some(format!("tourney replay {shown} --game {game}"));
                if let Some(page) = pages.get(&game) {
                    links[i].page = page.path.clone();
                    links[i].message = links[i].message.take().or_else(|| page.fault.clone());
                }
            }
        }
        let mut order: Vec<usize> = (0..links.len()).collect();
        order.sort_by_key(|&i| (self.rows[i].bot, self.rows[i].folder, self.rows[i].game));
        order.into_iter().map(|i| links[i].clone()).collect()
    }
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
) -> BTreeMap<u64, Page> {
    let mut pages = BTreeMap::new();
    let (header, lines) = match replay::read_games(dir, wanted) {
        Ok(found) => (found.header, found.lines),
        Err(e) => {
            eprintln!("warning: no replay pages: {e}");
            return pages;
        }
    };
    let entry = match registry::find(&header.game) {
        Ok(entry) => entry,
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
        let args = ReplayArgs {
            dir: dir.to_path_buf(),
            game,
            html: Some(out.join(&name)),
            quiet: true,
        };
        let path = match (entry.replay)(&args, &header, &line) {
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
