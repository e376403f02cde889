//! End-of-game scoring (§7): distances from each shop to its producer over road cells, capped
//! by the number of players, summed, minus leftover coins. Lower is better.

use super::board::{Board, Content, Kind, MAX_CELLS};
use super::state::{MAX_SEATS, Player, Received};

/// Distance a shop counts at most, and what an eliminated shop counts: 8, 10, 12, 14 for
/// 2, 3, 4, 5 players.
pub fn cap(seats: usize) -> u8 {
    u8::try_from(2 * seats + 4).expect("at most 5 seats")
}

/// Not reached by a search.
pub const UNREACHED: u8 = u8::MAX;

/// For each producer type, the number of road cells on the shortest road path from the
/// producer to each road cell, that cell included (1 next to the producer). One breadth-first
/// search per producer, as §7 asks, never one per shop.
pub fn road_distances(board: &Board) -> [[u8; MAX_CELLS]; 5] {
    let mut dist = [[UNREACHED; MAX_CELLS]; 5];
    let mut queue = [0u8; MAX_CELLS];
    for kind in Kind::ALL {
        let Some(producer) = board.producer(kind) else {
            continue;
        };
        let d = &mut dist[kind.index()];
        let (mut head, mut tail) = (0, 0);
        for n in board.neighbours(producer) {
            if board.get(n) == Content::Road {
                d[n] = 1;
                queue[tail] = u8::try_from(n).expect("cell index < 100");
                tail += 1;
            }
        }
        while head < tail {
            let u = usize::from(queue[head]);
            head += 1;
            for n in board.neighbours(u) {
                if board.get(n) == Content::Road && d[n] == UNREACHED {
                    d[n] = d[u] + 1;
                    queue[tail] = u8::try_from(n).expect("cell index < 100");
                    tail += 1;
                }
            }
        }
    }
    dist
}

/// §7 distance of a shop of `kind` on `cell`: 0 next to its producer, else the fewest road
/// cells on a road path to it; [`UNREACHED`] if there is none (never on a sound final board).
pub fn shop_distance(board: &Board, dist: &[[u8; MAX_CELLS]; 5], cell: usize, kind: Kind) -> u8 {
    let mut best = UNREACHED;
    for n in board.neighbours(cell) {
        if board.get(n) == Content::Producer(kind) {
            return 0;
        }
        best = best.min(dist[kind.index()][n]);
    }
    best
}

/// One player's score and its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Sum over the five types of the capped distance (cap for eliminated or missing ones).
    pub distances: i32,
    pub coins: i32,
    pub shops_built: u8,
    pub shops_eliminated: u8,
}

impl Score {
    /// Lower is better.
    pub fn total(&self) -> i32 {
        self.distances - self.coins
    }
}

/// Scores every player on `board` as it stands, which the end of the game has turned all
/// free cells into roads. A type not received counts the cap, as it would once eliminated.
pub fn score_all(board: &Board, players: &[Player]) -> Vec<Score> {
    debug_assert!(players.len() <= MAX_SEATS);
    let cap = cap(players.len());
    let dist = road_distances(board);
    players
        .iter()
        .map(|p| {
            let mut score = Score {
                coins: i32::from(p.coins),
                ..Score::default()
            };
            for kind in Kind::ALL {
                let d = match p.received[kind.index()] {
                    Received::Shop(cell) => {
                        score.shops_built += 1;
                        shop_distance(board, &dist, usize::from(cell), kind).min(cap)
                    }
                    Received::Eliminated | Received::No => {
                        score.shops_eliminated += 1;
                        cap
                    }
                };
                score.distances += i32::from(d);
            }
            score
        })
        .collect()
}

/// The end of §7: every type a player has not received is eliminated in its name, and every
/// Empty or Marker cell becomes a road (markers go back to supply).
pub fn close_board(board: &mut Board, players: &mut [Player]) {
    for p in players.iter_mut() {
        for r in &mut p.received {
            if *r == Received::No {
                *r = Received::Eliminated;
            }
        }
    }
    for cell in 0..board.len() {
        match board.get(cell) {
            Content::Marker(seat) => {
                players[usize::from(seat)].supply += 1;
                board.set(cell, Content::Road);
            }
            Content::Empty => board.set(cell, Content::Road),
            _ => {}
        }
    }
}
