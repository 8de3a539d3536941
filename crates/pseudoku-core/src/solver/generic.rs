//! The generic engine for any layout.
//!
//! # Two views of one state
//! Each level of the search holds the candidates twice: `cells[c]`, the
//! symbols cell `c` may still hold, and `places[h * n + s]`, the positions
//! (indices into house `h`'s list of cells) where symbol `s` may still go in
//! house `h`. Every elimination updates both views at once, so the rules
//! fire from the elimination that enables them instead of from a rescan of
//! every house whose cells changed:
//! - a cell left with one candidate is a naked single;
//! - a symbol left with one place in a house is a hidden single;
//! - a symbol whose places in a house all lie in that house's overlap with
//!   another house is locked there and leaves the rest of the other house.
//!
//! Placing a symbol walks only the places where it can still go in each house
//! of the cell, not every peer. The price is a larger state to copy on
//! branching (`houses × N` more masks), which costs far less than the scans
//! it replaces.
//!
//! The root is not built by placing the givens one by one, which would walk
//! every peer of every given: [`Tables::load`] sets every cell and every
//! place at once from each house's given symbols, then lets the rules run
//! from there. They reach the same fixpoint in any order.

// The tables and the rules that keep the two views in step are in
// `generic/tables.rs`; probing is in `generic/probe.rs`; this file is the
// search over them.

use rand::Rng;

use core::any::Any;

use super::{
    Contradiction, EngineState, Flow, Progress, Propagation, SearchEnd, SearchOptions, SearchReport, Sink, PROBE_AFTER,
    PROGRESS_INTERVAL,
};
use crate::bits::Mask;
use crate::layout::{CellId, Layout};
use crate::symbol::Symbol;

mod probe;
mod tables;

use probe::Probing;
use tables::{Tables, Work};

/// The generic engine: tables plus scratch space reused across searches.
pub(super) struct Engine<M: Mask> {
    tables: Tables<M>,
    /// Level `d` of the search is `arena[d * stride..(d + 1) * stride]`: the
    /// cells' candidates, then the houses' places.
    arena: Vec<M>,
    work: Work<M>,
    /// Scratch for [`Tables::load`]: the given symbols of each house.
    used: Vec<M>,
    frames: Vec<Frame<M>>,
    out: Vec<Symbol>,
    /// Probing's state, kept from node to node (see [`Probing`]).
    probing: Probing<M>,
}

#[derive(Clone)]
struct Frame<M> {
    level: usize,
    cell: usize,
    remaining: M,
}

/// A search stopped by its node budget, as it stood: the frames of its
/// branches still open, the levels they branch from, its nodes and the
/// solutions it found so far. [`Engine::search_from`] goes on from it as if
/// it had never stopped.
struct Saved<M> {
    frames: Vec<Frame<M>>,
    arena: Vec<M>,
    nodes: u64,
    found: u64,
    /// Whether the search probes at every node (see [`Propagation::Auto`]).
    probing_on: bool,
}

impl<M> Saved<M> {
    /// The memory it holds, in bytes.
    fn bytes(&self) -> usize {
        self.arena.len() * size_of::<M>() + self.frames.len() * size_of::<Frame<M>>()
    }
}

impl<M: Mask> Engine<M> {
    pub(super) fn new(layout: &Layout) -> Engine<M> {
        let tables = Tables::new(layout);
        let work = Work {
            naked: Vec::with_capacity(tables.cells),
            hidden: Vec::with_capacity(tables.houses * tables.n),
            locked: Vec::with_capacity(tables.houses),
            shrunk: vec![M::ZERO; tables.houses],
            use_locked: true,
            undo_cells: Vec::new(),
            undo_places: Vec::new(),
        };
        Engine {
            arena: vec![M::ZERO; tables.stride() * 8],
            work,
            used: vec![M::ZERO; tables.houses],
            frames: Vec::with_capacity(tables.cells),
            out: Vec::with_capacity(tables.cells),
            probing: Probing::new(tables.cells),
            tables,
        }
    }

    pub(super) fn search(
        &mut self,
        givens: &[Option<Symbol>],
        options: SearchOptions<'_>,
        sink: &mut dyn Sink<[Symbol]>,
    ) -> SearchReport {
        self.search_saved(givens, options, sink, None, false).0
    }

    /// A search, or the rest of the search `resume` stopped by its budget
    /// (a [`Saved`] of this mask type; any other state starts over): the
    /// caller vouches that it was of the same givens with the same options
    /// but the budget, and without `rng`, whose state it does not keep. With
    /// `pause`, a search that runs out of budget returns where it stood (a
    /// [`Saved`], with the bytes it holds), to go on from there later with a
    /// larger budget.
    pub(super) fn search_from(
        &mut self,
        givens: &[Option<Symbol>],
        options: SearchOptions<'_>,
        sink: &mut dyn Sink<[Symbol]>,
        resume: Option<&(dyn Any + Send + Sync)>,
        pause: bool,
    ) -> (SearchReport, Option<(EngineState, usize)>) {
        let resume = resume.and_then(|state| state.downcast_ref::<Saved<M>>());
        let (report, saved) = self.search_saved(givens, options, sink, resume, pause);
        let state = saved.map(|saved| {
            let bytes = saved.bytes();
            (Box::new(saved) as EngineState, bytes)
        });
        (report, state)
    }

    /// [`Engine::search_from`] with the state of this mask type.
    fn search_saved(
        &mut self,
        givens: &[Option<Symbol>],
        mut options: SearchOptions<'_>,
        sink: &mut dyn Sink<[Symbol]>,
        resume: Option<&Saved<M>>,
        pause: bool,
    ) -> (SearchReport, Option<Saved<M>>) {
        let (cells, stride) = (self.tables.cells, self.tables.stride());
        assert_eq!(givens.len(), cells, "one given (or None) per cell");
        self.work.use_locked = options.propagation != Propagation::Singles;
        let mut probing_on = options.propagation == Propagation::Probing;
        let probe_from = if options.propagation == Propagation::Auto { PROBE_AFTER } else { u64::MAX };
        let mut report = SearchReport { found: 0, nodes: 1, end: SearchEnd::Exhausted };
        self.frames.clear();
        if let Some(saved) = resume {
            if self.arena.len() < saved.arena.len() {
                self.arena.resize(saved.arena.len(), M::ZERO);
            }
            self.arena[..saved.arena.len()].copy_from_slice(&saved.arena);
            self.frames.extend_from_slice(&saved.frames);
            report.nodes = saved.nodes;
            report.found = saved.found;
            probing_on = saved.probing_on;
        } else {
            if self.load(givens, options.exclude).is_err() {
                return (report, None);
            }
            let pick = match probing_on.then(|| self.probe(0)).transpose() {
                Err(Contradiction) => return (report, None),
                Ok(pick) => pick.flatten(),
            };
            match pick.or_else(|| self.choose(0)) {
                None => {
                    report.found = 1;
                    if self.emit(0, sink) == Flow::Stop {
                        report.end = SearchEnd::Stopped;
                    }
                    return (report, None);
                }
                Some(cell) => self.frames.push(Frame { level: 0, cell, remaining: self.arena[cell] }),
            }
        }
        while let Some(frame) = self.frames.last_mut() {
            if frame.remaining.is_zero() {
                self.frames.pop();
                continue;
            }
            let preferred = options
                .prefer
                .map(|grid| grid[frame.cell].index())
                .filter(|&s| !(frame.remaining & M::bit(s)).is_zero());
            let symbol = match (preferred, options.rng.as_deref_mut()) {
                (Some(s), _) => s,
                (None, None) => frame.remaining.lowest(),
                (None, Some(rng)) => {
                    let k = rng.random_range(0..frame.remaining.count());
                    frame.remaining.nth(k)
                }
            };
            frame.remaining &= !M::bit(symbol);
            let (cell, parent) = (frame.cell, frame.level);
            let child = if frame.remaining.is_zero() {
                // The last candidate: nothing to come back to, so work in place.
                self.frames.pop();
                parent
            } else {
                let need = (parent + 2) * stride;
                if self.arena.len() < need {
                    self.arena.resize(need.max(self.arena.len() * 2), M::ZERO);
                }
                self.arena.copy_within(parent * stride..(parent + 1) * stride, (parent + 1) * stride);
                parent + 1
            };
            report.nodes += 1;
            probing_on |= report.nodes == probe_from;
            if report.nodes % PROGRESS_INTERVAL == 0
                && sink.progress(Progress { nodes: report.nodes, found: report.found }) == Flow::Stop
            {
                report.end = SearchEnd::Stopped;
                return (report, None);
            }
            if options.node_budget.is_some_and(|b| report.nodes > b) {
                report.end = SearchEnd::OutOfBudget;
                let saved = pause.then(|| self.pause_before(parent, child, (cell, symbol), &report, probing_on));
                return (report, saved);
            }
            if self.propagate(child, (cell, symbol)).is_err() {
                continue;
            }
            let pick = match probing_on.then(|| self.probe(child)).transpose() {
                Err(Contradiction) => continue,
                Ok(pick) => pick.flatten(),
            };
            match pick.or_else(|| self.choose(child)) {
                None => {
                    report.found += 1;
                    if self.emit(child, sink) == Flow::Stop {
                        report.end = SearchEnd::Stopped;
                        return (report, None);
                    }
                }
                Some(next) => {
                    let remaining = self.arena[child * stride + next];
                    self.frames.push(Frame { level: child, cell: next, remaining });
                }
            }
        }
        (report, None)
    }

    /// The search as it stood before it put `symbol` in `cell` at level
    /// `parent` (into level `child`, `parent` itself for the last candidate)
    /// and counted that node: the symbol goes back among the frame's
    /// candidates, to be tried first again when the search goes on. The
    /// levels up to `parent` are as they were; the child was not touched yet.
    fn pause_before(
        &self,
        parent: usize,
        child: usize,
        (cell, symbol): (usize, usize),
        report: &SearchReport,
        probing_on: bool,
    ) -> Saved<M> {
        let mut frames = self.frames.clone();
        match frames.last_mut() {
            Some(frame) if child != parent => frame.remaining |= M::bit(symbol),
            _ => frames.push(Frame { level: parent, cell, remaining: M::bit(symbol) }),
        }
        let arena = self.arena[..(parent + 1) * self.tables.stride()].to_vec();
        Saved { frames, arena, nodes: report.nodes - 1, found: report.found, probing_on }
    }

    fn emit(&mut self, level: usize, sink: &mut dyn Sink<[Symbol]>) -> Flow {
        let (cells, stride) = (self.tables.cells, self.tables.stride());
        let state = &self.arena[level * stride..level * stride + cells];
        self.out.clear();
        self.out.extend(state.iter().map(|m| Symbol::new(m.lowest())));
        sink.found(&self.out)
    }

    /// The cell to branch on, or `None` when every cell is solved: one with
    /// the fewest candidates and, among cells with two, the one whose
    /// candidates are closest to a hidden single (see [`Tables::tightness`]).
    /// Either guess then forces the most, which cuts the tree by a factor of
    /// two to ten on 16×16 and 25×25 puzzles compared with the first such cell.
    fn choose(&self, level: usize) -> Option<usize> {
        let (t, stride) = (&self.tables, self.tables.stride());
        let (cells, places) = self.arena[level * stride..(level + 1) * stride].split_at(t.cells);
        let mut best = None;
        let mut best_count = u32::MAX;
        for (c, m) in cells.iter().enumerate() {
            let k = m.count();
            if k > 1 && k < best_count {
                best = Some(c);
                best_count = k;
                if k == 2 {
                    break;
                }
            }
        }
        let Some(first) = best.filter(|_| best_count == 2) else { return best };
        let mut best_score = u32::MAX;
        for (c, &m) in cells.iter().enumerate().skip(first) {
            if m.is_single() || !m.without_lowest().is_single() {
                continue;
            }
            let score = t.tightness(c, m, places);
            if score < best_score {
                best = Some(c);
                best_score = score;
                if score == 4 {
                    break;
                }
            }
        }
        best
    }

    /// Loads the givens (less the excluded candidates) into the root level
    /// and propagates it to a fixpoint. Leaves no pending work behind, even
    /// on a contradiction.
    fn load(&mut self, givens: &[Option<Symbol>], exclude: &[(CellId, Symbol)]) -> Result<(), Contradiction> {
        let t = &self.tables;
        let (cells, places) = self.arena[..t.stride()].split_at_mut(t.cells);
        let work = &mut self.work;
        let result = t
            .load(givens, exclude, &mut self.used, cells, places, work)
            .and_then(|()| t.fixpoint::<false>(cells, places, work));
        if result.is_err() {
            work.clear();
        }
        result
    }

    /// Probing at level `level`, already at a fixpoint: one
    /// [`Probing::pass`]. Returns the cell to branch on, if any is left.
    fn probe(&mut self, level: usize) -> Result<Option<usize>, Contradiction> {
        let t = &self.tables;
        let stride = t.stride();
        let (cells, places) = self.arena[level * stride..(level + 1) * stride].split_at_mut(t.cells);
        self.probing.pass(t, cells, places, &mut self.work)
    }

    /// Propagates level `level` to a fixpoint after putting symbol `s` in
    /// cell `c`. Leaves no pending work behind, even on a contradiction.
    fn propagate(&mut self, level: usize, (c, s): (usize, usize)) -> Result<(), Contradiction> {
        let t = &self.tables;
        let stride = t.stride();
        let (cells, places) = self.arena[level * stride..(level + 1) * stride].split_at_mut(t.cells);
        t.propagate::<false>(c, s, cells, places, &mut self.work)
    }
}
