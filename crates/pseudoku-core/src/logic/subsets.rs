//! Naked and hidden subsets: `k` cells of a house holding only `k` symbols
//! between them (naked), or `k` symbols of a house with only `k` places
//! (hidden).

use super::{symbols_of, Board, Step, Technique};
use crate::layout::{CellId, HouseId};
use crate::symbol::Symbol;

pub(super) fn naked_pair(board: &Board) -> Option<Step> {
    naked(board, 2, Technique::NakedPair)
}
pub(super) fn naked_triple(board: &Board) -> Option<Step> {
    naked(board, 3, Technique::NakedTriple)
}
pub(super) fn naked_quad(board: &Board) -> Option<Step> {
    naked(board, 4, Technique::NakedQuad)
}
pub(super) fn hidden_pair(board: &Board) -> Option<Step> {
    hidden(board, 2, Technique::HiddenPair, &mut Some)
}
pub(super) fn hidden_triple(board: &Board) -> Option<Step> {
    hidden(board, 3, Technique::HiddenTriple, &mut Some)
}
pub(super) fn hidden_quad(board: &Board) -> Option<Step> {
    hidden(board, 4, Technique::HiddenQuad, &mut Some)
}
pub(super) fn direct_hidden_pair(board: &Board) -> Option<Step> {
    hidden(board, 2, Technique::HiddenPair, &mut |s| super::direct(board, s, Technique::DirectHiddenPair))
}
pub(super) fn direct_hidden_triple(board: &Board) -> Option<Step> {
    hidden(board, 3, Technique::HiddenTriple, &mut |s| super::direct(board, s, Technique::DirectHiddenTriple))
}

/// Calls `f` with every `k`-subset of `items` (as indices, increasing) until
/// it returns `Some`.
pub(super) fn subsets<T>(n: usize, k: usize, f: &mut dyn FnMut(&[usize]) -> Option<T>) -> Option<T> {
    fn go<T>(
        n: usize,
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in start..n {
            if n - i < k - chosen.len() {
                break;
            }
            chosen.push(i);
            if let Some(t) = go(n, k, i + 1, chosen, f) {
                return Some(t);
            }
            chosen.pop();
        }
        None
    }
    go(n, k, 0, &mut Vec::with_capacity(k), f)
}

/// The `k`-subsets of `masks` (as indices) whose union has at most `k`
/// bits, in the order of [`subsets`], each with that union; stops at the
/// first `Some` of `f`. Pattern searches give each item the set it spans
/// (a cell's candidates, a symbol's places, a base's covers), so a subset
/// spanning more than `k` is never tried.
pub(super) fn within<T>(masks: &[u128], k: usize, f: &mut dyn FnMut(&[usize], u128) -> Option<T>) -> Option<T> {
    fn go<T>(
        masks: &[u128],
        k: usize,
        start: usize,
        union: u128,
        chosen: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize], u128) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return f(chosen, union);
        }
        for i in start..masks.len() {
            if masks.len() - i < k - chosen.len() {
                break;
            }
            let next = union | masks[i];
            if next.count_ones() as usize > k {
                continue;
            }
            chosen.push(i);
            if let Some(t) = go(masks, k, i + 1, next, chosen, f) {
                return Some(t);
            }
            chosen.pop();
        }
        None
    }
    go(masks, k, 0, 0, &mut Vec::with_capacity(k), f)
}

fn naked(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    board.house_ids().find_map(|h| {
        let cells: Vec<CellId> = board
            .layout()
            .house(h)
            .cells
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none() && (2..=k as u32).contains(&board.candidates(c).count_ones()))
            .collect();
        let masks: Vec<u128> = cells.iter().map(|&c| u128::from(board.candidates(c))).collect();
        within(&masks, k, &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let union = union as u64;
            let members: Vec<CellId> = chosen.iter().map(|&i| cells[i]).collect();
            // Every house holding all of the subset's cells loses its symbols elsewhere.
            let houses: Vec<HouseId> = board
                .layout()
                .houses_of(members[0])
                .filter(|&g| members.iter().all(|m| board.layout().in_house(*m, g)))
                .collect();
            let mut eliminations = Vec::new();
            for &g in &houses {
                for &c in &board.layout().house(g).cells {
                    if members.contains(&c) || eliminations.iter().any(|&(e, _)| e == c) {
                        continue;
                    }
                    for s in symbols_of(board.candidates(c) & union) {
                        eliminations.push((c, s));
                    }
                }
            }
            if eliminations.is_empty() {
                return None;
            }
            let mut step = Step::new(technique);
            step.eliminations = eliminations;
            step.cells = members;
            step.symbols = symbols_of(union).collect();
            step.houses = std::iter::once(h).chain(houses.into_iter().filter(|&g| g != h)).collect();
            Some(step)
        })
    })
}

fn hidden(board: &Board, k: usize, technique: Technique, keep: &mut dyn FnMut(Step) -> Option<Step>) -> Option<Step> {
    board.house_ids().find_map(|h| {
        let cells = &board.layout().house(h).cells;
        // Each symbol's places, one bit per cell of the house, and the
        // symbols placed there, in one pass over the house.
        let (mut spots, mut placed) = ([0u128; super::MAX_SYMBOLS], 0u64);
        for (i, &c) in cells.iter().enumerate() {
            if let Some(v) = board.value(c) {
                placed |= 1 << v.index();
            }
            for s in symbols_of(board.candidates(c)) {
                spots[s.index()] |= 1 << i;
            }
        }
        // The symbols not placed with two to k places.
        let (open, masks): (Vec<Symbol>, Vec<u128>) = (0..board.layout().size())
            .filter(|&s| placed >> s & 1 == 0 && (2..=k).contains(&(spots[s].count_ones() as usize)))
            .map(|s| (Symbol::new(s), spots[s]))
            .unzip();
        within(&masks, k, &mut |chosen, _| {
            let symbols: Vec<Symbol> = chosen.iter().map(|&i| open[i]).collect();
            let mask = symbols.iter().fold(0u64, |m, s| m | 1 << s.index());
            let places: Vec<CellId> = cells.iter().copied().filter(|&c| board.candidates(c) & mask != 0).collect();
            if places.len() != k {
                return None;
            }
            let eliminations: Vec<(CellId, Symbol)> =
                places.iter().flat_map(|&c| symbols_of(board.candidates(c) & !mask).map(move |s| (c, s))).collect();
            if eliminations.is_empty() {
                return None;
            }
            let mut step = Step::new(technique);
            step.eliminations = eliminations;
            step.cells = places;
            step.symbols = symbols;
            step.houses.push(h);
            keep(step)
        })
    })
}
