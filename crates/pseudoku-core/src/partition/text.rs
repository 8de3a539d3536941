//! The one-line text format of an [`Instance`] (see the [partition module
//! docs](super#text-format)): [`Instance::parse`] and
//! [`Instance::parse_line`] read it, with a [`ParseError`] that says what
//! is wrong and where; `Display` writes it.

use core::fmt;
use core::str::FromStr;
use std::collections::BTreeSet;

use super::{Edge, Instance, MAX_SIZE};
use crate::layout::CellId;
use crate::symbol::{char_to_index, Symbol};

/// Why a line could not be read as an [`Instance`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("the line has no grid: it is empty")]
    Empty,
    #[error("the line is a comment (it starts with '#'), not an instance")]
    Comment,
    #[error("the grid has {found} symbols; it needs a square number of them (16 for 4×4, 81 for 9×9, …)")]
    GridLength { found: usize },
    #[error("the grid is {side}×{side}; the largest supported is {MAX_SIZE}×{MAX_SIZE}")]
    TooLarge { side: usize },
    #[error("character {found:?} at position {position} of the grid is not a symbol (1-9, A-Z)")]
    UnknownSymbol { position: usize, found: char },
    #[error(
        "symbol {found:?} at position {position} of the grid (row {}, column {}) is not one of \
         the {size} symbols of a {size}×{size} grid",
        row + 1, col + 1
    )]
    SymbolOutOfRange { position: usize, row: usize, col: usize, found: char, size: usize },
    #[error("wall {number} ({token:?}) is not two cell numbers joined by '-', like 4-13")]
    MalformedWall { number: usize, token: String },
    #[error("wall {number} ({token:?}) names a cell outside the grid; cells are numbered 0 to {last}")]
    WallOutOfRange { number: usize, token: String, last: usize },
    #[error(
        "wall {number} ({token:?}) is not between orthogonal neighbours: cell {a} is at row {}, column {}, \
         cell {b} at row {}, column {}",
        a.index() / size + 1, a.index() % size + 1, b.index() / size + 1, b.index() % size + 1
    )]
    WallNotAdjacent { number: usize, token: String, a: CellId, b: CellId, size: usize },
}

impl Instance {
    /// Reads one line of the text format (see the [module docs](super#text-format)).
    /// A comment line is an error ([`ParseError::Comment`]); use
    /// [`Instance::parse_line`] to skip comments and blank lines.
    pub fn parse(line: &str) -> Result<Instance, ParseError> {
        let mut tokens = line.split_whitespace();
        let grid = tokens.next().ok_or(ParseError::Empty)?;
        if grid.starts_with('#') {
            return Err(ParseError::Comment);
        }
        let found = grid.chars().count();
        let side = found.isqrt();
        if side * side != found {
            return Err(ParseError::GridLength { found });
        }
        if side > MAX_SIZE {
            return Err(ParseError::TooLarge { side });
        }
        let mut symbols = Vec::with_capacity(found);
        for (position, c) in grid.chars().enumerate() {
            let index = char_to_index(c).ok_or(ParseError::UnknownSymbol { position, found: c })?;
            if index >= side {
                let (row, col) = (position / side, position % side);
                return Err(ParseError::SymbolOutOfRange { position, row, col, found: c, size: side });
            }
            symbols.push(Symbol::new(index));
        }
        let cells = found;
        let mut walls = BTreeSet::new();
        for (i, token) in tokens.enumerate() {
            let number = i + 1;
            let malformed = || ParseError::MalformedWall { number, token: token.to_string() };
            let (x, y) = token.split_once('-').ok_or_else(malformed)?;
            let (x, y) = (parse_cell(x).ok_or_else(malformed)?, parse_cell(y).ok_or_else(malformed)?);
            let (x, y) = match (x, y) {
                (Some(x), Some(y)) if x < cells && y < cells => (CellId(x as u32), CellId(y as u32)),
                _ => return Err(ParseError::WallOutOfRange { number, token: token.to_string(), last: cells - 1 }),
            };
            let edge = Edge::new(side, x, y).ok_or_else(|| ParseError::WallNotAdjacent {
                number,
                token: token.to_string(),
                a: x,
                b: y,
                size: side,
            })?;
            walls.insert(edge);
        }
        Ok(Instance { size: side, symbols, walls })
    }

    /// Like [`Instance::parse`], but `Ok(None)` for a blank line or a
    /// comment (a line whose first non-blank character is `#`).
    pub fn parse_line(line: &str) -> Result<Option<Instance>, ParseError> {
        let t = line.trim_start();
        if t.is_empty() || t.starts_with('#') {
            return Ok(None);
        }
        Instance::parse(line).map(Some)
    }
}

/// A run of ASCII digits as a cell number: `None` when it is not one,
/// `Some(None)` when it is too large for any grid.
fn parse_cell(s: &str) -> Option<Option<usize>> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse().ok())
}

impl FromStr for Instance {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Instance, ParseError> {
        Instance::parse(s)
    }
}

impl fmt::Display for Instance {
    /// The text format; [`Instance::parse`] reads it back to an equal value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.symbols {
            write!(f, "{s}")?;
        }
        for w in &self.walls {
            write!(f, " {w}")?;
        }
        Ok(())
    }
}
