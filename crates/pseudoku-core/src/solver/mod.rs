//! One solver for every layout: first solution, counting, uniqueness and
//! enumeration through a [`Sink`] of solutions (one symbol per cell).
//!
//! # Design
//! The driver is the usual one: propagate to a fixpoint, pick a cell to
//! branch on, and branch on its candidates by copying the state. With
//! [`Propagation::Probing`] each node also tries both candidates of every
//! two-candidate cell, and the tries pick the cell. The generic
//! engine (`generic.rs`, which describes its state and rules) copies into the
//! next slot of a preallocated arena; the last candidate of a branch reuses
//! its parent's slot, so a chain of forced guesses costs no copy. The arena
//! grows only when the search goes deeper than ever before; after that the
//! search loop allocates nothing. The classic 9×9 fast path is `classic9.rs`.

use core::any::Any;
use std::sync::Arc;

use rand::RngCore;

use crate::bits::Wide;
use crate::layout::{CellId, Layout};
use crate::symbol::Symbol;

mod classic9;
mod generic;

use classic9::Classic9;
use generic::Engine;

pub use crate::search::{Count, Flow, Progress, SearchEnd, SearchReport, Sink, Uniqueness};

/// The node from which [`Propagation::Auto`] probes.
pub const PROBE_AFTER: u64 = 64;

/// How many nodes pass between two calls of [`Sink::progress`] in a
/// [`Solver::search`].
pub const PROGRESS_INTERVAL: u64 = 1024;

/// How much reasoning runs at each node before the search guesses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Propagation {
    /// Naked and hidden singles: the cheapest nodes, for random fills.
    Singles,
    /// Singles and locked candidates (pointing and claiming between any two
    /// overlapping houses): fewer nodes, for proving uniqueness.
    LockedCandidates,
    /// Locked candidates, and [`Propagation::Probing`] from node
    /// [`PROBE_AFTER`] on: a search still guessing by then is a hard one, and
    /// probing finishes it in far fewer nodes. Easy searches never probe.
    /// The default.
    #[default]
    Auto,
    /// Locked candidates, then one pass of probing over the cells with two
    /// candidates: each candidate is tried with naked and hidden singles; one
    /// that leads to a contradiction goes, and so does any candidate both
    /// tries removed. The search then branches on the cell whose tries
    /// eliminated the most, as lookahead SAT solvers do. A node costs tens of
    /// times more than a node of the other modes, and a hard proof takes
    /// orders of magnitude fewer nodes: for the uniqueness proofs and second
    /// solutions of large sparse puzzles, never for solving easy ones. The
    /// classic 9×9 fast path ignores it.
    Probing,
}

/// Options of one search.
#[derive(Default)]
pub struct SearchOptions<'a> {
    /// Reasoning per node (the classic 9×9 fast path always does its own).
    pub propagation: Propagation,
    /// Stop after this many search nodes (a node is one guess).
    pub node_budget: Option<u64>,
    /// Candidates ruled out from the start: `(cell, symbol)`. Asking for a
    /// solution with a cell's known symbol excluded is the cheap way to ask
    /// whether that cell's given can go.
    pub exclude: &'a [(CellId, Symbol)],
    /// Try candidates in random order (for random fills); ascending when `None`.
    pub rng: Option<&'a mut dyn RngCore>,
    /// Try this grid's symbol first in every cell (when still a candidate).
    /// A generator asking whether a given can go passes the known solution:
    /// another solution, if there is one, usually differs from it in a few
    /// cells only, and the search heads straight for it. One symbol per
    /// cell. The classic 9×9 fast path ignores it.
    pub prefer: Option<&'a [Symbol]>,
}

/// The empty result of a propagation that found a cell or a house with no
/// way out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// A reusable solver for one layout. Building one costs a copy of the
/// layout's tables; keep it when solving many puzzles of the same layout.
pub struct Solver {
    inner: Inner,
}

/// The candidate masks by grid size. WebAssembly has no 16-bit or 128-bit
/// arithmetic of its own and its 64-bit words are as fast as its 32-bit
/// ones, so there a `u64` serves every grid up to 64 symbols and the wide
/// mask the largest: the same search (masks only hold bits), fewer copies of
/// the engine in the page's module.
enum Inner {
    Classic9(Classic9),
    #[cfg(not(target_arch = "wasm32"))]
    U16(Engine<u16>),
    #[cfg(not(target_arch = "wasm32"))]
    U32(Engine<u32>),
    U64(Engine<u64>),
    #[cfg(not(target_arch = "wasm32"))]
    U128(Engine<u128>),
    Wide(Engine<Wide>),
}

macro_rules! dispatch {
    ($self:expr, $e:ident => $body:expr) => {
        match &mut $self.inner {
            Inner::Classic9($e) => $body,
            #[cfg(not(target_arch = "wasm32"))]
            Inner::U16($e) => $body,
            #[cfg(not(target_arch = "wasm32"))]
            Inner::U32($e) => $body,
            Inner::U64($e) => $body,
            #[cfg(not(target_arch = "wasm32"))]
            Inner::U128($e) => $body,
            Inner::Wide($e) => $body,
        }
    };
}

impl Solver {
    pub fn new(layout: &Layout) -> Solver {
        let inner = match layout.size() {
            9 if is_classic9(layout) => Inner::Classic9(Classic9::new()),
            _ => return Solver::generic(layout),
        };
        Solver { inner }
    }

    /// A solver that never takes a fast path: the generic engine for any
    /// layout. For differential tests and benchmarks.
    pub fn generic(layout: &Layout) -> Solver {
        let inner = match layout.size() {
            #[cfg(not(target_arch = "wasm32"))]
            0..=16 => Inner::U16(Engine::new(layout)),
            #[cfg(not(target_arch = "wasm32"))]
            0..=32 => Inner::U32(Engine::new(layout)),
            0..=64 => Inner::U64(Engine::new(layout)),
            #[cfg(not(target_arch = "wasm32"))]
            65..=128 => Inner::U128(Engine::new(layout)),
            _ => Inner::Wide(Engine::new(layout)),
        };
        Solver { inner }
    }

    /// Searches for solutions of `givens` (one entry per cell), reporting
    /// each to `sink`.
    ///
    /// # Panics
    /// When `givens` does not have one entry per cell of the layout or holds
    /// a symbol outside `0..N`; parsers check both for user input.
    pub fn search(
        &mut self,
        givens: &[Option<Symbol>],
        options: SearchOptions<'_>,
        sink: &mut dyn Sink<[Symbol]>,
    ) -> SearchReport {
        dispatch!(self, e => e.search(givens, options, sink))
    }

    /// [`Solver::search`] that, when its node budget runs out, also returns
    /// where it stopped, to go on from there with [`Solver::resume`]. A
    /// search with `rng` never pauses, as it cannot keep the state of `rng`,
    /// and neither does the classic 9×9 fast path.
    pub fn search_pausable(
        &mut self,
        givens: &[Option<Symbol>],
        options: SearchOptions<'_>,
        sink: &mut dyn Sink<[Symbol]>,
    ) -> (SearchReport, Option<Paused>) {
        let (exclude, propagation, prefer) = (options.exclude, options.propagation, options.prefer);
        let pause = options.rng.is_none();
        let (report, saved) = dispatch!(self, e => e.search_from(givens, options, sink, None, pause));
        // The givens and options are copied only for a search that paused.
        let key = || SearchKey {
            givens: givens.to_vec(),
            exclude: exclude.to_vec(),
            propagation,
            prefer: prefer.map(<[Symbol]>::to_vec),
        };
        (report, saved.map(|(state, bytes)| Paused { key: Arc::new(key()), state, bytes }))
    }

    /// Goes on with a search [`Solver::search_pausable`] paused, on its own
    /// givens and options, up to `node_budget` nodes counted from its start.
    /// The report is the one that search would have made with this budget
    /// from the start, and so is the search paused again if it runs out.
    ///
    /// # Panics
    /// When `paused` comes from a solver of a layout with another number of
    /// cells.
    pub fn resume(
        &mut self,
        paused: &Paused,
        node_budget: Option<u64>,
        sink: &mut dyn Sink<[Symbol]>,
    ) -> (SearchReport, Option<Paused>) {
        let key = &paused.key;
        let options = SearchOptions {
            propagation: key.propagation,
            node_budget,
            exclude: &key.exclude,
            rng: None,
            prefer: key.prefer.as_deref(),
        };
        let (givens, state) = (&key.givens, Some(&*paused.state));
        let (report, saved) = dispatch!(self, e => e.search_from(givens, options, sink, state, true));
        (report, saved.map(|(state, bytes)| Paused { key: Arc::clone(key), state, bytes }))
    }

    /// The first solution, if any.
    pub fn solve(&mut self, givens: &[Option<Symbol>]) -> Option<Vec<Symbol>> {
        let mut first = None;
        self.search(givens, SearchOptions::default(), &mut |s: &[Symbol]| {
            first = Some(s.to_vec());
            Flow::Stop
        });
        first
    }

    /// The number of solutions, counting no further than `limit`.
    pub fn count(&mut self, givens: &[Option<Symbol>], limit: u64) -> Count {
        self.count_within(givens, limit, None)
    }

    /// Like [`Solver::count`] within a node budget ([`Count::GaveUp`] when it
    /// runs out).
    pub fn count_within(&mut self, givens: &[Option<Symbol>], limit: u64, node_budget: Option<u64>) -> Count {
        let mut found = 0u64;
        let report = self.search(givens, SearchOptions { node_budget, ..Default::default() }, &mut |_: &[Symbol]| {
            found += 1;
            if found >= limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        Count::of(&report)
    }

    /// None, one (with the solution) or several solutions (the first two);
    /// never [`Uniqueness::Unknown`], as it has no budget.
    pub fn uniqueness(&mut self, givens: &[Option<Symbol>]) -> Uniqueness<Vec<Symbol>> {
        let mut first = Vec::new();
        let report = self.search(givens, SearchOptions::default(), &mut |s: &[Symbol]| {
            first.push(s.to_vec());
            if first.len() == 2 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        Uniqueness::of(first, &report)
    }

    /// True when some solution has a symbol other than `symbol` in `cell`.
    pub fn has_solution_without(&mut self, givens: &[Option<Symbol>], cell: CellId, symbol: Symbol) -> bool {
        let exclude = [(cell, symbol)];
        let options = SearchOptions { exclude: &exclude, ..Default::default() };
        self.search(givens, options, &mut |_: &[Symbol]| Flow::Stop).found > 0
    }

    /// One solution with candidates tried in the order `rng` draws; used by
    /// the random fill. `None` when there is none or the budget ran out
    /// (the report tells which).
    pub fn solve_random(
        &mut self,
        givens: &[Option<Symbol>],
        rng: &mut dyn RngCore,
        node_budget: Option<u64>,
    ) -> (Option<Vec<Symbol>>, SearchReport) {
        let mut first = None;
        let report = self.search(
            givens,
            SearchOptions {
                node_budget,
                rng: Some(rng),
                propagation: Propagation::Singles,
                exclude: &[],
                prefer: None,
            },
            &mut |s: &[Symbol]| {
                first = Some(s.to_vec());
                Flow::Stop
            },
        );
        (first, report)
    }
}

/// A search stopped by its node budget (see [`Solver::search_pausable`]):
/// the engine's state, with the givens and options it searches with.
pub struct Paused {
    key: Arc<SearchKey>,
    state: EngineState,
    bytes: usize,
}

/// A generic engine's state of a paused search, of its own mask type.
type EngineState = Box<dyn Any + Send + Sync>;

/// The givens and options of a paused search, shared by its pauses.
struct SearchKey {
    givens: Vec<Option<Symbol>>,
    exclude: Vec<(CellId, Symbol)>,
    propagation: Propagation,
    prefer: Option<Vec<Symbol>>,
}

impl Paused {
    /// The memory its engine state holds, in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The givens of the search.
    pub fn givens(&self) -> &[Option<Symbol>] {
        &self.key.givens
    }
}

/// True when `layout` has exactly the houses of the classic 9×9 (in any
/// order and of any kind), so the fast path applies.
fn is_classic9(layout: &Layout) -> bool {
    let Ok(classic) = Layout::classic(3) else { return false };
    if layout.cell_count() != 81 || layout.houses().len() != 27 {
        return false;
    }
    // Each house as the set of its cells, one bit a cell. No sort: both lists hold 27 houses, so each holding
    // every house of the other makes them the same set (a sort here cost the web bundle a copy of the sort code).
    let sets = |l: &Layout| -> Vec<u128> {
        l.houses().iter().map(|h| h.cells.iter().fold(0u128, |set, c| set | 1 << c.0)).collect()
    };
    let (own, classic) = (sets(layout), sets(&classic));
    own.iter().all(|h| classic.contains(h)) && classic.iter().all(|h| own.contains(h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{House, Layout};

    fn parse(s: &str) -> Vec<Option<Symbol>> {
        s.chars().map(|c| c.to_digit(10).filter(|&d| d > 0).map(|d| Symbol::new(d as usize - 1))).collect()
    }

    trait Wrap {
        fn wrap(self) -> Inner;
    }
    macro_rules! wrap {
        ($($m:ty => $v:ident),*) => {$(
            impl Wrap for Engine<$m> {
                fn wrap(self) -> Inner {
                    Inner::$v(self)
                }
            }
        )*};
    }
    wrap!(u16 => U16, u32 => U32, u64 => U64, u128 => U128, Wide => Wide);

    fn wrap(engine: impl Wrap) -> Inner {
        engine.wrap()
    }

    /// The solutions a random search reaches first, and its node count, with
    /// the engine on one mask width.
    fn trace<M: crate::bits::Mask>(layout: &Layout, seed: u64) -> (Vec<Vec<Symbol>>, u64)
    where
        Engine<M>: Wrap,
    {
        use rand::SeedableRng;
        let mut solver = Solver { inner: wrap(Engine::<M>::new(layout)) };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut found = Vec::new();
        let options = SearchOptions { rng: Some(&mut rng), ..Default::default() };
        let givens = vec![None; layout.cell_count()];
        let report = solver.search(&givens, options, &mut |s: &[Symbol]| {
            found.push(s.to_vec());
            if found.len() == 20 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        (found, report.nodes)
    }

    #[test]
    fn every_mask_width_searches_alike() {
        // The WebAssembly build runs the small grids on `u64` and the
        // largest on the wide mask: the searches must be the same.
        let layouts = [Layout::classic(2).unwrap(), Layout::boxed(3, 4).unwrap(), Layout::classic(4).unwrap()];
        for (i, layout) in layouts.iter().enumerate() {
            let reference = trace::<u16>(layout, i as u64);
            assert_eq!(reference.0.len(), 20);
            assert_eq!(trace::<u32>(layout, i as u64), reference, "u32, layout {i}");
            assert_eq!(trace::<u64>(layout, i as u64), reference, "u64, layout {i}");
            assert_eq!(trace::<u128>(layout, i as u64), reference, "u128, layout {i}");
            assert_eq!(trace::<Wide>(layout, i as u64), reference, "wide, layout {i}");
        }
    }

    #[test]
    fn solves_a_classic_and_proves_it_unique() {
        let puzzle = parse("530070000600195000098000060800060003400803001700020006060000280000419005000080079");
        let layout = Layout::classic(3).unwrap();
        let mut solver = Solver::new(&layout);
        let solution: String = match solver.uniqueness(&puzzle) {
            Uniqueness::Unique(s) => s.iter().map(|s| s.to_string()).collect(),
            other => panic!("{other:?}"),
        };
        assert_eq!(solution, "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    }

    #[test]
    fn counts_an_empty_4x4() {
        let layout = Layout::classic(2).unwrap();
        let mut solver = Solver::new(&layout);
        assert_eq!(solver.count(&[None; 16], 1000), Count::Exact(288));
        assert_eq!(solver.count(&[None; 16], 10), Count::AtLeast(10));
    }

    #[test]
    fn a_repeated_given_has_no_solution() {
        let layout = Layout::classic(2).unwrap();
        let mut givens = vec![None; 16];
        givens[0] = Some(Symbol::new(0));
        givens[1] = Some(Symbol::new(0));
        assert_eq!(Solver::new(&layout).uniqueness(&givens), Uniqueness::None);
    }

    #[test]
    fn the_fast_path_is_taken_for_the_classic_houses_in_any_order_only() {
        let classic = Layout::classic(3).unwrap();
        let rebuilt = |houses: Vec<House>| Layout::new(9, 81, classic.geometry().clone(), houses).unwrap();
        let mut reversed: Vec<House> = classic.houses().to_vec();
        reversed.reverse();
        for house in &mut reversed {
            house.cells.reverse();
        }
        // A jigsaw whose first two regions trade a cell: still 27 houses of 9 cells.
        let mut regions: Vec<usize> = (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        regions.swap(2, 12);
        let cases = [
            (classic.clone(), true),
            (rebuilt(reversed), true),
            (Layout::jigsaw(9, &regions).unwrap(), false),
            (classic.clone().with_diagonals().unwrap(), false),
            (Layout::latin(9).unwrap(), false),
        ];
        for (i, (layout, expected)) in cases.iter().enumerate() {
            assert_eq!(is_classic9(layout), *expected, "case {i}");
            assert_eq!(matches!(Solver::new(layout).inner, Inner::Classic9(_)), *expected, "case {i}");
        }
    }

    #[test]
    fn fast_path_agrees_with_the_generic_engine() {
        let layout = Layout::classic(3).unwrap();
        let (mut fast, mut slow) = (Solver::new(&layout), Solver::generic(&layout));
        assert!(matches!(fast.inner, Inner::Classic9(_)));
        let mut rng = crate::seed::rng_from_seed(5);
        for round in 0..300 {
            let grid = crate::generate::fill(&layout, &[None; 81], &mut rng).unwrap();
            // Keep a random subset of givens: from many solutions to one.
            let keep = 18 + round % 20;
            let mut cells: Vec<usize> = (0..81).collect();
            crate::seed::shuffle(&mut cells, &mut rng);
            let mut givens = vec![None; 81];
            for &c in &cells[..keep] {
                givens[c] = Some(grid[c]);
            }
            if round % 7 == 0 {
                givens[cells[keep]] = Some(Symbol::new((grid[cells[keep]].index() + 1) % 9));
            }
            let mut a = Vec::new();
            fast.search(&givens, SearchOptions::default(), &mut |s: &[Symbol]| {
                a.push(s.to_vec());
                if a.len() == 50 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            });
            let mut b = Vec::new();
            slow.search(&givens, SearchOptions::default(), &mut |s: &[Symbol]| {
                b.push(s.to_vec());
                if b.len() == 50 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            });
            a.sort();
            b.sort();
            if a.len() < 50 {
                assert_eq!(a, b, "round {round}");
            } else {
                assert_eq!(b.len(), 50);
            }
        }
    }

    /// Every solution of `givens` (up to `limit`), sorted.
    fn all_solutions(
        solver: &mut Solver,
        givens: &[Option<Symbol>],
        propagation: Propagation,
        exclude: &[(CellId, Symbol)],
        limit: usize,
    ) -> Vec<Vec<Symbol>> {
        let mut found = Vec::new();
        let options = SearchOptions { propagation, exclude, ..Default::default() };
        solver.search(givens, options, &mut |s: &[Symbol]| {
            found.push(s.to_vec());
            if found.len() == limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        found.sort();
        found
    }

    /// The oracle tests use the default propagation; this one checks that
    /// singles alone, probing and excluded candidates lead to the same
    /// solutions, and that probing needs fewer nodes to prove there is none.
    #[test]
    fn every_propagation_and_exclusion_finds_the_same_solutions() {
        let layouts = [
            Layout::boxed(2, 3).unwrap(),
            Layout::pie(6, 3).unwrap(),
            Layout::classic(2).unwrap().with_diagonals().unwrap(),
            Layout::latin(5).unwrap(),
            Layout::classic(4).unwrap(),
        ];
        let mut rng = crate::seed::rng_from_seed(11);
        let limit = 500;
        let all = [Propagation::LockedCandidates, Propagation::Singles, Propagation::Probing, Propagation::Auto];
        for layout in &layouts {
            let cells = layout.cell_count();
            let mut solver = Solver::generic(layout);
            for round in 0..40 {
                let keep = if cells > 100 { cells * 2 / 5 + round % 20 } else { cells / 4 + round % (cells / 2) };
                let (grid, order, givens) = random_puzzle(layout, keep, &mut rng);
                let locked = all_solutions(&mut solver, &givens, Propagation::LockedCandidates, &[], limit);
                if locked.len() == limit {
                    // The first `limit` solutions depend on the search order.
                    continue;
                }
                for propagation in [Propagation::Singles, Propagation::Probing, Propagation::Auto] {
                    let found = all_solutions(&mut solver, &givens, propagation, &[], limit);
                    assert!(
                        found == locked,
                        "{propagation:?}, round {round}: {} solutions, expected {}",
                        found.len(),
                        locked.len()
                    );
                }
                // An empty cell without its symbol in `grid`.
                let exclude = [(CellId(order[keep] as u32), grid[order[keep]])];
                let expected: Vec<_> = locked.iter().filter(|s| s[order[keep]] != grid[order[keep]]).cloned().collect();
                for propagation in all {
                    let found = all_solutions(&mut solver, &givens, propagation, &exclude, limit);
                    assert!(
                        found == expected,
                        "{propagation:?}, round {round}: {} solutions, expected {}",
                        found.len(),
                        expected.len()
                    );
                }
            }
        }
    }

    /// Probing proves a minimal 16×16 has no other solution, cell by cell,
    /// in far fewer nodes than locked candidates alone.
    #[test]
    fn probing_shortens_uniqueness_proofs() {
        let layout = Layout::classic(4).unwrap();
        let config = crate::generate::GenerateConfig { minimal: true, ..Default::default() };
        let mut solver = Solver::new(&layout);
        let mut nodes = [0u64; 2];
        for seed in 0..2 {
            let puzzle = crate::generate::generate(&layout, &config, seed).unwrap();
            let open = (0..256).filter(|&c| puzzle.givens[c].is_none());
            for c in open.step_by(8) {
                let exclude = [(CellId(c as u32), puzzle.solution[c])];
                for (i, propagation) in [Propagation::LockedCandidates, Propagation::Probing].into_iter().enumerate() {
                    let options = SearchOptions { propagation, exclude: &exclude, ..Default::default() };
                    let report = solver.search(&puzzle.givens, options, &mut |_: &[Symbol]| Flow::Stop);
                    assert_eq!((report.found, report.end), (0, SearchEnd::Exhausted), "{propagation:?}, cell {c}");
                    nodes[i] += report.nodes;
                }
            }
        }
        assert!(nodes[1] * 4 < nodes[0], "probing {} nodes, locked candidates {}", nodes[1], nodes[0]);
    }

    /// A random grid of `layout`, its cells in random order, and the first
    /// `keep` of them as givens.
    pub(super) fn random_puzzle(
        layout: &Layout,
        keep: usize,
        rng: &mut crate::seed::EngineRng,
    ) -> (Vec<Symbol>, Vec<usize>, Vec<Option<Symbol>>) {
        let cells = layout.cell_count();
        let grid = crate::generate::fill(layout, &vec![None; cells], rng).unwrap();
        let mut order: Vec<usize> = (0..cells).collect();
        crate::seed::shuffle(&mut order, rng);
        let mut givens = vec![None; cells];
        for &c in &order[..keep] {
            givens[c] = Some(grid[c]);
        }
        (grid, order, givens)
    }

    /// A sink that collects the solutions into `found` and stops at `limit`.
    pub(super) fn collect(found: &mut Vec<Vec<Symbol>>, limit: usize) -> impl FnMut(&[Symbol]) -> Flow + '_ {
        move |s: &[Symbol]| {
            found.push(s.to_vec());
            if found.len() == limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        }
    }

    /// A search paused by its budget and taken up again, in steps, finds the
    /// same solutions in the same order with the same report as one search
    /// with the last budget.
    #[test]
    fn a_paused_search_goes_on_as_one_search_with_the_larger_budget() {
        let layouts = [Layout::classic(4).unwrap(), Layout::boxed(2, 3).unwrap().with_diagonals().unwrap()];
        let all = [Propagation::LockedCandidates, Propagation::Singles, Propagation::Probing, Propagation::Auto];
        let mut rng = crate::seed::rng_from_seed(21);
        let (mut paused_twice, mut stopped_after_pause, mut exhausted_after_pause) = (0, 0, 0);
        for layout in &layouts {
            let cells = layout.cell_count();
            let mut solver = Solver::generic(layout);
            for round in 0..40 {
                let (grid, order, givens) = random_puzzle(layout, cells * (25 + round % 12 * 3) / 100, &mut rng);
                let exclude = [(CellId(order[cells - 1] as u32), grid[order[cells - 1]])];
                let options = |budget| SearchOptions {
                    propagation: all[round % 4],
                    node_budget: Some(budget),
                    exclude: if round % 3 == 0 { &[] } else { &exclude },
                    prefer: (round % 2 == 0).then_some(&grid[..]),
                    rng: None,
                };
                let limit = if round % 4 < 2 { 1 + round * 7 } else { usize::MAX };
                let mut whole = Vec::new();
                let expected = solver.search(&givens, options(400), &mut collect(&mut whole, limit));
                let mut steps = Vec::new();
                let (mut report, mut paused) =
                    solver.search_pausable(&givens, options(5), &mut collect(&mut steps, limit));
                let mut pauses = 0;
                for budget in [40, 400] {
                    let Some(p) = paused.take() else { break };
                    assert_eq!(p.givens(), &givens[..]);
                    pauses += 1;
                    (report, paused) = solver.resume(&p, Some(budget), &mut collect(&mut steps, limit));
                }
                assert_eq!(report, expected, "{} cells, round {round}", cells);
                assert!(steps == whole, "round {round}: other solutions ({} against {})", steps.len(), whole.len());
                assert_eq!(paused.is_some(), expected.end == SearchEnd::OutOfBudget);
                paused_twice += usize::from(pauses == 2);
                stopped_after_pause += usize::from(pauses > 0 && expected.end == SearchEnd::Stopped);
                exhausted_after_pause += usize::from(pauses > 0 && expected.end == SearchEnd::Exhausted);
            }
        }
        let ends = [paused_twice, stopped_after_pause, exhausted_after_pause];
        assert!(ends.iter().all(|&n| n >= 3), "paused twice, stopped, exhausted after a pause: {ends:?}");
    }

    #[test]
    fn budget_stops_the_search() {
        let layout = Layout::classic(3).unwrap();
        let count = Solver::new(&layout).count_within(&[None; 81], u64::MAX, Some(500));
        assert!(matches!(count, Count::GaveUp { .. }), "{count:?}");
    }
}
