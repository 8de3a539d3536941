//! Basic fish: a symbol whose places in `k` disjoint base houses (rows) all
//! lie in `k` disjoint cover houses (columns), or the other way round, can
//! go nowhere else in the cover houses. X-Wing (2), Swordfish (3),
//! Jellyfish (4).

use super::subsets::within;
use super::{symbols_among, Board, Step, Technique};
use crate::layout::{CellId, HouseId, HouseKind};
use crate::symbol::Symbol;

pub(super) fn x_wing(board: &Board, symbols: u64) -> Option<Step> {
    fish(board, 2, Technique::XWing, symbols)
}
pub(super) fn swordfish(board: &Board, symbols: u64) -> Option<Step> {
    fish(board, 3, Technique::Swordfish, symbols)
}
pub(super) fn jellyfish(board: &Board, symbols: u64) -> Option<Step> {
    fish(board, 4, Technique::Jellyfish, symbols)
}

fn disjoint(board: &Board, houses: &[HouseId]) -> bool {
    houses.iter().enumerate().all(|(i, &a)| {
        houses[i + 1..].iter().all(|&b| !board.layout().house(a).cells.iter().any(|c| board.layout().in_house(*c, b)))
    })
}

fn fish(board: &Board, k: usize, technique: Technique, symbols: u64) -> Option<Step> {
    let layout = board.layout();
    for (base_kind, cover_kind) in [(HouseKind::Row, HouseKind::Column), (HouseKind::Column, HouseKind::Row)] {
        // Each cell's one house of the cover kind (as a bit), if it has
        // exactly one; bases are told apart only where houses of the base
        // kind overlap.
        let cover_houses: Vec<HouseId> = board.house_ids().filter(|&h| layout.house(h).kind == cover_kind).collect();
        let cover_bit = |c: CellId| -> Option<u128> {
            let mut of = layout.houses_of(c).filter(|&h| layout.house(h).kind == cover_kind);
            let (Some(h), None) = (of.next(), of.next()) else { return None };
            Some(cover_houses.iter().position(|&x| x == h).filter(|&i| i < 128).map_or(0, |i| 1 << i))
        };
        let prune = cover_houses.len() <= 128;
        let overlapping = (0..layout.cell_count() as u32)
            .any(|c| layout.houses_of(CellId(c)).filter(|&h| layout.house(h).kind == base_kind).count() > 1);
        for s in symbols_among(layout.size(), symbols) {
            // A base with a place outside every cover house, or in two,
            // is in no fish; each other spans the covers of its places.
            let (bases, masks): (Vec<HouseId>, Vec<u128>) = board
                .house_ids()
                .filter(|&h| layout.house(h).kind == base_kind && !board.placed_in(h, s))
                .filter(|&h| (2..=k).contains(&board.places(h, s).count()))
                .filter_map(|h| {
                    let mask = board.places(h, s).try_fold(0u128, |m, c| Some(m | cover_bit(c)?))?;
                    Some((h, if prune { mask } else { 0 }))
                })
                .unzip();
            let found = within(&masks, k, &mut |chosen, _| {
                let base: Vec<HouseId> = chosen.iter().map(|&i| bases[i]).collect();
                if overlapping && !disjoint(board, &base) {
                    return None;
                }
                let places: Vec<CellId> = base.iter().flat_map(|&h| board.places(h, s)).collect();
                let mut covers: Vec<HouseId> = Vec::new();
                for &p in &places {
                    let mut of = layout.houses_of(p).filter(|&h| layout.house(h).kind == cover_kind);
                    let (Some(cover), None) = (of.next(), of.next()) else { return None };
                    if !covers.contains(&cover) {
                        covers.push(cover);
                    }
                }
                if covers.len() != k || !disjoint(board, &covers) {
                    return None;
                }
                let in_base = |c: &CellId| base.iter().any(|&h| layout.in_house(*c, h));
                let eliminations: Vec<(CellId, Symbol)> =
                    covers.iter().flat_map(|&h| board.places(h, s)).filter(|c| !in_base(c)).map(|c| (c, s)).collect();
                if eliminations.is_empty() {
                    return None;
                }
                let mut step = Step::new(technique);
                step.eliminations = eliminations;
                step.cells = places;
                step.symbols.push(s);
                covers.sort_unstable();
                step.houses = base.into_iter().chain(covers).collect();
                Some(step)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
