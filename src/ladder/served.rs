//! The pages `--live` makes on demand, beside the files the refreshes write: the replay page
//! of any stored game (`replays/game-G.html`, made from its record in OUT/records by the same
//! renderer the written pages use) and each entry's list of all its games
//! (`games/ENTRY/N.html`, a hundred a page, newest first). A game whose record was pruned (or
//! never kept here) answers a page with its result from the store and why there is no replay;
//! a game the store does not hold, an unknown entry or a page past the last is not found.
//! The written files stay bounded (the replay pages of each entry's recent games only): what
//! grows with the games is only ever read a page at a time, on request, from the store through
//! a connection of the server's own.

use super::pages::{self, Game, file_name, version_name};
use super::records;
use crate::store::{LadderGame, Store};
use askama::Template;
use std::path::PathBuf;
use std::sync::Mutex;

/// Games a page of an entry's list shows.
pub const PER_PAGE: u64 = 100;

/// Makes a game's replay page from its record's header and line (`tourney replay --html`'s),
/// on the server's thread.
pub type Renderer =
    Box<dyn Fn(&crate::replay::Header, &str, u64) -> anyhow::Result<String> + Send + Sync>;

/// What the pages made on demand are made from.
pub struct OnDemand {
    pub out: PathBuf,
    pub ladder: String,
    /// Seats of a game: game `g` is in deal `g / seats`.
    pub seats: usize,
    /// The server's own connection to the store.
    pub store: Mutex<Store>,
    /// Makes a game's replay page from its record (`tourney replay --html`'s).
    pub render: Renderer,
}

#[derive(Template)]
#[template(path = "ladder_games.html")]
struct GamesPage {
    title: String,
    entry: String,
    file: String,
    first: u64,
    last: u64,
    total: u64,
    games: Vec<Game>,
    newer: Option<String>,
    older: Option<String>,
}

#[derive(Template)]
#[template(path = "ladder_game.html")]
struct GamePage {
    title: String,
    ended: String,
    why: String,
    seats: Vec<SeatRow>,
}

struct SeatRow {
    seat: usize,
    entry: String,
    file: String,
    version: String,
    rank: i64,
    score: i64,
    fault: String,
}

impl OnDemand {
    /// The page of `path` (without its leading `/`), if it is one made on demand and what it
    /// names exists. A failure to read the store or a record is a page that says so.
    pub fn page(&self, path: &str) -> Option<String> {
        let made = if let Some(game) = (path.strip_prefix("replays/game-"))
            .and_then(|rest| rest.strip_suffix(".html"))
            .filter(|n| plain_number(n))
            .and_then(|n| n.parse::<u64>().ok())
        {
            self.replay(game)
        } else {
            let (file, number) = path.strip_prefix("games/")?.split_once('/')?;
            let number = (number.strip_suffix(".html"))
                .filter(|n| plain_number(n))?
                .parse::<u64>()
                .ok()?;
            self.games(file, number)
        };
        made.unwrap_or_else(|e| Some(format!("cannot make this page: {e:#}\n")))
    }

    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Game `game`'s replay page from its record; else, if the store holds the game, its
    /// result and why there is no replay.
    fn replay(&self, game: u64) -> anyhow::Result<Option<String>> {
        let deal = game / self.seats.max(1) as u64;
        let pruned = deal < records::pruned_below(&self.out);
        if !pruned && let Some((header, line)) = records::read(&self.out, deal, game)? {
            return (self.render)(&header, &line, game).map(Some);
        }
        let tag = super::tag(&self.ladder);
        let (stored, versions) = {
            let mut store = self.store();
            let stored = store.ladder_game(&tag, game)?;
            (stored, store.ladder_versions(&self.ladder)?)
        };
        let Some(stored) = stored else {
            return Ok(None);
        };
        let why = match pruned {
            true => {
                "Its record was pruned to keep the disk budget (--disk-budget): its result is \
                     kept, its moves are not."
            }
            false => {
                "No record of it is here: another worker played it (its record is in that \
                      worker's output folder), or it was played before the ladder kept records."
            }
        };
        let page = GamePage {
            title: format!("game {game} of the ladder {}", self.ladder),
            ended: stored.termination.clone(),
            why: why.into(),
            seats: (stored.seats.iter().enumerate())
                .map(|(seat, s)| SeatRow {
                    seat,
                    entry: s.entry.clone(),
                    file: file_name(&s.entry),
                    version: version_name(&versions, &s.entry, &s.digest),
                    rank: s.rank,
                    score: s.score,
                    fault: match s.fault {
                        true => stored.fault.clone().unwrap_or_default(),
                        false => String::new(),
                    },
                })
                .collect(),
        };
        crate::page::render(&page)
            .map(Some)
            .map_err(anyhow::Error::msg)
    }

    /// Page `number` (from 1) of the games of the entry whose pages are `file`.
    fn games(&self, file: &str, number: u64) -> anyhow::Result<Option<String>> {
        let tag = super::tag(&self.ladder);
        let mut store = self.store();
        let entries = store.ladder_entries(&self.ladder)?;
        let Some(entry) = entries.iter().find(|e| file_name(&e.entry) == file) else {
            return Ok(None);
        };
        let name = &entry.entry;
        let total = store.ladder_game_count_of(&tag, name)?;
        if number == 0 {
            return Ok(None);
        }
        let skip = (number - 1) * PER_PAGE;
        if number > 1 && skip >= total {
            return Ok(None);
        }
        let stored: Vec<LadderGame> = store.ladder_games_of(&tag, name, false, skip, PER_PAGE)?;
        let versions = store.ladder_versions(&self.ladder)?;
        drop(store);
        let pruned_below = records::pruned_below(&self.out);
        let seats = self.seats.max(1) as u64;
        let shown = |entry: &str, digest: &str| version_name(&versions, entry, digest);
        let games: Vec<Game> = (stored.iter())
            .filter_map(|g| pages::game_row(g, name, &shown))
            .map(|mut row| {
                // Every stored game has a page here: its replay, or its result and why not.
                row.replay = Some(format!("../../replays/game-{}.html", row.game));
                if row.game / seats < pruned_below {
                    row.replay = None;
                    row.no_replay = "record pruned".into();
                }
                row
            })
            .collect();
        let page = GamesPage {
            title: format!("{name}'s games in the ladder {}", self.ladder),
            entry: name.clone(),
            file: file.to_string(),
            first: (skip + 1).min(total),
            last: skip + games.len() as u64,
            total,
            games,
            newer: (number > 1).then(|| format!("{}.html", number - 1)),
            older: (skip + PER_PAGE < total).then(|| format!("{}.html", number + 1)),
        };
        crate::page::render(&page)
            .map(Some)
            .map_err(anyhow::Error::msg)
    }
}

/// A number as the pages write it: digits, no leading zero, so each page has one path.
fn plain_number(text: &str) -> bool {
    !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'))
}
