//! Singles: a house with one empty cell left (full house), a symbol with
//! one place left in a house (hidden single), a cell with one candidate
//! left (naked single).

use super::{symbols_of, Board, Step, Technique};
use crate::layout::{CellId, HouseKind};
use crate::symbol::Symbol;

pub(super) fn full_house(board: &Board) -> Option<Step> {
    board.house_ids().find_map(|h| {
        let cells = &board.layout().house(h).cells;
        let mut empty = cells.iter().filter(|c| board.value(**c).is_none());
        let (Some(&cell), None) = (empty.next(), empty.next()) else { return None };
        let symbol = symbols_of(board.candidates(cell)).next()?;
        let mut step = Step::new(Technique::FullHouse);
        step.placements.push((cell, symbol));
        step.cells.push(cell);
        step.symbols.push(symbol);
        step.houses.push(h);
        Some(step)
    })
}

/// Hidden singles in boxes and regions first (the easier kind), then in
/// any house.
pub(super) fn hidden_single(board: &Board) -> Option<Step> {
    let boxes =
        |h: &crate::layout::HouseId| matches!(board.layout().house(*h).kind, HouseKind::Box | HouseKind::Region);
    let in_kind = |want_box: bool| {
        board.house_ids().filter(|h| boxes(h) == want_box).find_map(|h| {
            let t = board.house_tally(h);
            let single = t.once & !t.twice & !t.placed;
            if single == 0 {
                return None;
            }
            // The lowest such symbol, in its one place.
            let s = Symbol::new(single.trailing_zeros() as usize);
            let cell = board.places(h, s).next()?;
            let mut step = Step::new(if want_box { Technique::HiddenSingleBox } else { Technique::HiddenSingle });
            step.placements.push((cell, s));
            step.cells.push(cell);
            step.symbols.push(s);
            step.houses.push(h);
            Some(step)
        })
    };
    in_kind(true).or_else(|| in_kind(false))
}

pub(super) fn naked_single(board: &Board) -> Option<Step> {
    (0..board.layout().cell_count() as u32).map(CellId).find_map(|cell| {
        let c = board.candidates(cell);
        if board.value(cell).is_some() || c.count_ones() != 1 {
            return None;
        }
        let symbol = Symbol::new(c.trailing_zeros() as usize);
        let mut step = Step::new(Technique::NakedSingle);
        step.placements.push((cell, symbol));
        step.cells.push(cell);
        step.symbols.push(symbol);
        Some(step)
    })
}
