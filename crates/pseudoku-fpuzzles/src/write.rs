//! Writing a one-grid variant as f-puzzles JSON, compressed, and the links
//! of f-puzzles and SudokuPad.

use super::grid::default_map;
use super::json::{Cell, Group, Puzzle};
use super::{ExportError, MAX_SIZE, MIN_SIZE};
use pseudoku_core::format::{Regions, Shape, Variant};

/// The f-puzzles data of a variant: its JSON, compressed with lz-string's
/// `compressToBase64` (what follows `?load=` in an f-puzzles link).
///
/// f-puzzles holds one square grid from 3x3 to 16x16 with boxes or jigsaw
/// regions, the diagonals and extra regions; other layouts are refused with
/// a sentence that says why.
pub fn export_fpuzzles(variant: &Variant) -> Result<String, ExportError> {
    let json = export_json(variant)?;
    Ok(lz_str::compress_to_base64(json.as_str()))
}

/// `https://www.f-puzzles.com/?load=<data>`.
pub fn fpuzzles_link(variant: &Variant) -> Result<String, ExportError> {
    Ok(format!("https://www.f-puzzles.com/?load={}", export_fpuzzles(variant)?))
}

/// `https://sudokupad.app/fpuzzles<data>`.
pub fn sudokupad_link(variant: &Variant) -> Result<String, ExportError> {
    Ok(format!("https://sudokupad.app/fpuzzles{}", export_fpuzzles(variant)?))
}

/// The f-puzzles JSON of a variant, uncompressed.
pub fn export_json(variant: &Variant) -> Result<String, ExportError> {
    let spec = variant.spec();
    let n = spec.size;
    let Shape::Square(grid) = &spec.shape else {
        let what = match spec.shape {
            Shape::Board { .. } => "a board of several grids (such as a samurai)",
            Shape::Pie { .. } => "a Sudoku Pie",
            _ => "a layout of custom houses",
        };
        return Err(ExportError(format!("f-puzzles holds one square grid, and this puzzle is {what}")));
    };
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err(ExportError(format!("f-puzzles draws grids from 3×3 to 16×16, and this one is {n}×{n}")));
    }
    let default = default_map(n);
    let map: Vec<usize> = match &grid.regions {
        Regions::Boxes { rows, cols } => (0..n * n).map(|i| (i / n / rows) * (n / cols) + (i % n) / cols).collect(),
        Regions::Map(map) => map.clone(),
        Regions::None if pseudoku_core::format::line::box_shape(n).0 == 1 => default.clone(),
        Regions::None => {
            return Err(ExportError(format!(
                "f-puzzles gives every grid regions, and this {n}×{n} grid has none (a Latin square)"
            )))
        }
    };
    let givens = variant.givens();
    let cell = |i: usize| {
        let value = givens.and_then(|g| g[i]).map(|s| s.number() as u64);
        Cell {
            value,
            given: value.is_some(),
            region: (map[i] != default[i]).then_some(Some(map[i] as i64)),
            ..Cell::default()
        }
    };
    let rows = (0..n).map(|r| (0..n).map(|c| cell(r * n + c)).collect()).collect();
    let name = |c: &pseudoku_core::layout::CellId| format!("R{}C{}", c.index() / n + 1, c.index() % n + 1);
    let puzzle = Puzzle {
        size: n,
        title: spec.name.clone(),
        author: spec.author.clone(),
        ruleset: spec.rules.clone(),
        grid: rows,
        diagonal_pos: grid.diagonals,
        diagonal_neg: grid.diagonals,
        extraregion: spec.houses.iter().map(|h| Group { cells: h.iter().map(name).collect() }).collect(),
        rest: Default::default(),
    };
    serde_json::to_string(&puzzle).map_err(|e| ExportError(format!("the puzzle could not be written as JSON: {e}")))
}
