//! The rounds of removal checks a [`GenerateConfig`] runs ([`Round`]) and
//! the measured constants that tune them. Each constant's doc says what it
//! was measured on.

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
                let round = |propagation, budget| Round { speculate: true, ..round(propagation, budget) };
                let mut rounds =
                    vec![first, round(Propagation::Probing, 1), round(Propagation::LockedCandidates, plain * 3 / 20)];
                for (i, share) in PROBE_PASSES.into_iter().enumerate() {
                    let last_if_idle = i >= FIRST_IDLE_PASS;
                    rounds.push(Round { last_if_idle, ..round(Propagation::Probing, b / share) });
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
/// at 25×25. Minimal 25×25, seeds 13 to 24 (two runs in parallel): a median of 4.7 s and at most 70 givens left undecided, against
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

/// The first of [`PROBE_PASSES`] that may be the last (see [`IDLE_SHARE`]):
/// the one of 1/100 of the budget.
pub(super) const FIRST_IDLE_PASS: usize = 1;

/// A probing pass of a minimal puzzle, from [`FIRST_IDLE_PASS`] on, that
/// decides fewer than one in this many of its checks is the last
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
/// takes the sparsest orbit. The later rounds then start from fewer givens.
/// Seeds 25 to 48 on two threads, median (and CPU time in all), with the
/// sparsest house of each puzzle on average:
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
            last_if_idle: false,
            speculate: false,
            sparse: false,
        }
    }
}
