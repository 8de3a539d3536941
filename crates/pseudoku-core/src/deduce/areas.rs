//! Medium techniques that look past one group: closed areas (what borders
//! wall off must be whole regions) and missing symbols (what a group can
//! still reach).

use super::board::{Board, Contradiction, Mark};
use super::cells::{by_width, two_or_more, View};
use super::ctx::Ctx;
use super::scratch::FAR;
use super::step::{Collect, Found};
use super::technique::Technique;
use crate::partition::bits::Bits;

/// Every area walled off by borders must be whole regions: `k·N` cells
/// holding each symbol `k` times (else the board is contradictory); an area
/// of exactly `N` cells is one region, so its open inner edges are joins.
pub(crate) fn closed_area(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    let n = b.size();
    let cells = n * n;
    let sc = &mut cx.reach;
    sc.ready(cells, n);
    let mut decide = core::mem::take(&mut cx.decide);
    let mut result = Ok(());
    for root in 0..cells {
        if sc.label[root] != FAR {
            continue;
        }
        sc.queue.clear();
        sc.queue.push(root as u32);
        sc.label[root] = root as u32;
        let label = &mut sc.label;
        b.spread(&mut sc.queue, |nb| {
            let new = label[nb] == FAR;
            if new {
                label[nb] = root as u32;
            }
            new
        });
        sc.counts.fill(0);
        for &c in &sc.queue {
            sc.counts[b.symbol(c as usize) as usize] += 1;
        }
        let size = sc.queue.len();
        let k = size / n;
        if size % n != 0 || sc.counts.iter().any(|&c| c as usize != k) {
            result = Err(Contradiction);
            break;
        }
        if size != n {
            continue;
        }
        decide.clear();
        for &c in &sc.queue {
            for (nb, s) in b.neighbours(c as usize) {
                if nb > c as usize && b.mark_at(s) == Mark::Open && sc.label[nb] == root as u32 {
                    decide.push((s, Mark::Join));
                }
            }
        }
        if decide.is_empty() {
            continue;
        }
        sc.queue.sort_unstable();
        let mut found = Found::new(Technique::ClosedArea, &decide, &sc.queue);
        found.count = size as u32;
        if out.found(b, &found) {
            break;
        }
    }
    cx.decide = decide;
    result
}

/// A group lacking a symbol that can reach a single cell with it must take
/// that cell and its neighbours that all ways there pass through; a group
/// that can reach none, or too few cells, is a contradiction.
///
/// What a group may still take: the cells within `N − |g|` steps through
/// edges that are not borders, in groups it may join (no symbol shared, the
/// sizes fit, no border between them anywhere).
pub(crate) fn missing_symbol(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    by_width!(b.size() * b.size(), missing_in(b, cx, out))
}

fn missing_in<const W: usize>(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    let n = b.size();
    let cells = n * n;
    // Groups found nothing for by an earlier run that read nothing changed
    // since (`runs.rs`) are not walked again: the same charge, nothing found.
    let mut runs = core::mem::take(&mut cx.runs);
    let depth = cx.depth as usize;
    let from = if cx.runs_on { runs.closest::<W>(b, depth) } else { None };
    let open = |g: usize| (b.groups()[g].size as usize) < n;
    let all_same = (0..b.groups().len())
        .filter(|&g| open(g))
        .all(|g| from.as_ref().is_some_and(|f| runs.same(f, g, b.groups()[g].first as usize).is_some()));
    if !all_same {
        cx.fill_split(b);
        cx.views.refresh::<W>(b);
    }
    let log = cx.log_walks;
    if log {
        cx.walks.start(cells, W);
    }
    let mut next = core::mem::take(&mut runs.next);
    next.start(cells, W);
    let mut bufs = (core::mem::take(&mut cx.decide), core::mem::take(&mut cx.cells));
    let mut result = Ok(());
    for (g, group) in b.groups().iter().enumerate() {
        if !open(g) {
            continue;
        }
        let first = group.first as usize;
        if let Some((charge, read)) = from.as_ref().and_then(|f| runs.same(f, g, first)) {
            cx.nodes += charge;
            cx.walks_skipped += 1;
            next.put(first, charge, &read.0);
            if log {
                cx.walks.put(first, charge, &read.0);
            }
            continue;
        }
        let mut seen = Seen { out: &mut *out, any: false };
        match missing_group::<W>(b, cx, g, &mut bufs, &mut seen) {
            Err(e) => {
                result = Err(e);
                break;
            }
            Ok(walk) => {
                cx.nodes += walk.charge;
                if !seen.any {
                    next.put(first, walk.charge, &walk.read.0);
                }
                if log {
                    cx.walks.put(first, walk.charge, &walk.read.0);
                }
                if walk.stop {
                    break;
                }
            }
        }
    }
    (cx.decide, cx.cells) = bufs;
    runs.next = next;
    if cx.runs_on {
        runs.keep(depth, b);
    }
    cx.runs = runs;
    result
}

/// Passes finds on to `out`, noting whether there were any.
struct Seen<'a> {
    out: &'a mut dyn Collect,
    any: bool,
}

impl Collect for Seen<'_> {
    fn found(&mut self, board: &Board, found: &Found) -> bool {
        self.any = true;
        self.out.found(board, found)
    }

    fn decisions_only(&self) -> bool {
        self.out.decisions_only()
    }
}

/// What the missing-symbol rule did with one group.
pub(crate) struct Walk<const W: usize> {
    /// Every cell whose group, marks or place the rule read: the cells its
    /// walk reached and their neighbours through edges that are not
    /// borders (a border added later has a reached cell at one end). The
    /// rule makes the same of the group on any board with more marks where
    /// the group and the groups of these cells are the same.
    pub read: Bits<W>,
    /// Nodes it charged.
    pub charge: u64,
    /// The collector asked to stop.
    pub stop: bool,
}

/// The missing-symbol rule for group `g` (smaller than `N`), handing its
/// steps to `out` (`bufs`: buffers for the decisions and cells). `Err` when
/// the group cannot become a region. Needs `cx.fill_split` and the view in
/// `W` words of `b`.
pub(crate) fn missing_group<const W: usize>(
    b: &Board,
    cx: &Ctx,
    g: usize,
    bufs: &mut (Vec<(usize, Mark)>, Vec<u32>),
    out: &mut dyn Collect,
) -> Result<Walk<W>, Contradiction> {
    let n = b.size();
    let v = cx.views.get::<W>();
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let (decide, must) = bufs;
    let group = b.groups()[g];
    let size = group.size as usize;
    let own = v.group[g];
    let mut closed = v.incompatible(v.clash[g], size);
    cx.split_from(g, |h| closed = closed | v.group[h]);
    let allowed = v.all.andnot(closed);
    let missing = full & !group.mask;
    // Every symbol it lacks reached twice (and so `2N − |g|` cells):
    // nothing to say of this group (the walk stops there). The symbols
    // not yet seen twice are checked lowest first, each dropped once
    // seen twice, so a step looks at the symbols newly seen twice and
    // one more.
    let mut still = missing;
    let mut plenty = |reached: &Bits<W>| {
        while still != 0 {
            if !two_or_more(&(*reached & v.sym[still.trailing_zeros() as usize])) {
                return false;
            }
            still &= still - 1;
        }
        true
    };
    let (mut reached, mut front, mut near) = (own, own, Bits::EMPTY);
    let mut walk = Walk { read: Bits::EMPTY, charge: 0, stop: false };
    for step in 0..n - size {
        front = v.pass_neighbours(front) & allowed.andnot(reached);
        if front.is_empty() {
            break;
        }
        reached = reached | front;
        if step == 0 {
            near = front;
        }
        if plenty(&reached) {
            walk.read = reached | v.pass_neighbours(reached);
            return Ok(walk);
        }
    }
    walk.read = reached | v.pass_neighbours(reached);
    // Every symbol reached is `N` cells reached.
    if v.sym.iter().any(|m| !reached.intersects(m)) {
        return Err(Contradiction);
    }
    let mut lack = missing;
    while lack != 0 {
        let sym = lack.trailing_zeros() as u8;
        lack &= lack - 1;
        let holders = reached & v.sym[sym as usize];
        if !holders.is_single() {
            continue;
        }
        let target = holders.first().expect("one cell");
        // Each neighbour of the group costs a node, as when every one
        // was tried as the cell all ways pass through.
        walk.charge += near.without(target).count() as u64;
        must.clear();
        if let Some(p) = cut_next_to(v, own, reached, near, target) {
            must.push(p as u32);
        }
        must.push(target as u32);
        decide.clear();
        for &m in must.iter() {
            let h = b.group_of(m as usize);
            for &c in b.cells_of(h) {
                for (nb, s) in b.neighbours(c as usize) {
                    let k = b.group_of(nb);
                    let inside = k == g || must.iter().any(|&m| b.group_of(m as usize) == k);
                    if k != h && inside && b.mark_at(s) == Mark::Open {
                        decide.push((s, Mark::Join));
                    }
                }
            }
        }
        if decide.is_empty() {
            continue;
        }
        decide.sort_unstable();
        decide.dedup();
        let mut shown: Vec<u32> = b.cells_of(g).to_vec();
        shown.push(target as u32);
        let mut found = Found::new(Technique::MissingSymbol, decide, &shown);
        found.symbol = Some(sym);
        found.count = group.size;
        if out.found(b, &found) {
            walk.stop = true;
            return Ok(walk);
        }
    }
    Ok(walk)
}

/// The neighbour of the group (a cell of `near`) that every way from `own`
/// to `target` inside `reached` passes through, if there is one.
///
/// A way as short as can be passes through exactly one cell of `near`, so
/// such a cell is the one all shortest ways share: the cells of `near` as
/// far from `target` as the shortest way leaves them are found by walking
/// back from `target`, and only a single such cell is tried.
fn cut_next_to<const W: usize>(
    v: &View<W>,
    own: Bits<W>,
    reached: Bits<W>,
    near: Bits<W>,
    target: usize,
) -> Option<usize> {
    if near.contains(target) {
        return None;
    }
    let goal = Bits::single(target);
    // Steps from the group to the target.
    let (mut seen, mut front, mut steps) = (own, own, 0);
    while !front.intersects(&goal) {
        front = v.pass_neighbours(front) & reached.andnot(seen);
        debug_assert!(!front.is_empty(), "the target is reached");
        seen = seen | front;
        steps += 1;
    }
    // The cells within `steps − 1` of the target.
    let inside = reached.andnot(own);
    let mut ball = goal;
    for _ in 1..steps {
        ball = ball | (v.pass_neighbours(ball) & inside);
    }
    let first = near & ball;
    if !first.is_single() {
        return None;
    }
    let p = first.first().expect("one cell");
    (!v.flood(own, reached.without(p)).contains(target)).then_some(p)
}
