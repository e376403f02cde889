//! `tourney serve` and `tourney run --serve`: the Coding Game Server's own TCP protocol
//! (`docs/contest-protocol.md`), so the contest's C clients, built with the unchanged
//! client library, play `tourney`'s bots. Never names a game: a game that speaks the protocol
//! implements [`crate::games::contest::CgsWire`] in its own folder.
//!
//! Pieces: `connection` (frames out, commands in, one write per reply, Nagle off), `command`
//! (commands, requests and the server's fixed texts), `lobby` (handshake and requests, a
//! thread per connection), `peer` (which process made a connection), `session` (one game on one connection), `client` (a session as a
//! [`crate::bot::Bot`]), `training` (games against built-in bots) and `tournament` (seats of
//! a run played by connected clients, through the `broker`).

mod broker;
pub mod client;
pub mod command;
pub mod connection;
mod lobby;
mod peer;
mod program;
mod session;
pub mod tournament;
pub mod training;

pub use client::client_entry;
pub use program::ContestMaker;
pub use training::{ServeFn, ServeSettings};

use std::net::{SocketAddr, TcpListener, ToSocketAddrs};

/// Listens on IPv4 (the client library connects over `AF_INET` only, §1.1). Port 0 picks a
/// free port; the caller prints the one it got.
fn bind(host: &str, port: u16) -> std::io::Result<TcpListener> {
    let ipv4: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()?
        .filter(SocketAddr::is_ipv4)
        .collect();
    if ipv4.is_empty() {
        return Err(std::io::Error::other(format!(
            "{host} has no IPv4 address, and the client library connects over IPv4 only"
        )));
    }
    TcpListener::bind(&ipv4[..])
}
