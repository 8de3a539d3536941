//! The checks of a minimal puzzle's later rounds on several threads at once
//! ([`speculate`]), each as if the checks still running before it keep
//! their givens, with every recorded verdict the one a single thread reaches.

use super::remove::{check_orbit, Check, Pause, RemovalState, Then, Verdict};
use super::rounds::Round;
use crate::solver::Solver;
use crate::symbol::Symbol;

/// Whether helper threads can run: not in WebAssembly, whose `std` has no
/// threads.
pub(super) const THREADS: bool = cfg!(not(target_family = "wasm"));

/// The most threads a generator uses (see [`GenerateConfig::threads`](super::GenerateConfig::threads)).
pub const MAX_THREADS: usize = 16;

/// Runs up to `limit` checks of `r`, from `r.next` on and into the next
/// rounds while they may run so, on the calling thread and `helpers` at once,
/// and records their verdicts in order; stops early when a verdict or the end
/// of a round ends the removal.
///
/// Each thread takes the first check that nobody has taken and runs it on
/// the givens as recorded so far, that is as if the checks still running
/// before it keep their givens, which most checks of these rounds do (about
/// 97 % of the checks of the probing passes of a minimal 25×25 keep or
/// defer their given). A check deferred to the next round can be taken as
/// soon as it is recorded, before its round ends. The thread that ends a
/// check records every verdict it can, in queue order, and one only if no
/// given was removed since its check began (the count of givens is the
/// same); otherwise that check runs again. Every recorded verdict is thus the one the calling thread alone
/// would have reached, and the puzzle is the same for any number of threads.
///
/// Returns the checks recorded, the checks run again, and what to do next.
pub(super) fn speculate(
    (main, helpers): (&mut Solver, &mut [Solver]),
    orbits: &[Vec<usize>],
    r: &mut RemovalState,
    rounds: &[Round],
    limit: usize,
) -> Speculated {
    use std::sync::{Condvar, Mutex, PoisonError};

    /// A check to run: an orbit, in a round.
    #[derive(Clone, Copy)]
    struct Job {
        orbit: usize,
        round: usize,
    }

    /// A job a thread took: its index in `Shared::jobs`, the givens as
    /// recorded when it was taken and their count, and how to run it.
    struct Taken {
        job: usize,
        givens: Vec<Option<Symbol>>,
        count: usize,
        pause: Pause,
    }

    /// What the threads share: the removal, whose givens are those recorded
    /// so far and whose count of givens falls with every removal recorded,
    /// and the checks.
    struct Shared<'r> {
        r: &'r mut RemovalState,
        /// The checks in the order they are recorded: the rest of this
        /// round, then the checks deferred to the next rounds so far.
        jobs: Vec<Job>,
        /// Verdicts not yet recorded, one per job, with the count of givens
        /// their check saw: a verdict whose count is no longer `r.count` is
        /// stale.
        verdicts: Vec<Option<(Check, usize)>>,
        /// The next job to record, and the next one nobody has taken.
        recorded: usize,
        untaken: usize,
        /// A job whose verdict went stale, to take first, and how many did.
        again: Option<usize>,
        reruns: u64,
        /// Set when no more jobs are to be taken, with what comes next.
        stop: Option<Then>,
    }

    impl Shared<'_> {
        /// The next job to run, with the givens and their count to run it
        /// on, and how to keep its search (see [`RemovalState::pause_for`]).
        fn take(&mut self, rounds: &[Round], limit: usize) -> Option<Taken> {
            let i = self.again.take().or_else(|| {
                (self.untaken < self.jobs.len().min(limit)).then(|| {
                    self.untaken += 1;
                    self.untaken - 1
                })
            })?;
            let Job { orbit, round } = self.jobs[i];
            let pause = self.r.pause_for(orbit, round, rounds);
            Some(Taken { job: i, givens: self.r.givens.clone(), count: self.r.count, pause })
        }

        /// Records the verdicts that can be, in order.
        fn record(&mut self, orbits: &[Vec<usize>], rounds: &[Round], limit: usize) {
            while self.stop.is_none() {
                let r = &mut *self.r;
                if r.next == r.queue.len() {
                    let then = r.end_round(rounds);
                    if then != Then::GoOn || !rounds[r.round].speculate {
                        self.stop = Some(then);
                    }
                    continue;
                }
                let Some((check, count)) = self.verdicts[self.recorded].take() else { return };
                if count != r.count {
                    self.again = Some(self.recorded);
                    self.reruns += 1;
                    return;
                }
                let job = self.jobs[self.recorded];
                debug_assert!(job.orbit == r.queue[r.next] && job.round == r.round);
                let verdict = check.verdict;
                let then = r.commit(job.orbit, &orbits[job.orbit], check, rounds);
                self.recorded += 1;
                let next_round = rounds.get(job.round + 1).filter(|_| verdict == Verdict::Undecided);
                if next_round.is_some_and(|round| round.speculate) {
                    self.jobs.push(Job { orbit: job.orbit, round: job.round + 1 });
                    self.verdicts.push(None);
                }
                if then != Then::GoOn || self.recorded == limit {
                    self.stop = Some(then);
                }
            }
        }
    }

    /// Stops the other threads when its thread panics: they would wait for
    /// it forever, and the scope would never pass the panic on.
    struct StopOnPanic<'a, 'r>(&'a Mutex<Shared<'r>>, &'a Condvar);

    impl Drop for StopOnPanic<'_, '_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.lock().unwrap_or_else(PoisonError::into_inner).stop.get_or_insert(Then::GoOn);
                self.1.notify_all();
            }
        }
    }

    // This round's checks not yet recorded, then those already deferred to
    // the next one, if it may run so; [`Shared::record`] adds the rest.
    let mut jobs: Vec<Job> = r.queue[r.next..].iter().map(|&orbit| Job { orbit, round: r.round }).collect();
    if rounds.get(r.round + 1).is_some_and(|round| round.speculate) {
        jobs.extend(r.deferred.iter().map(|&orbit| Job { orbit, round: r.round + 1 }));
    }
    let solution = r.solution.clone();
    let shared = Mutex::new(Shared {
        verdicts: (0..jobs.len()).map(|_| None).collect(),
        jobs,
        recorded: 0,
        untaken: 0,
        again: None,
        reruns: 0,
        stop: None,
        r,
    });
    let changed = Condvar::new();
    let lock = || shared.lock().unwrap_or_else(PoisonError::into_inner);
    let work = |solver: &mut Solver| {
        let _guard = StopOnPanic(&shared, &changed);
        loop {
            let mut shared = lock();
            let Taken { job: i, mut givens, count, pause } = loop {
                if shared.stop.is_some() {
                    return;
                }
                if let Some(job) = shared.take(rounds, limit) {
                    break job;
                }
                shared = changed.wait(shared).unwrap_or_else(PoisonError::into_inner);
            };
            let job = shared.jobs[i];
            drop(shared);
            let orbit = &orbits[job.orbit];
            for &c in orbit {
                givens[c] = None;
            }
            let check = check_orbit(solver, &givens, &solution, orbit, rounds[job.round], pause, count);
            let mut shared = lock();
            shared.verdicts[i] = Some((check, count));
            shared.record(orbits, rounds, limit);
            drop(shared);
            changed.notify_all();
        }
    };
    std::thread::scope(|scope| {
        for solver in helpers.iter_mut() {
            let work = &work;
            scope.spawn(move || work(solver));
        }
        work(main);
    });
    let shared = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    Speculated { recorded: shared.recorded, reruns: shared.reruns, then: shared.stop.unwrap_or(Then::GoOn) }
}

/// What [`speculate`] did.
pub(super) struct Speculated {
    pub(super) recorded: usize,
    pub(super) reruns: u64,
    pub(super) then: Then,
}
