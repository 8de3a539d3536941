//! Locked candidates: when a symbol's places in one house all lie in a
//! second house, the symbol can go nowhere else in the second house.
//! Pointing when the first house is a box (or region), claiming otherwise.

use super::{Board, Step, Technique};
use crate::layout::{CellId, HouseId, HouseKind};
use crate::symbol::Symbol;

// A symbol's intersections depend on its places alone, so each family
// looks at the symbols of a mask (those the last steps changed).

pub(super) fn find(board: &Board, symbols: u64) -> Option<Step> {
    // Pointing first: it rates lower.
    search(board, symbols, &[true, false], &mut Some)
}

pub(super) fn direct_pointing(board: &Board, symbols: u64) -> Option<Step> {
    search(board, symbols, &[true], &mut |step| super::direct(board, step, Technique::DirectPointing))
}

pub(super) fn direct_claiming(board: &Board, symbols: u64) -> Option<Step> {
    search(board, symbols, &[false], &mut |step| super::direct(board, step, Technique::DirectClaiming))
}

/// The first intersection step of a symbol of `symbols` (pointing when
/// `kinds` says `true`, claiming for `false`, in that order) that `keep`
/// accepts.
fn search(board: &Board, symbols: u64, kinds: &[bool], keep: &mut dyn FnMut(Step) -> Option<Step>) -> Option<Step> {
    let is_box = |h: HouseId| matches!(board.layout().house(h).kind, HouseKind::Box | HouseKind::Region);
    for &pointing in kinds {
        for a in board.house_ids().filter(|&h| is_box(h) == pointing) {
            let t = board.house_tally(a);
            for s in super::symbols_of(t.twice & !t.placed & symbols) {
                let places: Vec<CellId> = board.places(a, s).collect();
                // Houses other than `a` holding every place.
                for b in board.layout().houses_of(places[0]).filter(|&b| b != a) {
                    if !places.iter().all(|&p| board.layout().in_house(p, b)) {
                        continue;
                    }
                    let eliminations: Vec<(CellId, Symbol)> =
                        board.places(b, s).filter(|c| !board.layout().in_house(*c, a)).map(|c| (c, s)).collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(if pointing { Technique::Pointing } else { Technique::Claiming });
                    step.eliminations = eliminations;
                    step.cells = places.clone();
                    step.symbols.push(s);
                    step.houses = vec![a, b];
                    if let Some(step) = keep(step) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
