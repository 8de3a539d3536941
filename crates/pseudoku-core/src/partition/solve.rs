//! Enumerating answers: the search described in the [module docs](super).

use core::fmt;

use super::bits::Bits;
use super::{Edge, Instance, Partition};

/// What a [`Visitor`] wants after an answer or a progress report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Where the search is, for a progress hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Search nodes visited so far.
    pub nodes: u64,
    /// Answers found so far.
    pub answers: u64,
}

/// Receives answers (and progress reports) from [`solve`]; one search serves
/// "first answer", "count up to K" and "all answers".
///
/// Any `FnMut(&Partition) -> Flow` is a visitor.
pub trait Visitor {
    /// Called once per answer, in the search's order. `Stop` ends the search.
    fn answer(&mut self, answer: &Partition) -> Flow;

    /// Called every [`SolveConfig::progress_interval`] nodes. `Stop` ends
    /// the search.
    fn progress(&mut self, _progress: Progress) -> Flow {
        Flow::Continue
    }
}

impl<F: FnMut(&Partition) -> Flow> Visitor for F {
    fn answer(&mut self, answer: &Partition) -> Flow {
        self(answer)
    }
}

/// Limits and hooks of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveConfig {
    /// Give up after this many nodes (`None`: never).
    pub node_budget: Option<u64>,
    /// Call [`Visitor::progress`] every this many nodes (0: never).
    pub progress_interval: u64,
}

impl Default for SolveConfig {
    fn default() -> SolveConfig {
        SolveConfig { node_budget: None, progress_interval: 1 << 16 }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every answer was visited.
    Exhausted,
    /// The visitor said stop.
    Stopped,
    /// The node budget ran out.
    OutOfBudget,
}

/// What a search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveReport {
    pub answers: u64,
    pub nodes: u64,
    pub finish: Finish,
}

/// Visits the answers of `instance`, canonically labelled, until the visitor
/// says stop, the budget runs out, or there are no more.
pub fn solve(instance: &Instance, config: &SolveConfig, visitor: &mut dyn Visitor) -> SolveReport {
    run(instance, &[], config, visitor)
}

/// The number of answers, counting up to `limit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Exact(u64),
    /// At least this many (the limit was reached).
    AtLeast(u64),
    /// The node budget ran out after `nodes` nodes, with `found` answers.
    GaveUp { nodes: u64, found: u64 },
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "exactly {n}"),
            Count::AtLeast(n) => write!(f, "at least {n}"),
            Count::GaveUp { nodes, found } => {
                write!(f, "gave up after {nodes} nodes, with {found} found")
            }
        }
    }
}

/// Counts answers up to `limit` (at least 1), within an optional budget.
pub fn count(instance: &Instance, limit: u64, node_budget: Option<u64>) -> Count {
    count_with(instance, &[], limit, node_budget)
}

pub(crate) fn count_with(instance: &Instance, joins: &[Edge], limit: u64, node_budget: Option<u64>) -> Count {
    let limit = limit.max(1);
    let mut found = 0u64;
    let mut visitor = |_: &Partition| {
        found += 1;
        if found >= limit {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let config = SolveConfig { node_budget, progress_interval: 0 };
    let report = run(instance, joins, &config, &mut visitor);
    match report.finish {
        Finish::Exhausted => Count::Exact(report.answers),
        Finish::Stopped => Count::AtLeast(report.answers),
        Finish::OutOfBudget => Count::GaveUp { nodes: report.nodes, found: report.answers },
    }
}

/// Whether an instance has no answer, one, or more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    None,
    Unique(Partition),
    /// The first two answers found.
    Multiple(Partition, Partition),
    /// The budget ran out before the question was settled.
    Unknown {
        nodes: u64,
    },
}

/// Searches for two answers.
pub fn uniqueness(instance: &Instance, node_budget: Option<u64>) -> Uniqueness {
    let (answers, report) = first_answers(instance, &[], 2, node_budget);
    let mut it = answers.into_iter();
    match (report.finish, it.next(), it.next()) {
        (_, Some(a), Some(b)) => Uniqueness::Multiple(a, b),
        (Finish::OutOfBudget, _, _) => Uniqueness::Unknown { nodes: report.nodes },
        (_, Some(a), None) => Uniqueness::Unique(a),
        (_, None, _) => Uniqueness::None,
    }
}

/// Up to `limit` answers, in search order.
pub fn all_answers(instance: &Instance, limit: usize) -> Vec<Partition> {
    first_answers(instance, &[], limit, None).0
}

pub(crate) fn first_answers(
    instance: &Instance,
    joins: &[Edge],
    limit: usize,
    node_budget: Option<u64>,
) -> (Vec<Partition>, SolveReport) {
    let mut out = Vec::new();
    if limit == 0 {
        let report = SolveReport { answers: 0, nodes: 0, finish: Finish::Stopped };
        return (out, report);
    }
    let mut visitor = |p: &Partition| {
        out.push(p.clone());
        if out.len() >= limit {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let config = SolveConfig { node_budget, progress_interval: 0 };
    let report = run(instance, joins, &config, &mut visitor);
    (out, report)
}

/// The search, with extra "must be in the same region" edges (`joins`, used
/// by [`explain`](super::explain())).
pub(crate) fn run(instance: &Instance, joins: &[Edge], config: &SolveConfig, visitor: &mut dyn Visitor) -> SolveReport {
    engine(instance, joins).search(config, visitor)
}

/// The queries an [`Engine`] answers, whatever its bitset width.
pub(crate) trait Search {
    fn search(&self, config: &SolveConfig, visitor: &mut dyn Visitor) -> SolveReport;
    /// Whether some valid region contains `cell` and leaves the rest of the
    /// grid passing the rest check; `None` when the budget ran out.
    fn region_through(&self, cell: usize, node_budget: u64) -> Option<bool>;
}

/// An engine for the instance, its bitset width picked for the grid size.
pub(crate) fn engine(instance: &Instance, joins: &[Edge]) -> Box<dyn Search> {
    let cells = instance.cell_count();
    if cells <= 128 {
        Box::new(Engine::<2>::new(instance, joins))
    } else if cells <= 256 {
        Box::new(Engine::<4>::new(instance, joins))
    } else if cells <= 512 {
        Box::new(Engine::<8>::new(instance, joins))
    } else {
        Box::new(Engine::<20>::new(instance, joins))
    }
}

impl<const W: usize> Search for Engine<W> {
    fn search(&self, config: &SolveConfig, visitor: &mut dyn Visitor) -> SolveReport {
        Engine::search(self, config, visitor)
    }

    fn region_through(&self, cell: usize, node_budget: u64) -> Option<bool> {
        Engine::region_through(self, cell, node_budget)
    }
}

/// The grid as bitsets: everything the search looks up, built once.
pub(crate) struct Engine<const W: usize> {
    n: usize,
    /// Symbol index of each cell.
    sym: Vec<u8>,
    /// Cells holding each symbol.
    sym_mask: Vec<Bits<W>>,
    /// Cells across a wall from each cell.
    across: Vec<Bits<W>>,
    /// Bit `i`: cell `i` and `i + 1` are in the same row with no wall between.
    open_right: Bits<W>,
    /// Bit `i`: cell `i + N` exists and there is no wall between them.
    open_down: Bits<W>,
    /// Bit `i`: a wall between `i` and `i + 1` / `i + N`.
    wall_right: Bits<W>,
    wall_down: Bits<W>,
    /// Bit `i`: `i` and `i + 1` / `i + N` must share a region.
    join_right: Bits<W>,
    join_down: Bits<W>,
    has_joins: bool,
    all: Bits<W>,
    /// The 3×3 block of cells around each cell.
    block: Vec<Bits<W>>,
}

/// One node of the region being grown: cells taken, cells that may join.
#[derive(Clone, Copy)]
struct Frame<const W: usize> {
    s: Bits<W>,
    avail: Bits<W>,
    /// Symbols of `s`, one bit each.
    used: u64,
    size: u32,
    /// The first frame of its region: popping it reopens the region below.
    root: bool,
    /// Taking the last cell may have split the free cells outside `s`.
    split: bool,
}

struct State<'v, const W: usize> {
    frames: Vec<Frame<W>>,
    regions: Vec<Bits<W>>,
    /// Answers found before each open level began (parallel to `regions`).
    answers_before: Vec<u64>,
    /// Free sets known to have no answer: a direct-mapped, lossy cache of
    /// exact keys (the empty set marks an empty slot).
    dead: Vec<Bits<W>>,
    free: Bits<W>,
    answer: Partition,
    nodes: u64,
    answers: u64,
    visitor: &'v mut dyn Visitor,
}

impl<const W: usize> Engine<W> {
    pub(crate) fn new(instance: &Instance, joins: &[Edge]) -> Engine<W> {
        let n = instance.size();
        let cells = n * n;
        assert!(cells <= 64 * W, "a {n}×{n} grid does not fit {W} words");
        let sym: Vec<u8> = instance.symbols().iter().map(|s| s.index() as u8).collect();
        let mut sym_mask = vec![Bits::EMPTY; n];
        for (c, &s) in sym.iter().enumerate() {
            sym_mask[s as usize].insert(c);
        }
        let mut across = vec![Bits::EMPTY; cells];
        let (mut wall_right, mut wall_down) = (Bits::EMPTY, Bits::EMPTY);
        for w in instance.walls() {
            across[w.a()].insert(w.b());
            across[w.b()].insert(w.a());
            if w.in_row() {
                wall_right.insert(w.a());
            } else {
                wall_down.insert(w.a());
            }
        }
        let (mut open_right, mut open_down) = (Bits::EMPTY, Bits::EMPTY);
        for c in 0..cells {
            if c % n + 1 < n && !wall_right.contains(c) {
                open_right.insert(c);
            }
            if c + n < cells && !wall_down.contains(c) {
                open_down.insert(c);
            }
        }
        let (mut join_right, mut join_down) = (Bits::EMPTY, Bits::EMPTY);
        for j in joins {
            if j.in_row() {
                join_right.insert(j.a());
            } else {
                join_down.insert(j.a());
            }
        }
        Engine {
            n,
            sym,
            sym_mask,
            across,
            open_right,
            open_down,
            wall_right,
            wall_down,
            join_right,
            join_down,
            has_joins: !joins.is_empty(),
            all: Bits::first_n(cells),
            block: (0..cells)
                .map(|c| {
                    let (r, col) = ((c / n) as isize, (c % n) as isize);
                    let mut b = Bits::EMPTY;
                    for dr in -1..=1 {
                        for dc in -1..=1 {
                            let (rr, cc) = (r + dr, col + dc);
                            if rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n {
                                b.insert(rr as usize * n + cc as usize);
                            }
                        }
                    }
                    b
                })
                .collect(),
        }
    }

    /// `x` and its neighbours through edges without walls.
    #[inline]
    fn expand(&self, x: Bits<W>) -> Bits<W> {
        let k = self.n as u32;
        x | (x & self.open_right).shl(1)
            | (x.shr(1) & self.open_right)
            | (x & self.open_down).shl(k)
            | (x.shr(k) & self.open_down)
    }

    /// The cells reachable from `seed` inside `within`.
    #[inline]
    fn flood(&self, seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let mut x = seed & within;
        loop {
            let y = self.expand(x) & within;
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// Cells that must share a region with a cell of `x`.
    #[inline]
    fn join_partners(&self, x: Bits<W>) -> Bits<W> {
        let k = self.n as u32;
        (x & self.join_right).shl(1)
            | (x.shr(1) & self.join_right)
            | (x & self.join_down).shl(k)
            | (x.shr(k) & self.join_down)
    }

    /// True when a set of cells has a wall between two of its cells.
    #[inline]
    fn has_inner_wall(&self, x: Bits<W>) -> bool {
        let k = self.n as u32;
        (x & self.wall_right).intersects(&x.shr(1)) || (x & self.wall_down).intersects(&x.shr(k))
    }

    /// The rest check: every component of `rest` touching `seeds` has `k·N`
    /// cells with each symbol `k` times, and no inner wall when `k = 1`.
    fn rest_ok(&self, rest: Bits<W>, mut seeds: Bits<W>) -> bool {
        let n = self.n;
        while let Some(c) = seeds.first() {
            let comp = self.flood(Bits::single(c), rest);
            seeds = seeds.andnot(comp);
            let size = comp.count();
            if size % n != 0 {
                return false;
            }
            let k = size / n;
            if self.sym_mask.iter().any(|m| comp.count_and(m) != k) {
                return false;
            }
            if k == 1 && (self.has_inner_wall(comp) || (self.has_joins && !self.join_partners(comp).is_subset(&comp))) {
                return false;
            }
        }
        true
    }

    /// The cell whose region is grown next: the lowest free cell with only
    /// one free neighbour (its region must take that neighbour), else the
    /// lowest free cell.
    fn choose_root(&self, free: Bits<W>) -> usize {
        let k = self.n as u32;
        let dirs = [
            free.shr(1) & self.open_right,
            (free & self.open_right).shl(1),
            free.shr(k) & self.open_down,
            (free & self.open_down).shl(k),
        ];
        let mut one = Bits::EMPTY;
        let mut two = Bits::EMPTY;
        let mut three = Bits::EMPTY;
        for d in dirs {
            three = three | (two & d);
            two = two | (one & d);
            one = one | d;
        }
        let dead_end = (free & one).andnot(two);
        let narrow = (free & two).andnot(three);
        dead_end.first().or(narrow.first()).or(free.first()).expect("free is not empty")
    }

    fn root_frame(&self, c: usize, free: Bits<W>) -> Frame<W> {
        let s = self.sym[c] as usize;
        Frame {
            s: Bits::single(c),
            avail: free.without(c).andnot(self.sym_mask[s]).andnot(self.across[c]),
            used: 1 << s,
            size: 1,
            root: true,
            split: false,
        }
    }

    fn search(&self, config: &SolveConfig, visitor: &mut dyn Visitor) -> SolveReport {
        let n = self.n;
        let cells = n * n;
        let mut st = State {
            frames: Vec::with_capacity(cells + 1),
            regions: Vec::with_capacity(n),
            answers_before: Vec::with_capacity(n),
            dead: vec![Bits::EMPTY; dead_table_len::<W>()],
            free: self.all,
            answer: Partition::from_canonical(n, vec![0; cells]),
            nodes: 1,
            answers: 0,
            visitor,
        };
        let report = |st: &State<W>, finish| SolveReport { answers: st.answers, nodes: st.nodes, finish };
        if !self.rest_ok(self.all, self.all) {
            return report(&st, Finish::Exhausted);
        }
        if n == 1 {
            st.answers = 1;
            let flow = st.visitor.answer(&st.answer);
            return report(&st, if flow == Flow::Stop { Finish::Stopped } else { Finish::Exhausted });
        }
        let budget = config.node_budget.unwrap_or(u64::MAX);
        let interval = config.progress_interval;
        st.frames.push(self.root_frame(self.choose_root(self.all), self.all));
        while let Some(&f) = st.frames.last() {
            st.nodes += 1;
            if st.nodes > budget {
                return report(&st, Finish::OutOfBudget);
            }
            if interval != 0 && st.nodes % interval == 0 {
                let progress = Progress { nodes: st.nodes, answers: st.answers };
                if st.visitor.progress(progress) == Flow::Stop {
                    return report(&st, Finish::Stopped);
                }
            }
            let Some((v, avail)) = self.step(&f, st.free) else {
                self.pop(&mut st);
                continue;
            };
            let top = st.frames.len() - 1;
            st.frames[top].avail = avail;
            let child = self.include(&f, v, avail);
            if child.size as usize == n {
                if self.complete(&mut st, child.s) == Flow::Stop {
                    return report(&st, Finish::Stopped);
                }
            } else {
                let mut child = child;
                child.split = !self.keeps_connected(st.free, child.s, v);
                st.frames.push(child);
            }
        }
        report(&st, Finish::Exhausted)
    }

    /// One visit of a frame: the reach check, then the cell `v` to branch on
    /// and the frame's `avail` cut down to the reach and without `v` (the
    /// exclude branch). `None` when the frame is dead.
    #[inline]
    fn step(&self, f: &Frame<W>, free: Bits<W>) -> Option<(usize, Bits<W>)> {
        let n = self.n;
        // Cells within `need` steps of S; the first step gives the frontier.
        let need = n - f.size as usize;
        let within = f.s | f.avail;
        let first = self.expand(f.s) & within;
        let v = first.andnot(f.s).first()?;
        let mut reach = first;
        for _ in 1..need {
            let next = self.expand(reach) & within;
            if next == reach {
                break;
            }
            reach = next;
        }
        if reach.count() < n || !self.covers(reach, f.used) {
            return None;
        }
        if f.split && !self.pockets_ok(free, f.s, reach) {
            return None;
        }
        Some((v, reach.andnot(f.s).without(v)))
    }

    /// The child frame that includes `v`.
    #[inline]
    fn include(&self, f: &Frame<W>, v: usize, avail: Bits<W>) -> Frame<W> {
        let sv = self.sym[v] as usize;
        Frame {
            s: f.s.with(v),
            avail: avail.andnot(self.sym_mask[sv]).andnot(self.across[v]),
            used: f.used | 1 << sv,
            size: f.size + 1,
            root: false,
            split: false,
        }
    }

    fn region_through(&self, cell: usize, budget: u64) -> Option<bool> {
        let n = self.n;
        if n == 1 {
            return Some(true);
        }
        let mut frames = Vec::with_capacity(n);
        frames.push(self.root_frame(cell, self.all));
        let mut nodes = 0u64;
        while let Some(&f) = frames.last() {
            nodes += 1;
            if nodes > budget {
                return None;
            }
            let Some((v, avail)) = self.step(&f, self.all) else {
                frames.pop();
                continue;
            };
            let top = frames.len() - 1;
            frames[top].avail = avail;
            let child = self.include(&f, v, avail);
            if child.size as usize == n {
                let t = child.s;
                let rest = self.all.andnot(t);
                let joined = !self.has_joins || self.join_partners(t).is_subset(&t);
                if joined && self.rest_ok(rest, self.expand(t) & rest) {
                    return Some(true);
                }
            } else {
                frames.push(child);
            }
        }
        Some(false)
    }

    /// True when taking `v` into `s` cannot have split the free cells
    /// outside `s`: `v` has at most one free neighbour, or its free
    /// neighbours still meet inside its 3×3 block.
    #[inline]
    fn keeps_connected(&self, free: Bits<W>, s: Bits<W>, v: usize) -> bool {
        let local = free.andnot(s) & self.block[v];
        let nb = self.expand(Bits::single(v)) & local;
        match nb.first() {
            Some(start) if nb.count() > 1 => nb.is_subset(&self.flood(Bits::single(start), local)),
            _ => true,
        }
    }

    /// The pocket check: pieces of the free cells outside `s` that `reach`
    /// does not touch are final (the region can never enter them) and must
    /// pass the rest check now.
    #[inline]
    fn pockets_ok(&self, free: Bits<W>, s: Bits<W>, reach: Bits<W>) -> bool {
        let outside = free.andnot(s);
        let touched = self.flood(reach.andnot(s), outside);
        let pockets = outside.andnot(touched);
        pockets.is_empty() || self.rest_ok(pockets, pockets)
    }

    /// True when `reach` holds every symbol missing from `used`.
    #[inline]
    fn covers(&self, reach: Bits<W>, used: u64) -> bool {
        let mut missing = !used & ((1u64 << self.n) - 1);
        while missing != 0 {
            let s = missing.trailing_zeros() as usize;
            missing &= missing - 1;
            if !reach.intersects(&self.sym_mask[s]) {
                return false;
            }
        }
        true
    }

    fn pop(&self, st: &mut State<W>) {
        if let Some(f) = st.frames.pop() {
            if f.root {
                if let (Some(r), Some(before)) = (st.regions.pop(), st.answers_before.pop()) {
                    if st.answers == before {
                        let slot = slot_of(&st.free, st.dead.len());
                        st.dead[slot] = st.free;
                    }
                    st.free = st.free | r;
                }
            }
        }
    }

    /// Region `t` is complete: report an answer, or open the next region.
    fn complete(&self, st: &mut State<W>, t: Bits<W>) -> Flow {
        if self.has_joins && !self.join_partners(t).is_subset(&t) {
            return Flow::Continue;
        }
        let rest = st.free.andnot(t);
        if rest.is_empty() {
            st.answers += 1;
            // Canonical labels: regions numbered in order of their lowest cell.
            let mut order = [(0usize, 0usize); super::MAX_SIZE];
            let order = &mut order[..self.n];
            for (k, r) in st.regions.iter().chain([&t]).enumerate() {
                order[k] = (r.first().expect("regions are not empty"), k);
            }
            order.sort_unstable();
            let labels = &mut st.answer.labels;
            for (label, &(_, k)) in order.iter().enumerate() {
                let r = if k < st.regions.len() { st.regions[k] } else { t };
                for c in r.iter() {
                    labels[c] = label as u8;
                }
            }
            return st.visitor.answer(&st.answer);
        }
        if st.dead[slot_of(&rest, st.dead.len())] == rest || !self.rest_ok(rest, self.expand(t) & rest) {
            return Flow::Continue;
        }
        st.regions.push(t);
        st.answers_before.push(st.answers);
        st.free = rest;
        let c = self.choose_root(rest);
        st.frames.push(self.root_frame(c, rest));
        Flow::Continue
    }
}

/// Slots of the dead-end cache: about 512 KiB of keys.
fn dead_table_len<const W: usize>() -> usize {
    ((1usize << 19) / (8 * W)).next_power_of_two()
}

/// The cache slot of a free set (`len` a power of two).
#[inline]
fn slot_of<const W: usize>(x: &Bits<W>, len: usize) -> usize {
    let mut h = 0u64;
    for &w in &x.0 {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    (h as usize) & (len - 1)
}
