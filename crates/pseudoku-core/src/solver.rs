//! One solver for every layout: first solution, counting, uniqueness and
//! enumeration through a [`Sink`].
//!
//! # Design
//! The state of a search is one candidate [`Mask`] per cell. The driver is
//! the usual one: propagate to a fixpoint (naked singles through each cell's
//! peers, hidden singles through each house), pick the unsolved cell with the
//! fewest candidates, and branch on its candidates by copying the state into
//! the next slot of a preallocated arena. The last candidate of a branch
//! reuses its parent's slot, so a chain of forced guesses costs no copy.
//!
//! A cell is *solved* when its mask has one member. Every single produced by
//! propagation is queued at once and the queue is drained before any house
//! scan or branch, so at every quiescent point "single" and "propagated" are
//! the same thing and the state needs no other field.
//!
//! The arena grows only when the search goes deeper than ever before; after
//! that the search loop allocates nothing.

use rand::{Rng, RngCore};

use crate::bits::{Mask, Wide};
use crate::layout::Layout;
use crate::symbol::Symbol;

/// What a [`Sink`] wants after each event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Receives the solutions (and progress) of a search.
pub trait Sink {
    /// Called with each solution, one symbol per cell.
    fn solution(&mut self, cells: &[Symbol]) -> Flow;
    /// Called every [`PROGRESS_INTERVAL`] search nodes.
    fn progress(&mut self, _nodes: u64) -> Flow {
        Flow::Continue
    }
}

impl<F: FnMut(&[Symbol]) -> Flow> Sink for F {
    fn solution(&mut self, cells: &[Symbol]) -> Flow {
        self(cells)
    }
}

/// How many nodes pass between two calls of [`Sink::progress`].
pub const PROGRESS_INTERVAL: u64 = 1024;

/// Options of one search.
#[derive(Default)]
pub struct SearchOptions<'a> {
    /// Stop after this many search nodes (a node is one guess).
    pub node_budget: Option<u64>,
    /// Try candidates in random order (for random fills); ascending when `None`.
    pub rng: Option<&'a mut dyn RngCore>,
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole tree was searched: every solution was reported.
    Exhausted,
    /// The sink asked to stop.
    Stopped,
    /// The node budget ran out.
    OutOfBudget,
}

/// What a search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchReport {
    pub solutions: u64,
    pub nodes: u64,
    pub end: SearchEnd,
}

/// A number of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    Exact(u64),
    /// The limit was reached (or the budget ran out) with this many found.
    AtLeast(u64),
}

impl core::fmt::Display for Count {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::AtLeast(n) => write!(f, ">={n}"),
        }
    }
}

/// Whether a puzzle has one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    None,
    Unique(Vec<Symbol>),
    Multiple,
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

enum Inner {
    U16(Engine<u16>),
    U32(Engine<u32>),
    U64(Engine<u64>),
    U128(Engine<u128>),
    Wide(Engine<Wide>),
}

macro_rules! dispatch {
    ($self:expr, $e:ident => $body:expr) => {
        match &mut $self.inner {
            Inner::U16($e) => $body,
            Inner::U32($e) => $body,
            Inner::U64($e) => $body,
            Inner::U128($e) => $body,
            Inner::Wide($e) => $body,
        }
    };
}

impl Solver {
    pub fn new(layout: &Layout) -> Solver {
        let inner = match layout.size() {
            0..=16 => Inner::U16(Engine::new(layout)),
            17..=32 => Inner::U32(Engine::new(layout)),
            33..=64 => Inner::U64(Engine::new(layout)),
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
        sink: &mut dyn Sink,
    ) -> SearchReport {
        dispatch!(self, e => e.search(givens, options, sink))
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
        self.count_within(givens, limit, None).0
    }

    /// Like [`Solver::count`] with a node budget; also returns the report, whose
    /// `end` tells a reached limit from an exhausted budget.
    pub fn count_within(
        &mut self,
        givens: &[Option<Symbol>],
        limit: u64,
        node_budget: Option<u64>,
    ) -> (Count, SearchReport) {
        let mut found = 0u64;
        let report = self.search(givens, SearchOptions { node_budget, rng: None }, &mut |_: &[Symbol]| {
            found += 1;
            if found >= limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        let count = match report.end {
            SearchEnd::Exhausted => Count::Exact(found),
            SearchEnd::Stopped | SearchEnd::OutOfBudget => Count::AtLeast(found),
        };
        (count, report)
    }

    /// None, one (with the solution) or several solutions.
    pub fn uniqueness(&mut self, givens: &[Option<Symbol>]) -> Uniqueness {
        let mut first = None;
        let mut found = 0;
        self.search(givens, SearchOptions::default(), &mut |s: &[Symbol]| {
            found += 1;
            if found == 1 {
                first = Some(s.to_vec());
                Flow::Continue
            } else {
                Flow::Stop
            }
        });
        match (found, first) {
            (1, Some(s)) => Uniqueness::Unique(s),
            (0, _) => Uniqueness::None,
            _ => Uniqueness::Multiple,
        }
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
        let report = self.search(givens, SearchOptions { node_budget, rng: Some(rng) }, &mut |s: &[Symbol]| {
            first = Some(s.to_vec());
            Flow::Stop
        });
        (first, report)
    }
}

/// The layout's tables in the shape the search wants, plus scratch space.
struct Engine<M: Mask> {
    n: usize,
    cells: usize,
    full: M,
    /// House `h` is `house_cells[h * n..(h + 1) * n]`.
    house_cells: Vec<u32>,
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    /// Level `d` of the search is `arena[d * cells..(d + 1) * cells]`.
    arena: Vec<M>,
    queue: Vec<u32>,
    frames: Vec<Frame<M>>,
    out: Vec<Symbol>,
}

struct Frame<M> {
    level: usize,
    cell: usize,
    remaining: M,
}

impl<M: Mask> Engine<M> {
    fn new(layout: &Layout) -> Engine<M> {
        let n = layout.size();
        let cells = layout.cell_count();
        let house_cells = layout.houses().iter().flat_map(|h| h.cells.iter().map(|c| c.0)).collect();
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        for c in 0..cells {
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(layout.peers(crate::layout::CellId(c as u32)));
        }
        peer_start.push(peers.len() as u32);
        Engine {
            n,
            cells,
            full: M::full(n),
            house_cells,
            peer_start,
            peers,
            arena: vec![M::ZERO; cells * 8],
            queue: Vec::with_capacity(cells),
            frames: Vec::with_capacity(cells),
            out: Vec::with_capacity(cells),
        }
    }

    fn search(
        &mut self,
        givens: &[Option<Symbol>],
        mut options: SearchOptions<'_>,
        sink: &mut dyn Sink,
    ) -> SearchReport {
        assert_eq!(givens.len(), self.cells, "one given (or None) per cell");
        let cells = self.cells;
        let mut report = SearchReport { solutions: 0, nodes: 1, end: SearchEnd::Exhausted };
        self.queue.clear();
        self.frames.clear();
        {
            let root = &mut self.arena[..cells];
            for (c, g) in givens.iter().enumerate() {
                match g {
                    Some(s) => {
                        assert!(s.index() < self.n, "symbol {} outside 1..={}", s.number(), self.n);
                        root[c] = M::bit(s.index());
                        self.queue.push(c as u32);
                    }
                    None => root[c] = self.full,
                }
                if self.n == 1 && g.is_none() {
                    self.queue.push(c as u32);
                }
            }
        }
        if self.propagate(0).is_err() {
            return report;
        }
        match self.choose(0) {
            None => {
                report.solutions = 1;
                if self.emit(0, sink) == Flow::Stop {
                    report.end = SearchEnd::Stopped;
                }
                return report;
            }
            Some(cell) => self.frames.push(Frame { level: 0, cell, remaining: self.arena[cell] }),
        }
        while let Some(frame) = self.frames.last_mut() {
            if frame.remaining.is_zero() {
                self.frames.pop();
                continue;
            }
            let bit = match options.rng.as_deref_mut() {
                None => M::bit(frame.remaining.lowest()),
                Some(rng) => {
                    let k = rng.random_range(0..frame.remaining.count());
                    M::bit(frame.remaining.nth(k))
                }
            };
            frame.remaining &= !bit;
            let (cell, parent) = (frame.cell, frame.level);
            let child = if frame.remaining.is_zero() {
                // The last candidate: nothing to come back to, so work in place.
                self.frames.pop();
                parent
            } else {
                let need = (parent + 2) * cells;
                if self.arena.len() < need {
                    self.arena.resize(need.max(self.arena.len() * 2), M::ZERO);
                }
                self.arena.copy_within(parent * cells..(parent + 1) * cells, (parent + 1) * cells);
                parent + 1
            };
            self.arena[child * cells + cell] = bit;
            self.queue.clear();
            self.queue.push(cell as u32);
            report.nodes += 1;
            if report.nodes % PROGRESS_INTERVAL == 0 && sink.progress(report.nodes) == Flow::Stop {
                report.end = SearchEnd::Stopped;
                return report;
            }
            if options.node_budget.is_some_and(|b| report.nodes > b) {
                report.end = SearchEnd::OutOfBudget;
                return report;
            }
            if self.propagate(child).is_err() {
                continue;
            }
            match self.choose(child) {
                None => {
                    report.solutions += 1;
                    if self.emit(child, sink) == Flow::Stop {
                        report.end = SearchEnd::Stopped;
                        return report;
                    }
                }
                Some(next) => {
                    let remaining = self.arena[child * cells + next];
                    self.frames.push(Frame { level: child, cell: next, remaining });
                }
            }
        }
        report
    }

    fn emit(&mut self, level: usize, sink: &mut dyn Sink) -> Flow {
        let state = &self.arena[level * self.cells..(level + 1) * self.cells];
        self.out.clear();
        self.out.extend(state.iter().map(|m| Symbol::new(m.lowest())));
        sink.solution(&self.out)
    }

    /// The unsolved cell with the fewest candidates, or `None` when solved.
    fn choose(&self, level: usize) -> Option<usize> {
        let state = &self.arena[level * self.cells..(level + 1) * self.cells];
        let mut best = None;
        let mut best_count = u32::MAX;
        for (c, m) in state.iter().enumerate() {
            let k = m.count();
            if k > 1 && k < best_count {
                best = Some(c);
                best_count = k;
                if k == 2 {
                    break;
                }
            }
        }
        best
    }

    /// Naked and hidden singles to a fixpoint. The queue holds cells whose
    /// single candidate has not yet been removed from their peers.
    fn propagate(&mut self, level: usize) -> Result<(), Contradiction> {
        let state = &mut self.arena[level * self.cells..(level + 1) * self.cells];
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let bit = state[cell];
                let peers = &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize];
                for &p in peers {
                    let m = state[p as usize];
                    if !(m & bit).is_zero() {
                        let m = m & !bit;
                        if m.is_zero() {
                            return Err(Contradiction);
                        }
                        state[p as usize] = m;
                        if m.is_single() {
                            self.queue.push(p);
                        }
                    }
                }
            }
            // Hidden singles: a symbol with one place left in a house.
            for house in self.house_cells.chunks_exact(self.n) {
                let (mut once, mut twice, mut placed) = (M::ZERO, M::ZERO, M::ZERO);
                for &c in house {
                    let m = state[c as usize];
                    if m.is_single() {
                        placed |= m;
                    } else {
                        twice |= once & m;
                        once |= m;
                    }
                }
                if (once | placed) != self.full {
                    return Err(Contradiction);
                }
                let mut singles = once & !twice & !placed;
                while !singles.is_zero() {
                    let bit = M::bit(singles.lowest());
                    singles = singles.without_lowest();
                    for &c in house {
                        let m = state[c as usize];
                        if !(m & bit).is_zero() {
                            if !m.is_single() {
                                state[c as usize] = bit;
                                self.queue.push(c);
                            }
                            break;
                        }
                    }
                }
            }
            if self.queue.is_empty() {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    fn parse(s: &str) -> Vec<Option<Symbol>> {
        s.chars().map(|c| c.to_digit(10).filter(|&d| d > 0).map(|d| Symbol::new(d as usize - 1))).collect()
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
    fn budget_stops_the_search() {
        let layout = Layout::classic(3).unwrap();
        let (count, report) = Solver::new(&layout).count_within(&[None; 81], u64::MAX, Some(500));
        assert_eq!(report.end, SearchEnd::OutOfBudget);
        assert!(matches!(count, Count::AtLeast(_)));
    }
}
