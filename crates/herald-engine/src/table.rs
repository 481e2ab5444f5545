//! The transposition table: what earlier searches learnt about a position, by its key.

use herald_rules::Move;

/// How a stored score bounds the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (every move failed low).
    Upper,
}

/// One remembered position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    pub generation: u8,
}

/// A fixed-size table of entries, two per bucket: one kept by depth, one always replaced.
#[derive(Debug)]
pub(crate) struct Table {
    buckets: Vec<[Option<Entry>; 2]>,
    generation: u8,
}

impl Table {
    pub fn new(mib: usize) -> Table {
        let bucket = core::mem::size_of::<[Option<Entry>; 2]>();
        let wanted = (mib.max(1) << 20) / bucket;
        // A power of two, so that the key's low bits index it.
        let len = wanted.next_power_of_two() >> usize::from(!wanted.is_power_of_two());
        Table {
            buckets: vec![[None, None]; len.max(1024)],
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = [None, None]);
        self.generation = 0;
    }

    /// A new search begins: older entries give way first.
    pub fn age(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[self.index(key)];
        bucket.iter().flatten().find(|e| e.key == key).copied()
    }

    pub fn store(&mut self, entry: Entry) {
        let generation = self.generation;
        let index = self.index(entry.key);
        let bucket = &mut self.buckets[index];
        let entry = Entry { generation, ..entry };
        let keep_old_move = |old: &Option<Entry>| old.filter(|o| o.key == entry.key).and_then(|o| o.best);
        let slot = match &bucket[0] {
            None => 0,
            Some(old) if old.key == entry.key || old.generation != generation || old.depth <= entry.depth => 0,
            Some(_) => 1,
        };
        let best = entry.best.or_else(|| keep_old_move(&bucket[slot]));
        bucket[slot] = Some(Entry { best, ..entry });
    }
}
