//! Wings: a pivot cell and two pincers that it sees.
//!
//! * XY-Wing (SE 4.2): a pivot `{x, y}`, pincers `{x, z}` and `{y, z}`:
//!   whatever the pivot holds, one pincer holds `z`, so a cell seeing both
//!   pincers cannot.
//! * XYZ-Wing (SE 4.4): the same with a pivot `{x, y, z}`, which may hold `z`
//!   itself, so the cell must see the pivot too.
//! * W-Wing: two cells `{x, y}` that do not see each other, and a house
//!   where `x` has two places, one seen by each cell: both cells cannot be
//!   `x`, so one is `y`. Sukaku Explainer rated it 4.4 for a few days (Sept
//!   2019) and dropped it; the rated data show none (the puzzles a 4.4
//!   W-Wing would solve, it rates 4.5 and up by other steps). It finds the
//!   elimination as a forcing chain of X and Y links of eight nodes:
//!   7.0 plus 0.1 for the length, 7.1.

use super::{symbols_of, Board, Step, Technique};
use crate::layout::CellId;
use crate::symbol::Symbol;

fn empty_cells<'b>(board: &'b Board<'_>) -> impl Iterator<Item = CellId> + 'b {
    (0..board.layout().cell_count() as u32).map(CellId).filter(|&c| board.value(c).is_none())
}

fn peers<'b>(board: &'b Board<'_>, cell: CellId) -> impl Iterator<Item = CellId> + 'b {
    board.layout().peers(cell).iter().copied()
}

/// Cells holding `symbol` as a candidate that see every cell of `cells`
/// (and are none of them).
fn seen_by_all(board: &Board, symbol: Symbol, cells: &[CellId]) -> Vec<CellId> {
    let mut out: Vec<CellId> = peers(board, cells[0])
        .filter(|&c| board.has(c, symbol) && !cells.contains(&c) && cells.iter().all(|&x| board.sees(c, x)))
        .collect();
    out.sort_unstable();
    out
}

fn step(technique: Technique, cells: Vec<CellId>, symbols: u64, z: Symbol, targets: Vec<CellId>) -> Step {
    let mut step = Step::new(technique);
    step.eliminations = targets.into_iter().map(|c| (c, z)).collect();
    step.cells = cells;
    step.symbols = symbols_of(symbols).collect();
    step
}

pub(super) fn xy_wing(board: &Board) -> Option<Step> {
    wing(board, false)
}

pub(super) fn xyz_wing(board: &Board) -> Option<Step> {
    wing(board, true)
}

/// XY-Wing (pivot of two candidates) or XYZ-Wing (pivot of three).
fn wing(board: &Board, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    empty_cells(board).filter(|&p| board.candidates(p).count_ones() == pivot_size).find_map(|pivot| {
        let pc = board.candidates(pivot);
        let pincers: Vec<CellId> = peers(board, pivot).filter(|&c| board.candidates(c).count_ones() == 2).collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (board.candidates(a), board.candidates(b));
                let z = ca & cb;
                if ca == cb || z.count_ones() != 1 {
                    continue;
                }
                // XY: the pincers' other candidates make the pivot, z is outside it.
                // XYZ: both pincers lie inside the pivot, and together make it.
                let fits = if xyz { ca | cb == pc } else { (ca | cb) & !z == pc && pc & z == 0 };
                if !fits {
                    continue;
                }
                let symbol = Symbol::new(z.trailing_zeros() as usize);
                let wing: Vec<CellId> = if xyz { vec![pivot, a, b] } else { vec![a, b] };
                let targets: Vec<CellId> =
                    seen_by_all(board, symbol, &wing).into_iter().filter(|&c| c != pivot).collect();
                if !targets.is_empty() {
                    let technique = if xyz { Technique::XYZWing } else { Technique::XYWing };
                    return Some(step(technique, vec![pivot, a, b], ca | cb, symbol, targets));
                }
            }
        }
        None
    })
}

pub(super) fn w_wing(board: &Board) -> Option<Step> {
    let pairs: Vec<CellId> = empty_cells(board).filter(|&c| board.candidates(c).count_ones() == 2).collect();
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let cands = board.candidates(a);
            if board.candidates(b) != cands || board.sees(a, b) {
                continue;
            }
            for x in symbols_of(cands) {
                let y = Symbol::new((cands & !(1u64 << x.index())).trailing_zeros() as usize);
                let targets = seen_by_all(board, y, &[a, b]);
                if targets.is_empty() {
                    continue;
                }
                // A house where x has two places, one seen by a and one by b.
                let link = board.house_ids().find_map(|h| {
                    if board.placed_in(h, x) {
                        return None;
                    }
                    let mut places = board.places(h, x);
                    let (Some(p), Some(q), None) = (places.next(), places.next(), places.next()) else { return None };
                    if [p, q].iter().any(|c| *c == a || *c == b) {
                        return None;
                    }
                    if board.sees(p, a) && board.sees(q, b) {
                        Some((h, p, q))
                    } else if board.sees(q, a) && board.sees(p, b) {
                        Some((h, q, p))
                    } else {
                        None
                    }
                });
                if let Some((h, p, q)) = link {
                    let mut step = step(Technique::WWing, vec![a, b, p, q], cands, y, targets);
                    step.symbols = vec![x, y];
                    step.houses.push(h);
                    return Some(step);
                }
            }
        }
    }
    None
}
