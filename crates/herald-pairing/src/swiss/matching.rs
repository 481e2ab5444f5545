//! Maximum matchings in general graphs (Edmonds' blossom algorithm): whether a set of players
//! can all be paired, and who among an odd set can be the one left over.

use std::cell::Cell;
use std::collections::VecDeque;

/// No partner (an exposed vertex) or no parent in the search forest.
pub(super) const NONE: usize = usize::MAX;

/// Edmonds' algorithm on the vertices `0..n`, edges given by `adj` (symmetric). The graphs
/// here are dense (most players may meet most others), so the adjacency is a predicate rather
/// than lists: one search is O(n²), and a greedy start leaves few vertices to augment.
struct Edmonds<'w, F> {
    n: usize,
    adj: F,
    /// Work spent outside `adj` (scans of all vertices), for the caller's budget.
    work: &'w Cell<u64>,
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    even: Vec<bool>,
    flower: Vec<bool>,
    queue: VecDeque<usize>,
}

impl<'w, F: Fn(usize, usize) -> bool> Edmonds<'w, F> {
    fn new(n: usize, adj: F, work: &'w Cell<u64>) -> Self {
        let mut e = Self {
            n,
            adj,
            work,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            even: vec![false; n],
            flower: vec![false; n],
            queue: VecDeque::new(),
        };
        for u in 0..n {
            if e.mate[u] != NONE {
                continue;
            }
            if let Some(v) = (u + 1..n).find(|&v| e.mate[v] == NONE && (e.adj)(u, v)) {
                e.mate[u] = v;
                e.mate[v] = u;
            }
        }
        e
    }

    /// Augments along a path from the exposed `root` if there is one. When there is none, the
    /// vertices left marked even are those an even alternating path reaches from `root`.
    fn augment(&mut self, root: usize) -> bool {
        self.work.set(self.work.get() + self.n as u64);
        self.parent.fill(NONE);
        self.even.fill(false);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.queue.clear();
        self.even[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..self.n {
                if self.base[v] == self.base[to] || self.mate[v] == to || !(self.adj)(v, to) {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    self.contract(v, to);
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        let mut u = to;
                        while u != NONE {
                            let pv = self.parent[u];
                            let next = self.mate[pv];
                            self.mate[u] = pv;
                            self.mate[pv] = u;
                            u = next;
                        }
                        return true;
                    }
                    let m = self.mate[to];
                    self.even[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        false
    }

    /// Shrinks the odd cycle closed by the edge `v`-`to` into its base.
    fn contract(&mut self, v: usize, to: usize) {
        self.work.set(self.work.get() + 2 * self.n as u64);
        let top = self.common_base(v, to);
        self.flower.fill(false);
        self.mark_path(v, top, to);
        self.mark_path(to, top, v);
        for i in 0..self.n {
            if self.flower[self.base[i]] {
                self.base[i] = top;
                if !self.even[i] {
                    self.even[i] = true;
                    self.queue.push_back(i);
                }
            }
        }
    }

    fn common_base(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.n];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, top: usize, mut child: usize) {
        while self.base[v] != top {
            let m = self.mate[v];
            self.flower[self.base[v]] = true;
            self.flower[self.base[m]] = true;
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }

    /// Augments along a path of one or three edges from the exposed `root`, if there is
    /// one. In the dense graphs of a Swiss round nearly every augmenting path is this short,
    /// and finding it costs far less than a search that shrinks blossoms on the way.
    fn augment_short(&mut self, root: usize, exposed: &[usize]) -> bool {
        let free = |e: &Self, w: usize| w != root && e.mate[w] == NONE;
        if let Some(&w) = exposed.iter().find(|&&w| free(self, w) && (self.adj)(root, w)) {
            self.mate[root] = w;
            self.mate[w] = root;
            return true;
        }
        for y in 0..self.n {
            let z = self.mate[y];
            if z == NONE || z == root || !(self.adj)(root, y) {
                continue;
            }
            if let Some(&w) = exposed.iter().find(|&&w| free(self, w) && (self.adj)(z, w)) {
                self.mate[root] = y;
                self.mate[y] = root;
                self.mate[z] = w;
                self.mate[w] = z;
                return true;
            }
        }
        false
    }

    /// Augments from every exposed vertex; with `perfect_only`, stops at the first that stays
    /// exposed (a vertex with no augmenting path never gets one later).
    fn run(&mut self, perfect_only: bool) -> bool {
        let exposed: Vec<usize> = (0..self.n).filter(|&v| self.mate[v] == NONE).collect();
        for &root in &exposed {
            if self.mate[root] == NONE && !self.augment_short(root, &exposed) && !self.augment(root) && perfect_only {
                return false;
            }
        }
        true
    }
}

/// A maximum matching: `mate[v]` is `v`'s partner or [`NONE`].
pub(super) fn maximum<F: Fn(usize, usize) -> bool>(n: usize, adj: F, work: &Cell<u64>) -> Vec<usize> {
    let mut e = Edmonds::new(n, adj, work);
    e.run(false);
    e.mate
}

/// A perfect matching, if the graph has one.
pub(super) fn perfect<F: Fn(usize, usize) -> bool>(n: usize, adj: F, work: &Cell<u64>) -> Option<Vec<usize>> {
    let mut e = Edmonds::new(n, adj, work);
    e.run(true).then_some(e.mate)
}

/// Whether the graph has a matching of `pairs` pairs (augmenting only until it has).
pub(super) fn at_least<F: Fn(usize, usize) -> bool>(n: usize, adj: F, pairs: usize, work: &Cell<u64>) -> bool {
    let mut e = Edmonds::new(n, adj, work);
    let mut size = e.mate.iter().filter(|&&m| m != NONE).count() / 2;
    let exposed: Vec<usize> = (0..n).filter(|&v| e.mate[v] == NONE).collect();
    for &root in &exposed {
        if size >= pairs {
            break;
        }
        if e.mate[root] == NONE && (e.augment_short(root, &exposed) || e.augment(root)) {
            size += 1;
        }
    }
    size >= pairs
}

/// For a graph whose maximum matching leaves exactly one vertex exposed: the vertices that
/// some maximum matching leaves exposed (Gallai-Edmonds: those an even alternating path
/// reaches from the exposed one). `None` if a maximum matching leaves another number exposed.
pub(super) fn leftovers<F: Fn(usize, usize) -> bool>(n: usize, adj: F, work: &Cell<u64>) -> Option<Vec<bool>> {
    let mut e = Edmonds::new(n, adj, work);
    e.run(false);
    let mut exposed = (0..n).filter(|&v| e.mate[v] == NONE);
    let root = exposed.next()?;
    if exposed.next().is_some() || e.augment(root) {
        return None;
    }
    Some(e.even)
}

/// A maximum matching of the vertices `0..n` from `base`, a maximum matching of `0..n - 1`:
/// one search from the new vertex `n - 1`. Also, when that search finds no augmenting path,
/// the vertices an even alternating path reaches from `n - 1` (with `base` perfect, those some
/// maximum matching leaves exposed, as [`leftovers`] gives).
pub(super) fn with_one_more<F: Fn(usize, usize) -> bool>(
    n: usize,
    adj: F,
    base: &[usize],
    work: &Cell<u64>,
) -> (Vec<usize>, Option<Vec<bool>>) {
    let mut e = Edmonds::new(0, adj, work);
    e.n = n;
    e.mate = base.iter().copied().chain(std::iter::once(NONE)).collect();
    e.parent = vec![NONE; n];
    e.base = (0..n).collect();
    e.even = vec![false; n];
    e.flower = vec![false; n];
    if e.augment(n - 1) {
        (e.mate, None)
    } else {
        (e.mate, Some(e.even))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every graph on 7 vertices from a few seeds: the even-reachable set is exactly the
    /// vertices whose removal leaves a perfect matching, as brute force finds them.
    #[test]
    fn leftovers_are_the_vertices_whose_removal_leaves_a_perfect_matching() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..400 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = 7;
            let edges = seed;
            let adj = |a: usize, b: usize| {
                let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                a != b && edges >> (lo * n + hi) & 1 == 1
            };
            let brute: Vec<bool> = (0..n)
                .map(|u| {
                    let rest: Vec<usize> = (0..n).filter(|&v| v != u).collect();
                    perfect(rest.len(), |a, b| adj(rest[a], rest[b]), &Cell::new(0)).is_some()
                })
                .collect();
            let size = maximum(n, adj, &Cell::new(0)).iter().filter(|&&m| m != NONE).count() / 2;
            match leftovers(n, adj, &Cell::new(0)) {
                Some(even) => assert_eq!(even, brute, "edges {edges:b}"),
                None => assert!(size < 3, "edges {edges:b}"),
            }
        }
    }

    fn brute_perfect(left: &[usize], adj: &dyn Fn(usize, usize) -> bool) -> bool {
        let Some((&first, rest)) = left.split_first() else {
            return true;
        };
        rest.iter().enumerate().any(|(i, &other)| {
            let mut remaining = rest.to_vec();
            remaining.remove(i);
            adj(first, other) && brute_perfect(&remaining, adj)
        })
    }

    /// Random graphs on 8 vertices, sparse enough that the greedy start often fails and odd
    /// cycles must be shrunk: Edmonds agrees with brute force on whether a perfect matching exists.
    #[test]
    fn perfect_matchings_agree_with_brute_force() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for round in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = 8;
            // Two draws together keep about three edges in eight.
            let first = seed;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let edges = first & (seed | seed >> 32);
            let adj = |a: usize, b: usize| {
                let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                a != b && edges >> (lo * 8 + hi) & 1 == 1
            };
            let all: Vec<usize> = (0..n).collect();
            let found = perfect(n, adj, &Cell::new(0));
            for pairs in 0..=n / 2 {
                let size = maximum(n, adj, &Cell::new(0)).iter().filter(|&&m| m != NONE).count() / 2;
                assert_eq!(at_least(n, adj, pairs, &Cell::new(0)), size >= pairs);
            }
            assert_eq!(
                found.is_some(),
                brute_perfect(&all, &adj),
                "round {round}, edges {edges:b}"
            );
            if let Some(mate) = found {
                assert!((0..n).all(|v| mate[v] != NONE && mate[mate[v]] == v && adj(v, mate[v])));
            }
        }
    }
}
