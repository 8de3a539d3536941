//! Random complete grids: a randomised search with restarts for any layout,
//! the band-by-band construction ([`super::bands`]) for blank boxed grids
//! from [`BANDS_FROM`] symbols up, and random jigsaw layouts with a grid.

use rand::RngCore;

use super::bands;
use crate::layout::{CellId, Layout};
use crate::seed::shuffle;
use crate::solver::{SearchEnd, Solver};
use crate::symbol::Symbol;

/// Blank boxed grids from this many symbols up are built band by band
/// ([`bands`]) instead of searched for: a search thrashes from about 64×64
/// on, and the construction is faster from 16×16 on. Smaller grids keep the
/// search, whose grids are closer to uniform.
pub const BANDS_FROM: usize = 16;

/// Why no grid could be filled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FillError {
    #[error("the pre-placed symbols admit no completion")]
    NoCompletion,
    #[error("gave up after {nodes} search nodes in {attempts} attempts")]
    GaveUp { nodes: u64, attempts: u32 },
    #[error("expected {expected} pre-placed entries (one per cell), found {found}")]
    GivensLength { expected: usize, found: usize },
    #[error("pre-placed symbol {symbol} at cell {cell} is outside 1..={size}")]
    SymbolOutOfRange { cell: usize, symbol: usize, size: usize },
}

/// Budget of a fill: `attempts` restarts, the first allowed
/// `nodes_per_attempt` guesses (see [`FillBudget::nodes_in`]).
#[derive(Clone, Copy, Debug)]
pub struct FillBudget {
    pub attempts: u32,
    pub nodes_per_attempt: u64,
}

/// Restarts whose budget doubles each time; the ones after them start small
/// again (see [`FillBudget::nodes_in`]).
const DOUBLING: u32 = 12;

impl FillBudget {
    pub fn for_layout(layout: &Layout) -> FillBudget {
        FillBudget { attempts: DOUBLING + 48, nodes_per_attempt: (layout.cell_count() as u64 * 4).max(1000) }
    }

    /// The nodes of restart `attempt` (from 0): doubling for the first 12;
    /// then cycling from 1× to 128× the first. A random search that went
    /// wrong early is stuck in a subtree of no answer larger than any budget
    /// (some jigsaws did so in 12 restarts running: 3 seeds in 50 of one
    /// near-box 9×9); many short restarts get out where longer ones do not.
    pub fn nodes_in(&self, attempt: u32) -> u64 {
        let doublings = if attempt < DOUBLING { attempt } else { (attempt - DOUBLING) % 8 };
        self.nodes_per_attempt.saturating_mul(1 << doublings)
    }
}

/// A random complete grid of `layout` around the pre-placed symbols
/// `givens` (all `None` for a blank grid).
pub fn fill(layout: &Layout, givens: &[Option<Symbol>], rng: &mut dyn RngCore) -> Result<Vec<Symbol>, FillError> {
    check_givens(layout, givens)?;
    match fill_by_bands(layout, givens, rng) {
        Some(grid) => Ok(grid),
        // Only a search needs a solver: building one for a large grid costs more than the construction.
        None => fill_by_search(&mut Solver::new(layout), layout, givens, rng, FillBudget::for_layout(layout)),
    }
}

/// [`fill`] with a solver to reuse and an explicit budget. (It repeats `fill_by_search`'s parameters: it is that
/// search's public face, with the givens checked and the bands tried first.)
pub fn fill_with(
    solver: &mut Solver,
    layout: &Layout,
    givens: &[Option<Symbol>],
    rng: &mut dyn RngCore,
    budget: FillBudget,
) -> Result<Vec<Symbol>, FillError> {
    check_givens(layout, givens)?;
    match fill_by_bands(layout, givens, rng) {
        Some(grid) => Ok(grid),
        None => fill_by_search(solver, layout, givens, rng, budget),
    }
}

/// A randomised search with restarts, each allowed twice the nodes of the
/// one before.
fn fill_by_search(
    solver: &mut Solver,
    layout: &Layout,
    givens: &[Option<Symbol>],
    rng: &mut dyn RngCore,
    budget: FillBudget,
) -> Result<Vec<Symbol>, FillError> {
    let blank = givens.iter().all(Option::is_none);
    let mut nodes = 0;
    for attempt in 0..budget.attempts {
        let (found, report) = solver.solve_random(givens, rng, Some(budget.nodes_in(attempt)));
        nodes += report.nodes;
        if let Some(mut grid) = found {
            if blank {
                relabel(&mut grid, layout.size(), rng);
            }
            return Ok(grid);
        }
        if report.end == SearchEnd::Exhausted {
            return Err(FillError::NoCompletion);
        }
    }
    Err(FillError::GaveUp { nodes, attempts: budget.attempts })
}

/// A blank boxed grid from [`BANDS_FROM`] symbols up, built band by band
/// ([`bands`]); `None` for any other layout or when symbols are pre-placed.
fn fill_by_bands(layout: &Layout, givens: &[Option<Symbol>], rng: &mut dyn RngCore) -> Option<Vec<Symbol>> {
    if layout.size() < BANDS_FROM || givens.iter().any(Option::is_some) {
        return None;
    }
    let (rows, cols) = bands::box_shape(layout)?;
    let by_position = bands::fill_boxed(rows, cols, rng);
    let mut grid: Vec<Symbol> = (0..layout.cell_count())
        .map(|c| {
            let (r, col) = layout.position(CellId(c as u32)).expect("a boxed layout is a board");
            by_position[r * layout.size() + col]
        })
        .collect();
    relabel(&mut grid, layout.size(), rng);
    Some(grid)
}

/// Relabels symbols at random: every symbol becomes equally likely in every
/// cell, whatever bias the search order or construction has.
fn relabel(grid: &mut [Symbol], size: usize, rng: &mut dyn RngCore) {
    let mut perm: Vec<usize> = (0..size).collect();
    shuffle(&mut perm, rng);
    for s in grid.iter_mut() {
        *s = Symbol::new(perm[s.index()]);
    }
}

fn check_givens(layout: &Layout, givens: &[Option<Symbol>]) -> Result<(), FillError> {
    if givens.len() != layout.cell_count() {
        return Err(FillError::GivensLength { expected: layout.cell_count(), found: givens.len() });
    }
    for (cell, g) in givens.iter().enumerate() {
        if let Some(s) = g {
            if s.index() >= layout.size() {
                return Err(FillError::SymbolOutOfRange { cell, symbol: s.number(), size: layout.size() });
            }
        }
    }
    Ok(())
}

/// A random jigsaw layout with a random complete grid: `size` random
/// connected regions of `size` cells ([`crate::layout::random_regions`]),
/// drawn again whenever a layout admits no grid Latin in rows, columns and
/// regions (or its fill runs out of budget), up to `attempts` layouts.
pub fn random_jigsaw(
    size: usize,
    rng: &mut crate::seed::EngineRng,
    attempts: u32,
) -> Result<(Layout, Vec<Symbol>), FillError> {
    let mut nodes = 0;
    for _ in 0..attempts {
        let regions = crate::layout::random_regions(size, rng);
        let Ok(layout) = Layout::jigsaw(size, &regions) else { continue };
        let blank = vec![None; layout.cell_count()];
        match fill_with(&mut Solver::new(&layout), &layout, &blank, rng, FillBudget::for_layout(&layout)) {
            Ok(grid) => return Ok((layout, grid)),
            Err(FillError::GaveUp { nodes: n, .. }) => nodes += n,
            Err(_) => {}
        }
    }
    Err(FillError::GaveUp { nodes, attempts })
}
