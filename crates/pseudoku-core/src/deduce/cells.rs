//! The board seen as sets of cells ([`View`]): borders, groups and symbols as
//! bitsets of `64 × W` cells, so the searches of `shapes.rs` and `areas.rs`
//! grow and flood whole sets a word at a time instead of a cell and a
//! neighbour at a time.
//!
//! A view is rebuilt from the [`Board`] at the start of each technique run
//! (one pass over the cells and edges) into buffers kept in `Ctx`
//! ([`Views`]), one per width: two words up to 11×11, four to 16×16, eight
//! to 22×22 and twenty to the largest grid, as the partition search picks
//! them.

use core::any::Any;
use core::cell::RefCell;

use super::board::{Board, Mark};
use super::fits::{Fits, RestEdges};
use crate::partition::bits::Bits;

/// The board as cell sets. Group indices are the board's.
pub(crate) struct View<const W: usize> {
    pub n: usize,
    pub all: Bits<W>,
    /// Cells whose edge to the right (`right`) or down (`down`) exists and
    /// is not a border.
    pass_right: Bits<W>,
    pass_down: Bits<W>,
    /// Cells whose edge to the right or down is a border.
    border_right: Bits<W>,
    border_down: Bits<W>,
    /// Cells whose edge to the right or down is a join.
    join_right: Bits<W>,
    join_down: Bits<W>,
    /// Cells with a neighbour to the right, and below.
    has_right: Bits<W>,
    has_down: Bits<W>,
    /// The cells holding each symbol.
    pub sym: Vec<Bits<W>>,
    /// The cells of each group.
    pub group: Vec<Bits<W>>,
    /// The cells of the groups holding each symbol.
    pub with_symbol: Vec<Bits<W>>,
    /// `at_least[k]`: the cells of the groups of `k` cells or more, for `k`
    /// up to `N + 1` (empty there).
    pub at_least: Vec<Bits<W>>,
    /// Per group: the cells of the groups sharing a symbol with it (itself
    /// included), its neighbours across a border, and its neighbours
    /// through edges that are not borders. Each is a union over cells or
    /// symbols, so the value for a set of groups is the union of theirs
    /// (the shape listing keeps them up to date as it takes groups).
    pub clash: Vec<Bits<W>>,
    /// Only the shape listing reads these two: they are made for it alone
    /// ([`Views::refresh_all`]; `around` says they are of the board seen).
    pub border_around: Vec<Bits<W>>,
    pub pass_around: Vec<Bits<W>>,
    around: bool,
    /// The marks and symbols of the board last seen: a board with the same
    /// (regrouped, as every technique sees it) has the same view.
    seen_marks: Vec<Mark>,
    seen_symbols: Vec<u8>,
    /// Answers of [`View::rest_fits`], kept across boards (`fits.rs`).
    fits: RefCell<Fits<W>>,
}

impl<const W: usize> View<W> {
    fn empty() -> View<W> {
        View {
            n: 0,
            all: Bits::EMPTY,
            pass_right: Bits::EMPTY,
            pass_down: Bits::EMPTY,
            border_right: Bits::EMPTY,
            border_down: Bits::EMPTY,
            join_right: Bits::EMPTY,
            join_down: Bits::EMPTY,
            has_right: Bits::EMPTY,
            has_down: Bits::EMPTY,
            sym: Vec::new(),
            group: Vec::new(),
            with_symbol: Vec::new(),
            at_least: Vec::new(),
            clash: Vec::new(),
            border_around: Vec::new(),
            pass_around: Vec::new(),
            around: false,
            seen_marks: Vec::new(),
            seen_symbols: Vec::new(),
            fits: RefCell::new(Fits::new()),
        }
    }

    /// Rebuilds the view of `b`, reusing the buffers (nothing to do when it
    /// is the board last seen); with `around`, the groups' neighbours too.
    fn refresh(&mut self, b: &Board, around: bool) {
        self.refresh_base(b);
        if around && !self.around {
            self.border_around.clear();
            self.pass_around.clear();
            for g in 0..self.group.len() {
                let cells = self.group[g];
                self.border_around.push(self.border_neighbours(cells));
                self.pass_around.push(self.pass_neighbours(cells));
            }
            self.around = true;
        }
    }

    /// [`View::refresh`] but for the groups' neighbours.
    fn refresh_base(&mut self, b: &Board) {
        let n = b.size();
        let cells = n * n;
        assert!(cells <= 64 * W, "a {n}×{n} board does not fit {W} words");
        let same_symbols = self.n == n && self.seen_symbols == b.symbols();
        if same_symbols && self.seen_marks == b.marks() {
            return;
        }
        self.seen_marks.clear();
        self.seen_marks.extend_from_slice(b.marks());
        self.around = false;
        if self.n != n {
            self.n = n;
            self.all = Bits::first_n(cells);
            let (mut right, mut down) = (Bits::EMPTY, Bits::EMPTY);
            for c in 0..cells {
                if c % n + 1 < n {
                    right.insert(c);
                }
                if c + n < cells {
                    down.insert(c);
                }
            }
            self.has_right = right;
            self.has_down = down;
        }
        if !same_symbols {
            self.seen_symbols.clear();
            self.seen_symbols.extend_from_slice(b.symbols());
            self.sym.clear();
            self.sym.resize(n, Bits::EMPTY);
            for c in 0..cells {
                self.sym[b.symbol(c) as usize].insert(c);
            }
        }
        let (mut border_right, mut border_down) = (Bits::EMPTY, Bits::EMPTY);
        let (mut join_right, mut join_down) = (Bits::EMPTY, Bits::EMPTY);
        // Slots off the grid are open.
        for (s, &mark) in b.marks().iter().enumerate() {
            let (right, down) = match mark {
                Mark::Open => continue,
                Mark::Border => (&mut border_right, &mut border_down),
                Mark::Join => (&mut join_right, &mut join_down),
            };
            if s % 2 == 0 {
                right.insert(s / 2);
            } else {
                down.insert(s / 2);
            }
        }
        self.border_right = border_right;
        self.border_down = border_down;
        self.join_right = join_right;
        self.join_down = join_down;
        self.pass_right = self.has_right.andnot(border_right);
        self.pass_down = self.has_down.andnot(border_down);
        self.fits.get_mut().keep_for(n, b.symbols());
        let groups = b.groups();
        self.group.clear();
        self.group.resize(groups.len(), Bits::EMPTY);
        for c in 0..cells {
            self.group[b.group_of(c)].insert(c);
        }
        self.with_symbol.clear();
        self.with_symbol.resize(n, Bits::EMPTY);
        self.at_least.clear();
        self.at_least.resize(n + 2, Bits::EMPTY);
        for (g, group) in groups.iter().enumerate() {
            let cells = self.group[g];
            let mut mask = group.mask;
            while mask != 0 {
                let s = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                self.with_symbol[s] = self.with_symbol[s] | cells;
            }
            let k = (group.size as usize).min(n + 1);
            self.at_least[k] = self.at_least[k] | cells;
        }
        for k in (0..=n).rev() {
            self.at_least[k] = self.at_least[k] | self.at_least[k + 1];
        }
        self.clash.clear();
        for group in groups {
            let mut clash = Bits::EMPTY;
            let mut mask = group.mask;
            while mask != 0 {
                clash = clash | self.with_symbol[mask.trailing_zeros() as usize];
                mask &= mask - 1;
            }
            self.clash.push(clash);
        }
    }

    /// The neighbours of the cells of `x` through edges that are not
    /// borders (cells of `x` among them when two of `x` touch).
    #[inline]
    pub fn pass_neighbours(&self, x: Bits<W>) -> Bits<W> {
        across(x, self.pass_right, self.pass_down, self.n as u32)
    }

    /// The neighbours of the cells of `x` across borders.
    #[inline]
    fn border_neighbours(&self, x: Bits<W>) -> Bits<W> {
        across(x, self.border_right, self.border_down, self.n as u32)
    }

    /// The neighbours of the cells of `x`, across any edge.
    #[inline]
    pub fn neighbours(&self, x: Bits<W>) -> Bits<W> {
        across(x, self.has_right, self.has_down, self.n as u32)
    }

    /// The cells reachable from `seed` inside `within` through edges that
    /// are not borders (`seed` must lie in `within`).
    #[inline]
    pub fn flood(&self, seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let (mut reached, mut front) = (seed, seed);
        loop {
            front = self.pass_neighbours(front) & within.andnot(reached);
            if front.is_empty() {
                return reached;
            }
            reached = reached | front;
        }
    }

    /// True when two cells of `x` have an open edge between them.
    #[inline]
    pub fn has_inner_open(&self, x: Bits<W>) -> bool {
        let k = self.n as u32;
        let open_right = self.has_right.andnot(self.border_right | self.join_right);
        let open_down = self.has_down.andnot(self.border_down | self.join_down);
        (x & open_right).intersects(&x.shr(1)) || (x & open_down).intersects(&x.shr(k))
    }

    /// True when two cells of `x` have a border between them.
    #[inline]
    pub fn has_inner_border(&self, x: Bits<W>) -> bool {
        let k = self.n as u32;
        (x & self.border_right).intersects(&x.shr(1)) || (x & self.border_down).intersects(&x.shr(k))
    }

    /// True when `set`, `N` cells holding every symbol once and connected
    /// through its own edges, is a shape of `group` on this board: it holds
    /// the group, no join leaves it (so it is whole groups), no border runs
    /// inside it (so it is still connected), and the rest fits
    /// ([`View::rest_fits`]).
    #[inline]
    pub fn is_shape(&self, set: Bits<W>, group: Bits<W>) -> bool {
        let k = self.n as u32;
        let (right, down) = (set.shr(1), set.shr(k));
        let cut = (self.join_right & (set.andnot(right) | right.andnot(set)))
            | (self.join_down & (set.andnot(down) | down.andnot(set)));
        group.is_subset(&set) && cut.is_empty() && !self.has_inner_border(set) && self.rest_fits(set)
    }

    /// The marks of every edge touching a cell of `x`: borders to the
    /// right and down, then joins. Two boards with the same marks there
    /// have the same groups at the cells of `x` (groups are made of joins).
    #[inline]
    pub fn marks_touching(&self, x: Bits<W>) -> [Bits<W>; 4] {
        let k = self.n as u32;
        let (right, down) = (x | x.shr(1), x | x.shr(k));
        [self.border_right & right, self.border_down & down, self.join_right & right, self.join_down & down]
    }

    /// Can the rest of the board, once `set` (a complete region) is taken
    /// out, still be whole regions? Every area it leaves must be `k·N`
    /// cells holding each symbol `k` times, and an area of `N` cells have
    /// no border inside.
    pub fn rest_fits(&self, set: Bits<W>) -> bool {
        let rest = self.all.andnot(set);
        let k = self.n as u32;
        let inner = [rest & rest.shr(1) & self.has_right, rest & rest.shr(k) & self.has_down];
        let edges = RestEdges { inner, borders: [self.border_right & inner[0], self.border_down & inner[1]] };
        if let Some(answer) = self.fits.borrow().get(&set, &edges) {
            return answer;
        }
        let (answer, whole) = self.rest_fits_now(set);
        self.fits.borrow_mut().put(set, &edges, answer, whole);
        answer
    }

    /// [`View::rest_fits`] worked out, and whether the rest is one area.
    fn rest_fits_now(&self, set: Bits<W>) -> (bool, bool) {
        let n = self.n;
        let rest = self.all.andnot(set);
        let mut seeds = self.neighbours(set) & rest;
        while let Some(c) = seeds.first() {
            let area = self.flood(Bits::single(c), rest);
            if area == rest {
                // All the rest in one area: it holds every symbol `N − 1`
                // times (the set holds each once), so it fits unless it must
                // be one region.
                return (n > 2 || !self.has_inner_border(area), true);
            }
            seeds = seeds.andnot(area);
            let size = area.count();
            if size % n != 0 {
                return (false, false);
            }
            let k = size / n;
            let wrong = if k == 1 {
                self.sym.iter().any(|m| !(area & *m).is_single())
            } else {
                self.sym.iter().any(|m| area.count_and(m) != k)
            };
            if wrong {
                return (false, false);
            }
            // A border between two cells of the area matters only when the
            // area must be one region.
            if size == n && self.has_inner_border(area) {
                return (false, false);
            }
        }
        (true, false)
    }

    /// The cells of the groups that cannot join a set of `size` cells whose
    /// groups' [`View::clash`] make `clash`: they share a symbol with it, or
    /// have too many cells.
    #[inline]
    pub fn incompatible(&self, clash: Bits<W>, size: usize) -> Bits<W> {
        self.at_least[(self.n + 1 - size).min(self.n + 1)] | clash
    }
}

/// The neighbours of the cells of `x` across the edges of `right` (cells
/// whose edge to the right is meant) and `down`, on a grid `k` wide.
#[inline]
fn across<const W: usize>(x: Bits<W>, right: Bits<W>, down: Bits<W>, k: u32) -> Bits<W> {
    (x & right).shl(1) | (x.shr(1) & right) | (x & down).shl(k) | (x.shr(k) & down)
}

/// True when `x` holds two cells or more.
#[inline]
pub(crate) fn two_or_more<const W: usize>(x: &Bits<W>) -> bool {
    crate::bits::two_or_more(&x.0)
}

/// The views of one solve, one per width, kept between technique runs so
/// that rebuilding one allocates nothing.
#[derive(Default)]
pub(crate) struct Views(Vec<Box<dyn Any>>);

impl Views {
    /// Rebuilds the view of `b` in `W` words, all but the groups'
    /// neighbours (which only the shape listing reads).
    pub fn refresh<const W: usize>(&mut self, b: &Board) {
        self.view_mut::<W>().refresh(b, false);
    }

    /// Rebuilds the whole view of `b` in `W` words.
    pub fn refresh_all<const W: usize>(&mut self, b: &Board) {
        self.view_mut::<W>().refresh(b, true);
    }

    fn view_mut<const W: usize>(&mut self) -> &mut View<W> {
        let at = match self.0.iter().position(|v| v.is::<View<W>>()) {
            Some(i) => i,
            None => {
                self.0.push(Box::new(View::<W>::empty()));
                self.0.len() - 1
            }
        };
        self.0[at].downcast_mut::<View<W>>().expect("found by type")
    }

    /// The view in `W` words as last rebuilt.
    ///
    /// # Panics
    /// When no view of that width was built.
    pub fn get<const W: usize>(&self) -> &View<W> {
        self.0.iter().find_map(|v| v.downcast_ref::<View<W>>()).expect("refreshed first")
    }
}

/// Calls `$f::<W>($args)` with the width `W` that fits `$cells` cells. In
/// WebAssembly, where each width is another copy of the shape listing in the
/// page's download, grids past 16×16 share the widest (the same answers).
macro_rules! by_width {
    ($cells:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match $cells {
            0..=128 => $f::<2>($($arg),*),
            129..=256 => $f::<4>($($arg),*),
            #[cfg(not(target_arch = "wasm32"))]
            257..=512 => $f::<8>($($arg),*),
            _ => $f::<20>($($arg),*),
        }
    };
}
pub(crate) use by_width;
