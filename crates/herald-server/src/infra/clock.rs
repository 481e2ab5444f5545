//! Time as the server sees it, injected so tests can move it without sleeping.

use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds in one day: deadlines are `days_per_move * DAY_MS` after a turn starts.
pub const DAY_MS: i64 = 86_400_000;

/// The UTC calendar date and time of an instant (epoch ms): the server's one calendar
/// conversion (PGN dates, the vacation year, admin listings), by `jiff`. Instants past
/// `jiff`'s range (about ±9999 years) are clamped to its ends.
#[must_use]
pub fn utc(ms: i64) -> jiff::civil::DateTime {
    let at = jiff::Timestamp::from_millisecond(ms).unwrap_or(if ms < 0 {
        jiff::Timestamp::MIN
    } else {
        jiff::Timestamp::MAX
    });
    jiff::tz::TimeZone::UTC.to_datetime(at)
}

/// A source of the current time in UTC epoch milliseconds.
pub trait Clock: Send + Sync + Debug {
    fn now_ms(&self) -> i64;
}

/// The machine's clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to (tests).
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    #[must_use]
    pub fn new(start_ms: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(start_ms)))
    }

    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    pub fn set_ms(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
