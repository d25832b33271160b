//! Checking many inputs on every core while writing results in input order, with memory
//! bounded by a window of lists in flight rather than by the number of lists.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc;

/// How a run is spread: `threads` workers, each handed `batch` inputs at a time (one
/// hand-over per batch, not per list, so workers seldom wait on each other or on the
/// writer; every hand-over wakes the writer thread, which costs a scheduler slice).
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

/// Batches in flight per worker beyond the oldest result not yet written; this bounds the
/// memory of a run whatever its number of lists. Two keep a worker busy while the writer
/// waits on the oldest batch; four held twice the text (a corpus run's JSON output is
/// about 6 KB a list) for no measurable speed.
const BATCHES_IN_FLIGHT_PER_WORKER: usize = 2;

/// Run `check` on every input (on up to `workers` threads) and hand each result to `emit`
/// in input order, as soon as it and every earlier one are known.
pub fn check_in_order<I, T>(
    inputs: impl Iterator<Item = I>,
    workers: Workers,
    check: &(dyn Fn(I) -> T + Sync),
    mut emit: impl FnMut(T),
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
    let window = workers.threads * BATCHES_IN_FLIGHT_PER_WORKER;
    let (job_sender, jobs) = mpsc::sync_channel::<(usize, Vec<I>)>(window);
    let jobs = Mutex::new(jobs);
    let (result_sender, results) = mpsc::channel::<(usize, Vec<T>)>();
    std::thread::scope(|scope| {
        for _ in 0..workers.threads {
            let result_sender = result_sender.clone();
            let jobs = &jobs;
            scope.spawn(move || {
                loop {
                    // The lock is held only to take a batch, not while checking it.
                    let job = match jobs.lock() {
                        Ok(jobs) => jobs.recv(),
                        Err(_) => return,
                    };
                    let Ok((index, batch)) = job else { return };
                    let done: Vec<T> = batch.into_iter().map(check).collect();
                    if result_sender.send((index, done)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(result_sender);
        let mut job_sender = Some(job_sender);
        let mut inputs = inputs.fuse();
        // Counted in batches.
        let (mut sent, mut written) = (0usize, 0usize);
        let mut waiting: BTreeMap<usize, Vec<T>> = BTreeMap::new();
        loop {
            while let Some(sender) = &job_sender {
                if sent >= written + window {
                    break;
                }
                let batch: Vec<I> = inputs.by_ref().take(workers.batch).collect();
                if batch.is_empty() {
                    // No more inputs: closing the queue lets idle workers finish.
                    job_sender = None;
                    break;
                }
                if sender.send((sent, batch)).is_err() {
                    job_sender = None;
                    break;
                }
                sent += 1;
            }
            if written == sent && job_sender.is_none() {
                break;
            }
            let Ok((index, done)) = results.recv() else {
                break;
            };
            waiting.insert(index, done);
            while let Some(done) = waiting.remove(&written) {
                done.into_iter().for_each(&mut emit);
                written += 1;
            }
        }
    });
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
    fn no_inputs_no_results() {
        let mut seen: Vec<u8> = Vec::new();
        check_in_order(std::iter::empty::<u8>(), Workers::new(4), &|n| n, |n| {
            seen.push(n)
        });
        assert!(seen.is_empty());
    }
}
