//! Finned and sashimi fish: a basic fish (see `fish.rs`) spoiled by extra
//! places of the symbol, the fins, all inside one box (or jigsaw region).
//! Either a fin holds the symbol, or the fish is true; a cell of a cover
//! house that sees every fin loses the symbol both ways. A fish is sashimi
//! when, without its fins, a base house would keep one place only.
//!
//! Sukaku Explainer has no fish with fins; it finds them as chains of
//! strong links, one per base house, with the fins and the places beside
//! them in their box as a group, and rates them as such (see
//! [`strong_links_rating`]): a finned X-Wing is a grouped Skyscraper (4.0 +
//! 0.3), a finned Swordfish three grouped strong links (5.4 + 0.3), a finned
//! Jellyfish four (5.8 + 0.3); a sashimi fish with a single fin needs no
//! group (4.0, 5.4, 5.8).

use super::single_digit::strong_links_rating;
use super::subsets::{subsets, within};
use super::{symbols_among, Board, Step, Technique};
use crate::layout::{CellId, HouseId, HouseKind};
use crate::symbol::Symbol;

pub(super) fn x_wing(board: &Board, symbols: u64) -> Option<Step> {
    finned(board, 2, (Technique::FinnedXWing, Technique::SashimiXWing), symbols)
}
pub(super) fn swordfish(board: &Board, symbols: u64) -> Option<Step> {
    finned(board, 3, (Technique::FinnedSwordfish, Technique::SashimiSwordfish), symbols)
}
pub(super) fn jellyfish(board: &Board, symbols: u64) -> Option<Step> {
    finned(board, 4, (Technique::FinnedJellyfish, Technique::SashimiJellyfish), symbols)
}

/// A base house: its places of the symbol, each with the index of its one
/// cover house (`None` when it has none or several, so it can only be a fin).
struct Base {
    house: HouseId,
    places: Vec<CellId>,
    cover: Vec<Option<usize>>,
}

fn disjoint(board: &Board, houses: &[HouseId]) -> bool {
    let layout = board.layout();
    houses
        .iter()
        .enumerate()
        .all(|(i, &a)| houses[i + 1..].iter().all(|&b| !layout.house(a).cells.iter().any(|c| layout.in_house(*c, b))))
}

/// The lowest rated finned fish of `k` bases (then the one with the most
/// eliminations), as Sudoku Explainer picks among its strong links.
fn finned(board: &Board, k: usize, (finned, sashimi): (Technique, Technique), symbols: u64) -> Option<Step> {
    let layout = board.layout();
    let lowest = strong_links_rating(&vec![HouseKind::Row; k], false);
    let mut best: Option<Step> = None;
    for (base_kind, cover_kind) in [(HouseKind::Row, HouseKind::Column), (HouseKind::Column, HouseKind::Row)] {
        let covers: Vec<HouseId> = board.house_ids().filter(|&h| layout.house(h).kind == cover_kind).collect();
        if covers.len() > 128 {
            continue;
        }
        // Whether two rows, or two columns, may share cells (as those of two
        // grids of a samurai do); then each choice is checked.
        let overlapping = (0..layout.cell_count() as u32).any(|c| {
            [base_kind, cover_kind]
                .iter()
                .any(|&kind| layout.houses_of(CellId(c)).filter(|&h| layout.house(h).kind == kind).count() > 1)
        });
        let cover_of = |c: CellId| -> Option<usize> {
            let mut of = layout.houses_of(c).filter(|&h| layout.house(h).kind == cover_kind);
            match (of.next(), of.next()) {
                (Some(h), None) => covers.iter().position(|&x| x == h),
                _ => None,
            }
        };
        for s in symbols_among(layout.size(), symbols) {
            let bases: Vec<Base> = board
                .house_ids()
                .filter(|&h| layout.house(h).kind == base_kind && !board.placed_in(h, s))
                .filter_map(|house| {
                    let places: Vec<CellId> = board.places(house, s).collect();
                    (2..=2 * k).contains(&places.len()).then(|| {
                        let cover = places.iter().map(|&c| cover_of(c)).collect();
                        Base { house, places, cover }
                    })
                })
                .collect();
            if bases.len() < k {
                continue;
            }
            // The boxes the fins may lie in.
            let mut fin_houses: Vec<HouseId> = Vec::new();
            for b in &bases {
                for &p in &b.places {
                    for h in layout.houses_of(p) {
                        if matches!(layout.house(h).kind, HouseKind::Box | HouseKind::Region)
                            && !fin_houses.contains(&h)
                        {
                            fin_houses.push(h);
                        }
                    }
                }
            }
            for &fin_house in &fin_houses {
                let in_fin = |c: &CellId| layout.in_house(*c, fin_house);
                // Each usable base with the covers of its places outside the fin box.
                let usable: Vec<(usize, u128)> = bases
                    .iter()
                    .enumerate()
                    .filter_map(|(i, b)| {
                        let mut mask = 0u128;
                        for (p, cover) in b.places.iter().zip(&b.cover) {
                            if !in_fin(p) {
                                mask |= 1u128 << (*cover)?;
                            }
                        }
                        (mask.count_ones() as usize <= k).then_some((i, mask))
                    })
                    .collect();
                // Choose `k` usable bases whose covers outside the fin box
                // number at most `k`.
                let masks: Vec<u128> = usable.iter().map(|&(_, mask)| mask).collect();
                let found = within(&masks, k, &mut |chosen, outside| {
                    let chosen: Vec<usize> = chosen.iter().map(|&i| usable[i].0).collect();
                    let base: Vec<&Base> = chosen.iter().map(|&i| &bases[i]).collect();
                    if overlapping && !disjoint(board, &base.iter().map(|b| b.house).collect::<Vec<_>>()) {
                        return None;
                    }
                    let step =
                        evaluate(board, s, k, &base, outside, (&covers, overlapping), &in_fin, (finned, sashimi))?;
                    let better = best.as_ref().is_none_or(|b| {
                        step.rating < b.rating
                            || (step.rating == b.rating && step.eliminations.len() > b.eliminations.len())
                    });
                    if better {
                        best = Some(step);
                    }
                    // Nothing rates lower than a fish without a group.
                    best.as_ref().filter(|b| b.rating <= lowest).cloned()
                });
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    best
}

#[allow(clippy::too_many_arguments)]
fn evaluate(
    board: &Board,
    s: Symbol,
    k: usize,
    base: &[&Base],
    outside: u128,
    (covers, overlapping): (&[HouseId], bool),
    in_fin: &dyn Fn(&CellId) -> bool,
    (finned, sashimi): (Technique, Technique),
) -> Option<Step> {
    let layout = board.layout();
    let houses: Vec<HouseId> = base.iter().map(|b| b.house).collect();
    // Covers through the fin box that may complete the fish.
    let mut through: Vec<usize> = Vec::new();
    for b in base {
        for (p, cover) in b.places.iter().zip(&b.cover) {
            if let Some(c) = *cover {
                if in_fin(p) && outside & (1u128 << c) == 0 && !through.contains(&c) {
                    through.push(c);
                }
            }
        }
    }
    let need = k - outside.count_ones() as usize;
    if through.len() < need {
        return None;
    }
    subsets(through.len(), need, &mut |extra| {
        let mask = extra.iter().fold(outside, |m, &i| m | 1u128 << through[i]);
        let cover_houses: Vec<HouseId> =
            (0..covers.len()).filter(|&i| mask & (1u128 << i) != 0).map(|i| covers[i]).collect();
        let covered = |cover: &Option<usize>| cover.is_some_and(|c| mask & (1u128 << c) != 0);
        let mut fins: Vec<CellId> = Vec::new();
        let mut body: Vec<CellId> = Vec::new();
        let (mut thinnest, mut grouped) = (usize::MAX, false);
        for b in base {
            let (mut inside, mut fins_here, mut in_fin_box) = (0, 0, 0);
            for (&p, cover) in b.places.iter().zip(&b.cover) {
                if covered(cover) {
                    body.push(p);
                    inside += 1;
                } else {
                    fins.push(p);
                    fins_here += 1;
                }
                in_fin_box += usize::from(in_fin(&p));
            }
            thinnest = thinnest.min(inside);
            // The fins and the places beside them in the box make one group.
            grouped |= fins_here > 0 && in_fin_box > 1;
        }
        if fins.is_empty() || thinnest == 0 || (overlapping && !disjoint(board, &cover_houses)) {
            return None;
        }
        let in_base = |c: &CellId| houses.iter().any(|&h| layout.in_house(*c, h));
        let mut targets: Vec<CellId> = cover_houses
            .iter()
            .flat_map(|&h| board.places(h, s))
            .filter(|c| !in_base(c) && fins.iter().all(|&f| board.sees(*c, f)))
            .collect();
        targets.sort_unstable();
        targets.dedup();
        if targets.is_empty() {
            return None;
        }
        let mut step = Step::new(if thinnest == 1 { sashimi } else { finned });
        step.rating = strong_links_rating(&vec![layout.house(houses[0]).kind; k], grouped);
        step.eliminations = targets.into_iter().map(|c| (c, s)).collect();
        step.cells = body.into_iter().chain(fins).collect();
        step.symbols.push(s);
        step.houses = houses.iter().copied().chain(cover_houses).collect();
        Some(step)
    })
}
