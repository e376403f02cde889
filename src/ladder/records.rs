//! The ladder's game records: every deal this worker plays is kept, with every move, as
//! `records/NNNNN/deal-D.jsonl.gz` in the output folder (`NNNNN` the thousand it is in, so no
//! folder holds more than a thousand files). A file is what `run --record` writes
//! (`records.jsonl.gz`'s format, gzip): the header line (game, rules, options, master seed,
//! the labels of the run's lineup), then one line per game of the deal, each written whole
//! once the deal is recorded in the store. Game `g` of a ladder with `s` seats is in deal
//! `g / s` (a deal's games are `d × s + rotation`), so the store needs no column for it.
//!
//! The entry pages link each recent game to its replay page, `pages/replays/game-G.html`,
//! made from its record by the replay page of `tourney replay --html` (handed down by the
//! edge) the first time it is shown, and removed once no page lists it. A game without a
//! record says why: pruned by the disk budget (`budget`), or never kept here (played by
//! another worker, or before records were kept).

use crate::input::write_atomically;
use crate::replay::Header;
use crate::runner::GameRecord;
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use serde::Deserialize;
use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The records' folder in the output folder.
pub(super) const DIR: &str = "records";

/// Deals per folder of records.
const PER_FOLDER: u64 = 1000;

/// The file in [`DIR`] that holds the deal below which every record was pruned.
pub(super) const PRUNED: &str = "pruned-below";

/// Replays a game's record into its page: the header, the game's line, its number.
pub type Render<'a> = &'a dyn Fn(&Header, &str, u64) -> anyhow::Result<String>;

/// The folder of the records of deals `folder × 1000` to the next thousand.
pub(super) fn folder_name(folder: u64) -> String {
    format!("{folder:05}")
}

/// Where deal `deal`'s record is.
fn path(out: &Path, deal: u64) -> PathBuf {
    (out.join(DIR).join(folder_name(deal / PER_FOLDER))).join(format!("deal-{deal}.jsonl.gz"))
}

/// The deal of a record's file name, if it is one.
pub(super) fn deal_of(file: &str) -> Option<u64> {
    file.strip_prefix("deal-")?
        .strip_suffix(".jsonl.gz")?
        .parse()
        .ok()
}

/// Writes deal `deal`'s record (its games, each played with a log) whole; hands back its size.
pub fn keep(out: &Path, deal: u64, header: &Header, games: &[GameRecord]) -> anyhow::Result<u64> {
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    serde_json::to_writer(&mut gz, header)?;
    gz.write_all(b"\n")?;
    for game in games {
        let line = (game.log.as_deref())
            .ok_or_else(|| anyhow::anyhow!("game {} was played without a log", game.index))?;
        gz.write_all(line.as_bytes())?;
        gz.write_all(b"\n")?;
    }
    let bytes = gz.finish()?;
    let path = path(out, deal);
    std::fs::create_dir_all(path.parent().expect("a record is in a folder"))?;
    write_atomically(&path, &bytes)?;
    Ok(bytes.len() as u64)
}

/// The header and line of game `game` from deal `deal`'s record, if it is kept.
pub(super) fn read(out: &Path, deal: u64, game: u64) -> anyhow::Result<Option<(Header, String)>> {
    let file = match std::fs::File::open(path(out, deal)) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    // A deal's record is a few games: read whole, and at most this much.
    let mut text = String::new();
    MultiGzDecoder::new(file)
        .take(64 << 20)
        .read_to_string(&mut text)?;
    let mut lines = text.lines();
    let header: Header = serde_json::from_str(lines.next().unwrap_or_default())?;
    #[derive(Deserialize)]
    struct Which {
        game: u64,
    }
    let line = lines.find(|line| serde_json::from_str::<Which>(line).is_ok_and(|w| w.game == game));
    Ok(line.map(|line| (header, line.to_string())))
}

/// The deal below which every record was pruned (0 when none was).
pub(super) fn pruned_below(out: &Path) -> u64 {
    (std::fs::read_to_string(out.join(DIR).join(PRUNED)).ok())
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0)
}

/// Where a recent game's replay is, as the entry page shows it.
pub enum Replay {
    /// The page, relative to an entry's page.
    Page(String),
    /// Why there is none.
    None(String),
}

/// The replay pages of the games the entry pages show: made when first shown, the others
/// removed by [`Replays::sweep`].
pub struct Replays<'a> {
    out: &'a Path,
    seats: u64,
    render: Render<'a>,
    pruned_below: u64,
    shown: HashSet<u64>,
}

impl<'a> Replays<'a> {
    pub fn new(out: &'a Path, seats: usize, render: Render<'a>) -> Replays<'a> {
        Replays {
            out,
            seats: seats.max(1) as u64,
            render,
            pruned_below: pruned_below(out),
            shown: HashSet::new(),
        }
    }

    fn page(&self, game: u64) -> PathBuf {
        (self.out.join("pages/replays")).join(format!("game-{game}.html"))
    }

    /// Game `game`'s replay page, made from its record if it is not there yet. A game whose
    /// record was pruned says so even when its page was made before the pruning: what a page
    /// says follows from the records, not from how often the pages were refreshed (and the
    /// page is removed by [`Replays::sweep`], since no page shows it).
    pub fn link(&mut self, game: u64) -> Replay {
        let deal = game / self.seats;
        if deal < self.pruned_below {
            return Replay::None("record pruned".into());
        }
        let page = self.page(game);
        let link = Replay::Page(format!("../replays/game-{game}.html"));
        if self.shown.contains(&game) || page.is_file() {
            self.shown.insert(game);
            return link;
        }
        let made = read(self.out, deal, game).and_then(|found| match found {
            None => Ok(false),
            Some((header, line)) => {
                let html = (self.render)(&header, &line, game)?;
                std::fs::create_dir_all(page.parent().expect("a page is in a folder"))?;
                write_atomically(&page, html.as_bytes())?;
                Ok(true)
            }
        });
        match made {
            Ok(true) => {
                self.shown.insert(game);
                link
            }
            Ok(false) if deal < self.pruned_below => Replay::None("record pruned".into()),
            Ok(false) => Replay::None("no record here".into()),
            Err(e) => Replay::None(format!("no replay: {e:#}")),
        }
    }

    /// Removes the replay pages of games no page shows any more.
    pub fn sweep(self) -> std::io::Result<()> {
        let folder = self.out.join("pages/replays");
        let items = match std::fs::read_dir(&folder) {
            Ok(items) => items,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        for item in items {
            let path = item?.path();
            let game = (path.file_name().and_then(|n| n.to_str()))
                .and_then(|n| n.strip_prefix("game-")?.strip_suffix(".html")?.parse().ok());
            if game.is_some_and(|game| !self.shown.contains(&game)) {
                std::fs::remove_file(&path)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            format: crate::replay::FORMAT.into(),
            tool: "tourney".into(),
            game: "t".into(),
            rules: None,
            options: Default::default(),
            seats: Some(2),
            master_seed: 7,
            bots: vec!["a".into(), "b".into()],
        }
    }

    fn game(index: u64) -> GameRecord {
        GameRecord {
            index,
            log: Some(format!("{{\"game\":{index},\"moves\":[{index}]}}")),
            ..GameRecord::default()
        }
    }

    /// A deal's games are found by their numbers (`g / seats` is the deal); a page is made
    /// once, from the record, and kept while shown; a game without a record says why; the
    /// pages no longer shown are removed.
    #[test]
    fn recent_games_link_to_pages_made_from_their_records() {
        let out = tempfile::tempdir().unwrap();
        let out = out.path();
        keep(out, 3, &header(), &[game(6), game(7)]).unwrap();
        keep(out, 1500, &header(), &[game(3000), game(3001)]).unwrap();
        assert!(out.join("records/00001/deal-1500.jsonl.gz").is_file());
        let (found, line) = read(out, 3, 7).unwrap().unwrap();
        assert_eq!(
            (found, line.as_str()),
            (header(), "{\"game\":7,\"moves\":[7]}")
        );
        assert!(read(out, 4, 8).unwrap().is_none());
        let rendered = std::cell::Cell::new(0);
        let render = |header: &Header, line: &str, game: u64| {
            rendered.set(rendered.get() + 1);
            Ok(format!("{} {game} {line}", header.bots.join(",")))
        };
        let mut replays = Replays::new(out, 2, &render);
        let Replay::Page(link) = replays.link(7) else {
            panic!("game 7 has a record")
        };
        assert_eq!(link, "../replays/game-7.html");
        let page = std::fs::read_to_string(out.join("pages/replays/game-7.html")).unwrap();
        assert_eq!(page, "a,b 7 {\"game\":7,\"moves\":[7]}");
        assert!(matches!(replays.link(3001), Replay::Page(_)));
        assert!(matches!(replays.link(7), Replay::Page(_)));
        let Replay::None(why) = replays.link(9) else {
            panic!("game 9 has no record")
        };
        assert_eq!(why, "no record here");
        assert_eq!(rendered.get(), 2, "each page is made once");
        replays.sweep().unwrap();
        // Deals below 3 were pruned before the next refresh: game 7 (deal 3) keeps its page.
        std::fs::write(out.join("records").join(PRUNED), "3\n").unwrap();
        let mut replays = Replays::new(out, 2, &render);
        assert!(matches!(replays.link(7), Replay::Page(_)), "its page stays");
        let Replay::None(why) = replays.link(5) else {
            panic!("game 5 has no record")
        };
        assert_eq!(why, "record pruned");
        assert!(matches!(replays.link(8), Replay::None(why) if why == "no record here"));
        replays.sweep().unwrap();
        assert!(out.join("pages/replays/game-7.html").is_file());
        // Deal 3 is pruned once its page exists: the page says so, and its replay page goes.
        std::fs::write(out.join("records").join(PRUNED), "5\n").unwrap();
        let mut replays = Replays::new(out, 2, &render);
        assert!(matches!(replays.link(7), Replay::None(why) if why == "record pruned"));
        replays.sweep().unwrap();
        assert!(!out.join("pages/replays/game-7.html").exists());
        assert!(!out.join("pages/replays/game-3001.html").exists());
        assert_eq!(deal_of("deal-1500.jsonl.gz"), Some(1500));
        assert_eq!(deal_of("deal-x.jsonl.gz"), None);
    }
}
