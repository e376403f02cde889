//! The live page of `run --live` and `tourney watch` (a folder another process is writing, read
//! as its `games.csv` grows: [`Live::watch`]), and a folder of pages served as they are rewritten
//! (`tourney ladder --live`, [`Folder`]). The live page is a small HTTP server on its own thread
//! serving a self-contained page that polls `state.json` (see [`state`]) and, once the run is
//! over, shows its final report. `tiny_http` is synchronous, so the server is one plain thread
//! beside the run's workers and nothing else changes.

mod folder;
mod growing;
mod server;
mod state;
mod watch;

pub use folder::{Folder, Made, Private};
pub use state::{Replayer, Setup};

use crate::error::UsageError;
use crate::runner::GameRecord;
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where the page listens without an address: loopback, a free port.
pub const DEFAULT_ADDRESS: &str = "127.0.0.1:0";

/// A page being served; dropping it stops the server.
pub struct Live {
    shared: Arc<state::Shared>,
    server: Arc<tiny_http::Server>,
    thread: Option<JoinHandle<()>>,
    /// The page's address, as printed.
    pub url: String,
    /// Said once, after the address, when the page listens beyond loopback: what it exposes.
    pub warning: Option<String>,
}

/// The warning for a page that listens on `bound` beyond loopback, naming what anyone who
/// reaches it can read: the run and, under `/run/`, every file of its `folder`.
fn exposure_warning(
    bound: std::net::SocketAddr,
    folder: Option<&std::path::Path>,
) -> Option<String> {
    if bound.ip().is_loopback() {
        return None;
    }
    let everywhere = match bound.ip().is_unspecified() {
        true => " (every network interface of this machine)",
        false => "",
    };
    let files = folder.map_or(String::new(), |dir| {
        format!(
            " and every file of {} (games.csv, summary.json, the records and the programs' logs)",
            dir.display()
        )
    });
    Some(format!(
        "live: warning: listening on {bound}{everywhere}, not only this machine: anyone who can \
         reach port {} can read the page{files}, without a password; --live=127.0.0.1:{} keeps \
         it on this machine",
        bound.port(),
        bound.port()
    ))
}

impl Live {
    /// Listens on `address` (see [`parse_address`]) and serves the page of `setup`, with the
    /// files of `folder` (the run's) under `/run/`.
    pub fn start(address: &str, setup: Setup, folder: Option<PathBuf>) -> Result<Live, UsageError> {
        let wanted = parse_address(address)?;
        let server = tiny_http::Server::http(wanted)
            .map_err(|e| UsageError::Invalid(format!("--live: cannot listen on {wanted}: {e}")))?;
        let bound = server
            .server_addr()
            .to_ip()
            .ok_or_else(|| UsageError::Invalid(format!("--live: cannot listen on {wanted}")))?;
        let warning = exposure_warning(bound, folder.as_deref());
        let server = Arc::new(server);
        let shared = Arc::new(state::Shared::new(setup));
        let thread = {
            let (server, shared) = (server.clone(), shared.clone());
            std::thread::Builder::new()
                .name("live page".into())
                .spawn(move || server::serve(&server, &shared, folder.as_deref()))
                .map_err(|e| UsageError::Invalid(format!("--live: cannot start: {e}")))?
        };
        Ok(Live {
            shared,
            server,
            thread: Some(thread),
            url: format!("http://{bound}/"),
            warning,
        })
    }

    /// The run's folder is open: `total` games in all, those of `tally` kept from an earlier
    /// start.
    pub fn opened(self, tally: &crate::summary::Tally, total: u64) -> Live {
        self.shared.opened(tally, total);
        self
    }

    /// Counts one finished game.
    pub fn add(&self, record: &GameRecord) {
        self.shared.add(record);
    }

    /// A staged format's picture so far (a knockout's bracket, a Swiss system's rounds), as
    /// JSON: the page draws it as it is, replacing the last one.
    pub fn set_staged(&self, picture: Value) {
        self.shared.set_staged(picture);
    }

    /// Games before `games_done` are in the folder's games.csv (flushed), so their replay
    /// pages can check them there.
    pub fn flushed(&self, games_done: u64) {
        self.shared.flushed(games_done);
    }

    /// Names the bots of a folder being read, as they appear.
    pub fn set_bots(&self, bots: &[String]) {
        self.shared.set_bots(bots);
    }

    /// The run is over: `summary` is summary.json's content (`None` for a shard, which has
    /// none), `report` the report's file name in the folder, when one was written.
    pub fn finish(&self, summary: Option<Value>, report: Option<&str>) {
        self.shared
            .finish(summary, report.map(|name| format!("run/{name}")));
    }

    /// Keeps serving the final page until Ctrl-C sets `stop`. A run that Ctrl-C `interrupted`
    /// keeps its page too, until the next one; otherwise a Ctrl-C that came as the run ended
    /// counts.
    pub fn linger(&self, stop: &AtomicBool, interrupted: bool) {
        if interrupted {
            stop.store(false, Ordering::SeqCst);
        }
        eprintln!("live: the final page stays at {} until Ctrl-C", self.url);
        while !stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `--live`'s address: `HOST:PORT`, a bare `HOST` (a free port), or a bare `PORT` (on
/// loopback). Port 0 picks a free one.
pub fn parse_address(text: &str) -> Result<SocketAddr, UsageError> {
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, 0));
    }
    text.parse::<SocketAddr>().map_err(|_| {
        UsageError::Invalid(format!(
            "--live: '{text}' is not an address; give HOST:PORT (127.0.0.1:8080), a HOST \
             (0.0.0.0) or a PORT (8080)"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::{exposure_warning, parse_address};

    #[test]
    fn addresses_read_as_host_port_host_or_port() {
        assert_eq!(parse_address("8080").unwrap().to_string(), "127.0.0.1:8080");
        assert_eq!(parse_address("0.0.0.0").unwrap().to_string(), "0.0.0.0:0");
        assert_eq!(
            parse_address("127.0.0.1:0").unwrap().to_string(),
            "127.0.0.1:0"
        );
        assert!(parse_address("localhost:x").is_err());
    }

    /// Beyond loopback the page says once what anyone who reaches it can read.
    #[test]
    fn a_page_beyond_loopback_warns_what_it_exposes() {
        let folder = std::path::Path::new("results/run");
        assert_eq!(
            exposure_warning("127.0.0.1:8080".parse().unwrap(), Some(folder)),
            None
        );
        let warning = exposure_warning("0.0.0.0:8080".parse().unwrap(), Some(folder)).unwrap();
        for said in [
            "0.0.0.0:8080 (every network interface",
            "every file of results/run",
            "the programs' logs",
            "--live=127.0.0.1:8080",
        ] {
            assert!(warning.contains(said), "{said}: {warning}");
        }
        let one = exposure_warning("192.0.2.7:80".parse().unwrap(), None).unwrap();
        assert!(
            !one.contains("every network interface") && !one.contains("every file"),
            "{one}"
        );
    }
}
