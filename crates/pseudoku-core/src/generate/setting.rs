//! Helping a setter finish a puzzle: add the givens that make the solution
//! unique ([`make_unique`]), find the givens a unique puzzle can do without
//! ([`needless_givens`]) and drop them one at a time until none can go
//! ([`minimize`]). Every check is a full search: these are for a puzzle
//! being set, not for the generator's hot loop.

use crate::layout::{CellId, Layout};
use crate::search::Flow;
use crate::solver::{SearchOptions, Solver, Uniqueness};
use crate::symbol::Symbol;

/// How many solutions [`make_unique`] samples to choose each given.
const SAMPLE: usize = 16;

/// Why a puzzle could not be finished.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    #[error("the givens have no solution, so no given added can make one")]
    NoSolution,
    #[error("the puzzle must have exactly one solution first")]
    NotUnique,
}

/// Up to `limit` solutions, in search order.
pub fn solutions(solver: &mut Solver, givens: &[Option<Symbol>], limit: usize) -> Vec<Vec<Symbol>> {
    let mut out: Vec<Vec<Symbol>> = Vec::new();
    let mut sink = |s: &[Symbol]| {
        out.push(s.to_vec());
        if out.len() >= limit {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    solver.search(givens, SearchOptions::default(), &mut sink);
    out
}

/// The givens plus what makes the solution unique: the first solution's
/// symbols, each at the cell where the most sampled other solutions differ
/// from it; then any added given that later ones made unnecessary goes
/// again. Returns the new givens and the cells added.
pub fn make_unique(
    layout: &Layout,
    givens: &[Option<Symbol>],
) -> Result<(Vec<Option<Symbol>>, Vec<CellId>), SettingError> {
    let mut solver = Solver::new(layout);
    let mut current = givens.to_vec();
    let mut added = Vec::new();
    loop {
        let sample = solutions(&mut solver, &current, SAMPLE);
        let Some(target) = sample.first() else { return Err(SettingError::NoSolution) };
        if sample.len() == 1 {
            break;
        }
        let cell = (0..current.len())
            .filter(|&c| current[c].is_none())
            .max_by_key(|&c| (sample.iter().filter(|s| s[c] != target[c]).count(), std::cmp::Reverse(c)))
            .expect("two solutions differ somewhere");
        current[cell] = Some(target[cell]);
        added.push(CellId(cell as u32));
    }
    // Drop added givens that later ones made unnecessary.
    let mut kept = Vec::new();
    for &cell in &added {
        let value = current[cell.index()].take();
        if matches!(solver.uniqueness(&current), Uniqueness::Unique(_)) {
            continue;
        }
        current[cell.index()] = value;
        kept.push(cell);
    }
    Ok((current, kept))
}

/// The givens of a uniquely solvable puzzle that could each go on its own
/// with the solution staying unique (together they may not: see
/// [`minimize`]).
pub fn needless_givens(layout: &Layout, givens: &[Option<Symbol>]) -> Result<Vec<CellId>, SettingError> {
    let mut solver = Solver::new(layout);
    match solver.uniqueness(givens) {
        Uniqueness::Unique(_) => {}
        Uniqueness::None => return Err(SettingError::NoSolution),
        Uniqueness::Multiple(..) | Uniqueness::Unknown { .. } => return Err(SettingError::NotUnique),
    }
    let mut fewer = givens.to_vec();
    let mut out = Vec::new();
    for c in 0..givens.len() {
        let Some(value) = givens[c] else { continue };
        fewer[c] = None;
        // Unique without it exactly when no solution puts another symbol there.
        let cell = CellId(c as u32);
        if !solver.has_solution_without(&fewer, cell, value) {
            out.push(cell);
        }
        fewer[c] = Some(value);
    }
    Ok(out)
}

/// Removes needless givens one at a time, checking again after each, until
/// none can go: a minimal puzzle with the same unique solution. Returns it
/// and the cells emptied.
pub fn minimize(
    layout: &Layout,
    givens: &[Option<Symbol>],
) -> Result<(Vec<Option<Symbol>>, Vec<CellId>), SettingError> {
    let mut solver = Solver::new(layout);
    let mut current = givens.to_vec();
    let mut removed = Vec::new();
    for cell in needless_givens(layout, givens)? {
        let value = current[cell.index()].take().expect("a given");
        if solver.has_solution_without(&current, cell, value) {
            current[cell.index()] = Some(value);
        } else {
            removed.push(cell);
        }
    }
    Ok((current, removed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, GenerateConfig};

    #[test]
    fn a_puzzle_made_unique_keeps_its_givens_and_minimizing_it_is_minimal() {
        let layout = Layout::classic(3).unwrap();
        let made = generate(&layout, &GenerateConfig::default(), 4).unwrap();
        // Take away a third of the givens: several solutions.
        let mut loose = made.givens.clone();
        for (i, g) in loose.iter_mut().enumerate() {
            if i % 3 == 0 {
                *g = None;
            }
        }
        let mut solver = Solver::new(&layout);
        assert!(matches!(solver.uniqueness(&loose), Uniqueness::Multiple(..)));
        let (unique, added) = make_unique(&layout, &loose).unwrap();
        assert!(matches!(solver.uniqueness(&unique), Uniqueness::Unique(_)));
        assert!(loose.iter().zip(&unique).all(|(a, b)| a.is_none() || a == b), "the setter's givens stay");
        assert_eq!(unique.iter().flatten().count(), loose.iter().flatten().count() + added.len());
        let (minimal, _) = minimize(&layout, &unique).unwrap();
        assert!(matches!(solver.uniqueness(&minimal), Uniqueness::Unique(_)));
        assert_eq!(needless_givens(&layout, &minimal).unwrap(), vec![], "nothing more can go");
        assert_eq!(make_unique(&layout, &[Some(Symbol::new(0)); 81]), Err(SettingError::NoSolution));
    }
}
