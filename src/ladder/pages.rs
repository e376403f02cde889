//! The ladder's pages, written into its output folder at every standings refresh (so an
//! organiser without `--live` can publish them) and served from there by `--live`:
//! `pages/index.html` (the standings and everything turned away), `pages/entries/NAME.html`
//! (an entry's versions with their self-tests and ratings, its ratings over time drawn from
//! the points `timeline` keeps, its recent games, its faults),
//! and once the final is played, a link to its page (`finale`).
//! A program's own log (stderr) is on its entry's private page only, `private/NAME.html`,
//! outside the published folder; `--live` serves it at `/private/TOKEN`, the token random,
//! made once and kept in `private/NAME.url` for the organiser to hand out. Each recent game
//! links to its replay page (`records`), or says why it has none.

use super::entries::Problem;
use super::records::{Render, Replay, Replays};
use super::standings::Standing;
use super::timeline::{Chart, Point, chart};
use super::{Fitted, tag};
use crate::input::write_atomically;
use crate::report::markup::{counted, interval_text, rating_text};
use crate::store::{LadderEntry, LadderGame, LadderVersion, Store};
use askama::Template;
use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Games and faults an entry's page lists, newest first.
const RECENT: usize = 20;

/// The end of a program's log a private page shows.
const LOG_TAIL: u64 = 64 << 10;

/// What the pages show, as the last refresh found it.
pub struct View<'a> {
    pub out: &'a Path,
    pub ladder: &'a str,
    pub games: u64,
    pub rows: &'a [Standing],
    pub entries: &'a [LadderEntry],
    pub versions: &'a [LadderVersion],
    pub problems: &'a [Problem],
    pub fitted: &'a Fitted,
    /// Every version's ratings over time, in the order they were kept.
    pub points: &'a [Point],
    /// Seats of a game: game `g` is in deal `g / seats`.
    pub seats: usize,
    /// Makes a game's replay page from its record.
    pub render: Render<'a>,
    /// Whether `--live` serves the pages, and with them the pages made on demand
    /// (`served`): every game's replay page and each entry's list of all its games.
    pub live: bool,
}

#[derive(Template)]
#[template(path = "ladder.html")]
struct StandingsPage {
    title: String,
    games: String,
    updated_at: String,
    rows: Vec<Row>,
    turned_away: Vec<TurnedAway>,
    /// Whether the final was played (`pages/final.html`, linked).
    has_final: bool,
}

struct Row {
    rank: String,
    entry: String,
    /// The entry page's file name.
    file: String,
    version: String,
    rating: String,
    interval: String,
    games: u64,
    fault_rate: String,
    last_change: String,
}

struct TurnedAway {
    who: String,
    version: String,
    when: String,
    why: String,
}

#[derive(Template)]
#[template(path = "ladder_entry.html")]
struct EntryPage<'a> {
    title: String,
    /// The standings' address from this page; none on a private page, which is handed out
    /// alone.
    home: Option<&'static str>,
    games: String,
    updated_at: String,
    versions: Vec<VersionRow>,
    /// Its versions' ratings over time, drawn and listed.
    chart: Option<Chart>,
    points: Vec<&'a Point>,
    recent: Vec<Game>,
    /// The list of all its games (served by `--live` only), from this page.
    all_games: Option<String>,
    faults: Vec<Fault>,
    log: Option<String>,
    log_cut: bool,
    log_kept: String,
}

struct VersionRow {
    version: String,
    verdict: &'static str,
    tested_at: String,
    rating: String,
    interval: String,
    why: String,
}

/// A row of an entry's table of games.
pub(super) struct Game {
    pub game: u64,
    pub version: String,
    pub seat: usize,
    pub rank: i64,
    pub score: i64,
    pub opponents: String,
    pub ended: String,
    /// Its replay page, relative to the page that lists it, else why it has none.
    pub replay: Option<String>,
    pub no_replay: String,
}

struct Fault {
    game: u64,
    version: String,
    ended: String,
    what: String,
}

/// A version as the pages name it: its label, else its digest's first digits.
pub(super) fn version_name(versions: &[LadderVersion], entry: &str, digest: &str) -> String {
    (versions.iter())
        .find(|v| v.entry == entry && v.digest == digest)
        .and_then(|v| v.label.clone())
        .unwrap_or_else(|| digest[..crate::version::SHORT_DIGITS.min(digest.len())].into())
}

/// Writes every page of `view`, each file replaced whole.
pub fn write(store: &mut Store, view: &View) -> anyhow::Result<()> {
    let now = crate::store::now();
    let games = counted(view.games as f64, "game", "games");
    let version_name = |entry: &str, digest: &str| version_name(view.versions, entry, digest);
    let pages = view.out.join("pages");
    std::fs::create_dir_all(pages.join("entries"))?;
    std::fs::create_dir_all(view.out.join("private"))?;
    let standings = StandingsPage {
        title: format!("ladder {}", view.ladder),
        games: games.clone(),
        updated_at: now.clone(),
        rows: (view.rows.iter()).map(row).collect(),
        turned_away: turned_away(view, &version_name),
        has_final: pages.join("final.html").is_file(),
    };
    write_page(&pages.join("index.html"), &standings)?;
    let (mut recent, mut faults) = recent_games(store, view, &version_name)?;
    let mut replays = Replays::new(view.out, view.seats, view.render);
    for game in recent.values_mut().flatten() {
        match replays.link(game.game) {
            Replay::Page(page) => game.replay = Some(page),
            Replay::None(why) => game.no_replay = why,
        }
    }
    replays.sweep()?;
    for entry in view.entries {
        let name = &entry.entry;
        let versions: Vec<VersionRow> = (view.versions.iter())
            .filter(|v| v.entry == *name)
            .map(|v| {
                let rating = view.fitted.get(&(name.clone(), v.digest.clone()));
                VersionRow {
                    version: version_name(name, &v.digest),
                    verdict: match (v.accepted, entry.version.as_ref() == Some(&v.digest)) {
                        (true, true) => "passed, plays",
                        (true, false) => "passed",
                        (false, _) => "failed",
                    },
                    tested_at: v.tested_at.clone(),
                    rating: rating.map(rating_text).unwrap_or_default(),
                    interval: rating.map(interval_text).unwrap_or_default(),
                    why: v.reason.clone().unwrap_or_default(),
                }
            })
            .collect();
        let points: Vec<&Point> = (view.points.iter()).filter(|p| p.entry == *name).collect();
        let played = (view.rows.iter())
            .find(|r| r.entry == *name)
            .map_or(0, |r| r.games);
        let mut page = EntryPage {
            title: format!("{name} in the ladder {}", view.ladder),
            home: Some("../index.html"),
            games: counted(played as f64, "game", "games"),
            updated_at: now.clone(),
            versions,
            chart: chart(&points),
            points,
            recent: recent.remove(name).unwrap_or_default(),
            all_games: view
                .live
                .then(|| format!("../games/{}/1.html", file_name(name))),
            faults: faults.remove(name).unwrap_or_default(),
            log: None,
            log_cut: false,
            log_kept: String::new(),
        };
        let file = file_name(name);
        write_page(&pages.join("entries").join(format!("{file}.html")), &page)?;
        let (log, cut) = log_tail(&view.out.join("logs").join(format!("{name}.log")));
        page.home = None;
        page.log = Some(log);
        page.log_cut = cut;
        page.log_kept = format!("{} KiB", LOG_TAIL >> 10);
        let private = view.out.join("private");
        token(&private, &file)?;
        write_page(&private.join(format!("{file}.html")), &page)?;
    }
    Ok(())
}

fn row(standing: &Standing) -> Row {
    let (rating, interval) = standing.shown.clone().unwrap_or_default();
    Row {
        rank: standing.rank.map_or("-".into(), |r| r.to_string()),
        entry: standing.entry.clone(),
        file: file_name(&standing.entry),
        version: standing.version.clone(),
        rating: match standing.elo {
            Some(_) => rating,
            None => "-".into(),
        },
        interval,
        games: standing.games,
        fault_rate: format!("{:.1}%", standing.fault_rate * 100.0),
        last_change: standing.last_change.clone().unwrap_or_default(),
    }
}

/// Every version that failed its self-test, newest first, then every folder that cannot
/// enter now.
fn turned_away(view: &View, version_name: &dyn Fn(&str, &str) -> String) -> Vec<TurnedAway> {
    let mut refused: Vec<&LadderVersion> = view.versions.iter().filter(|v| !v.accepted).collect();
    refused.sort_by(|a, b| b.tested_at.cmp(&a.tested_at));
    let versions = refused.into_iter().map(|v| TurnedAway {
        who: v.entry.clone(),
        version: version_name(&v.entry, &v.digest),
        when: v.tested_at.clone(),
        why: v.reason.clone().unwrap_or_default(),
    });
    let folders = view.problems.iter().map(|p| TurnedAway {
        who: format!("folder {}", p.folder),
        version: String::new(),
        when: "now".into(),
        why: p.reason.clone(),
    });
    versions.chain(folders).collect()
}

type Recent = (HashMap<String, Vec<Game>>, HashMap<String, Vec<Fault>>);

/// Each entry's last games and faults (any of its versions), read from the store a page at a
/// time: the newest [`RECENT`] of each, whatever the number of games stored.
fn recent_games(
    store: &mut Store,
    view: &View,
    version_name: &dyn Fn(&str, &str) -> String,
) -> anyhow::Result<Recent> {
    let tag = tag(view.ladder);
    let (mut games, mut faults): Recent = Default::default();
    for entry in view.entries {
        let name = &entry.entry;
        let played = store.ladder_games_of(&tag, name, false, 0, RECENT as u64)?;
        let rows = (played.iter()).filter_map(|g| game_row(g, name, version_name));
        games.insert(name.clone(), rows.collect());
        let lost = store.ladder_games_of(&tag, name, true, 0, RECENT as u64)?;
        let rows = lost.iter().filter_map(|g| {
            let seat = g.seats.iter().find(|s| s.entry == *name)?;
            Some(Fault {
                game: g.game,
                version: version_name(name, &seat.digest),
                ended: g.termination.clone(),
                what: g.fault.clone().unwrap_or_default(),
            })
        });
        faults.insert(name.clone(), rows.collect());
    }
    Ok((games, faults))
}

/// Stored game `g` as a row of `entry`'s table of games (none when it did not play it), its
/// replay not yet known.
pub(super) fn game_row(
    g: &LadderGame,
    entry: &str,
    version_name: &dyn Fn(&str, &str) -> String,
) -> Option<Game> {
    let seat = g.seats.iter().position(|s| s.entry == entry)?;
    let opponents: Vec<String> = (g.seats.iter().enumerate())
        .filter(|&(other, _)| other != seat)
        .map(|(_, s)| format!("{} {}", s.entry, version_name(&s.entry, &s.digest)))
        .collect();
    let mine = &g.seats[seat];
    Some(Game {
        game: g.game,
        version: version_name(entry, &mine.digest),
        seat,
        rank: mine.rank,
        score: mine.score,
        opponents: opponents.join(", "),
        ended: g.termination.clone(),
        replay: None,
        no_replay: String::new(),
    })
}

/// An entry's pages' file name: its name when that is a plain file name, else its bytes in
/// hexadecimal (a name may hold spaces or `%`, which no file name served should).
pub(super) fn file_name(entry: &str) -> String {
    let plain = !entry.starts_with('.')
        && (entry.chars()).all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    match plain {
        true => entry.to_string(),
        false => format!("entry-{}", hex(entry.as_bytes())),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The end of a program's log (empty when there is none yet), and whether it was cut.
fn log_tail(path: &Path) -> (String, bool) {
    let read = || -> std::io::Result<(String, bool)> {
        let mut file = std::fs::File::open(path)?;
        let size = file.metadata()?.len();
        let cut = size > LOG_TAIL;
        file.seek(SeekFrom::Start(size.saturating_sub(LOG_TAIL)))?;
        let mut bytes = Vec::new();
        file.take(LOG_TAIL).read_to_end(&mut bytes)?;
        Ok((String::from_utf8_lossy(&bytes).into_owned(), cut))
    };
    read().unwrap_or_default()
}

/// The private page's token of the entry whose pages are `file`: made once, random, and kept
/// in `private/FILE.url` as the path `--live` serves the page at.
fn token(private: &Path, file: &str) -> anyhow::Result<String> {
    let path = private.join(format!("{file}.url"));
    if let Ok(text) = std::fs::read_to_string(&path)
        && let Some(token) = text.trim().strip_prefix("/private/")
    {
        return Ok(token.to_string());
    }
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    let token = hex(&bytes);
    write_atomically(&path, format!("/private/{token}\n").as_bytes())?;
    Ok(token)
}

/// The private page of `token` in the output folder `out`, if an entry has that token.
pub fn private_page(out: &Path, token: &str) -> Option<PathBuf> {
    let wanted = format!("/private/{token}");
    let private = out.join("private");
    let plain = token.len() == 32 && token.chars().all(|c| c.is_ascii_hexdigit());
    if !plain {
        return None;
    }
    std::fs::read_dir(&private).ok()?.find_map(|item| {
        let path = item.ok()?.path();
        let holds = path.extension().is_some_and(|e| e == "url")
            && std::fs::read_to_string(&path).is_ok_and(|text| text.trim() == wanted);
        let page = path.with_extension("html");
        (holds && page.is_file()).then_some(page)
    })
}

fn write_page(path: &Path, page: &impl Template) -> anyhow::Result<()> {
    let html = crate::page::render(page)
        .map_err(|why| anyhow::anyhow!("cannot lay out {}: {why}", path.display()))?;
    write_atomically(path, html.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name that is no plain file name (a space, a `%`, a leading dot) is written in
    /// hexadecimal, so every served page's path is one the server takes.
    #[test]
    fn entry_file_names_are_plain() {
        assert_eq!(file_name("alice_2-b.c"), "alice_2-b.c");
        assert_eq!(file_name("a b"), "entry-612062");
        assert_eq!(file_name("50%"), "entry-353025");
        assert_eq!(file_name(".x"), "entry-2e78");
    }

    /// A token is made once and kept; only it finds the page, and a malformed one finds none.
    #[test]
    fn only_the_kept_token_finds_the_private_page() {
        let out = tempfile::tempdir().unwrap();
        let private = out.path().join("private");
        std::fs::create_dir_all(&private).unwrap();
        let token = token(&private, "alice").unwrap();
        assert_eq!(token, super::token(&private, "alice").unwrap());
        assert_eq!(private_page(out.path(), &token), None, "no page yet");
        std::fs::write(private.join("alice.html"), "page").unwrap();
        assert_eq!(
            private_page(out.path(), &token),
            Some(private.join("alice.html"))
        );
        for other in [
            "0".repeat(32),
            String::new(),
            "../alice".into(),
            token[1..].into(),
        ] {
            assert_eq!(private_page(out.path(), &other), None, "{other}");
        }
    }
}
