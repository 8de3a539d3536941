//! The generic engine: one candidate mask per cell, for any layout.

use rand::Rng;

use super::{Contradiction, Flow, Propagation, SearchEnd, SearchOptions, SearchReport, Sink, PROGRESS_INTERVAL};
use crate::bits::Mask;
use crate::layout::Layout;
use crate::symbol::Symbol;

/// The layout in the shape the search wants. Read-only during a search.
struct Tables<M: Mask> {
    n: usize,
    cells: usize,
    full: M,
    /// House `h` is `house_cells[h * n..(h + 1) * n]`.
    house_cells: Vec<u32>,
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    cell_house_start: Vec<u32>,
    cell_houses: Vec<u32>,
    /// Pairs of houses sharing two or more cells, for locked candidates.
    intersections: Vec<Intersection>,
    /// The cells the ranges of `intersections` point into.
    intersection_cells: Vec<u32>,
    /// CSR: the intersections each house takes part in.
    house_inter_start: Vec<u32>,
    house_inters: Vec<u32>,
}

/// Houses to look at again, each listed once.
struct Dirty {
    list: Vec<u32>,
    flag: Vec<bool>,
}

impl Dirty {
    fn new(houses: usize) -> Dirty {
        Dirty { list: Vec::with_capacity(houses), flag: vec![false; houses] }
    }

    #[inline]
    fn mark(&mut self, h: u32) {
        if !self.flag[h as usize] {
            self.flag[h as usize] = true;
            self.list.push(h);
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        let h = self.list.pop()?;
        self.flag[h as usize] = false;
        Some(h)
    }

    fn clear(&mut self) {
        for &h in &self.list {
            self.flag[h as usize] = false;
        }
        self.list.clear();
    }

    fn all(&mut self) {
        self.clear();
        for h in 0..self.flag.len() {
            self.mark(h as u32);
        }
    }
}

/// The generic engine: tables plus scratch space reused across searches.
pub(super) struct Engine<M: Mask> {
    tables: Tables<M>,
    /// Level `d` of the search is `arena[d * cells..(d + 1) * cells]`.
    arena: Vec<M>,
    queue: Vec<u32>,
    hidden: Dirty,
    locked: Dirty,
    batch: Vec<u32>,
    frames: Vec<Frame<M>>,
    out: Vec<Symbol>,
    /// Set for the current search when it propagates singles only.
    singles_only: bool,
}

/// Two houses `a` and `b` that share cells: `both`, `a_only` and `b_only`
/// are ranges of `intersection_cells`.
struct Intersection {
    both: (u32, u32),
    a_only: (u32, u32),
    b_only: (u32, u32),
}

struct Frame<M> {
    level: usize,
    cell: usize,
    remaining: M,
}

impl<M: Mask> Tables<M> {
    fn new(layout: &Layout) -> Tables<M> {
        let n = layout.size();
        let cells = layout.cell_count();
        let house_cells = layout.houses().iter().flat_map(|h| h.cells.iter().map(|c| c.0)).collect();
        let (mut peer_start, mut peers) = (Vec::with_capacity(cells + 1), Vec::new());
        let (mut cell_house_start, mut cell_houses) = (Vec::with_capacity(cells + 1), Vec::new());
        for c in 0..cells {
            let id = crate::layout::CellId(c as u32);
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(layout.peers(id));
            cell_house_start.push(cell_houses.len() as u32);
            cell_houses.extend(layout.houses_of(id).map(|h| h.0));
        }
        peer_start.push(peers.len() as u32);
        cell_house_start.push(cell_houses.len() as u32);
        let (intersections, intersection_cells, pairs) = intersections(layout);
        let mut per_house = vec![Vec::new(); layout.houses().len()];
        for (i, (a, b)) in pairs.into_iter().enumerate() {
            per_house[a].push(i as u32);
            per_house[b].push(i as u32);
        }
        let (mut house_inter_start, mut house_inters) = (Vec::new(), Vec::new());
        for list in per_house {
            house_inter_start.push(house_inters.len() as u32);
            house_inters.extend(list);
        }
        house_inter_start.push(house_inters.len() as u32);
        Tables {
            n,
            cells,
            full: M::full(n),
            house_cells,
            peer_start,
            peers,
            cell_house_start,
            cell_houses,
            intersections,
            intersection_cells,
            house_inter_start,
            house_inters,
        }
    }

    #[inline]
    fn peers(&self, c: usize) -> &[u32] {
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }

    #[inline]
    fn house(&self, h: usize) -> &[u32] {
        &self.house_cells[h * self.n..(h + 1) * self.n]
    }

    #[inline]
    fn intersections_of(&self, h: usize) -> &[u32] {
        &self.house_inters[self.house_inter_start[h] as usize..self.house_inter_start[h + 1] as usize]
    }

    /// Notes that cell `c` changed: its houses need another look.
    #[inline]
    fn touch(&self, c: usize, hidden: &mut Dirty, locked: &mut Dirty) {
        for &h in &self.cell_houses[self.cell_house_start[c] as usize..self.cell_house_start[c + 1] as usize] {
            hidden.mark(h);
            locked.mark(h);
        }
    }

    /// Locked candidates (pointing and claiming, and their analogues for
    /// any two overlapping houses): a symbol whose places in one house all
    /// lie in the overlap with another is removed from the rest of the
    /// other. New singles go on the queue.
    fn locked_candidates(
        &self,
        i: &Intersection,
        state: &mut [M],
        queue: &mut Vec<u32>,
        hidden: &mut Dirty,
        locked: &mut Dirty,
    ) -> Result<(), Contradiction> {
        let cells = &self.intersection_cells;
        let union = |r: (u32, u32), state: &[M]| {
            cells[r.0 as usize..r.1 as usize].iter().fold(M::ZERO, |m, &c| m | state[c as usize])
        };
        let inside = union(i.both, state);
        let out_a = union(i.a_only, state);
        let out_b = union(i.b_only, state);
        for (confined, target, target_union) in [(inside & !out_a, i.b_only, out_b), (inside & !out_b, i.a_only, out_a)]
        {
            if (confined & target_union).is_zero() {
                continue;
            }
            for &c in &cells[target.0 as usize..target.1 as usize] {
                let m = state[c as usize];
                if !(m & confined).is_zero() {
                    let m = m & !confined;
                    if m.is_zero() {
                        return Err(Contradiction);
                    }
                    state[c as usize] = m;
                    self.touch(c as usize, hidden, locked);
                    if m.is_single() {
                        queue.push(c);
                    }
                }
            }
        }
        Ok(())
    }
}

impl<M: Mask> Engine<M> {
    pub(super) fn new(layout: &Layout) -> Engine<M> {
        let tables = Tables::new(layout);
        let (cells, houses) = (tables.cells, layout.houses().len());
        Engine {
            tables,
            arena: vec![M::ZERO; cells * 8],
            queue: Vec::with_capacity(cells),
            hidden: Dirty::new(houses),
            locked: Dirty::new(houses),
            batch: Vec::with_capacity(houses),
            frames: Vec::with_capacity(cells),
            out: Vec::with_capacity(cells),
            singles_only: false,
        }
    }

    pub(super) fn search(
        &mut self,
        givens: &[Option<Symbol>],
        mut options: SearchOptions<'_>,
        sink: &mut dyn Sink,
    ) -> SearchReport {
        let (n, cells, full) = (self.tables.n, self.tables.cells, self.tables.full);
        assert_eq!(givens.len(), cells, "one given (or None) per cell");
        self.singles_only = options.propagation == Propagation::Singles;
        let mut report = SearchReport { solutions: 0, nodes: 1, end: SearchEnd::Exhausted };
        self.queue.clear();
        self.frames.clear();
        self.hidden.all();
        self.locked.all();
        {
            let root = &mut self.arena[..cells];
            for (c, g) in givens.iter().enumerate() {
                match g {
                    Some(s) => {
                        assert!(s.index() < n, "symbol {} outside 1..={n}", s.number());
                        root[c] = M::bit(s.index());
                        self.queue.push(c as u32);
                    }
                    None => root[c] = full,
                }
                if n == 1 && g.is_none() {
                    self.queue.push(c as u32);
                }
            }
        }
        for &(c, s) in options.exclude {
            let root = &mut self.arena[..cells];
            root[c] &= !M::bit(s.index());
            if root[c].is_zero() {
                self.hidden.clear();
                self.locked.clear();
                return report;
            }
            if root[c].is_single() {
                self.queue.push(c as u32);
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
            let preferred = options
                .prefer
                .map(|grid| M::bit(grid[frame.cell].index()))
                .filter(|&b| !(frame.remaining & b).is_zero());
            let bit = match (preferred, options.rng.as_deref_mut()) {
                (Some(b), _) => b,
                (None, None) => M::bit(frame.remaining.lowest()),
                (None, Some(rng)) => {
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
            self.tables.touch(cell, &mut self.hidden, &mut self.locked);
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
        let cells = self.tables.cells;
        let state = &self.arena[level * cells..(level + 1) * cells];
        self.out.clear();
        self.out.extend(state.iter().map(|m| Symbol::new(m.lowest())));
        sink.solution(&self.out)
    }

    /// The unsolved cell with the fewest candidates, or `None` when solved.
    fn choose(&self, level: usize) -> Option<usize> {
        let cells = self.tables.cells;
        let state = &self.arena[level * cells..(level + 1) * cells];
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

    /// Singles (and locked candidates unless turned off) to a fixpoint.
    /// The queue holds cells whose single candidate has not yet been
    /// removed from their peers; only houses whose cells changed are
    /// scanned again.
    fn propagate(&mut self, level: usize) -> Result<(), Contradiction> {
        let result = self.propagate_dirty(level);
        if result.is_err() {
            self.queue.clear();
            self.hidden.clear();
            self.locked.clear();
        }
        result
    }

    fn propagate_dirty(&mut self, level: usize) -> Result<(), Contradiction> {
        let t = &self.tables;
        let state = &mut self.arena[level * t.cells..(level + 1) * t.cells];
        let (queue, hidden, locked) = (&mut self.queue, &mut self.hidden, &mut self.locked);
        loop {
            while let Some(cell) = queue.pop() {
                let cell = cell as usize;
                let bit = state[cell];
                for &p in t.peers(cell) {
                    let m = state[p as usize];
                    if !(m & bit).is_zero() {
                        let m = m & !bit;
                        if m.is_zero() {
                            return Err(Contradiction);
                        }
                        state[p as usize] = m;
                        t.touch(p as usize, hidden, locked);
                        if m.is_single() {
                            queue.push(p);
                        }
                    }
                }
            }
            if let Some(h) = hidden.pop() {
                // Hidden singles: a symbol with one place left in a house.
                let house = t.house(h as usize);
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
                if (once | placed) != t.full {
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
                                t.touch(c as usize, hidden, locked);
                                queue.push(c);
                            }
                            break;
                        }
                    }
                }
                continue;
            }
            if self.singles_only || locked.list.is_empty() {
                locked.clear();
                return Ok(());
            }
            std::mem::swap(&mut locked.list, &mut self.batch);
            for &h in &self.batch {
                locked.flag[h as usize] = false;
            }
            for &h in &self.batch {
                for &i in t.intersections_of(h as usize) {
                    t.locked_candidates(&t.intersections[i as usize], state, queue, hidden, locked)?;
                }
            }
            self.batch.clear();
        }
    }
}

/// Every pair of houses sharing two or more cells (and not all of them).
type Pairs = Vec<(usize, usize)>;

fn intersections(layout: &Layout) -> (Vec<Intersection>, Vec<u32>, Pairs) {
    let houses = layout.houses();
    let mut member = vec![u32::MAX; layout.cell_count()];
    let mut out = Vec::new();
    let mut cells = Vec::new();
    let mut pairs = Vec::new();
    for (a, house) in houses.iter().enumerate() {
        for &c in &house.cells {
            member[c.index()] = a as u32;
        }
        let mut partners: Vec<usize> =
            house.cells.iter().flat_map(|&c| layout.houses_of(c)).map(|h| h.index()).filter(|&b| b > a).collect();
        partners.sort_unstable();
        partners.dedup();
        for b in partners {
            let other = &houses[b].cells;
            let shared = other.iter().filter(|c| member[c.index()] == a as u32).count();
            if shared < 2 || shared == house.cells.len() {
                continue;
            }
            let mut range = |it: &mut dyn Iterator<Item = u32>| {
                let start = cells.len() as u32;
                cells.extend(it);
                (start, cells.len() as u32)
            };
            let both = range(&mut other.iter().filter(|c| member[c.index()] == a as u32).map(|c| c.0));
            let b_only = range(&mut other.iter().filter(|c| member[c.index()] != a as u32).map(|c| c.0));
            let in_b: Vec<u32> = other.iter().map(|c| c.0).collect();
            let a_only = range(&mut house.cells.iter().map(|c| c.0).filter(|c| !in_b.contains(c)));
            out.push(Intersection { both, a_only, b_only });
            pairs.push((a, b));
        }
    }
    (out, cells, pairs)
}
