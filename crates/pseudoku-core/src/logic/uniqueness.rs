//! Uniqueness techniques: in a puzzle with one solution, no set of empty
//! cells may end up in a pattern whose symbols could be swapped (a deadly
//! pattern). Used only on a board that [`Board::assume_unique`] marked.
//!
//! * Unique rectangle: four cells holding `x` and `y` such that every house
//!   meeting them holds exactly two of them, neighbours on the cycle the
//!   four make (on a classic grid: two rows, two columns, two boxes).
//!   Type 1: one corner has more candidates, so it is not `x` or `y`.
//!   Type 2: the corners with more candidates share one more, `z`, which one
//!   of them holds. Type 3: two corners in one house hold, besides `x` and
//!   `y`, candidates that make a naked set with other cells of the house (or
//!   hold one of `x` and `y` at most, which makes a hidden set). Type 4: two
//!   corners in one house are the only places of `x` there, so neither can
//!   be `y`. Sudoku Explainer rates them 4.5, type 3 plus 0.1 for each cell
//!   of the naked set past the first (of the hidden set past the second).
//! * Unique loop: the same on a longer even cycle of cells (SE 4.6 for six
//!   cells, 4.7 for eight, 5.0 for more).
//! * BUG+1: every empty cell but one has two candidates and every symbol two
//!   places in each house, but for one symbol that has three in the houses
//!   of the odd cell: it must hold that symbol (SE 5.6).

use super::single_digit::tenth;
use super::subsets::subsets;
use super::{symbols_of, Board, Step, Technique};
use crate::layout::{CellId, HouseId};
use crate::symbol::Symbol;

/// The unique loops on the pair `pair` through the bivalue cell `start`
/// (the lowest of the loop's bivalue cells): cycles of an even number of
/// cells holding the pair, consecutive cells sharing a house, every house
/// meeting the cycle holding exactly two of its cells, one at an even and
/// one at an odd place. At most two cells have extra candidates, unless
/// they all have the same one (type 2), as in Sudoku Explainer.
struct Loops<'b, 'a> {
    board: &'b Board<'a>,
    pair: u64,
    start: CellId,
    path: Vec<CellId>,
    in_path: Vec<bool>,
    house_count: Vec<u8>,
    found: Vec<Vec<CellId>>,
}

impl Loops<'_, '_> {
    fn count(&mut self, cell: CellId, add: bool) -> bool {
        let mut fits = true;
        for h in self.board.layout().houses_of(cell) {
            let n = &mut self.house_count[h.index()];
            if add {
                *n += 1;
                fits &= *n <= 2;
            } else {
                *n -= 1;
            }
        }
        fits
    }

    fn search(&mut self, cur: CellId, last: Option<HouseId>, extra_cells: usize, extra: u64) {
        let layout = self.board.layout();
        for h in layout.houses_of(cur) {
            if Some(h) == last {
                continue;
            }
            for &next in &layout.house(h).cells {
                if next == self.start {
                    if self.path.len() >= 4 && self.path.len() % 2 == 0 && self.valid() {
                        let mut key = self.path.clone();
                        key.sort_unstable();
                        if !self.found.iter().any(|f| {
                            let mut g = f.clone();
                            g.sort_unstable();
                            g == key
                        }) {
                            self.found.push(self.path.clone());
                        }
                    }
                    continue;
                }
                let cands = self.board.candidates(next);
                if self.in_path[next.index()] || cands & self.pair != self.pair {
                    continue;
                }
                if cands == self.pair && next < self.start {
                    continue;
                }
                let (more, new_extra) = (cands != self.pair, extra | (cands & !self.pair));
                if more && extra_cells >= 2 && new_extra.count_ones() != 1 {
                    continue;
                }
                self.path.push(next);
                self.in_path[next.index()] = true;
                if self.count(next, true) {
                    self.search(next, Some(h), extra_cells + usize::from(more), new_extra);
                }
                self.count(next, false);
                self.in_path[next.index()] = false;
                self.path.pop();
            }
        }
    }

    /// Every house meeting the loop holds two of its cells of opposite parity.
    fn valid(&self) -> bool {
        let layout = self.board.layout();
        self.path.iter().enumerate().all(|(i, &c)| {
            layout.houses_of(c).all(|h| {
                let mut others = self.path.iter().enumerate().filter(|&(j, d)| j != i && layout.in_house(*d, h));
                matches!((others.next(), others.next()), (Some((j, _)), None) if (i + j) % 2 == 1)
            })
        })
    }
}

fn bit(s: Symbol) -> u64 {
    1u64 << s.index()
}

/// Sudoku Explainer's rating of a unique loop: 4.5 for a rectangle, 4.6 for
/// six cells, 4.7 for eight, 5.0 for more.
fn loop_rating(len: usize) -> f32 {
    match len {
        0..=4 => 4.5,
        5..=6 => 4.6,
        7..=8 => 4.7,
        _ => 5.0,
    }
}

/// Unique rectangles and loops, types 1 to 4: the lowest rated step.
pub(super) fn unique_rectangle(board: &Board) -> Option<Step> {
    if !board.is_unique() {
        return None;
    }
    let layout = board.layout();
    let mut best: Option<Step> = None;
    for start in (0..layout.cell_count() as u32).map(CellId) {
        let pair = board.candidates(start);
        if board.value(start).is_some() || pair.count_ones() != 2 {
            continue;
        }
        let mut loops = Loops {
            board,
            pair,
            start,
            path: vec![start],
            in_path: vec![false; layout.cell_count()],
            house_count: vec![0; layout.houses().len()],
            found: Vec::new(),
        };
        loops.in_path[start.index()] = true;
        loops.count(start, true);
        loops.search(start, None, 0, 0);
        for cycle in &loops.found {
            for step in loop_steps(board, cycle, pair) {
                let better = match &best {
                    None => true,
                    Some(s) => step.rating < s.rating || (step.rating == s.rating && step.technique < s.technique),
                };
                if better {
                    best = Some(step);
                }
            }
        }
    }
    best
}

/// The steps a unique rectangle or loop on `pair` allows, by type.
fn loop_steps(board: &Board, cycle: &[CellId], pair: u64) -> Vec<Step> {
    let layout = board.layout();
    let rectangle = cycle.len() == 4;
    let base = loop_rating(cycle.len());
    let mut out = Vec::new();
    let extra: Vec<CellId> = cycle.iter().copied().filter(|&c| board.candidates(c) != pair).collect();
    let make = |types: [Technique; 2], eliminations: Vec<(CellId, Symbol)>| {
        let mut step = Step::new(types[usize::from(!rectangle)]);
        step.rating = base;
        step.eliminations = eliminations;
        step.cells = cycle.to_vec();
        step.symbols = symbols_of(pair).collect();
        step
    };
    if extra.is_empty() {
        return out;
    }
    if extra.len() == 1 {
        let c = extra[0];
        let types = [Technique::UniqueRectangle1, Technique::UniqueLoop1];
        out.push(make(types, symbols_of(pair).map(|s| (c, s)).collect()));
        return out;
    }
    let more = extra.iter().fold(0u64, |m, &c| m | board.candidates(c)) & !pair;
    // Type 2: one extra candidate z, in one of the extra cells.
    if more.count_ones() == 1 {
        let z = Symbol::new(more.trailing_zeros() as usize);
        let targets: Vec<(CellId, Symbol)> = layout
            .peers(extra[0])
            .iter()
            .copied()
            .filter(|&t| board.has(t, z) && !cycle.contains(&t) && extra.iter().all(|&e| board.sees(t, e)))
            .map(|t| (t, z))
            .collect();
        if !targets.is_empty() {
            let mut step = make([Technique::UniqueRectangle2, Technique::UniqueLoop2], targets);
            step.symbols.push(z);
            out.push(step);
        }
    }
    if extra.len() != 2 {
        return out;
    }
    let (c1, c2) = (extra[0], extra[1]);
    let shared: Vec<HouseId> = layout.houses_of(c1).filter(|&h| layout.in_house(c2, h)).collect();
    for &h in &shared {
        // Type 4: x only in c1 and c2 within h, so neither is y.
        for x in symbols_of(pair) {
            let y = symbols_of(pair & !bit(x)).next().unwrap();
            if board.places(h, x).all(|p| p == c1 || p == c2) {
                let mut step = make([Technique::UniqueRectangle4, Technique::UniqueLoop4], vec![(c1, y), (c2, y)]);
                step.houses.push(h);
                out.push(step);
            }
        }
        // Type 3: c1 and c2 hold one of `more` between them: a pseudo-cell
        // making a naked set with other cells of h; or they hold one of the
        // pair at most, which makes a hidden set with other cells of h.
        if more.count_ones() >= 2 {
            out.extend(type3(board, cycle, pair, more, h, (c1, c2)));
        }
        out.extend(type3_hidden(board, cycle, pair, more, h, (c1, c2)));
    }
    out
}

/// Unique rectangle type 3 in house `h`: the pseudo-cell of candidates `more`
/// and `k - 1` other cells of `h` hold `k` symbols between them; each of
/// those symbols goes in one of them, so cells seeing every place it may
/// take there lose it. Rated as the loop plus 0.1 per cell past the pseudo-cell.
fn type3(board: &Board, cycle: &[CellId], pair: u64, more: u64, h: HouseId, (c1, c2): (CellId, CellId)) -> Vec<Step> {
    let layout = board.layout();
    let others: Vec<CellId> =
        layout.house(h).cells.iter().copied().filter(|&c| board.value(c).is_none() && c != c1 && c != c2).collect();
    let empty = others.len() + 2;
    let mut out = Vec::new();
    for k in (more.count_ones() as usize).max(2)..=7 {
        if 2 * k > empty || k - 1 > others.len() {
            break;
        }
        subsets(others.len(), k - 1, &mut |chosen| {
            let set: Vec<CellId> = chosen.iter().map(|&i| others[i]).collect();
            let union = set.iter().fold(more, |m, &c| m | board.candidates(c));
            if union.count_ones() as usize != k {
                return None::<()>;
            }
            let mut eliminations = Vec::new();
            for v in symbols_of(union) {
                let holders: Vec<CellId> = set.iter().chain([&c1, &c2]).copied().filter(|&c| board.has(c, v)).collect();
                for &t in layout.peers(holders[0]) {
                    if board.has(t, v)
                        && !set.contains(&t)
                        && !cycle.contains(&t)
                        && holders.iter().all(|&x| board.sees(t, x))
                    {
                        eliminations.push((t, v));
                    }
                }
            }
            if !eliminations.is_empty() {
                let rectangle = cycle.len() == 4;
                let mut step = Step::new(if rectangle { Technique::UniqueRectangle3 } else { Technique::UniqueLoop3 });
                step.rating = tenth(loop_rating(cycle.len()) + 0.1 * (k - 1) as f32);
                step.eliminations = eliminations;
                step.cells = cycle.iter().chain(&set).copied().collect();
                step.symbols = symbols_of(pair).chain(symbols_of(union & !pair)).collect();
                step.houses.push(h);
                out.push(step);
            }
            None
        });
    }
    out
}

/// Unique rectangle type 3 with a hidden set in house `h`: c1 and c2 hold
/// one of the pair at most, so the pair and `d - 2` other symbols (none of
/// them extra candidates of c1 or c2) that have `d` places in `h`, c1 and
/// c2 counting as one, fill those places: the other `d - 1` lose their
/// other candidates. Rated as the loop plus 0.1 per symbol past the third
/// (Sudoku Explainer's original rating).
fn type3_hidden(
    board: &Board,
    cycle: &[CellId],
    pair: u64,
    more: u64,
    h: HouseId,
    (c1, c2): (CellId, CellId),
) -> Vec<Step> {
    let layout = board.layout();
    let empty = layout.house(h).cells.iter().filter(|&&c| board.value(c).is_none()).count();
    let all = u64::MAX >> (64 - layout.size());
    let rest: Vec<Symbol> = symbols_of(all & !pair & !more).filter(|&v| !board.placed_in(h, v)).collect();
    let mut out = Vec::new();
    for d in (more.count_ones() as usize).max(2)..=7 {
        if 2 * d >= empty || d - 2 > rest.len() {
            break;
        }
        subsets(rest.len(), d - 2, &mut |chosen| {
            let values = chosen.iter().fold(pair, |m, &i| m | bit(rest[i]));
            let places: Vec<CellId> = layout
                .house(h)
                .cells
                .iter()
                .copied()
                .filter(|&c| c != c2 && board.candidates(c) & values != 0)
                .collect();
            if places.len() != d {
                return None::<()>;
            }
            let eliminations: Vec<(CellId, Symbol)> = places
                .iter()
                .filter(|&&c| c != c1)
                .flat_map(|&c| symbols_of(board.candidates(c) & !values).map(move |v| (c, v)))
                .collect();
            if !eliminations.is_empty() {
                let rectangle = cycle.len() == 4;
                let mut step = Step::new(if rectangle { Technique::UniqueRectangle3 } else { Technique::UniqueLoop3 });
                step.rating = tenth(loop_rating(cycle.len()) + 0.1 * (d - 2) as f32);
                step.eliminations = eliminations;
                step.cells = cycle.iter().chain(places.iter().filter(|&&c| c != c1)).copied().collect();
                step.symbols = symbols_of(values).collect();
                step.houses.push(h);
                out.push(step);
            }
            None
        });
    }
    out
}

pub(super) fn bug_plus_one(board: &Board) -> Option<Step> {
    if !board.is_unique() {
        return None;
    }
    let layout = board.layout();
    let mut odd: Option<CellId> = None;
    for c in (0..layout.cell_count() as u32).map(CellId) {
        if board.value(c).is_some() {
            continue;
        }
        match board.candidates(c).count_ones() {
            2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return None,
        }
    }
    let odd = odd?;
    let mut three: Option<Symbol> = None;
    for h in board.house_ids() {
        let has_odd = layout.in_house(odd, h);
        for s in (0..layout.size()).map(Symbol::new) {
            if board.placed_in(h, s) {
                continue;
            }
            match board.places(h, s).count() {
                2 => {}
                3 if has_odd && board.has(odd, s) && three.is_none_or(|t| t == s) => three = Some(s),
                _ => return None,
            }
        }
    }
    let s = three?;
    let mut step = Step::new(Technique::BugPlusOne);
    step.placements.push((odd, s));
    step.cells.push(odd);
    step.symbols.push(s);
    Some(step)
}
