//! Complete grids of boxed layouts built band by band, with no search.
//!
//! A grid with `r × c` boxes (`N = r·c` symbols; `c` bands of `r` rows, `r`
//! stacks of `c` columns) is two independent kinds of choice:
//!
//! 1. **Which symbols each minirow holds.** A minirow is the `c` cells of one
//!    row inside one box. In a band, each symbol lies in one minirow of each
//!    row and one of each box: a permutation of the `r × r` array of
//!    minirows. Each minirow holds `c` symbols, so the band is the array
//!    "every entry `c`" split into `N` permutation matrices. Drawing them one
//!    symbol at a time, each as a random perfect matching of what is left,
//!    never fails: what is left always has equal row and column sums, and
//!    such a matrix always contains a permutation (Birkhoff, König).
//! 2. **Which column of its stack each symbol of a minirow goes to.** In a
//!    stack, the `N` minirows against the `N` symbols form a `c`-regular
//!    bipartite graph (a symbol is in one minirow of the stack per band). A
//!    column is a perfect matching of it (one symbol from every minirow, every
//!    symbol once), so the `c` columns are an edge colouring, which a regular
//!    bipartite graph always has (König). Drawn one column at a time as random
//!    perfect matchings, it never fails either.
//!
//! Rows, boxes (step 1) and columns (step 2) then hold every symbol once,
//! every grid can come out, nothing ever backtracks, and a 100×100 grid takes
//! milliseconds where a search thrashes. It is not exactly uniform (neither is
//! a randomised search); the fill relabels symbols at random afterwards, so
//! every symbol is equally likely in every cell.

use rand::RngCore;

use crate::layout::{Geometry, Layout};
use crate::seed::shuffle;
use crate::symbol::Symbol;

/// The box shape `(rows, columns)` when `layout` is exactly a boxed sudoku:
/// an `N × N` board whose houses are its rows, columns and `N` aligned boxes
/// of one shape, and nothing else (no diagonal, no extra house).
pub fn box_shape(layout: &Layout) -> Option<(usize, usize)> {
    let n = layout.size();
    let Geometry::Board { height, width, positions } = layout.geometry() else { return None };
    if *height != n || *width != n || layout.cell_count() != n * n || layout.houses().len() != 3 * n {
        return None;
    }
    let mut covered = vec![false; n * n];
    for &(r, c) in positions {
        let at = r as usize * n + c as usize;
        if std::mem::replace(&mut covered[at], true) {
            return None;
        }
    }
    // Every house has N distinct cells, and every position one cell: a house
    // inside one row is that row, and one inside an `h × w` rectangle with
    // `h·w = N` is that rectangle.
    let (mut rows, mut cols, mut boxes) = (vec![false; n], vec![false; n], vec![false; n]);
    let mut shape = None;
    for house in layout.houses() {
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for cell in &house.cells {
            let (r, c) = positions[cell.index()];
            (r0, r1) = (r0.min(r as usize), r1.max(r as usize));
            (c0, c1) = (c0.min(c as usize), c1.max(c as usize));
        }
        let seen = if r0 == r1 {
            &mut rows[r0]
        } else if c0 == c1 {
            &mut cols[c0]
        } else {
            let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
            if h * w != n || r0 % h != 0 || c0 % w != 0 || shape.is_some_and(|s| s != (h, w)) {
                return None;
            }
            shape = Some((h, w));
            &mut boxes[(r0 / h) * (n / w) + c0 / w]
        };
        if std::mem::replace(seen, true) {
            return None;
        }
    }
    shape
}

/// A random complete grid with `box_rows × box_cols` boxes, row-major
/// (`grid[row * N + column]`), drawn as the module documentation says.
pub fn fill_boxed(box_rows: usize, box_cols: usize, rng: &mut dyn RngCore) -> Vec<Symbol> {
    let (r, c) = (box_rows, box_cols);
    let n = r * c;
    let mut matcher = Matcher::default();
    // The symbols of minirow (grid row, stack): `c` slots at
    // `(row * r + stack) * c`, filled in step 1 and used up in step 2.
    let mut minirows = vec![0u32; n * r * c];
    let mut filled = vec![0u32; n * r];
    // Step 1, per band. Graph: the band's rows against stacks, an edge
    // where that minirow still has room; `edges` holds each row's stacks.
    let mut edges = vec![0u32; r * r];
    let mut degree = vec![0u32; r];
    let mut stack_of_row = vec![0u32; r];
    let mut symbols: Vec<u32> = (0..n as u32).collect();
    for band in 0..c {
        shuffle(&mut symbols, rng);
        for &s in &symbols {
            for row in 0..r {
                degree[row] = 0;
                for stack in 0..r {
                    if filled[(band * r + row) * r + stack] < c as u32 {
                        edges[row * r + degree[row] as usize] = stack as u32;
                        degree[row] += 1;
                    }
                }
            }
            matcher.perfect(r, &mut edges, &degree, &mut stack_of_row, rng);
            for (row, &stack) in stack_of_row.iter().enumerate() {
                let at = (band * r + row) * r + stack as usize;
                minirows[at * c + filled[at] as usize] = s;
                filled[at] += 1;
            }
        }
    }
    // Step 2, per stack. Graph: the stack's minirows (one per grid row)
    // against symbols, `c`-regular; each column is a perfect matching of
    // what is left.
    let mut grid = vec![Symbol::new(0); n * n];
    let mut edges = vec![0u32; n * c];
    let mut degree = vec![0u32; n];
    let mut symbol_of_row = vec![0u32; n];
    for stack in 0..r {
        for row in 0..n {
            let at = (row * r + stack) * c;
            edges[row * c..(row + 1) * c].copy_from_slice(&minirows[at..at + c]);
            degree[row] = c as u32;
        }
        for k in 0..c {
            matcher.perfect(n, &mut edges, &degree, &mut symbol_of_row, rng);
            for (row, &s) in symbol_of_row.iter().enumerate() {
                grid[row * n + stack * c + k] = Symbol::new(s as usize);
                let list = &mut edges[row * c..row * c + degree[row] as usize];
                let i = list.iter().position(|&t| t == s).expect("the matched symbol is a neighbour");
                list.swap(i, list.len() - 1);
                degree[row] -= 1;
            }
        }
    }
    grid
}

/// Random perfect matchings of bipartite graphs known to have one
/// (augmenting paths, Kuhn's algorithm, in a random order). Buffers are
/// kept between calls.
#[derive(Default)]
struct Matcher {
    /// Left vertex matched to each right vertex.
    owner: Vec<u32>,
    /// Search stamp of each right vertex.
    seen: Vec<u32>,
    stamp: u32,
    order: Vec<u32>,
}

const FREE: u32 = u32::MAX;

impl Matcher {
    /// A perfect matching of the graph with `n` vertices on each side
    /// whose left vertex `v` has the right neighbours
    /// `edges[v * stride..][..degree[v]]` (`stride = edges.len() / n`),
    /// written as `matched[left] = right`. Shuffles each neighbour list.
    fn perfect(&mut self, n: usize, edges: &mut [u32], degree: &[u32], matched: &mut [u32], rng: &mut dyn RngCore) {
        let stride = edges.len() / n;
        for (v, list) in edges.chunks_mut(stride).enumerate() {
            shuffle(&mut list[..degree[v] as usize], rng);
        }
        self.owner.clear();
        self.owner.resize(n, FREE);
        self.seen.clear();
        self.seen.resize(n, 0);
        self.stamp = 0;
        self.order.clear();
        self.order.extend(0..n as u32);
        shuffle(&mut self.order, rng);
        for i in 0..n {
            self.stamp += 1;
            let found = self.augment(edges, stride, degree, self.order[i]);
            debug_assert!(found, "a regular bipartite graph has a perfect matching");
        }
        for (right, &left) in self.owner.iter().enumerate() {
            if left != FREE {
                matched[left as usize] = right as u32;
            }
        }
    }

    /// Finds an augmenting path from `left` (depth-first, at most `n` deep).
    fn augment(&mut self, edges: &[u32], stride: usize, degree: &[u32], left: u32) -> bool {
        let from = left as usize * stride;
        for &right in &edges[from..from + degree[left as usize] as usize] {
            let right = right as usize;
            if self.seen[right] == self.stamp {
                continue;
            }
            self.seen[right] = self.stamp;
            let owner = self.owner[right];
            if owner == FREE || self.augment(edges, stride, degree, owner) {
                self.owner[right] = left;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::is_solved;
    use crate::seed::rng_from_seed;

    #[test]
    fn every_box_shape_gives_valid_grids() {
        for (r, c) in [(1, 1), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4), (5, 5), (2, 8), (7, 7)] {
            let layout = Layout::boxed(r, c).unwrap();
            assert_eq!(box_shape(&layout), Some((r, c)).filter(|_| r * c > 1));
            for seed in 0..4 {
                let grid = fill_boxed(r, c, &mut rng_from_seed(seed));
                let cells: Vec<_> = grid.into_iter().map(Some).collect();
                assert!(is_solved(&layout, &cells), "{r}×{c} boxes, seed {seed}");
            }
        }
    }

    #[test]
    fn other_layouts_are_not_boxed() {
        assert_eq!(box_shape(&Layout::latin(9).unwrap()), None);
        assert_eq!(box_shape(&Layout::classic(3).unwrap().with_diagonals().unwrap()), None);
        assert_eq!(box_shape(&Layout::pie(12, 6).unwrap()), None);
        // A jigsaw whose regions 1 and 4 trade a cell along their border.
        let traded: Vec<usize> = "111222333111222333114222333144555666444555666444555666777888999777888999777888999"
            .bytes()
            .map(|b| (b - b'0') as usize)
            .collect();
        assert_eq!(box_shape(&Layout::jigsaw(9, &traded).unwrap()), None);
        // The same boxes as a jigsaw are a boxed layout.
        let boxes: Vec<usize> = (0..81).map(|i| (i / 27) * 3 + (i % 9) / 3).collect();
        assert_eq!(box_shape(&Layout::jigsaw(9, &boxes).unwrap()), Some((3, 3)));
    }

    #[test]
    fn same_seed_same_grid() {
        let a = fill_boxed(4, 4, &mut rng_from_seed(3));
        assert_eq!(a, fill_boxed(4, 4, &mut rng_from_seed(3)));
        assert_ne!(a, fill_boxed(4, 4, &mut rng_from_seed(4)));
    }
}
