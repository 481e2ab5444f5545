//! The engine's worker pool: a fixed number of OS threads that think for bots and analysis,
//! off the async runtime, behind a bounded queue, so that a person's move never waits on a
//! search.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use herald_engine::{Engine, Found, Settings};
use herald_rules::{AnyGame, Variant};
use tokio::sync::oneshot;

/// Transposition table per game per thread: a level-8 move visits a few hundred thousand
/// nodes, which 16 MiB holds comfortably.
const TABLE_MIB: usize = 16;

/// Why the pool did not think.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// As many requests wait as the queue holds; ask again later.
    #[error("the engine's queue is full")]
    Busy,
    /// A worker thread ended (it panicked) before answering.
    #[error("the engine stopped before answering")]
    Stopped,
}

/// What a worker answers: the search's result (`None` when the game is over), with how long
/// the request waited in the queue and how long it thought.
#[derive(Debug, Clone)]
pub struct Thought {
    pub found: Option<Found>,
    pub waited: Duration,
    pub thought: Duration,
}

struct Job {
    game: AnyGame,
    settings: Settings,
    enqueued: Instant,
    reply: oneshot::Sender<Thought>,
}

/// A bounded pool of engine threads; cheap to share behind an `Arc`. The threads start at
/// the first request, so an instance without bots or analysis never spawns them.
pub struct EnginePool {
    threads: usize,
    capacity: usize,
    queued: Arc<AtomicUsize>,
    thinking: Arc<AtomicUsize>,
    sender: OnceLock<SyncSender<Job>>,
}

impl std::fmt::Debug for EnginePool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePool")
            .field("threads", &self.threads)
            .field("capacity", &self.capacity)
            .field("queued", &self.queued())
            .finish_non_exhaustive()
    }
}

impl EnginePool {
    /// A pool of `threads` workers (at least one) whose queue holds `capacity` waiting
    /// requests (at least one).
    #[must_use]
    pub fn new(threads: usize, capacity: usize) -> EnginePool {
        EnginePool {
            threads: threads.max(1),
            capacity: capacity.max(1),
            queued: Arc::new(AtomicUsize::new(0)),
            thinking: Arc::new(AtomicUsize::new(0)),
            sender: OnceLock::new(),
        }
    }

    /// The pool the configuration asks for (`--engine-threads`, `--engine-queue`).
    #[must_use]
    pub fn configured(config: &crate::infra::config::Config) -> Arc<EnginePool> {
        Arc::new(EnginePool::new(config.engine_threads, config.engine_queue))
    }

    /// How many worker threads think at once.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Requests waiting or being thought about now.
    #[must_use]
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Requests a worker is thinking about now.
    #[must_use]
    pub fn thinking(&self) -> usize {
        self.thinking.load(Ordering::Relaxed)
    }

    /// Thinks about `game`'s position on a worker thread and waits for the answer without
    /// blocking the runtime. The caller's `settings` bound the search (give a level, a node
    /// limit or a deadline: the pool adds none).
    ///
    /// # Errors
    /// [`PoolError::Busy`] when the queue is full, [`PoolError::Stopped`] if the worker died.
    pub async fn think(&self, game: AnyGame, settings: Settings) -> Result<Thought, PoolError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            game,
            settings,
            enqueued: Instant::now(),
            reply,
        };
        self.queued.fetch_add(1, Ordering::Relaxed);
        if let Err(error) = self.sender().try_send(job) {
            self.queued.fetch_sub(1, Ordering::Relaxed);
            return Err(match error {
                TrySendError::Full(_) => PoolError::Busy,
                TrySendError::Disconnected(_) => PoolError::Stopped,
            });
        }
        metrics::gauge!("herald_engine_queue_depth").set(self.queued() as f64);
        answer.await.map_err(|_| PoolError::Stopped)
    }

    fn sender(&self) -> &SyncSender<Job> {
        self.sender.get_or_init(|| {
            let (sender, receiver) = sync_channel::<Job>(self.capacity);
            let receiver = Arc::new(Mutex::new(receiver));
            for index in 0..self.threads {
                let receiver = Arc::clone(&receiver);
                let counters = (Arc::clone(&self.queued), Arc::clone(&self.thinking));
                let spawned = std::thread::Builder::new()
                    .name(format!("herald-engine-{index}"))
                    .spawn(move || {
                        lower_priority();
                        work(&receiver, &counters.0, &counters.1);
                    });
                if let Err(error) = spawned {
                    tracing::error!(%error, "cannot start an engine thread");
                }
            }
            sender
        })
    }
}

/// How much less the engine threads ask of the CPU than the web side (a nice value): on a
/// small machine they share its cores, and a person's move must not wait for a bot's search.
pub const ENGINE_NICENESS: i32 = 10;

/// Lowers the calling thread's priority by [`ENGINE_NICENESS`] (Linux sets nice values per
/// thread); elsewhere, or when refused, the thread keeps its priority and says so once.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    if let Err(error) = rustix::process::setpriority_process(Some(rustix::thread::gettid()), ENGINE_NICENESS) {
        tracing::warn!(%error, "the engine thread keeps its priority");
    }
}

/// One worker: takes the next job, thinks with its own engine for that game, answers.
fn work(receiver: &Mutex<Receiver<Job>>, queued: &AtomicUsize, thinking: &AtomicUsize) {
    let mut engines: HashMap<Variant, Engine> = HashMap::new();
    loop {
        // The lock is held only while waiting for a job, never while thinking.
        let job = match receiver.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        thinking.fetch_add(1, Ordering::Relaxed);
        let started = Instant::now();
        let waited = started.duration_since(job.enqueued);
        let engine = engines
            .entry(job.game.variant())
            .or_insert_with(|| Engine::new(TABLE_MIB));
        let found = engine.think(&job.game, &job.settings, &mut |_| {});
        let thought = started.elapsed();
        thinking.fetch_sub(1, Ordering::Relaxed);
        queued.fetch_sub(1, Ordering::Relaxed);
        metrics::gauge!("herald_engine_queue_depth").set(queued.load(Ordering::Relaxed) as f64);
        metrics::histogram!("herald_engine_think_seconds").record(thought.as_secs_f64());
        metrics::histogram!("herald_engine_wait_seconds").record(waited.as_secs_f64());
        // The asker may have gone (a request cut off): its answer is simply dropped.
        let _ = job.reply.send(Thought { found, waited, thought });
    }
}

#[cfg(test)]
mod tests {
    use herald_engine::{Level, Limits};
    use herald_rules::Options;

    use super::*;

    #[tokio::test]
    async fn thinks_off_the_runtime_and_answers_a_legal_move() {
        let pool = EnginePool::new(1, 4);
        let game = AnyGame::new(Variant::Nowan, Options::NONE, None).unwrap();
        let thought = pool
            .think(game.clone(), Settings::level(Level::new(2).unwrap(), 1))
            .await
            .unwrap();
        let found = thought.found.expect("the start position has moves");
        assert!(game.legal_moves().contains(&found.best));
        assert_eq!(pool.queued(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_queue_answers_busy_at_once() {
        let pool = Arc::new(EnginePool::new(1, 1));
        let game = AnyGame::new(Variant::NotChess, Options::NONE, None).unwrap();
        let stop = herald_engine::Stop::new();
        let long = Settings::limits(Limits {
            stop: Some(stop.clone()),
            ..Limits::default()
        });
        // One request thinks until stopped, one waits in the queue: the third is refused.
        let thinking = tokio::spawn({
            let (pool, game, long) = (Arc::clone(&pool), game.clone(), long.clone());
            async move { pool.think(game, long).await }
        });
        while pool.thinking() < 1 {
            tokio::task::yield_now().await;
        }
        let waiting = tokio::spawn({
            let (pool, game, long) = (Arc::clone(&pool), game.clone(), long.clone());
            async move { pool.think(game, long).await }
        });
        while pool.queued() < 2 {
            tokio::task::yield_now().await;
        }
        // The worker holds one job and the queue of one the other: a third is refused.
        let refused = pool.think(game.clone(), Settings::limits(Limits::depth(1))).await;
        assert_eq!(refused.err(), Some(PoolError::Busy));
        stop.raise();
        assert!(thinking.await.unwrap().unwrap().found.is_some());
        assert!(waiting.await.unwrap().unwrap().found.is_some());
        assert_eq!(pool.queued(), 0);
    }
}
