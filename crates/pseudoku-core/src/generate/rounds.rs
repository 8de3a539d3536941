//! The rounds of removal checks a [`GenerateConfig`] runs ([`Round`]), the
//! [`Pace`] that gives up on a grid, and the measured constants that tune
//! them. Each constant's doc says what it was measured on.

use super::GenerateConfig;
use crate::layout::Layout;
use crate::solver::Propagation;

impl GenerateConfig {
    /// The removal rounds. With a check budget (above 81 cells), a first
    /// round removes what propagation alone proves removable, without a guess,
    /// and defers the rest: the puzzle stays solvable by propagation while
    /// the easy removals happen, so the searches of later rounds start from
    /// a puzzle that is not yet hard. Its checks gather the removals in some
    /// houses (see [`Round::sparse`]), so that propagation proves more of
    /// them. Up to 81 cells every check is cheap and a first round only adds
    /// work.
    ///
    /// A minimal puzzle then tries the rest with locked candidates and the
    /// plain budget, and what is left with probing and the whole budget. From
    /// [`PASSES_FROM`] cells it goes on in passes of growing budget instead,
    /// each over the checks the one before could not decide: probing with no
    /// guess, locked candidates with a small budget, then probing searches of
    /// 1/300, 1/100, 1/30, 1/10, 1/3 and all of the budget. The cheapest
    /// proofs and second solutions come first, so the removals that leave
    /// the puzzle hard to prove happen last, when few checks are left to run
    /// on it (see [`PROBE_PASSES`]).
    pub(super) fn rounds(&self, layout: &Layout) -> Vec<Round> {
        let budget = self.budget_for(layout);
        let round = |propagation, budget| Round { propagation, budget: Some(budget), ..Round::default() };
        let first = Round { sparse: true, ..round(Propagation::LockedCandidates, 1) };
        match (budget, self.minimal, Self::automatic_budget(layout)) {
            // `Auto` probes only where a search runs long, as an unlimited
            // search of a small grid rarely does.
            (None, minimal, _) => {
                let propagation = if minimal { Propagation::Auto } else { Propagation::LockedCandidates };
                vec![Round { propagation, ..Round::default() }]
            }
            (Some(b), true, Some(plain)) if plain < b && layout.cell_count() < PASSES_FROM => {
                let round = |propagation, budget| Round { speculate: true, ..round(propagation, budget) };
                vec![first, round(Propagation::LockedCandidates, plain), round(Propagation::Probing, b)]
            }
            (Some(b), true, Some(plain)) if plain < b => {
                let paced = layout.cell_count() <= PACE_MAX_CELLS;
                let at_most = paced.then_some(layout.cell_count() * NO_GUESS_SHARE / 1000);
                let round = |propagation, budget| Round { speculate: true, ..round(propagation, budget) };
                let mut rounds = vec![
                    first,
                    Round { at_most, ..round(Propagation::Probing, 1) },
                    round(Propagation::LockedCandidates, plain * 3 / 20),
                ];
                for (i, share) in PROBE_PASSES.into_iter().enumerate() {
                    let pace = (paced && i == PACED_PASS).then_some(Pace::MINIMAL);
                    let last_if_idle = i >= PACED_PASS;
                    rounds.push(Round { pace, last_if_idle, ..round(Propagation::Probing, b / share) });
                }
                rounds.retain(|r| r.budget != Some(0));
                rounds
            }
            (Some(b), ..) => vec![first, round(Propagation::LockedCandidates, b)],
        }
    }

    fn automatic_budget(layout: &Layout) -> Option<u64> {
        match (layout.cell_count(), layout.size()) {
            // Up to 9×9 a proof never takes long: no budget, truly minimal.
            (0..=81, _) => None,
            // Multi-grids of 9×9s: their proofs can wander between grids.
            (_, 0..=9) => Some(1_000),
            _ => Some(200),
        }
    }

    fn budget_for(&self, layout: &Layout) -> Option<u64> {
        let automatic = Self::automatic_budget(layout);
        // Minimal: fifteen times longer, and probing from node 64 on (see
        // `rounds`), so that a given is kept only when it must be (16×16:
        // `undecided` is then almost always 0) while a stubborn proof on a
        // large grid still cannot run for minutes.
        self.check_budget.or(if self.minimal { automatic.map(|b| b * MINIMAL_BUDGET) } else { automatic })
    }
}

/// The probing passes of a minimal puzzle, as shares of its check budget
/// (see [`GenerateConfig::rounds`]): 10, 30, 100, 300, 1,000 and 3,000 nodes
/// at 25×25. Minimal 25×25 without a pace, seeds 13 to 24 (two runs in
/// parallel): a median of 4.7 s and at most 70 givens left undecided, against
/// 9.8 s and up to 207 when the passes start from 30 nodes after a
/// locked-candidates round of 200; one probing round of 3,000 nodes after that
/// round took 26 to 41 s and left 63 to 196 undecided on seeds 1, 3 and 6.
const PROBE_PASSES: [u64; 6] = [300, 100, 30, 10, 3, 1];

/// The smallest layout whose minimal puzzles go through [`PROBE_PASSES`]:
/// minimal 20×20 (4×5 boxes, seeds 1 to 10) took a median of 145 ms in
/// passes against 192 ms in one probing round, while minimal 16×16 took
/// 27 ms against 11 ms (30 seeds): its checks are cheap enough that the
/// passes only repeat work.
const PASSES_FROM: usize = 257;

/// The most givens, in thousandths of the cells, that a paced minimal puzzle
/// may keep after the rounds with no guess (propagation, then probing): 267
/// at 25×25 (see [`Pace`]). 420 gave up on five grids a puzzle for a worse
/// mean (2.5 s against 2.1 s, seeds 1 to 24, two runs in parallel), 436 on
/// one for 2.2 s. At 20×20 a grid keeps 39 to 42 % then, so this rarely
/// gives one up there.
const NO_GUESS_SHARE: usize = 428;

/// Which of [`PROBE_PASSES`] is paced: the one of 1/100 of the budget, whose
/// share of decided checks tells good states from bad (see [`Pace`]).
pub(super) const PACED_PASS: usize = 1;

/// The largest layout whose minimal puzzles are paced: the pace was measured
/// on 25×25. On a 36×36 the old pace (by nodes, on the last round) kept no
/// grid: all 16 were given up on, for nothing.
const PACE_MAX_CELLS: usize = 625;

/// A probing pass of a minimal puzzle, from the one of 1/100 of the budget
/// on, that decides fewer than one in this many of its checks is the last
/// (see `Round::last_if_idle`): each pass costs about three times the one
/// before, so one that decides little says the rest would cost minutes for
/// little. Minimal 36×36, seed 1: the passes of 1/100 to all of the budget
/// decided 32, 21, 9, 18 and 21 of 584 to 504 checks and took 3 s, 10 s,
/// 29 s, 82 s and 241 s; the puzzle kept 585 givens, 483 of them undecided.
/// At 25×25 these passes decide from a quarter to most of their checks.
pub(super) const IDLE_SHARE: usize = 10;

/// How much larger a minimal puzzle's automatic check budget is. Its checks
/// run with [`Propagation::Probing`], whose nodes cost tens of times more than
/// plain ones but prove in a hundred to a thousand times fewer what plain
/// search cannot.
const MINIMAL_BUDGET: u64 = 15;

/// How many orbits each check of a [`Round::sparse`] round draws, to try the
/// one whose houses hold the fewest givens. Removals that gather in some
/// houses leave more givens that propagation alone proves removable. Minimal
/// 25×25, givens kept after the rounds with no guess, seeds 1 to 40: 270 on
/// average in queue order, 262 with 2 draws, 255 with 4, 249 when every check
/// takes the sparsest orbit. The later rounds then start from fewer givens,
/// and fewer grids are given up on. Seeds 25 to 48 on two threads, median
/// (and CPU time in all), with the sparsest house of each puzzle on average:
///
/// | draws | median | CPU | givens | sparsest house | houses of ≤ 2 givens, in all |
/// |---|---|---|---|---|---|
/// | none (queue order) | 0.95 s | 55 s | 253.8 | 5.2 | none |
/// | 2 | 0.28 s | 15 s | 252.9 | 3.8 | 2 |
/// | 3 | 0.26 s | 12 s | 251.3 | 2.9 | 8 |
/// | 4 | 0.20 s | 9 s | 250.6 | 2.2 | 19, two of them empty |
///
/// More draws empty whole houses, a pattern players would spot; 2 keep the
/// puzzles close to those of queue order. Minimal 16×16 (seeds 1 to 60)
/// went from 7.2 to 5.6 ms and 20×20 (4×5 boxes, seeds 1 to 20) from 69 to
/// 55 ms, with the same givens on average.
pub(super) const SPARSE_DRAWS: u32 = 2;

/// One pass of removal checks over the orbits not yet decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Round {
    pub(super) propagation: Propagation,
    pub(super) budget: Option<u64>,
    /// When set, the generator gives up on a grid whose first checks in this
    /// round decide too little and starts over with a new one.
    pub(super) pace: Option<Pace>,
    /// When set, the generator gives up on a grid that keeps more givens than
    /// this after the round (one more for every restart so far).
    pub(super) at_most: Option<usize>,
    /// When set, a round that decides fewer than one in [`IDLE_SHARE`] of its
    /// checks is the last: what it left undecided stays undecided.
    pub(super) last_if_idle: bool,
    /// When set, the round's checks may run on several threads (see
    /// [`speculate`](fn@super::speculate::speculate)): set on the rounds of a minimal puzzle after the first,
    /// whose checks mostly keep or defer their given.
    pub(super) speculate: bool,
    /// When set, each check of the round tries the sparser of
    /// [`SPARSE_DRAWS`] orbits drawn at random from those left (see
    /// [`RemovalState::draw_sparse`](super::remove::RemovalState::draw_sparse)); set on the first round with a check
    /// budget, which runs on one thread.
    pub(super) sparse: bool,
}

impl Default for Round {
    fn default() -> Round {
        Round {
            propagation: Propagation::LockedCandidates,
            budget: None,
            pace: None,
            at_most: None,
            last_if_idle: false,
            speculate: false,
            sparse: false,
        }
    }
}

/// How many of the first [`Pace::CHECKS`] checks of a round must end within
/// its budget (a proof or a second solution), or the generator gives up on
/// its grid and starts over. The demand falls by a tenth after every
/// restart, and there is none after [`Pace::RESTARTS`] restarts, so a
/// generator always ends.
///
/// Why: a minimal 25×25 goes one of two ways after its cheap rounds. In a good
/// state the pass of 30-node probing checks decides 28 to 52 % of its checks
/// (mostly second solutions, which keep a given) and the run ends in 0.6 to
/// 2.2 s; in a bad one it decides 3 to 15 % (mostly hard removals, each of
/// which makes the puzzle harder still) and the run takes 5 to 29 s, leaving
/// up to 207 givens undecided (seeds 1 to 24, no pace). Of the first 80
/// checks, at least 24 decided kept the runs of 4 s or less among seeds 1 to
/// 40; 20 let an 18 s run through and 28 gave up on more good runs than bad
/// ones. Starting over costs a fill, the cheap rounds and the 80 checks,
/// about 0.25 s.
///
/// A cheaper sign comes earlier: a bad state keeps more givens after the
/// rounds with no guess (mean 275 of 625 over the 17 runs of seeds 1 to 40
/// that took over 5 s, against 266 over the 11 that took under 2 s), so a
/// grid that keeps more than [`NO_GUESS_SHARE`] of its cells then is given up
/// after about 30 ms (see `Round::at_most`). With both, minimal 25×25, seeds 1
/// to 24: median 2.6 → 1.7 s, givens left undecided 2.2 → 1.6 on average.
///
/// All of this was measured with the first round's orbits in queue order.
/// With [`SPARSE_DRAWS`] the rounds with no guess keep 262 givens on average,
/// and 0.1 to 0.2 grids a puzzle are given up on (seeds 1 to 120); without
/// the pace or without the limit on givens, or without both, the medians of
/// seeds 1 to 48 were the same within the noise (0.28 to 0.32 s on two
/// threads). It stays as a guard against the grids that would go the slow way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pace {
    pub(super) decided: u64,
}

impl Pace {
    /// A minimal puzzle's pace: three tenths of the first checks decided.
    const MINIMAL: Pace = Pace { decided: 24 };
    /// The checks that show the pace.
    pub(super) const CHECKS: u64 = 80;
    /// After this many restarts the pace is off.
    pub(super) const RESTARTS: u32 = 16;

    /// Whether to give up after `checks` checks of the round, `decided` of
    /// them decided, after `restarts` restarts. Integer arithmetic only, so
    /// that native and WebAssembly builds start over at the same check and
    /// make the same puzzle.
    pub(super) fn gives_up(self, checks: u64, decided: u64, restarts: u32) -> bool {
        if checks != Self::CHECKS || restarts >= Self::RESTARTS {
            return false;
        }
        let demand = (0..restarts).fold(self.decided, |d, _| d - d / 10);
        decided < demand
    }

    /// Whether to give up on a grid that keeps `givens` after a round that
    /// allows at most `most` (see `Round::at_most`), after `restarts`
    /// restarts: one more given is allowed for every restart, and none of
    /// this after [`Pace::RESTARTS`].
    pub(super) fn keeps_too_many(most: usize, givens: usize, restarts: u32) -> bool {
        restarts < Self::RESTARTS && givens > most + restarts as usize
    }
}
