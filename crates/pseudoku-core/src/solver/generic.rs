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

// tidy: long because the two views of the state, the rules that keep them in
// step and the search over them change together; probing, the one part that
// stands alone, is in `generic/probe.rs`.

use rand::Rng;

use core::any::Any;

use super::{
    Contradiction, EngineState, Flow, Progress, Propagation, SearchEnd, SearchOptions, SearchReport, Sink, PROBE_AFTER,
    PROGRESS_INTERVAL,
};
use crate::bits::{Mask, Members};
use crate::layout::{CellId, Layout};
use crate::symbol::Symbol;

mod probe;

use probe::Probing;

/// Places of a symbol in a house beyond which [`Tables::tightness`] sees no
/// difference: it prefers symbols with few places, but only a little fewer
/// is noise (measured on 16×16 and 25×25; 3 and 5 did no better).
const TIGHT: u32 = 4;

/// A cell's place in one of its houses: the house, and the cell's index in it.
#[derive(Clone, Copy)]
struct Slot {
    house: u32,
    pos: u32,
    /// `house * N`: where the house's places (and cells) start.
    row: u32,
}

/// Two houses sharing two or more cells (and not all), seen from one of them.
struct Overlap<M> {
    /// The other house.
    other: u32,
    /// The shared cells, as positions in this house.
    inside: M,
    /// The shared cells, as positions in the other house.
    other_inside: M,
}

/// The layout in the shape the search wants. Read-only during a search.
struct Tables<M: Mask> {
    n: usize,
    cells: usize,
    houses: usize,
    full: M,
    /// House `h` is `house_cells[h * n..(h + 1) * n]`.
    house_cells: Vec<u32>,
    /// CSR: the slots of cell `c` are `slots[slot_start[c]..slot_start[c + 1]]`.
    slot_start: Vec<u32>,
    slots: Vec<Slot>,
    /// CSR by house: the overlaps of house `h` with every other house.
    overlap_start: Vec<u32>,
    overlaps: Vec<Overlap<M>>,
    /// The largest overlap of each house: a symbol with more places than
    /// that in the house cannot be locked.
    widest_overlap: Vec<u32>,
}

/// Pending work of a propagation. All of it is empty between searches.
struct Work<M> {
    /// Cells with one candidate whose symbol is still in their houses' other places.
    naked: Vec<u32>,
    /// `(house, symbol)` with one place left, not yet placed.
    hidden: Vec<(u32, u32)>,
    /// Houses with a nonzero entry in `shrunk`, each listed once.
    locked: Vec<u32>,
    /// Per house, the symbols whose places shrank since the house was last
    /// checked for locked candidates. A mask per house makes noting a change
    /// one OR; the count of places is taken only when the house is checked.
    shrunk: Vec<M>,
    /// Whether locked candidates run in this search.
    use_locked: bool,
    /// During a try of [`Probing::pass`] (the rules' `TRY`): each cell that lost a
    /// candidate with its candidates before, and each place that shrank,
    /// as its index in `places` and its positions before, in order. The try
    /// works on its node's own state, and these undo it.
    undo_cells: Vec<(u32, M)>,
    undo_places: Vec<(u32, M)>,
}

impl<M: Mask> Work<M> {
    fn clear(&mut self) {
        self.naked.clear();
        self.hidden.clear();
        for &h in &self.locked {
            self.shrunk[h as usize] = M::ZERO;
        }
        self.locked.clear();
    }

    #[inline(always)]
    fn mark_locked(&mut self, h: u32, s: usize) {
        let symbols = &mut self.shrunk[h as usize];
        if symbols.is_zero() {
            self.locked.push(h);
        }
        *symbols |= M::bit(s);
    }

    /// A house to check, with the symbols to check in it.
    #[inline]
    fn pop_locked(&mut self) -> Option<(u32, M)> {
        let h = self.locked.pop()?;
        Some((h, core::mem::replace(&mut self.shrunk[h as usize], M::ZERO)))
    }
}

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

impl<M: Mask> Tables<M> {
    fn new(layout: &Layout) -> Tables<M> {
        let (n, cells, houses) = (layout.size(), layout.cell_count(), layout.houses().len());
        let house_cells: Vec<u32> = layout.houses().iter().flat_map(|h| h.cells.iter().map(|c| c.0)).collect();
        let mut per_cell = vec![Vec::new(); cells];
        for (i, &c) in house_cells.iter().enumerate() {
            per_cell[c as usize].push(Slot { house: (i / n) as u32, pos: (i % n) as u32, row: (i - i % n) as u32 });
        }
        let (mut slot_start, mut slots) = (Vec::with_capacity(cells + 1), Vec::new());
        for list in per_cell {
            slot_start.push(slots.len() as u32);
            slots.extend(list);
        }
        slot_start.push(slots.len() as u32);
        let (overlap_start, overlaps) = overlaps(layout);
        let widest_overlap = (0..houses)
            .map(|h| {
                let list = &overlaps[overlap_start[h] as usize..overlap_start[h + 1] as usize];
                list.iter().map(|o: &Overlap<M>| o.inside.count()).max().unwrap_or(0)
            })
            .collect();
        Tables {
            n,
            cells,
            houses,
            full: M::full(n),
            house_cells,
            slot_start,
            slots,
            overlap_start,
            overlaps,
            widest_overlap,
        }
    }

    /// The index of `(house, i)` in `places` and `house_cells`, where `i` is
    /// a symbol or a position.
    #[inline]
    fn at(&self, house: u32, i: usize) -> usize {
        house as usize * self.n + i
    }

    /// Masks per search level.
    fn stride(&self) -> usize {
        self.cells + self.houses * self.n
    }

    #[inline]
    fn slots(&self, c: usize) -> &[Slot] {
        &self.slots[self.slot_start[c] as usize..self.slot_start[c + 1] as usize]
    }

    #[inline]
    fn overlaps_of(&self, h: usize) -> &[Overlap<M>] {
        &self.overlaps[self.overlap_start[h] as usize..self.overlap_start[h + 1] as usize]
    }

    /// Sets up the root level from the givens in bulk, as if each given had
    /// been placed in turn with its eliminations (the naked singles of the
    /// givens), and queues what the rules may still act on. Placing givens one
    /// by one walks every peer of every given; here each house's given
    /// symbols are gathered once, every open cell takes the full set minus
    /// those of its houses, and the places are built one house at a time.
    /// The rules' fixpoint does not depend on the order they fire in, so the
    /// root ends in the same state either way.
    ///
    /// `used` is scratch space, one mask per house.
    ///
    /// # Panics
    /// When a given's symbol is outside `0..N`.
    fn load(
        &self,
        givens: &[Option<Symbol>],
        exclude: &[(CellId, Symbol)],
        used: &mut [M],
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        let n = self.n;
        used.fill(M::ZERO);
        // Two equal givens in a house: the first one's naked single would
        // empty the other. Noted, not returned at once, so that every given
        // is still checked for a symbol out of range.
        let mut clash = false;
        for (c, g) in givens.iter().enumerate() {
            if let Some(s) = g {
                assert!(s.index() < n, "symbol {} outside 1..={n}", s.number());
                let b = M::bit(s.index());
                for slot in self.slots(c) {
                    let u = &mut used[slot.house as usize];
                    clash |= !(*u & b).is_zero();
                    *u |= b;
                }
            }
        }
        for (c, g) in givens.iter().enumerate() {
            cells[c] = match g {
                Some(s) => M::bit(s.index()),
                None => {
                    self.full & !self.slots(c).iter().fold(M::ZERO, |taken, slot| taken | used[slot.house as usize])
                }
            };
        }
        for &(c, s) in exclude {
            cells[c.index()] &= !M::bit(s.index());
        }
        if clash {
            return Err(Contradiction);
        }
        // A given's own naked single is done: its symbol is in no other
        // place of its houses. Only open cells left with one candidate are.
        for (c, (&m, g)) in cells.iter().zip(givens).enumerate() {
            if m.is_zero() {
                return Err(Contradiction);
            }
            if g.is_none() && m.is_single() {
                work.naked.push(c as u32);
            }
        }
        for h in 0..self.houses {
            let row = &mut places[h * n..(h + 1) * n];
            row.fill(M::ZERO);
            for (pos, &c) in self.house_cells[h * n..(h + 1) * n].iter().enumerate() {
                for s in Members(cells[c as usize]) {
                    row[s] |= M::bit(pos);
                }
            }
            // A given symbol has its one place, the given's cell: a hidden
            // single already placed and never locked elsewhere.
            for s in Members(self.full & !used[h]) {
                self.shrunk::<false>(row[s], h as u32, s as u32, work)?;
            }
        }
        Ok(())
    }

    /// Removes candidate `s` (present) from cell `c`, in both views. The
    /// innermost step of the search: always inlined, as a call costs about as
    /// much as the body.
    ///
    /// With `TRY` (in a try of [`Probing::pass`], as in the rules that call
    /// it), each change is logged to be undone and locked candidates do not
    /// run: a separate copy of the rules, without those tests in the
    /// innermost loop (about 2 % of a probing search).
    #[inline(always)]
    fn remove<const TRY: bool>(
        &self,
        c: usize,
        s: usize,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        let before = cells[c];
        let m = before & !M::bit(s);
        if m.is_zero() {
            return Err(Contradiction);
        }
        cells[c] = m;
        if m.is_single() {
            work.naked.push(c as u32);
        }
        if TRY {
            work.undo_cells.push((c as u32, before));
        }
        for slot in self.slots(c) {
            let i = slot.row as usize + s;
            let before = places[i];
            let p = before & !M::bit(slot.pos as usize);
            places[i] = p;
            if TRY {
                work.undo_places.push((i as u32, before));
            }
            self.shrunk::<TRY>(p, slot.house, s as u32, work)?;
        }
        Ok(())
    }

    /// Queues what the places `p` of symbol `s` in house `h` now allow.
    #[inline(always)]
    fn shrunk<const TRY: bool>(&self, p: M, h: u32, s: u32, work: &mut Work<M>) -> Result<(), Contradiction> {
        if p.is_single() {
            work.hidden.push((h, s));
        } else if p.is_zero() {
            return Err(Contradiction);
        } else if !TRY && work.use_locked {
            work.mark_locked(h, s as usize);
        }
        Ok(())
    }

    /// Cell `c` holds its one candidate: remove it from the other places of
    /// each of its houses.
    fn naked_single<const TRY: bool>(
        &self,
        c: usize,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        let s = cells[c].lowest();
        for slot in self.slots(c) {
            let others = places[slot.row as usize + s] & !M::bit(slot.pos as usize);
            for pos in Members(others) {
                let peer = self.house_cells[slot.row as usize + pos] as usize;
                self.remove::<TRY>(peer, s, cells, places, work)?;
            }
        }
        Ok(())
    }

    /// Symbol `s` has one place left in house `h`: put it there.
    fn hidden_single<const TRY: bool>(
        &self,
        h: u32,
        s: u32,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        let p = places[self.at(h, s as usize)];
        if p.is_zero() {
            return Err(Contradiction);
        }
        let c = self.house_cells[self.at(h, p.lowest())] as usize;
        self.assign::<TRY>(c, s as usize, cells, places, work)
    }

    /// Removes every candidate of cell `c` but `s` (present).
    fn assign<const TRY: bool>(
        &self,
        c: usize,
        s: usize,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        for other in Members(cells[c] & !M::bit(s)) {
            self.remove::<TRY>(c, other, cells, places, work)?;
        }
        Ok(())
    }

    /// Locked candidates (pointing and claiming, and their analogues for any
    /// two overlapping houses): when every place of `s` in house `h`
    /// lies in its overlap with another house, `s` leaves the rest of that
    /// other house.
    fn locked(
        &self,
        h: u32,
        s: usize,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        let p = places[self.at(h, s)];
        if p.is_single() || p.count() > self.widest_overlap[h as usize] {
            return Ok(());
        }
        for o in self.overlaps_of(h as usize) {
            if !(p & !o.inside).is_zero() {
                continue;
            }
            let outside = places[self.at(o.other, s)] & !o.other_inside;
            for pos in Members(outside) {
                let c = self.house_cells[self.at(o.other, pos)] as usize;
                self.remove::<false>(c, s, cells, places, work)?;
            }
        }
        Ok(())
    }

    /// How close the candidates `m` of cell `c` are to hidden singles: the
    /// sum over the candidates of their fewest places in a house of `c`,
    /// each counted up to [`TIGHT`]. Lower is tighter; 4 (two places each,
    /// as after propagation a symbol has at least two) is the least.
    fn tightness(&self, c: usize, m: M, places: &[M]) -> u32 {
        Members(m)
            .map(|s| self.slots(c).iter().map(|slot| places[self.at(slot.house, s)].count()).min().unwrap_or(0))
            .map(|k| k.min(TIGHT))
            .sum()
    }

    /// Runs the rules until nothing is pending.
    fn fixpoint<const TRY: bool>(
        &self,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        loop {
            if let Some(c) = work.naked.pop() {
                self.naked_single::<TRY>(c as usize, cells, places, work)?;
            } else if let Some((h, s)) = work.hidden.pop() {
                self.hidden_single::<TRY>(h, s, cells, places, work)?;
            } else if let Some((h, symbols)) = if TRY { None } else { work.pop_locked() } {
                for s in Members(symbols) {
                    self.locked(h, s, cells, places, work)?;
                }
            } else {
                return Ok(());
            }
        }
    }

    /// Puts symbol `s` in cell `c` and runs the rules to a fixpoint. Leaves
    /// no pending work behind, even on a contradiction.
    fn propagate<const TRY: bool>(
        &self,
        c: usize,
        s: usize,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        let result =
            self.assign::<TRY>(c, s, cells, places, work).and_then(|()| self.fixpoint::<TRY>(cells, places, work));
        if result.is_err() {
            work.clear();
        }
        result
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

/// The overlaps of every house, CSR by house: every pair of houses sharing
/// two or more cells (and not all of them), listed from both sides.
fn overlaps<M: Mask>(layout: &Layout) -> (Vec<u32>, Vec<Overlap<M>>) {
    let (n, houses) = (layout.size(), layout.houses());
    // The position of each cell of house `a` in it; `u32::MAX` for other cells.
    let mut position = vec![u32::MAX; layout.cell_count()];
    let mut per_house: Vec<Vec<Overlap<M>>> = (0..houses.len()).map(|_| Vec::new()).collect();
    for (a, house) in houses.iter().enumerate() {
        for (p, c) in house.cells.iter().enumerate() {
            position[c.index()] = p as u32;
        }
        let mut partners: Vec<usize> =
            house.cells.iter().flat_map(|&c| layout.houses_of(c)).map(|h| h.index()).filter(|&b| b > a).collect();
        partners.sort_unstable();
        partners.dedup();
        for b in partners {
            let (mut in_a, mut in_b) = (M::ZERO, M::ZERO);
            for (q, c) in houses[b].cells.iter().enumerate() {
                let p = position[c.index()];
                if p != u32::MAX {
                    in_a |= M::bit(p as usize);
                    in_b |= M::bit(q);
                }
            }
            let shared = in_a.count() as usize;
            if shared < 2 || shared == n {
                continue;
            }
            per_house[a].push(Overlap { other: b as u32, inside: in_a, other_inside: in_b });
            per_house[b].push(Overlap { other: a as u32, inside: in_b, other_inside: in_a });
        }
        for c in &house.cells {
            position[c.index()] = u32::MAX;
        }
    }
    let (mut start, mut flat) = (Vec::with_capacity(houses.len() + 1), Vec::new());
    for list in per_house {
        start.push(flat.len() as u32);
        flat.extend(list);
    }
    start.push(flat.len() as u32);
    (start, flat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Wide;
    use crate::layout::{House, HouseKind};

    /// The root as it was built before [`Tables::load`]: each given a cell
    /// with one candidate and every other cell full, less the exclusions;
    /// the places built from the cells, and every cell and every symbol of
    /// every house queued, so that the givens are placed through their naked
    /// singles one by one.
    fn load_one_by_one<M: Mask>(
        t: &Tables<M>,
        givens: &[Option<Symbol>],
        exclude: &[(CellId, Symbol)],
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
        for (c, g) in givens.iter().enumerate() {
            cells[c] = g.map_or(t.full, |s| M::bit(s.index()));
        }
        for &(c, s) in exclude {
            cells[c.index()] &= !M::bit(s.index());
        }
        places.fill(M::ZERO);
        for (c, &m) in cells.iter().enumerate() {
            if m.is_zero() {
                return Err(Contradiction);
            }
            for slot in t.slots(c) {
                for s in Members(m) {
                    places[t.at(slot.house, s)] |= M::bit(slot.pos as usize);
                }
            }
            if m.is_single() {
                work.naked.push(c as u32);
            }
        }
        for h in 0..t.houses as u32 {
            for s in 0..t.n {
                t.shrunk::<false>(places[t.at(h, s)], h, s as u32, work)?;
            }
        }
        t.fixpoint::<false>(cells, places, work)
    }

    /// Loads random givens (some of them clashing, some excluded) both ways
    /// and compares the roots: both contradictions, or the same state.
    fn same_root<M: Mask>(layout: &Layout, seed: u64) {
        let cells = layout.cell_count();
        let n = layout.size();
        let mut engine = Engine::<M>::new(layout);
        let stride = engine.tables.stride();
        let mut rng = crate::seed::rng_from_seed(seed);
        let (mut solved, mut failed) = (0, 0);
        for round in 0..60 {
            let grid = crate::generate::fill(layout, &vec![None; cells], &mut rng).unwrap();
            let mut order: Vec<usize> = (0..cells).collect();
            crate::seed::shuffle(&mut order, &mut rng);
            let keep = cells * (round % 10) / 10;
            let mut givens = vec![None; cells];
            for &c in &order[..keep] {
                givens[c] = Some(grid[c]);
            }
            let mut exclude = Vec::new();
            match round % 6 {
                // A wrong given, often a repeat of a given in one of its houses.
                1 => givens[order[keep]] = Some(Symbol::new(rng.random_range(0..n))),
                // A given ruled out by an exclusion.
                2 if keep > 0 => exclude.push((CellId(order[0] as u32), grid[order[0]])),
                // A given's other symbols excluded: no effect.
                3 if keep > 0 => exclude.push((CellId(order[0] as u32), Symbol::new((grid[order[0]].index() + 1) % n))),
                // Open cells without their symbol in `grid`, or without another.
                4 | 5 => {
                    for &c in order[keep..].iter().take(3) {
                        let s = if round % 6 == 4 { grid[c] } else { Symbol::new(rng.random_range(0..n)) };
                        exclude.push((CellId(c as u32), s));
                    }
                }
                _ => {}
            }
            for use_locked in [true, false] {
                engine.work.use_locked = use_locked;
                let bulk = engine.load(&givens, &exclude);
                let t = &engine.tables;
                let (root, rest) = engine.arena.split_at_mut(stride);
                let (cells_b, places_b) = rest[..stride].split_at_mut(t.cells);
                let reference = load_one_by_one(t, &givens, &exclude, cells_b, places_b, &mut engine.work);
                engine.work.clear();
                assert_eq!(bulk.is_ok(), reference.is_ok(), "round {round}");
                if bulk.is_ok() {
                    assert!(root[..] == rest[..stride], "round {round}: the roots differ");
                    solved += 1;
                } else {
                    failed += 1;
                }
            }
        }
        assert!(solved > 0 && failed > 0, "{solved} roots, {failed} contradictions");
    }

    #[test]
    fn loading_givens_in_bulk_reaches_the_root_of_placing_them_one_by_one() {
        let g4 = Layout::classic(2).unwrap();
        let g9 = Layout::classic(3).unwrap();
        let samurai = [(0, 0, &g9), (0, 12, &g9), (6, 6, &g9), (12, 0, &g9), (12, 12, &g9)];
        // Extra houses crossing the rows, columns and boxes of a 4×4.
        let extra = [[0, 5, 10, 15], [1, 4, 11, 14], [0, 1, 4, 5], [2, 7, 8, 13]]
            .map(|cells| House { kind: HouseKind::Extra, cells: cells.map(CellId).to_vec() });
        let layouts = [
            Layout::classic(4).unwrap(),
            Layout::multigrid(21, 21, &samurai).unwrap(),
            Layout::multigrid(8, 8, &[(0, 0, &g4), (2, 2, &g4), (4, 4, &g4)]).unwrap(),
            Layout::pie(6, 3).unwrap(),
            Layout::boxed(2, 3).unwrap().with_diagonals().unwrap(),
            Layout::latin(4).unwrap().with_houses(extra.to_vec()).unwrap(),
        ];
        for (i, layout) in layouts.iter().enumerate() {
            same_root::<u16>(layout, i as u64);
            same_root::<Wide>(layout, 100 + i as u64);
        }
    }
}
