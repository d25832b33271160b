//! Checking many inputs on every core while writing results in input order, with memory
//! bounded by a window of lists in flight rather than by the number of lists.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc;

/// Inputs a worker may run ahead of the oldest result not yet written, per worker.
const WINDOW_PER_WORKER: usize = 64;

/// Run `check` on every input (on up to `workers` threads) and hand each result to `emit`
/// in input order, as soon as it and every earlier one are known.
pub fn check_in_order<I, T>(
    inputs: impl Iterator<Item = I>,
    workers: usize,
    check: &(dyn Fn(I) -> T + Sync),
    mut emit: impl FnMut(T),
) where
    I: Send,
    T: Send,
{
    if workers <= 1 {
        for input in inputs {
            emit(check(input));
        }
        return;
    }
    let window = workers * WINDOW_PER_WORKER;
    let (job_sender, jobs) = mpsc::sync_channel::<(usize, I)>(workers * 2);
    let jobs = Mutex::new(jobs);
    let (result_sender, results) = mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let result_sender = result_sender.clone();
            let jobs = &jobs;
            scope.spawn(move || {
                loop {
                    // The lock is held only to take a job, not while checking it.
                    let job = match jobs.lock() {
                        Ok(jobs) => jobs.recv(),
                        Err(_) => return,
                    };
                    let Ok((index, input)) = job else { return };
                    if result_sender.send((index, check(input))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(result_sender);
        let mut job_sender = Some(job_sender);
        let mut inputs = inputs.fuse();
        let (mut sent, mut written) = (0usize, 0usize);
        let mut waiting: BTreeMap<usize, T> = BTreeMap::new();
        loop {
            while let Some(sender) = &job_sender {
                if sent >= written + window {
                    break;
                }
                match inputs.next() {
                    Some(input) => {
                        if sender.send((sent, input)).is_err() {
                            job_sender = None;
                            break;
                        }
                        sent += 1;
                    }
                    // No more inputs: closing the queue lets idle workers finish.
                    None => job_sender = None,
                }
            }
            if written == sent && job_sender.is_none() {
                break;
            }
            let Ok((index, result)) = results.recv() else {
                break;
            };
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&written) {
                emit(result);
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
        for workers in [1, 2, 5] {
            let mut seen = Vec::new();
            // Uneven work: later inputs often finish first.
            let check = |n: u64| {
                std::thread::sleep(std::time::Duration::from_micros((n * 7919) % 300));
                n
            };
            check_in_order(0..1000u64, workers, &check, |n| seen.push(n));
            assert_eq!(seen, (0..1000).collect::<Vec<_>>(), "{workers} workers");
        }
    }

    #[test]
    fn no_inputs_no_results() {
        let mut seen: Vec<u8> = Vec::new();
        check_in_order(std::iter::empty::<u8>(), 4, &|n| n, |n| seen.push(n));
        assert!(seen.is_empty());
    }
}
