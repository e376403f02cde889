//! The shared backend: a PostgreSQL server, through the synchronous `postgres` client (the
//! program plays on a rayon pool and has no async runtime of its own to offer). Rows go in
//! as multi-row statements, prepared once per shape, so a block of games costs a few round
//! trips rather than one per row. Connections are unencrypted (`NoTls`): a server on the
//! machine or a trusted network, as CI's is.

use super::backend::{Backend, Cell, Rows, Value, insert_sql};
use anyhow::Result;
use postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use postgres::{Client, NoTls, Statement};
use std::collections::HashMap;
use std::error::Error;

/// PostgreSQL takes at most 65,535 parameters in one statement.
const MAX_PARAMETERS: usize = 65_535;

pub struct Postgres {
    client: Client,
    /// Insert statements by table and row count: a run's blocks have few shapes.
    prepared: HashMap<(String, usize), Statement>,
}

impl Postgres {
    pub fn connect(url: &str) -> Result<Postgres> {
        Ok(Postgres {
            client: Client::connect(url, NoTls)?,
            prepared: HashMap::new(),
        })
    }
}

impl ToSql for Cell<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut postgres::types::private::BytesMut,
    ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match *self {
            Cell::Null => Ok(IsNull::Yes),
            Cell::Int(v) if *ty == Type::INT4 => i32::try_from(v)?.to_sql(ty, out),
            Cell::Int(v) => v.to_sql(ty, out),
            Cell::Real(v) => v.to_sql(ty, out),
            Cell::Text(v) => v.to_sql(ty, out),
        }
    }

    /// The server says what each parameter is; a value of the wrong kind fails in `to_sql`.
    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

fn params(values: &[Value]) -> Vec<Cell<'_>> {
    values.iter().map(Value::cell).collect()
}

fn refs<'a>(cells: &'a [Cell<'a>]) -> Vec<&'a (dyn ToSql + Sync)> {
    cells.iter().map(|v| v as &(dyn ToSql + Sync)).collect()
}

impl Backend for Postgres {
    fn batch(&mut self, sql: &str) -> Result<()> {
        Ok(self.client.batch_execute(sql)?)
    }

    fn begin(&mut self) -> Result<()> {
        self.batch("BEGIN")
    }

    fn serialize(&mut self) -> Result<()> {
        // Any fixed number: every tourney opening this database takes the same lock.
        self.batch("SELECT pg_advisory_xact_lock(41041)")
    }

    fn execute(&mut self, sql: &str, values: &[Value]) -> Result<u64> {
        Ok(self.client.execute(sql, &refs(&params(values)))?)
    }

    fn query(&mut self, sql: &str, values: &[Value]) -> Result<Vec<Vec<Value>>> {
        let rows = self.client.query(sql, &refs(&params(values)))?;
        rows.iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| {
                        let ty = row.columns()[i].type_();
                        Ok(if *ty == Type::INT8 {
                            row.try_get::<_, Option<i64>>(i)?
                                .map_or(Value::Null, Value::Int)
                        } else if *ty == Type::INT4 {
                            row.try_get::<_, Option<i32>>(i)?
                                .map_or(Value::Null, |v| Value::Int(v.into()))
                        } else if *ty == Type::FLOAT8 {
                            row.try_get::<_, Option<f64>>(i)?
                                .map_or(Value::Null, Value::Real)
                        } else {
                            row.try_get::<_, Option<String>>(i)?
                                .map_or(Value::Null, Value::Text)
                        })
                    })
                    .collect()
            })
            .collect()
    }

    fn insert(&mut self, table: &str, columns: &[&str], rows: &dyn Rows) -> Result<()> {
        let (count, width) = (rows.count(), columns.len());
        let per_statement = MAX_PARAMETERS / width;
        let mut row = 0;
        while row < count {
            let n = per_statement.min(count - row);
            let key = (table.to_string(), n);
            let statement = match self.prepared.get(&key) {
                Some(statement) => statement.clone(),
                None => {
                    let statement = self.client.prepare(&insert_sql(table, columns, n))?;
                    self.prepared.insert(key, statement.clone());
                    statement
                }
            };
            let cells: Vec<Cell<'_>> = (row..row + n)
                .flat_map(|r| (0..width).map(move |column| rows.cell(r, column)))
                .collect();
            self.client.execute(&statement, &refs(&cells))?;
            row += n;
        }
        Ok(())
    }
}
