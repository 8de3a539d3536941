//! The one-line format: the cells of a puzzle in [`Layout`] order.
//!
//! Two forms, told apart by the presence of a comma:
//!
//! - **char-per-cell**: one character per cell, `1`–`9` then `A`–`Z` (lower
//!   case accepted), `.` or `0` for an empty cell (`-`, `_` and `*` too;
//!   none of them is a symbol). Whitespace is ignored, so a grid may be
//!   written in groups. `53..7....6..195…` is a classic 9×9.
//! - **comma-separated**: one field per cell, a decimal number (`1`, `17`)
//!   or one character of the alphabet; an empty field, `0` or an empty
//!   marker for an empty cell. Needed past 35 symbols, accepted for any size.
//!
//! For a square `N × N` grid the order is row-major. Other layouts use their
//! own cell order: row-major over the board positions that hold a cell (a
//! samurai line has 369 cells), sector by sector for a pie, cell index for a
//! custom layout.
//!
//! [`write`](fn@write) prints the char form when the layout has at most 35 symbols and
//! the comma form otherwise, so `parse(write(x)) == x`.

use crate::format::{read_char, read_field, symbol_text, Entry, Place};
use crate::grid::find_conflicts;
use crate::layout::{CellId, HouseKind, Layout, LayoutError};
use crate::symbol::{Symbol, MAX_CHAR_SYMBOLS, MAX_SYMBOLS};

/// A position in one line of text, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextPos {
    /// The n-th character (char-per-cell form).
    Char(usize),
    /// The n-th comma-separated field.
    Field(usize),
}

impl core::fmt::Display for TextPos {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TextPos::Char(n) => write!(f, "character {n}"),
            TextPos::Field(n) => write!(f, "field {n}"),
        }
    }
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("expected {expected} cells, found {found}")]
    Length { expected: usize, found: usize },
    #[error(
        "cannot tell the grid from {found} cells: a square grid has N×N cells (16, 36, 81, 256, …); \
         give a variant for other layouts"
    )]
    NotSquare { found: usize },
    #[error("unknown symbol `{text}` at {at}{}", in_place(.place))]
    Unknown { text: String, at: TextPos, place: Option<Place> },
    #[error("symbol {} at {at} ({place}) is out of range: this puzzle uses 1 to {size}", symbol_text(*.number))]
    OutOfRange { number: u64, at: TextPos, place: Place, size: usize },
    #[error("given {symbol} appears twice in a {kind}: at {first} and at {second}")]
    Repeat { symbol: Symbol, kind: HouseKind, first: Place, second: Place },
    #[error("{0}")]
    Layout(#[from] LayoutError),
}

fn in_place(place: &Option<Place>) -> String {
    place.map(|p| format!(" ({p})")).unwrap_or_default()
}

/// A layout and its givens, one entry per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub layout: Layout,
    pub givens: Vec<Option<Symbol>>,
}

/// One cell as it stands in the text.
pub(crate) struct Written<'a> {
    pub(crate) at: TextPos,
    pub(crate) raw: &'a str,
    pub(crate) entry: Option<Entry>,
}

pub(crate) fn cells_of(text: &str) -> Vec<Written<'_>> {
    if text.contains(',') {
        return text
            .split(',')
            .enumerate()
            .map(|(i, f)| Written { at: TextPos::Field(i + 1), raw: f.trim(), entry: read_field(f) })
            .collect();
    }
    text.char_indices()
        .enumerate()
        .filter(|(_, (_, c))| !c.is_whitespace())
        .map(|(n, (b, c))| Written { at: TextPos::Char(n + 1), raw: &text[b..b + c.len_utf8()], entry: read_char(c) })
        .collect()
}

/// The number of cells a line holds (fields when it has a comma, else
/// characters other than whitespace).
pub fn count_cells(text: &str) -> usize {
    if text.contains(',') {
        text.split(',').count()
    } else {
        text.chars().filter(|c| !c.is_whitespace()).count()
    }
}

/// Reads the cells of `text` for `layout`: checks the length, the symbols
/// and their range, but not the rules (see [`parse`]).
pub fn read(layout: &Layout, text: &str) -> Result<Vec<Option<Symbol>>, LineError> {
    let cells = cells_of(text);
    let n = layout.cell_count();
    for (i, cell) in cells.iter().enumerate() {
        if cell.entry.is_none() {
            let text: String = cell.raw.chars().take(24).collect();
            let place = (i < n).then(|| Place::of(layout, CellId(i as u32)));
            return Err(LineError::Unknown { text, at: cell.at, place });
        }
    }
    if cells.len() != n {
        return Err(LineError::Length { expected: n, found: cells.len() });
    }
    let size = layout.size();
    cells
        .iter()
        .enumerate()
        .map(|(i, cell)| match cell.entry {
            Some(Entry::Number(k)) if k <= MAX_SYMBOLS as u64 && k as usize <= size => {
                Ok(Some(Symbol::new(k as usize - 1)))
            }
            Some(Entry::Number(number)) => {
                Err(LineError::OutOfRange { number, at: cell.at, place: Place::of(layout, CellId(i as u32)), size })
            }
            _ => Ok(None),
        })
        .collect()
}

/// Reads the givens of `layout` from `text` and checks that no given
/// repeats in a house.
pub fn parse(layout: &Layout, text: &str) -> Result<Vec<Option<Symbol>>, LineError> {
    let givens = read(layout, text)?;
    check_repeats(layout, &givens)?;
    Ok(givens)
}

/// The first given that repeats in a house, as an error.
pub fn check_repeats(layout: &Layout, givens: &[Option<Symbol>]) -> Result<(), LineError> {
    if givens.len() != layout.cell_count() {
        return Err(LineError::Length { expected: layout.cell_count(), found: givens.len() });
    }
    match find_conflicts(layout, givens).into_iter().next() {
        Some(conflict) => Err(LineError::Repeat {
            symbol: conflict.symbol,
            kind: layout.house(conflict.house).kind,
            first: Place::of(layout, conflict.cells[0]),
            second: Place::of(layout, conflict.cells[1]),
        }),
        None => Ok(()),
    }
}

/// Reads a puzzle whose layout is inferred from its number of cells
/// (see [`infer_layout`]).
pub fn parse_inferred(text: &str) -> Result<Puzzle, LineError> {
    let layout = infer_layout(count_cells(text))?;
    let givens = parse(&layout, text)?;
    Ok(Puzzle { layout, givens })
}

/// The box shape `(rows, columns)` of the default `N × N` grid: `rows` is
/// the largest divisor of `N` not above `√N`, so boxes are as square as can
/// be and wider than tall (4 → 2×2, 6 → 2×3, 12 → 3×4, 10 → 2×5). For a
/// prime `N` this is `(1, N)`: no boxes.
pub fn box_shape(size: usize) -> (usize, usize) {
    let mut rows = 1;
    let mut d = 1;
    while d * d <= size {
        if size % d == 0 {
            rows = d;
        }
        d += 1;
    }
    (rows, size / rows.max(1))
}

/// The default layout of an `N × N` grid: boxes of [`box_shape`], or a
/// plain Latin square when `N` is prime.
pub fn square_layout(size: usize) -> Result<Layout, LayoutError> {
    if size == 0 || size > MAX_SYMBOLS {
        return Err(LayoutError::BadSize(size));
    }
    match box_shape(size) {
        (1, _) => Layout::latin(size),
        (rows, cols) => Layout::boxed(rows, cols),
    }
}

/// The layout of a line of `cells` cells: the [`square_layout`] of side
/// `√cells`.
pub fn infer_layout(cells: usize) -> Result<Layout, LineError> {
    let n = cells.isqrt();
    if n == 0 || n * n != cells {
        return Err(LineError::NotSquare { found: cells });
    }
    Ok(square_layout(n)?)
}

/// Writes `cells` (givens or a partial grid) in the line format of `layout`.
pub fn write(layout: &Layout, cells: &[Option<Symbol>]) -> String {
    if layout.size() <= MAX_CHAR_SYMBOLS {
        cells.iter().map(|c| c.map_or_else(|| ".".to_string(), |s| s.to_string())).collect()
    } else {
        cells.iter().map(|c| c.map_or_else(String::new, |s| s.number().to_string())).collect::<Vec<_>>().join(",")
    }
}

/// Writes a complete grid in the line format of `layout`.
pub fn write_solution(layout: &Layout, cells: &[Symbol]) -> String {
    let cells: Vec<Option<Symbol>> = cells.iter().copied().map(Some).collect();
    write(layout, &cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn infers_boxes_from_the_cell_count() {
        let shapes = [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (10, (2, 5)), (12, (3, 4))];
        for (n, shape) in shapes {
            assert_eq!(box_shape(n), shape, "{n}");
        }
        assert_eq!(box_shape(16), (4, 4));
        assert_eq!(box_shape(25), (5, 5));
        assert_eq!(box_shape(100), (10, 10));
        assert_eq!(box_shape(7), (1, 7));
        let latin = infer_layout(49).unwrap();
        assert_eq!(latin, Layout::latin(7).unwrap());
        assert_eq!(infer_layout(36).unwrap(), Layout::boxed(2, 3).unwrap());
        assert_eq!(infer_layout(80), Err(LineError::NotSquare { found: 80 }));
        assert_eq!(infer_layout(0), Err(LineError::NotSquare { found: 0 }));
    }

    #[test]
    fn reads_and_writes_a_classic() {
        let p = parse_inferred(CLASSIC).unwrap();
        assert_eq!(p.layout, Layout::classic(3).unwrap());
        assert_eq!(p.givens.iter().filter(|g| g.is_some()).count(), 30);
        assert_eq!(write(&p.layout, &p.givens), CLASSIC);
        // Zeros, other markers and whitespace read the same.
        let zeros = CLASSIC.replace('.', "0");
        assert_eq!(parse_inferred(&zeros).unwrap(), p);
        let spaced: String = CLASSIC.chars().flat_map(|c| [c, ' ']).collect();
        assert_eq!(parse_inferred(&spaced).unwrap(), p);
        let dashes = CLASSIC.replace('.', "-");
        assert_eq!(parse_inferred(&dashes).unwrap(), p);
    }

    #[test]
    fn letters_and_numbers() {
        let layout = Layout::classic(4).unwrap();
        let mut text = "G".to_string() + &".".repeat(254) + "a";
        let g = parse(&layout, &text).unwrap();
        assert_eq!(g[0], Some(Symbol::new(15)));
        assert_eq!(g[255], Some(Symbol::new(9)));
        text = "16".to_string() + &",".repeat(254) + ",10";
        assert_eq!(parse(&layout, &text).unwrap(), g);
        let big = Layout::latin(40).unwrap();
        let mut cells = vec![None; 1600];
        cells[3] = Some(Symbol::new(39));
        let line = write(&big, &cells);
        assert!(line.starts_with(",,,40,,"));
        assert_eq!(parse(&big, &line).unwrap(), cells);
    }

    fn err(text: &str) -> String {
        parse_inferred(text).unwrap_err().to_string()
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(err(&CLASSIC[1..]), "cannot tell the grid from 80 cells: a square grid has N×N cells (16, 36, 81, 256, …); give a variant for other layouts");
        let layout = Layout::classic(3).unwrap();
        assert_eq!(parse(&layout, &CLASSIC[1..]).unwrap_err(), LineError::Length { expected: 81, found: 80 });
        let bad = CLASSIC.replacen('.', "?", 1);
        assert_eq!(err(&bad), "unknown symbol `?` at character 3 (cell (row 1, column 3))");
        let bad = CLASSIC.replacen('.', "A", 1);
        assert_eq!(
            err(&bad),
            "symbol A (10) at character 3 (cell (row 1, column 3)) is out of range: this puzzle uses 1 to 9"
        );
        let bad = "5".to_string() + &CLASSIC[1..].replacen('.', "5", 1);
        assert_eq!(
            err(&bad),
            "given 5 appears twice in a row: at cell (row 1, column 1) and at cell (row 1, column 3)"
        );
        let bad = "1,2,3,,x?,,,,,,,,,,,";
        assert_eq!(err(bad), "unknown symbol `x?` at field 5 (cell (row 2, column 1))");
        let bad = "1,2,3,,99999999999999999999999,,,,,,,,,,,";
        assert_eq!(
            err(bad),
            "symbol 18446744073709551615 at field 5 (cell (row 2, column 1)) is out of range: this puzzle uses 1 to 4"
        );
    }
}
