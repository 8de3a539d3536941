//! Checking a (partial) grid against the rules.

use crate::layout::{CellId, HouseId, Layout};
use crate::symbol::Symbol;

/// A rule broken by a grid: `symbol` stands more than once in `house`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub house: HouseId,
    pub symbol: Symbol,
    /// The cells of the house holding the symbol (two or more).
    pub cells: Vec<CellId>,
}

/// Every house in which a symbol repeats, with the cells involved.
///
/// # Panics
/// When `cells` does not have one entry per cell of `layout`.
pub fn find_conflicts(layout: &Layout, cells: &[Option<Symbol>]) -> Vec<Conflict> {
    assert_eq!(cells.len(), layout.cell_count(), "one entry per cell");
    let mut out = Vec::new();
    let mut seen: Vec<Vec<CellId>> = vec![Vec::new(); layout.size()];
    for (h, house) in layout.houses().iter().enumerate() {
        for list in seen.iter_mut() {
            list.clear();
        }
        for &c in &house.cells {
            if let Some(s) = cells[c.index()] {
                if let Some(list) = seen.get_mut(s.index()) {
                    list.push(c);
                }
            }
        }
        for (s, list) in seen.iter().enumerate() {
            if list.len() > 1 {
                out.push(Conflict { house: HouseId(h as u32), symbol: Symbol::new(s), cells: list.clone() });
            }
        }
    }
    out
}

/// For each cell, whether it shares a house with an equal symbol.
pub fn conflicts(layout: &Layout, cells: &[Option<Symbol>]) -> Vec<bool> {
    let mut marked = vec![false; cells.len()];
    for conflict in find_conflicts(layout, cells) {
        for c in conflict.cells {
            marked[c.index()] = true;
        }
    }
    marked
}

/// True when every cell holds a symbol and no rule is broken.
pub fn is_solved(layout: &Layout, cells: &[Option<Symbol>]) -> bool {
    cells.len() == layout.cell_count() && cells.iter().all(Option::is_some) && find_conflicts(layout, cells).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_both_cells_of_a_repeat() {
        let layout = Layout::classic(2).unwrap();
        let mut cells = vec![None; 16];
        cells[0] = Some(Symbol::new(2));
        cells[5] = Some(Symbol::new(2)); // same box
        cells[15] = Some(Symbol::new(2));
        let marked = conflicts(&layout, &cells);
        assert_eq!(marked.iter().filter(|&&m| m).count(), 2);
        assert!(marked[0] && marked[5]);
        let found = find_conflicts(&layout, &cells);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].cells, vec![CellId(0), CellId(5)]);
        assert!(!is_solved(&layout, &cells));
    }
}
