//! The search tree. Nodes are reached by the sequence of actions from the root, not by the
//! state (open loop), so one tree serves every sampled determinization.
//!
//! Statistics are decoupled per deciding seat: a node where several seats decide at once
//! (sealed bids) keeps one table per seat, and each seat picks from its own table without
//! seeing the others' picks. A node where one seat decides is the one-table case. Because the
//! legal actions at a node change with the sampled hidden information, UCB uses how often an
//! action was available instead of the parent's visits (ISMCTS "availability counts").

use crate::game::Seat;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Maps of the tree: looked up once per legal action per step, never iterated, so a fast
/// non-cryptographic hash is safe and the order of entries never shows.
type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The Firefox/rustc hash: one multiply per word. SipHash took a quarter of the search's time.
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// What one seat learned about one action at one node.
#[derive(Clone, Copy, Default)]
pub struct Edge {
    pub visits: u32,
    /// Times the action was legal when its seat picked at this node.
    pub available: u32,
    /// Sum of the rewards of the seat that picked it.
    pub reward: f64,
}

impl Edge {
    pub fn mean(&self) -> f64 {
        self.reward / f64::from(self.visits.max(1))
    }

    /// UCB1 with the availability count in place of the parent's visits.
    fn upper_bound(&self, exploration: f64) -> f64 {
        let visits = f64::from(self.visits);
        self.mean() + exploration * (f64::from(self.available).ln() / visits).sqrt()
    }
}

/// One seat's statistics at a node.
pub struct Table<A> {
    pub seat: Seat,
    pub edges: HashMap<A, Edge>,
    /// The seat's legal actions here, kept when they are the same on every visit
    /// ([`crate::search::Search::same_state_at_each_node`]).
    pub legal: Option<Vec<A>>,
}

pub struct Node<A> {
    pub tables: Vec<Table<A>>,
    /// Child by the joint decision (each deciding seat with its action, in the game's order).
    pub children: HashMap<Vec<(Seat, A)>, usize>,
}

impl<A> Default for Node<A> {
    fn default() -> Self {
        Node {
            tables: Vec::new(),
            children: HashMap::default(),
        }
    }
}

impl<A: Clone + Eq + Hash> Node<A> {
    /// The table of `seat`, created on first use (the seats deciding at a node may change
    /// with the sample: the same draw can lead to an auction or a build).
    pub fn table(&mut self, seat: Seat) -> &mut Table<A> {
        let index = match self.tables.iter().position(|t| t.seat == seat) {
            Some(index) => index,
            None => {
                self.tables.push(Table {
                    seat,
                    edges: HashMap::default(),
                    legal: None,
                });
                self.tables.len() - 1
            }
        };
        &mut self.tables[index]
    }
}

impl<A: Clone + Eq + Hash> Table<A> {
    /// Counts every legal action as available and picks one: an untried action if any (the
    /// one `pick_untried` chooses among them), else the best upper bound, the first in legal
    /// order on ties.
    pub fn select(
        &mut self,
        legal: &[A],
        exploration: f64,
        pick_untried: impl FnOnce(usize) -> usize,
    ) -> A {
        let mut untried: Vec<&A> = Vec::new();
        let mut best: Option<(f64, &A)> = None;
        for action in legal {
            match self.edges.get_mut(action) {
                None => untried.push(action),
                Some(edge) => {
                    edge.available += 1;
                    let value = edge.upper_bound(exploration);
                    if best.is_none_or(|(v, _)| value > v) {
                        best = Some((value, action));
                    }
                }
            }
        }
        if untried.is_empty() {
            return best.expect("legal actions are never empty").1.clone();
        }
        let action = untried[pick_untried(untried.len())].clone();
        self.edges.insert(
            action.clone(),
            Edge {
                available: 1,
                ..Edge::default()
            },
        );
        action
    }

    /// The decision after the search: the most visited legal action, then the best mean,
    /// then the first in legal order.
    pub fn most_visited(&self, legal: &[A]) -> A {
        let key = |a: &A| {
            self.edges
                .get(a)
                .map_or((0, f64::NEG_INFINITY), |e| (e.visits, e.mean()))
        };
        let mut best = &legal[0];
        for action in &legal[1..] {
            let (v, m) = key(action);
            let (bv, bm) = key(best);
            if v > bv || (v == bv && m > bm) {
                best = action;
            }
        }
        best.clone()
    }
}

/// The nodes of one decision's search; index 0 is the root.
pub struct Tree<A> {
    pub nodes: Vec<Node<A>>,
}

impl<A: Clone + Eq + Hash> Tree<A> {
    pub fn new() -> Tree<A> {
        Tree {
            nodes: vec![Node::default()],
        }
    }

    /// The child of `node` after `joint`, and whether it was created now.
    pub fn child(&mut self, node: usize, joint: Vec<(Seat, A)>) -> (usize, bool) {
        if let Some(&child) = self.nodes[node].children.get(&joint) {
            return (child, false);
        }
        self.nodes.push(Node::default());
        let child = self.nodes.len() - 1;
        self.nodes[node].children.insert(joint, child);
        (child, true)
    }

    /// Adds the rewards of one iteration along its path of (node, joint decision).
    pub fn backpropagate(&mut self, path: &[(usize, Vec<(Seat, A)>)], rewards: &[f64]) {
        for (node, joint) in path {
            for (seat, action) in joint {
                let edge = self.nodes[*node]
                    .table(*seat)
                    .edges
                    .get_mut(action)
                    .expect("selection created the edge");
                edge.visits += 1;
                edge.reward += rewards[*seat];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untried_actions_come_first_then_the_best_bound() {
        let mut table = Table {
            seat: 0,
            edges: HashMap::default(),
            legal: None,
        };
        assert_eq!(table.select(&[1, 2], 0.7, |_| 1), 2);
        assert_eq!(table.select(&[1, 2], 0.7, |_| 0), 1);
        table.edges.get_mut(&1).expect("tried").reward = 1.0;
        table.edges.get_mut(&1).expect("tried").visits = 1;
        table.edges.get_mut(&2).expect("tried").visits = 1;
        assert_eq!(table.select(&[1, 2], 0.7, |_| unreachable!()), 1);
        assert_eq!(table.edges[&1].available, 2);
    }

    #[test]
    fn the_decision_is_the_most_visited_then_the_best_mean() {
        let mut table: Table<u8> = Table {
            seat: 0,
            edges: HashMap::default(),
            legal: None,
        };
        let edge = |visits, reward| Edge {
            visits,
            available: visits,
            reward,
        };
        table.edges.insert(1, edge(3, 0.0));
        table.edges.insert(2, edge(5, 1.0));
        table.edges.insert(3, edge(5, 4.0));
        assert_eq!(table.most_visited(&[1, 2, 3, 4]), 3);
    }
}
