//! Single-digit patterns of two strong links: a symbol with two places in
//! house `A` (a strong link: one of them holds it) and two in house `B`,
//! where one end of `A` sees one end of `B`. Those two cannot both hold the
//! symbol, so one of the far ends does, and a cell seeing both far ends
//! loses it.
//!
//! Sudoku Explainer (Sukaku Explainer's strong links, see
//! [`strong_links_rating`]) names and rates them by the houses of the links:
//! Skyscraper (two rows, or two columns, 4.0), 2-String Kite (a row and a
//! column, 4.1), Turbot Fish (a box, 4.1; a house of a variant, 4.3). An end
//! may be a group: the places of a symbol in a box that all lie in one row
//! and one column (the Empty Rectangle), or in a line that lie in two boxes;
//! grouped links cost 4.3. Sudoku Explainer tries all of these, easiest
//! first, before XY-Wings (4.2).

use super::{symbols_among, Board, Step, Technique};
use crate::layout::{CellId, HouseId, HouseKind};
use crate::symbol::Symbol;

/// A strong link on a symbol: it is in one end or the other (an end is a
/// cell, or a group of cells inside one other house).
struct Link {
    house: HouseId,
    ends: [Vec<CellId>; 2],
}

impl Link {
    fn grouped(&self) -> bool {
        self.ends.iter().any(|e| e.len() > 1)
    }
}

/// The strong links of `symbol`: houses where it has two places, and, when
/// `grouped`, houses whose places split into two groups each inside one
/// other house (a cell or a group on each side).
fn links(board: &Board, symbol: Symbol, grouped: bool) -> Vec<Link> {
    let layout = board.layout();
    let mut out = Vec::new();
    for house in board.house_ids() {
        if board.placed_in(house, symbol) {
            continue;
        }
        let places: Vec<CellId> = board.places(house, symbol).collect();
        if places.len() == 2 {
            if !grouped {
                out.push(Link { house, ends: [vec![places[0]], vec![places[1]]] });
            }
            continue;
        }
        if !grouped || places.len() < 3 {
            continue;
        }
        // Every split of the places into the part inside another house and
        // the rest, when the rest is one cell or inside one house too.
        // (A house met again gives the same split.)
        let mut splits: Vec<(Vec<CellId>, Vec<CellId>)> = Vec::new();
        let mut met: Vec<HouseId> = Vec::new();
        for g in layout.houses_of(places[0]).chain(places[1..].iter().flat_map(|&p| layout.houses_of(p))) {
            if g == house || met.contains(&g) {
                continue;
            }
            met.push(g);
            let (inside, rest): (Vec<CellId>, Vec<CellId>) = places.iter().partition(|&&c| layout.in_house(c, g));
            if inside.is_empty() || rest.is_empty() || !together(board, &rest, house) {
                continue;
            }
            let (mut a, mut b) = (inside, rest);
            if a[0] > b[0] {
                std::mem::swap(&mut a, &mut b);
            }
            if !splits.contains(&(a.clone(), b.clone())) {
                splits.push((a, b));
            }
        }
        for (a, b) in splits {
            out.push(Link { house, ends: [a, b] });
        }
    }
    out
}

/// One cell, or cells that share a house other than `not`.
fn together(board: &Board, cells: &[CellId], not: HouseId) -> bool {
    let layout = board.layout();
    cells.len() == 1
        || layout.houses_of(cells[0]).any(|h| h != not && cells[1..].iter().all(|c| layout.in_house(*c, h)))
}

/// Cell sets of the links of one symbol, `words` 64-bit words each, five
/// a link side by side: its two ends, the cells that see every cell of
/// each end, and all its cells.
struct LinkSets {
    words: usize,
    bits: Vec<u64>,
}

const END: usize = 0;
const REACH: usize = 2;
const ALL: usize = 4;

impl LinkSets {
    fn new(board: &Board, links: &[&Link]) -> LinkSets {
        let layout = board.layout();
        let words = layout.cell_count().div_ceil(64);
        let mut sets = LinkSets { words, bits: vec![0; links.len() * 5 * words] };
        let mut peers = vec![0u64; words];
        for (k, link) in links.iter().enumerate() {
            for (e, end) in link.ends.iter().enumerate() {
                let reach = sets.range(k, REACH + e);
                for (i, &c) in end.iter().enumerate() {
                    peers.fill(0);
                    for &p in layout.peers(c) {
                        peers[p.index() / 64] |= 1 << (p.index() % 64);
                    }
                    for (w, p) in peers.iter().enumerate() {
                        sets.bits[reach.start + w] = if i == 0 { *p } else { sets.bits[reach.start + w] & p };
                    }
                    for set in [END + e, ALL] {
                        let at = sets.range(k, set).start;
                        sets.bits[at + c.index() / 64] |= 1 << (c.0 % 64);
                    }
                }
            }
        }
        sets
    }

    fn range(&self, link: usize, set: usize) -> core::ops::Range<usize> {
        let at = (link * 5 + set) * self.words;
        at..at + self.words
    }

    fn get(&self, link: usize, set: usize) -> &[u64] {
        &self.bits[self.range(link, set)]
    }
}

pub(super) fn strong_links_rating(kinds: &[HouseKind], grouped: bool) -> f32 {
    let mask = kinds.iter().fold(0, |m, &k| m | kind_bit(k));
    links_rating(kinds.len(), mask, grouped)
}

/// The bit of a house kind in the mask [`links_rating`] reads: box (or
/// region), row, column, or another kind.
pub(super) fn kind_bit(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Box | HouseKind::Region => 1,
        HouseKind::Row => 2,
        HouseKind::Column => 4,
        _ => 8,
    }
}

/// [`strong_links_rating`] of `n` links whose kinds make `mask`.
pub(super) fn links_rating(n: usize, mask: u8, grouped: bool) -> f32 {
    let base = match n {
        0..=2 => 4.0,
        3 => 5.4,
        4 => 5.8,
        // Cells on the chain: the target twice, and two per strong link.
        _ => return tenth(6.6 + length_bonus(2 * n)),
    };
    let tenths = if grouped || mask & 8 != 0 { 3 } else { u8::from(mask & 1 != 0) + u8::from(mask & 6 == 6) };
    tenth(base + 0.1 * tenths as f32)
}

/// A rating rounded to a tenth, as Sudoku Explainer shows them.
pub(super) fn tenth(rating: f32) -> f32 {
    (rating * 10.0).round() / 10.0
}

/// Sudoku Explainer's bonus for the length of a chain: 0.1 each time the
/// length passes 4, 6, 8, 12, 16, 24, 32, … (alternately × 3/2 and × 4/3).
fn length_bonus(length: usize) -> f32 {
    let (mut added, mut ceil, mut odd) = (0.0, 4, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Name and rating of a pair of links, by the kinds of their houses.
fn name(board: &Board, a: &Link, b: &Link) -> (Technique, f32) {
    let kinds = [board.layout().house(a.house).kind, board.layout().house(b.house).kind];
    let boxy = |k: HouseKind| matches!(k, HouseKind::Box | HouseKind::Region);
    let line = |k: HouseKind| matches!(k, HouseKind::Row | HouseKind::Column);
    let grouped = a.grouped() || b.grouped();
    let technique = if (a.grouped() && boxy(kinds[0])) || (b.grouped() && boxy(kinds[1])) {
        Technique::EmptyRectangle
    } else if line(kinds[0]) && kinds[0] == kinds[1] {
        Technique::Skyscraper
    } else if line(kinds[0]) && line(kinds[1]) {
        Technique::TwoStringKite
    } else {
        Technique::TurbotFish
    };
    (technique, strong_links_rating(&kinds, grouped))
}

/// Skyscrapers, 2-String Kites and Turbot Fish: two plain strong links.
pub(super) fn two_links(board: &Board, symbols: u64) -> Option<Step> {
    search(board, false, symbols)
}

/// Empty Rectangles and other patterns of two strong links with a group.
pub(super) fn grouped_links(board: &Board, symbols: u64) -> Option<Step> {
    search(board, true, symbols)
}

/// The easiest (lowest rated, then most eliminations) pattern of two links.
fn search(board: &Board, grouped: bool, symbols: u64) -> Option<Step> {
    let mut best: Option<Step> = None;
    let words = board.layout().cell_count().div_ceil(64);
    for symbol in symbols_among(board.layout().size(), symbols) {
        let mut places = vec![0u64; words];
        for c in (0..board.layout().cell_count() as u32).map(CellId).filter(|&c| board.has(c, symbol)) {
            places[c.index() / 64] |= 1 << (c.0 % 64);
        }
        let plain = links(board, symbol, false);
        let groups = if grouped { links(board, symbol, true) } else { Vec::new() };
        // Links of the first kind are plain ones, or groups; `seconds`
        // indexes plain links, then groups.
        let seconds: Vec<&Link> = plain.iter().chain(&groups).collect();
        let sets = LinkSets::new(board, &seconds);
        let first = if grouped { plain.len() } else { 0 };
        let firsts = if grouped { groups.len() } else { plain.len() };
        for ka in first..first + firsts {
            let a = seconds[ka];
            for (kb, b) in seconds.iter().enumerate() {
                if a.house == b.house {
                    continue;
                }
                let (technique, rating) = name(board, a, b);
                if best.as_ref().is_some_and(|s| rating > s.rating) {
                    continue;
                }
                if intersects(sets.get(ka, ALL), sets.get(kb, ALL)) {
                    continue;
                }
                for i in 0..2 {
                    for j in 0..2 {
                        // The near ends see each other: every cell of b's
                        // near end sees every cell of a's.
                        if !within(sets.get(kb, END + j), sets.get(ka, REACH + i)) {
                            continue;
                        }
                        // The cells with the symbol, outside the pattern,
                        // that see both far ends.
                        let (far_a, far_b) = (sets.get(ka, REACH + 1 - i), sets.get(kb, REACH + 1 - j));
                        let (pa, pb) = (sets.get(ka, ALL), sets.get(kb, ALL));
                        let target = |w: usize| far_a[w] & far_b[w] & places[w] & !pa[w] & !pb[w];
                        let count: u32 = (0..words).map(|w| target(w).count_ones()).sum();
                        let better = count > 0
                            && best.as_ref().is_none_or(|s| {
                                rating < s.rating || (rating == s.rating && count as usize > s.eliminations.len())
                            });
                        if better {
                            let (far_a, near_a, near_b, far_b) =
                                (&a.ends[1 - i], &a.ends[i], &b.ends[j], &b.ends[1 - j]);
                            let mut step = Step::new(technique);
                            step.rating = rating;
                            step.eliminations = cells_of(words, target).map(|c| (c, symbol)).collect();
                            step.cells = [far_a, near_a, near_b, far_b].into_iter().flatten().copied().collect();
                            step.symbols.push(symbol);
                            step.houses = vec![a.house, b.house];
                            best = Some(step);
                        }
                    }
                }
            }
        }
    }
    best
}

/// Whether two cell sets meet.
fn intersects(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Whether every cell of `a` is in `b`.
fn within(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// The cells of the set whose words `set(w)` gives, lowest first.
fn cells_of(words: usize, set: impl Fn(usize) -> u64) -> impl Iterator<Item = CellId> {
    (0..words).flat_map(move |w| {
        let mut bits = set(w);
        core::iter::from_fn(move || {
            (bits != 0).then(|| {
                let c = CellId((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
                c
            })
        })
    })
}
