//! What the store asks of a database, so that one set of portable SQL statements runs on
//! SQLite and on PostgreSQL alike: statements with `$1`, `$2`… parameters (numbered in order of
//! first use, which both read the same way), values of four kinds, and rows inserted in bulk,
//! each backend in its fastest way (multi-row statements, prepared once per shape). Rows to
//! insert are read cell by cell ([`Rows`]), so a block of games is written from its records
//! without a value made per cell.

use anyhow::Result;

/// A value bound to a parameter or read from a column.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Real(f64),
    Text(String),
    Null,
}

impl Value {
    /// A whole-number column (`Null` and other kinds read as an error naming the column).
    pub fn int(&self, column: &str) -> Result<i64> {
        match self {
            Value::Int(v) => Ok(*v),
            other => anyhow::bail!("column {column} holds {other:?}, not a whole number"),
        }
    }

    pub fn text(&self, column: &str) -> Result<String> {
        match self {
            Value::Text(v) => Ok(v.clone()),
            other => anyhow::bail!("column {column} holds {other:?}, not text"),
        }
    }

    /// A column that may be `NULL`.
    pub fn optional_text(&self, column: &str) -> Result<Option<String>> {
        match self {
            Value::Null => Ok(None),
            other => other.text(column).map(Some),
        }
    }

    pub fn optional_int(&self, column: &str) -> Result<Option<i64>> {
        match self {
            Value::Null => Ok(None),
            other => other.int(column).map(Some),
        }
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}

impl From<u64> for Value {
    /// Game indices and seeds fit: a run is refused long before 2^63 games.
    fn from(v: u64) -> Value {
        Value::Int(v as i64)
    }
}

impl From<usize> for Value {
    fn from(v: usize) -> Value {
        Value::Int(v as i64)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

/// One open connection. Transactions are explicit: [`Backend::begin`] then `COMMIT` or
/// `ROLLBACK` through [`Backend::batch`].
pub trait Backend: Send {
    /// Statements without parameters (`COMMIT`, the schema's `CREATE TABLE`s).
    fn batch(&mut self, sql: &str) -> Result<()>;
    /// Starts a transaction that will write: SQLite takes the write lock at once (`BEGIN
    /// IMMEDIATE`, so two writers queue on the busy timeout instead of one failing when it
    /// upgrades a read lock), PostgreSQL starts an ordinary one.
    fn begin(&mut self) -> Result<()>;
    /// Makes the transaction [`Backend::begin`] started wait for any other that asked the
    /// same, across processes, until it ends: schema changes and the numbering of new runs
    /// (SQLite's write lock already does).
    fn serialize(&mut self) -> Result<()>;
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64>;
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>>;
    /// Inserts `rows` into `table` (values in the order of `columns`), skipping a row whose
    /// key is already there (`ON CONFLICT DO NOTHING`): importing twice stores each game once.
    fn insert(&mut self, table: &str, columns: &[&str], rows: &dyn Rows) -> Result<()>;
}

/// One cell of a row to insert, borrowed from wherever the row is kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cell<'a> {
    Int(i64),
    Real(f64),
    Text(&'a str),
    Null,
}

/// Rows to insert, read by row and column (in the order of the insert's columns).
pub trait Rows {
    fn count(&self) -> usize;
    fn cell(&self, row: usize, column: usize) -> Cell<'_>;
}

impl Value {
    pub fn cell(&self) -> Cell<'_> {
        match self {
            Value::Int(v) => Cell::Int(*v),
            Value::Real(v) => Cell::Real(*v),
            Value::Text(v) => Cell::Text(v),
            Value::Null => Cell::Null,
        }
    }
}

impl Rows for Vec<Vec<Value>> {
    fn count(&self) -> usize {
        self.len()
    }

    fn cell(&self, row: usize, column: usize) -> Cell<'_> {
        self[row][column].cell()
    }
}

/// `INSERT INTO table (a, b) VALUES ($1, $2), ($3, $4)… ON CONFLICT DO NOTHING` for `rows`
/// rows: the statement both backends share.
pub fn insert_sql(table: &str, columns: &[&str], rows: usize) -> String {
    let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
    let mut n = 0;
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for column in 0..columns.len() {
            if column > 0 {
                sql.push_str(", ");
            }
            n += 1;
            sql.push_str(&format!("${n}"));
        }
        sql.push(')');
    }
    sql.push_str(" ON CONFLICT DO NOTHING");
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_statements_number_their_parameters_in_order() {
        assert_eq!(
            insert_sql("t", &["a", "b"], 2),
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4) ON CONFLICT DO NOTHING"
        );
    }
}
