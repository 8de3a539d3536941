//! Validity-preserving transforms of square box grids, the sudokuAlt
//! "regularised" form, a canonical representative of a 9×9 grid's
//! equivalence class, and the design table export.
//!
//! A grid here is row-major, one `Option<Symbol>` per cell of an `N × N`
//! board with boxes `box_rows × box_cols` (N = box_rows · box_cols). The
//! transforms that keep every such grid valid are: relabelling symbols;
//! permuting rows inside a band and bands among themselves; the same for
//! columns and stacks; and, for square boxes, transposing (rotations are
//! compositions of these).

use crate::symbol::Symbol;

/// One cell of a grid.
pub type Cell = Option<Symbol>;

/// A positional transform followed by a relabelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    /// Transpose first (square boxes only).
    pub transpose: bool,
    /// Row `r` of the result is row `rows[r]` of the (transposed) source.
    pub rows: Vec<usize>,
    /// Column `c` of the result is column `cols[c]` of the source.
    pub cols: Vec<usize>,
    /// Symbol `s` becomes `relabel[s]`.
    pub relabel: Vec<usize>,
}

impl Transform {
    /// The identity on an `n × n` grid.
    pub fn identity(n: usize) -> Transform {
        Transform { transpose: false, rows: (0..n).collect(), cols: (0..n).collect(), relabel: (0..n).collect() }
    }

    /// Applies the transform to a row-major `n × n` grid.
    ///
    /// # Panics
    /// When the grid or a permutation does not have `n` entries per side.
    pub fn apply(&self, grid: &[Cell]) -> Vec<Cell> {
        let n = self.rows.len();
        assert_eq!(grid.len(), n * n, "an n × n grid");
        let at = |r: usize, c: usize| if self.transpose { grid[c * n + r] } else { grid[r * n + c] };
        let mut out = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                out.push(at(self.rows[r], self.cols[c]).map(|s| Symbol::new(self.relabel[s.index()])));
            }
        }
        out
    }

    /// A random validity-preserving transform of an `n × n` grid with
    /// `box_rows × box_cols` boxes.
    pub fn random(box_rows: usize, box_cols: usize, rng: &mut dyn rand::RngCore) -> Transform {
        use rand::Rng;
        let n = box_rows * box_cols;
        let transpose = box_rows == box_cols && rng.random_range(0..2u32) == 1;
        let lines = |bands: usize, per_band: usize, rng: &mut dyn rand::RngCore| {
            let mut order: Vec<usize> = (0..bands).collect();
            crate::seed::shuffle(&mut order, rng);
            let mut out = Vec::with_capacity(n);
            for b in order {
                let mut inner: Vec<usize> = (0..per_band).map(|i| b * per_band + i).collect();
                crate::seed::shuffle(&mut inner, rng);
                out.extend(inner);
            }
            out
        };
        // Rows come in bands of `box_rows` rows; columns in stacks of `box_cols`.
        let rows = lines(n / box_rows, box_rows, rng);
        let cols = lines(n / box_cols, box_cols, rng);
        let mut relabel: Vec<usize> = (0..n).collect();
        crate::seed::shuffle(&mut relabel, rng);
        Transform { transpose, rows, cols, relabel }
    }
}

/// Relabels symbols in order of first appearance in `order` (cell indices),
/// so the first symbol met becomes 1, the next new one 2, and so on.
fn relabel_by_appearance(grid: &[Cell], order: impl Iterator<Item = usize>, n: usize) -> Vec<Cell> {
    let mut map = vec![usize::MAX; n.max(1)];
    let mut next = 0;
    for c in order {
        if let Some(s) = grid[c] {
            if map[s.index()] == usize::MAX {
                map[s.index()] = next;
                next += 1;
            }
        }
    }
    for m in map.iter_mut().filter(|m| **m == usize::MAX) {
        *m = next;
        next += 1;
    }
    grid.iter().map(|g| g.map(|s| Symbol::new(map[s.index()]))).collect()
}

/// sudokuAlt's "regularised" form: symbols relabelled so that the top-left
/// box reads 1, 2, 3, … by rows (for a partial grid: in order of first
/// appearance in that box, then in the rest of the grid).
pub fn regularise(grid: &[Cell], box_rows: usize, box_cols: usize) -> Vec<Cell> {
    let n = box_rows * box_cols;
    let first_box = (0..box_rows).flat_map(|r| (0..box_cols).map(move |c| r * n + c));
    relabel_by_appearance(grid, first_box.chain(0..grid.len()), n)
}

/// The canonical representative of a 9×9 grid (complete or not) under all
/// 2 · 6⁸ · 9! validity-preserving transforms: the lexicographically
/// smallest image, empty cells before symbols. Two grids are equivalent
/// exactly when their canonical forms are equal.
///
/// # Panics
/// When `grid` does not have 81 cells.
pub fn canonical9(grid: &[Cell]) -> Vec<Cell> {
    assert_eq!(grid.len(), 81, "a 9×9 grid");
    let perms3: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    // All 1296 line orders that keep bands (or stacks) together.
    let mut orders = Vec::with_capacity(1296);
    for outer in &perms3 {
        for a in &perms3 {
            for b in &perms3 {
                for c in &perms3 {
                    let inner = [a, b, c];
                    let mut o = [0usize; 9];
                    for (slot, &band) in outer.iter().enumerate() {
                        for i in 0..3 {
                            o[slot * 3 + i] = band * 3 + inner[slot][i];
                        }
                    }
                    orders.push(o);
                }
            }
        }
    }
    // Key: 0 for empty, 1 + label for a symbol, so empty sorts first.
    let mut best = [u8::MAX; 81];
    let mut cand = [0u8; 81];
    for transpose in [false, true] {
        let src: Vec<Cell> =
            if transpose { (0..81).map(|i| grid[(i % 9) * 9 + i / 9]).collect() } else { grid.to_vec() };
        for rows in &orders {
            for cols in &orders {
                // Build the image cell by cell, relabelling on first sight,
                // and give up as soon as it exceeds the best so far.
                let mut map = [u8::MAX; 9];
                let mut next = 1u8;
                let mut equal_so_far = true;
                let mut worse = false;
                for i in 0..81 {
                    let key = match src[rows[i / 9] * 9 + cols[i % 9]] {
                        None => 0,
                        Some(s) => {
                            let m = &mut map[s.index()];
                            if *m == u8::MAX {
                                *m = next;
                                next += 1;
                            }
                            *m
                        }
                    };
                    cand[i] = key;
                    if equal_so_far {
                        if key > best[i] {
                            worse = true;
                            break;
                        }
                        if key < best[i] {
                            equal_so_far = false;
                        }
                    }
                }
                if !worse && !equal_so_far {
                    best = cand;
                }
            }
        }
    }
    best.iter().map(|&k| if k == 0 { None } else { Some(Symbol::new(k as usize - 1)) }).collect()
}

/// The grid as a design table, one line per cell: `Row,Col,Box,Symbol`
/// with a header, 1-based numbers and the symbol's character (or number
/// past 35), like sudokuAlt's `designGame`. Empty cells are left out.
pub fn design_csv(grid: &[Cell], box_rows: usize, box_cols: usize) -> String {
    let n = box_rows * box_cols;
    let mut out = String::from("Row,Col,Box,Symbol\n");
    for (i, cell) in grid.iter().enumerate() {
        if let Some(s) = cell {
            let (r, c) = (i / n, i % n);
            let b = (r / box_rows) * (n / box_cols) + c / box_cols;
            out.push_str(&format!("{},{},{},{}\n", r + 1, c + 1, b + 1, s));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::fill;
    use crate::grid::is_solved;
    use crate::layout::Layout;
    use crate::seed::rng_from_seed;

    fn full(layout: &Layout, seed: u64) -> Vec<Cell> {
        let mut rng = rng_from_seed(seed);
        fill(layout, &vec![None; layout.cell_count()], &mut rng).unwrap().into_iter().map(Some).collect()
    }

    #[test]
    fn random_transforms_keep_grids_valid() {
        for (r, c) in [(3, 3), (2, 3), (3, 4), (4, 4)] {
            let layout = Layout::boxed(r, c).unwrap();
            let grid = full(&layout, 1);
            let mut rng = rng_from_seed(2);
            for _ in 0..20 {
                let t = Transform::random(r, c, &mut rng);
                assert!(is_solved(&layout, &t.apply(&grid)), "{r}x{c} {t:?}");
            }
        }
    }

    #[test]
    fn canonical_form_is_an_invariant() {
        let layout = Layout::classic(3).unwrap();
        let grid = full(&layout, 3);
        let canon = canonical9(&grid);
        assert!(is_solved(&layout, &canon));
        let first_row: Vec<usize> = canon[..9].iter().map(|s| s.unwrap().number()).collect();
        assert_eq!(first_row, (1..=9).collect::<Vec<_>>());
        let mut rng = rng_from_seed(4);
        for _ in 0..3 {
            let t = Transform::random(3, 3, &mut rng);
            assert_eq!(canonical9(&t.apply(&grid)), canon);
        }
        // A different random grid is (almost surely) in another class.
        assert_ne!(canonical9(&full(&layout, 5)), canon);
    }

    #[test]
    fn regularised_top_left_box_reads_in_order() {
        let layout = Layout::classic(4).unwrap();
        let grid = regularise(&full(&layout, 6), 4, 4);
        let first_box: Vec<usize> =
            (0..4).flat_map(|r| (0..4).map(move |c| r * 16 + c)).map(|i| grid[i].unwrap().number()).collect();
        assert_eq!(first_box, (1..=16).collect::<Vec<_>>());
        assert!(is_solved(&layout, &grid));
    }

    #[test]
    fn design_table_has_a_line_per_cell() {
        let layout = Layout::boxed(2, 3).unwrap();
        let grid = full(&layout, 7);
        let csv = design_csv(&grid, 2, 3);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 37);
        assert_eq!(lines[0], "Row,Col,Box,Symbol");
        // Row 2, column 4 is in box 2 of a 6×6 with 2×3 boxes.
        assert!(lines[1 + 6 + 3].starts_with("2,4,2,"));
    }
}
