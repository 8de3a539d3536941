//! The answer search described in the [module docs](super): the grid as
//! bitsets ([`Engine`], one per bitset width), regions grown cell by cell
//! with their pruning (reachability, free areas, lookahead), and the cache
//! of free sets known to have no answer.

use super::bits::Bits;
use super::{Edge, Instance, Partition};
use crate::search::{Flow, Progress, SearchEnd, SearchReport, Sink};

/// Limits and hooks of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveConfig {
    /// Give up after this many nodes (`None`: never).
    pub node_budget: Option<u64>,
    /// Call [`Sink::progress`] every this many nodes (0: never).
    pub progress_interval: u64,
}

impl Default for SolveConfig {
    fn default() -> SolveConfig {
        SolveConfig { node_budget: None, progress_interval: 1 << 16 }
    }
}

/// The queries an [`Engine`] answers, whatever its bitset width.
pub(crate) trait Search {
    fn search(&self, config: &SolveConfig, sink: &mut dyn Sink<Partition>) -> SearchReport;
    /// Whether some valid region contains `cell` and leaves the rest of the
    /// grid passing the rest check; `None` when the budget ran out.
    fn region_through(&self, cell: usize, node_budget: u64) -> Option<bool>;
}

/// An engine for the instance, its bitset width picked for the grid size.
/// The WebAssembly build, whose players set grids up to 16×16, leaves out
/// the 512-cell width (fewer copies of the engine in the page's module):
/// grids past 16×16 take the widest, the same search on more words.
pub(crate) fn engine(instance: &Instance, joins: &[Edge]) -> Box<dyn Search> {
    let cells = instance.cell_count();
    if cells <= 128 {
        Box::new(Engine::<2>::new(instance, joins))
    } else if cells <= 256 {
        Box::new(Engine::<4>::new(instance, joins))
    } else if cells <= 512 && cfg!(not(target_arch = "wasm32")) {
        Box::new(Engine::<8>::new(instance, joins))
    } else {
        Box::new(Engine::<20>::new(instance, joins))
    }
}

impl<const W: usize> Search for Engine<W> {
    fn search(&self, config: &SolveConfig, sink: &mut dyn Sink<Partition>) -> SearchReport {
        Engine::search(self, config, sink)
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
    /// Bit `i`: cells `i` and `i + 1` are in the same row, with no wall and
    /// different symbols: the edge can be inside a region.
    open_right: Bits<W>,
    /// Bit `i`: cell `i + N` exists, with no wall and a different symbol.
    open_down: Bits<W>,
    /// Bit `i`: a wall between `i` and `i + 1` / `i + N`.
    wall_right: Bits<W>,
    wall_down: Bits<W>,
    /// Bit `i`: `i` and `i + 1` / `i + N` must share a region.
    join_right: Bits<W>,
    join_down: Bits<W>,
    has_joins: bool,
    all: Bits<W>,
    /// Nodes a lookahead probe may spend on one cell.
    probe_budget: u64,
    /// The lookahead probes free cells with at most this many open free
    /// neighbours (see [`Engine::lookahead_cells`]).
    probe_degree: usize,
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
}

/// What one visit of a frame decided: branch on `v` (include it in a child,
/// then come back with `avail`, which no longer holds it).
struct Branch<const W: usize> {
    v: usize,
    avail: Bits<W>,
    /// The region cannot do without `v`: there is no exclude branch.
    forced: bool,
}

/// Why a search stopped early: the [`SearchEnd`]s other than
/// `Exhausted`, as the error that unwinds the search.
enum Halt {
    OutOfBudget,
    Stopped,
}

struct State<'s, const W: usize> {
    frames: Vec<Frame<W>>,
    regions: Vec<Bits<W>>,
    /// Answers found before each open level began (parallel to `regions`).
    found_before: Vec<u64>,
    /// Free sets known to have no answer.
    dead: DeadCache<W>,
    /// A region found through each cell by a lookahead probe (empty: none
    /// yet). Any of them may be stale; each use checks it against the free
    /// cells.
    witness: Vec<Bits<W>>,
    /// The frame stack of lookahead probes.
    probe: Vec<Frame<W>>,
    free: Bits<W>,
    answer: Partition,
    nodes: u64,
    /// Answers found so far.
    found: u64,
    budget: u64,
    interval: u64,
    sink: &'s mut dyn Sink<Partition>,
}

impl<const W: usize> State<'_, W> {
    /// Counts one node against the budget and calls the progress hook.
    #[inline]
    fn tick(&mut self) -> Result<(), Halt> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Halt::OutOfBudget);
        }
        if self.interval != 0 && self.nodes % self.interval == 0 {
            let progress = Progress { nodes: self.nodes, found: self.found };
            if self.sink.progress(progress) == Flow::Stop {
                return Err(Halt::Stopped);
            }
        }
        Ok(())
    }
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
            let (a, b) = (w.a().index(), w.b().index());
            across[a].insert(b);
            across[b].insert(a);
            if w.in_row() {
                wall_right.insert(a);
            } else {
                wall_down.insert(a);
            }
        }
        // Two neighbours with the same symbol are never in one region: the
        // edge between them is as good as a wall for connectivity.
        let (mut open_right, mut open_down) = (Bits::EMPTY, Bits::EMPTY);
        for c in 0..cells {
            if c % n + 1 < n && !wall_right.contains(c) && sym[c] != sym[c + 1] {
                open_right.insert(c);
            }
            if c + n < cells && !wall_down.contains(c) && sym[c] != sym[c + n] {
                open_down.insert(c);
            }
        }
        let (mut join_right, mut join_down) = (Bits::EMPTY, Bits::EMPTY);
        for j in joins {
            if j.in_row() {
                join_right.insert(j.a().index());
            } else {
                join_down.insert(j.a().index());
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
            probe_budget: 64 * n as u64,
            probe_degree: if n >= PROBE_TWO_FROM { 2 } else { 1 },
        }
    }

    /// The same engine probing cells of up to `degree` free neighbours, so
    /// tests on small grids exercise the lookahead of large ones.
    #[cfg(test)]
    pub(crate) fn with_probe_degree(mut self, degree: usize) -> Engine<W> {
        self.probe_degree = degree;
        self
    }

    /// `x` and its neighbours through open edges.
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
    /// cells with each symbol `k` times, keeps its join partners, and has no
    /// inner wall when `k = 1`.
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
            if self.has_joins && !self.join_partners(comp).is_subset(&comp) {
                return false;
            }
            if k == 1 && self.has_inner_wall(comp) {
                return false;
            }
        }
        true
    }

    /// The cells the lookahead probes: free cells with at most
    /// `probe_degree` free neighbours (through open edges). The region of a
    /// dead end (one neighbour) must take that neighbour, that of a cell
    /// with two must take one of them, which makes them the likeliest cells
    /// to have no region left at all.
    #[inline]
    fn lookahead_cells(&self, free: Bits<W>) -> Bits<W> {
        let k = self.n as u32;
        let dirs = [
            free.shr(1) & self.open_right,
            (free & self.open_right).shl(1),
            free.shr(k) & self.open_down,
            (free & self.open_down).shl(k),
        ];
        // Bit-sliced counters: cells with at least one, two, three free
        // neighbours.
        let mut one = Bits::EMPTY;
        let mut two = Bits::EMPTY;
        let mut three = Bits::EMPTY;
        for d in dirs {
            three = three | (two & d);
            two = two | (one & d);
            one = one | d;
        }
        free.andnot(if self.probe_degree >= 2 { three } else { two })
    }

    fn root_frame(&self, c: usize, free: Bits<W>) -> Frame<W> {
        let s = self.sym[c] as usize;
        Frame {
            s: Bits::single(c),
            avail: free.without(c).andnot(self.sym_mask[s]).andnot(self.across[c]),
            used: 1 << s,
            size: 1,
            root: true,
        }
    }

    fn search(&self, config: &SolveConfig, sink: &mut dyn Sink<Partition>) -> SearchReport {
        let n = self.n;
        let cells = n * n;
        let mut st = State {
            frames: Vec::with_capacity(cells + 1),
            regions: Vec::with_capacity(n),
            found_before: Vec::with_capacity(n),
            dead: DeadCache::new(cells),
            witness: vec![Bits::EMPTY; cells],
            probe: Vec::with_capacity(n + 1),
            free: self.all,
            answer: Partition::from_canonical(n, vec![0; cells]),
            nodes: 1,
            found: 0,
            budget: config.node_budget.unwrap_or(u64::MAX),
            interval: config.progress_interval,
            sink,
        };
        let end = match self.run(&mut st) {
            Ok(()) => SearchEnd::Exhausted,
            Err(Halt::OutOfBudget) => SearchEnd::OutOfBudget,
            Err(Halt::Stopped) => SearchEnd::Stopped,
        };
        SearchReport { found: st.found, nodes: st.nodes, end }
    }

    fn run(&self, st: &mut State<W>) -> Result<(), Halt> {
        let n = self.n;
        if !self.rest_ok(self.all, self.all) {
            return Ok(());
        }
        if n == 1 {
            st.found = 1;
            return match st.sink.found(&st.answer) {
                Flow::Stop => Err(Halt::Stopped),
                Flow::Continue => Ok(()),
            };
        }
        st.frames.push(self.root_frame(0, self.all));
        while let Some(&f) = st.frames.last() {
            st.tick()?;
            let Some(b) = self.step(&f, st.free) else {
                self.pop(st);
                continue;
            };
            let top = st.frames.len() - 1;
            // A forced cell has no exclude branch: the frame is left with
            // nothing to take, so its next visit pops it.
            st.frames[top].avail = if b.forced { Bits::EMPTY } else { b.avail };
            let child = self.include(&f, b.v, b.avail);
            if child.size as usize == n {
                self.complete(st, child.s)?;
            } else {
                st.frames.push(child);
            }
        }
        Ok(())
    }

    /// One visit of a frame. The reach (cells within `N − |S|` steps of `S`
    /// inside `S ∪ avail`) must hold every missing symbol and each join
    /// partner of `S`, and the pieces of free cells the region can no longer
    /// touch must pass the rest check. Then the cell to branch on: a
    /// neighbour of `S` that is the only reachable cell of its symbol, else
    /// the lowest neighbour. `None` when the frame is dead.
    #[inline]
    fn step(&self, f: &Frame<W>, free: Bits<W>) -> Option<Branch<W>> {
        let n = self.n;
        let need = n - f.size as usize;
        let within = f.s | f.avail;
        let around = self.expand(f.s);
        let first = around & within;
        let frontier = first.andnot(f.s);
        let lowest = frontier.first()?;
        let mut reach = first;
        for _ in 1..need {
            let next = self.expand(reach) & within;
            if next == reach {
                break;
            }
            reach = next;
        }
        if self.has_joins && !self.join_partners(f.s).is_subset(&reach) {
            return None;
        }
        let mut missing = !f.used & ((1u64 << n) - 1);
        let mut forced = Bits::EMPTY;
        while missing != 0 {
            let s = missing.trailing_zeros() as usize;
            missing &= missing - 1;
            let m = reach & self.sym_mask[s];
            if m.is_empty() {
                return None;
            }
            if m.is_single() {
                forced = forced | m;
            }
        }
        let cand = reach.andnot(f.s);
        if !self.pockets_ok(free, f.s, around, cand) {
            return None;
        }
        let (v, forced) = match (forced & frontier).first() {
            Some(v) => (v, true),
            None => (lowest, false),
        };
        Some(Branch { v, avail: cand.without(v), forced })
    }

    /// The pocket check: a piece of the free cells outside `s` with no cell
    /// in `cand` is final (the region can never enter it) and must pass the
    /// rest check now. Such a piece borders `s` (pieces away from `s` passed
    /// when the region was opened), so the search starts from the free
    /// neighbours of `s` (`around` is `s` with its neighbours) outside
    /// `cand` and not next to it.
    #[inline]
    fn pockets_ok(&self, free: Bits<W>, s: Bits<W>, around: Bits<W>, cand: Bits<W>) -> bool {
        let out = free.andnot(s).andnot(cand);
        let mut seeds = (around & out).andnot(self.expand(cand));
        while let Some(c) = seeds.first() {
            let mut piece = Bits::single(c);
            loop {
                let grown = self.expand(piece);
                if grown.intersects(&cand) {
                    break;
                }
                let next = grown & out;
                if next == piece {
                    if !self.rest_ok(piece, piece) {
                        return false;
                    }
                    break;
                }
                piece = next;
            }
            seeds = seeds.andnot(piece);
        }
        true
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
        }
    }

    /// True when `t`, a full region, keeps its join partners and leaves the
    /// rest of `free` passing the rest check.
    #[inline]
    fn region_fits(&self, free: Bits<W>, t: Bits<W>) -> bool {
        if self.has_joins && !self.join_partners(t).is_subset(&t) {
            return false;
        }
        let rest = free.andnot(t);
        rest.is_empty() || self.rest_ok(rest, self.expand(t) & rest)
    }

    /// Whether some region through `cell` fits in `free`; `Ok(None)` when
    /// `budget` nodes did not settle it. Found regions go to `witness`.
    /// Every node is also counted by `tick`.
    fn probe(
        &self,
        cell: usize,
        free: Bits<W>,
        budget: u64,
        frames: &mut Vec<Frame<W>>,
        tick: &mut dyn FnMut() -> Result<(), Halt>,
    ) -> Result<Option<Bits<W>>, Option<Halt>> {
        let n = self.n;
        frames.clear();
        frames.push(self.root_frame(cell, free));
        let mut nodes = 0u64;
        while let Some(&f) = frames.last() {
            nodes += 1;
            if nodes > budget {
                return Err(None);
            }
            tick().map_err(Some)?;
            let Some(b) = self.step(&f, free) else {
                frames.pop();
                continue;
            };
            let top = frames.len() - 1;
            frames[top].avail = if b.forced { Bits::EMPTY } else { b.avail };
            let child = self.include(&f, b.v, b.avail);
            if child.size as usize == n {
                if self.region_fits(free, child.s) {
                    return Ok(Some(child.s));
                }
            } else {
                frames.push(child);
            }
        }
        Ok(None)
    }

    fn region_through(&self, cell: usize, budget: u64) -> Option<bool> {
        if self.n == 1 {
            return Some(true);
        }
        let mut frames = Vec::with_capacity(self.n + 1);
        match self.probe(cell, self.all, budget, &mut frames, &mut || Ok(())) {
            Ok(found) => Some(found.is_some()),
            Err(_) => None,
        }
    }

    fn pop(&self, st: &mut State<W>) {
        if let Some(f) = st.frames.pop() {
            if f.root {
                if let (Some(r), Some(before)) = (st.regions.pop(), st.found_before.pop()) {
                    if st.found == before {
                        st.dead.insert(st.free);
                    }
                    st.free = st.free | r;
                }
            }
        }
    }

    /// Region `t` is complete: report an answer, or check the rest and open
    /// the next region.
    fn complete(&self, st: &mut State<W>, t: Bits<W>) -> Result<(), Halt> {
        if self.has_joins && !self.join_partners(t).is_subset(&t) {
            return Ok(());
        }
        let rest = st.free.andnot(t);
        if rest.is_empty() {
            st.found += 1;
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
            return match st.sink.found(&st.answer) {
                Flow::Stop => Err(Halt::Stopped),
                Flow::Continue => Ok(()),
            };
        }
        if st.dead.contains(&rest) || !self.rest_ok(rest, self.expand(t) & rest) {
            return Ok(());
        }
        // Lookahead: every cell of few free neighbours must still have a
        // region. A region found for it earlier that still fits settles that
        // without a search. Cells within two steps of `t` go first: `t` is
        // what changed, so they are the likeliest to have lost their last
        // region, and the first failure ends the node.
        let look = self.lookahead_cells(rest);
        let near = self.expand(self.expand(t));
        for x in (look & near).iter().chain(look.andnot(near).iter()) {
            let w = st.witness[x];
            if !w.is_empty() && w.is_subset(&rest) && self.region_fits(rest, w) {
                continue;
            }
            let mut frames = core::mem::take(&mut st.probe);
            let found = {
                let mut tick = || st.tick();
                self.probe(x, rest, self.probe_budget, &mut frames, &mut tick)
            };
            st.probe = frames;
            match found {
                Ok(Some(w)) => st.witness[x] = w,
                Ok(None) => {
                    st.dead.insert(rest);
                    return Ok(());
                }
                Err(None) => {}
                Err(Some(halt)) => return Err(halt),
            }
        }
        st.regions.push(t);
        st.found_before.push(st.found);
        st.free = rest;
        let c = rest.first().expect("rest is not empty");
        st.frames.push(self.root_frame(c, rest));
        Ok(())
    }
}

/// The grid side from which the lookahead also probes cells with two free
/// neighbours. On smaller grids such a cell has too many regions for a
/// probe to refute often enough to pay for itself (measured: 9×9 slower,
/// 12×12 slightly faster, 16×16 twice as fast).
const PROBE_TWO_FROM: usize = 12;

/// Free sets known to have no answer: a direct-mapped, lossy cache of exact
/// keys (the empty set marks an empty slot). It starts small, so the many
/// short searches of construction stay cheap, and grows fourfold whenever
/// it has taken as many keys as it has slots, up to about 512 KiB of keys up
/// to 11×11 and 2 MiB above: long searches revisit more free sets than the
/// small table could hold.
///
/// Its size and its hash depend on the grid, not on the width `W` of the
/// bitsets: an engine on wider bitsets (as the WebAssembly build takes for
/// some sizes) searches the same nodes.
struct DeadCache<const W: usize> {
    keys: Vec<Bits<W>>,
    /// Keys stored since the table last grew.
    stored: usize,
    max_len: usize,
    /// The words of a key that are hashed: those the grid's cells use,
    /// rounded up to a power of two (at least 2).
    words: usize,
}

impl<const W: usize> DeadCache<W> {
    fn new(cells: usize) -> DeadCache<W> {
        let words = cells.div_ceil(64).max(2).next_power_of_two().min(W);
        let max_bytes = if words <= 2 { 1usize << 19 } else { 1 << 21 };
        let max_len = (max_bytes / (8 * words)).next_power_of_two();
        DeadCache { keys: vec![Bits::EMPTY; 1024.min(max_len)], stored: 0, max_len, words }
    }

    #[inline]
    fn contains(&self, free: &Bits<W>) -> bool {
        self.keys[slot_of(free, self.words, self.keys.len())] == *free
    }

    fn insert(&mut self, free: Bits<W>) {
        self.stored += 1;
        if self.stored > self.keys.len() && self.keys.len() < self.max_len {
            let len = (self.keys.len() * 4).min(self.max_len);
            let mut keys = vec![Bits::EMPTY; len];
            for k in self.keys.iter().filter(|k| !k.is_empty()) {
                keys[slot_of(k, self.words, len)] = *k;
            }
            self.keys = keys;
            self.stored = 0;
        }
        let slot = slot_of(&free, self.words, self.keys.len());
        self.keys[slot] = free;
    }
}
/// The cache slot of a free set, from its first `words` words (`len` a
/// power of two).
#[inline]
fn slot_of<const W: usize>(x: &Bits<W>, words: usize, len: usize) -> usize {
    let mut h = 0u64;
    for &w in &x.0[..words] {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    (h as usize) & (len - 1)
}
