//! Checking many inputs on every core while writing results in input order, with memory
//! bounded by a window of lists in flight rather than by the number of lists.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// How a run is spread: `threads` workers, each taking `batch` inputs at a time (one
/// lock per batch, not per list).
#[derive(Debug, Clone, Copy)]
pub struct Workers {
    pub threads: usize,
    pub batch: usize,
}

impl Workers {
    /// 16 inputs a batch: small enough that the results in flight stay a few hundred
    /// kilobytes when each is a JSON report of about 6 KB (with 32 the 10× corpus run
    /// peaked at up to 30.8 MiB, over issue 29's 30).
    pub fn new(threads: usize) -> Self {
        Workers { threads, batch: 16 }
    }

    /// Larger batches, for results that are small: fewer hand-overs, so fewer wake-ups.
    pub fn with_batch(self, batch: usize) -> Self {
        Workers {
            batch: batch.max(1),
            ..self
        }
    }
}

/// Batches in flight per worker, counted from the oldest not yet written; this bounds the
/// memory of a run whatever its number of lists. Two keep a worker busy while the oldest
/// batch is still being checked; four held twice the text (a corpus run's JSON output is
/// about 6 KB a list) for no measurable speed.
const BATCHES_IN_FLIGHT_PER_WORKER: usize = 2;

/// Run `check` on every input (on up to `workers` threads) and hand each result to `emit`
/// in input order, as soon as it and every earlier one are known.
///
/// There is no writer thread: each worker takes its next batch from the inputs itself, and
/// the worker that finishes the oldest batch not yet written writes it, and every later
/// one already done. A thread that handed batches out and wrote results was woken for
/// every batch (14,700 context switches on the 10× corpus at 16 lists a batch); here a
/// worker waits only when the window of batches in flight is full.
pub fn check_in_order<I, T>(
    inputs: impl Iterator<Item = I> + Send,
    workers: Workers,
    check: &(dyn Fn(I) -> T + Sync),
    mut emit: impl FnMut(T) + Send,
) where
    I: Send,
    T: Send,
{
    if workers.threads <= 1 {
        for input in inputs {
            emit(check(input));
        }
        return;
    }
    let run = Run {
        window: workers.threads * BATCHES_IN_FLIGHT_PER_WORKER,
        batch: workers.batch,
        feed: Mutex::new(Feed {
            inputs: inputs.fuse(),
            taken: 0,
        }),
        room: Condvar::new(),
        written: AtomicUsize::new(0),
        stopped: AtomicBool::new(false),
        out: Mutex::new(Out {
            emit,
            waiting: BTreeMap::new(),
        }),
    };
    std::thread::scope(|scope| {
        for _ in 0..workers.threads {
            scope.spawn(|| run.work(check));
        }
    });
}

/// What the workers share.
struct Run<It, T, E> {
    /// Batches in flight at most: taken but not yet written.
    window: usize,
    batch: usize,
    feed: Mutex<Feed<It>>,
    /// Signalled (under `feed`'s lock) when `written` moves on or the run stops.
    room: Condvar,
    /// Batches written so far (changed only under `out`'s lock).
    written: AtomicUsize,
    /// A worker panicked: the others stop instead of waiting for its batch.
    stopped: AtomicBool,
    out: Mutex<Out<T, E>>,
}

struct Feed<It> {
    inputs: std::iter::Fuse<It>,
    /// Batches taken so far: the index of the next one.
    taken: usize,
}

struct Out<T, E> {
    emit: E,
    /// Batches done before an earlier one, by index.
    waiting: BTreeMap<usize, Vec<T>>,
}

impl<I, It, T, E> Run<It, T, E>
where
    It: Iterator<Item = I>,
    E: FnMut(T),
{
    fn work(&self, check: &(dyn Fn(I) -> T + Sync)) {
        let _stop_others = StopOthersOnPanic(self);
        while let Some((index, batch)) = self.take() {
            let done: Vec<T> = batch.into_iter().map(check).collect();
            self.write(index, done);
        }
    }

    /// The next batch and its index, once the window has room; `None` when the inputs
    /// are used up or the run stopped.
    fn take(&self) -> Option<(usize, Vec<I>)> {
        let mut feed = self.feed.lock().ok()?;
        loop {
            if self.stopped.load(Ordering::Acquire) {
                return None;
            }
            if feed.taken < self.written.load(Ordering::Acquire) + self.window {
                break;
            }
            feed = self.room.wait(feed).ok()?;
        }
        let batch: Vec<I> = feed.inputs.by_ref().take(self.batch).collect();
        if batch.is_empty() {
            return None;
        }
        let index = feed.taken;
        feed.taken += 1;
        Some((index, batch))
    }

    /// Files batch `index` as done and writes every batch that is now next in order.
    fn write(&self, index: usize, done: Vec<T>) {
        let Ok(mut out) = self.out.lock() else {
            return;
        };
        let out = &mut *out;
        out.waiting.insert(index, done);
        let mut written = self.written.load(Ordering::Acquire);
        let before = written;
        while let Some(done) = out.waiting.remove(&written) {
            done.into_iter().for_each(&mut out.emit);
            written += 1;
            self.written.store(written, Ordering::Release);
        }
        if written != before {
            self.wake_waiting();
        }
    }
}

impl<It, T, E> Run<It, T, E> {
    /// Taking `feed`'s lock before signalling: a worker that saw the window full is then
    /// either waiting (and is woken) or has not looked yet (and sees the new count).
    fn wake_waiting(&self) {
        drop(self.feed.lock());
        self.room.notify_all();
    }
}

struct StopOthersOnPanic<'a, It, T, E>(&'a Run<It, T, E>);

impl<It, T, E> Drop for StopOthersOnPanic<'_, It, T, E> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stopped.store(true, Ordering::Release);
            self.0.wake_waiting();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_out_in_input_order_whatever_the_workers() {
        for (threads, batch) in [(1, 16), (2, 16), (5, 16), (2, 1), (3, 64)] {
            let mut seen = Vec::new();
            // Uneven work: later inputs often finish first.
            let check = |n: u64| {
                std::thread::sleep(std::time::Duration::from_micros((n * 7919) % 300));
                n
            };
            let workers = Workers::new(threads).with_batch(batch);
            check_in_order(0..1000u64, workers, &check, |n| seen.push(n));
            assert_eq!(seen, (0..1000).collect::<Vec<_>>(), "{workers:?}");
        }
    }

    #[test]
    fn no_more_batches_are_in_flight_than_the_window_holds() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let workers = Workers::new(3).with_batch(4);
        let limit = workers.threads * BATCHES_IN_FLIGHT_PER_WORKER * workers.batch;
        let started = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let emitted = AtomicUsize::new(0);
        let check = |n: u64| {
            let now = started.fetch_add(1, Ordering::SeqCst) + 1;
            most.fetch_max(now - emitted.load(Ordering::SeqCst), Ordering::SeqCst);
            // The first input of every tenth batch is slow: later batches finish first
            // and wait for it.
            if n.is_multiple_of(40) {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            n
        };
        check_in_order(0..2000u64, workers, &check, |_| {
            emitted.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(emitted.load(Ordering::SeqCst), 2000);
        let most = most.load(Ordering::SeqCst);
        assert!(most <= limit, "{most} inputs in flight, window {limit}");
    }

    #[test]
    fn a_panicking_check_stops_the_run_instead_of_hanging_it() {
        let check = |n: u64| {
            assert!(n != 500, "input 500");
            n
        };
        let run = std::panic::catch_unwind(|| {
            check_in_order(0..100_000u64, Workers::new(2), &check, |_| {});
        });
        assert!(run.is_err());
    }

    #[test]
    fn no_inputs_no_results() {
        let mut seen: Vec<u8> = Vec::new();
        check_in_order(std::iter::empty::<u8>(), Workers::new(4), &|n| n, |n| {
            seen.push(n)
        });
        assert!(seen.is_empty());
    }
}
