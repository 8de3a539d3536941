//! Variant files: a layout in a few keywords, and optionally its givens.
//!
//! A variant file is read line by line. Blank lines and lines starting with
//! `#` are skipped; keywords are case-insensitive. One grid:
//!
//! ```text
//! name Jigsaw            # a title (optional); also `author WHO`
//! rules …                # a paragraph of the rules (optional; one line per paragraph)
//! size 9                 # the number of symbols N
//! boxes 3x3              # boxes R tall and C wide (default: the squarest, none for prime N)
//! no-boxes               # or: rows and columns only (a Latin square)
//! regions                # or: jigsaw regions, N rows of a region map follow
//! diagonals              # both main diagonals are houses
//! house r1c1 r2c2 …      # an extra house (1-based rNcM, or 0-based cell indices)
//! givens                 # the givens: N rows follow (or `givens LINE` in the line format)
//! ```
//!
//! Other shapes replace the grid keywords:
//!
//! - `board HxW` and one `grid ROW COL [boxes RxC | no-boxes | regions | diagonals]…`
//!   line per `N × N` grid at a 0-based offset: a samurai, a Sudoku Mix, a
//!   triathlon. Grids share the cells where they overlap. A `regions`
//!   option is followed by that grid's region map.
//! - `pie SECTORS RINGS`: a Sudoku Pie (`N = SECTORS`); givens one sector per row.
//! - `cells K`: `K` abstract cells whose houses are the `house` lines (cell
//!   indices `0..K`).
//!
//! `size` may be left out when `boxes`, a region map, `pie` or the first
//! `house` of a custom layout tells it.
//!
//! **Rows** (region maps and givens) are read one of two ways. A row with a
//! comma is split at commas; a row of exactly as many whitespace-separated
//! tokens as the row is wide is read token by token; any other row is read
//! one character per cell. Region names are any characters or tokens.
//! Givens are symbols (`1`–`9`, `A`–`Z`, or numbers in the token form) and
//! `.`, `0`, `-`, `_` or `*` for an empty cell. On a multi-grid board every
//! character is a board position, and positions outside every grid are
//! written `-`, `.` or a space (trailing ones may be left out); elsewhere
//! whitespace inside a character row is ignored. `givens` is the last
//! keyword: every line after it is a row.
//!
//! A file without givens describes only a layout; a puzzle line of the
//! [`line`](mod@crate::format::line) format then gives the cells in [`Layout`]
//! order.

use core::str::FromStr;

use crate::format::line::{self, LineError, TextPos};
use crate::format::Place;
use crate::layout::{CellId, Layout};
use crate::symbol::Symbol;

// The files of this module, in the order a file is read: `text` splits it
// into lines and words, `parser` runs over the lines and hands each keyword
// to its reader in `keywords`, `rows` reads region maps and givens, and
// `build` makes the spec into a layout. `print` writes a variant back,
// `error` holds the errors, `tests` the tests.
mod build;
mod error;
mod keywords;
mod parser;
mod print;
mod record;
mod rows;
mod text;

pub use error::{VariantError, VariantErrorKind};

/// The largest height or width of a board.
pub const MAX_BOARD_SIDE: usize = 1024;

/// How the cells of one square grid are grouped besides rows and columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Regions {
    /// Rectangular boxes `rows` tall and `cols` wide.
    Boxes { rows: usize, cols: usize },
    /// No boxes: a Latin square.
    None,
    /// Jigsaw regions: `map[row * N + col]` names the region of each cell.
    /// The parser numbers regions `0..N` in order of first appearance.
    Map(Vec<usize>),
}

/// One square `N × N` grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridSpec {
    pub regions: Regions,
    /// Both main diagonals are houses.
    pub diagonals: bool,
}

/// A grid of a multi-grid board, at a 0-based offset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlacedGrid {
    pub row: usize,
    pub col: usize,
    pub grid: GridSpec,
}

/// The shape of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shape {
    /// One `N × N` grid.
    Square(GridSpec),
    /// `N × N` grids on a `height × width` board, sharing overlapping cells.
    Board { height: usize, width: usize, grids: Vec<PlacedGrid> },
    /// A Sudoku Pie.
    Pie { sectors: usize, rings: usize },
    /// Abstract cells; the houses are all in [`Spec::houses`].
    Custom { cells: usize },
}

/// How a layout is built: what a variant file says, without its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Spec {
    /// A title, on one line.
    pub name: Option<String>,
    /// Who made it, on one line.
    pub author: Option<String>,
    /// The rules as the setter words them: paragraphs separated by `'\n'`
    /// (one `rules` line each in a variant file).
    pub rules: Option<String>,
    /// The number of symbols `N`.
    pub size: usize,
    pub shape: Shape,
    /// Extra houses (all houses of a custom layout), as cells of the built
    /// layout.
    pub houses: Vec<Vec<CellId>>,
}

/// A layout as described by a variant file, and optionally its givens.
///
/// Invariant: `layout` is `spec.build()`, and the givens (when present)
/// have one entry per cell, each in range, with no repeat in a house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    spec: Spec,
    layout: Layout,
    givens: Option<Vec<Option<Symbol>>>,
}

impl Variant {
    /// Builds a variant from a spec and givens, checking both.
    pub fn new(spec: Spec, givens: Option<Vec<Option<Symbol>>>) -> Result<Variant, VariantError> {
        let layout = spec.build().map_err(|e| VariantError::nowhere(VariantErrorKind::Layout(e)))?;
        Variant::with_layout(spec, layout, givens)
    }

    /// A variant from a spec, the layout already built from it (the caller
    /// says `layout == spec.build()`, so it is not built again), and givens,
    /// which are checked.
    pub(crate) fn with_layout(
        mut spec: Spec,
        layout: Layout,
        givens: Option<Vec<Option<Symbol>>>,
    ) -> Result<Variant, VariantError> {
        spec.name = spec.name.as_deref().and_then(clean_name);
        spec.author = spec.author.as_deref().and_then(clean_name);
        spec.rules = spec.rules.as_deref().and_then(clean_rules);
        if let Some(g) = &givens {
            let err = |e| VariantError::nowhere(VariantErrorKind::Givens(e));
            if let Some((cell, s)) =
                g.iter().enumerate().find_map(|(i, s)| s.filter(|s| s.index() >= spec.size).map(|s| (i, s)))
            {
                return Err(err(LineError::OutOfRange {
                    number: s.number() as u64,
                    at: TextPos::Field(cell + 1),
                    place: Place::of(&layout, CellId(cell as u32)),
                    size: spec.size,
                }));
            }
            line::check_repeats(&layout, g).map_err(err)?;
        }
        Ok(Variant { spec, layout, givens })
    }

    /// Reads a variant file.
    pub fn parse(text: &str) -> Result<Variant, VariantError> {
        parser::parse(text)
    }

    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The givens, one entry per cell, when the file has them.
    pub fn givens(&self) -> Option<&[Option<Symbol>]> {
        self.givens.as_deref()
    }

    /// The same layout with other givens (checked like [`Variant::new`]).
    pub fn with_givens(self, givens: Option<Vec<Option<Symbol>>>) -> Result<Variant, VariantError> {
        Variant::new(self.spec, givens)
    }

    pub fn into_parts(self) -> (Spec, Layout, Option<Vec<Option<Symbol>>>) {
        (self.spec, self.layout, self.givens)
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<Variant, VariantError> {
        Variant::parse(s)
    }
}

/// A title on one line: control characters become spaces, and a blank
/// title is none.
fn clean_name(name: &str) -> Option<String> {
    let name: String = name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// Rules as paragraphs: each line cleaned as a name is, blank ones left
/// out, joined by `'\n'` (`None` when nothing is left).
pub(super) fn clean_rules(rules: &str) -> Option<String> {
    let paragraphs: Vec<String> = rules.lines().filter_map(clean_name).collect();
    (!paragraphs.is_empty()).then(|| paragraphs.join("\n"))
}

#[cfg(test)]
mod tests;
