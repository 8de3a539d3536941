//! The cells and region maps of an `n × n` grid as both tools number them:
//! a cell from its row and column, and a map of each cell's region read as
//! the engine's regions (default boxes, other boxes, or a jigsaw). Below
//! both readers (`read.rs`, `scl.rs`) and the writer.

use pseudoku_core::format::line::box_shape;
use pseudoku_core::format::Regions;
use pseudoku_core::layout::CellId;

/// A map of the region of each cell as the engine's regions: the default
/// boxes, other boxes, or a jigsaw map numbered in order of first
/// appearance.
pub(super) fn regions_of_map(n: usize, map: &[usize]) -> Regions {
    let map = renumber(map);
    let (rows, cols) = box_shape(n);
    if map == renumber(&default_map(n)) {
        return if rows == 1 { Regions::None } else { Regions::Boxes { rows, cols } };
    }
    for r in (1..=n).filter(|r| n % r == 0) {
        if map == renumber(&box_map(n, r, n / r)) {
            return Regions::Boxes { rows: r, cols: n / r };
        }
    }
    Regions::Map(map)
}

/// The region of each cell in f-puzzles' default boxes (f-puzzles and the
/// engine agree: as square as can be, wider than tall; rows when `n` is
/// prime).
pub(super) fn default_map(n: usize) -> Vec<usize> {
    let (rows, cols) = box_shape(n);
    box_map(n, rows, cols)
}

/// The box of each cell for boxes `rows × cols`.
fn box_map(n: usize, rows: usize, cols: usize) -> Vec<usize> {
    (0..n * n).map(|i| (i / n / rows) * (n / cols) + (i % n) / cols).collect()
}

/// A region map numbered `0..` in order of first appearance.
fn renumber(map: &[usize]) -> Vec<usize> {
    let mut names: Vec<usize> = Vec::new();
    map.iter()
        .map(|r| match names.iter().position(|x| x == r) {
            Some(p) => p,
            None => {
                names.push(*r);
                names.len() - 1
            }
        })
        .collect()
}

pub(super) fn cell_id(n: usize, row: usize, col: usize) -> CellId {
    CellId((row * n + col) as u32)
}
