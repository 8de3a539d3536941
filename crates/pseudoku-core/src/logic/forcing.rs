//! Forcing chains: assume a candidate true (or false), follow everything it
//! implies, and conclude from what the assumptions have in common or from
//! a contradiction. Sudoku Explainer's ratings and rules:
//!
//! * Nishio forcing chains (7.5): one symbol only, its places updated as
//!   they go; an assumption that makes some candidate both true and false
//!   is wrong.
//! * Cell and house forcing chains (8.0, "multiple" forcing chains): every
//!   candidate of a cell of three or more, or every place of a symbol in a
//!   house, leads to the same conclusion, which is then certain. Static:
//!   links are those of the board as it is (bivalue cells and conjugate
//!   pairs). As in Sudoku Explainer, a house whose first place is a
//!   bivalue cell is not tried (SE starts these chains from cells of three
//!   or more candidates and meets a house at its first place).
//! * Dynamic forcing chains (8.5): the same, plus contradictions and
//!   "double" chains (a candidate true and false both imply the same), with
//!   the board updated as the chain goes, so that any naked or hidden single
//!   it creates is followed.
//!
//! Each assumption is followed breadth first, implications of "true"
//! literals before those of "false" ones as in Sudoku Explainer, up to the
//! first literal found both true and false. Grids of more than
//! [`MAX_SLOTS`] candidate slots (a 25×25) are not searched: a 9×9 step
//! takes milliseconds, a 16×16 one a few tenths of a second, a 25×25 one
//! many seconds.
//!
//! The rating adds the length increment of
//! [`length_tenths`] for the complexity of the
//! step: the number of literals each branch needs to reach the conclusion
//! (a literal and everything that implied it, including, for the dynamic
//! chains, the candidates whose removal made a single), summed over the
//! branches. The step returned is the lowest rated of its family.

// tidy: long because one propagator serves Nishio, cell, house and dynamic forcing
// chains and their nested levels; the nested searches themselves are in forcing/advanced.rs.

use std::collections::VecDeque;

use super::links::{base_tenths, bits, by_width, length_tenths, literal, step, two_bits, weak_targets, Cells, Grid};
use super::{chains, Board, ForcingForm, Link, LinkKind, Step, Technique};
use crate::layout::HouseId;

mod advanced;
mod memo;
mod quiet;
mod resume;

pub use advanced::MAX_LEVEL;
pub use memo::Memo;

/// The links a propagation follows.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rules {
    /// Links within cells (a value rules out the cell's others; a cell's
    /// last candidate is forced); Nishio follows one symbol only.
    cell: bool,
    /// Update the board as candidates go, so that new singles are seen.
    dynamic: bool,
    /// Where the chain stalls, look for patterns on the board as it is
    /// (level 1: locked candidates, pairs, X-Wings; 2 and up: nested
    /// chains too, see [`advanced`]); 0: never.
    level: u8,
}

const NISHIO: Rules = Rules { cell: false, dynamic: true, level: 0 };
const STATIC: Rules = Rules { cell: true, dynamic: false, level: 0 };
const DYNAMIC: Rules = Rules { cell: true, dynamic: true, level: 0 };

/// How many search nodes (literals implied, in every propagation, nested
/// ones included) a search may still take. Counted, never timed, so a
/// rating is the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    left: u64,
    out: bool,
}

impl Budget {
    pub fn new(nodes: u64) -> Budget {
        Budget { left: nodes, out: false }
    }

    /// No limit (the everyday techniques up to 8.5, which are bounded).
    pub fn unlimited() -> Budget {
        Budget::new(u64::MAX)
    }

    /// Whether a search ran out: what it found is then not the easiest.
    pub fn is_out(&self) -> bool {
        self.out
    }

    pub fn left(&self) -> u64 {
        self.left
    }

    /// Takes `nodes`; false (and out for good) when there are not that many.
    fn charge(&mut self, nodes: u64) -> bool {
        if self.left < nodes {
            self.left = 0;
            self.out = true;
        } else {
            self.left -= nodes;
        }
        !self.out
    }
}

const NONE: u32 = u32::MAX;

/// Why a literal holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// The assumption.
    Root,
    /// Implied by its parent alone.
    Link,
    /// The last candidate of this cell (dynamic): the removed candidates of
    /// the cell are parents too.
    CellSingle(u32),
    /// The last place of its symbol in this house (dynamic): the removed
    /// places are parents too.
    HouseSingle(u32),
    /// Removed by a pattern (index into [`Trace::advanced`]), whose
    /// removed candidates are all parents.
    Advanced(u32),
}

/// What a pattern found where the chain stalled rests on.
#[derive(Clone, Debug)]
struct Advanced {
    /// The "off" literals whose removal made the pattern.
    parents: Vec<u32>,
    /// The complexity of a nested chain (0 for a plain pattern).
    nested: usize,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    lit: u32,
    parent: u32,
    cause: Cause,
    /// For an "off" literal, when it was taken off the board (its order
    /// among the removals, `NONE` if it never was); for an "on" literal,
    /// the removal that implied it.
    time: u32,
}

/// What one assumption leads to.
struct Trace<const W: usize> {
    /// Per symbol: the cells where it is implied true, and false.
    on: Vec<Cells<W>>,
    off: Vec<Cells<W>>,
    /// Every literal implied, in order, with its reason.
    entries: Vec<Entry>,
    /// A literal both true and false: the two, when the propagation stopped
    /// there.
    contradiction: Option<(Entry, Entry)>,
    /// The patterns behind [`Cause::Advanced`] literals.
    advanced: Vec<Advanced>,
    /// The nodes it took up to where the next level goes on from it (see
    /// [`resume`]): all of them after a contradiction, those before the
    /// last stall's patterns otherwise; `None` if cut short by the budget.
    resume: Option<u64>,
}

/// Follows assumptions through the board.
struct Propagator<'g, 'b, const W: usize> {
    g: &'g Grid<W>,
    /// The board `g` was made from (nested chains search a copy of it).
    board: &'g Board<'g>,
    rules: Rules,
    budget: &'b mut Budget,
    /// The nested searches' steps, by the board searched.
    memo: &'b mut Memo,
    /// The board has no chain (SE 7.0), so nested chains search only from
    /// what the assumption changed (see [`chains::find_after`]).
    chainless: bool,
    /// The assumption being followed.
    start: u32,
    cands: Vec<u64>,
    places: Vec<Cells<W>>,
    /// Literal → its entry in the trace being built.
    slot: Vec<u32>,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    /// Scratch lists of what one literal implies.
    offs: Vec<usize>,
    derived: Vec<(usize, Cause)>,
    /// Traces done with, to be filled again.
    spare: Vec<Trace<W>>,
    /// The traces of the level below on this board, to go on from.
    prior: Option<resume::Kept<W>>,
    /// What the static forcing chains of `g` have in common, made when a
    /// nested search of level 3 first needs it.
    quiet: Option<quiet::Quiet<W>>,
}

impl<'g, 'b, const W: usize> Propagator<'g, 'b, W> {
    fn new(
        g: &'g Grid<W>,
        board: &'g Board<'g>,
        rules: Rules,
        budget: &'b mut Budget,
        memo: &'b mut Memo,
    ) -> Propagator<'g, 'b, W> {
        Propagator {
            g,
            board,
            rules,
            budget,
            memo,
            chainless: false,
            start: 0,
            cands: g.cands.clone(),
            places: g.places.clone(),
            slot: vec![NONE; g.cell_count * g.n * 2],
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            offs: Vec::new(),
            derived: Vec::new(),
            spare: Vec::new(),
            prior: None,
            quiet: None,
        }
    }

    /// Keeps a trace done with, to fill again in place of a new one.
    fn recycle(&mut self, trace: Trace<W>) {
        self.spare.push(trace);
    }

    /// What `(c, d)` true makes false, in Sudoku Explainer's order: the
    /// cell's other candidates, then the symbol in each house of the cell.
    fn offs_of(&self, c: usize, d: usize, offs: &mut Vec<usize>) {
        weak_targets(self.g, (&self.cands, &self.places), self.rules.cell, (c, d), offs);
    }

    /// What `(c, d)` false makes true, and why: the other candidate of a
    /// bivalue cell, the other place of the symbol in a house with two.
    fn derived_of(&self, c: usize, d: usize, derived: &mut Vec<(usize, Cause)>) {
        let g = self.g;
        let n = g.n;
        derived.clear();
        let dynamic = self.rules.dynamic;
        let cell_cause = |x: usize| if dynamic { Cause::CellSingle(x as u32) } else { Cause::Link };
        let house_cause = |h: u32| if dynamic { Cause::HouseSingle(h) } else { Cause::Link };
        if self.rules.cell && two_bits(self.cands[c]) {
            let e = (self.cands[c] & !(1 << d)).trailing_zeros() as usize;
            derived.push((c * n + e, cell_cause(c)));
        }
        for &h in g.houses_of(c) {
            let there = g.house_cells[h as usize].and(&self.places[d]);
            if there.is_pair() {
                let mut other = there;
                other.remove(c);
                let x = other.first().expect("two places");
                if !derived.iter().any(|&(q, _)| q == x * n + d) {
                    derived.push((x * n + d, house_cause(h)));
                }
            }
        }
    }

    /// Everything `start` implies, in Sudoku Explainer's order (pending
    /// "on" literals first), up to the first contradiction.
    fn run(&mut self, start: usize) -> Trace<W> {
        let g = self.g;
        let n = g.n;
        let begin = self.budget.left();
        self.pending_on.clear();
        self.pending_off.clear();
        self.start = start as u32;
        if let Some(trace) = self.prior.as_mut().and_then(|p| p.take(start)) {
            match trace.resume {
                Some(cost) if cost <= self.budget.left() => return self.resume(trace, cost, begin),
                _ => self.recycle(trace),
            }
        }
        if self.rules.dynamic {
            self.cands.copy_from_slice(&g.cands);
            self.places.copy_from_slice(&g.places);
        }
        let mut trace = match self.spare.pop() {
            Some(mut trace) => {
                trace.on.fill(Cells::EMPTY);
                trace.off.fill(Cells::EMPTY);
                trace.entries.clear();
                trace.contradiction = None;
                trace.advanced.clear();
                trace.resume = None;
                trace
            }
            None => Trace {
                on: vec![Cells::EMPTY; n],
                off: vec![Cells::EMPTY; n],
                entries: Vec::with_capacity(64),
                contradiction: None,
                advanced: Vec::new(),
                resume: None,
            },
        };
        self.add(&mut trace, Entry { lit: start as u32, parent: NONE, cause: Cause::Root, time: 0 });
        self.follow(trace, 0, begin)
    }

    /// Goes on with `trace`, a trace of the level below (see [`resume`]):
    /// charges the `cost` it took that far and takes it up at its last
    /// stall; `begin` is the budget left at the start of the run.
    fn resume(&mut self, trace: Trace<W>, cost: u64, begin: u64) -> Trace<W> {
        self.budget.charge(cost);
        if trace.contradiction.is_some() {
            return trace;
        }
        // At a stall every literal has been followed: the board is the
        // grid's less every literal implied false.
        let n = self.g.n;
        self.cands.copy_from_slice(&self.g.cands);
        self.places.copy_from_slice(&self.g.places);
        let mut removed = 0;
        for (i, e) in trace.entries.iter().enumerate() {
            self.slot[e.lit as usize] = i as u32;
            if e.lit % 2 == 0 {
                let cand = e.lit as usize / 2;
                let (c, d) = (cand / n, cand % n);
                self.cands[c] &= !(1 << d);
                self.places[d].remove(c);
                removed += 1;
            }
        }
        self.follow(trace, removed, begin)
    }

    /// Follows the pending literals of `trace` (`removed` of its literals
    /// false followed so far) to a contradiction or the last stall.
    fn follow(&mut self, mut trace: Trace<W>, mut removed: u32, begin: u64) -> Trace<W> {
        let n = self.g.n;
        // The budget left before the last patterns looked for.
        let mut stalled = begin;
        let mut offs = std::mem::take(&mut self.offs);
        let mut derived = std::mem::take(&mut self.derived);
        let contradiction = 'run: loop {
            if self.budget.is_out() {
                break 'run None;
            }
            if let Some(p) = self.pending_on.pop_front() {
                let cand = p as usize / 2;
                self.offs_of(cand / n, cand % n, &mut offs);
                for &q in &offs {
                    let entry = Entry { lit: literal(q, false) as u32, parent: p, cause: Cause::Link, time: NONE };
                    let (qc, qd) = (q / n, q % n);
                    if trace.on[qd].has(qc) {
                        let on = trace.entries[self.slot[literal(q, true)] as usize];
                        break 'run Some((on, entry));
                    }
                    if !trace.off[qd].has(qc) {
                        self.add(&mut trace, entry);
                    }
                }
            } else if let Some(p) = self.pending_off.pop_front() {
                let cand = p as usize / 2;
                let (c, d) = (cand / n, cand % n);
                self.derived_of(c, d, &mut derived);
                let dynamic = self.rules.dynamic;
                let time = removed;
                trace.entries[self.slot[p as usize] as usize].time = time;
                removed += 1;
                if dynamic {
                    self.cands[c] &= !(1 << d);
                    self.places[d].remove(c);
                }
                for &(q, cause) in &derived {
                    let entry = Entry { lit: literal(q, true) as u32, parent: p, cause, time };
                    let (qc, qd) = (q / n, q % n);
                    if trace.off[qd].has(qc) {
                        let off = trace.entries[self.slot[literal(q, false)] as usize];
                        break 'run Some((entry, off));
                    }
                    if !trace.on[qd].has(qc) {
                        self.add(&mut trace, entry);
                    }
                }
            } else if self.rules.level > 0 {
                stalled = self.budget.left();
                match self.advance(&mut trace) {
                    Err(both) => break 'run Some(both),
                    Ok(true) => {}
                    Ok(false) => break 'run None,
                }
            } else {
                break 'run None;
            }
        };
        self.offs = offs;
        self.derived = derived;
        let left = self.budget.left();
        trace.resume = match contradiction {
            _ if self.budget.is_out() => None,
            Some(_) => Some(begin - left),
            None if self.rules.level > 0 => Some(begin - stalled),
            None => Some(begin - left),
        };
        trace.contradiction = contradiction;
        trace
    }

    /// Where the chain stalls: removes what the patterns of the board as it
    /// now is remove (the first rule that finds any, as Sudoku Explainer).
    /// True if that added a literal; a pattern removing a literal implied
    /// true is a contradiction.
    fn advance(&mut self, trace: &mut Trace<W>) -> Result<bool, (Entry, Entry)> {
        let n = self.g.n;
        let found = advanced::find(
            self.g,
            self.board,
            (&self.cands, &self.places),
            self.rules.level,
            (self.budget, self.memo),
            (self.chainless, self.start),
            &mut self.quiet,
        );
        let mut added = false;
        for d in found {
            let (tc, td) = (d.target / n, d.target % n);
            if trace.off[td].has(tc) {
                continue;
            }
            let parents: Vec<u32> =
                d.parents.iter().filter(|&&p| trace.off[p % n].has(p / n)).map(|&p| literal(p, false) as u32).collect();
            let Some(&first) = parents.first() else { continue };
            let index = trace.advanced.len() as u32;
            trace.advanced.push(Advanced { parents, nested: d.nested });
            let entry = Entry {
                lit: literal(d.target, false) as u32,
                parent: first,
                cause: Cause::Advanced(index),
                time: NONE,
            };
            if trace.on[td].has(tc) {
                let on = trace.entries[self.slot[literal(d.target, true)] as usize];
                return Err((on, entry));
            }
            self.add(trace, entry);
            added = true;
        }
        Ok(added)
    }

    fn add(&mut self, trace: &mut Trace<W>, entry: Entry) {
        self.budget.charge(1);
        let lit = entry.lit as usize;
        let (c, d) = (lit / 2 / self.g.n, lit / 2 % self.g.n);
        self.slot[lit] = trace.entries.len() as u32;
        trace.entries.push(entry);
        if lit % 2 == 1 {
            trace.on[d].insert(c);
            self.pending_on.push_back(entry.lit);
        } else {
            trace.off[d].insert(c);
            self.pending_off.push_back(entry.lit);
        }
    }
}

/// Counts the literals behind a conclusion, one trace at a time. Its
/// tables are made when it first indexes a trace: most searches end with
/// nothing to count.
struct Ancestors {
    literals: usize,
    /// Literal → entry of the indexed trace, valid where `slot_gen` is `generation`.
    slot: Vec<u32>,
    slot_gen: Vec<u32>,
    generation: u32,
    mark: Vec<u32>,
    mark_gen: u32,
    stack: Vec<Entry>,
}

impl Ancestors {
    fn new(literals: usize) -> Ancestors {
        Ancestors {
            literals,
            slot: Vec::new(),
            slot_gen: Vec::new(),
            generation: 0,
            mark: Vec::new(),
            mark_gen: 0,
            stack: Vec::new(),
        }
    }

    fn index<const W: usize>(&mut self, trace: &Trace<W>) {
        if self.slot.is_empty() {
            self.slot = vec![0; self.literals];
            self.slot_gen = vec![0; self.literals];
            self.mark = vec![0; self.literals];
        }
        self.generation += 1;
        for (i, e) in trace.entries.iter().enumerate() {
            self.slot[e.lit as usize] = i as u32;
            self.slot_gen[e.lit as usize] = self.generation;
        }
    }

    fn entry<const W: usize>(&self, trace: &Trace<W>, lit: usize) -> Option<Entry> {
        self.slot_of(trace, lit).map(|i| trace.entries[i as usize])
    }

    /// Where literal `lit` is in the indexed trace.
    fn slot_of<const W: usize>(&self, _trace: &Trace<W>, lit: usize) -> Option<u32> {
        (self.slot_gen[lit] == self.generation).then(|| self.slot[lit])
    }

    /// The number of distinct literals that `entry` and its ancestors make,
    /// in the indexed `trace`, plus the complexity of the nested chains
    /// among them.
    fn count<const W: usize>(&mut self, g: &Grid<W>, trace: &Trace<W>, entry: Entry) -> usize {
        self.walk(g, trace, entry, |_| {})
    }

    /// Visits `entry` and its ancestors once each (see [`count`](Self::count)).
    fn walk<const W: usize>(
        &mut self,
        g: &Grid<W>,
        trace: &Trace<W>,
        entry: Entry,
        mut visit: impl FnMut(Entry),
    ) -> usize {
        let n = g.n;
        self.mark_gen += 1;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(entry);
        let mut count = 0;
        while let Some(e) = stack.pop() {
            let lit = e.lit as usize;
            if self.mark[lit] == self.mark_gen {
                continue;
            }
            self.mark[lit] = self.mark_gen;
            count += 1;
            visit(e);
            if let Cause::Advanced(i) = e.cause {
                let advanced = &trace.advanced[i as usize];
                count += advanced.nested;
                for &p in &advanced.parents {
                    if let Some(p) = self.entry(trace, p as usize) {
                        stack.push(p);
                    }
                }
                continue;
            }
            if e.parent != NONE {
                if let Some(p) = self.entry(trace, e.parent as usize) {
                    stack.push(p);
                }
            }
            // Singles of a dynamic chain: the candidates removed before.
            match e.cause {
                Cause::CellSingle(c) => {
                    let c = c as usize;
                    let mut m = g.cands[c];
                    while m != 0 {
                        self.push_removed(trace, c * n + m.trailing_zeros() as usize, e.time, &mut stack);
                        m &= m - 1;
                    }
                }
                Cause::HouseSingle(h) => {
                    let d = lit / 2 % n;
                    for x in g.house_cells[h as usize].and(&g.places[d]).iter() {
                        self.push_removed(trace, x * n + d, e.time, &mut stack);
                    }
                }
                Cause::Root | Cause::Link | Cause::Advanced(_) => {}
            }
        }
        self.stack = stack;
        count
    }

    /// Pushes `cand` off if the trace removed it before `time`.
    fn push_removed<const W: usize>(&self, trace: &Trace<W>, cand: usize, time: u32, stack: &mut Vec<Entry>) {
        if let Some(p) = self.entry(trace, literal(cand, false)) {
            if p.time < time && self.mark[p.lit as usize] != self.mark_gen {
                stack.push(p);
            }
        }
    }
}

/// A candidate conclusion: its order key and how to make it a step.
#[derive(Clone, Debug)]
struct Hint {
    key: (u32, usize, u8, usize),
    technique: Technique,
    /// The literal concluded (`on` places it, `off` removes it).
    target: usize,
    /// The assumption's cell (or the house) and symbols, for the words.
    cells: Vec<usize>,
    symbols: Vec<usize>,
    house: Option<u32>,
    /// The literal each branch assumes (one for a contradiction).
    branches: Vec<usize>,
}

fn consider(best: &mut Option<Hint>, hint: Hint) {
    if best.as_ref().is_none_or(|b| hint.key < b.key) {
        *best = Some(hint);
    }
}

/// Nishio forcing chains: one symbol, followed dynamically, to a
/// contradiction.
pub(super) fn nishio(board: &Board, symbols: u64) -> Option<Step> {
    small_enough(board).then(|| by_width!(nishio_in, board, symbols)).flatten()
}

/// The most candidate slots (cells × symbols) the forcing chains search:
/// a 16×16 (4,096) or a samurai (3,321), not a 25×25, where following
/// every candidate both ways is too slow to rate with.
pub(super) const MAX_SLOTS: usize = 4096;

fn small_enough(board: &Board) -> bool {
    board.layout().cell_count() * board.layout().size() <= MAX_SLOTS
}

fn nishio_in<const W: usize>(board: &Board, symbols: u64) -> Option<Step> {
    let g = Grid::<W>::new(board);
    let mut budget = Budget::unlimited();
    let mut memo = Memo::default();
    let mut prop = Propagator::new(&g, board, NISHIO, &mut budget, &mut memo);
    let mut anc = Ancestors::new(g.cell_count * g.n * 2);
    let mut best = None;
    let base = base_tenths(Technique::NishioForcingChain);
    for (order, cand) in g.sources().into_iter().enumerate() {
        // A chain of one symbol: only the symbols asked for.
        if symbols >> (cand % g.n) & 1 == 0 {
            continue;
        }
        for on in [true, false] {
            let trace = prop.run(literal(cand, on));
            contradiction(&g, &trace, &mut anc, cand, on, base, Technique::NishioForcingChain, order, &mut best);
            prop.recycle(trace);
        }
    }
    best.map(|h| make_step(&g, &mut prop, &mut anc, h))
}

/// A contradiction from assuming `cand` `on` (or off) proves the opposite.
#[allow(clippy::too_many_arguments)]
fn contradiction<const W: usize>(
    g: &Grid<W>,
    trace: &Trace<W>,
    anc: &mut Ancestors,
    cand: usize,
    on: bool,
    base: u32,
    technique: Technique,
    order: usize,
    best: &mut Option<Hint>,
) {
    let Some((a, b)) = trace.contradiction else { return };
    anc.index(trace);
    let k = anc.count(g, trace, a) + anc.count(g, trace, b);
    let n = g.n;
    let at = a.lit as usize / 2;
    consider(
        best,
        Hint {
            key: (base + length_tenths(k), k, 7, order * 4 + on as usize),
            technique,
            target: literal(cand, !on),
            cells: vec![cand / n, at / n],
            symbols: vec![cand % n, at % n],
            house: None,
            branches: vec![literal(cand, on)],
        },
    );
}

/// Cell and house forcing chains, static (8.0).
pub(super) fn multiple(board: &Board) -> Option<Step> {
    small_enough(board)
        .then(|| by_width!(multiple_in, board, false, 0, &mut Budget::unlimited(), &mut Memo::default()))
        .flatten()
}

/// Dynamic forcing chains (8.5): contradictions, double chains, cell and
/// house forcing chains.
pub(super) fn dynamic(board: &Board) -> Option<Step> {
    small_enough(board)
        .then(|| by_width!(multiple_in, board, true, 0, &mut Budget::unlimited(), &mut Memo::default()))
        .flatten()
}

/// Dynamic forcing chains that, where a chain stalls, also use patterns
/// (`level` 1, SE 9.0) and nested chains (2 to [`MAX_LEVEL`], SE 9.5 to
/// 11.0): see [`advanced`]. `level` 0 is [`dynamic`]. The search stops
/// when `budget` runs out (its step, if any, is then not to be trusted as
/// the easiest). `memo` keeps the nested searches' steps for the next
/// searches of the same rating.
pub(super) fn nested(board: &Board, level: u8, budget: &mut Budget, memo: &mut Memo) -> Option<Step> {
    if !small_enough(board) || budget.is_out() {
        return None;
    }
    by_width!(multiple_in, board, true, level.min(MAX_LEVEL), budget, memo)
}

/// The technique of a dynamic forcing step of `form` at `level`.
fn dynamic_technique(level: u8, form: ForcingForm) -> Technique {
    match (level, form) {
        (0, ForcingForm::Contradiction) => Technique::DynamicContradiction,
        (0, ForcingForm::Double) => Technique::DynamicDoubleForcing,
        (0, ForcingForm::Cell) => Technique::DynamicCellForcingChain,
        (0, ForcingForm::House) => Technique::DynamicHouseForcingChain,
        (level, form) => Technique::NestedForcingChain { level, form },
    }
}

fn multiple_in<const W: usize>(
    board: &Board,
    dynamic: bool,
    level: u8,
    budget: &mut Budget,
    memo: &mut Memo,
) -> Option<Step> {
    multiple_grid(board, &Grid::<W>::new(board), dynamic, level, budget, memo, None)
}

/// The static cell and house forcing chains (8.0) of grid `g`, a nested
/// search's, whose board has the values of `board`.
/// `quiet`, if any, is what the static chains have in common on a board
/// `g` was made from by taking candidates away.
fn multiple_on<const W: usize>(board: &Board, g: &Grid<W>, quiet: Option<&quiet::Quiet<W>>) -> Option<Step> {
    multiple_grid(board, g, false, 0, &mut Budget::unlimited(), &mut Memo::default(), quiet)
}

/// [`nested`] on grid `g`, a nested search's, whose board has the values
/// of `board`: `level` 0 to 2, which look at nothing of the board but its
/// layout and values (level 2 asks `g` itself whether it has a chain),
/// with a memo of their own.
fn nested_on<const W: usize>(board: &Board, g: &Grid<W>, level: u8, budget: &mut Budget) -> Option<Step> {
    debug_assert!(level <= 2);
    if budget.is_out() {
        return None;
    }
    multiple_grid(board, g, true, level, budget, &mut Memo::default(), None)
}

fn multiple_grid<const W: usize>(
    board: &Board,
    g: &Grid<W>,
    dynamic: bool,
    level: u8,
    budget: &mut Budget,
    memo: &mut Memo,
    quiet: Option<&quiet::Quiet<W>>,
) -> Option<Step> {
    let n = g.n;
    // What the static chains of the prior board bound (see `quiet`).
    let sure = quiet.filter(|_| !dynamic).map(|q| q.on(g));
    let rules = if dynamic { Rules { level, ..DYNAMIC } } else { STATIC };
    let mut prop = Propagator::new(g, board, rules, budget, memo);
    // Each assumption taken up where the level below left it, and kept for
    // the level above (see `resume`).
    if dynamic && level > 0 {
        prop.prior = prop.memo.take_traces(level, &g.cands);
    }
    let mut kept =
        (dynamic && advanced::extends(level) && !prop.memo.is_off()).then(|| resume::Kept::new(g.cell_count * n * 2));
    // The rater searches nested chains only on boards without chains: then
    // the nested chain searches can start only where the chain changed
    // something. (Checked: a board from elsewhere, or a level-2 search
    // nested in level 5, may have chains.)
    prop.chainless = level >= 2 && chains::find_on(g).is_none();
    let mut anc = Ancestors::new(g.cell_count * n * 2);
    let mut best = None;
    let (base, cell_t, house_t, contradiction_t, double_t) = if dynamic {
        (
            base_tenths(dynamic_technique(level, ForcingForm::Contradiction)),
            dynamic_technique(level, ForcingForm::Cell),
            dynamic_technique(level, ForcingForm::House),
            dynamic_technique(level, ForcingForm::Contradiction),
            dynamic_technique(level, ForcingForm::Double),
        )
    } else {
        let t = Technique::CellForcingChain;
        (base_tenths(t), t, Technique::HouseForcingChain, t, t)
    };
    let sources = g.sources();
    let worth = worth_placing(g);
    // Every candidate assumed true; for the dynamic chains, false as well.
    // Static chains need the order of a trace only for a step: till then,
    // what a candidate implies is worked out as sets (`static_sets`, the
    // sets of candidate `x` at `slots[x] * 2 N`, true then false), when a
    // cell or a house first needs it, and traced only where that meets a
    // contradiction.
    let mut on_traces = Traced::new(g.cell_count * n);
    let mut slots = vec![NONE; if dynamic { 0 } else { g.cell_count * n }];
    let mut static_sets: Vec<Cells<W>> = Vec::with_capacity(if dynamic { 0 } else { sources.len() * 2 * n });
    let mut scratch = vec![Cells::EMPTY; 2 * n];
    // The symbols of what each candidate true implies, true and false.
    let mut masks = vec![(0u64, 0u64); g.cell_count * n];
    // Every candidate true first, then false: a candidate false implies
    // what its partner true implies (see `partner`), so where the level
    // keeps no traces and the partner's meets no contradiction, the false
    // one need not be followed (its nodes are charged all the same).
    let share = dynamic && kept.is_none() && !prop.memo.is_off();
    let mut costs = vec![0u64; if share { g.cell_count * n } else { 0 }];
    for (order, &cand) in sources.iter().enumerate().filter(|_| dynamic) {
        let before = prop.budget.left();
        let on = prop.run(literal(cand, true));
        contradiction(g, &on, &mut anc, cand, true, base, contradiction_t, order, &mut best);
        if prop.budget.is_out() {
            return None;
        }
        if share {
            costs[cand] = before - prop.budget.left();
        }
        let b = Branch::new(&on.on, &on.off);
        masks[cand] = (b.on_mask, b.off_mask);
        on_traces.set(cand, on);
    }
    for (order, &cand) in sources.iter().enumerate().filter(|_| dynamic) {
        let triple = g.cands[cand / n].count_ones() >= 3;
        let shared =
            share.then(|| partner(g, cand, |z| on_traces.get(z).is_some_and(|t| t.contradiction.is_none()))).flatten();
        if let Some(z) = shared {
            let on = on_traces.get(cand).expect("traced");
            let off = on_traces.get(z).expect("traced");
            let both = [Branch::new(&on.on, &on.off), Branch::new(&off.on, &off.off)];
            if !triple || common(g, &worth, 2, |i| both[i]).is_empty() {
                if !prop.budget.charge(costs[z]) {
                    return None;
                }
                continue;
            }
        }
        let off = prop.run(literal(cand, false));
        contradiction(g, &off, &mut anc, cand, false, base, contradiction_t, order, &mut best);
        if prop.budget.is_out() {
            return None;
        }
        if triple {
            let on = on_traces.get(cand).expect("traced");
            let both = [Branch::new(&on.on, &on.off), Branch::new(&off.on, &off.off)];
            let targets = common(g, &worth, 2, |i| both[i]);
            rate_common(g, &[on, &off], &targets, &mut anc, &mut best, |target, k| Hint {
                key: (base + length_tenths(k), k, 1, order * 4 + 2),
                technique: double_t,
                target,
                cells: vec![cand / n],
                symbols: vec![cand % n],
                house: None,
                branches: vec![literal(cand, true), literal(cand, false)],
            });
        }
        match &mut kept {
            Some(kept) => kept.keep(off),
            None => prop.recycle(off),
        }
    }
    // The common conclusions of the candidates `cands` true, made hints
    // by `hint(target, complexity)`.
    // What all the branches so far imply (true, then false, per symbol;
    // only the symbols of `masks` are kept up to date), and the list of it.
    let mut all = vec![Cells::EMPTY; 2 * n];
    let mut targets = Vec::new();
    // The order of the branches in a first pass (see below).
    let mut order = Vec::with_capacity(n);
    let mut branches = |cands: &[usize], hint: &dyn Fn(usize, usize) -> Hint| {
        // Branch by branch: a cell or house stops at the first branch that
        // leaves nothing in common (what the static chains of the others
        // imply is then not worked out for it). Static chains on a stalled
        // board take a first pass with what a branch implied on the prior
        // board, where that holds all it implies here (see `quiet`), those
        // branches first: most cells and houses find nothing in common
        // without following them. What is left is worked out in full.
        order.clear();
        if let Some(sure) = &sure {
            order.extend(cands.iter().copied().filter(|&x| sure.bound(x).is_some()));
            if !order.is_empty() {
                order.extend(cands.iter().copied().filter(|&x| sure.bound(x).is_none()));
            }
        }
        let (mut on_mask, mut off_mask) = (u64::MAX, u64::MAX);
        for bounded in [true, false] {
            let pass = if bounded { &order[..] } else { cands };
            if pass.is_empty() {
                continue;
            }
            (on_mask, off_mask) = (u64::MAX, u64::MAX);
            for (i, &x) in pass.iter().enumerate() {
                let bound = if bounded { sure.as_ref().and_then(|s| s.bound(x)) } else { None };
                if bound.is_none() && !dynamic && slots[x] == NONE {
                    let at = static_sets.len();
                    slots[x] = (at / (2 * n)) as u32;
                    static_sets.resize(at + 2 * n, Cells::EMPTY);
                    let (on, off) = static_sets[at..].split_at_mut(n);
                    let b = if g.implied_by(x, on, off, &mut scratch) {
                        Branch::new(on, off)
                    } else {
                        on_traces.set(x, prop.run(literal(x, true)));
                        let trace = on_traces.get(x).expect("traced");
                        Branch::new(&trace.on, &trace.off)
                    };
                    masks[x] = (b.on_mask, b.off_mask);
                }
                let (on, off, mask) = match (bound, on_traces.get(x)) {
                    (Some(b), _) => (b.on, b.off, (b.on_mask, b.off_mask)),
                    (None, Some(trace)) => (&trace.on[..], &trace.off[..], masks[x]),
                    (None, None) => {
                        let (on, off) =
                            static_sets[slots[x] as usize * 2 * n..(slots[x] as usize + 1) * 2 * n].split_at(n);
                        (on, off, masks[x])
                    }
                };
                let (all_on, all_off) = all.split_at_mut(n);
                // Worth a step only if it changes the board: a cell with other
                // candidates to remove, or a candidate still there.
                on_mask = meet(on_mask & mask.0, all_on, on, (i == 0).then_some(&worth[..]));
                off_mask = meet(off_mask & mask.1, all_off, off, (i == 0).then_some(&g.places[..]));
                if on_mask | off_mask == 0 {
                    return;
                }
            }
        }
        targets.clear();
        for d in 0..n {
            for (mask, sets, on) in [(on_mask, &all[..n], true), (off_mask, &all[n..], false)] {
                if mask >> d & 1 != 0 {
                    targets.extend(sets[d].iter().map(|c| literal(c * n + d, on)));
                }
            }
        }
        let targets = &targets[..];
        if targets.is_empty() {
            return;
        }
        for &x in cands {
            if on_traces.get(x).is_none() {
                on_traces.set(x, prop.run(literal(x, true)));
            }
        }
        let traces: Vec<&Trace<W>> = cands.iter().map(|&x| on_traces.get(x).expect("traced")).collect();
        rate_common(g, &traces, targets, &mut anc, &mut best, hint);
    };
    // Cells: every candidate leads to the same literal. Static chains take
    // cells of three or more (a bivalue cell is a plain chain).
    let least = if dynamic { 2 } else { 3 };
    // The candidates of a cell, or the places of a symbol in a house.
    let mut list: Vec<usize> = Vec::with_capacity(n);
    for c in 0..g.cell_count {
        let m = g.cands[c];
        if (m.count_ones() as usize) < least {
            continue;
        }
        list.clear();
        list.extend(bits(m).map(|d| c * n + d));
        let cands = &list[..];
        branches(cands, &|target, k| Hint {
            key: (base + length_tenths(k), k, 5, c),
            technique: cell_t,
            target,
            cells: vec![c],
            symbols: cands.iter().map(|&x| x % n).collect(),
            house: None,
            branches: cands.iter().map(|&x| literal(x, true)).collect(),
        });
    }
    // Houses: every place of a symbol leads to the same literal.
    for (h, house) in g.house_cells.iter().enumerate() {
        for d in 0..n {
            let places = house.and(&g.places[d]);
            if !places.several() {
                continue;
            }
            // Sudoku Explainer meets a house from its first place, and its
            // static chains start only from cells of three or more
            // candidates: a house whose first place is a bivalue cell is
            // not tried. Kept, so that ratings agree.
            if !dynamic && places.first().is_some_and(|c| (g.cands[c].count_ones() as usize) < least) {
                continue;
            }
            list.clear();
            list.extend(places.iter().map(|c| c * n + d));
            let cands = &list[..];
            branches(cands, &|target, k| Hint {
                key: (base + length_tenths(k), k, 6, h * n + d),
                technique: house_t,
                target,
                cells: cands.iter().map(|&x| x / n).collect(),
                symbols: vec![d],
                house: Some(h as u32),
                branches: cands.iter().map(|&x| literal(x, true)).collect(),
            });
        }
    }
    if prop.budget.is_out() {
        return None;
    }
    let Some(best) = best else {
        if let Some(mut kept) = kept {
            for trace in on_traces.traces {
                kept.keep(trace);
            }
            prop.memo.keep_traces(level, &g.cands, kept);
        }
        return None;
    };
    Some(make_step(g, &mut prop, &mut anc, best))
}

/// A candidate whose "true" implies all that `cand` false implies, and no
/// more, among those `traced` accepts: the other candidate of a bivalue
/// cell, or the other place of the symbol in a house with two. For each
/// implies the other (`cand` false makes the partner true, the partner
/// true rules `cand` out), and what a dynamic chain implies is where it
/// stops, whatever the order it follows things in, as long as it meets
/// no contradiction: at every stall the same board, so the same patterns
/// and nested steps and the same nodes.
fn partner<const W: usize>(g: &Grid<W>, cand: usize, traced: impl Fn(usize) -> bool) -> Option<usize> {
    let (n, c, d) = (g.n, cand / g.n, cand % g.n);
    let cell = g.bivalue_other(c, d).map(|e| c * n + e);
    cell.into_iter().chain(g.conjugates[cand].iter().map(|x| x * n + d)).find(|&z| traced(z))
}

/// Narrows `all` (per symbol, what the branches so far imply) to what
/// `sets` (the next branch's) has too, for the symbols of `mask`; the first
/// branch starts from `first` instead. Returns the symbols left with any.
fn meet<const W: usize>(mask: u64, all: &mut [Cells<W>], sets: &[Cells<W>], first: Option<&[Cells<W>]>) -> u64 {
    let mut left = mask;
    for d in bits(mask) {
        all[d] = match first {
            Some(first) => first[d].and(&sets[d]),
            None => all[d].and(&sets[d]),
        };
        if all[d].is_empty() {
            left &= !(1 << d);
        }
    }
    left
}

/// The traces of some candidates assumed true, by candidate. (A list of
/// `Option<Trace>` per candidate cost more to make and drop, on every
/// nested search, than the searches that trace only a few.)
struct Traced<const W: usize> {
    /// Candidate → its trace in `traces`, or `NONE`.
    index: Vec<u32>,
    traces: Vec<Trace<W>>,
}

impl<const W: usize> Traced<W> {
    fn new(candidates: usize) -> Traced<W> {
        Traced { index: vec![NONE; candidates], traces: Vec::new() }
    }

    fn get(&self, cand: usize) -> Option<&Trace<W>> {
        self.traces.get(self.index[cand] as usize)
    }

    fn set(&mut self, cand: usize, trace: Trace<W>) {
        debug_assert_eq!(self.index[cand], NONE);
        self.index[cand] = self.traces.len() as u32;
        self.traces.push(trace);
    }
}

/// Per symbol: the cells where placing it changes the board (they have
/// other candidates to remove).
fn worth_placing<const W: usize>(g: &Grid<W>) -> Vec<Cells<W>> {
    let mut worth = vec![Cells::EMPTY; g.n];
    for (c, &m) in g.cands.iter().enumerate() {
        for (d, set) in worth.iter_mut().enumerate() {
            if m & !(1 << d) != 0 {
                set.insert(c);
            }
        }
    }
    worth
}

/// What an assumption implies: per symbol, the cells true and false, and
/// masks of the symbols whose sets are not empty.
#[derive(Clone, Copy)]
struct Branch<'a, const W: usize> {
    on: &'a [Cells<W>],
    off: &'a [Cells<W>],
    on_mask: u64,
    off_mask: u64,
}

impl<'a, const W: usize> Branch<'a, W> {
    fn new(on: &'a [Cells<W>], off: &'a [Cells<W>]) -> Branch<'a, W> {
        let mask =
            |sets: &[Cells<W>]| sets.iter().enumerate().filter(|(_, s)| !s.is_empty()).fold(0, |m, (d, _)| m | 1 << d);
        Branch { on, off, on_mask: mask(on), off_mask: mask(off) }
    }
}

/// The literals every branch implies (but for the assumptions
/// themselves) that change the board; `worth` is [`worth_placing`]. The
/// branches are `branch(0..count)`.
fn common<'a, const W: usize>(
    g: &Grid<W>,
    worth: &[Cells<W>],
    count: usize,
    branch: impl Fn(usize) -> Branch<'a, W>,
) -> Vec<usize> {
    let n = g.n;
    let mut targets: Vec<usize> = Vec::new();
    let (on_mask, off_mask) =
        (0..count).map(&branch).fold((u64::MAX, u64::MAX), |(a, b), x| (a & x.on_mask, b & x.off_mask));
    for d in 0..n {
        for on in [true, false] {
            if (if on { on_mask } else { off_mask }) >> d & 1 == 0 {
                continue;
            }
            // Worth a step only if it changes the board: a cell with other
            // candidates to remove, or a candidate still there.
            let first = branch(0);
            let mut all = if on { worth[d].and(&first.on[d]) } else { g.places[d].and(&first.off[d]) };
            for i in 1..count {
                if all.is_empty() {
                    break;
                }
                let b = branch(i);
                all = all.and(if on { &b.on[d] } else { &b.off[d] });
            }
            targets.extend(all.iter().map(|c| literal(c * n + d, on)));
        }
    }
    targets
}

/// Adds the links that lead to `end` in `trace` (indexed in `anc`), in
/// the order the propagation made them, to `out`.
fn links_to<const W: usize>(g: &Grid<W>, trace: &Trace<W>, anc: &mut Ancestors, end: Entry, out: &mut Vec<Link>) {
    let n = g.n;
    let mut found = Vec::new();
    anc.walk(g, trace, end, |e| found.push(e));
    let order = |e: &Entry| anc_slot(anc, trace, e.lit as usize);
    found.sort_by_key(order);
    let at = |lit: u32| {
        let cand = lit as usize / 2;
        (g.cell_id(cand), g.symbol(cand))
    };
    for e in &found {
        let to = at(e.lit);
        let mut push = |from: u32, kind: LinkKind| out.push(Link { from: at(from), to, kind });
        match e.cause {
            Cause::Root => {}
            Cause::Link => push(e.parent, if e.parent % 2 == 1 { LinkKind::Weak } else { LinkKind::Strong }),
            Cause::CellSingle(_) | Cause::HouseSingle(_) => {
                push(e.parent, LinkKind::Strong);
                // The other candidates gone before, that made the single.
                let (c, d) = (e.lit as usize / 2 / n, e.lit as usize / 2 % n);
                let others: Vec<usize> = match e.cause {
                    Cause::CellSingle(_) => {
                        (0..n).filter(|&x| x != d && g.cands[c] >> x & 1 != 0).map(|x| c * n + x).collect()
                    }
                    Cause::HouseSingle(h) => g.house_cells[h as usize]
                        .and(&g.places[d])
                        .iter()
                        .filter(|&x| x != c)
                        .map(|x| x * n + d)
                        .collect(),
                    _ => Vec::new(),
                };
                for x in others {
                    let lit = literal(x, false) as u32;
                    if lit != e.parent && anc.entry(trace, lit as usize).is_some_and(|p| p.time < e.time) {
                        push(lit, LinkKind::Strong);
                    }
                }
            }
            Cause::Advanced(i) => {
                for &p in &trace.advanced[i as usize].parents {
                    push(p, LinkKind::Pattern);
                }
            }
        }
    }
}

/// The place of literal `lit` in the indexed `trace` (its order).
fn anc_slot<const W: usize>(anc: &Ancestors, trace: &Trace<W>, lit: usize) -> u32 {
    anc.slot_of(trace, lit).unwrap_or(u32::MAX)
}

/// Makes each of `targets` (implied by every one of `branches`) a hint by
/// `hint(target, complexity)`.
fn rate_common<const W: usize>(
    g: &Grid<W>,
    branches: &[&Trace<W>],
    targets: &[usize],
    anc: &mut Ancestors,
    best: &mut Option<Hint>,
    hint: impl Fn(usize, usize) -> Hint,
) {
    if targets.is_empty() {
        return;
    }
    let mut sums = vec![0; targets.len()];
    for b in branches {
        anc.index(b);
        for (i, &t) in targets.iter().enumerate() {
            let e = anc.entry(b, t).expect("every branch implies the target");
            sums[i] += anc.count(g, b, e);
        }
    }
    for (&t, &k) in targets.iter().zip(&sums) {
        consider(best, hint(t, k));
    }
}

fn make_step<const W: usize>(g: &Grid<W>, prop: &mut Propagator<W>, anc: &mut Ancestors, hint: Hint) -> Step {
    let n = g.n;
    let mut s = step(hint.technique, hint.key.0);
    s.complexity = hint.key.1;
    // Each branch followed again, its links to the conclusion in order.
    for &start in &hint.branches {
        let trace = prop.run(start);
        anc.index(&trace);
        let ends = match trace.contradiction {
            Some((a, b)) if hint.branches.len() == 1 => vec![a, b],
            _ => anc.entry(&trace, hint.target).into_iter().collect(),
        };
        for end in ends {
            links_to(g, &trace, anc, end, &mut s.links);
        }
        prop.recycle(trace);
    }
    let cand = hint.target / 2;
    let (c, d) = (cand / n, cand % n);
    s.eliminations = if hint.target % 2 == 1 {
        (0..n).filter(|&e| e != d && g.cands[c] >> e & 1 != 0).map(|e| (g.cell_id(c * n + e), g.symbol(e))).collect()
    } else {
        vec![(g.cell_id(cand), g.symbol(cand))]
    };
    s.cells = hint.cells.iter().map(|&x| g.cell_id(x * n)).collect();
    s.symbols = hint.symbols.iter().map(|&x| g.symbol(x)).collect();
    if let Some(h) = hint.house {
        s.houses.push(HouseId(h));
    }
    // The conclusion's cell and symbol close the lists (the words name it).
    if !matches!(hint.technique, Technique::NishioForcingChain | Technique::DynamicContradiction) {
        s.cells.push(g.cell_id(cand));
        s.symbols.push(g.symbol(cand));
    }
    s
}

#[cfg(test)]
mod tests;
