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

use super::{Board, Step, Technique};
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
        let mut splits: Vec<(Vec<CellId>, Vec<CellId>)> = Vec::new();
        for g in layout.houses_of(places[0]).chain(places[1..].iter().flat_map(|&p| layout.houses_of(p))) {
            if g == house {
                continue;
            }
            let cells = &layout.house(g).cells;
            let (inside, rest): (Vec<CellId>, Vec<CellId>) = places.iter().partition(|c| cells.contains(c));
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
        || layout.houses_of(cells[0]).any(|h| h != not && cells[1..].iter().all(|c| layout.house(h).cells.contains(c)))
}

/// Who sees whom: the peers of each cell as bits when the grid has 128
/// cells or fewer (else the board is asked).
struct Sight<'b, 'a> {
    board: &'b Board<'a>,
    bits: Vec<u128>,
}

impl<'b, 'a> Sight<'b, 'a> {
    fn new(board: &'b Board<'a>) -> Self {
        let layout = board.layout();
        let bits = if layout.cell_count() <= 128 {
            (0..layout.cell_count() as u32)
                .map(|c| layout.peers(CellId(c)).iter().fold(0, |m, &p| m | 1 << p))
                .collect()
        } else {
            Vec::new()
        };
        Sight { board, bits }
    }

    fn sees(&self, a: CellId, b: CellId) -> bool {
        match self.bits.get(a.index()) {
            Some(bits) => bits >> b.0 & 1 != 0,
            None => self.board.sees(a, b),
        }
    }

    /// Cells with `symbol` outside `pattern` that see every cell of `a` and `b`.
    fn seeing_all(&self, symbol: Symbol, a: &[CellId], b: &[CellId], pattern: &[CellId]) -> Vec<CellId> {
        let board = self.board;
        let usable = |c: CellId| board.has(c, symbol) && !pattern.contains(&c);
        if !self.bits.is_empty() {
            let mut seen = a.iter().chain(b).fold(u128::MAX, |m, c| m & self.bits[c.index()]);
            let mut out = Vec::new();
            while seen != 0 {
                let c = CellId(seen.trailing_zeros());
                seen &= seen - 1;
                if usable(c) {
                    out.push(c);
                }
            }
            return out;
        }
        let mut out: Vec<CellId> = board
            .layout()
            .peers(a[0])
            .iter()
            .map(|&p| CellId(p))
            .filter(|&c| usable(c) && a.iter().chain(b).all(|&x| board.sees(c, x)))
            .collect();
        out.sort();
        out
    }
}

/// Sudoku Explainer's rating of a chain of `n` strong links (on one symbol,
/// joined by weak links), as Sukaku Explainer rates them: 4.0 for two, 5.4
/// for three, 5.8 for four; 0.3 more with a grouped link or a house other
/// than a row, column or box; else 0.1 more when the links mix boxes with
/// lines or rows with columns, 0.2 when they do both. Past four links it has
/// no such rule and finds them as forcing X-chains: 6.6 plus its length
/// bonus.
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
pub(super) fn two_links(board: &Board) -> Option<Step> {
    search(board, false)
}

/// Empty Rectangles and other patterns of two strong links with a group.
pub(super) fn grouped_links(board: &Board) -> Option<Step> {
    search(board, true)
}

/// The easiest (lowest rated, then most eliminations) pattern of two links.
fn search(board: &Board, grouped: bool) -> Option<Step> {
    let sight = Sight::new(board);
    let mut best: Option<Step> = None;
    for symbol in (0..board.layout().size()).map(Symbol::new) {
        let plain = links(board, symbol, false);
        let groups = if grouped { links(board, symbol, true) } else { Vec::new() };
        let firsts = if grouped { &groups } else { &plain };
        for a in firsts {
            for b in plain.iter().chain(&groups) {
                if a.house == b.house {
                    continue;
                }
                let (technique, rating) = name(board, a, b);
                if best.as_ref().is_some_and(|s| rating > s.rating) {
                    continue;
                }
                if a.ends.iter().flatten().any(|c| b.ends.iter().flatten().any(|d| c == d)) {
                    continue;
                }
                for i in 0..2 {
                    for j in 0..2 {
                        let (far_a, near_a, near_b, far_b) = (&a.ends[1 - i], &a.ends[i], &b.ends[j], &b.ends[1 - j]);
                        if !near_a.iter().all(|&x| near_b.iter().all(|&y| sight.sees(x, y))) {
                            continue;
                        }
                        let pattern: Vec<CellId> =
                            [far_a, near_a, near_b, far_b].into_iter().flatten().copied().collect();
                        let targets = sight.seeing_all(symbol, far_a, far_b, &pattern);
                        let better = !targets.is_empty()
                            && best.as_ref().is_none_or(|s| {
                                rating < s.rating || (rating == s.rating && targets.len() > s.eliminations.len())
                            });
                        if better {
                            let mut step = Step::new(technique);
                            step.rating = rating;
                            step.eliminations = targets.into_iter().map(|c| (c, symbol)).collect();
                            step.cells = pattern;
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
