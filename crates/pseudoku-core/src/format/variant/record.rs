//! The record of a variant file as its keywords read it ([`Parser`]): what
//! each keyword said and on which line, before any of it is checked against
//! the rest. `keywords.rs` fills it in; `parser.rs` reads the file and makes
//! the record into a variant.

use super::Regions;

/// What the keywords of a variant file said, and on which lines.
#[derive(Default)]
pub(super) struct Parser<'a> {
    /// The line of the first keyword.
    pub(super) first: usize,
    /// `name`: its line and the title.
    pub(super) name: Option<(usize, String)>,
    /// `author`: its line and text.
    pub(super) author: Option<(usize, String)>,
    /// `rules`: the first one's line, and the paragraphs of every `rules`
    /// line, joined by line breaks.
    pub(super) rules: Option<(usize, String)>,
    /// `size`: its line and the number of symbols.
    pub(super) size: Option<(usize, usize)>,
    /// Sizes implied by keywords other than `size`, in the order read.
    pub(super) implied: Vec<Implied>,
    /// The shape keyword (`pie`, `cells`, `board`) and its line.
    pub(super) shape: Option<(&'static str, usize)>,
    /// `pie`: the sectors and rings.
    pub(super) pie: Option<(usize, usize)>,
    /// `cells`: the number of cells.
    pub(super) cells: Option<usize>,
    /// `board`: the height and width.
    pub(super) board: Option<(usize, usize)>,
    /// Top-level grid options: the first one's keyword and line.
    pub(super) top: Option<(&'static str, usize)>,
    /// The top-level `boxes`, `no-boxes` or `regions`.
    pub(super) top_regions: Option<TopRegions>,
    /// The line of the top-level `diagonals`.
    pub(super) top_diagonals: Option<usize>,
    /// The `grid` lines, in order.
    pub(super) grids: Vec<GridLine>,
    /// The `house` lines, in order.
    pub(super) houses: Vec<HouseLine<'a>>,
    /// `givens` and the rows after it.
    pub(super) givens: Option<GivensLines<'a>>,
}

/// A number of symbols implied by a keyword other than `size`.
pub(super) struct Implied {
    pub(super) size: usize,
    /// What implies it, for messages (such as "the boxes").
    pub(super) what: &'static str,
    pub(super) line: usize,
}

/// The top-level `boxes`, `no-boxes` or `regions` line.
pub(super) struct TopRegions {
    pub(super) keyword: &'static str,
    pub(super) line: usize,
    pub(super) regions: Regions,
}

/// A `grid` line as read; `regions: None` means the default boxes.
pub(super) struct GridLine {
    pub(super) line: usize,
    pub(super) row: usize,
    pub(super) col: usize,
    pub(super) regions: Option<Regions>,
    pub(super) diagonals: bool,
}

/// A `house` line as read.
pub(super) struct HouseLine<'a> {
    pub(super) line: usize,
    pub(super) cells: Vec<HouseCell<'a>>,
}

/// A cell of a `house` line: its column, its text and the cell it names.
pub(super) struct HouseCell<'a> {
    pub(super) column: usize,
    pub(super) text: &'a str,
    pub(super) cell: CellRef,
}

/// The `givens` line and the rows of givens.
pub(super) struct GivensLines<'a> {
    pub(super) line: usize,
    /// The givens on the `givens` line itself (`givens LINE`): their column
    /// and text.
    pub(super) inline: Option<(usize, &'a str)>,
    /// The rows after the `givens` line: each one's line and text.
    pub(super) rows: Vec<(usize, &'a str)>,
}

/// A cell named in a `house` line.
pub(super) enum CellRef {
    /// `rRcC`, 1-based as written, kept 0-based.
    RowCol(usize, usize),
    /// A 0-based cell index.
    Index(usize),
}
