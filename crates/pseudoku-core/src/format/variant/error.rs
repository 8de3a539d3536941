//! What can be wrong in a variant file, and where: [`VariantError`] carries
//! the line and column, [`VariantErrorKind`] what is wrong and the message.

use crate::format::line::LineError;
use crate::format::Place;
use crate::layout::LayoutError;

/// Why a variant file could not be read: what, and where.
///
/// `line` and `column` are 1-based; `0` means the problem has no place in a
/// text (a [`Spec`](super::Spec) built in code, or the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{kind}", where_(*.line, *.column))]
pub struct VariantError {
    pub line: usize,
    pub column: usize,
    pub kind: VariantErrorKind,
}

/// `line L, column C: `, as much of it as is known.
fn where_(line: usize, column: usize) -> String {
    match (line, column) {
        (0, _) => String::new(),
        (l, 0) => format!("line {l}: "),
        (l, c) => format!("line {l}, column {c}: "),
    }
}

impl VariantError {
    /// An error at a 1-based `line` and `column` (`0` for none).
    pub(super) fn at(line: usize, column: usize, kind: VariantErrorKind) -> VariantError {
        VariantError { line, column, kind }
    }

    /// An error with no place in a text.
    pub(super) fn nowhere(kind: VariantErrorKind) -> VariantError {
        VariantError { line: 0, column: 0, kind }
    }
}

/// What is wrong in a variant file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantErrorKind {
    #[error(
        "unknown keyword `{0}` (expected name, size, boxes, no-boxes, regions, diagonals, house, \
         pie, cells, board, grid or givens)"
    )]
    UnknownKeyword(String),
    #[error("`{keyword}` needs {what}")]
    Missing { keyword: &'static str, what: &'static str },
    #[error("expected {what}, found `{found}`")]
    Expected { what: &'static str, found: String },
    #[error("unexpected `{0}` after the end of the keyword's arguments")]
    Trailing(String),
    #[error("`{keyword}` was already given on line {first}")]
    Repeated { keyword: &'static str, first: usize },
    #[error("`{keyword}` cannot be used with `{other}` (line {other_line})")]
    Clash { keyword: &'static str, other: &'static str, other_line: usize },
    #[error("`grid` lines need a `board HxW` line")]
    GridWithoutBoard,
    #[error("a `board` needs at least one `grid` line")]
    NoGrids,
    #[error("the number of symbols is not known: add `size N`")]
    NoSize,
    #[error("{what} means {implied} symbols, but `size` says {size}")]
    SizeMismatch { what: &'static str, implied: usize, size: usize },
    #[error("{what} is {found}; at most {max} is supported")]
    TooLarge { what: &'static str, found: usize, max: usize },
    #[error("the {what} needs {expected} rows, found {found}")]
    MissingRows { what: &'static str, expected: usize, found: usize },
    #[error("the {what} has only {expected} rows; this line is one too many")]
    ExtraRow { what: &'static str, expected: usize },
    #[error("this row has {found} cells; the {what} is {expected} wide")]
    RowLength { what: &'static str, expected: usize, found: usize },
    #[error("`{0}` is not a cell of this layout")]
    NoSuchCell(String),
    #[error("the house has {found} cells; every house needs {size}")]
    HouseSize { found: usize, size: usize },
    #[error("the house names `{0}` twice")]
    HouseRepeat(String),
    #[error("{symbol} stands at (row {row}, column {col}), which is outside every grid")]
    OutsideGrids { symbol: String, row: usize, col: usize },
    #[error("a space at {0}: write `.` for an empty cell")]
    SpaceInCell(Place),
    #[error("{0}")]
    Givens(LineError),
    #[error("{0}")]
    Layout(LayoutError),
}
