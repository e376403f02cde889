//! Connections waiting for their next tournament game, by client name. A game takes the
//! oldest waiting connection of the name it needs; clients that reconnect for every game, as
//! the contest's programs do, simply queue up again.

use super::command::NOT_READY;
use super::connection::Connection;
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Waiting connections by client name, oldest first.
type Waiting = BTreeMap<String, VecDeque<Connection>>;

#[derive(Default)]
pub struct Broker {
    waiting: Mutex<Waiting>,
    arrived: Condvar,
}

impl Broker {
    fn lock(&self) -> MutexGuard<'_, Waiting> {
        // A thread that panicked while holding the lock left the map whole: keep serving.
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A connection that sent `WAIT_GAME` and waits for a game.
    pub fn park(&self, conn: Connection) {
        self.lock()
            .entry(conn.name.clone())
            .or_default()
            .push_back(conn);
        self.arrived.notify_all();
    }

    /// The oldest live connection of `name`, waiting up to `wait` for one. Connections that
    /// closed or spoke out of turn while waiting are dropped on the way.
    pub fn take(&self, name: &str, wait: Duration) -> Option<Connection> {
        self.wait_until(wait, |waiting| {
            while let Some(conn) = waiting.get_mut(name).and_then(VecDeque::pop_front) {
                if conn.is_idle() {
                    return Some(conn);
                }
            }
            None
        })
    }

    /// Whether a connection of `name` waits, waiting up to `wait` for one (none is taken).
    pub fn wait_for(&self, name: &str, wait: Duration) -> bool {
        self.wait_until(wait, |waiting| {
            waiting
                .get(name)
                .is_some_and(|queue| !queue.is_empty())
                .then_some(())
        })
        .is_some()
    }

    /// What `ready` finds in the waiting connections, asked again each time one arrives,
    /// until it finds something or `wait` is over.
    fn wait_until<T>(
        &self,
        wait: Duration,
        mut ready: impl FnMut(&mut Waiting) -> Option<T>,
    ) -> Option<T> {
        let deadline = Instant::now() + wait;
        let mut waiting = self.lock();
        loop {
            if let Some(found) = ready(&mut waiting) {
                return Some(found);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            waiting = self
                .arrived
                .wait_timeout(waiting, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Closes every connection of `name` still waiting: the run has no game left for it.
    pub fn drop_all(&self, name: &str) {
        self.lock().remove(name);
    }

    /// Sends `NOT_READY` to every waiting connection, as CGS does every few seconds, and drops
    /// those whose write fails: that is how a client that gave up is noticed (§4.3).
    pub fn ping(&self) {
        for queue in self.lock().values_mut() {
            queue.retain_mut(|conn| conn.send(&[NOT_READY]).is_ok());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};

    /// A client socket and the server's connection for it, on loopback.
    fn pair(name: &str) -> (TcpStream, Connection) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let mut conn = Connection::new(listener.accept().unwrap().0).unwrap();
        conn.name = name.to_string();
        (client, conn)
    }

    #[test]
    fn waiting_clients_hear_not_ready_and_are_taken_oldest_first() {
        let broker = Broker::default();
        let (mut first, conn) = pair("alice");
        broker.park(conn);
        let (_second, conn) = pair("alice");
        broker.park(conn);
        broker.ping();
        let mut got = [0; 15];
        first.read_exact(&mut got).unwrap();
        assert_eq!(&got, b"000009NOT_READY");
        let mut taken = broker.take("alice", Duration::ZERO).expect("waiting");
        taken.send(&["hello"]).unwrap();
        let mut got = [0; 11];
        first.read_exact(&mut got).unwrap();
        assert_eq!(&got, b"000005hello", "the oldest connection comes first");
        assert!(broker.take("bob", Duration::from_millis(10)).is_none());
    }

    #[test]
    fn clients_that_left_or_spoke_while_waiting_are_dropped() {
        let broker = Broker::default();
        let (gone, conn) = pair("alice");
        broker.park(conn);
        drop(gone);
        let (mut chatty, conn) = pair("alice");
        broker.park(conn);
        chatty.write_all(b"GET_MOVE").unwrap();
        let (_good, conn) = pair("alice");
        broker.park(conn);
        std::thread::sleep(Duration::from_millis(50));
        assert!(broker.take("alice", Duration::ZERO).is_some());
        assert!(broker.take("alice", Duration::ZERO).is_none());
    }
}
