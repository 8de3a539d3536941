//! Pseudoku partitions: cut a filled grid into regions that each hold every
//! symbol once.
//!
//! An [`Instance`] is a completed `N × N` grid of symbols (any grid, not
//! necessarily a sudoku) and a set of walls, each between two orthogonally
//! adjacent cells (an [`Edge`]). An answer is a [`Partition`] of the cells
//! into `N` orthogonally connected regions of `N` cells, every region holding
//! each of the `N` symbols exactly once, with no wall between two cells of
//! the same region.
//!
//! * [`solve`](fn@solve), [`count`] and [`uniqueness`] enumerate answers through a
//!   [`Sink`] (of [`Partition`]s, as the sudoku solver's is of solutions)
//!   that can stop early, with a node budget and a progress hook.
//! * [`explain`](fn@explain) says what all answers agree on, edge by edge, or why there
//!   is none.
//! * [`validate`](fn@validate) lists what is wrong with a player's (maybe partial)
//!   partition.
//! * [`construct`](fn@construct) makes an instance with exactly one answer and a minimal
//!   set of walls (plus, below [`Difficulty::Hard`], some helpful extra
//!   walls); [`random_regions`] makes random layouts of `N` regions.
//!
//! # The search
//!
//! The solver fills the grid one region at a time. Each region is grown from
//! a **root**, the lowest free cell, so the free cells keep a ragged top
//! edge that sweeps down the grid. Every answer has exactly one region
//! through the root, so each answer is found exactly once; answers are
//! relabelled canonically (regions numbered in order of their lowest cell)
//! so they compare with `==`.
//!
//! A region is grown as a connected set by the classic include/exclude
//! enumeration: a frame holds the cells `S` taken so far and the cells
//! `avail` that may still join; it picks a neighbour `v` of `S` in `avail`,
//! first includes it (a child frame), then excludes it for good (the same
//! frame, `v` removed from `avail`). Every connected set is reached exactly
//! once. `avail` never holds a cell whose symbol `S` already has, nor a cell
//! across a wall from a cell of `S`, so regions are valid by construction.
//!
//! Two neighbours with the same symbol can never share a region, so the
//! edge between them counts as a wall wherever the search asks what is
//! connected to what (an **open** edge has neither).
//!
//! Pruning, all on bitsets of cells (`bits.rs`, `W` 64-bit words chosen by
//! grid size, so a 9×9 grid is two words):
//!
//! * **Reach.** With `k = N − |S|` cells still to add, only cells within `k`
//!   steps of `S` inside `S ∪ avail` can join. That reach must hold every
//!   symbol `S` lacks (and the partner of any forced join); `avail` is cut
//!   down to it. A symbol with a single cell in the reach forces that cell:
//!   when it is a neighbour of `S`, the search branches on it first and
//!   skips its exclude branch.
//! * **Rest.** When a region is complete, every connected component of the
//!   free cells (through open edges) must have a multiple of `N` cells,
//!   `k·N`, and hold each symbol exactly `k` times; a component of exactly
//!   `N` cells must have no wall inside. Only the components touching the
//!   new region are checked: the others did not change. The whole grid is
//!   checked the same way before the search.
//! * **Pockets.** At every node, the pieces of the free cells outside `S`
//!   that hold no cell of the reach are final (the region can never enter
//!   them) and get the rest check at once. Such a piece must touch `S`, so
//!   the check starts from the free neighbours of `S` outside the reach and
//!   stops as soon as a piece meets the reach.
//! * **Lookahead.** When a region is complete, every free dead end (a cell
//!   with at most one open free neighbour; from 12×12 up, at most two) must
//!   still have some region through it that passes the rest check. A small
//!   bounded search (a **probe**) looks for one, nearest the new region
//!   first; the region it finds is kept as a witness for that cell, and a
//!   witness that still fits settles later probes without a search. A dead
//!   end without a region kills the node long before the sweep would reach
//!   it.
//! * **Dead ends.** A set of free cells whose search found no answer is
//!   remembered (a fixed-size, lossy cache of exact keys), and a completed
//!   region leaving the same free set again is dropped. This is exact: the
//!   answers below a node depend only on its free set.
//!
//! Invariants of the search state: the completed regions and the free
//! cells partition the grid; every component of the free cells passes the
//! rest check; frames form an explicit stack (no recursion, so no stack
//! overflow on wasm even at 35×35), allocated once per search, as are the
//! dead-end cache and the witnesses. A node is one visit of a frame, in the
//! search or in a probe; budgets count nodes, never time.
//!
//! # Text format
//!
//! One instance per line: the grid as `N²` symbols of the one-character
//! alphabet (`1`–`9`, then `A`–`Z`), row-major, then whitespace-separated
//! walls `a-b`, where `a` and `b` are the indices `row·N + col` of two
//! orthogonally adjacent cells. Lines starting with `#` are comments
//! ([`Instance::parse_line`] skips them). `N` is inferred from the length of
//! the grid. A grid whose symbols do not each appear `N` times parses fine:
//! it is a well-formed instance without answers, and [`explain`](fn@explain) says why.
//!
//! ```
//! use pseudoku_core::partition::{count, Count, Instance};
//!
//! let seed: Instance = "731298564495186723946753182153874296862531479289415637678342951\
//!     317629845524967318 4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69"
//!     .parse()
//!     .unwrap();
//! assert_eq!(count(&seed, 100, None), Count::Exact(5));
//! ```

use core::fmt;
use std::collections::BTreeSet;

use crate::layout::CellId;
use crate::symbol::{Symbol, MAX_CHAR_SYMBOLS};

pub(crate) mod bits;
mod complete;
mod construct;
mod engine;
mod explain;
mod fillers;
mod solve;
mod text;
mod validate;
mod walls;

#[cfg(test)]
mod tests;

// Random region maps are a layout concern (`layout::random`); re-exported
// here, beside `construct`, which draws its answers with them.
#[doc(inline)]
pub use crate::layout::random_regions;
pub use complete::{complete, redundant_walls, trim_walls, wall_can_go, CompleteError, Completion};
pub use construct::{
    construct, construct_for_answer, construct_for_grid, construct_with, ConstructConfig, ConstructError, Construction,
};
pub use engine::SolveConfig;
pub use explain::{explain, Explainer, Explanation, NoAnswerReason, Verdict, SEVERAL_LIMIT};
pub use fillers::{GridFiller, JigsawLatinFiller, RegionShuffleFiller, SolverFiller};
pub(crate) use solve::first_answers;
pub use solve::{all_answers, count, solve, solve_joined, uniqueness};
pub use text::ParseError;

pub use crate::search::{Count, Flow, Progress, SearchEnd, SearchReport, Sink, Uniqueness};
pub use validate::{validate, Problem, ValidateError, Validation};
pub use walls::{is_minimal, Difficulty, WallStrategy};

/// The largest supported `N`: the one-character alphabet has 35 symbols.
pub const MAX_SIZE: usize = MAX_CHAR_SYMBOLS;

/// Two orthogonally adjacent cells `a < b` of an `N × N` grid, by index
/// `row·N + col`: where a wall can stand.
///
/// An `Edge` does not remember `N`; [`Edge::new`] checks adjacency for a
/// given size, and [`Instance`] checks its walls against its own size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    a: u32,
    b: u32,
}

impl Edge {
    /// The edge between cells `x` and `y` (in either order) of an
    /// `size × size` grid, or `None` when they are not orthogonal neighbours
    /// on the grid.
    pub fn new(size: usize, x: CellId, y: CellId) -> Option<Edge> {
        let (a, b) = (x.min(y).index(), x.max(y).index());
        let cells = size.checked_mul(size)?;
        if b >= cells {
            return None;
        }
        let adjacent = (b == a + 1 && b % size != 0) || b == a + size;
        adjacent.then_some(Edge { a: a as u32, b: b as u32 })
    }

    /// The lower cell.
    #[inline]
    pub fn a(self) -> CellId {
        CellId(self.a)
    }

    /// The higher cell.
    #[inline]
    pub fn b(self) -> CellId {
        CellId(self.b)
    }

    /// True when the two cells are side by side in a row (`b = a + 1`);
    /// false when one is above the other.
    #[inline]
    pub fn in_row(self) -> bool {
        self.b == self.a + 1
    }

    /// Every edge of a `size × size` grid, in increasing order.
    pub fn all(size: usize) -> impl Iterator<Item = Edge> {
        (0..(size * size) as u32).flat_map(move |a| {
            let right = Edge::new(size, CellId(a), CellId(a + 1));
            let down = Edge::new(size, CellId(a), CellId(a + size as u32));
            right.into_iter().chain(down)
        })
    }

    /// The orthogonal neighbours of `cell` in a `size × size` grid: up,
    /// down, left and right, those on the grid (none for a cell off it).
    pub fn neighbours(size: usize, cell: CellId) -> impl Iterator<Item = CellId> {
        let c = cell.index();
        let on = c < size.saturating_mul(size);
        let (r, col) = if on { (c / size, c % size) } else { (0, 0) };
        let up = (on && r > 0).then(|| c - size);
        let down = (on && r + 1 < size).then(|| c + size);
        let left = (on && col > 0).then(|| c - 1);
        let right = (on && col + 1 < size).then(|| c + 1);
        [up, down, left, right].into_iter().flatten().map(|d| CellId(d as u32))
    }

    /// The edges between two cells of different labels in a `size × size`
    /// grid (`labels` has one per cell, row by row): the walls of a region
    /// map, in increasing order.
    pub fn borders(size: usize, labels: &[usize]) -> impl Iterator<Item = Edge> + '_ {
        Edge::all(size).filter(move |e| labels.get(e.a().index()) != labels.get(e.b().index()))
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.a, self.b)
    }
}

/// Why an [`Instance`] could not be built from parts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstanceError {
    #[error("a partition grid must be between 1×1 and {MAX_SIZE}×{MAX_SIZE}, not {0}×{0}")]
    BadSize(usize),
    #[error("a {size}×{size} grid needs {expected} symbols, found {found}")]
    SymbolCount { size: usize, expected: usize, found: usize },
    #[error("cell {cell} holds symbol {symbol}, which is not one of the {size} symbols of a {size}×{size} grid")]
    SymbolOutOfRange { cell: CellId, symbol: Symbol, size: usize },
    #[error("wall {edge} does not separate two adjacent cells of a {size}×{size} grid")]
    BadWall { edge: Edge, size: usize },
}

/// A Pseudoku puzzle: a filled `N × N` grid and its walls.
///
/// Invariant: `1 ≤ N ≤ MAX_SIZE`, `N²` symbols each below `N`, and every
/// wall is an [`Edge`] of this grid. Symbols need not appear `N` times each;
/// such an instance simply has no answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    size: usize,
    symbols: Vec<Symbol>,
    walls: BTreeSet<Edge>,
}

impl Instance {
    /// Builds an instance, checking sizes, symbols and walls.
    pub fn new(
        size: usize,
        symbols: Vec<Symbol>,
        walls: impl IntoIterator<Item = Edge>,
    ) -> Result<Instance, InstanceError> {
        if size == 0 || size > MAX_SIZE {
            return Err(InstanceError::BadSize(size));
        }
        let cells = size * size;
        if symbols.len() != cells {
            return Err(InstanceError::SymbolCount { size, expected: cells, found: symbols.len() });
        }
        if let Some((cell, &symbol)) = symbols.iter().enumerate().find(|(_, s)| s.index() >= size) {
            return Err(InstanceError::SymbolOutOfRange { cell: CellId(cell as u32), symbol, size });
        }
        let mut instance = Instance { size, symbols, walls: BTreeSet::new() };
        for edge in walls {
            instance.add_wall(edge)?;
        }
        Ok(instance)
    }

    /// `N`: the number of symbols, of regions, and of cells in a region.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// `N²`.
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The symbols, row-major.
    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// The symbol of `cell`.
    ///
    /// # Panics
    /// When `cell >= N²`.
    pub fn symbol(&self, cell: CellId) -> Symbol {
        self.symbols[cell.index()]
    }

    /// The walls, in increasing order.
    pub fn walls(&self) -> impl ExactSizeIterator<Item = Edge> + '_ {
        self.walls.iter().copied()
    }

    pub fn wall_count(&self) -> usize {
        self.walls.len()
    }

    pub fn has_wall(&self, edge: Edge) -> bool {
        self.walls.contains(&edge)
    }

    /// The edge between two cells of this grid, if they are adjacent.
    pub fn edge(&self, x: CellId, y: CellId) -> Option<Edge> {
        Edge::new(self.size, x, y)
    }

    /// True when `edge` joins two adjacent cells of this grid.
    pub fn is_edge(&self, edge: Edge) -> bool {
        Edge::new(self.size, edge.a(), edge.b()) == Some(edge)
    }

    /// Adds a wall; `Ok(false)` when it was already there.
    pub fn add_wall(&mut self, edge: Edge) -> Result<bool, InstanceError> {
        if !self.is_edge(edge) {
            return Err(InstanceError::BadWall { edge, size: self.size });
        }
        Ok(self.walls.insert(edge))
    }

    /// Removes a wall; false when there was none.
    pub fn remove_wall(&mut self, edge: Edge) -> bool {
        self.walls.remove(&edge)
    }

    /// The same grid with other walls.
    pub fn with_walls(&self, walls: impl IntoIterator<Item = Edge>) -> Result<Instance, InstanceError> {
        Instance::new(self.size, self.symbols.clone(), walls)
    }
}

/// An answer, or any division of an `N × N` grid into labelled regions:
/// `N²` labels, one per cell, numbered canonically — `0, 1, …` in order of
/// each region's lowest cell — so equal partitions compare equal.
///
/// The type does not promise validity (use [`validate`](fn@validate) for that); answers
/// from the solver are always valid.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Partition {
    size: usize,
    labels: Vec<u8>,
}

impl Partition {
    /// A partition from any region names, one per cell, renumbered
    /// canonically. `None` when there are not `size²` labels or more than
    /// 256 distinct names.
    pub fn from_labels(size: usize, labels: &[usize]) -> Option<Partition> {
        if labels.len() != size.checked_mul(size)? {
            return None;
        }
        let mut names: Vec<usize> = Vec::new();
        let mut out = Vec::with_capacity(labels.len());
        for &l in labels {
            let k = match names.iter().position(|&n| n == l) {
                Some(k) => k,
                None => {
                    names.push(l);
                    names.len() - 1
                }
            };
            out.push(u8::try_from(k).ok()?);
        }
        Some(Partition { size, labels: out })
    }

    pub(crate) fn from_canonical(size: usize, labels: Vec<u8>) -> Partition {
        Partition { size, labels }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// The region of `cell`.
    ///
    /// # Panics
    /// When `cell >= N²`.
    pub fn region_of(&self, cell: CellId) -> usize {
        self.labels[cell.index()] as usize
    }

    /// The label of every cell, row-major.
    pub fn labels(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.labels.iter().map(|&l| l as usize)
    }

    /// The number of regions.
    pub fn region_count(&self) -> usize {
        self.labels.iter().map(|&l| l as usize + 1).max().unwrap_or(0)
    }

    /// The cells of each region, each list increasing.
    pub fn regions(&self) -> Vec<Vec<CellId>> {
        let mut out = vec![Vec::new(); self.region_count()];
        for (cell, &l) in self.labels.iter().enumerate() {
            out[l as usize].push(CellId(cell as u32));
        }
        out
    }

    /// True when both cells of `edge` are in the same region.
    pub fn joins(&self, edge: Edge) -> bool {
        self.labels[edge.a().index()] == self.labels[edge.b().index()]
    }

    /// The edges between two regions: where walls may stand without
    /// breaking this partition.
    pub fn borders(&self) -> impl Iterator<Item = Edge> + '_ {
        Edge::all(self.size).filter(|&e| !self.joins(e))
    }
}

impl fmt::Display for Partition {
    /// One row per line, each region written with the one-character alphabet
    /// (region 0 as `1`, region 9 as `A`, …).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &l) in self.labels.iter().enumerate() {
            if i > 0 && i % self.size == 0 {
                writeln!(f)?;
            }
            match crate::symbol::index_to_char(l as usize) {
                Some(c) => write!(f, "{c}")?,
                None => write!(f, "({l})")?,
            }
        }
        Ok(())
    }
}
