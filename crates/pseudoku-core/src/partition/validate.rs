//! Checking a player's partition, complete or not.
//!
//! Problems are data: each names its region (by the player's own label) and
//! the cells involved, so the UI can highlight them; `Display` gives a
//! sentence, with cells written `r1c1` (row and column from 1).

use core::fmt;
use std::collections::BTreeMap;

use super::{Edge, Instance};
use crate::layout::CellId;
use crate::symbol::Symbol;

/// One thing wrong with a player's partition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// More distinct region labels than the `N` regions a grid has.
    TooManyRegions { found: usize, expected: usize },
    /// The region is in several pieces, each a list of cells.
    NotConnected { region: usize, pieces: Vec<Vec<CellId>> },
    /// More than `N` cells.
    TooLarge { region: usize, cells: Vec<CellId>, expected: usize },
    /// Fewer than `N` cells, and no unassigned cell next to it (without a
    /// wall between) that could still join.
    TooSmall { region: usize, cells: Vec<CellId>, expected: usize },
    /// A symbol held by more than one of the region's cells.
    RepeatedSymbol { region: usize, symbol: Symbol, cells: Vec<CellId> },
    /// Symbols the region lacks, reported once the region cannot grow or
    /// has `N` cells.
    MissingSymbols { region: usize, symbols: Vec<Symbol>, cells: Vec<CellId> },
    /// Walls between two cells of the region.
    WallInside { region: usize, walls: Vec<Edge> },
}

impl Problem {
    /// The message for a grid of side `size`, cells written `r1c1`.
    pub fn describe(&self, size: usize) -> impl fmt::Display + '_ {
        Described { problem: self, size }
    }

    /// The region the problem is about, if it is about one.
    pub fn region(&self) -> Option<usize> {
        match self {
            Problem::TooManyRegions { .. } => None,
            Problem::NotConnected { region, .. }
            | Problem::TooLarge { region, .. }
            | Problem::TooSmall { region, .. }
            | Problem::RepeatedSymbol { region, .. }
            | Problem::MissingSymbols { region, .. }
            | Problem::WallInside { region, .. } => Some(*region),
        }
    }
}

/// Cells written `r1c1, r1c2` for a grid of side `size`.
struct CellList<'a> {
    size: usize,
    cells: &'a [CellId],
}

impl fmt::Display for CellList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "r{}c{}", c.index() / self.size + 1, c.index() % self.size + 1)?;
        }
        Ok(())
    }
}

/// A [`Problem`] with the grid size its message needs.
struct Described<'a> {
    problem: &'a Problem,
    size: usize,
}

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size;
        fn list(size: usize, cells: &[CellId]) -> CellList<'_> {
            CellList { size, cells }
        }
        match self.problem {
            Problem::TooManyRegions { found, expected } => {
                write!(f, "the grid has room for {expected} regions, found {found}")
            }
            Problem::NotConnected { region, pieces } => {
                write!(f, "region {region} is in {} pieces: ", pieces.len())?;
                for (i, p) in pieces.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    write!(f, "{}", list(size, p))?;
                }
                Ok(())
            }
            Problem::TooLarge { region, cells, expected } => {
                write!(
                    f,
                    "region {region} has {} cells, {} too many for {expected}: {}",
                    cells.len(),
                    cells.len() - expected,
                    list(size, cells)
                )
            }
            Problem::TooSmall { region, cells, expected } => write!(
                f,
                "region {region} has {} cells of {expected} and no free neighbour to grow into: {}",
                cells.len(),
                list(size, cells)
            ),
            Problem::RepeatedSymbol { region, symbol, cells } => {
                write!(f, "region {region} has {} {symbol}s: {}", cells.len(), list(size, cells))
            }
            Problem::MissingSymbols { region, symbols, .. } => {
                write!(f, "region {region} lacks ")?;
                for (i, s) in symbols.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == symbols.len() { " and " } else { ", " })?;
                    }
                    write!(f, "{s}")?;
                }
                Ok(())
            }
            Problem::WallInside { region, walls } => {
                write!(f, "region {region} crosses {} wall{}: ", walls.len(), if walls.len() == 1 { "" } else { "s" })?;
                for (i, w) in walls.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    let pair = [w.a(), w.b()];
                    write!(f, "between {}", list(size, &pair))?;
                }
                Ok(())
            }
        }
    }
}

/// The problems of a player's partition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    /// Grid size, for the messages.
    pub size: usize,
    /// Board-level problems first, then by region label.
    pub problems: Vec<Problem>,
    /// Cells with no region yet.
    pub unassigned: Vec<CellId>,
}

impl Validation {
    /// True when every cell is in a region and nothing is wrong: the
    /// partition is an answer.
    pub fn is_solved(&self) -> bool {
        self.problems.is_empty() && self.unassigned.is_empty()
    }

    /// One sentence per problem.
    pub fn messages(&self) -> Vec<String> {
        self.problems.iter().map(|p| p.describe(self.size).to_string()).collect()
    }
}

impl fmt::Display for Validation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_solved() {
            return f.write_str("solved");
        }
        for p in &self.problems {
            writeln!(f, "{}", p.describe(self.size))?;
        }
        if !self.unassigned.is_empty() {
            write!(f, "{} cells are in no region yet", self.unassigned.len())?;
        }
        Ok(())
    }
}

/// Why a partition could not be checked at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValidateError {
    #[error("a {size}×{size} grid needs {expected} region labels (one per cell), found {found}")]
    Length { size: usize, expected: usize, found: usize },
}

/// Checks a player's partition: `labels[cell]` is the player's name for
/// the cell's region, or `None` for a cell not yet in any region.
pub fn validate(instance: &Instance, labels: &[Option<usize>]) -> Result<Validation, ValidateError> {
    let n = instance.size();
    let cells = n * n;
    if labels.len() != cells {
        return Err(ValidateError::Length { size: n, expected: cells, found: labels.len() });
    }
    let id = |c: usize| CellId(c as u32);
    let mut regions: BTreeMap<usize, Vec<CellId>> = BTreeMap::new();
    for (c, l) in labels.iter().enumerate() {
        if let Some(l) = l {
            regions.entry(*l).or_default().push(id(c));
        }
    }
    let unassigned: Vec<CellId> = (0..cells).filter(|&c| labels[c].is_none()).map(id).collect();
    let mut problems = Vec::new();
    if regions.len() > n {
        problems.push(Problem::TooManyRegions { found: regions.len(), expected: n });
    }
    let neighbours = |cell: CellId| {
        let c = cell.index();
        let (r, col) = (c / n, c % n);
        [(r > 0).then(|| c - n), (r + 1 < n).then(|| c + n), (col > 0).then(|| c - 1), (col + 1 < n).then(|| c + 1)]
            .into_iter()
            .flatten()
            .map(id)
    };
    let open = |a: CellId, b: CellId| instance.edge(a, b).is_some_and(|e| !instance.has_wall(e));
    for (&region, cells_of) in &regions {
        let label = Some(region);
        // Pieces: connected through adjacency inside the region (walls do not
        // disconnect; a wall inside is its own problem).
        let mut piece_of = vec![usize::MAX; cells];
        let mut pieces: Vec<Vec<CellId>> = Vec::new();
        for &start in cells_of {
            if piece_of[start.index()] != usize::MAX {
                continue;
            }
            let k = pieces.len();
            let mut piece = vec![start];
            piece_of[start.index()] = k;
            let mut i = 0;
            while i < piece.len() {
                let c = piece[i];
                i += 1;
                for d in neighbours(c) {
                    if labels[d.index()] == label && piece_of[d.index()] == usize::MAX {
                        piece_of[d.index()] = k;
                        piece.push(d);
                    }
                }
            }
            piece.sort_unstable();
            pieces.push(piece);
        }
        if pieces.len() > 1 {
            problems.push(Problem::NotConnected { region, pieces });
        }
        let can_grow = cells_of.iter().any(|&c| neighbours(c).any(|d| labels[d.index()].is_none() && open(c, d)));
        if cells_of.len() > n {
            problems.push(Problem::TooLarge { region, cells: cells_of.clone(), expected: n });
        } else if cells_of.len() < n && !can_grow {
            problems.push(Problem::TooSmall { region, cells: cells_of.clone(), expected: n });
        }
        let mut by_symbol: BTreeMap<Symbol, Vec<CellId>> = BTreeMap::new();
        for &c in cells_of {
            by_symbol.entry(instance.symbol(c)).or_default().push(c);
        }
        for (&symbol, cs) in &by_symbol {
            if cs.len() > 1 {
                problems.push(Problem::RepeatedSymbol { region, symbol, cells: cs.clone() });
            }
        }
        if cells_of.len() >= n || !can_grow {
            let missing: Vec<Symbol> = (0..n).map(Symbol::new).filter(|s| !by_symbol.contains_key(s)).collect();
            if !missing.is_empty() {
                problems.push(Problem::MissingSymbols { region, symbols: missing, cells: cells_of.clone() });
            }
        }
        let walls: Vec<Edge> =
            instance.walls().filter(|w| labels[w.a().index()] == label && labels[w.b().index()] == label).collect();
        if !walls.is_empty() {
            problems.push(Problem::WallInside { region, walls });
        }
    }
    Ok(Validation { size: n, problems, unassigned })
}
