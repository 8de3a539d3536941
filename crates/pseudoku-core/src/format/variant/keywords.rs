//! One reader per keyword of a variant file, and the dispatch ([`read`]) that
//! picks it. A reader takes the arguments on its line (and the rows of a
//! region map that follow it, or for `givens` every line after it), checks
//! them against the keywords read before, and records them in the
//! [`Parser`].

use super::record::{CellRef, GivensLines, GridLine, HouseCell, HouseLine, Implied, Parser, TopRegions};
use super::rows::read_region_map;
use super::text::{short, Columns, Dims, LineReader, Words};
use super::{Regions, VariantError, VariantErrorKind, MAX_BOARD_SIDE};
use crate::layout::{MAX_CELLS, MAX_GRIDS, MAX_HOUSES};
use crate::symbol::MAX_SYMBOLS;

/// Reads the line of `keyword` (written at column `col`) and the lines it
/// owns.
pub(super) fn read<'a>(
    parser: &mut Parser<'a>,
    keyword: &str,
    col: usize,
    words: &mut Words<'a>,
    lines: &mut LineReader<'a>,
) -> Result<(), VariantError> {
    match keyword.to_ascii_lowercase().as_str() {
        "name" => text_line(|p| &mut p.name, "name", parser, words),
        "author" => text_line(|p| &mut p.author, "author", parser, words),
        "rules" => rules_line(parser, words),
        "size" => size(parser, words, col),
        "boxes" => top_regions(parser, "boxes", words, col, lines),
        "no-boxes" => top_regions(parser, "no-boxes", words, col, lines),
        "regions" => top_regions(parser, "regions", words, col, lines),
        "diagonals" => diagonals(parser, words, col),
        "house" => house(parser, words),
        "pie" => pie(parser, words, col),
        "cells" => cells(parser, words, col),
        "board" => board(parser, words, col),
        "grid" => grid(parser, words, col, lines),
        "givens" => givens(parser, words, lines),
        _ => Err(words.err(col, VariantErrorKind::UnknownKeyword(short(keyword)))),
    }
}

/// `name TITLE`, `author WHO`: the rest of the line, once.
fn text_line<'a>(
    slot: for<'p> fn(&'p mut Parser<'a>) -> &'p mut Option<(usize, String)>,
    keyword: &'static str,
    parser: &mut Parser<'a>,
    words: &mut Words<'_>,
) -> Result<(), VariantError> {
    words.keyword = keyword;
    if let Some((first, _)) = slot(parser) {
        return Err(VariantError::at(words.line, 1, VariantErrorKind::Repeated { keyword, first: *first }));
    }
    *slot(parser) = Some((words.line, words.rest().1.to_string()));
    Ok(())
}

/// `rules TEXT`: the rest of the line, one paragraph of the rules; each
/// further `rules` line is the next paragraph.
fn rules_line(parser: &mut Parser<'_>, words: &mut Words<'_>) -> Result<(), VariantError> {
    words.keyword = "rules";
    let paragraph = words.rest().1;
    match &mut parser.rules {
        Some((_, text)) => {
            text.push('\n');
            text.push_str(paragraph);
        }
        None => parser.rules = Some((words.line, paragraph.to_string())),
    }
    Ok(())
}

/// `size N`: the number of symbols.
fn size(parser: &mut Parser<'_>, words: &mut Words<'_>, col: usize) -> Result<(), VariantError> {
    words.keyword = "size";
    if let Some((first, _)) = parser.size {
        return Err(words.err(col, VariantErrorKind::Repeated { keyword: "size", first }));
    }
    let (c, n) = words.number("a number of symbols", 1)?;
    if n > MAX_SYMBOLS {
        return Err(
            words.err(c, VariantErrorKind::TooLarge { what: "the number of symbols", found: n, max: MAX_SYMBOLS })
        );
    }
    words.end()?;
    parser.size = Some((words.line, n));
    Ok(())
}

/// `boxes RxC`, `no-boxes` or `regions` on a line of its own: the regions of
/// the one square grid.
fn top_regions<'a>(
    parser: &mut Parser<'a>,
    keyword: &'static str,
    words: &mut Words<'a>,
    col: usize,
    lines: &mut LineReader<'a>,
) -> Result<(), VariantError> {
    words.keyword = keyword;
    top_option(parser, keyword, words.line, col)?;
    if let Some(first) = &parser.top_regions {
        return Err(words.err(
            col,
            if first.keyword == keyword {
                VariantErrorKind::Repeated { keyword, first: first.line }
            } else {
                VariantErrorKind::Clash { keyword, other: first.keyword, other_line: first.line }
            },
        ));
    }
    let regions = grid_regions(parser, keyword, words, lines)?;
    words.end()?;
    parser.top_regions = Some(TopRegions { keyword, line: words.line, regions });
    Ok(())
}

/// The arguments of a grid option `boxes`, `no-boxes` or `regions`, on a
/// line of its own or on a `grid` line.
fn grid_regions<'a>(
    parser: &mut Parser<'a>,
    keyword: &'static str,
    words: &mut Words<'a>,
    lines: &mut LineReader<'a>,
) -> Result<Regions, VariantError> {
    match keyword {
        "boxes" => boxes(parser, words),
        "no-boxes" => Ok(Regions::None),
        _ => regions(parser, words, lines),
    }
}

/// `boxes RxC`: boxes `R` rows tall and `C` wide, which imply `N = R × C`.
fn boxes(parser: &mut Parser<'_>, words: &mut Words<'_>) -> Result<Regions, VariantError> {
    let Dims { column: c, rows: r, cols } = words.dims("the box size RxC, such as 3x3")?;
    let size = r.saturating_mul(cols);
    if size > MAX_SYMBOLS {
        return Err(words.err(
            c,
            VariantErrorKind::TooLarge { what: "the number of cells in a box", found: size, max: MAX_SYMBOLS },
        ));
    }
    parser.implied.push(Implied { size, what: "the boxes", line: words.line });
    Ok(Regions::Boxes { rows: r, cols })
}

/// `regions`: a region map in the rows after the line, whose width implies
/// `N` (and is taken from the first row when nothing said `N` before).
fn regions<'a>(
    parser: &mut Parser<'a>,
    words: &mut Words<'a>,
    lines: &mut LineReader<'a>,
) -> Result<Regions, VariantError> {
    let known = parser.size.map(|(_, n)| n).or_else(|| parser.implied.first().map(|i| i.size));
    let map = read_region_map(lines, words.line, known)?;
    parser.implied.push(Implied { size: map.size, what: "the region map", line: words.line });
    Ok(Regions::Map(map.map))
}

/// `diagonals`: both main diagonals of the one square grid are houses.
fn diagonals(parser: &mut Parser<'_>, words: &mut Words<'_>, col: usize) -> Result<(), VariantError> {
    words.keyword = "diagonals";
    top_option(parser, "diagonals", words.line, col)?;
    if let Some(first) = parser.top_diagonals {
        return Err(words.err(col, VariantErrorKind::Repeated { keyword: "diagonals", first }));
    }
    words.end()?;
    parser.top_diagonals = Some(words.line);
    Ok(())
}

/// Reads `r1c2` (any case) or a cell index.
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

/// `house CELL…`: an extra house, its cells separated by spaces or commas.
/// Whether they are cells of the layout is checked once it is built.
fn house<'a>(parser: &mut Parser<'a>, words: &mut Words<'a>) -> Result<(), VariantError> {
    words.keyword = "house";
    if parser.houses.len() == MAX_HOUSES {
        let found = MAX_HOUSES + 1;
        return Err(words.err(1, VariantErrorKind::TooLarge { what: "the number of houses", found, max: MAX_HOUSES }));
    }
    let (rest_col, rest) = words.rest();
    let mut cells = Vec::new();
    let mut start = 0;
    let mut columns = Columns::new(rest);
    for token in rest.split(|c: char| c == ',' || c.is_whitespace()) {
        let offset = start;
        start += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        let column = rest_col + columns.of(offset) - 1;
        let cell = read_cell_ref(token).ok_or_else(|| {
            words.err(
                column,
                VariantErrorKind::Expected { what: "a cell (r1c2, or a 0-based cell index)", found: short(token) },
            )
        })?;
        cells.push(HouseCell { column, text: token, cell });
    }
    if cells.is_empty() {
        return Err(words.err(rest_col, VariantErrorKind::Missing { keyword: "house", what: "cells" }));
    }
    parser.houses.push(HouseLine { line: words.line, cells });
    Ok(())
}

/// `pie SECTORS RINGS`: a Sudoku Pie, whose sectors imply `N`.
fn pie(parser: &mut Parser<'_>, words: &mut Words<'_>, col: usize) -> Result<(), VariantError> {
    words.keyword = "pie";
    set_shape(parser, "pie", words.line, col)?;
    let (c, sectors) = words.number("a number of sectors", 1)?;
    let (_, rings) = words.number("a number of rings", 1)?;
    words.end()?;
    if sectors > MAX_SYMBOLS {
        return Err(words
            .err(c, VariantErrorKind::TooLarge { what: "the number of sectors", found: sectors, max: MAX_SYMBOLS }));
    }
    parser.implied.push(Implied { size: sectors, what: "the pie's sectors", line: words.line });
    parser.pie = Some((sectors, rings));
    Ok(())
}

/// `cells K`: a custom layout of `K` cells, whose houses are the `house`
/// lines.
fn cells(parser: &mut Parser<'_>, words: &mut Words<'_>, col: usize) -> Result<(), VariantError> {
    words.keyword = "cells";
    set_shape(parser, "cells", words.line, col)?;
    let (c, k) = words.number("a number of cells", 1)?;
    words.end()?;
    if k > MAX_CELLS {
        return Err(words.err(c, VariantErrorKind::TooLarge { what: "the number of cells", found: k, max: MAX_CELLS }));
    }
    parser.cells = Some(k);
    Ok(())
}

/// `board HxW`: a multi-grid board, whose grids are the `grid` lines.
fn board(parser: &mut Parser<'_>, words: &mut Words<'_>, col: usize) -> Result<(), VariantError> {
    words.keyword = "board";
    set_shape(parser, "board", words.line, col)?;
    let Dims { column: c, rows: h, cols: w } = words.dims("the board's size HxW, such as 21x21")?;
    words.end()?;
    for (what, found) in [("the board height", h), ("the board width", w)] {
        if found > MAX_BOARD_SIDE {
            return Err(words.err(c, VariantErrorKind::TooLarge { what, found, max: MAX_BOARD_SIDE }));
        }
    }
    parser.board = Some((h, w));
    Ok(())
}

/// `grid ROW COL [boxes RxC | no-boxes | regions | diagonals]…`: a grid of
/// the board at a 0-based offset. A `regions` option reads its map from the
/// rows after the line before the options after it.
fn grid<'a>(
    parser: &mut Parser<'a>,
    words: &mut Words<'a>,
    col: usize,
    lines: &mut LineReader<'a>,
) -> Result<(), VariantError> {
    words.keyword = "grid";
    if let Some((kw @ ("pie" | "cells"), line)) = parser.shape {
        return Err(words.err(col, VariantErrorKind::Clash { keyword: "grid", other: kw, other_line: line }));
    }
    if let Some((kw, line)) = parser.top {
        return Err(words.err(col, VariantErrorKind::Clash { keyword: "grid", other: kw, other_line: line }));
    }
    if parser.grids.len() == MAX_GRIDS {
        let found = MAX_GRIDS + 1;
        return Err(words.err(col, VariantErrorKind::TooLarge { what: "the number of grids", found, max: MAX_GRIDS }));
    }
    let (_, row) = words.number("the grid's top row (0-based)", 0)?;
    let (_, column) = words.number("the grid's left column (0-based)", 0)?;
    // The option that gave the regions, and the regions.
    let mut regions: Option<(&'static str, Regions)> = None;
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
            return Err(words.err(c, VariantErrorKind::Clash { keyword: kw, other: first, other_line: words.line }));
        }
        words.keyword = kw;
        regions = Some((kw, grid_regions(parser, kw, words, lines)?));
    }
    parser.grids.push(GridLine { line: words.line, row, col: column, regions: regions.map(|r| r.1), diagonals });
    Ok(())
}

/// `givens`: the givens, in the line format on the same line (`givens
/// LINE`) or in rows on every line after it.
fn givens<'a>(parser: &mut Parser<'a>, words: &mut Words<'a>, lines: &mut LineReader<'a>) -> Result<(), VariantError> {
    let (c, rest) = words.rest();
    let inline = (!rest.is_empty()).then_some((c, rest));
    let mut rows = Vec::new();
    for (k, row) in lines.by_ref() {
        if inline.is_some() {
            return Err(VariantError::at(k, 1, VariantErrorKind::Trailing(short(row.trim()))));
        }
        rows.push((k, row));
    }
    parser.givens = Some(GivensLines { line: words.line, inline, rows });
    Ok(())
}

/// Records `keyword` (`pie`, `cells` or `board`) as the shape: it cannot
/// follow another shape or a top-level grid option, nor (but for `board`)
/// a `grid` line.
fn set_shape(parser: &mut Parser<'_>, keyword: &'static str, no: usize, col: usize) -> Result<(), VariantError> {
    if let Some((other, other_line)) = parser.shape.or(parser.top) {
        let kind = if other == keyword {
            VariantErrorKind::Repeated { keyword, first: other_line }
        } else {
            VariantErrorKind::Clash { keyword, other, other_line }
        };
        return Err(VariantError::at(no, col, kind));
    }
    if keyword != "board" {
        if let Some(g) = parser.grids.first() {
            return Err(VariantError::at(
                no,
                col,
                VariantErrorKind::Clash { keyword, other: "grid", other_line: g.line },
            ));
        }
    }
    parser.shape = Some((keyword, no));
    Ok(())
}

/// Records a top-level grid option (`boxes`, `no-boxes`, `regions`,
/// `diagonals`): it cannot follow a shape keyword or a `grid` line.
fn top_option(parser: &mut Parser<'_>, keyword: &'static str, no: usize, col: usize) -> Result<(), VariantError> {
    if let Some((other, other_line)) = parser.shape {
        return Err(VariantError::at(no, col, VariantErrorKind::Clash { keyword, other, other_line }));
    }
    if let Some(g) = parser.grids.first() {
        return Err(VariantError::at(no, col, VariantErrorKind::Clash { keyword, other: "grid", other_line: g.line }));
    }
    parser.top.get_or_insert((keyword, no));
    Ok(())
}
