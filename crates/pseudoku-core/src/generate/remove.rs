//! The removal of givens from one grid: the state of the rounds of checks
//! ([`RemovalState`]), one orbit's check ([`check_orbit`]) and its
//! [`Verdict`], and the searches of deferred checks kept to go on from in the
//! next round ([`PausedCheck`]).

use std::sync::Arc;

use rand::RngCore;

use super::rounds::{Round, IDLE_SHARE, SPARSE_DRAWS};
use crate::layout::{CellId, Layout};
use crate::solver::{Flow, Paused, SearchEnd, SearchOptions, Solver};
use crate::symbol::Symbol;

/// Where the removal of givens from one grid stands.
pub(super) struct RemovalState {
    /// The grid, and its givens as recorded so far.
    pub(super) solution: Vec<Symbol>,
    pub(super) givens: Vec<Option<Symbol>>,
    /// The orbits this round tries, in order, and how far it has come.
    pub(super) queue: Vec<usize>,
    pub(super) next: usize,
    /// Which of [`GenerateConfig::rounds`](super::GenerateConfig::rounds) is running.
    pub(super) round: usize,
    /// Orbits whose check ran out of this round's budget: the next round
    /// tries them again with a larger one (the last round defers none).
    pub(super) deferred: Vec<usize>,
    /// How many givens are left.
    pub(super) count: usize,
    /// Orbits whose givens stay because their check ran out of budget.
    pub(super) undecided: usize,
    /// Per orbit, the search of its last deferred check where it stopped,
    /// while it may go on in the next round (see [`PausedCheck`]), the bytes
    /// they all hold, and how many they may hold ([`PAUSED_BYTES`]).
    pub(super) paused: Vec<Option<Arc<PausedCheck>>>,
    pub(super) paused_bytes: usize,
    pub(super) paused_cap: usize,
    /// Checks that went on from a kept search.
    pub(super) resumed: u64,
}

/// A deferred check's search, stopped by its budget at the orbit's cell
/// `cell` (the cells before it have no other symbol), with the count of
/// givens it saw: the next round goes on from there instead of starting
/// over, when no given went since.
pub(super) struct PausedCheck {
    cell: usize,
    count: usize,
    search: Paused,
}

/// What the generator does after a check or a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Then {
    GoOn,
    /// Nothing is left to try.
    Finish,
}

impl RemovalState {
    /// Records the verdict on the orbit `o` (cells `orbit`) at `queue[next]`,
    /// tried with the givens as they are, and moves past it.
    ///
    /// A deferred check's search is kept for the next round (see
    /// [`RemovalState::pause_for`]) as long as the searches kept fit in
    /// `paused_cap`.
    pub(super) fn commit(&mut self, o: usize, orbit: &[usize], check: Check, rounds: &[Round]) -> Then {
        let Check { verdict, paused, resumed } = check;
        self.resumed += u64::from(resumed);
        if let Some(old) = self.paused[o].take() {
            self.paused_bytes -= old.search.bytes();
        }
        self.next += 1;
        let removed = verdict == Verdict::Ok;
        for &c in orbit {
            self.givens[c] = (!removed).then_some(self.solution[c]);
        }
        if removed {
            self.count -= orbit.len();
        }
        match (verdict, self.round + 1 == rounds.len()) {
            (Verdict::Undecided, false) => {
                self.deferred.push(o);
                let paused = paused.filter(|p| self.paused_bytes + p.search.bytes() <= self.paused_cap);
                if let Some(p) = paused {
                    self.paused_bytes += p.search.bytes();
                    self.paused[o] = Some(Arc::new(p));
                }
            }
            (Verdict::Undecided, true) => self.undecided += 1,
            _ => {}
        }
        Then::GoOn
    }

    /// How to run orbit `o`'s check in round `k`: whether to keep its search
    /// if it runs out of budget, and the search an earlier round kept of it,
    /// to go on from, if no given went since. A search is kept when the next
    /// round retries it in the same way with a budget of at least
    /// [`PAUSE_FOR`] nodes.
    pub(super) fn pause_for(&self, o: usize, k: usize, rounds: &[Round]) -> Pause {
        let next = rounds.get(k + 1);
        let same = |next: &Round| next.propagation == rounds[k].propagation;
        let keep = next.is_some_and(|next| same(next) && next.budget.is_some_and(|b| b >= PAUSE_FOR));
        Pause { keep, resume: self.paused[o].clone().filter(|p| p.count == self.count) }
    }

    /// Draws [`SPARSE_DRAWS`] of the orbits left in the queue at random and
    /// moves to its head the one whose cells' houses hold the fewest givens
    /// (summed over the orbit's cells and their houses; the first drawn on a
    /// tie), so that this round's removals gather in some houses instead of
    /// spreading evenly.
    pub(super) fn draw_sparse(&mut self, layout: &Layout, orbits: &[Vec<usize>], rng: &mut dyn RngCore) {
        use rand::Rng;
        let left = (self.queue.len() - self.next) as u32;
        let givens = |o: usize| -> usize {
            let houses = orbits[o].iter().flat_map(|&c| layout.houses_of(CellId(c as u32)));
            houses.map(|h| layout.house(h).cells.iter().filter(|c| self.givens[c.index()].is_some()).count()).sum()
        };
        let mut best: Option<(usize, usize)> = None;
        for _ in 0..SPARSE_DRAWS {
            let i = self.next + rng.random_range(0..left) as usize;
            let score = givens(self.queue[i]);
            if best.is_none_or(|(_, fewest)| score < fewest) {
                best = Some((i, score));
            }
        }
        if let Some((i, _)) = best {
            self.queue.swap(self.next, i);
        }
    }

    /// At the end of a round's queue: the next round over the deferred
    /// orbits, or why there is none.
    pub(super) fn end_round(&mut self, rounds: &[Round]) -> Then {
        let round = rounds[self.round];
        if self.deferred.is_empty() {
            return Then::Finish;
        }
        if round.last_if_idle && (self.queue.len() - self.deferred.len()) * IDLE_SHARE < self.queue.len() {
            self.undecided += self.deferred.len();
            self.deferred.clear();
            return Then::Finish;
        }
        self.round += 1;
        self.queue = std::mem::take(&mut self.deferred);
        self.next = 0;
        Then::GoOn
    }
}

/// What one removal check found.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// No solution differs in the orbit's cells: the orbit's givens can go.
    Ok,
    /// A second solution: the orbit's givens stay.
    Ambiguous,
    /// The check ran out of budget: a later round tries again, or the
    /// givens stay, undecided.
    Undecided,
}

/// How to run one check with its paused searches (see
/// [`RemovalState::pause_for`]).
pub(super) struct Pause {
    /// Keep the search where it stops if it runs out of budget.
    pub(super) keep: bool,
    /// A search an earlier round kept of this check, to go on from.
    pub(super) resume: Option<Arc<PausedCheck>>,
}

/// A check's verdict, with its search where it stopped when it ran out of
/// budget and was asked to keep it, and whether it went on from one kept.
pub(super) struct Check {
    pub(super) verdict: Verdict,
    paused: Option<PausedCheck>,
    resumed: bool,
}

impl Check {
    fn new(verdict: Verdict, resumed: bool) -> Check {
        Check { verdict, paused: None, resumed }
    }
}

/// Whether the givens (with `orbit` just emptied, `count` left) still have
/// one solution. The puzzle had one; it still has one unless a solution
/// differs from it in a removed cell.
///
/// With `pause.keep`, a search that runs out of budget is kept;
/// `pause.resume` is one kept earlier, to go on from (see
/// [`RemovalState::pause_for`]).
pub(super) fn check_orbit(
    solver: &mut Solver,
    givens: &[Option<Symbol>],
    solution: &[Symbol],
    orbit: &[usize],
    round: Round,
    pause: Pause,
    count: usize,
) -> Check {
    let Pause { keep, resume } = pause;
    let sink = &mut |_: &[Symbol]| Flow::Stop;
    let mut from = 0;
    let resumed = resume.is_some();
    if let Some(p) = resume {
        let (report, again) = solver.resume(&p.search, round.budget, sink);
        if report.found > 0 {
            return Check::new(Verdict::Ambiguous, resumed);
        }
        if report.end == SearchEnd::OutOfBudget {
            let paused = again.filter(|_| keep).map(|search| PausedCheck { search, ..*p });
            return Check { verdict: Verdict::Undecided, paused, resumed };
        }
        from = p.cell + 1;
    }
    for (i, &c) in orbit.iter().enumerate().skip(from) {
        let exclude = [(CellId(c as u32), solution[c])];
        let options = SearchOptions {
            propagation: round.propagation,
            exclude: &exclude,
            node_budget: round.budget,
            prefer: Some(solution),
            ..Default::default()
        };
        let (report, paused) = if keep {
            solver.search_pausable(givens, options, sink)
        } else {
            (solver.search(givens, options, sink), None)
        };
        if report.found > 0 {
            return Check::new(Verdict::Ambiguous, resumed);
        }
        if report.end == SearchEnd::OutOfBudget {
            let paused = paused.map(|search| PausedCheck { cell: i, count, search });
            return Check { verdict: Verdict::Undecided, paused, resumed };
        }
    }
    Check::new(Verdict::Ok, resumed)
}

/// The smallest budget of a round whose checks go on from where the checks
/// of the round before stopped (see [`PausedCheck`]). Minimal 25×25, seeds 1
/// to 24, one thread: 1.26 M search nodes without, 1.12 M with 100 (the same
/// puzzles), 1.12 M with 30, 1.13 M with 300.
const PAUSE_FOR: u64 = 300;

/// The most memory a removal keeps in the searches of its deferred checks
/// (see [`PausedCheck`]); beyond it, a deferred check starts over in the next
/// round, which changes nothing but the time.
pub(super) const PAUSED_BYTES: usize = 32 << 20;
