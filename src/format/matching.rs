//! Perfect matchings of a general graph (Edmonds' blossom algorithm), for the one question a
//! Swiss pairing asks: can these two bots meet and everyone left still be paired without a
//! rematch? Each answer is one search for an augmenting path, at most every vertex scanned
//! once against every other, so a round of n bots costs O(n⁴) at worst (a few million steps
//! for 61 bots) where a depth-first search over pairings can take exponential time.

use std::collections::VecDeque;

/// A matching over the vertices `0..n` of a graph given by an adjacency matrix; a vertex is
/// taken out of the graph once [`Matching::fix`] has paired it for good.
pub struct Matching {
    edges: Vec<Vec<bool>>,
    mate: Vec<Option<usize>>,
    fixed: Vec<bool>,
    /// Edges looked at so far: the work done, for tests that bound it.
    pub steps: u64,
}

impl Matching {
    /// A maximum matching of the graph where `edge(a, b)` says `a` and `b` may be paired.
    pub fn maximum(n: usize, edge: impl Fn(usize, usize) -> bool) -> Matching {
        let edges = (0..n)
            .map(|a| (0..n).map(|b| a != b && edge(a, b)).collect())
            .collect();
        let mut matching = Matching {
            edges,
            mate: vec![None; n],
            fixed: vec![false; n],
            steps: 0,
        };
        // A vertex no augmenting path reaches now never gets one later (Edmonds), so one
        // search per vertex gives a maximum matching.
        for v in 0..n {
            if matching.mate[v].is_none() {
                matching.augment(v);
            }
        }
        matching
    }

    /// Every vertex still in the graph has a partner.
    pub fn is_perfect(&self) -> bool {
        (0..self.mate.len()).all(|v| self.fixed[v] || self.mate[v].is_some())
    }

    /// Pairs `a` with `b` for good, and takes both out of the graph, when the others can still
    /// all be paired; otherwise leaves everything as it was and answers false. The matching
    /// must be perfect, and stays so.
    pub fn fix(&mut self, a: usize, b: usize) -> bool {
        if !self.edges[a][b] || self.fixed[a] || self.fixed[b] {
            return false;
        }
        let (Some(x), Some(y)) = (self.mate[a], self.mate[b]) else {
            unreachable!("fix needs a perfect matching");
        };
        if x == b {
            self.fixed[a] = true;
            self.fixed[b] = true;
            return true;
        }
        // Without a and b, their partners x and y are the only vertices left alone: the others
        // can all be paired exactly when a path alternating between unmatched and matched
        // edges leads from x to y (Berge), and a search from x finds one if it exists.
        let before = self.mate.clone();
        for v in [a, b, x, y] {
            self.mate[v] = None;
        }
        self.fixed[a] = true;
        self.fixed[b] = true;
        if self.augment(x) {
            self.mate[a] = Some(b);
            self.mate[b] = Some(a);
            return true;
        }
        self.mate = before;
        self.fixed[a] = false;
        self.fixed[b] = false;
        false
    }

    fn joined(&self, a: usize, b: usize) -> bool {
        self.edges[a][b] && !self.fixed[a] && !self.fixed[b]
    }

    /// Searches for an augmenting path from the unmatched `root` and flips it: true when the
    /// matching grew by one. Odd cycles (blossoms) are shrunk into their base as found.
    fn augment(&mut self, root: usize) -> bool {
        let n = self.mate.len();
        let mut used = vec![false; n];
        let mut parent: Vec<Option<usize>> = vec![None; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut queue = VecDeque::from([root]);
        used[root] = true;
        while let Some(v) = queue.pop_front() {
            for to in 0..n {
                if !self.joined(v, to) {
                    continue;
                }
                self.steps += 1;
                if base[v] == base[to] || self.mate[v] == Some(to) {
                    continue;
                }
                let outer = |m: Option<usize>| m.is_some_and(|m| parent[m].is_some());
                if to == root || outer(self.mate[to]) {
                    let tree = Tree {
                        mate: &self.mate,
                        base: &base,
                    };
                    let join = tree.common_base(v, to, &parent);
                    let mut blossom = vec![false; n];
                    tree.mark(v, join, to, &mut parent, &mut blossom);
                    tree.mark(to, join, v, &mut parent, &mut blossom);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = join;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to].is_none() {
                    parent[to] = Some(v);
                    let Some(next) = self.mate[to] else {
                        self.flip(to, &parent);
                        return true;
                    };
                    used[next] = true;
                    queue.push_back(next);
                }
            }
        }
        false
    }

    /// Flips the augmenting path that ends at the unmatched `end`.
    fn flip(&mut self, end: usize, parent: &[Option<usize>]) {
        let mut v = Some(end);
        while let Some(x) = v {
            let p = parent[x].expect("a path back to the root");
            let next = self.mate[p];
            self.mate[x] = Some(p);
            self.mate[p] = Some(x);
            v = next;
        }
    }
}

/// The search tree as a blossom step reads it.
struct Tree<'a> {
    mate: &'a [Option<usize>],
    base: &'a [usize],
}

impl Tree<'_> {
    /// The base of the blossom that the edge `a`-`b` closes: where their paths to the root meet.
    fn common_base(&self, a: usize, b: usize, parent: &[Option<usize>]) -> usize {
        let mut seen = vec![false; self.mate.len()];
        let mut a = a;
        loop {
            a = self.base[a];
            seen[a] = true;
            let Some(m) = self.mate[a] else { break };
            a = parent[m].expect("an outer vertex's partner has a parent");
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            let m = self.mate[b].expect("the root was seen");
            b = parent[m].expect("an outer vertex's partner has a parent");
        }
    }

    /// Marks the blossom's vertices on the path from `v` down to `join`, pointing each inner
    /// vertex back across the closing edge (from `child`), so a path through the blossom can
    /// be flipped later.
    fn mark(
        &self,
        v: usize,
        join: usize,
        child: usize,
        parent: &mut [Option<usize>],
        blossom: &mut [bool],
    ) {
        let (mut v, mut child) = (v, child);
        while self.base[v] != join {
            let m = self.mate[v].expect("a vertex inside a blossom is matched");
            blossom[self.base[v]] = true;
            blossom[self.base[m]] = true;
            parent[v] = Some(child);
            child = m;
            v = parent[m].expect("an outer vertex's partner has a parent");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the vertices `left` can all be paired, by trying every way (small graphs only).
    fn brute(edge: &dyn Fn(usize, usize) -> bool, left: &[usize]) -> bool {
        let Some((&first, others)) = left.split_first() else {
            return true;
        };
        others.iter().any(|&other| {
            let rest: Vec<usize> = others.iter().copied().filter(|&v| v != other).collect();
            edge(first, other) && brute(edge, &rest)
        })
    }

    #[test]
    fn a_blossom_is_seen_through() {
        // A triangle 0-1-2 with tails 2-3 and 0-4-5: the one perfect matching is 0-1, 2-3,
        // 4-5 (0-4 would leave 5 alone), found through the odd cycle.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)];
        let edge = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        let mut m = Matching::maximum(6, edge);
        assert!(m.is_perfect());
        assert!(!m.fix(0, 4), "4 must meet 5");
        assert!(m.fix(0, 1));
        assert!(m.fix(2, 3));
        assert!(m.fix(4, 5));
        assert!(m.is_perfect());
    }

    #[test]
    fn agrees_with_trying_every_pairing_on_random_graphs() {
        let mut state = 12345_u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        for _ in 0..400 {
            let n = 2 * (1 + (next() % 5) as usize);
            let density = 20 + next() % 70;
            let mut adjacent = vec![vec![false; n]; n];
            for (a, b) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
                let on = next() % 100 < density;
                adjacent[a][b] = on;
                adjacent[b][a] = on;
            }
            let edge = |a: usize, b: usize| adjacent[a][b];
            let mut m = Matching::maximum(n, edge);
            let all: Vec<usize> = (0..n).collect();
            let expected = brute(&edge, &all);
            assert_eq!(m.is_perfect(), expected, "{adjacent:?}");
            if !expected {
                continue;
            }
            // Fixing pairs one at a time: each answer agrees with a search of what is left.
            let mut left: Vec<usize> = (0..n).collect();
            while let Some(&first) = left.first() {
                for &other in &left[1..] {
                    let rest: Vec<usize> =
                        left[1..].iter().copied().filter(|&v| v != other).collect();
                    let possible = edge(first, other) && brute(&edge, &rest);
                    assert_eq!(
                        m.fix(first, other),
                        possible,
                        "{first}-{other} {adjacent:?}"
                    );
                    if possible {
                        left = rest;
                        break;
                    }
                }
            }
        }
    }
}
