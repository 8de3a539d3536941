//! Chains and cycles of alternating links (Sudoku Explainer's "Forcing
//! Chains & Cycles", rated from 6.5).
//!
//! A *chain* assumes one candidate and follows links until it reaches the
//! opposite of its assumption: `r1c1=5 ⇒ … ⇒ r1c1≠5` removes the 5, and
//! `r1c1≠5 ⇒ … ⇒ r1c1=5` places it (the cell's other candidates go). An
//! X-chain uses one symbol and conjugate pairs only (6.6); with bivalue cells
//! as well it is an XY-chain or, mixing both kinds, an alternating inference
//! chain (7.0). An AIC whose ends both see a candidate is such a chain
//! started from that candidate.
//!
//! A *cycle* is a chain that comes back to its assumption: then every
//! candidate of the cycle is true or false together with the first, so a
//! candidate outside the cycle that sees a true and a false one of the same
//! symbol must go. X-cycles (one symbol) and Y-cycles (strong links only in
//! bivalue cells) rate 6.5, mixed cycles (continuous nice loops) 7.0.
//!
//! Every step adds Sudoku Explainer's length increment
//! ([`length_tenths`]) for the number of
//! literals of the chain. As in Sudoku Explainer, the chains are searched
//! breadth first (the shortest chain from each assumption) and the step
//! returned is the lowest rated; ties go to the shorter, then to X before Y
//! before mixed links, then to the first cell.

use super::links::{
    self, base_tenths, bits, by_width, expand, length_tenths, literal, step, weak_targets, Cells, Grid, Links,
};
use super::{Board, Link, LinkKind, Step, Technique};

mod clean;
mod cycles;

use cycles::cycles;

pub(super) use clean::Prior;

/// Which links a search follows.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Mode {
    /// Conjugate pairs (strong) — the X of X-chains.
    house: bool,
    /// Bivalue cells (strong) and the other candidates of a cell (weak) —
    /// the Y of XY-chains.
    cell: bool,
    /// Sudoku Explainer's tie-break among equal ratings and lengths.
    sort_key: u8,
}

impl Mode {
    /// The links a layer of [`expand`] follows in this mode.
    fn links(self) -> Links {
        Links { house: self.house, cell: self.cell }
    }
}

const X: Mode = Mode { house: true, cell: false, sort_key: 2 };
const Y: Mode = Mode { house: false, cell: true, sort_key: 3 };
const XY: Mode = Mode { house: true, cell: true, sort_key: 4 };

/// The order of steps, field by field: rating, complexity, kind of links,
/// then where the search found it (cell, symbol, cycles before chains from
/// "on" before chains from "off", then the order of finding).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    tenths: u32,
    links: usize,
    sort_key: u8,
    cell: usize,
    symbol: usize,
    kind: u8,
    seq: usize,
}

/// A literal: a candidate, and whether the chain says it is true (`on`)
/// or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Literal {
    cand: usize,
    on: bool,
}

#[derive(Clone)]
enum Found {
    /// From `cand` being `on` to its opposite.
    Chain { mode: Mode, cand: usize, on: bool },
    /// A cycle: its literals `(candidate, on)` from the first, true.
    Cycle { mode: Mode, path: Vec<Literal> },
}

/// The easiest chain or cycle of the board.
pub(super) fn find(board: &Board) -> Option<Step> {
    by_width!(find_board, board)
}

fn find_board<const W: usize>(board: &Board) -> Option<Step> {
    find_in(&Grid::<W>::new(board), None)
}

/// [`find`] on the board of grid `g` (a nested search's).
pub(super) fn find_on<const W: usize>(g: &Grid<W>) -> Option<Step> {
    find_in(g, None)
}

/// [`find_on`] on a board a forcing chain made from one with no chain,
/// `prior`: the same step, found sooner (see [`clean`]).
pub(super) fn find_after<const W: usize>(g: &Grid<W>, prior: Prior<W>) -> Option<Step> {
    find_in(g, Some(prior))
}

/// Per symbol, the cells of `g` whose candidate true reaches, through the
/// links of the board (bivalue cells, conjugate pairs, weak links), no
/// strong link that `prior` (a board holding every candidate of `g`'s)
/// lacks: what such a candidate implies on `g` it implied on `prior` too.
pub(super) fn reaching_no_new_link<const W: usize>(g: &Grid<W>, prior: Prior<W>) -> Vec<Cells<W>> {
    clean::Clean::<W>::after(g, XY, Some(prior)).into_on()
}

fn find_in<const W: usize>(g: &Grid<W>, prior: Option<Prior<W>>) -> Option<Step> {
    find_with(g, prior, true)
}

/// [`find_in`], which looks at the mixed links first (`mixed_first`), or
/// the plain way: X-chains, X-cycles, then the mixed chains and cycles,
/// each kind from the start (the tests' oracle).
fn find_with<const W: usize>(g: &Grid<W>, prior: Option<Prior<W>>, mixed_first: bool) -> Option<Step> {
    let mut best: Option<(Key, Found)> = None;
    let sources = g.sources();
    // Cheapest searches first, so that their best bounds the others.
    let x_chain = base_tenths(Technique::XChain);
    let x_cycle = base_tenths(Technique::XCycle);
    let mixed = base_tenths(Technique::Aic);
    // Whether the board has a chain at all, told by the mixed links first:
    // an X-chain is a chain of mixed links too, so where those find none
    // (most boards a nested chain stalls on) there is none. And what the
    // mixed links show free of pairs is free of them for X-chains as well
    // (see `clean`).
    let mut mixed_clean = clean::Clean::<W>::after(g, XY, prior);
    let mut mixed_starts = Vec::new();
    if mixed_first {
        mixed_starts = starts(g, &sources, XY, mixed, &best, &mut mixed_clean);
        if mixed_starts.is_empty() {
            return None;
        }
    }
    let mut search = Search::new(g);
    search.prior = prior;
    let mut x_clean = clean::Clean::<W>::after(g, X, prior);
    if mixed_first {
        x_clean.learn(&mixed_clean);
    }
    let x_starts = starts(g, &sources, X, x_chain, &best, &mut x_clean);
    // A cycle that removes a candidate gives a chain from that candidate
    // with the same links (into the cycle and back round it), so where no
    // chain is found no cycle is looked for.
    chains(&mut search, x_starts, X, x_chain, &mut best);
    if best.is_some() {
        cycles(&mut search, &sources, X, x_cycle, &mut best);
    }
    // The mixed searches were chosen with no step found yet: the best so
    // far now bounds them.
    if mixed_first {
        mixed_starts.retain_mut(|(cand, on, max)| {
            let cap = cap(&best, mixed, XY.sort_key, *cand, if *on { 1 } else { 2 }, g.n);
            *max = cap.saturating_sub(1);
            cap >= 4
        });
    } else {
        mixed_starts = starts(g, &sources, XY, mixed, &best, &mut mixed_clean);
    }
    chains(&mut search, mixed_starts, XY, mixed, &mut best);
    if best.is_some() {
        cycles(&mut search, &sources, Y, x_cycle, &mut best);
        cycles(&mut search, &sources, XY, mixed, &mut best);
    }
    let (key, found) = best?;
    Some(make_step(g, &mut search, key, found))
}

/// The largest complexity whose key stays below `best`.
fn cap(best: &Option<(Key, Found)>, base: u32, sort_key: u8, cand: usize, kind: u8, n: usize) -> usize {
    let Some((best, _)) = best else { return usize::MAX };
    let mut k = 3;
    let key = |links| Key {
        tenths: base + length_tenths(links),
        links,
        sort_key,
        cell: cand / n,
        symbol: cand % n,
        kind,
        seq: 0,
    };
    while key(k + 1) < *best {
        k += 1;
    }
    k
}

/// The searches of `mode` worth making, given the best step so far:
/// `(candidate, started on, most links allowed)`, each source true and
/// false. Searches that can find nothing are left out (see `clean`): the
/// literals are followed to the end until one meets its opposite (a
/// chain, so the searches are needed; following more would cost more
/// than it saves). None when the board has no chain of `mode` shorter
/// than the best.
fn starts<const W: usize>(
    g: &Grid<W>,
    sources: &[usize],
    mode: Mode,
    base: u32,
    best: &Option<(Key, Found)>,
    clean: &mut clean::Clean<W>,
) -> Vec<(usize, bool, usize)> {
    let n = g.n;
    let mut alive: Vec<(usize, bool, usize)> = Vec::with_capacity(2 * sources.len());
    for &cand in sources {
        for on in [true, false] {
            let max = cap(best, base, mode.sort_key, cand, if on { 1 } else { 2 }, n);
            // A chain from "off" needs a strong link out of its start.
            let (c, d) = (cand / n, cand % n);
            let strong =
                (mode.house && !g.conjugates[cand].is_empty()) || (mode.cell && g.bivalue_other(c, d).is_some());
            if max >= 4 && (on || strong) {
                alive.push((cand, on, max - 1));
            }
        }
    }
    let mut met = false;
    alive.retain(|&(cand, on, _)| {
        if clean.has(n, cand, on) {
            return false;
        }
        if !met {
            met = !clean.follow(g, mode, cand, on);
        }
        met
    });
    alive
}

/// Chains from the starts `alive` (see [`starts`]), searched in lockstep one
/// layer at a time, so that no search goes deeper than the shortest chain
/// of the mode needs (or than the best step already found allows).
///
/// A chain meets itself half way: if a literal `L` is `a` links from the
/// start `s` and `¬L` is `b` links from it, the second path read backwards
/// (each link reversed, true and false swapped) is `L ⇒ ¬s`, which makes a
/// chain of `a + b` links; and the shortest chain of `D` links shows up so
/// by layer `⌈D/2⌉`. So each search stops half way to the best chain.
fn chains<const W: usize>(
    search: &mut Search<W>,
    alive: Vec<(usize, bool, usize)>,
    mode: Mode,
    base: u32,
    best: &mut Option<(Key, Found)>,
) {
    let g = search.g;
    let n = g.n;
    let count = alive.len();
    // Without links within cells, a chain keeps to one symbol: a search
    // has one cell set per layer, else one per symbol (at most 64).
    let width = if mode.cell { n } else { 1 };
    let first = |cand: usize| if mode.cell { 0 } else { cand % n };
    // Layer t of search i is `layers[t * count + i]`: where its sets start
    // in `store` and a mask of their symbols (bit k: symbol `first + k`);
    // only the sets that are not empty are stored, in symbol order, and
    // a search stores only the layers it reaches.
    let mut store: Vec<Cells<W>> = Vec::with_capacity(count);
    let mut layers: Vec<(usize, u64)> = Vec::with_capacity(count);
    let mut seen_on = vec![Cells::<W>::EMPTY; count * width];
    let mut seen_off = vec![Cells::<W>::EMPTY; count * width];
    for (i, &(cand, on, _)) in alive.iter().enumerate() {
        let (c, k) = (cand / n, cand % n - first(cand));
        let mut set = Cells::EMPTY;
        set.insert(c);
        layers.push((store.len(), 1 << k));
        store.push(set);
        let seen = if on { &mut seen_on } else { &mut seen_off };
        seen[i * width + k] = set;
    }
    // The set of symbol `first + k` in a stored layer (`k` in its mask).
    let set_of = |store: &[Cells<W>], (at, mask): (usize, u64), k: usize| {
        store[at + (mask & ((1 << k) - 1)).count_ones() as usize]
    };
    let mut found = vec![usize::MAX; count];
    let mut best_links = usize::MAX;
    let mut index: Vec<usize> = (0..count).collect();
    let mut next = vec![Cells::<W>::EMPTY; n];
    let mut t = 0;
    while !index.is_empty() {
        layers.resize((t + 2) * count, (0, 0));
        index.retain(|&i| {
            let (cand, start_on, max) = alive[i];
            if t + 1 > max.min(best_links).div_ceil(2) {
                return false;
            }
            // Layer t is "on" when it has the start's polarity.
            let on = start_on == (t % 2 == 0);
            let lo = first(cand);
            let layer = layers[t * count + i];
            let sets = bits(layer.1).map(|k| (lo + k, set_of(&store, layer, k)));
            // `next` is empty but for the symbols `touched` (all within
            // the search's), emptied again below.
            let touched = expand(g, mode.links(), on, sets, &mut next);
            let seen = if on { &mut seen_off } else { &mut seen_on };
            let seen = &mut seen[i * width..(i + 1) * width];
            let mut mask = 0u64;
            for d in bits(touched) {
                next[d] = next[d].minus(&seen[d - lo]);
                if !next[d].is_empty() {
                    seen[d - lo].union_with(&next[d]);
                    mask |= 1 << (d - lo);
                }
            }
            // Meeting points: a new literal whose opposite came j links
            // from the start (j of t's parity; j = 0 is the goal itself).
            // Those layers make up what was seen of layer t's polarity, so
            // the layers are looked at only when that meets the new one.
            let same = if on { &seen_on } else { &seen_off };
            let same = &same[i * width..(i + 1) * width];
            let meets = bits(mask).any(|k| next[lo + k].intersects(&same[k]));
            for j in (t % 2..=t).step_by(2).filter(|_| meets) {
                let layer = layers[j * count + i];
                if bits(mask & layer.1).any(|k| next[lo + k].intersects(&set_of(&store, layer, k))) {
                    let links = t + 1 + j;
                    if links <= max && links < found[i] {
                        found[i] = links;
                        best_links = best_links.min(links);
                    }
                    break;
                }
            }
            if mask != 0 {
                layers[(t + 1) * count + i] = (store.len(), mask);
                store.extend(bits(mask).map(|k| next[lo + k]));
            }
            for d in bits(touched) {
                next[d] = Cells::EMPTY;
            }
            mask != 0
        });
        t += 1;
    }
    for (i, &(cand, on, _)) in alive.iter().enumerate() {
        if found[i] == usize::MAX {
            continue;
        }
        let k = found[i] + 1;
        let kind = if on { 1 } else { 2 };
        let key = Key {
            tenths: base + length_tenths(k),
            links: k,
            sort_key: mode.sort_key,
            cell: cand / n,
            symbol: cand % n,
            kind,
            seq: 0,
        };
        if best.as_ref().is_none_or(|(b, _)| key < *b) {
            *best = Some((key, Found::Chain { mode, cand, on }));
        }
    }
}

const NONE: u32 = u32::MAX;

/// The candidates a true `cand` makes false, in Sudoku Explainer's order:
/// the cell's others, then the symbol in boxes, then in the other houses.
fn weak_from<const W: usize>(g: &Grid<W>, mode: Mode, cand: usize, out: &mut Vec<usize>) {
    weak_targets(g, (&g.cands, &g.places), mode.cell, (cand / g.n, cand % g.n), out);
}

/// What each candidate false makes true, worked out once for a search
/// and shared by its modes: candidate `x`'s links are
/// `list[start[x]..start[x + 1]]`, the other candidate of its cell if it
/// is bivalue (up to `houses[x]`), then the other place of its symbol in
/// each of its houses with two (boxes first, each place once).
pub(super) struct StrongLinks {
    start: Vec<u32>,
    houses: Vec<u32>,
    list: Vec<u32>,
}

impl StrongLinks {
    fn new<const W: usize>(g: &Grid<W>) -> StrongLinks {
        let n = g.n;
        let slots = g.cell_count * n;
        let mut links =
            StrongLinks { start: Vec::with_capacity(slots + 1), houses: Vec::with_capacity(slots), list: Vec::new() };
        links.start.push(0);
        for cand in 0..slots {
            let (c, d) = (cand / n, cand % n);
            if g.cands[c] >> d & 1 != 0 {
                if let Some(e) = g.bivalue_other(c, d) {
                    links.list.push((c * n + e) as u32);
                }
                links.houses.push(links.list.len() as u32);
                let from = links.list.len();
                for &h in g.houses_of(c) {
                    let there = g.house_cells[h as usize].and(&g.places[d]);
                    if there.is_pair() {
                        let x = (there.iter().find(|&x| x != c).expect("two places") * n + d) as u32;
                        if !links.list[from..].contains(&x) {
                            links.list.push(x);
                        }
                    }
                }
            } else {
                links.houses.push(links.list.len() as u32);
            }
            links.start.push(links.list.len() as u32);
        }
        links
    }

    /// What candidate `cand` false makes true by the links of `mode`
    /// (nothing when it is not a candidate).
    #[inline]
    fn of(&self, cand: usize, mode: Mode) -> &[u32] {
        let from = if mode.cell { self.start[cand] } else { self.houses[cand] };
        let to = if mode.house { self.start[cand + 1] } else { self.houses[cand] };
        &self.list[from as usize..to as usize]
    }
}

/// What a cycle removes: candidates outside its cells that see a true and a
/// false candidate of their symbol (whichever way the cycle goes, one of
/// the two is true).
fn cycle_eliminations<const W: usize>(g: &Grid<W>, path: &[Literal]) -> Vec<usize> {
    let n = g.n;
    let mut cells = Cells::<W>::EMPTY;
    for &Literal { cand, .. } in path {
        cells.insert(cand / n);
    }
    let mut out = Vec::new();
    let mut digits: Vec<usize> = path.iter().map(|l| l.cand % n).collect();
    digits.sort_unstable();
    digits.dedup();
    for d in digits {
        let (mut seen_on, mut seen_off) = (Cells::<W>::EMPTY, Cells::<W>::EMPTY);
        for &Literal { cand, on } in path.iter().filter(|l| l.cand % n == d) {
            let seen = if on { &mut seen_on } else { &mut seen_off };
            seen.union_with(&g.peers[cand / n]);
        }
        let removed = seen_on.and(&seen_off).and(&g.places[d]).minus(&cells);
        out.extend(removed.iter().map(|c| c * n + d));
    }
    out.sort_unstable();
    out
}

/// Breadth-first search over literals, layer by layer as bitsets.
struct Search<'g, const W: usize> {
    g: &'g Grid<W>,
    /// The board this one came from, with no chain (see [`clean`]).
    prior: Option<Prior<'g, W>>,
    /// Layer `k` is `layers[k * n..(k + 1) * n]` (one set per symbol).
    layers: Vec<Cells<W>>,
    seen_on: Vec<Cells<W>>,
    seen_off: Vec<Cells<W>>,
    /// Whether layer 0 is "on".
    start_on: bool,
    /// Per literal: links from the start of the last
    /// [`distances`](Self::distances), `u16::MAX` when not reached (made
    /// by its first call).
    dist: Vec<u16>,
    touched: Vec<usize>,
    /// Scratch layers of [`distances`](Self::distances).
    layer: Vec<Cells<W>>,
    next: Vec<Cells<W>>,
    /// The strong links and the search tree of [`cycles()`], made once.
    strong: Option<StrongLinks>,
    tree: Option<cycles::Tree>,
}

impl<'g, const W: usize> Search<'g, W> {
    fn new(g: &'g Grid<W>) -> Search<'g, W> {
        Search {
            g,
            prior: None,
            layers: Vec::new(),
            seen_on: vec![Cells::EMPTY; g.n],
            seen_off: vec![Cells::EMPTY; g.n],
            start_on: true,
            dist: Vec::new(),
            touched: Vec::new(),
            layer: vec![Cells::EMPTY; g.n],
            next: vec![Cells::EMPTY; g.n],
            strong: None,
            tree: None,
        }
    }

    /// Fills `dist` with the links from `start` of every literal at most
    /// `max` links away.
    fn distances(&mut self, mode: Mode, start: Literal, max: usize) {
        let g = self.g;
        let n = g.n;
        if self.dist.is_empty() {
            self.dist = vec![u16::MAX; g.cell_count * n * 2];
        }
        for &l in &self.touched {
            self.dist[l] = u16::MAX;
        }
        self.touched.clear();
        let (mut layer, mut next) = (std::mem::take(&mut self.layer), std::mem::take(&mut self.next));
        layer.fill(Cells::EMPTY);
        next.fill(Cells::EMPTY);
        self.seen_on.fill(Cells::EMPTY);
        self.seen_off.fill(Cells::EMPTY);
        let (c, d) = (start.cand / n, start.cand % n);
        layer[d].insert(c);
        let seen = if start.on { &mut self.seen_on } else { &mut self.seen_off };
        seen[d].insert(c);
        self.dist[literal(start.cand, start.on)] = 0;
        self.touched.push(literal(start.cand, start.on));
        let mut on = start.on;
        // The symbols of the layer's sets that are not empty; `next` is
        // empty but for the symbols `touched`.
        let mut mask = 1u64 << d;
        for t in 1..=max {
            let touched = expand(g, mode.links(), on, bits(mask).map(|d| (d, layer[d])), &mut next);
            for d in bits(mask) {
                layer[d] = Cells::EMPTY;
            }
            on = !on;
            let seen = if on { &mut self.seen_on } else { &mut self.seen_off };
            let (dist, reached) = (&mut self.dist, &mut self.touched);
            mask = links::absorb(&mut next, seen, touched, |d, new| {
                for c in new.iter() {
                    let l = literal(c * n + d, on);
                    dist[l] = t as u16;
                    reached.push(l);
                }
                layer[d] = new;
            });
            if mask == 0 {
                break;
            }
        }
        (self.layer, self.next) = (layer, next);
    }

    /// The length, in literals, of the shortest chain from `start` to
    /// `goal` (`(candidate, on)`), if one has at most `max` literals.
    fn run(&mut self, mode: Mode, start: Literal, goal: Literal, max: usize) -> Option<usize> {
        let g = self.g;
        let n = g.n;
        self.layers.clear();
        self.layers.resize(n, Cells::EMPTY);
        self.seen_on.fill(Cells::EMPTY);
        self.seen_off.fill(Cells::EMPTY);
        self.start_on = start.on;
        let (sc, sd) = (start.cand / n, start.cand % n);
        self.layers[sd].insert(sc);
        let seen = if start.on { &mut self.seen_on } else { &mut self.seen_off };
        seen[sd].insert(sc);
        let (gc, gd) = (goal.cand / n, goal.cand % n);
        let mut on = start.on;
        let mut k = 0;
        while k + 2 <= max {
            let from = k * n;
            self.layers.resize(from + 2 * n, Cells::EMPTY);
            let (done, next) = self.layers.split_at_mut(from + n);
            let layer = &done[from..];
            let next = &mut next[..n];
            let mut any = false;
            expand(g, mode.links(), on, layer.iter().copied().enumerate(), next);
            let seen = if on { &mut self.seen_off } else { &mut self.seen_on };
            for d in 0..n {
                next[d] = next[d].minus(&seen[d]);
                any |= !next[d].is_empty();
            }
            if goal.on != on && next[gd].has(gc) {
                return Some(k + 2);
            }
            if !any {
                return None;
            }
            for d in 0..n {
                seen[d].union_with(&next[d]);
            }
            on = !on;
            k += 1;
        }
        None
    }

    /// The chain the last [`run`](Self::run) found, ending at `goal` after
    /// `k` literals: `(candidate, on)` from the start.
    fn path(&self, mode: Mode, goal: Literal, k: usize) -> Vec<Literal> {
        let g = self.g;
        let n = g.n;
        let mut path = vec![goal];
        let mut cur = goal.cand;
        for layer in (0..k - 1).rev() {
            let on = self.start_on == (layer % 2 == 0);
            let sets = &self.layers[layer * n..(layer + 1) * n];
            let prev = (0..n)
                .flat_map(|d| sets[d].iter().map(move |c| c * n + d))
                .find(|&p| if on { g.weak(p, cur, mode.cell) } else { g.strong(p, cur, mode.house, mode.cell) })
                .expect("every literal of a layer comes from the layer before");
            path.push(Literal { cand: prev, on });
            cur = prev;
        }
        path.reverse();
        path
    }
}

fn make_step<const W: usize>(g: &Grid<W>, search: &mut Search<W>, key: Key, found: Found) -> Step {
    let n = g.n;
    let (path, technique, eliminations) = match found {
        Found::Chain { mode, cand, on } => {
            let k = search
                .run(mode, Literal { cand, on }, Literal { cand, on: !on }, key.links)
                .expect("the chain found before");
            let path = search.path(mode, Literal { cand, on: !on }, k);
            let technique = if mode == X {
                Technique::XChain
            } else if is_xy_chain(g, &path) {
                Technique::XYChain
            } else {
                Technique::Aic
            };
            let (c, d) = (cand / n, cand % n);
            let eliminations: Vec<usize> = if on {
                vec![cand]
            } else {
                (0..n).filter(|&e| e != d && g.cands[c] >> e & 1 != 0).map(|e| c * n + e).collect()
            };
            (path, technique, eliminations)
        }
        Found::Cycle { mode, path } => {
            let technique = match mode {
                X => Technique::XCycle,
                Y => Technique::YCycle,
                _ => Technique::NiceLoop,
            };
            let eliminations = cycle_eliminations(g, &path);
            (path, technique, eliminations)
        }
    };
    let mut s = step(technique, key.tenths);
    s.eliminations = eliminations.iter().map(|&e| (g.cell_id(e), g.symbol(e))).collect();
    s.cells = path.iter().map(|l| g.cell_id(l.cand)).collect();
    s.symbols = path.iter().map(|l| g.symbol(l.cand)).collect();
    let at = |l: &Literal| (g.cell_id(l.cand), g.symbol(l.cand));
    let link = |a: &Literal, b: &Literal| Link {
        from: at(a),
        to: at(b),
        kind: if a.on { LinkKind::Weak } else { LinkKind::Strong },
    };
    s.links = path.windows(2).map(|w| link(&w[0], &w[1])).collect();
    if matches!(technique, Technique::XCycle | Technique::YCycle | Technique::NiceLoop) {
        if let (Some(last), Some(first)) = (path.last(), path.first()) {
            s.links.push(link(last, first));
        }
    }
    s.complexity = path.len();
    s
}

/// A chain whose strong links are all bivalue cells and weak links all
/// between cells (an XY-chain).
fn is_xy_chain<const W: usize>(g: &Grid<W>, path: &[Literal]) -> bool {
    let n = g.n;
    path.windows(2).all(|w| {
        let (a, b) = (w[0].cand, w[1].cand);
        if w[0].on {
            a % n == b % n
        } else {
            a / n == b / n
        }
    })
}

#[cfg(test)]
mod tests;
