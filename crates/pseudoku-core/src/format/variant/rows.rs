//! Rows of a variant file: the rows of a region map, and the givens (rows of
//! a grid, of a multi-grid board or of a pie's sectors, lines of a custom
//! layout, or one line in the line format). Each row is read with commas,
//! by whitespace-separated tokens or one character per cell; see the module
//! documentation of [`variant`](super).

use super::text::{short, Columns, LineReader};
use super::{Shape, Spec, VariantError, VariantErrorKind};
use crate::format::line::{self, cells_of, LineError, TextPos};
use crate::format::{read_field, Entry, Place};
use crate::layout::{CellId, Geometry, Layout, LayoutError, MAX_CELLS};
use crate::symbol::{Symbol, MAX_SYMBOLS};

/// A region map as read: names renumbered in order of first appearance.
pub(super) struct RegionMap {
    /// The width and height of the map, `N`.
    pub(super) size: usize,
    /// The region of each cell, row by row.
    pub(super) map: Vec<usize>,
}

/// What whitespace inside a row read one character per cell stands for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spaces {
    /// Nothing: it is skipped (the rows of a grid, a pie or a region map).
    Skipped,
    /// A board position each (the rows of a multi-grid board, where a space
    /// is a gap between grids).
    Positions,
}

/// A row split into cells: `(column, text)` for each.
fn split_row(text: &str, width: Option<usize>, spaces: Spaces) -> Vec<(usize, &str)> {
    let text = text.trim_end();
    let mut columns = Columns::new(text);
    let mut column_of = |byte: usize| columns.of(byte);
    if text.contains(',') {
        let mut out = Vec::new();
        let mut start = 0;
        for field in text.split(',') {
            let lead = field.len() - field.trim_start().len();
            out.push((column_of(start + lead), field.trim()));
            start += field.len() + 1;
        }
        return out;
    }
    let tokens: Vec<(usize, &str)> =
        text.split_whitespace().map(|t| (column_of(t.as_ptr() as usize - text.as_ptr() as usize), t)).collect();
    // A row of unknown width (the first row of a region map before any
    // `size`) is read one character per cell.
    let token_mode = width.is_some_and(|w| w > 1 && tokens.len() == w);
    if token_mode {
        return tokens;
    }
    text.char_indices()
        .enumerate()
        .filter(|(_, (_, c))| spaces == Spaces::Positions || !c.is_whitespace())
        .map(|(n, (b, c))| (n + 1, &text[b..b + c.len_utf8()]))
        .collect()
}

/// Reads the `size` rows of a region map from `lines`; a `size` of `None`
/// is taken from the first row.
pub(super) fn read_region_map(
    lines: &mut LineReader<'_>,
    keyword_line: usize,
    size: Option<usize>,
) -> Result<RegionMap, VariantError> {
    let mut size = size;
    let mut names: Vec<&str> = Vec::new();
    let mut map = Vec::new();
    let mut rows = 0;
    while size.is_none_or(|n| rows < n) {
        let Some((no, raw)) = lines.next() else {
            let expected = size.unwrap_or(0);
            return Err(VariantError::at(
                keyword_line,
                0,
                VariantErrorKind::MissingRows { what: "region map", expected, found: rows },
            ));
        };
        let cells = split_row(raw, size, Spaces::Skipped);
        let n = *size.get_or_insert(cells.len());
        if n > MAX_SYMBOLS {
            return Err(VariantError::at(
                no,
                0,
                VariantErrorKind::TooLarge { what: "the width of the region map", found: n, max: MAX_SYMBOLS },
            ));
        }
        if n * n > MAX_CELLS {
            return Err(VariantError::at(
                no,
                0,
                VariantErrorKind::TooLarge {
                    what: "the number of cells of the region map",
                    found: n * n,
                    max: MAX_CELLS,
                },
            ));
        }
        if cells.len() != n {
            return Err(VariantError::at(
                no,
                0,
                VariantErrorKind::RowLength { what: "region map", expected: n, found: cells.len() },
            ));
        }
        for (col, name) in cells {
            if name.is_empty() {
                return Err(VariantError::at(
                    no,
                    col,
                    VariantErrorKind::Expected { what: "a region name", found: String::new() },
                ));
            }
            let id = match names.iter().position(|&x| x == name) {
                Some(id) => id,
                // More than N names: the map is wrong, and a longer list of
                // names would make each search of it longer.
                None if names.len() == n => {
                    return Err(VariantError::at(
                        no,
                        col,
                        VariantErrorKind::Layout(LayoutError::RegionCount { found: n + 1, size: n }),
                    ))
                }
                None => {
                    names.push(name);
                    names.len() - 1
                }
            };
            map.push(id);
        }
        rows += 1;
    }
    Ok(RegionMap { size: size.unwrap_or(0), map })
}

/// Reads the givens after a `givens` line.
pub(super) fn read_givens(
    spec: &Spec,
    layout: &Layout,
    givens_line: usize,
    inline: Option<(usize, &str)>,
    rows: &[(usize, &str)],
) -> Result<Vec<Option<Symbol>>, VariantError> {
    let n = layout.cell_count();
    // Where each cell was written, for errors.
    let mut source = vec![(givens_line, 0); n];
    let givens = if let Some((col, text)) = inline {
        line::read(layout, text).map_err(|e| VariantError::at(givens_line, col, VariantErrorKind::Givens(e)))?
    } else {
        match &spec.shape {
            Shape::Custom { .. } => read_custom_rows(layout, givens_line, rows, &mut source)?,
            _ => read_rows(spec, layout, givens_line, rows, &mut source)?,
        }
    };
    line::check_repeats(layout, &givens).map_err(|e| {
        let cell = match &e {
            LineError::Repeat { second, .. } => {
                (0..n).find(|&i| Place::of(layout, CellId(i as u32)) == *second).unwrap_or(0)
            }
            _ => 0,
        };
        let (l, c) = source.get(cell).copied().unwrap_or((givens_line, 0));
        VariantError::at(l, c, VariantErrorKind::Givens(e))
    })?;
    Ok(givens)
}

/// Givens as rows of positions: the rows of a grid, of a multi-grid board,
/// or the sectors of a pie.
fn read_rows(
    spec: &Spec,
    layout: &Layout,
    givens_line: usize,
    rows: &[(usize, &str)],
    source: &mut [(usize, usize)],
) -> Result<Vec<Option<Symbol>>, VariantError> {
    let size = spec.size;
    let n = layout.cell_count();
    let shape = &spec.shape;
    let (height, width) = match shape {
        Shape::Square(_) => (size, size),
        Shape::Pie { sectors, rings } => (*sectors, *rings),
        _ => match layout.geometry() {
            Geometry::Board { height, width, .. } => (*height, *width),
            _ => (0, 0),
        },
    };
    let spaces = match shape {
        Shape::Square(_) | Shape::Pie { .. } => Spaces::Skipped,
        _ => Spaces::Positions,
    };
    let cell_at = |r: usize, c: usize| -> Option<usize> {
        match shape {
            Shape::Board { .. } => layout.cell_at(r, c).map(CellId::index),
            _ => Some(r * width + c),
        }
    };
    let what = match shape {
        Shape::Pie { .. } => "pie (rings per sector)",
        Shape::Board { .. } => "board",
        _ => "grid",
    };
    let mut givens = vec![None; n];
    if rows.len() < height {
        return Err(VariantError::at(
            givens_line,
            0,
            VariantErrorKind::MissingRows { what: "givens", expected: height, found: rows.len() },
        ));
    }
    if let Some(&(extra, _)) = rows.get(height) {
        return Err(VariantError::at(extra, 1, VariantErrorKind::ExtraRow { what: "givens", expected: height }));
    }
    for (r, &(line_no, text)) in rows.iter().enumerate() {
        let cells = split_row(text, Some(width), spaces);
        let err = |col, kind| VariantError::at(line_no, col, kind);
        // A short row is fine on a board when only gaps are missing.
        let short_ok = spaces == Spaces::Positions && (cells.len()..width).all(|c| cell_at(r, c).is_none());
        if cells.len() > width || (cells.len() < width && !short_ok) {
            return Err(err(0, VariantErrorKind::RowLength { what, expected: width, found: cells.len() }));
        }
        for (c, &(col, raw)) in cells.iter().enumerate() {
            let blank = raw.chars().all(char::is_whitespace) && !raw.is_empty();
            let entry = if blank { Some(Entry::Empty) } else { read_field(raw) };
            let Some(entry) = entry else {
                let place = cell_at(r, c).map(|i| Place::of(layout, CellId(i as u32)));
                return Err(err(
                    col,
                    VariantErrorKind::Givens(LineError::Unknown { text: short(raw), at: TextPos::Char(col), place }),
                ));
            };
            match (cell_at(r, c), entry) {
                (Some(i), _) if blank => {
                    return Err(err(col, VariantErrorKind::SpaceInCell(Place::of(layout, CellId(i as u32)))))
                }
                (Some(_), Entry::Empty) => {}
                (Some(i), Entry::Number(k)) => {
                    source[i] = (line_no, col);
                    givens[i] = Some(symbol(layout, i, k, col).map_err(|kind| err(col, kind))?);
                }
                (None, Entry::Empty) => {}
                (None, Entry::Number(_)) => {
                    return Err(err(col, VariantErrorKind::OutsideGrids { symbol: short(raw), row: r + 1, col: c + 1 }))
                }
            }
        }
    }
    Ok(givens)
}

/// The symbol numbered `k` at cell `i`, or an out-of-range error.
fn symbol(layout: &Layout, i: usize, k: u64, col: usize) -> Result<Symbol, VariantErrorKind> {
    if k >= 1 && k <= layout.size() as u64 {
        Ok(Symbol::new(k as usize - 1))
    } else {
        Err(VariantErrorKind::Givens(LineError::OutOfRange {
            number: k,
            at: TextPos::Char(col),
            place: Place::of(layout, CellId(i as u32)),
            size: layout.size(),
        }))
    }
}

/// Custom givens: rows in the line format, concatenated in cell order.
fn read_custom_rows(
    layout: &Layout,
    givens_line: usize,
    rows: &[(usize, &str)],
    source: &mut [(usize, usize)],
) -> Result<Vec<Option<Symbol>>, VariantError> {
    let n = layout.cell_count();
    let mut givens = Vec::with_capacity(n);
    for &(line_no, text) in rows {
        let mut columns = Columns::new(text);
        for written in cells_of(text) {
            let col = match written.at {
                TextPos::Char(c) => c,
                TextPos::Field(_) => columns.of(written.raw.as_ptr() as usize - text.as_ptr() as usize),
            };
            let i = givens.len();
            let err = |kind| VariantError::at(line_no, col, kind);
            let place = (i < n).then(|| Place::of(layout, CellId(i as u32)));
            match written.entry {
                None => {
                    return Err(err(VariantErrorKind::Givens(LineError::Unknown {
                        text: short(written.raw),
                        at: written.at,
                        place,
                    })))
                }
                _ if i >= n => {
                    return Err(err(VariantErrorKind::Givens(LineError::Length { expected: n, found: i + 1 })))
                }
                Some(Entry::Empty) => givens.push(None),
                Some(Entry::Number(k)) => {
                    source[i] = (line_no, col);
                    givens.push(Some(symbol(layout, i, k, col).map_err(err)?));
                }
            }
        }
    }
    if givens.len() != n {
        return Err(VariantError::at(
            givens_line,
            0,
            VariantErrorKind::Givens(LineError::Length { expected: n, found: givens.len() }),
        ));
    }
    Ok(givens)
}
