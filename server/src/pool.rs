//! The AI pool: a fixed set of threads for work that takes CPU time
//! (opponents' replies, equal dealing, field runs, standings), never on the
//! async threads, with a bounded queue: beyond it, [`ApiError::busy`].

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

use crate::error::{ApiError, ApiResult};

type Job = Box<dyn FnOnce() + Send + 'static>;

pub struct AiPool {
    tx: SyncSender<Job>,
    /// A pause before each job: a seam for the crash tests only
    /// (`DDZ_TEST_AI_DELAY_MS`), so a kill lands during an AI reply.
    delay: std::time::Duration,
}

impl AiPool {
    /// `workers` threads; at most `queue` jobs waiting for one.
    pub fn new(workers: usize, queue: usize, delay: std::time::Duration) -> AiPool {
        let (tx, rx) = sync_channel::<Job>(queue);
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..workers {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("ai-{i}"))
                .spawn(move || worker(&rx));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "could not start an AI thread");
            }
        }
        AiPool { tx, delay }
    }

    /// Runs `f` on a pool thread and waits for it without blocking the
    /// async threads; 503 when the queue is full.
    pub async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> ApiResult<T> {
        let (otx, orx) = tokio::sync::oneshot::channel();
        let delay = self.delay;
        let job: Job = Box::new(move || {
            if !delay.is_zero() {
                std::thread::sleep(delay);
            }
            let _ = otx.send(catch_unwind(AssertUnwindSafe(f)));
        });
        match self.tx.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(ApiError::busy()),
            Err(TrySendError::Disconnected(_)) => return Err(ApiError::internal("the AI pool is gone")),
        }
        match orx.await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(_)) => Err(ApiError::internal("an AI job panicked")),
            Err(_) => Err(ApiError::internal("an AI job was dropped")),
        }
    }
}

fn worker(rx: &Mutex<Receiver<Job>>) {
    loop {
        let job = {
            let Ok(guard) = rx.lock() else { return };
            match guard.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        job();
    }
}
