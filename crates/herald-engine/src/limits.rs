//! When a search stops: a depth, a node count, a deadline or a caller's stop flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A flag another thread raises to stop a search at once (UCI `stop`).
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    #[must_use]
    pub fn new() -> Stop {
        Stop::default()
    }

    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    #[must_use]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The limits of one search; the first one reached stops it. With none set the search
/// runs to the maximum depth. A search always finishes searching one root move before any
/// limit stops it, so that it has a move to give.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes (positions visited, quiescence included).
    pub nodes: Option<u64>,
    /// Stop when this instant passes.
    pub deadline: Option<Instant>,
    pub stop: Option<Stop>,
}

impl Limits {
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A search of at most `millis` thousandths of a second from now.
    #[must_use]
    pub fn movetime(millis: u64) -> Limits {
        Limits {
            deadline: Some(Instant::now() + std::time::Duration::from_millis(millis)),
            ..Limits::default()
        }
    }
}
