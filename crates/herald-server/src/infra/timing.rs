//! The phases of one request (for a move: read, rules, pool, commit), timed for its
//! `Server-Timing` header, so latency can be taken apart where it is measured.

use std::cell::RefCell;
use std::time::Instant;

tokio::task_local! {
    static PHASES: RefCell<Phases>;
}

/// When a timed request began and when each of its phases ended.
#[derive(Debug, Clone)]
pub struct Phases {
    started: Instant,
    marks: Vec<(&'static str, Instant)>,
}

impl Phases {
    /// `move;dur=2.345, read;dur=0.412, …`: the whole first (`whole` names it), then each
    /// phase from the previous mark, in the order they ended; a phase that ran twice (a
    /// retried commit) is reported twice.
    #[must_use]
    pub fn header(&self, whole: &str, end: Instant) -> String {
        let ms = |from: Instant, to: Instant| to.saturating_duration_since(from).as_secs_f64() * 1000.0;
        let mut out = format!("{whole};dur={:.3}", ms(self.started, end));
        let mut from = self.started;
        for (name, at) in &self.marks {
            out.push_str(&format!(", {name};dur={:.3}", ms(from, *at)));
            from = *at;
        }
        out
    }
}

/// Ends the current phase of the request being timed, naming it; nothing outside one.
pub fn mark(name: &'static str) {
    let _ = PHASES.try_with(|phases| phases.borrow_mut().marks.push((name, Instant::now())));
}

/// Runs `future` as a timed request: what it returns, with its phases.
pub async fn timed<F: Future>(future: F) -> (F::Output, Phases) {
    let phases = Phases {
        started: Instant::now(),
        marks: Vec::new(),
    };
    PHASES
        .scope(RefCell::new(phases), async move {
            let out = future.await;
            let phases = PHASES.with(|p| p.borrow().clone());
            (out, phases)
        })
        .await
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn phases_are_reported_in_order_after_the_whole() {
        let ((), phases) = timed(async {
            mark("read");
            mark("commit");
        })
        .await;
        let end = phases.started + Duration::from_millis(3);
        let header = phases.header("move", end);
        assert!(header.starts_with("move;dur=3.000, read;dur="), "{header}");
        assert!(header.contains(", commit;dur="), "{header}");
        // Outside a timed request a mark is a no-op, not a panic.
        mark("nothing");
    }
}
