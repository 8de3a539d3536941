//! What a dynamic forcing chain of level 1 and up does where it stalls
//! (Sudoku Explainer's "advanced" implications): it looks at the board as
//! the chain has left it for patterns that the chain's removals made, and
//! removes what they remove. Each removal rests on the candidates the
//! chain took away that the pattern needs (its *parents*), so the chain's
//! length counts them.
//!
//! The rules, in Sudoku Explainer's order; the first that finds anything
//! gives all it finds:
//!
//! * level 1 and up: locked candidates, hidden pairs, naked pairs, X-Wings;
//! * level 2: chains (SE 7.0); level 3: those and static cell and house
//!   forcing chains (8.0); level 4: dynamic forcing chains (8.5); level 5:
//!   dynamic forcing chains, then nested forcing chains of level 2 (9.5),
//!   as SE 1.2.1's list for its level 5 (`level - 3`). A nested chain's
//!   complexity adds to the chain that uses it.

use std::rc::Rc;

use super::memo::{Memo, Search};
use super::quiet::Quiet;
use super::{multiple_on, nested_on, Budget, Cells, Grid};
use crate::layout::{HouseId, HouseKind};
use crate::logic::links::places_of;
use crate::logic::{chains, Board, ForcingForm, LinkKind, Step, Technique};

/// The deepest nesting searched (SE 11.0 and its length bonus).
pub const MAX_LEVEL: u8 = 5;

/// Budget charged for one search of the chains that do not count their
/// own nodes (the plain chains, the static forcing chains).
const CHAIN_COST: u64 = 200;
const MULTIPLE_COST: u64 = 2_000;

/// One candidate a pattern removes.
pub(super) struct Deduction {
    /// The candidate removed (`cell * N + symbol`).
    pub target: usize,
    /// The removed candidates the pattern rests on.
    pub parents: Vec<usize>,
    /// A nested chain's complexity (0 for a pattern).
    pub nested: usize,
}

/// The board as a propagation has left it: candidates per cell and places
/// per symbol, beside the grid `g` it started from.
struct State<'s, const W: usize> {
    g: &'s Grid<W>,
    cands: &'s [u64],
    places: &'s [Cells<W>],
}

impl<const W: usize> State<'_, W> {
    /// The candidates of symbol `d` in `cells` that the chain took away.
    fn removed_places(&self, cells: &Cells<W>, d: usize) -> Vec<usize> {
        cells.and(&self.g.places[d]).minus(&self.places[d]).iter().map(|c| c * self.g.n + d).collect()
    }

    /// Whether the chain took away a candidate of symbol `d` in `cells`: a
    /// pattern there rests on nothing otherwise (the grid it started from
    /// has none, and one without parents removes nothing).
    fn lost(&self, cells: &Cells<W>, d: usize) -> bool {
        !cells.and(&self.g.places[d]).minus(&self.places[d]).is_empty()
    }

    /// The candidates of cell `c` that the chain took away.
    fn removed_in_cell(&self, c: usize) -> Vec<usize> {
        let gone = self.g.cands[c] & !self.cands[c];
        (0..self.g.n).filter(|&d| gone >> d & 1 != 0).map(|d| c * self.g.n + d).collect()
    }
}

/// The nested searches of `level`, in order (after the patterns).
fn searches(level: u8) -> &'static [Search] {
    match level {
        0 | 1 => &[],
        2 => &[Search::Chains],
        3 => &[Search::Chains, Search::Multiple],
        4 => &[Search::Dynamic],
        _ => &[Search::Dynamic, Search::Level2],
    }
}

/// Whether level `level + 1` looks at a stall for all that `level` looks
/// for, in the same order, and then more: an assumption's chain is then
/// the same at both up to the stall where `level` finds nothing (see
/// [`resume`](super::resume)).
pub(super) fn extends(level: u8) -> bool {
    (1..MAX_LEVEL).contains(&level) && searches(level + 1).starts_with(searches(level))
}

/// What the first rule that applies removes, on the board `(cands,
/// places)` a propagation from `g` (made from `board`) has reached;
/// `chainless` when `board` has no chain (SE 7.0); `start` is the
/// assumption that led there; `quiet` is what the static forcing chains of
/// `g` have in common, made when first needed.
pub(super) fn find<const W: usize>(
    g: &Grid<W>,
    board: &Board,
    (cands, places): (&[u64], &[Cells<W>]),
    level: u8,
    (budget, memo): (&mut Budget, &mut Memo),
    (chainless, start): (bool, u32),
    quiet: &mut Option<Quiet<W>>,
) -> Vec<Deduction> {
    let s = State { g, cands, places };
    let mut out = Vec::new();
    let rules: [fn(&State<W>, &Board, &mut Vec<Deduction>); 4] = [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        rule(&s, board, &mut out);
        if !out.is_empty() {
            return out;
        }
    }
    if level < 2 || (0..g.cell_count).any(|c| cands[c] == 0 && board.values()[c].is_none()) {
        return out;
    }
    // The nested searches look at the board as the chain left it, through
    // a grid of those candidates; they take nothing else from a board but
    // its layout and values, which are `board`'s. The grid is made only
    // when a search is not in the memo.
    let mut grid: Option<Grid<W>> = None;
    let searches = searches(level);
    // A board above this one without a chain: one this assumption met
    // before, or the board searched, when it has none.
    let chainless = chainless && !memo.is_off();
    let full = memo.is_off();
    let prior: Option<Rc<[u64]>> = memo.chainless_above(start, cands).filter(|_| !memo.is_off());
    for &search in searches {
        let step = memo.search(search, cands, budget, |budget| {
            let nested = &*grid.get_or_insert_with(|| g.derived(cands));
            match search {
                Search::Chains if prior.is_some() || chainless => {
                    let places;
                    let prior = match &prior {
                        Some(cands) => {
                            places = places_of(cands, g.n);
                            chains::Prior { cands, places: &places }
                        }
                        None => chains::Prior { cands: &g.cands, places: &g.places },
                    };
                    budget.charge(CHAIN_COST).then(|| chains::find_after(nested, prior)).flatten()
                }
                Search::Chains => budget.charge(CHAIN_COST).then(|| chains::find_on(nested)).flatten(),
                Search::Multiple => {
                    let quiet = (!full).then(|| &*quiet.get_or_insert_with(|| Quiet::of(g)));
                    budget.charge(MULTIPLE_COST).then(|| multiple_on(board, nested, quiet)).flatten()
                }
                // The searches within never search deeper: no memo to keep.
                Search::Dynamic => nested_on(board, nested, 0, budget),
                Search::Level2 => nested_on(board, nested, 2, budget),
            }
        });
        if search == Search::Chains && step.is_none() && !budget.is_out() {
            memo.note_chainless(start, cands);
        }
        if let Some(step) = step {
            from_step(&s, board, &step, &mut out);
            if !out.is_empty() {
                return out;
            }
        }
        if budget.is_out() {
            break;
        }
    }
    out
}

/// The removals of a nested chain step, resting on the candidates the outer
/// chain took away that the nested chain's strong links (and, for a cell or
/// house forcing chain, its assumptions) need.
fn from_step<const W: usize>(s: &State<W>, board: &Board, step: &Step, out: &mut Vec<Deduction>) {
    let n = s.g.n;
    let layout = board.layout();
    let mut parents = Vec::new();
    for link in step.links.iter().filter(|l| l.kind == LinkKind::Strong) {
        let ((from, _), (to, d)) = (link.from, link.to);
        if from == to {
            parents.extend(s.removed_in_cell(to.index()));
        } else {
            for h in layout.houses_of(to).filter(|&h| layout.in_house(from, h)) {
                parents.extend(s.removed_places(&s.g.house_cells[h.index()], d.index()));
            }
        }
    }
    match step.technique {
        Technique::CellForcingChain
        | Technique::DynamicCellForcingChain
        | Technique::NestedForcingChain { form: ForcingForm::Cell, .. } => {
            parents.extend(s.removed_in_cell(step.cells[0].index()));
        }
        Technique::HouseForcingChain
        | Technique::DynamicHouseForcingChain
        | Technique::NestedForcingChain { form: ForcingForm::House, .. } => {
            if let (Some(h), Some(d)) = (step.houses.first(), step.symbols.first()) {
                parents.extend(s.removed_places(&s.g.house_cells[h.index()], d.index()));
            }
        }
        _ => {}
    }
    parents.sort_unstable();
    parents.dedup();
    if parents.is_empty() {
        return;
    }
    for &(c, d) in &step.eliminations {
        if s.cands[c.index()] >> d.index() & 1 != 0 {
            out.push(Deduction {
                target: c.index() * n + d.index(),
                parents: parents.clone(),
                nested: step.complexity,
            });
        }
    }
}

/// Pushes a removal of each of `targets` resting on `parents`, if any.
fn push_all(targets: impl Iterator<Item = usize>, parents: &[usize], out: &mut Vec<Deduction>) {
    if parents.is_empty() {
        return;
    }
    for target in targets {
        out.push(Deduction { target, parents: parents.to_vec(), nested: 0 });
    }
}

/// Locked candidates: a symbol's places in one house all in another, so
/// not elsewhere in that one.
fn locking<const W: usize>(s: &State<W>, _: &Board, out: &mut Vec<Deduction>) {
    let g = s.g;
    let n = g.n;
    for d in 0..n {
        for (h1, base) in g.house_cells.iter().enumerate() {
            let there = base.and(&s.places[d]);
            // The removals rest on the places of `d` in `base` taken away.
            if !there.several() || !s.lost(base, d) {
                continue;
            }
            // A house holding every place holds the first: one of its
            // houses, taken in the order of the houses.
            let houses = g.houses_of(there.first().expect("two places or more"));
            let (mut few, mut many) = ([0u32; 8], Vec::new());
            let covers = if houses.len() <= few.len() {
                few[..houses.len()].copy_from_slice(houses);
                &mut few[..houses.len()]
            } else {
                many.extend_from_slice(houses);
                &mut many[..]
            };
            covers.sort_unstable();
            for &h2 in covers.iter() {
                let (h2, cover) = (h2 as usize, &g.house_cells[h2 as usize]);
                if h2 == h1 || !there.minus(cover).is_empty() {
                    continue;
                }
                let gone = cover.and(&s.places[d]).minus(base);
                if gone.is_empty() {
                    continue;
                }
                let parents = s.removed_places(base, d);
                push_all(gone.iter().map(|c| c * n + d), &parents, out);
            }
        }
    }
}

/// Hidden pairs: two symbols with the same two places in a house.
fn hidden_pairs<const W: usize>(s: &State<W>, _: &Board, out: &mut Vec<Deduction>) {
    let g = s.g;
    let n = g.n;
    for house in g.house_cells.iter() {
        // The symbols with two places in the house (no list: this runs at
        // every stall of every chain).
        let pairs = (0..n).filter(|&d| house.and(&s.places[d]).is_pair()).fold(0u64, |m, d| m | 1 << d);
        for a in super::bits(pairs) {
            let pa = house.and(&s.places[a]);
            for b in super::bits(pairs & !(u64::MAX >> (63 - a))) {
                // The removals rest on the places of `a` and `b` taken away
                // in the house (outside the pair's cells, which keep them).
                if pa != house.and(&s.places[b]) || !(s.lost(house, a) || s.lost(house, b)) {
                    continue;
                }
                let keep = 1u64 << a | 1u64 << b;
                let targets: Vec<usize> = pa
                    .iter()
                    .flat_map(|c| (0..n).filter(move |&e| (s.cands[c] & !keep) >> e & 1 != 0).map(move |e| c * n + e))
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                let others = house.minus(&pa);
                let mut parents = s.removed_places(&others, a);
                parents.extend(s.removed_places(&others, b));
                parents.sort_unstable();
                push_all(targets.into_iter(), &parents, out);
            }
        }
    }
}

/// Naked pairs: two cells of a house with the same two candidates.
fn naked_pairs<const W: usize>(s: &State<W>, _: &Board, out: &mut Vec<Deduction>) {
    let g = s.g;
    let n = g.n;
    for house in g.house_cells.iter() {
        let mut cells = Cells::<W>::EMPTY;
        for c in house.iter().filter(|&c| super::two_bits(s.cands[c])) {
            cells.insert(c);
        }
        for c1 in cells.iter() {
            for c2 in cells.iter().filter(|&c2| c2 > c1) {
                let m = s.cands[c1];
                // The removals rest on the candidates of the pair's cells
                // taken away.
                let lost = |c: usize| g.cands[c] & !s.cands[c] != 0;
                if s.cands[c2] != m || !(lost(c1) || lost(c2)) {
                    continue;
                }
                let targets: Vec<usize> = house
                    .iter()
                    .filter(|&c| c != c1 && c != c2)
                    .flat_map(|c| (0..n).filter(move |&e| (s.cands[c] & m) >> e & 1 != 0).map(move |e| c * n + e))
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                let mut parents = s.removed_in_cell(c1);
                parents.extend(s.removed_in_cell(c2));
                push_all(targets.into_iter(), &parents, out);
            }
        }
    }
}

/// X-Wings: a symbol's two places in each of two rows in two columns (or
/// the other way round), so not elsewhere in those columns.
fn x_wings<const W: usize>(s: &State<W>, board: &Board, out: &mut Vec<Deduction>) {
    let g = s.g;
    let n = g.n;
    let layout = board.layout();
    let kind = |h: usize| layout.house(HouseId(h as u32)).kind;
    for (base_kind, cover_kind) in [(HouseKind::Row, HouseKind::Column), (HouseKind::Column, HouseKind::Row)] {
        let bases: Vec<usize> = (0..g.house_cells.len()).filter(|&h| kind(h) == base_kind).collect();
        let (mut lines, mut covers) = (Vec::new(), Vec::new());
        for d in 0..n {
            lines.clear();
            lines.extend(bases.iter().map(|&h| (h, g.house_cells[h].and(&s.places[d]))).filter(|(_, p)| p.is_pair()));
            for (i, &(h1, p1)) in lines.iter().enumerate() {
                for &(h2, p2) in &lines[i + 1..] {
                    // The removals rest on the places of `d` taken away in
                    // the two lines.
                    if !(s.lost(&g.house_cells[h1], d) || s.lost(&g.house_cells[h2], d)) {
                        continue;
                    }
                    let mut both = p1;
                    both.union_with(&p2);
                    // The houses of that kind the four cells are in, in order.
                    covers.clear();
                    covers.extend(
                        both.iter().flat_map(|c| {
                            g.houses_of(c).iter().map(|&h| h as usize).filter(|&h| kind(h) == cover_kind)
                        }),
                    );
                    covers.sort_unstable();
                    covers.dedup();
                    if covers.len() != 2 || covers.iter().map(|&h| g.house_cells[h].and(&both).count()).any(|k| k != 2)
                    {
                        continue;
                    }
                    let mut gone = Cells::EMPTY;
                    for &h in &covers {
                        gone.union_with(&g.house_cells[h].and(&s.places[d]));
                    }
                    let gone = gone.minus(&g.house_cells[h1]).minus(&g.house_cells[h2]);
                    if gone.is_empty() {
                        continue;
                    }
                    let mut parents = s.removed_places(&g.house_cells[h1], d);
                    parents.extend(s.removed_places(&g.house_cells[h2], d));
                    push_all(gone.iter().map(|c| c * n + d), &parents, out);
                }
            }
        }
    }
}
