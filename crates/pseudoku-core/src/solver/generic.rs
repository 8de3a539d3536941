//! The generic engine: one candidate mask per cell, for any layout.

use rand::Rng;

use super::{Contradiction, Flow, Propagation, SearchEnd, SearchOptions, SearchReport, Sink, PROGRESS_INTERVAL};
use crate::bits::Mask;
use crate::layout::Layout;
use crate::symbol::Symbol;

/// The layout's tables in the shape the search wants, plus scratch space.
pub(super) struct Engine<M: Mask> {
    n: usize,
    cells: usize,
    full: M,
    /// House `h` is `house_cells[h * n..(h + 1) * n]`.
    house_cells: Vec<u32>,
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    /// Level `d` of the search is `arena[d * cells..(d + 1) * cells]`.
    arena: Vec<M>,
    /// Pairs of houses sharing two or more cells, for locked candidates.
    intersections: Vec<Intersection>,
    /// The cells the ranges of `intersections` point into.
    intersection_cells: Vec<u32>,
    queue: Vec<u32>,
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

impl<M: Mask> Engine<M> {
    pub(super) fn new(layout: &Layout) -> Engine<M> {
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
        let (intersections, intersection_cells) = intersections(layout);
        Engine {
            n,
            cells,
            full: M::full(n),
            house_cells,
            peer_start,
            peers,
            arena: vec![M::ZERO; cells * 8],
            intersections,
            intersection_cells,
            queue: Vec::with_capacity(cells),
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
        assert_eq!(givens.len(), self.cells, "one given (or None) per cell");
        let cells = self.cells;
        self.singles_only = options.propagation == Propagation::Singles;
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
        for &(c, s) in options.exclude {
            let root = &mut self.arena[..cells];
            root[c] &= !M::bit(s.index());
            if root[c].is_zero() {
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
            if !self.queue.is_empty() {
                continue;
            }
            if self.singles_only
                || !locked_candidates(&self.intersections, &self.intersection_cells, state, &mut self.queue)?
            {
                return Ok(());
            }
        }
    }
}

/// Every pair of houses sharing two or more cells (and not all of them).
fn intersections(layout: &Layout) -> (Vec<Intersection>, Vec<u32>) {
    let houses = layout.houses();
    let mut member = vec![u32::MAX; layout.cell_count()];
    let mut out = Vec::new();
    let mut cells = Vec::new();
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
        }
    }
    (out, cells)
}

/// Locked candidates (pointing and claiming, and their analogues for any
/// two overlapping houses): a symbol whose places in one house all lie in
/// the overlap with another is removed from the rest of the other. Returns
/// whether anything was removed; new singles go on the queue.
fn locked_candidates<M: Mask>(
    intersections: &[Intersection],
    cells: &[u32],
    state: &mut [M],
    queue: &mut Vec<u32>,
) -> Result<bool, Contradiction> {
    let union = |r: (u32, u32), state: &[M]| {
        cells[r.0 as usize..r.1 as usize].iter().fold(M::ZERO, |m, &c| m | state[c as usize])
    };
    let mut changed = false;
    for i in intersections {
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
                    changed = true;
                    if m.is_single() {
                        queue.push(c);
                    }
                }
            }
        }
    }
    Ok(changed)
}
