//! The common ground of the chain techniques: the board as bitsets of cells
//! (one set per symbol, one per house, the peers of each cell), the links
//! between candidates, and Sudoku Explainer's length rule.
//!
//! A *candidate* is a symbol in a cell, numbered `cell * N + symbol`; a
//! *literal* is a candidate said true ("on") or false ("off"), numbered
//! `candidate * 2 + on`. Two links make every chain:
//!
//! * weak (on ⇒ off): a true candidate rules out the other candidates of its
//!   cell and the same symbol in the cells it sees;
//! * strong (off ⇒ on): a false candidate forces the other one of a cell
//!   with two candidates left (a bivalue cell), or the other place of a
//!   symbol with two places left in a house (a conjugate pair).
//!
//! Everything is generic over the width `W` of a cell set in 64-bit words,
//! so one code serves 9×9 (two words) up to 25×25 and samurai grids; the
//! chain families skip layouts of more than [`MAX_CELLS`] cells.

use std::rc::Rc;

use super::{Board, Step, Technique};
use crate::layout::{CellId, HouseKind};
use crate::symbol::Symbol;

/// The largest grid the chain techniques search (a 25×25 has 625 cells).
pub(super) const MAX_CELLS: usize = 640;

/// A set of cells, `W` words of 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cells<const W: usize>(pub [u64; W]);

impl<const W: usize> Cells<W> {
    pub const EMPTY: Cells<W> = Cells([0; W]);

    #[inline]
    pub fn has(&self, c: usize) -> bool {
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1 << (c & 63);
    }

    #[inline]
    pub fn remove(&mut self, c: usize) {
        self.0[c >> 6] &= !(1 << (c & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set has two cells or more (cheaper than counting them).
    #[inline]
    pub fn several(&self) -> bool {
        crate::bits::two_or_more(&self.0)
    }

    /// Whether the set has exactly two cells (cheaper than counting them).
    #[inline]
    pub fn is_pair(&self) -> bool {
        let mut found = 0;
        for &w in &self.0 {
            if w != 0 {
                found += if w & (w - 1) == 0 {
                    1
                } else if two_bits(w) {
                    2
                } else {
                    3
                };
                if found > 2 {
                    return false;
                }
            }
        }
        found == 2
    }

    #[inline]
    pub fn and(&self, other: &Cells<W>) -> Cells<W> {
        let mut out = *self;
        for i in 0..W {
            out.0[i] &= other.0[i];
        }
        out
    }

    #[inline]
    pub fn minus(&self, other: &Cells<W>) -> Cells<W> {
        let mut out = *self;
        for i in 0..W {
            out.0[i] &= !other.0[i];
        }
        out
    }

    #[inline]
    pub fn union_with(&mut self, other: &Cells<W>) {
        for i in 0..W {
            self.0[i] |= other.0[i];
        }
    }

    #[inline]
    pub fn intersects(&self, other: &Cells<W>) -> bool {
        (0..W).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// The lowest cell of the set.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.0.iter().enumerate().find(|(_, &w)| w != 0).map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The cells, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        crate::bits::set_bits(self.0.iter().copied())
    }
}

/// Whether a mask has exactly two bits. Cheaper than counting them: the
/// engine is built for any x86-64, without the `popcnt` instruction, and
/// `count_ones` is a dozen instructions there.
#[inline]
pub(super) fn two_bits(m: u64) -> bool {
    let r = m & m.wrapping_sub(1);
    r != 0 && r & (r - 1) == 0
}

/// A literal: candidate `cand` (`cell * N + symbol`) true or false.
#[inline]
pub(super) fn literal(cand: usize, on: bool) -> usize {
    cand * 2 + on as usize
}

/// The board as bitsets, with the links of its candidates.
pub(super) struct Grid<const W: usize> {
    /// The number of symbols `N`.
    pub n: usize,
    pub cell_count: usize,
    /// Candidates of each cell (0 when filled).
    pub cands: Vec<u64>,
    /// Per symbol: the cells where it is a candidate.
    pub places: Vec<Cells<W>>,
    /// Per cell: the cells it sees. (The layout's sets are shared by the
    /// grids of the nested searches, see [`derived`](Self::derived).)
    pub peers: Rc<[Cells<W>]>,
    /// Per house: its cells.
    pub house_cells: Rc<[Cells<W>]>,
    /// The houses of cell `c` at `house_list[house_start[c]..house_start[c + 1]]`
    /// (see [`houses_of`](Self::houses_of)).
    house_list: Rc<[u32]>,
    house_start: Rc<[u32]>,
    /// Per candidate: the other places of its symbol in every house where
    /// the symbol has two places (conjugate pairs).
    pub conjugates: Vec<Cells<W>>,
}

impl<const W: usize> Grid<W> {
    pub fn new(board: &Board) -> Grid<W> {
        let layout = board.layout();
        let (n, cell_count) = (layout.size(), layout.cell_count());
        debug_assert!(cell_count <= W * 64);
        let cands: Vec<u64> = (0..cell_count).map(|c| board.candidates(CellId(c as u32))).collect();
        let house_cells: Vec<Cells<W>> = layout
            .houses()
            .iter()
            .map(|h| {
                let mut set = Cells::EMPTY;
                for c in &h.cells {
                    set.insert(c.index());
                }
                set
            })
            .collect();
        let is_box = |h: u32| matches!(layout.houses()[h as usize].kind, HouseKind::Box | HouseKind::Region);
        let mut peers = vec![Cells::EMPTY; cell_count];
        let mut house_list = Vec::with_capacity(cell_count * 3);
        let mut house_start = Vec::with_capacity(cell_count + 1);
        house_start.push(0);
        for c in 0..cell_count {
            // Boxes (and regions) first.
            let from = house_list.len();
            house_list.extend(layout.houses_of(CellId(c as u32)).map(|h| h.0).filter(|&h| is_box(h)));
            house_list.extend(layout.houses_of(CellId(c as u32)).map(|h| h.0).filter(|&h| !is_box(h)));
            for &h in &house_list[from..] {
                peers[c].union_with(&house_cells[h as usize]);
            }
            peers[c].remove(c);
            house_start.push(house_list.len() as u32);
        }
        let topology = Grid {
            n,
            cell_count,
            cands: Vec::new(),
            places: Vec::new(),
            peers: peers.into(),
            house_cells: house_cells.into(),
            house_list: house_list.into(),
            house_start: house_start.into(),
            conjugates: Vec::new(),
        };
        topology.derived(&cands)
    }

    /// The grid of the same layout with candidates `cands` (one mask per
    /// cell): the layout's sets are shared, not built again.
    pub fn derived(&self, cands: &[u64]) -> Grid<W> {
        let (n, cell_count) = (self.n, self.cell_count);
        let places = places_of(cands, n);
        // House by house: each pair of places is a conjugate pair.
        let mut conjugates = vec![Cells::EMPTY; cell_count * n];
        for house in self.house_cells.iter() {
            for (d, set) in places.iter().enumerate() {
                let there = house.and(set);
                if there.is_pair() {
                    let mut cells = there.iter();
                    let (a, b) = (cells.next().expect("two"), cells.next().expect("two"));
                    conjugates[a * n + d].insert(b);
                    conjugates[b * n + d].insert(a);
                }
            }
        }
        Grid {
            n,
            cell_count,
            cands: cands.to_vec(),
            places,
            peers: Rc::clone(&self.peers),
            house_cells: Rc::clone(&self.house_cells),
            house_list: Rc::clone(&self.house_list),
            house_start: Rc::clone(&self.house_start),
            conjugates,
        }
    }

    /// The houses of a cell, boxes and regions first (the order Sudoku
    /// Explainer looks in), then the others in layout order.
    #[inline]
    pub fn houses_of(&self, c: usize) -> &[u32] {
        &self.house_list[self.house_start[c] as usize..self.house_start[c + 1] as usize]
    }

    /// The candidates (`cell * N + symbol`) of the cells with two or more,
    /// cell by cell.
    pub fn sources(&self) -> Vec<usize> {
        let n = self.n;
        let open = |m: &u64| m & m.wrapping_sub(1) != 0;
        let mut out = Vec::with_capacity(self.cands.iter().filter(|m| open(m)).map(|m| m.count_ones() as usize).sum());
        for (c, m) in self.cands.iter().enumerate().filter(|(_, m)| open(m)) {
            out.extend(bits(*m).map(|d| c * n + d));
        }
        out
    }

    /// The other candidate of a bivalue cell.
    #[inline]
    pub fn bivalue_other(&self, c: usize, d: usize) -> Option<usize> {
        let m = self.cands[c];
        two_bits(m).then(|| (m & !(1 << d)).trailing_zeros() as usize)
    }

    /// Whether `on(a) ⇒ off(b)` is a link (same symbol in cells that see
    /// each other, or, with `cell_links`, two symbols of one cell).
    pub fn weak(&self, a: usize, b: usize, cell_links: bool) -> bool {
        let (ca, da, cb, db) = (a / self.n, a % self.n, b / self.n, b % self.n);
        (da == db && self.peers[ca].has(cb)) || (cell_links && ca == cb && da != db)
    }

    /// Whether `off(a) ⇒ on(b)` is a link: a conjugate pair (with
    /// `house_links`) or a bivalue cell (with `cell_links`).
    pub fn strong(&self, a: usize, b: usize, house_links: bool, cell_links: bool) -> bool {
        let (ca, da, cb, db) = (a / self.n, a % self.n, b / self.n, b % self.n);
        (house_links && da == db && self.conjugates[a].has(cb))
            || (cell_links && ca == cb && self.bivalue_other(ca, da) == Some(db))
    }

    /// Everything candidate `cand` true implies through the links of the
    /// board as it is (weak links, bivalue cells, conjugate pairs), added to
    /// `on` and `off`: per symbol, the cells implied true and false. Stops,
    /// with the sets part way, at the first literal implied together with
    /// its opposite, and returns false. `scratch` holds `2 N` empty sets and
    /// is left so.
    ///
    /// The same sets as a static propagation from `cand` (which follows
    /// every literal one by one, to order them) when there is no
    /// contradiction, worked out a layer of cell sets at a time.
    pub fn implied_by(&self, cand: usize, on: &mut [Cells<W>], off: &mut [Cells<W>], scratch: &mut [Cells<W>]) -> bool {
        let n = self.n;
        let (layer, next) = scratch.split_at_mut(n);
        let (c, d) = (cand / n, cand % n);
        on[d].insert(c);
        layer[d].insert(c);
        // The symbols of the layer's sets that are not empty.
        let mut mask = 1u64 << d;
        let mut layer_on = true;
        let clean = loop {
            let touched = expand(self, ALL_LINKS, layer_on, bits(mask).map(|d| (d, layer[d])), next);
            for d in bits(mask) {
                layer[d] = Cells::EMPTY;
            }
            layer_on = !layer_on;
            let (seen, opposite) = if layer_on { (&mut *on, &*off) } else { (&mut *off, &*on) };
            let mut met = false;
            mask = absorb(next, seen, touched, |d, new| {
                met |= new.intersects(&opposite[d]);
                layer[d] = new;
            });
            if met || mask == 0 {
                break !met;
            }
        };
        for d in bits(mask) {
            layer[d] = Cells::EMPTY;
        }
        clean
    }

    pub fn cell_id(&self, cand: usize) -> CellId {
        CellId((cand / self.n) as u32)
    }

    pub fn symbol(&self, cand: usize) -> Symbol {
        Symbol::new(cand % self.n)
    }
}

/// Per symbol (of `n`), the cells where it is a candidate in `cands`.
pub(super) fn places_of<const W: usize>(cands: &[u64], n: usize) -> Vec<Cells<W>> {
    let mut places = vec![Cells::EMPTY; n];
    for (c, &m) in cands.iter().enumerate() {
        for d in bits(m) {
            places[d].insert(c);
        }
    }
    places
}

/// The bits of a mask, lowest first.
pub(super) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            k
        })
    })
}

/// Which links a layer of [`expand`] follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Links {
    /// Conjugate pairs (strong).
    pub house: bool,
    /// Bivalue cells (strong) and the other candidates of a cell (weak).
    pub cell: bool,
}

const ALL_LINKS: Links = Links { house: true, cell: true };

/// One layer of links from `layer` (true literals when `on`, else false
/// ones; cell sets with their symbol) into `next`, one cell set per
/// symbol: the one step of every static propagation (forcing chains) and
/// chain search. Returns a mask of the symbols whose sets it may have
/// added to.
pub(super) fn expand<const W: usize>(
    g: &Grid<W>,
    links: Links,
    on: bool,
    layer: impl Iterator<Item = (usize, Cells<W>)>,
    next: &mut [Cells<W>],
) -> u64 {
    let n = g.n;
    let mut touched = 0u64;
    for (d, set) in layer {
        if set.is_empty() {
            continue;
        }
        if on {
            // Weak links: the symbol in the peers (their union, then the
            // places), the cell's others.
            let mut seen = Cells::EMPTY;
            for c in set.iter() {
                seen.union_with(&g.peers[c]);
                if links.cell {
                    let others = g.cands[c] & !(1 << d);
                    touched |= others;
                    for e in bits(others) {
                        next[e].insert(c);
                    }
                }
            }
            next[d].union_with(&seen.and(&g.places[d]));
            touched |= 1 << d;
        } else {
            // Strong links: conjugate pairs, bivalue cells.
            for c in set.iter() {
                if links.house {
                    next[d].union_with(&g.conjugates[c * n + d]);
                    touched |= 1 << d;
                }
                if links.cell {
                    if let Some(e) = g.bivalue_other(c, d) {
                        next[e].insert(c);
                        touched |= 1 << e;
                    }
                }
            }
        }
    }
    touched
}

/// Takes what a layer of [`expand`] reached (`next`, for the symbols
/// `touched`) and not `seen` before into `seen`, handing each symbol's new
/// cells to `each`; leaves `next` empty and returns the mask of the
/// symbols with new cells (the next layer's).
pub(super) fn absorb<const W: usize>(
    next: &mut [Cells<W>],
    seen: &mut [Cells<W>],
    touched: u64,
    mut each: impl FnMut(usize, Cells<W>),
) -> u64 {
    let mut mask = 0;
    for d in bits(touched) {
        let new = next[d].minus(&seen[d]);
        next[d] = Cells::EMPTY;
        if new.is_empty() {
            continue;
        }
        seen[d].union_with(&new);
        each(d, new);
        mask |= 1 << d;
    }
    mask
}

/// The candidates that `(c, d)` true makes false, in Sudoku Explainer's
/// order: with `cell_links`, the cell's other candidates; then the symbol
/// in each house of the cell (boxes first), each place once. `cands` and
/// `places` are the board's, or a propagation's as it goes.
pub(super) fn weak_targets<const W: usize>(
    g: &Grid<W>,
    (cands, places): (&[u64], &[Cells<W>]),
    cell_links: bool,
    (c, d): (usize, usize),
    out: &mut Vec<usize>,
) {
    let n = g.n;
    out.clear();
    if cell_links {
        let mut m = cands[c] & !(1 << d);
        while m != 0 {
            out.push(c * n + m.trailing_zeros() as usize);
            m &= m - 1;
        }
    }
    let mut done = Cells::<W>::EMPTY;
    done.insert(c);
    for &h in g.houses_of(c) {
        let there = g.house_cells[h as usize].and(&places[d]).minus(&done);
        out.extend(there.iter().map(|x| x * n + d));
        done.union_with(&there);
    }
}

/// Sudoku Explainer's length rule for chains, in tenths: with
/// `length = complexity - 2` (the complexity counts the distinct literals of
/// the chain, or of all its branches), add 0.1 for each of the thresholds
/// 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, … (alternately ×3/2 and ×4/3) that
/// the length exceeds: about 0.2 per doubling of the length. A 6-literal
/// X-chain (a turbot fish) adds nothing, an 8-literal one 0.1, a 20-literal
/// one 0.5.
pub(super) fn length_tenths(complexity: usize) -> u32 {
    let length = complexity as i64 - 2;
    let (mut ceil, mut odd, mut added) = (4i64, false, 0);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A technique's rating in tenths (exact, unlike `f32`).
pub(super) fn base_tenths(technique: Technique) -> u32 {
    (technique.rating() * 10.0).round() as u32
}

/// A chain step: its technique, its rating in tenths (base and length),
/// what it changes.
pub(super) fn step(technique: Technique, tenths: u32) -> Step {
    let mut step = Step::new(technique);
    step.rating = tenths as f32 / 10.0;
    step
}

/// Calls `$f::<W>($board, …)` with the narrowest cell-set width that holds
/// the board, or gives `None` past [`MAX_CELLS`]. The WebAssembly build has
/// only the 9×9 width and the widest (each width is a copy of every chain
/// technique in the page's module), with the same steps: no technique
/// depends on the width.
macro_rules! by_width {
    ($f:ident, $board:expr $(, $arg:expr)*) => {{
        let cells = $board.layout().cell_count();
        if cells <= 128 {
            $f::<2>($board $(, $arg)*)
        } else if cells <= 256 && cfg!(not(target_arch = "wasm32")) {
            $f::<4>($board $(, $arg)*)
        } else if cells <= 384 && cfg!(not(target_arch = "wasm32")) {
            $f::<6>($board $(, $arg)*)
        } else if cells <= $crate::logic::links::MAX_CELLS {
            $f::<10>($board $(, $arg)*)
        } else {
            None
        }
    }};
}
pub(super) use by_width;

/// Steps checked on boards taken from real puzzles.
#[cfg(test)]
pub(super) mod testing {
    use crate::format::line;
    use crate::layout::Layout;
    use crate::logic::{cell_name, Board, Step, Technique};
    use crate::solver::Solver;
    use crate::symbol::Symbol;

    /// A 9×9 board part way through `puzzle`: nine rows of nine cells, each
    /// its value or its candidates (`"3"`, `"157"`).
    pub struct Case {
        pub puzzle: &'static str,
        pub marks: [&'static str; 9],
        pub technique: Technique,
        pub rating: f32,
        /// What the step removes, as `"r3c1 5"`.
        pub removed: &'static [&'static str],
    }

    /// `find` on the case's board gives its step, which is right.
    pub fn check(case: &Case, find: fn(&Board) -> Option<Step>) {
        let layout = Layout::classic(3).unwrap();
        let mut values = Vec::new();
        let mut marks = Vec::new();
        for row in case.marks {
            for cell in row.split_whitespace() {
                let m = cell.chars().fold(0u64, |m, ch| m | 1 << (ch.to_digit(10).unwrap() - 1));
                values.push((m.count_ones() == 1).then(|| Symbol::new(m.trailing_zeros() as usize)));
                marks.push(m);
            }
        }
        assert_eq!(values.len(), 81);
        let board = Board::new(&layout, &values).unwrap().with_marks(&marks);
        let step = find(&board).expect("a step");
        let text = step.explain(&layout);
        assert_eq!(step.technique, case.technique, "{text}");
        assert_eq!(step.rating, case.rating, "{text}");
        let removed: Vec<String> =
            step.eliminations.iter().map(|&(c, s)| format!("{} {s}", cell_name(&layout, c))).collect();
        assert_eq!(removed, case.removed, "{text}");
        assert!(text.contains(case.technique.name()), "{text}");
        let givens = line::parse(&layout, case.puzzle).unwrap();
        let solution = Solver::new(&layout).solve(&givens).unwrap();
        for (c, v) in values.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(solution[c], *v, "the board agrees with the puzzle");
            }
            assert!(marks[c] >> solution[c].index() & 1 != 0, "the board keeps the answer of cell {c}");
        }
        for &(c, s) in &step.eliminations {
            assert_ne!(solution[c.index()], s, "{text}");
        }
        assert!(!step.cells.is_empty());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_rule_follows_sudoku_explainer() {
        // Complexity → added tenths: lengths up to 4 add nothing, then one
        // tenth past 4, 6, 8, 12, 16, 24, 32, 48.
        let added: Vec<u32> =
            [4, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35, 50, 51].iter().map(|&c| length_tenths(c)).collect();
        assert_eq!(added, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
    }

    #[test]
    fn cell_sets() {
        let mut s: Cells<2> = Cells::EMPTY;
        for c in [3, 64, 80] {
            s.insert(c);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), [3, 64, 80]);
        assert_eq!((s.count(), s.first(), s.is_pair()), (3, Some(3), false));
        s.remove(3);
        assert!(s.has(64) && !s.has(3) && s.is_pair());
        s.remove(64);
        assert!(!s.is_pair());
        s.insert(81);
        assert!(s.is_pair());
        assert!([0u64, 1, 4, 7, 1 << 63 | 1 << 62 | 1].iter().all(|&m| !two_bits(m)));
        assert!([3u64, 5, 1 << 63 | 1].iter().all(|&m| two_bits(m)));
    }

    /// `several` against counting, for every set of at most three cells
    /// among some in either word and at their edges.
    #[test]
    fn several_is_two_or_more() {
        let at = [0, 1, 5, 62, 63, 64, 65, 100, 127];
        for a in at {
            for b in at {
                for c in at {
                    let mut s: Cells<2> = Cells::EMPTY;
                    for x in [a, b, c] {
                        s.insert(x);
                    }
                    assert_eq!(s.several(), s.count() >= 2, "{a} {b} {c}");
                    s.remove(c);
                    assert_eq!(s.several(), s.count() >= 2, "{a} {b}");
                }
            }
        }
        assert!(!Cells::<3>::EMPTY.several());
    }
}
