//! A database of its own on the PostgreSQL server `TOURNEY_TEST_POSTGRES` names, for the
//! integration tests and for the store's unit tests, which compile this file too.

/// The URL of `database` on the test server, made anew (dropped first where a run before
/// left it), or `None` without a server named.
pub fn fresh_database(database: &str) -> Option<String> {
    let url = std::env::var("TOURNEY_TEST_POSTGRES").ok()?;
    let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("the test server");
    // One statement each: neither may run in the transaction a batch of two makes.
    client
        .batch_execute(&format!("DROP DATABASE IF EXISTS {database}"))
        .unwrap();
    client
        .batch_execute(&format!("CREATE DATABASE {database}"))
        .unwrap();
    let base = url.rsplit_once('/').expect("a URL with a database").0;
    Some(format!("{base}/{database}"))
}
