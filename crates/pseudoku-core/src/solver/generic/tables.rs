//! The propagation tables of the generic engine: the layout in the shape
//! the search wants ([`Tables`]: each cell's places in its houses, the
//! overlaps of houses), and the rules that keep the two views of the state
//! in step (naked and hidden singles, locked candidates), run to a
//! fixpoint from an elimination ([`Tables::propagate`]) or from the givens
//! at once ([`Tables::load`]). The search over them is in `generic.rs`.

use super::super::Contradiction;
use crate::bits::{Mask, Members};
use crate::layout::{CellId, Layout};
use crate::symbol::Symbol;

/// Places of a symbol in a house beyond which [`Tables::tightness`] sees no
/// difference: it prefers symbols with few places, but only a little fewer
/// is noise (measured on 16×16 and 25×25; 3 and 5 did no better).
pub(super) const TIGHT: u32 = 4;

/// A cell's place in one of its houses: the house, and the cell's index in it.
#[derive(Clone, Copy)]
pub(super) struct Slot {
    pub(super) house: u32,
    pub(super) pos: u32,
    /// `house * N`: where the house's places (and cells) start.
    pub(super) row: u32,
}

/// Two houses sharing two or more cells (and not all), seen from one of them.
pub(super) struct Overlap<M> {
    /// The other house.
    pub(super) other: u32,
    /// The shared cells, as positions in this house.
    pub(super) inside: M,
    /// The shared cells, as positions in the other house.
    pub(super) other_inside: M,
}

/// The layout in the shape the search wants. Read-only during a search.
pub(super) struct Tables<M: Mask> {
    pub(super) n: usize,
    pub(super) cells: usize,
    pub(super) houses: usize,
    pub(super) full: M,
    /// House `h` is `house_cells[h * n..(h + 1) * n]`.
    pub(super) house_cells: Vec<u32>,
    /// CSR: the slots of cell `c` are `slots[slot_start[c]..slot_start[c + 1]]`.
    pub(super) slot_start: Vec<u32>,
    pub(super) slots: Vec<Slot>,
    /// CSR by house: the overlaps of house `h` with every other house.
    pub(super) overlap_start: Vec<u32>,
    pub(super) overlaps: Vec<Overlap<M>>,
    /// The largest overlap of each house: a symbol with more places than
    /// that in the house cannot be locked.
    pub(super) widest_overlap: Vec<u32>,
}

/// Pending work of a propagation. All of it is empty between searches.
pub(super) struct Work<M> {
    /// Cells with one candidate whose symbol is still in their houses' other places.
    pub(super) naked: Vec<u32>,
    /// `(house, symbol)` with one place left, not yet placed.
    pub(super) hidden: Vec<(u32, u32)>,
    /// Houses with a nonzero entry in `shrunk`, each listed once.
    pub(super) locked: Vec<u32>,
    /// Per house, the symbols whose places shrank since the house was last
    /// checked for locked candidates. A mask per house makes noting a change
    /// one OR; the count of places is taken only when the house is checked.
    pub(super) shrunk: Vec<M>,
    /// Whether locked candidates run in this search.
    pub(super) use_locked: bool,
    /// During a try of `Probing::pass` (in `probe.rs`) (the rules' `TRY`): each cell that lost a
    /// candidate with its candidates before, and each place that shrank,
    /// as its index in `places` and its positions before, in order. The try
    /// works on its node's own state, and these undo it.
    pub(super) undo_cells: Vec<(u32, M)>,
    pub(super) undo_places: Vec<(u32, M)>,
}

impl<M: Mask> Work<M> {
    pub(super) fn clear(&mut self) {
        self.naked.clear();
        self.hidden.clear();
        for &h in &self.locked {
            self.shrunk[h as usize] = M::ZERO;
        }
        self.locked.clear();
    }

    #[inline(always)]
    pub(super) fn mark_locked(&mut self, h: u32, s: usize) {
        let symbols = &mut self.shrunk[h as usize];
        if symbols.is_zero() {
            self.locked.push(h);
        }
        *symbols |= M::bit(s);
    }

    /// A house to check, with the symbols to check in it.
    #[inline]
    pub(super) fn pop_locked(&mut self) -> Option<(u32, M)> {
        let h = self.locked.pop()?;
        Some((h, core::mem::replace(&mut self.shrunk[h as usize], M::ZERO)))
    }
}

impl<M: Mask> Tables<M> {
    pub(super) fn new(layout: &Layout) -> Tables<M> {
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
    pub(super) fn at(&self, house: u32, i: usize) -> usize {
        house as usize * self.n + i
    }

    /// Masks per search level.
    pub(super) fn stride(&self) -> usize {
        self.cells + self.houses * self.n
    }

    #[inline]
    pub(super) fn slots(&self, c: usize) -> &[Slot] {
        &self.slots[self.slot_start[c] as usize..self.slot_start[c + 1] as usize]
    }

    #[inline]
    pub(super) fn overlaps_of(&self, h: usize) -> &[Overlap<M>] {
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
    pub(super) fn load(
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

    // The rules below repeat one parameter list, `(cells, places, work)`, on purpose: the search and each probe
    // (`probe.rs`) run them on their own copies of the state, and `Tables` stays shared and read-only.

    /// Removes candidate `s` (present) from cell `c`, in both views. The
    /// innermost step of the search: always inlined, as a call costs about as
    /// much as the body.
    ///
    /// With `TRY` (in a try of `Probing::pass` (in `probe.rs`), as in the rules that call
    /// it), each change is logged to be undone and locked candidates do not
    /// run: a separate copy of the rules, without those tests in the
    /// innermost loop (about 2 % of a probing search).
    #[inline(always)]
    pub(super) fn remove<const TRY: bool>(
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
    pub(super) fn shrunk<const TRY: bool>(
        &self,
        p: M,
        h: u32,
        s: u32,
        work: &mut Work<M>,
    ) -> Result<(), Contradiction> {
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
    pub(super) fn naked_single<const TRY: bool>(
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
    pub(super) fn hidden_single<const TRY: bool>(
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
    pub(super) fn assign<const TRY: bool>(
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
    pub(super) fn locked(
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
    pub(super) fn tightness(&self, c: usize, m: M, places: &[M]) -> u32 {
        Members(m)
            .map(|s| self.slots(c).iter().map(|slot| places[self.at(slot.house, s)].count()).min().unwrap_or(0))
            .map(|k| k.min(TIGHT))
            .sum()
    }

    /// Runs the rules until nothing is pending.
    pub(super) fn fixpoint<const TRY: bool>(
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
    pub(super) fn propagate<const TRY: bool>(
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

/// The overlaps of every house, CSR by house: every pair of houses sharing
/// two or more cells (and not all of them), listed from both sides.
pub(super) fn overlaps<M: Mask>(layout: &Layout) -> (Vec<u32>, Vec<Overlap<M>>) {
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
    use rand::Rng;

    use crate::bits::Wide;
    use crate::layout::{House, HouseKind};
    use crate::solver::generic::Engine;

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
