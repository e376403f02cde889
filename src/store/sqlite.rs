//! The embedded backend: one SQLite file (bundled into the binary, so a fresh machine needs no
//! library). Write-ahead logging lets readers and one writer work at once, and `synchronous =
//! NORMAL` under it still survives a killed process (a power cut may lose the last commits,
//! never consistency); writers from other processes wait on the busy timeout. Rows go in
//! [`ROWS_PER_STATEMENT`] to a statement, each cell bound where it is kept.

use super::backend::{Backend, Cell, Rows, Value, insert_sql};
use anyhow::{Context, Result};
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, ErrorCode, OpenFlags, ToSql, params_from_iter};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a writer waits for another process's transaction before it fails: far longer than
/// any one block's commit.
const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

/// Rows in one insert statement: a block's rows cost a few statements instead of one each
/// (each statement is a virtual machine run of its own), well below SQLite's 32,766
/// parameters for the widest table.
const ROWS_PER_STATEMENT: usize = 64;

pub struct Sqlite {
    connection: Connection,
}

impl Sqlite {
    /// Opens (creating) the file and sets it up; a file that is not a database fails here.
    pub fn open(path: &Path) -> Result<Sqlite> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection = Connection::open_with_flags(path, flags)?;
        connection.busy_timeout(BUSY_TIMEOUT)?;
        write_ahead(&connection)?;
        connection.execute_batch("PRAGMA synchronous = NORMAL")?;
        Ok(Sqlite { connection })
    }
}

/// Switches the file to write-ahead logging, unless it is in it already (reading the mode
/// touches the file: a file that is not a database is refused here). The switch wants the file
/// to itself, and SQLite may answer "database is locked" at once instead of waiting on the busy
/// timeout (as it does while another connection recovers the log), so a busy answer is tried
/// again until the busy timeout is spent: runs starting at once on one new store all record.
fn write_ahead(connection: &Connection) -> Result<()> {
    let deadline = Instant::now() + BUSY_TIMEOUT;
    loop {
        let mode = connection
            .query_row("PRAGMA journal_mode", [], |row| row.get::<_, String>(0))
            .and_then(|mode| match mode.eq_ignore_ascii_case("wal") {
                true => Ok(mode),
                false => connection.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0)),
            });
        match mode {
            Ok(mode) if mode.eq_ignore_ascii_case("wal") => return Ok(()),
            // Not an answer that waiting changes (a file system without shared memory).
            Ok(mode) => anyhow::bail!("cannot use write-ahead logging (journal mode stays {mode})"),
            Err(e) if busy(&e) && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// Whether `error` says another connection holds the file.
fn busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

impl ToSql for Cell<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match *self {
            Cell::Int(v) => ValueRef::Integer(v),
            Cell::Real(v) => ValueRef::Real(v),
            Cell::Text(v) => ValueRef::Text(v.as_bytes()),
            Cell::Null => ValueRef::Null,
        }))
    }
}

fn bind(params: &[Value]) -> impl Iterator<Item = Cell<'_>> {
    params.iter().map(Value::cell)
}

impl Backend for Sqlite {
    fn batch(&mut self, sql: &str) -> Result<()> {
        Ok(self.connection.execute_batch(sql)?)
    }

    fn begin(&mut self) -> Result<()> {
        self.batch("BEGIN IMMEDIATE")
    }

    fn serialize(&mut self) -> Result<()> {
        Ok(())
    }

    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64> {
        let mut statement = self.connection.prepare_cached(sql)?;
        Ok(statement.execute(params_from_iter(bind(params)))? as u64)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>> {
        let mut statement = self.connection.prepare_cached(sql)?;
        let columns = statement.column_count();
        let mut rows = statement.query(params_from_iter(bind(params)))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let values = (0..columns)
                .map(|i| {
                    Ok(match row.get_ref(i)? {
                        ValueRef::Null => Value::Null,
                        ValueRef::Integer(v) => Value::Int(v),
                        ValueRef::Real(v) => Value::Real(v),
                        ValueRef::Text(v) => Value::Text(
                            std::str::from_utf8(v)
                                .context("a text column is not UTF-8")?
                                .to_string(),
                        ),
                        ValueRef::Blob(_) => anyhow::bail!("unexpected binary column"),
                    })
                })
                .collect::<Result<Vec<Value>>>()?;
            out.push(values);
        }
        Ok(out)
    }

    fn insert(&mut self, table: &str, columns: &[&str], rows: &dyn Rows) -> Result<()> {
        // Whole statements of ROWS_PER_STATEMENT rows, then the rest one at a time: two shapes
        // a table, both prepared once.
        let (count, width) = (rows.count(), columns.len());
        let mut row = 0;
        while row < count {
            let n = match count - row >= ROWS_PER_STATEMENT {
                true => ROWS_PER_STATEMENT,
                false => 1,
            };
            let mut statement = self
                .connection
                .prepare_cached(&insert_sql(table, columns, n))?;
            for r in 0..n {
                for column in 0..width {
                    let cell = rows.cell(row + r, column);
                    statement.raw_bind_parameter(r * width + column + 1, cell)?;
                }
            }
            statement.raw_execute()?;
            row += n;
        }
        Ok(())
    }
}
