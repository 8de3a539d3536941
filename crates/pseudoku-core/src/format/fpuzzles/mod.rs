//! f-puzzles and SudokuPad links: reading them into a [`Variant`] and
//! writing a variant back as one (behind the `fpuzzles` feature).
//!
//! # Design
//! An f-puzzles link (`https://www.f-puzzles.com/?load=…`) carries a JSON
//! object compressed with lz-string's `compressToBase64`; SudokuPad links
//! (`https://sudokupad.app/fpuzzles…`, `…?puzzleid=fpuzzles…`) carry the same
//! data after the word `fpuzzles`. [`import`] finds the payload (undoing URL
//! percent-encoding), decompresses it with the `lz-str` crate and reads the
//! JSON with serde, tolerating keys it does not know. It keeps what the
//! engine plays — the size, givens, jigsaw regions (`region` per cell), the
//! diagonals, extra regions, title, author and rules, and given pencil marks
//! — and refuses a puzzle with rules the engine does not play (killer cages,
//! thermometers, …) in one sentence that names them, rather than open a
//! different puzzle. Cosmetic elements (text, lines, shapes) are dropped with
//! a note. SudokuPad's own `scl…` form is refused with a sentence.
//!
//! [`export_fpuzzles`] writes the JSON of a one-grid variant the way
//! f-puzzles does (a `region` only where it differs from the default boxes)
//! and compresses it; [`fpuzzles_link`] and [`sudokupad_link`] wrap it in the
//! two addresses. `import` of an export gives the same layout, givens, title,
//! author and rules.

mod json;
mod read;
mod write;

use thiserror::Error;

use super::Variant;
use crate::symbol::Symbol;

pub use read::import;
pub use write::{export_fpuzzles, export_json, fpuzzles_link, sudokupad_link};

/// The smallest grid f-puzzles draws.
pub const MIN_SIZE: usize = 3;
/// The largest grid f-puzzles draws.
pub const MAX_SIZE: usize = 16;

/// A puzzle read from an f-puzzles or SudokuPad link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The layout, givens, title, author and rules.
    pub variant: Variant,
    /// The given pencil marks of each cell (empty for most), in cell order.
    pub pencil_marks: Vec<Vec<Symbol>>,
    /// What was dropped, one sentence each (cosmetic elements, the solver's
    /// own digits and marks).
    pub notes: Vec<String>,
}

/// Why a link or text could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportError {
    /// Nothing that looks like f-puzzles data.
    #[error("this is not an f-puzzles or SudokuPad link, nor f-puzzles JSON")]
    NotALink,
    /// SudokuPad's own format, which is not read.
    #[error("this is a SudokuPad link in SudokuPad's own format (scl), which Pseudoku cannot read yet; open it in SudokuPad and export an f-puzzles link instead")]
    SudokuPadFormat,
    /// The payload is not lz-string base64.
    #[error("the link's data is not lz-string compressed base64 (is the link cut short?)")]
    Compression,
    /// The decompressed text is not f-puzzles JSON.
    #[error("the puzzle's data is not f-puzzles JSON: {0}")]
    Json(String),
    /// A grid size out of range.
    #[error("the grid is {0}x{0}; Pseudoku reads f-puzzles grids from 3x3 to 16x16")]
    BadSize(usize),
    /// Something in the grid is wrong (a cell, a region, a value).
    #[error("{0}")]
    Grid(String),
    /// Rules the engine does not play, as one sentence.
    #[error("this puzzle uses {0}, which Pseudoku does not play yet")]
    Unsupported(String),
}

/// Why a variant cannot be written as an f-puzzles link.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ExportError(pub String);

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests;
