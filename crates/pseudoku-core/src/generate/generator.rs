//! The [`Generator`]: a puzzle in bounded steps. It fills a grid (one fill
//! attempt a step), then runs its removal checks a few at a time (on helper
//! threads when asked) until the rounds end.

use super::fill::{fill_with, FillBudget, FillError};
use super::remove::{check_orbit, RemovalState, Then, PAUSED_BYTES};
use super::rounds::Round;
use super::speculate::{speculate, MAX_THREADS, THREADS};
use super::symmetry::symmetry_orbits;
use super::{GenerateConfig, GenerateError, Generated, Progress, Stage};
use crate::layout::{CellId, Layout};
use crate::seed::{rng_from_seed, shuffle};
use crate::solver::Solver;

/// A puzzle generator that works in small steps, so a caller (the web
/// app's worker) can report progress between them and cancel by dropping
/// it. Each step is bounded: one fill attempt (itself bounded in nodes) or
/// up to the given number of removal checks (each bounded by the
/// configured check budget).
pub struct Generator {
    layout: Layout,
    config: GenerateConfig,
    solver: Solver,
    rng: crate::seed::EngineRng,
    orbits: Vec<Vec<usize>>,
    /// The rounds of checks of every grid ([`GenerateConfig::rounds`]);
    /// the tests change them.
    pub(super) rounds: Vec<Round>,
    phase: Phase,
    /// The solvers of the helper threads (see [`GenerateConfig::threads`]),
    /// made when first needed.
    helpers: Vec<Solver>,
    /// Checks run again because a removal recorded while they ran made
    /// their verdict stale (see [`speculate`]).
    reruns: u64,
    /// Checks that went on from where their search stopped in the round
    /// before, on grids done with (see [`PausedCheck`](super::remove::PausedCheck)).
    resumed: u64,
    /// The most memory the searches kept for that may hold
    /// ([`PAUSED_BYTES`]; less in tests).
    paused_cap: usize,
}

/// Where a [`Generator`] stands: filling (the attempt, its budget of nodes
/// and the nodes spent so far), removing givens from a grid, or done.
enum Phase {
    Fill { attempt: u32, per_attempt: u64, nodes: u64 },
    Remove(RemovalState),
    Done,
}

impl Phase {
    /// A first fill attempt, with the layout's budget.
    fn fill(layout: &Layout) -> Phase {
        Phase::Fill { attempt: 0, per_attempt: FillBudget::for_layout(layout).nodes_per_attempt, nodes: 0 }
    }
}

impl Generator {
    pub fn new(layout: &Layout, config: &GenerateConfig, seed: u64) -> Result<Generator, GenerateError> {
        // The removal indexes its grids by plain cell numbers.
        let orbits = symmetry_orbits(layout, config.symmetry)?
            .into_iter()
            .map(|orbit| orbit.into_iter().map(CellId::index).collect())
            .collect();
        Ok(Generator {
            layout: layout.clone(),
            config: config.clone(),
            solver: Solver::new(layout),
            rng: rng_from_seed(seed),
            orbits,
            rounds: config.rounds(layout),
            phase: Phase::fill(layout),
            helpers: Vec::new(),
            reruns: 0,
            resumed: 0,
            paused_cap: PAUSED_BYTES,
        })
    }

    /// Steps to the end, in one call, and returns the puzzle.
    pub fn finish(&mut self) -> Result<Generated, GenerateError> {
        loop {
            if let Progress::Done(generated) = self.step(u32::MAX)? {
                return Ok(generated);
            }
        }
    }

    /// Does up to `checks` removal checks (or one fill attempt) and says
    /// where it stands.
    pub fn step(&mut self, checks: u32) -> Result<Progress, GenerateError> {
        let budget = FillBudget::for_layout(&self.layout);
        match &mut self.phase {
            Phase::Fill { attempt, per_attempt, nodes } => {
                let blank = vec![None; self.layout.cell_count()];
                let one = FillBudget { attempts: 1, nodes_per_attempt: *per_attempt };
                match fill_with(&mut self.solver, &self.layout, &blank, &mut self.rng, one) {
                    Ok(solution) => {
                        shuffle(&mut self.orbits, &mut self.rng);
                        let givens = solution.iter().copied().map(Some).collect();
                        let count = self.layout.cell_count();
                        self.phase = Phase::Remove(RemovalState {
                            solution,
                            givens,
                            queue: (0..self.orbits.len()).collect(),
                            next: 0,
                            round: 0,
                            deferred: Vec::new(),
                            count,
                            undecided: 0,
                            paused: (0..self.orbits.len()).map(|_| None).collect(),
                            paused_bytes: 0,
                            paused_cap: self.paused_cap,
                            resumed: 0,
                        });
                    }
                    Err(FillError::GaveUp { nodes: n, .. }) => {
                        *attempt += 1;
                        *nodes += n;
                        *per_attempt = budget.nodes_in(*attempt);
                        if *attempt >= budget.attempts {
                            return Err(FillError::GaveUp { nodes: *nodes, attempts: *attempt }.into());
                        }
                        return Ok(Progress::Working {
                            stage: Stage::Filling,
                            done: *attempt as usize,
                            total: budget.attempts as usize,
                        });
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            Phase::Remove(r) => {
                let mut then = Then::GoOn;
                let mut left = checks as usize;
                while left > 0 && then == Then::GoOn {
                    if self.config.target_givens.is_some_and(|t| r.count <= t) && !self.config.minimal {
                        r.queue.clear();
                        r.next = 0;
                        r.deferred.clear();
                        then = Then::Finish;
                        break;
                    }
                    if r.next == r.queue.len() {
                        then = r.end_round(&self.rounds);
                        continue;
                    }
                    let round = self.rounds[r.round];
                    if round.speculate && THREADS && self.config.threads > 1 && left > 1 {
                        let helpers = self.config.threads.min(MAX_THREADS) - 1;
                        while self.helpers.len() < helpers {
                            self.helpers.push(Solver::new(&self.layout));
                        }
                        let solvers = (&mut self.solver, &mut self.helpers[..helpers]);
                        let ran = speculate(solvers, &self.orbits, r, &self.rounds, left);
                        left -= ran.recorded;
                        self.reruns += ran.reruns;
                        then = ran.then;
                        continue;
                    }
                    if round.sparse {
                        r.draw_sparse(&self.layout, &self.orbits, &mut self.rng);
                    }
                    let o = r.queue[r.next];
                    let orbit = &self.orbits[o];
                    let pause = r.pause_for(o, r.round, &self.rounds);
                    for &c in orbit {
                        r.givens[c] = None;
                    }
                    let check = check_orbit(&mut self.solver, &r.givens, &r.solution, orbit, round, pause, r.count);
                    left -= 1;
                    then = r.commit(o, orbit, check, &self.rounds);
                }
                if then != Then::GoOn {
                    self.resumed += r.resumed;
                }
                match then {
                    Then::Finish => {
                        let done = Generated {
                            givens: std::mem::take(&mut r.givens),
                            solution: std::mem::take(&mut r.solution),
                            undecided: r.undecided,
                        };
                        self.phase = Phase::Done;
                        return Ok(Progress::Done(done));
                    }
                    Then::GoOn => {}
                }
            }
            Phase::Done => {}
        }
        match &self.phase {
            Phase::Remove(r) => Ok(self.removing(r.queue.len() - r.next + r.deferred.len())),
            _ => Err(GenerateError::Finished),
        }
    }

    /// How many checks ran again on a helper thread or this one because a
    /// removal recorded while they ran made their verdict stale: the price
    /// of [`GenerateConfig::threads`], for benchmarks and tests.
    pub fn reruns(&self) -> u64 {
        self.reruns
    }

    /// How many checks went on from where their search stopped in the round
    /// before instead of starting over (see `PausedCheck`), for benchmarks
    /// and tests.
    pub fn resumed(&self) -> u64 {
        self.resumed + if let Phase::Remove(r) = &self.phase { r.resumed } else { 0 }
    }

    /// Keeps at most `bytes` of searches to go on from (see [`PausedCheck`]);
    /// 0 keeps none, which changes nothing but the time.
    #[cfg(test)]
    pub(super) fn keep_paused_at_most(&mut self, bytes: usize) {
        self.paused_cap = bytes;
    }

    /// Progress while removing with `left` orbits still to try: the others
    /// are decided for good.
    fn removing(&self, left: usize) -> Progress {
        let orbits = self.orbits.len();
        Progress::Working { stage: Stage::Removing, done: orbits - left, total: orbits }
    }
}
