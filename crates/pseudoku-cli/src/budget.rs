//! The work limit of the commands that search (`solve`, `count`, `rate`,
//! `hint`, `partition`): the default node budget, a search within it, and
//! the exit status that says a search gave up.

use pseudoku_core::solver::{Flow, SearchEnd, SearchOptions, Solver};
use pseudoku_core::symbol::Symbol;

use crate::Outcome;

/// The node budget of `solve`, `count`, `rate` and `hint` on a layout of
/// `cells` cells unless `--budget` says otherwise. A node's work grows with
/// the cells, and faster than them on large grids (measured: about 0.8 µs
/// on a 9×9, 6 µs on a 16×16, 2 ms on a 100×100), so the budget falls with
/// their square: about 8 s on a blank 9×9, a few seconds on larger ones.
pub fn default_budget(cells: usize) -> u64 {
    let cells = cells.max(1) as f64;
    (10_000_000.0 * (81.0 / cells).powi(2)).clamp(100.0, 10_000_000.0) as u64
}

/// How a command ended: its exit status.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Everything was done (0).
    Done,
    /// Some input was wrong (1).
    Failed,
    /// Some search ran out of its node budget, and no input was wrong (3).
    OutOfBudget,
}

impl From<bool> for Status {
    fn from(ok: bool) -> Status {
        if ok {
            Status::Done
        } else {
            Status::Failed
        }
    }
}

/// The first solution and how the search for up to `limit` solutions ended,
/// within `budget` nodes: the `Outcome::GaveUp` when the budget ran out.
pub fn search_within(
    solver: &mut Solver,
    givens: &[Option<Symbol>],
    limit: u64,
    budget: u64,
) -> Result<(u64, Option<Vec<Symbol>>), Outcome> {
    let mut first = None;
    let mut found = 0u64;
    let options = SearchOptions { node_budget: Some(budget), ..Default::default() };
    let report = solver.search(givens, options, &mut |s: &[Symbol]| {
        found += 1;
        if found == 1 {
            first = Some(s.to_vec());
        }
        if found >= limit {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    match report.end {
        SearchEnd::OutOfBudget => Err(Outcome::GaveUp { nodes: report.nodes, found }),
        SearchEnd::Exhausted | SearchEnd::Stopped => Ok((found, first)),
    }
}
