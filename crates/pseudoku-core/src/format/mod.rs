//! Text formats: the one-line puzzle format and variant files.
//!
//! # Design
//! Two formats cover every layout the engine knows:
//!
//! - The **line format** ([`line`](mod@line)) writes the cells of a puzzle in
//!   [`Layout`] order on one line: `N²` characters for a square grid
//!   (`.` or `0` for an empty cell, symbols `1`–`9` then `A`–`Z`), or
//!   comma-separated numbers when the grid has more than 35 symbols. With no
//!   layout given, the layout is inferred from the number of cells.
//! - A **variant file** ([`variant`]) says which layout a puzzle has, in a
//!   few line-oriented keywords (`size 9`, `boxes 3x3`, `regions`,
//!   `diagonals`, `board 21x21` with `grid` lines, `pie 12 6`, `house …`,
//!   `cells K`), optionally followed by `givens`. A [`Variant`] keeps the
//!   description ([`Spec`]), the [`Layout`] built from it and the givens; it
//!   prints back ([`core::fmt::Display`]) to a file that parses to the same
//!   variant.
//!
//! Parsers never panic: every problem is a small error value that says what
//! is wrong and where (the line and column of the text, and the cell as a
//! player names it, such as `cell (row 2, column 3)`, 1-based).
//!
//! ```
//! use pseudoku_core::format::{line, Variant};
//! use pseudoku_core::solver::Solver;
//!
//! let puzzle = line::parse_inferred(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )
//! .unwrap();
//! assert_eq!(puzzle.layout.size(), 9);
//! let solution = Solver::new(&puzzle.layout).solve(&puzzle.givens).unwrap();
//! assert!(line::write_solution(&puzzle.layout, &solution).starts_with("534678912"));
//!
//! let samurai: Variant = "size 9\nboard 21x21\ngrid 0 0\ngrid 0 12\ngrid 6 6\ngrid 12 0\ngrid 12 12\n"
//!     .parse()
//!     .unwrap();
//! assert_eq!(samurai.layout().cell_count(), 369);
//! ```

use core::fmt;

use crate::layout::{CellId, Geometry, Layout};

pub mod line;
pub mod link;
pub mod picture;
pub mod variant;

pub use line::{LineError, Puzzle};
pub use variant::{GridSpec, PlacedGrid, Regions, Shape, Spec, Variant, VariantError, VariantErrorKind};

/// Where a cell is, in the words a player uses. Rows, columns, sectors and
/// rings are 1-based; the index of a cell of a custom layout is 0-based, as
/// in the `house` lines of a variant file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A cell of a board (a square grid or a multi-grid).
    Board { row: usize, col: usize },
    /// A cell of a Sudoku Pie.
    Pie { sector: usize, ring: usize },
    /// A cell of a custom layout, by index.
    Cell(usize),
}

impl Place {
    /// Where `cell` of `layout` is.
    pub fn of(layout: &Layout, cell: CellId) -> Place {
        match layout.geometry() {
            Geometry::Board { .. } => match layout.position(cell) {
                Some((r, c)) => Place::Board { row: r + 1, col: c + 1 },
                None => Place::Cell(cell.index()),
            },
            Geometry::Pie { rings, .. } if *rings > 0 => {
                Place::Pie { sector: cell.index() / rings + 1, ring: cell.index() % rings + 1 }
            }
            _ => Place::Cell(cell.index()),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Board { row, col } => write!(f, "cell (row {row}, column {col})"),
            Place::Pie { sector, ring } => write!(f, "cell (sector {sector}, ring {ring})"),
            Place::Cell(i) => write!(f, "cell {i}"),
        }
    }
}

/// One cell as written: empty, or a 1-based symbol number (not yet checked
/// against the size of the grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Empty,
    Number(u64),
}

/// The characters that stand for an empty cell.
pub(crate) fn is_empty_marker(c: char) -> bool {
    matches!(c, '.' | '0' | '-' | '_' | '*')
}

/// Reads one character of the char-per-cell form.
pub(crate) fn read_char(c: char) -> Option<Entry> {
    if is_empty_marker(c) {
        return Some(Entry::Empty);
    }
    crate::symbol::char_to_index(c).map(|i| Entry::Number(i as u64 + 1))
}

/// Reads one field of the token-per-cell form: a decimal number (`0` is
/// empty), one character of the alphabet, an empty marker, or nothing.
pub(crate) fn read_field(field: &str) -> Option<Entry> {
    let field = field.trim();
    let mut chars = field.chars();
    match (chars.next(), chars.next()) {
        (None, _) => return Some(Entry::Empty),
        (Some(c), None) => return read_char(c),
        _ => {}
    }
    if !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Leading zeros are fine; a number too large for u64 is out of range
    // for every grid, so it saturates.
    let n = field.bytes().fold(0u64, |n, b| n.saturating_mul(10).saturating_add(u64::from(b - b'0')));
    Some(if n == 0 { Entry::Empty } else { Entry::Number(n) })
}

/// The text of a symbol in messages: its character and, past 9, its number.
pub(crate) fn symbol_text(number: u64) -> String {
    match number.checked_sub(1).and_then(|i| usize::try_from(i).ok()).and_then(crate::symbol::index_to_char) {
        Some(c) if number > 9 => format!("{c} ({number})"),
        Some(c) => c.to_string(),
        None => number.to_string(),
    }
}
