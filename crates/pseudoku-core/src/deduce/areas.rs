//! Medium techniques that look past one group: closed areas (what borders
//! wall off must be whole regions) and missing symbols (what a group can
//! still reach).

use super::board::{Board, Contradiction, Mark, Visit};
use super::ctx::Ctx;
use super::scratch::{Reach, FAR};
use super::step::{Collect, Found};
use super::technique::Technique;

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
        b.spread(&mut sc.queue, 0, FAR, |nb, _, _| {
            if label[nb] != FAR {
                return Visit::Skip;
            }
            label[nb] = root as u32;
            Visit::Take
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

/// The cells group `g` may still take: within `N − |g|` steps through open
/// edges, into groups it may join. Leaves `dist` set (FAR outside) and the
/// cells in `queue`, the group's own first; `dist` must be FAR everywhere
/// before (the caller resets the cells of `queue` after use).
///
/// Returns true, stopping early, once `N` cells are reached and each symbol
/// of `missing` twice: then the group can reach enough and no symbol it
/// lacks only once, so the missing-symbol pass has nothing to say of it.
fn reach(b: &Board, cx: &mut Ctx, g: usize, missing: u64) -> bool {
    let n = b.size();
    let budget = (n - b.groups()[g].size as usize) as u32;
    let own = b.groups()[g];
    // The groups split from `g` by a border, stamped (a stamp per call
    // instead of a pass over every group).
    cx.reach.stamp = cx.reach.stamp.wrapping_add(1);
    if cx.reach.stamp == 0 {
        cx.reach.split.fill(0);
        cx.reach.stamp = 1;
    }
    let stamp = cx.reach.stamp;
    if cx.reach.split.len() < b.groups().len() {
        cx.reach.split.resize(b.groups().len(), 0);
    }
    for i in cx.split_range(g) {
        let h = cx.split_at(i);
        cx.reach.split[h] = stamp;
    }
    let Reach { queue, dist, split, .. } = &mut cx.reach;
    queue.clear();
    for &c in b.cells_of(g) {
        dist[c as usize] = 0;
        queue.push(c);
    }
    // Symbols of `missing` reached once, and twice or more.
    let (mut once, mut twice) = (0u64, 0u64);
    let mut taken = queue.len();
    b.spread(queue, 0, budget, |nb, _, d| {
        if dist[nb] != FAR {
            return Visit::Skip;
        }
        let h = b.group_of(nb);
        if h != g {
            let other = b.groups()[h];
            if other.mask & own.mask != 0 || (other.size + own.size) as usize > n || split[h] == stamp {
                return Visit::Skip;
            }
        }
        dist[nb] = d;
        taken += 1;
        let bit = 1u64 << b.symbol(nb);
        twice |= once & bit;
        once |= bit;
        if twice & missing == missing && taken >= n {
            Visit::Stop
        } else {
            Visit::Take
        }
    })
}

/// True when `to` is reachable from group `g` within the reach (cells with
/// a `dist`) without passing through `avoid` (`FAR`: through any cell);
/// then `parent` leads back from `to` to the group along one way.
fn connects(b: &Board, sc: &mut Reach, g: usize, to: usize, avoid: usize, stamp: u32) -> bool {
    let start = sc.queue.len();
    let Reach { queue, dist, seen, parent, .. } = sc;
    for &c in b.cells_of(g) {
        seen[c as usize] = stamp;
        parent[c as usize] = FAR;
        queue.push(c);
    }
    let hit = b.spread(queue, start, FAR, |nb, from, _| {
        if nb == avoid || seen[nb] == stamp || dist[nb] == FAR {
            return Visit::Skip;
        }
        seen[nb] = stamp;
        parent[nb] = from as u32;
        if nb == to {
            Visit::Stop
        } else {
            Visit::Take
        }
    });
    sc.queue.truncate(start);
    hit
}

/// Finds one way from group `g` to `to` within the reach (as [`connects`]
/// walks) and marks its cells `way[c] == stamp`; false when there is none.
fn one_way(b: &Board, sc: &mut Reach, g: usize, to: usize, stamp: u32) -> bool {
    if !connects(b, sc, g, to, FAR as usize, stamp) {
        return false;
    }
    let mut c = to as u32;
    while c != FAR {
        sc.way[c as usize] = stamp;
        c = sc.parent[c as usize];
    }
    true
}

/// A group lacking a symbol that can reach a single cell with it must take
/// that cell and its neighbours that all ways there pass through; a group that can
/// reach none, or too few cells, is a contradiction.
pub(crate) fn missing_symbol(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    let n = b.size();
    let cells = n * n;
    cx.fill_separated(b);
    cx.reach.ready(cells, n);
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut decide = core::mem::take(&mut cx.decide);
    let mut must = core::mem::take(&mut cx.cells);
    let mut stamp = 0u32;
    let mut result = Ok(());
    'groups: for (g, group) in b.groups().iter().enumerate() {
        if group.size as usize >= n {
            continue;
        }
        for &c in &cx.reach.queue {
            cx.reach.dist[c as usize] = FAR;
        }
        if reach(b, cx, g, full & !group.mask) {
            continue;
        }
        let reached = cx.reach.queue.len();
        let mut seen_mask = 0u64;
        cx.reach.counts.fill(0);
        cx.reach.holder.resize(n, 0);
        for &c in &cx.reach.queue {
            let sym = b.symbol(c as usize) as usize;
            seen_mask |= 1 << sym;
            cx.reach.counts[sym] += 1;
            cx.reach.holder[sym] = c;
        }
        if reached < n || seen_mask != full {
            result = Err(Contradiction);
            break;
        }
        let mut missing = full & !group.mask;
        while missing != 0 {
            let sym = missing.trailing_zeros() as u8;
            missing &= missing - 1;
            if cx.reach.counts[sym as usize] != 1 {
                continue;
            }
            let target = cx.reach.holder[sym as usize] as usize;
            // The target, its group, and every neighbour of the group all
            // ways to it pass through.
            must.clear();
            // One way to the target first: a cell off it cannot cut every
            // way, so only the cells on it are tried (each neighbour still
            // costs its node, as when all were tried).
            stamp += 1;
            let way = stamp;
            let found_way = one_way(b, &mut cx.reach, g, target, way);
            // `connects` works past the end of `queue` and leaves
            // `queue[..reached]` as it was.
            for i in 0..reached {
                let v = cx.reach.queue[i] as usize;
                // Only the group's neighbours: a cell further on the way is
                // taken by a later step, once the group has grown.
                if cx.reach.dist[v] != 1 || v == target {
                    continue;
                }
                stamp += 1;
                cx.nodes += 1;
                if found_way && cx.reach.way[v] != way {
                    continue;
                }
                if !connects(b, &mut cx.reach, g, target, v, stamp) {
                    must.push(v as u32);
                }
            }
            must.push(target as u32);
            decide.clear();
            for &v in &must {
                let h = b.group_of(v as usize);
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
            let mut found = Found::new(Technique::MissingSymbol, &decide, &shown);
            found.symbol = Some(sym);
            found.count = group.size;
            if out.found(b, &found) {
                break 'groups;
            }
        }
    }
    cx.decide = decide;
    cx.cells = must;
    result
}
