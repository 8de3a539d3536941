//! Building a [`Layout`] from a [`Spec`]: the base layout of its shape, then
//! its extra houses, with errors that point at the lines that described
//! them when the spec was read from a file.

use std::collections::HashMap;

use super::{GridSpec, Regions, Shape, Spec, VariantError, VariantErrorKind, MAX_BOARD_SIDE};
use crate::layout::{CellId, Geometry, House, HouseKind, Layout, LayoutError, MAX_CELLS, MAX_GRIDS, MAX_HOUSES};
use crate::symbol::MAX_SYMBOLS;

impl Spec {
    /// The layout this spec describes.
    pub fn build(&self) -> Result<Layout, LayoutError> {
        let base = build_base(self, &SpecLines::default()).map_err(into_layout_error)?;
        add_houses(self, base, &SpecLines::default()).map_err(into_layout_error)
    }
}

/// A [`Spec`] built in code has no text, so its errors are layout errors.
fn into_layout_error(e: VariantError) -> LayoutError {
    match e.kind {
        VariantErrorKind::Layout(e) => e,
        other => LayoutError::Unsupported(other.to_string()),
    }
}

/// Where the parts of a spec were written, for errors after parsing.
#[derive(Default)]
pub(super) struct SpecLines {
    /// The line of the keyword that fixed the shape (and of the region map).
    pub(super) shape: usize,
    /// The line of each `grid`.
    pub(super) grids: Vec<usize>,
    /// Where each house was written.
    pub(super) houses: Vec<HouseSource>,
}

/// Where a house was written: its line, and the column and text of each of
/// its cells.
pub(super) struct HouseSource {
    pub(super) line: usize,
    pub(super) cells: Vec<CellSource>,
}

/// Where a cell of a house was written, and as what (such as `r1c2`).
pub(super) struct CellSource {
    pub(super) column: usize,
    pub(super) text: String,
}

/// The layout of one `size × size` grid with its regions and diagonals.
fn grid_layout(size: usize, grid: &GridSpec) -> Result<Layout, LayoutError> {
    if size == 0 || size > MAX_SYMBOLS {
        return Err(LayoutError::BadSize(size));
    }
    let layout = match &grid.regions {
        Regions::Boxes { rows, cols } => {
            if rows.checked_mul(*cols) != Some(size) {
                return Err(LayoutError::Unsupported(format!(
                    "boxes {rows}x{cols} do not hold {size} cells, the size of the grid"
                )));
            }
            Layout::boxed(*rows, *cols)?
        }
        Regions::None => Layout::latin(size)?,
        Regions::Map(map) => Layout::jigsaw(size, map)?,
    };
    if grid.diagonals {
        layout.with_diagonals()
    } else {
        Ok(layout)
    }
}

/// The layout of a spec without its extra houses (`None` for a custom
/// layout, whose houses are all extra).
pub(super) fn build_base(spec: &Spec, lines: &SpecLines) -> Result<Option<Layout>, VariantError> {
    let size = spec.size;
    let at_shape = |e: LayoutError| VariantError::at(lines.shape, 0, VariantErrorKind::Layout(e));
    if size == 0 || size > MAX_SYMBOLS {
        return Err(at_shape(LayoutError::BadSize(size)));
    }
    match &spec.shape {
        Shape::Square(grid) => grid_layout(size, grid).map(Some).map_err(at_shape),
        Shape::Board { height, width, grids } => {
            let (height, width) = (*height, *width);
            for (what, found) in [("the board height", height), ("the board width", width)] {
                if found > MAX_BOARD_SIDE {
                    return Err(VariantError::at(
                        lines.shape,
                        0,
                        VariantErrorKind::TooLarge { what, found, max: MAX_BOARD_SIDE },
                    ));
                }
            }
            if grids.is_empty() {
                return Err(VariantError::at(lines.shape, 0, VariantErrorKind::NoGrids));
            }
            let too_large =
                |what, found, max| VariantError::at(lines.shape, 0, VariantErrorKind::TooLarge { what, found, max });
            if grids.len() > MAX_GRIDS {
                return Err(too_large("the number of grids", grids.len(), MAX_GRIDS));
            }
            for (g, placed) in grids.iter().enumerate() {
                let line = lines.grids.get(g).copied().unwrap_or(0);
                if placed.row > height || placed.col > width || placed.row + size > height || placed.col + size > width
                {
                    let outside = LayoutError::GridOutside { grid: g, row: placed.row, col: placed.col, height, width };
                    return Err(VariantError::at(line, 0, VariantErrorKind::Layout(outside)));
                }
            }
            // The cells the grids cover, counted before any grid is built.
            let mut covered = vec![false; height * width];
            for placed in grids {
                for r in placed.row..placed.row + size {
                    covered[r * width + placed.col..r * width + placed.col + size].fill(true);
                }
            }
            let cells = covered.iter().filter(|&&c| c).count();
            if cells > MAX_CELLS {
                return Err(too_large("the number of cells", cells, MAX_CELLS));
            }
            // Each different grid is built once (most boards repeat one).
            let mut built: HashMap<&GridSpec, Layout> = HashMap::new();
            for (g, placed) in grids.iter().enumerate() {
                if !built.contains_key(&placed.grid) {
                    let line = lines.grids.get(g).copied().unwrap_or(0);
                    let layout = grid_layout(size, &placed.grid)
                        .map_err(|e| VariantError::at(line, 0, VariantErrorKind::Layout(e)))?;
                    built.insert(&placed.grid, layout);
                }
            }
            let placed: Vec<(usize, usize, &Layout)> = grids.iter().map(|p| (p.row, p.col, &built[&p.grid])).collect();
            Layout::multigrid(height, width, &placed).map(Some).map_err(at_shape)
        }
        Shape::Pie { sectors, rings } => {
            if *rings > MAX_SYMBOLS {
                return Err(VariantError::at(
                    lines.shape,
                    0,
                    VariantErrorKind::TooLarge { what: "the number of rings", found: *rings, max: MAX_SYMBOLS },
                ));
            }
            if *sectors != size {
                return Err(VariantError::at(
                    lines.shape,
                    0,
                    VariantErrorKind::SizeMismatch { what: "a pie", implied: *sectors, size },
                ));
            }
            Layout::pie(*sectors, *rings).map(Some).map_err(at_shape)
        }
        Shape::Custom { cells } => {
            if *cells > MAX_CELLS {
                return Err(VariantError::at(
                    lines.shape,
                    0,
                    VariantErrorKind::TooLarge { what: "the number of cells", found: *cells, max: MAX_CELLS },
                ));
            }
            Ok(None)
        }
    }
}

/// The number of cells of a spec's layout, given its base layout.
pub(super) fn cell_count(spec: &Spec, base: &Option<Layout>) -> usize {
    match (&spec.shape, base) {
        (_, Some(l)) => l.cell_count(),
        (Shape::Custom { cells }, None) => *cells,
        _ => 0,
    }
}

/// Checks the extra houses and adds them to the base layout.
pub(super) fn add_houses(spec: &Spec, base: Option<Layout>, lines: &SpecLines) -> Result<Layout, VariantError> {
    let cells = cell_count(spec, &base);
    if spec.houses.len() > MAX_HOUSES {
        let kind =
            VariantErrorKind::TooLarge { what: "the number of houses", found: spec.houses.len(), max: MAX_HOUSES };
        return Err(VariantError::at(lines.shape, 0, kind));
    }
    // `seen[cell]` is the last house that named the cell.
    let mut seen = vec![usize::MAX; cells];
    let mut houses = Vec::with_capacity(spec.houses.len());
    for (h, house) in spec.houses.iter().enumerate() {
        let source = lines.houses.get(h);
        let line = source.map_or(0, |s| s.line);
        // The column and text of cell `i` (column 0 and the cell's index for
        // a spec built in code).
        let written = |i: usize, cell: &CellId| match source.and_then(|s| s.cells.get(i)) {
            Some(c) if !c.text.is_empty() => (c.column, c.text.clone()),
            Some(c) => (c.column, cell.index().to_string()),
            None => (0, cell.index().to_string()),
        };
        for (i, cell) in house.iter().enumerate() {
            if cell.index() >= cells {
                let (c, text) = written(i, cell);
                return Err(VariantError::at(line, c, VariantErrorKind::NoSuchCell(text)));
            }
            if seen[cell.index()] == h {
                let (c, text) = written(i, cell);
                return Err(VariantError::at(line, c, VariantErrorKind::HouseRepeat(text)));
            }
            seen[cell.index()] = h;
        }
        if house.len() != spec.size {
            return Err(VariantError::at(line, 0, VariantErrorKind::HouseSize { found: house.len(), size: spec.size }));
        }
        houses.push(House { kind: HouseKind::Extra, cells: house.clone() });
    }
    let layout = match base {
        Some(base) if houses.is_empty() => Ok(base),
        Some(base) => base.with_houses(houses),
        None => Layout::new(spec.size, cells, Geometry::Abstract, houses),
    };
    layout.map_err(|e| VariantError::at(lines.shape, 0, VariantErrorKind::Layout(e)))
}
