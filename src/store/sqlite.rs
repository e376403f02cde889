//! The embedded backend: one SQLite file (bundled into the binary, so a fresh machine needs no
//! library). Write-ahead logging lets readers and one writer work at once, and `synchronous =
//! NORMAL` under it still survives a killed process (a power cut may lose the last commits,
//! never consistency); writers from other processes wait on the busy timeout.

use super::backend::{Backend, Value, insert_sql};
use anyhow::{Context, Result};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags, params_from_iter};
use std::path::Path;
use std::time::Duration;

/// How long a writer waits for another process's transaction before it fails: far longer than
/// any one block's commit.
const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

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
        // Reading the mode touches the file: a file that is not a database is refused here.
        // Only a store not yet in WAL mode is switched: the switch wants the file to itself and
        // does not wait on the busy timeout, so asking it of a store other runs write (or one
        // a killed run left to recover) failed at once with "database is locked".
        let mut mode: String = connection.query_row("PRAGMA journal_mode", [], |row| row.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            mode = connection.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
        }
        if !mode.eq_ignore_ascii_case("wal") {
            anyhow::bail!("cannot use write-ahead logging (journal mode stays {mode})");
        }
        connection.execute_batch("PRAGMA synchronous = NORMAL")?;
        Ok(Sqlite { connection })
    }
}

fn bind(params: &[Value]) -> impl Iterator<Item = rusqlite::types::Value> + '_ {
    params.iter().map(|value| match value {
        Value::Int(v) => rusqlite::types::Value::Integer(*v),
        Value::Real(v) => rusqlite::types::Value::Real(*v),
        Value::Text(v) => rusqlite::types::Value::Text(v.clone()),
        Value::Null => rusqlite::types::Value::Null,
    })
}

impl Backend for Sqlite {
    fn batch(&mut self, sql: &str) -> Result<()> {
        Ok(self.connection.execute_batch(sql)?)
    }

    fn begin(&mut self) -> Result<()> {
        self.batch("BEGIN IMMEDIATE")
    }

    fn lock_schema(&mut self) -> Result<()> {
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

    fn insert(&mut self, table: &str, columns: &[&str], rows: &[Vec<Value>]) -> Result<()> {
        let mut statement = self
            .connection
            .prepare_cached(&insert_sql(table, columns, 1))?;
        for row in rows {
            statement.execute(params_from_iter(bind(row)))?;
        }
        Ok(())
    }
}
