//! One model for every variant: cells and houses.
//!
//! A [`Layout`] is a set of cells, a number `N` of symbols, and a list of
//! houses: sets of exactly `N` cells that must hold each symbol once. Rows,
//! columns, boxes, jigsaw regions, diagonals, the rings and sector pairs of a
//! Sudoku Pie and the grids of a samurai are all just houses, so one solver
//! serves them all. A [`Geometry`] says where the cells are drawn; the solver
//! never looks at it. [`random_regions`] draws random region maps for
//! jigsaw layouts, and [`random_regions_keeping`] finishes one a setter
//! began by drawing borders.

use core::fmt;
use std::collections::HashSet;

use crate::symbol::MAX_SYMBOLS;

mod random;

pub use random::{random_regions, random_regions_keeping};

/// The most cells a layout may have: a 128×128 grid, or a board of many
/// small grids. Larger layouts cannot be drawn or played, and every table
/// of a layout grows with its cells, so they are refused before any is built.
pub const MAX_CELLS: usize = 16_384;

/// The most houses a layout may have (a 128×128 sudoku has 384).
pub const MAX_HOUSES: usize = 8_192;

/// The most cells all houses of a layout may hold together, a cell counted
/// once per house it is in (a 128×128 sudoku's houses hold 49,152; a
/// samurai's 1,179). The table of peers is built in time of this times `N`.
pub const MAX_HOUSE_CELLS: usize = 4 * MAX_CELLS;

/// The most grids a multi-grid board may have.
pub const MAX_GRIDS: usize = 256;

/// A cell, by its index: in a [`Layout`], `0..layout.cell_count()`; in a
/// Pseudoku grid (the `partition` module), `row·N + col`. Every public API
/// that names a cell takes or gives one; shown as the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellId(pub u32);

impl CellId {
    /// The index, for slices with one entry per cell.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<CellId> for usize {
    #[inline]
    fn from(cell: CellId) -> usize {
        cell.index()
    }
}

impl fmt::Display for CellId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Index of a house in a [`Layout`], `0..layout.houses().len()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HouseId(pub u32);

impl HouseId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a house is, for explanations and drawing. The solver treats all alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HouseKind {
    Row,
    Column,
    /// A rectangular box of a classic or rectangular-box grid.
    Box,
    /// An irregular (jigsaw) region.
    Region,
    /// The main diagonal, top left to bottom right.
    Diagonal,
    /// The anti-diagonal, top right to bottom left.
    AntiDiagonal,
    /// A ring of a Sudoku Pie.
    Ring,
    /// A pair of adjacent sectors of a Sudoku Pie (one colour).
    SectorPair,
    /// Any other house: a prescribed pattern or a custom rule.
    Extra,
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::AntiDiagonal => "anti-diagonal",
            HouseKind::Ring => "ring",
            HouseKind::SectorPair => "sector pair",
            HouseKind::Extra => "extra house",
        })
    }
}

/// A set of `N` cells that holds every symbol exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    pub kind: HouseKind,
    pub cells: Vec<CellId>,
}

/// Where the cells are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Geometry {
    /// Cells at positions of a `height × width` board. Positions covered by
    /// no cell (the gaps of a samurai) are not part of the puzzle.
    Board {
        height: usize,
        width: usize,
        /// `positions[cell] = (row, column)`.
        positions: Vec<(u16, u16)>,
    },
    /// A circular Sudoku Pie: cell `sector * rings + ring`; ring 0 is the
    /// innermost.
    Pie { sectors: usize, rings: usize },
    /// Cells with no drawing (a custom layout); the UI lists them in a row.
    Abstract,
}

/// Why a layout could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    #[error("the number of symbols must be between 1 and {MAX_SYMBOLS}, not {0}")]
    BadSize(usize),
    #[error("{kind} {index} has {found} cells; every house needs exactly {size}")]
    HouseSize { kind: HouseKind, index: usize, found: usize, size: usize },
    #[error("{kind} {index} names cell {cell}, but the layout has only {cells} cells")]
    CellOutOfRange { kind: HouseKind, index: usize, cell: usize, cells: usize },
    #[error("{kind} {index} names cell {cell} twice")]
    RepeatedCell { kind: HouseKind, index: usize, cell: usize },
    #[error("cell {cell} belongs to no house")]
    OrphanCell { cell: usize },
    #[error("a region map needs {expected} entries (one per cell), found {found}")]
    RegionMapLength { expected: usize, found: usize },
    /// `row` and `col` (0-based) are the region's first cell, to find it by.
    #[error(
        "region {region} (the one with cell (row {}, column {})) has {found} cells; each of the {size} regions needs {size}",
        .row + 1, .col + 1
    )]
    RegionSize { region: usize, found: usize, size: usize, row: usize, col: usize },
    /// `row` and `col` are 0-based; the message counts from 1, as every
    /// other message does.
    #[error("region {region} is not connected: cell (row {}, column {}) is cut off from the rest", .row + 1, .col + 1)]
    RegionNotConnected { region: usize, row: usize, col: usize },
    #[error("a {size}×{size} jigsaw needs {size} regions, found {found}")]
    RegionCount { found: usize, size: usize },
    #[error("{0}")]
    Unsupported(String),
    #[error("grid {grid} at row {row}, column {col} does not fit on the {height}×{width} board")]
    GridOutside { grid: usize, row: usize, col: usize, height: usize, width: usize },
    #[error("grid {grid} has {found} symbols but grid 0 has {expected}; overlapping grids must agree")]
    GridSizeMismatch { grid: usize, found: usize, expected: usize },
    /// A layout too large to draw and play: `what` is counted `found` times,
    /// and at most `max` is supported.
    #[error("{what} is {found}; at most {max} is supported")]
    TooLarge { what: &'static str, found: usize, max: usize },
}

/// Refuses a count past its cap, naming what was counted.
pub(crate) fn check_cap(what: &'static str, found: usize, max: usize) -> Result<(), LayoutError> {
    if found > max {
        return Err(LayoutError::TooLarge { what, found, max });
    }
    Ok(())
}

/// Cells, houses and the tables derived from them. Immutable once built.
///
/// Architecture invariant: every house has exactly `size()` distinct cells,
/// and every cell is in at least one house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    size: usize,
    cell_count: usize,
    geometry: Geometry,
    houses: Vec<House>,
    /// CSR: houses of cell `c` are `cell_houses[cell_house_start[c]..cell_house_start[c + 1]]`.
    cell_house_start: Vec<u32>,
    cell_houses: Vec<u32>,
    /// CSR: cells sharing a house with `c` (not `c` itself).
    peer_start: Vec<u32>,
    peers: Vec<CellId>,
}

impl Layout {
    /// Builds a layout from its parts, checking every house. Layouts past
    /// [`MAX_CELLS`], [`MAX_HOUSES`] or [`MAX_HOUSE_CELLS`] are refused
    /// ([`LayoutError::TooLarge`]) before any table is built.
    pub fn new(size: usize, cell_count: usize, geometry: Geometry, houses: Vec<House>) -> Result<Layout, LayoutError> {
        if size == 0 || size > MAX_SYMBOLS {
            return Err(LayoutError::BadSize(size));
        }
        check_cap("the number of cells", cell_count, MAX_CELLS)?;
        check_cap("the number of houses", houses.len(), MAX_HOUSES)?;
        check_cap("the number of cells of all houses together", houses.len().saturating_mul(size), MAX_HOUSE_CELLS)?;
        let mut seen = vec![u32::MAX; cell_count];
        let mut in_house = vec![false; cell_count];
        for (index, house) in houses.iter().enumerate() {
            let kind = house.kind;
            if house.cells.len() != size {
                return Err(LayoutError::HouseSize { kind, index, found: house.cells.len(), size });
            }
            for &cell in &house.cells {
                let c = cell.index();
                if c >= cell_count {
                    return Err(LayoutError::CellOutOfRange { kind, index, cell: c, cells: cell_count });
                }
                if seen[c] == index as u32 {
                    return Err(LayoutError::RepeatedCell { kind, index, cell: c });
                }
                seen[c] = index as u32;
                in_house[c] = true;
            }
        }
        if let Some(cell) = in_house.iter().position(|&x| !x) {
            return Err(LayoutError::OrphanCell { cell });
        }
        let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); cell_count];
        for (h, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                per_cell[cell.index()].push(h as u32);
            }
        }
        let mut cell_house_start = Vec::with_capacity(cell_count + 1);
        let mut cell_houses = Vec::new();
        let mut peer_start = Vec::with_capacity(cell_count + 1);
        let mut peers = Vec::new();
        let mut mark = vec![u32::MAX; cell_count];
        for (c, hs) in per_cell.iter().enumerate() {
            cell_house_start.push(cell_houses.len() as u32);
            cell_houses.extend_from_slice(hs);
            peer_start.push(peers.len() as u32);
            mark[c] = c as u32;
            for &h in hs {
                for &p in &houses[h as usize].cells {
                    if mark[p.index()] != c as u32 {
                        mark[p.index()] = c as u32;
                        peers.push(p);
                    }
                }
            }
        }
        cell_house_start.push(cell_houses.len() as u32);
        peer_start.push(peers.len() as u32);
        Ok(Layout { size, cell_count, geometry, houses, cell_house_start, cell_houses, peer_start, peers })
    }

    /// A plain `size × size` Latin square: rows and columns only.
    pub fn latin(size: usize) -> Result<Layout, LayoutError> {
        let mut houses = Vec::new();
        push_rows_and_columns(&mut houses, size, size);
        Layout::new(size, size * size, board_geometry(size, size), houses)
    }

    /// The classic `n² × n²` sudoku with `n × n` boxes (`classic(3)` is 9×9).
    pub fn classic(box_side: usize) -> Result<Layout, LayoutError> {
        Layout::boxed(box_side, box_side)
    }

    /// An `N × N` sudoku, `N = box_rows × box_cols`, whose boxes are
    /// `box_rows` tall and `box_cols` wide (`boxed(2, 3)` is the usual 6×6).
    pub fn boxed(box_rows: usize, box_cols: usize) -> Result<Layout, LayoutError> {
        let size = box_rows.checked_mul(box_cols).ok_or(LayoutError::BadSize(usize::MAX))?;
        if box_rows == 0 || box_cols == 0 || size > MAX_SYMBOLS {
            return Err(LayoutError::BadSize(size));
        }
        let mut regions = vec![0usize; size * size];
        for r in 0..size {
            for c in 0..size {
                regions[r * size + c] = (r / box_rows) * (size / box_cols) + c / box_cols;
            }
        }
        let mut houses = Vec::new();
        push_rows_and_columns(&mut houses, size, size);
        push_regions(&mut houses, &regions, size, HouseKind::Box);
        Layout::new(size, size * size, board_geometry(size, size), houses)
    }

    /// An `N × N` jigsaw: rows, columns and `N` connected regions of `N`
    /// cells, `regions[row * N + col]` naming the region of each cell.
    /// Region names may be any numbers; they are renumbered in order of first
    /// appearance.
    pub fn jigsaw(size: usize, regions: &[usize]) -> Result<Layout, LayoutError> {
        let regions = check_region_map(size, regions)?;
        let mut houses = Vec::new();
        push_rows_and_columns(&mut houses, size, size);
        push_regions(&mut houses, &regions, size, HouseKind::Region);
        Layout::new(size, size * size, board_geometry(size, size), houses)
    }

    /// The circular Sudoku Pie: `sectors` symbols; every ring is a house and
    /// every pair of adjacent sectors `(0, 1), (2, 3), …` is a house. A pair
    /// holds `2 × rings` cells, so `sectors` must be even and equal `2 × rings`.
    pub fn pie(sectors: usize, rings: usize) -> Result<Layout, LayoutError> {
        if sectors % 2 != 0 || sectors != 2 * rings {
            return Err(LayoutError::Unsupported(format!(
                "a pie needs an even number of sectors equal to twice its rings (12 sectors, 6 rings); got {sectors} sectors and {rings} rings"
            )));
        }
        let cell = |s: usize, r: usize| CellId((s * rings + r) as u32);
        let mut houses = Vec::new();
        for r in 0..rings {
            houses.push(House { kind: HouseKind::Ring, cells: (0..sectors).map(|s| cell(s, r)).collect() });
        }
        for pair in 0..sectors / 2 {
            let cells =
                (0..2).flat_map(|k| (0..rings).map(move |r| (2 * pair + k, r))).map(|(s, r)| cell(s, r)).collect();
            houses.push(House { kind: HouseKind::SectorPair, cells });
        }
        Layout::new(sectors, sectors * rings, Geometry::Pie { sectors, rings }, houses)
    }

    /// Adds both main diagonals of a square board as houses.
    pub fn with_diagonals(self) -> Result<Layout, LayoutError> {
        let n = self.size;
        let (height, width) = match &self.geometry {
            Geometry::Board { height, width, .. } => (*height, *width),
            _ => return Err(LayoutError::Unsupported("diagonals need a square board".into())),
        };
        if height != n || width != n || self.cell_count != n * n {
            return Err(LayoutError::Unsupported(format!(
                "diagonals need a full {n}×{n} board; this one is {height}×{width}"
            )));
        }
        let diag = (0..n).map(|i| CellId((i * n + i) as u32)).collect();
        let anti = (0..n).map(|i| CellId((i * n + n - 1 - i) as u32)).collect();
        self.with_houses(vec![
            House { kind: HouseKind::Diagonal, cells: diag },
            House { kind: HouseKind::AntiDiagonal, cells: anti },
        ])
    }

    /// Adds houses (a prescribed pattern); a house equal to an existing one
    /// is not added twice.
    pub fn with_houses(self, extra: Vec<House>) -> Result<Layout, LayoutError> {
        let Layout { size, cell_count, geometry, mut houses, .. } = self;
        let mut seen = Houses::default();
        for house in houses.iter() {
            seen.is_new(house);
        }
        for house in extra {
            if seen.is_new(&house) {
                houses.push(house);
            }
        }
        Layout::new(size, cell_count, geometry, houses)
    }

    /// Several square grids placed on one `height × width` board, each at its
    /// `(row, col)` offset, sharing the cells where they overlap (samurai,
    /// Sudoku Mix, triathlon). Every grid must have a [`Geometry::Board`]
    /// with all its positions filled and the same number of symbols.
    pub fn multigrid(height: usize, width: usize, grids: &[(usize, usize, &Layout)]) -> Result<Layout, LayoutError> {
        let size = grids
            .first()
            .map(|g| g.2.size)
            .ok_or_else(|| LayoutError::Unsupported("a multi-grid needs at least one grid".into()))?;
        check_cap("the number of grids", grids.len(), MAX_GRIDS)?;
        let mut index = vec![u32::MAX; height * width];
        let mut maps = Vec::new();
        for (g, &(row, col, layout)) in grids.iter().enumerate() {
            if layout.size != size {
                return Err(LayoutError::GridSizeMismatch { grid: g, found: layout.size, expected: size });
            }
            let Geometry::Board { height: gh, width: gw, positions } = &layout.geometry else {
                return Err(LayoutError::Unsupported(format!("grid {g} is not drawn on a board")));
            };
            if row + gh > height || col + gw > width {
                return Err(LayoutError::GridOutside { grid: g, row, col, height, width });
            }
            maps.push(
                positions.iter().map(|&(r, c)| (row + r as usize) * width + col + c as usize).collect::<Vec<_>>(),
            );
            for &p in maps.last().unwrap() {
                index[p] = 0;
            }
        }
        // Only the rows down to the lowest grid's bottom hold cells.
        let bottom = grids.iter().map(|&(row, _, l)| row + l.board_height()).max().unwrap_or(0);
        let used = bottom * width;
        check_cap("the number of cells", index[..used].iter().filter(|&&i| i == 0).count(), MAX_CELLS)?;
        let mut positions = Vec::new();
        for p in 0..used {
            if index[p] == 0 {
                index[p] = positions.len() as u32;
                positions.push(((p / width) as u16, (p % width) as u16));
            }
        }
        let mut houses: Vec<House> = Vec::new();
        let mut seen = Houses::default();
        for (&(_, _, layout), map) in grids.iter().zip(&maps) {
            for house in &layout.houses {
                let house = House {
                    kind: house.kind,
                    cells: house.cells.iter().map(|c| CellId(index[map[c.index()]])).collect(),
                };
                if seen.is_new(&house) {
                    houses.push(house);
                    // Checked as the houses come, so a board of too many
                    // stops at the first house past the caps.
                    check_cap("the number of houses", houses.len(), MAX_HOUSES)?;
                    let held = houses.len() * size;
                    check_cap("the number of cells of all houses together", held, MAX_HOUSE_CELLS)?;
                }
            }
        }
        let cell_count = positions.len();
        Layout::new(size, cell_count, Geometry::Board { height, width, positions }, houses)
    }

    /// The height of a board geometry (0 for any other).
    fn board_height(&self) -> usize {
        match &self.geometry {
            Geometry::Board { height, .. } => *height,
            _ => 0,
        }
    }

    /// The number of symbols `N` (and of cells in every house).
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn cell_count(&self) -> usize {
        self.cell_count
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    pub fn house(&self, id: HouseId) -> &House {
        &self.houses[id.index()]
    }

    /// Whether `house` contains `cell` (a look at the cell's few houses,
    /// not a scan of the house).
    pub fn in_house(&self, cell: CellId, house: HouseId) -> bool {
        self.houses_of(cell).any(|h| h == house)
    }

    /// The houses that contain `cell`.
    pub fn houses_of(&self, cell: CellId) -> impl Iterator<Item = HouseId> + '_ {
        let c = cell.index();
        self.cell_houses[self.cell_house_start[c] as usize..self.cell_house_start[c + 1] as usize]
            .iter()
            .map(|&h| HouseId(h))
    }

    /// The cells that share a house with `cell`, not counting `cell`.
    pub fn peers(&self, cell: CellId) -> &[CellId] {
        let c = cell.index();
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }

    /// `(row, column)` of a cell on a board geometry.
    pub fn position(&self, cell: CellId) -> Option<(usize, usize)> {
        match &self.geometry {
            Geometry::Board { positions, .. } => positions.get(cell.index()).map(|&(r, c)| (r as usize, c as usize)),
            _ => None,
        }
    }

    /// The cell at `(row, column)` of a board geometry, if any.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<CellId> {
        match &self.geometry {
            Geometry::Board { positions, width, height } => {
                if row >= *height || col >= *width {
                    return None;
                }
                // Positions are sorted row-major, so a binary search finds it.
                positions.binary_search(&(row as u16, col as u16)).ok().map(|i| CellId(i as u32))
            }
            _ => None,
        }
    }

    /// For each cell, the index of the box or jigsaw region it is in (the
    /// shapes drawn with thick borders), or `None` for cells in none.
    pub fn regions(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.cell_count];
        for (i, house) in self.houses.iter().enumerate() {
            if matches!(house.kind, HouseKind::Box | HouseKind::Region) {
                for &c in &house.cells {
                    out[c.index()].get_or_insert(i);
                }
            }
        }
        out
    }

    /// True when this is a full square `N × N` board (classic, jigsaw, …).
    pub fn is_square(&self) -> bool {
        matches!(&self.geometry, Geometry::Board { height, width, .. }
            if *height == self.size && *width == self.size && self.cell_count == self.size * self.size)
    }
}

fn board_geometry(height: usize, width: usize) -> Geometry {
    let positions = (0..height).flat_map(|r| (0..width).map(move |c| (r as u16, c as u16))).collect();
    Geometry::Board { height, width, positions }
}

fn push_rows_and_columns(houses: &mut Vec<House>, height: usize, width: usize) {
    for r in 0..height {
        houses
            .push(House { kind: HouseKind::Row, cells: (0..width).map(|c| CellId((r * width + c) as u32)).collect() });
    }
    for c in 0..width {
        houses.push(House {
            kind: HouseKind::Column,
            cells: (0..height).map(|r| CellId((r * width + c) as u32)).collect(),
        });
    }
}

fn push_regions(houses: &mut Vec<House>, regions: &[usize], size: usize, kind: HouseKind) {
    let mut cells = vec![Vec::new(); size];
    for (cell, &r) in regions.iter().enumerate() {
        cells[r].push(CellId(cell as u32));
    }
    houses.extend(cells.into_iter().map(|cells| House { kind, cells }));
}

/// The houses met so far, as sorted cell lists, so that a house equal to an
/// earlier one (the same cells in any order) is found in time linear in its
/// size, not by a scan of every earlier house.
#[derive(Default)]
struct Houses(HashSet<Vec<CellId>>);

impl Houses {
    /// Whether `house` has not been met before; it is met from now on.
    fn is_new(&mut self, house: &House) -> bool {
        let mut key = house.cells.clone();
        key.sort_unstable();
        self.0.insert(key)
    }
}

/// Checks an `N × N` region map (N regions of N orthogonally connected
/// cells) and renumbers regions `0..N` in order of first appearance.
pub fn check_region_map(size: usize, regions: &[usize]) -> Result<Vec<usize>, LayoutError> {
    if size == 0 || size > MAX_SYMBOLS {
        return Err(LayoutError::BadSize(size));
    }
    if regions.len() != size * size {
        return Err(LayoutError::RegionMapLength { expected: size * size, found: regions.len() });
    }
    let mut names: Vec<usize> = Vec::new();
    let mut renumbered = Vec::with_capacity(regions.len());
    for &r in regions {
        let id = match names.iter().position(|&n| n == r) {
            Some(i) => i,
            None => {
                names.push(r);
                names.len() - 1
            }
        };
        // Past N names the map is wrong already; stopping there keeps the
        // search of `names` short.
        if names.len() > size {
            break;
        }
        renumbered.push(id);
    }
    if names.len() != size {
        return Err(LayoutError::RegionCount { found: names.len(), size });
    }
    let mut counts = vec![0usize; size];
    for &r in &renumbered {
        counts[r] += 1;
    }
    if let Some((region, &found)) = counts.iter().enumerate().find(|(_, &n)| n != size) {
        let first = renumbered.iter().position(|&r| r == region).unwrap_or(0);
        return Err(LayoutError::RegionSize {
            region: names[region],
            found,
            size,
            row: first / size,
            col: first % size,
        });
    }
    // Flood fill each region from its first cell.
    let mut reached = vec![false; size * size];
    for region in 0..size {
        let start = renumbered.iter().position(|&r| r == region).expect("every region has cells");
        let mut stack = vec![start];
        reached[start] = true;
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / size, cell % size);
            let mut visit = |n: usize| {
                if renumbered[n] == region && !reached[n] {
                    reached[n] = true;
                    stack.push(n);
                }
            };
            if r > 0 {
                visit(cell - size);
            }
            if r + 1 < size {
                visit(cell + size);
            }
            if c > 0 {
                visit(cell - 1);
            }
            if c + 1 < size {
                visit(cell + 1);
            }
        }
        if let Some(cell) = (0..size * size).find(|&i| renumbered[i] == region && !reached[i]) {
            return Err(LayoutError::RegionNotConnected { region: names[region], row: cell / size, col: cell % size });
        }
    }
    Ok(renumbered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_9x9_has_27_houses_and_20_peers() {
        let l = Layout::classic(3).unwrap();
        assert_eq!(l.size(), 9);
        assert_eq!(l.cell_count(), 81);
        assert_eq!(l.houses().len(), 27);
        for c in 0..81 {
            assert_eq!(l.peers(CellId(c)).len(), 20);
            assert_eq!(l.houses_of(CellId(c)).count(), 3);
        }
    }

    #[test]
    fn rectangular_boxes_are_wide() {
        let l = Layout::boxed(2, 3).unwrap();
        assert_eq!(l.size(), 6);
        let boxes: Vec<_> = l.houses().iter().filter(|h| h.kind == HouseKind::Box).collect();
        assert_eq!(boxes.len(), 6);
        // First box: rows 0-1, columns 0-2.
        let cells: Vec<u32> = boxes[0].cells.iter().map(|c| c.0).collect();
        assert_eq!(cells, vec![0, 1, 2, 6, 7, 8]);
    }

    #[test]
    fn jigsaw_errors_say_what_is_wrong() {
        let mut map: Vec<usize> = (0..16).map(|i| i / 4).collect();
        assert!(Layout::jigsaw(4, &map).is_ok());
        map[0] = 1;
        assert!(matches!(Layout::jigsaw(4, &map), Err(LayoutError::RegionSize { .. })));
        // Rows as regions but swap two cells so region 0 is split.
        let mut map: Vec<usize> = (0..16).map(|i| i / 4).collect();
        map.swap(1, 5);
        let err = Layout::jigsaw(4, &map).unwrap_err();
        assert!(matches!(err, LayoutError::RegionNotConnected { .. }), "{err}");
        assert_eq!(Layout::jigsaw(4, &[0; 3]).unwrap_err(), LayoutError::RegionMapLength { expected: 16, found: 3 });
    }

    #[test]
    fn samurai_shares_corner_boxes() {
        let g = Layout::classic(3).unwrap();
        let grids = [(0, 0, &g), (0, 12, &g), (6, 6, &g), (12, 0, &g), (12, 12, &g)];
        let l = Layout::multigrid(21, 21, &grids).unwrap();
        assert_eq!(l.cell_count(), 5 * 81 - 4 * 9);
        // 5 grids × 27 houses, minus the 4 shared boxes counted twice.
        assert_eq!(l.houses().len(), 5 * 27 - 4);
        assert!(l.cell_at(0, 9).is_none());
        assert!(l.cell_at(6, 6).is_some());
    }

    #[test]
    fn pie_has_rings_and_sector_pairs() {
        let l = Layout::pie(12, 6).unwrap();
        assert_eq!(l.cell_count(), 72);
        assert_eq!(l.houses().len(), 6 + 6);
        assert!(Layout::pie(12, 5).is_err());
    }

    #[test]
    fn diagonals_add_two_houses() {
        let l = Layout::classic(3).unwrap().with_diagonals().unwrap();
        assert_eq!(l.houses().len(), 29);
        assert_eq!(l.peers(CellId(0)).len(), 20 + 6);
        assert_eq!(l.peers(CellId(40)).len(), 20 + 12);
    }
}
