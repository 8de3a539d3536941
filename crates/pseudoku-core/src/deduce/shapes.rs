//! Shapes: every region a group can still become, listed within a budget,
//! and the edges they all agree on.
//!
//! A region through group `G` is grown by the include/exclude enumeration of
//! connected sets (each set reached once): pick a neighbour `v` of the set
//! that may join, first take `v`'s whole group, then rule it out for good.
//! A group may join when it shares no symbol with the set, the sizes fit,
//! and no border runs between them. A set is pruned when the cells it can
//! still reach within `N − |set|` steps miss a symbol it lacks; a complete
//! set is a region only if every area it cuts off from the rest is `k·N`
//! cells holding each symbol `k` times (an area of `N` cells with no border
//! inside). Listing stops past the technique's number of shapes or nodes:
//! then nothing is concluded.

use super::board::{Board, Contradiction, Mark, Visit};
use super::ctx::Ctx;
use super::scratch::Shapes as Scratch;
use super::step::{Collect, Found};
use super::technique::Technique;

/// The most nodes any shape technique tries per group.
pub(crate) const MOST_NODES: u64 = 5_000;

/// The most shapes and nodes each shape technique tries per group.
fn limits(t: Technique) -> (u32, u64) {
    match t {
        Technique::FewShapes => (3, 200),
        Technique::SomeShapes => (20, 1_000),
        _ => (300, MOST_NODES),
    }
}

struct Enum<'a> {
    b: &'a Board,
    sc: &'a mut Scratch,
    n: usize,
    full: u64,
    size: usize,
    mask: u64,
    shapes: u32,
    cap: u32,
    nodes: u64,
    node_cap: u64,
    stopped: bool,
}

impl Enum<'_> {
    fn take(&mut self, h: usize, sign: bool) {
        let b = self.b;
        for &c in b.cells_of(h) {
            let c = c as usize;
            self.sc.in_set[c] = sign;
            for (nb, s) in b.neighbours(c) {
                if b.mark_at(s) == Mark::Border {
                    if sign {
                        self.sc.blocked[nb] += 1;
                    } else {
                        self.sc.blocked[nb] -= 1;
                    }
                }
            }
            if sign {
                self.sc.set.push(c as u32);
            } else {
                self.sc.set.pop();
            }
        }
        let g = b.groups()[h];
        if sign {
            self.size += g.size as usize;
            self.mask |= g.mask;
        } else {
            self.size -= g.size as usize;
            self.mask &= !g.mask;
        }
    }

    fn may_join(&self, h: usize) -> bool {
        let g = self.b.groups()[h];
        g.mask & self.mask == 0
            && self.size + g.size as usize <= self.n
            && self.b.cells_of(h).iter().all(|&c| self.sc.blocked[c as usize] == 0)
    }

    /// Can the set still reach every symbol it lacks and enough cells?
    fn hopeful(&mut self) -> bool {
        let b = self.b;
        let budget = (self.n - self.size) as u32;
        let (n, full, mask, size) = (self.n, self.full, self.mask, self.size);
        let sc = &mut *self.sc;
        sc.stamp += 1;
        let stamp = sc.stamp;
        let Scratch { queue, label, set, excluded, blocked, .. } = sc;
        queue.clear();
        for &c in set.iter() {
            label[c as usize] = stamp;
            queue.push(c);
        }
        let mut seen = mask;
        let mut taken = queue.len();
        // Stops once enough is reached: the rest of the walk cannot undo it.
        b.spread(queue, 0, budget, |nb, _, _| {
            if label[nb] == stamp || excluded[nb] || blocked[nb] != 0 {
                return Visit::Skip;
            }
            let g = b.groups()[b.group_of(nb)];
            if g.mask & mask != 0 || size + g.size as usize > n {
                return Visit::Skip;
            }
            label[nb] = stamp;
            seen |= 1 << b.symbol(nb);
            taken += 1;
            if seen == full && taken >= n {
                Visit::Stop
            } else {
                Visit::Take
            }
        }) || (seen == full && taken >= n)
    }

    /// Does the complete set leave areas that can still be whole regions?
    fn rest_fits(&mut self) -> bool {
        let b = self.b;
        let n = self.n;
        let sc = &mut *self.sc;
        let base = sc.stamp + 1;
        for i in 0..sc.set.len() {
            let c = sc.set[i] as usize;
            for (root, _) in b.neighbours(c) {
                if sc.in_set[root] || sc.label[root] >= base {
                    continue;
                }
                sc.stamp += 1;
                let stamp = sc.stamp;
                sc.queue.clear();
                sc.queue.push(root as u32);
                sc.label[root] = stamp;
                let (label, in_set) = (&mut sc.label, &sc.in_set);
                b.spread(&mut sc.queue, 0, u32::MAX, |nb, _, _| {
                    if in_set[nb] || label[nb] == stamp {
                        return Visit::Skip;
                    }
                    debug_assert!(label[nb] < base, "areas are disjoint");
                    label[nb] = stamp;
                    Visit::Take
                });
                sc.symbols.fill(0);
                for &x in &sc.queue {
                    sc.symbols[b.symbol(x as usize) as usize] += 1;
                }
                let size = sc.queue.len();
                let k = (size / n) as u32;
                // A border between two cells of the area matters only when
                // the area must be one region.
                let one_region_broken = size == n && has_inner_border(b, &sc.queue, &sc.label, stamp);
                if size % n != 0 || sc.symbols.iter().any(|&c| c != k) || one_region_broken {
                    return false;
                }
            }
        }
        true
    }

    fn grow(&mut self) {
        self.nodes += 1;
        if self.nodes > self.node_cap {
            self.stopped = true;
            return;
        }
        if self.size == self.n {
            if self.rest_fits() {
                self.shapes += 1;
                if self.shapes > self.cap {
                    self.stopped = true;
                    return;
                }
                for &c in &self.sc.set {
                    self.sc.counts[c as usize] += 1;
                }
            }
            return;
        }
        if !self.hopeful() {
            return;
        }
        let Some(h) = self.pick() else { return };
        self.take(h, true);
        self.grow();
        self.take(h, false);
        if self.stopped {
            return;
        }
        for &c in self.b.cells_of(h) {
            self.sc.excluded[c as usize] = true;
        }
        self.grow();
        for &c in self.b.cells_of(h) {
            self.sc.excluded[c as usize] = false;
        }
    }

    /// The group of the first neighbour of the set that may join it.
    fn pick(&self) -> Option<usize> {
        let b = self.b;
        for &c in &self.sc.set {
            for (nb, s) in b.neighbours(c as usize) {
                if self.sc.in_set[nb] || self.sc.excluded[nb] || b.mark_at(s) == Mark::Border {
                    continue;
                }
                let h = b.group_of(nb);
                if self.may_join(h) {
                    return Some(h);
                }
            }
        }
        None
    }
}

/// True when two cells of the area labelled `stamp` have a border between them.
fn has_inner_border(b: &Board, area: &[u32], label: &[u32], stamp: u32) -> bool {
    area.iter().any(|&x| b.neighbours(x as usize).any(|(nb, s)| label[nb] == stamp && b.mark_at(s) == Mark::Border))
}

/// Lists the shapes of every group (lone cells only for
/// [`Technique::FewShapes`]), largest groups first, and reports the
/// edges all shapes of a group agree on. A group with no shape at all is a
/// contradiction.
pub(crate) fn shapes(b: &Board, cx: &mut Ctx, out: &mut dyn Collect, t: Technique) -> Result<(), Contradiction> {
    let n = b.size();
    let cells = n * n;
    let (cap, node_cap) = limits(t);
    // Lone cells have the most shapes: only the few-shapes pass lists theirs.
    let smallest = if t == Technique::FewShapes { 1 } else { 2 };
    let mut order: Vec<usize> =
        (0..b.groups().len()).filter(|&g| (smallest..n).contains(&(b.groups()[g].size as usize))).collect();
    order.sort_by_key(|&g| (core::cmp::Reverse(b.groups()[g].size), b.groups()[g].first));
    let sc = &mut cx.shapes;
    if sc.in_set.len() != cells {
        *sc = Scratch {
            in_set: vec![false; cells],
            excluded: vec![false; cells],
            blocked: vec![0; cells],
            counts: vec![0; cells],
            label: vec![0; cells],
            ..Scratch::default()
        };
    }
    sc.symbols.resize(n, 0);
    let mut decide = core::mem::take(&mut cx.decide);
    let mut result = Ok(());
    for g in order {
        if cx.left() == 0 {
            cx.out_of_budget = true;
            break;
        }
        let sc = &mut cx.shapes;
        sc.counts.fill(0);
        sc.set.clear();
        let mut e = Enum {
            b,
            sc,
            n,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            size: 0,
            mask: 0,
            shapes: 0,
            cap,
            nodes: 0,
            node_cap: node_cap.min(cx.limit.saturating_sub(cx.nodes)),
            stopped: false,
        };
        e.take(g, true);
        e.grow();
        e.take(g, false);
        let (shapes, stopped, nodes) = (e.shapes, e.stopped, e.nodes);
        cx.nodes += nodes;
        if stopped {
            if cx.left() == 0 {
                cx.out_of_budget = true;
            }
            continue;
        }
        if shapes == 0 {
            result = Err(Contradiction);
            break;
        }
        let counts = &cx.shapes.counts;
        decide.clear();
        for c in 0..cells {
            if counts[c] != shapes {
                continue;
            }
            for (nb, s) in b.neighbours(c) {
                if b.mark_at(s) != Mark::Open {
                    continue;
                }
                if counts[nb] == shapes && nb > c {
                    decide.push((s, Mark::Join));
                } else if counts[nb] == 0 {
                    decide.push((s, Mark::Border));
                }
            }
        }
        if decide.is_empty() {
            continue;
        }
        let mut found = Found::new(t, &decide, b.cells_of(g));
        found.count = shapes;
        if out.found(b, &found) {
            break;
        }
    }
    cx.decide = decide;
    result
}
