//! Variant files: a layout in a few keywords, and optionally its givens.
//!
//! A variant file is read line by line. Blank lines and lines starting with
//! `#` are skipped; keywords are case-insensitive. One grid:
//!
//! ```text
//! name Jigsaw            # a title (optional)
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
use crate::symbol::{Symbol, MAX_SYMBOLS};

mod build;
mod error;
mod print;
mod rows;
mod text;

pub use error::{VariantError, VariantErrorKind};

use build::{add_houses, build_base, cell_count, CellSource, HouseSource, SpecLines};
use rows::{read_givens, read_region_map};
use text::{short, Dims, LineReader, Words};

/// The largest height or width of a board.
pub const MAX_BOARD_SIDE: usize = 1024;

/// The largest number of cells of a custom layout.
pub const MAX_CUSTOM_CELLS: usize = 1 << 16;

/// How the cells of one square grid are grouped besides rows and columns.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub fn new(mut spec: Spec, givens: Option<Vec<Option<Symbol>>>) -> Result<Variant, VariantError> {
        spec.name = spec.name.as_deref().and_then(clean_name);
        let layout = spec.build().map_err(|e| VariantError::nowhere(VariantErrorKind::Layout(e)))?;
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
        Parser::default().parse(text)
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

fn clean_name(name: &str) -> Option<String> {
    let name: String = name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

// ---------------------------------------------------------------------------
// Reading

/// A cell named in a `house` line.
enum CellRef {
    RowCol(usize, usize),
    Index(usize),
}

fn read_cell_ref(token: &str) -> Option<CellRef> {
    let lower = token.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix('r') {
        let (r, c) = rest.split_once('c')?;
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        // 1-based: `r0c1` names no cell.
        return Some(CellRef::RowCol(r.checked_sub(1)?, c.checked_sub(1)?));
    }
    lower.parse::<usize>().ok().map(CellRef::Index)
}

/// A `house` line as read.
struct HouseLine<'a> {
    line: usize,
    cells: Vec<HouseCell<'a>>,
}

/// A cell of a `house` line: its column, its text and the cell it names.
struct HouseCell<'a> {
    column: usize,
    text: &'a str,
    cell: CellRef,
}

/// The `givens` line and the rows of givens.
struct GivensLines<'a> {
    line: usize,
    /// The givens on the `givens` line itself (`givens LINE`): their column
    /// and text.
    inline: Option<(usize, &'a str)>,
    /// The rows after the `givens` line: each one's line and text.
    rows: Vec<(usize, &'a str)>,
}

/// A number of symbols implied by a keyword other than `size`.
struct Implied {
    size: usize,
    /// What implies it, for messages (such as "the boxes").
    what: &'static str,
    line: usize,
}

/// The top-level `boxes`, `no-boxes` or `regions` line.
struct TopRegions {
    keyword: &'static str,
    line: usize,
    regions: Regions,
}

/// A `grid` line as read; `regions: None` means the default boxes.
struct GridLine {
    line: usize,
    row: usize,
    col: usize,
    regions: Option<Regions>,
    diagonals: bool,
}

#[derive(Default)]
struct Parser<'a> {
    /// The line of the first keyword.
    first: usize,
    name: Option<(usize, String)>,
    size: Option<(usize, usize)>,
    /// Sizes implied by keywords other than `size`, in the order read.
    implied: Vec<Implied>,
    /// The shape keyword (`pie`, `cells`, `board`) and its line.
    shape: Option<(&'static str, usize)>,
    pie: Option<(usize, usize)>,
    cells: Option<usize>,
    board: Option<(usize, usize)>,
    /// Top-level grid options: the first one's keyword and line.
    top: Option<(&'static str, usize)>,
    top_regions: Option<TopRegions>,
    top_diagonals: Option<usize>,
    grids: Vec<GridLine>,
    houses: Vec<HouseLine<'a>>,
    givens: Option<GivensLines<'a>>,
}

impl<'a> Parser<'a> {
    fn parse(mut self, text: &'a str) -> Result<Variant, VariantError> {
        let mut lines = LineReader::new(text);
        while let Some((no, raw)) = lines.next() {
            if self.first == 0 {
                self.first = no;
            }
            let mut words = Words::new(raw, no);
            let (col, keyword) = words.next().expect("a non-blank line has a word");
            match keyword.to_ascii_lowercase().as_str() {
                "name" => {
                    words.keyword = "name";
                    self.once_name(no)?;
                    self.name = Some((no, words.rest().1.to_string()));
                }
                "size" => {
                    words.keyword = "size";
                    if let Some((first, _)) = self.size {
                        return Err(words.err(col, VariantErrorKind::Repeated { keyword: "size", first }));
                    }
                    let (c, n) = words.number("a number of symbols", 1)?;
                    if n > MAX_SYMBOLS {
                        return Err(words.err(
                            c,
                            VariantErrorKind::TooLarge { what: "the number of symbols", found: n, max: MAX_SYMBOLS },
                        ));
                    }
                    words.end()?;
                    self.size = Some((no, n));
                }
                "boxes" | "no-boxes" | "regions" => {
                    let kw = match keyword.to_ascii_lowercase().as_str() {
                        "boxes" => "boxes",
                        "no-boxes" => "no-boxes",
                        _ => "regions",
                    };
                    words.keyword = kw;
                    self.top_option(kw, no, col)?;
                    if let Some(first) = &self.top_regions {
                        return Err(words.err(
                            col,
                            if first.keyword == kw {
                                VariantErrorKind::Repeated { keyword: kw, first: first.line }
                            } else {
                                VariantErrorKind::Clash { keyword: kw, other: first.keyword, other_line: first.line }
                            },
                        ));
                    }
                    let regions = self.grid_option(kw, &mut words, &mut lines)?;
                    words.end()?;
                    self.top_regions = Some(TopRegions { keyword: kw, line: no, regions });
                }
                "diagonals" => {
                    words.keyword = "diagonals";
                    self.top_option("diagonals", no, col)?;
                    if let Some(first) = self.top_diagonals {
                        return Err(words.err(col, VariantErrorKind::Repeated { keyword: "diagonals", first }));
                    }
                    words.end()?;
                    self.top_diagonals = Some(no);
                }
                "house" => {
                    words.keyword = "house";
                    let (rest_col, rest) = words.rest();
                    let mut cells = Vec::new();
                    let mut start = 0;
                    for token in rest.split(|c: char| c == ',' || c.is_whitespace()) {
                        let offset = start;
                        start += token.len() + 1;
                        if token.is_empty() {
                            continue;
                        }
                        let column = rest_col + rest[..offset].chars().count();
                        let cell = read_cell_ref(token).ok_or_else(|| {
                            words.err(
                                column,
                                VariantErrorKind::Expected {
                                    what: "a cell (r1c2, or a 0-based cell index)",
                                    found: short(token),
                                },
                            )
                        })?;
                        cells.push(HouseCell { column, text: token, cell });
                    }
                    if cells.is_empty() {
                        return Err(words.err(rest_col, VariantErrorKind::Missing { keyword: "house", what: "cells" }));
                    }
                    self.houses.push(HouseLine { line: no, cells });
                }
                "pie" => {
                    words.keyword = "pie";
                    self.set_shape("pie", no, col)?;
                    let (c, sectors) = words.number("a number of sectors", 1)?;
                    let (_, rings) = words.number("a number of rings", 1)?;
                    words.end()?;
                    if sectors > MAX_SYMBOLS {
                        return Err(words.err(
                            c,
                            VariantErrorKind::TooLarge {
                                what: "the number of sectors",
                                found: sectors,
                                max: MAX_SYMBOLS,
                            },
                        ));
                    }
                    self.implied.push(Implied { size: sectors, what: "the pie's sectors", line: no });
                    self.pie = Some((sectors, rings));
                }
                "cells" => {
                    words.keyword = "cells";
                    self.set_shape("cells", no, col)?;
                    let (c, k) = words.number("a number of cells", 1)?;
                    words.end()?;
                    if k > MAX_CUSTOM_CELLS {
                        return Err(words.err(
                            c,
                            VariantErrorKind::TooLarge { what: "the number of cells", found: k, max: MAX_CUSTOM_CELLS },
                        ));
                    }
                    self.cells = Some(k);
                }
                "board" => {
                    words.keyword = "board";
                    self.set_shape("board", no, col)?;
                    let Dims { column: c, rows: h, cols: w } = words.dims("the board's size HxW, such as 21x21")?;
                    words.end()?;
                    for (what, found) in [("the board height", h), ("the board width", w)] {
                        if found > MAX_BOARD_SIDE {
                            return Err(words.err(c, VariantErrorKind::TooLarge { what, found, max: MAX_BOARD_SIDE }));
                        }
                    }
                    self.board = Some((h, w));
                }
                "grid" => {
                    words.keyword = "grid";
                    if let Some((kw @ ("pie" | "cells"), line)) = self.shape {
                        return Err(
                            words.err(col, VariantErrorKind::Clash { keyword: "grid", other: kw, other_line: line })
                        );
                    }
                    if let Some((kw, line)) = self.top {
                        return Err(
                            words.err(col, VariantErrorKind::Clash { keyword: "grid", other: kw, other_line: line })
                        );
                    }
                    let (_, row) = words.number("the grid's top row (0-based)", 0)?;
                    let (_, column) = words.number("the grid's left column (0-based)", 0)?;
                    let mut regions = None;
                    let mut diagonals = false;
                    while let Some((c, option)) = words.next() {
                        let kw = match option.to_ascii_lowercase().as_str() {
                            "boxes" => "boxes",
                            "no-boxes" => "no-boxes",
                            "regions" => "regions",
                            "diagonals" => "diagonals",
                            _ => {
                                return Err(words.err(
                                    c,
                                    VariantErrorKind::Expected {
                                        what: "a grid option (boxes RxC, no-boxes, regions or diagonals)",
                                        found: short(option),
                                    },
                                ))
                            }
                        };
                        if kw == "diagonals" {
                            diagonals = true;
                            continue;
                        }
                        if let Some((first, _)) = regions {
                            return Err(
                                words.err(c, VariantErrorKind::Clash { keyword: kw, other: first, other_line: no })
                            );
                        }
                        words.keyword = kw;
                        regions = Some((kw, self.grid_option(kw, &mut words, &mut lines)?));
                    }
                    self.grids.push(GridLine { line: no, row, col: column, regions: regions.map(|r| r.1), diagonals });
                }
                "givens" => {
                    let (c, rest) = words.rest();
                    let inline = (!rest.is_empty()).then_some((c, rest));
                    let mut rows = Vec::new();
                    // Every line after `givens` is a row.
                    for (k, row) in lines.by_ref() {
                        if inline.is_some() {
                            return Err(VariantError::at(k, 1, VariantErrorKind::Trailing(short(row.trim()))));
                        }
                        rows.push((k, row));
                    }
                    self.givens = Some(GivensLines { line: no, inline, rows });
                }
                _ => return Err(words.err(col, VariantErrorKind::UnknownKeyword(short(keyword)))),
            }
        }
        self.finish()
    }

    fn once_name(&self, no: usize) -> Result<(), VariantError> {
        match &self.name {
            Some((first, _)) => {
                Err(VariantError::at(no, 1, VariantErrorKind::Repeated { keyword: "name", first: *first }))
            }
            None => Ok(()),
        }
    }

    fn set_shape(&mut self, keyword: &'static str, no: usize, col: usize) -> Result<(), VariantError> {
        if let Some((other, other_line)) = self.shape.or(self.top) {
            let kind = if other == keyword {
                VariantErrorKind::Repeated { keyword, first: other_line }
            } else {
                VariantErrorKind::Clash { keyword, other, other_line }
            };
            return Err(VariantError::at(no, col, kind));
        }
        if keyword != "board" {
            if let Some(g) = self.grids.first() {
                return Err(VariantError::at(
                    no,
                    col,
                    VariantErrorKind::Clash { keyword, other: "grid", other_line: g.line },
                ));
            }
        }
        self.shape = Some((keyword, no));
        Ok(())
    }

    fn top_option(&mut self, keyword: &'static str, no: usize, col: usize) -> Result<(), VariantError> {
        if let Some((other, other_line)) = self.shape {
            return Err(VariantError::at(no, col, VariantErrorKind::Clash { keyword, other, other_line }));
        }
        if let Some(g) = self.grids.first() {
            return Err(VariantError::at(
                no,
                col,
                VariantErrorKind::Clash { keyword, other: "grid", other_line: g.line },
            ));
        }
        self.top.get_or_insert((keyword, no));
        Ok(())
    }

    /// Reads the arguments of `boxes`, `no-boxes` or `regions` (whose map
    /// rows follow the current line).
    fn grid_option(
        &mut self,
        keyword: &'static str,
        words: &mut Words<'a>,
        lines: &mut LineReader<'a>,
    ) -> Result<Regions, VariantError> {
        match keyword {
            "boxes" => {
                let Dims { column: c, rows: r, cols } = words.dims("the box size RxC, such as 3x3")?;
                let size = r.saturating_mul(cols);
                if size > MAX_SYMBOLS {
                    return Err(words.err(
                        c,
                        VariantErrorKind::TooLarge {
                            what: "the number of cells in a box",
                            found: size,
                            max: MAX_SYMBOLS,
                        },
                    ));
                }
                self.implied.push(Implied { size, what: "the boxes", line: words.line });
                Ok(Regions::Boxes { rows: r, cols })
            }
            "no-boxes" => Ok(Regions::None),
            _ => {
                let known = self.size.map(|(_, n)| n).or_else(|| self.implied.first().map(|i| i.size));
                let map = read_region_map(lines, words.line, known)?;
                self.implied.push(Implied { size: map.size, what: "the region map", line: words.line });
                Ok(Regions::Map(map.map))
            }
        }
    }

    fn finish(self) -> Result<Variant, VariantError> {
        // The number of symbols.
        let size = match (self.size, self.implied.first()) {
            (Some((_, n)), _) => n,
            (None, Some(implied)) => implied.size,
            (None, None) => match self.houses.first() {
                Some(house) if self.cells.is_some() => house.cells.len(),
                _ => return Err(VariantError::at(self.first.max(1), 0, VariantErrorKind::NoSize)),
            },
        };
        if size > MAX_SYMBOLS {
            return Err(VariantError::at(
                0,
                0,
                VariantErrorKind::TooLarge { what: "the number of symbols", found: size, max: MAX_SYMBOLS },
            ));
        }
        for implied in &self.implied {
            if implied.size != size {
                return Err(VariantError::at(
                    implied.line,
                    0,
                    VariantErrorKind::SizeMismatch { what: implied.what, implied: implied.size, size },
                ));
            }
        }
        let default_regions = || match line::box_shape(size) {
            (1, _) => Regions::None,
            (rows, cols) => Regions::Boxes { rows, cols },
        };
        let mut lines = SpecLines::default();
        let shape = match self.shape {
            Some(("pie", l)) => {
                lines.shape = l;
                let (sectors, rings) = self.pie.expect("pie was read");
                Shape::Pie { sectors, rings }
            }
            Some(("cells", l)) => {
                lines.shape = l;
                Shape::Custom { cells: self.cells.expect("cells was read") }
            }
            Some((_, l)) => {
                lines.shape = l;
                let (height, width) = self.board.expect("board was read");
                let grids = self
                    .grids
                    .into_iter()
                    .map(|g| {
                        lines.grids.push(g.line);
                        let regions = g.regions.unwrap_or_else(default_regions);
                        PlacedGrid { row: g.row, col: g.col, grid: GridSpec { regions, diagonals: g.diagonals } }
                    })
                    .collect();
                Shape::Board { height, width, grids }
            }
            None => {
                if let Some(g) = self.grids.first() {
                    return Err(VariantError::at(g.line, 1, VariantErrorKind::GridWithoutBoard));
                }
                lines.shape = self.top_regions.as_ref().map(|r| r.line).or(self.top.map(|t| t.1)).unwrap_or(0);
                let regions = self.top_regions.map_or_else(default_regions, |r| r.regions);
                Shape::Square(GridSpec { regions, diagonals: self.top_diagonals.is_some() })
            }
        };
        let mut spec = Spec { name: self.name.and_then(|n| clean_name(&n.1)), size, shape, houses: Vec::new() };
        let base = build_base(&spec, &lines)?;
        let cells = cell_count(&spec, &base);
        for written in &self.houses {
            let mut house = Vec::with_capacity(written.cells.len());
            let mut source = HouseSource { line: written.line, cells: Vec::with_capacity(written.cells.len()) };
            for HouseCell { column, text, cell } in &written.cells {
                let id = match (cell, &base) {
                    (CellRef::Index(i), _) if *i < cells => Some(CellId(*i as u32)),
                    (CellRef::RowCol(r, c), Some(layout)) => layout.cell_at(*r, *c),
                    _ => None,
                };
                let id = id.ok_or_else(|| {
                    VariantError::at(written.line, *column, VariantErrorKind::NoSuchCell(short(text)))
                })?;
                house.push(id);
                source.cells.push(CellSource { column: *column, text: short(text) });
            }
            spec.houses.push(house);
            lines.houses.push(source);
        }
        let layout = add_houses(&spec, base, &lines)?;
        let givens = match &self.givens {
            None => None,
            Some(g) => Some(read_givens(&spec, &layout, g.line, g.inline, &g.rows)?),
        };
        Ok(Variant { spec, layout, givens })
    }
}

#[cfg(test)]
mod tests;
