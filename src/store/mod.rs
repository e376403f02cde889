//! The results store: every run's configuration, bots and games in a database, so that runs
//! are no longer islands (`docs/guide/history.md`). One [`Store`] over two backends with one
//! schema ([`schema`]) and the same answers: an SQLite file by default, a PostgreSQL server
//! when the location is a `postgres://` URL.
//!
//! The store knows no game: it keeps [`crate::runner::GameRecord`]s by index, with the run's
//! extra columns by name, and the run's configuration as the JSON its manifest holds. The
//! edge (`app`) decides when to record and how a store that fails is reported.

mod backend;
mod claims;
mod games_csv;
mod ladder;
mod ladder_list;
mod postgres;
mod queries;
mod rows;
mod runs;
mod schema;
mod sqlite;
mod writer;

pub use claims::SelfTestClaim;
pub use ladder::{Deal, LadderEntry, LadderRow, LadderVersion};
pub use ladder_list::{LadderGame, LadderSeat};
pub use queries::{BotGames, RunFilter};
pub use rows::Recorder;
pub use runs::{BotRow, NewRun, RunStatus, StoredRun, VersionRow};
pub use schema::migration;
pub use writer::Writer;

use crate::error::UsageError;
use anyhow::Result;
use backend::Backend;
use std::path::{Path, PathBuf};

/// The store a run records into when nothing says otherwise, relative to the working
/// directory: beside the default result folders.
pub const DEFAULT_PATH: &str = "results/tourney.db";

/// The environment variable that names the store when `--db` does not.
pub const ENV: &str = "TOURNEY_DB";

/// Where a store is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    Sqlite(PathBuf),
    /// A `postgres://` or `postgresql://` URL.
    Postgres(String),
}

impl Location {
    /// `--db`'s value: a PostgreSQL URL, else a file path.
    pub fn parse(text: &str) -> Location {
        match text.starts_with("postgres://") || text.starts_with("postgresql://") {
            true => Location::Postgres(text.to_string()),
            false => Location::Sqlite(PathBuf::from(text)),
        }
    }

    /// How messages name the store: the path, or the URL without its password.
    pub fn shown(&self) -> String {
        match self {
            Location::Sqlite(path) => path.display().to_string(),
            Location::Postgres(url) => without_password(url),
        }
    }
}

/// `postgres://user:secret@host/db` as `postgres://user:***@host/db`.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_string();
    };
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// An open store at the current schema.
pub struct Store {
    db: Box<dyn Backend>,
    location: Location,
}

impl Store {
    /// Opens the store at `location`, creating an SQLite file (not its folder) and the schema
    /// when missing. Every reason it cannot be used is a [`UsageError`] naming it and the fix:
    /// a folder that does not exist, a read-only file, a file that is not a database, a newer
    /// schema, an unreachable server or refused credentials.
    pub fn open(location: &Location) -> Result<Store> {
        let shown = location.shown();
        let refused = |e: anyhow::Error, fix: &str| -> anyhow::Error {
            match e.downcast::<UsageError>() {
                Ok(usage) => usage.into(),
                Err(e) => {
                    UsageError::Invalid(format!("cannot use the store {shown}: {e:#}{fix}")).into()
                }
            }
        };
        let mut db: Box<dyn Backend> = match location {
            Location::Sqlite(path) => {
                check_file(path)?;
                Box::new(sqlite::Sqlite::open(path).map_err(|e| {
                    refused(
                        e,
                        " (is it an SQLite database? --db names another, --no-db records nothing)",
                    )
                })?)
            }
            Location::Postgres(url) => Box::new(postgres::Postgres::connect(url).map_err(|e| {
                refused(
                    e,
                    " (is the server running, and are the user, password and database right?)",
                )
            })?),
        };
        schema::migrate(db.as_mut(), &shown).map_err(|e| refused(e, ""))?;
        Ok(Store {
            db,
            location: location.clone(),
        })
    }

    pub fn location(&self) -> &Location {
        &self.location
    }

    /// Runs `work` in one transaction: committed whole, or rolled back on its error.
    fn transaction<T>(&mut self, work: impl FnOnce(&mut dyn Backend) -> Result<T>) -> Result<T> {
        self.db.begin()?;
        match work(self.db.as_mut()) {
            Ok(value) => {
                self.db.batch("COMMIT")?;
                Ok(value)
            }
            Err(e) => {
                let _ = self.db.batch("ROLLBACK");
                Err(e)
            }
        }
    }
}

/// Refuses an SQLite path whose folder does not exist or whose file is read-only, before
/// SQLite makes a file or fails in a less telling way.
fn check_file(path: &Path) -> Result<(), UsageError> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(UsageError::Invalid(format!(
            "the store {}: folder {} does not exist; create it, or give --db a path in an \
             existing folder",
            path.display(),
            folder.display()
        )));
    }
    if path.is_dir() {
        return Err(UsageError::Invalid(format!(
            "the store {} is a folder; --db takes a file (e.g. {}/tourney.db)",
            path.display(),
            path.display()
        )));
    }
    if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
        return Err(UsageError::Invalid(format!(
            "the store {} is read-only; make it writable, or choose another --db",
            path.display()
        )));
    }
    Ok(())
}

/// The time now in UTC, as RFC 3339 to the second (`2026-12-05T02:15:45Z`): sortable as text.
pub fn now() -> String {
    later(std::time::Duration::ZERO)
}

/// The time `by` from now, as [`now`] writes it.
pub fn later(by: std::time::Duration) -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        .saturating_add(by.as_secs());
    at(seconds)
}

/// Seconds since 1970 as [`now`] writes a time.
fn at(seconds: u64) -> String {
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The time `by` before now, as [`now`] writes it.
pub fn earlier(by: std::time::Duration) -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        .saturating_sub(by.as_secs());
    at(seconds)
}

/// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// This machine's name, for the runs it records.
pub fn host() -> String {
    let mut buffer = [0u8; 256];
    // SAFETY: the buffer and its length are valid; the name is NUL-terminated within it.
    let ok = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) } == 0;
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(0);
    match ok && end > 0 {
        true => String::from_utf8_lossy(&buffer[..end]).into_owned(),
        false => "unknown".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_793), (2026, 12, 6));
    }

    #[test]
    fn locations_are_urls_or_paths_and_hide_passwords() {
        assert_eq!(
            Location::parse("postgresql://u:pw@h:5/d").shown(),
            "postgresql://u:***@h:5/d"
        );
        assert_eq!(
            Location::parse("postgres://u@h/d"),
            Location::Postgres("postgres://u@h/d".into())
        );
        assert_eq!(
            Location::parse("results/x.db"),
            Location::Sqlite("results/x.db".into())
        );
    }
}
