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

use super::board::{Board, Contradiction, Mark};
use super::cells::{by_width, View};
use super::ctx::Ctx;
use super::known::KEEP;
use super::memo::{Memo, Reach, MOST_EVENTS};
use super::step::{Collect, Found};
use super::technique::Technique;
use crate::partition::bits::Bits;

pub(crate) use super::memo::Listing;

/// The most nodes any shape technique tries per group.
pub(crate) const MOST_NODES: u64 = 5_000;

/// The most shapes and nodes each shape technique tries per group.
pub(crate) fn limits(t: Technique) -> (u32, u64) {
    match t {
        Technique::FewShapes => (3, 200),
        Technique::SomeShapes => (20, 1_000),
        _ => (300, MOST_NODES),
    }
}

/// One group's listing. The set grows a group at a time; `list` holds its
/// cells in the order they were taken, which fixes the order neighbours
/// are picked in (and so the nodes a listing takes).
struct Enum<'a, const W: usize> {
    b: &'a Board,
    v: &'a View<W>,
    list: &'a mut Vec<u32>,
    set: Bits<W>,
    /// The set's [`View::clash`], neighbours across a border, and
    /// neighbours through edges that are not borders (unions of its
    /// groups', kept up to date by `take` and restored after each branch).
    clash: Bits<W>,
    blocked: Bits<W>,
    around: Bits<W>,
    excluded: Bits<W>,
    size: usize,
    mask: u64,
    full: u64,
    shapes: u32,
    cap: u32,
    nodes: u64,
    node_cap: u64,
    stopped: bool,
    /// The cells in every shape found, and in some shape.
    in_all: Bits<W>,
    in_any: Bits<W>,
    /// The cells whose marks or groups the listing read (besides the whole
    /// board each complete set is checked against): while listing, the
    /// cells its walks reached; at the end, their neighbours too.
    read: Bits<W>,
    /// The complete sets met, with the node each was met at, while kept
    /// (`None` once there are too many to keep).
    events: Option<&'a mut Vec<(u64, Bits<W>)>>,
    /// The first [`KEEP`] shapes found, with the node each was found at.
    found: &'a mut Vec<(u64, Bits<W>)>,
}

impl<const W: usize> Enum<'_, W> {
    fn take(&mut self, h: usize) {
        let v = self.v;
        self.set = self.set | v.group[h];
        self.clash = self.clash | v.clash[h];
        self.blocked = self.blocked | v.border_around[h];
        self.around = self.around | v.pass_around[h];
        self.list.extend_from_slice(self.b.cells_of(h));
        let g = self.b.groups()[h];
        self.size += g.size as usize;
        self.mask |= g.mask;
    }

    fn untake(&mut self, h: usize) {
        self.set = self.set.andnot(self.v.group[h]);
        let g = self.b.groups()[h];
        self.list.truncate(self.list.len() - g.size as usize);
        self.size -= g.size as usize;
        self.mask &= !g.mask;
    }

    /// Can the set still reach every symbol it lacks and enough cells,
    /// within `N − |set|` steps through `allowed` cells? Also the cells the
    /// walk reached.
    fn hopeful(&self, allowed: Bits<W>) -> (bool, Bits<W>) {
        let v = self.v;
        let n = v.n;
        // The symbols the set lacks that the walk has not shown reached yet:
        // checked lowest first, each dropped once reached, so a step looks
        // at the symbols newly reached and one more.
        let mut still = self.full & !self.mask;
        let mut enough = |reached: &Bits<W>| {
            while still != 0 {
                if !reached.intersects(&v.sym[still.trailing_zeros() as usize]) {
                    return false;
                }
                still &= still - 1;
            }
            true
        };
        // The first step is the set's neighbours, kept by `take`.
        let (mut reached, mut front) = (self.set, self.around & allowed);
        for step in 0..n - self.size {
            if step > 0 {
                front = v.pass_neighbours(front) & allowed.andnot(reached);
            }
            if front.is_empty() {
                break;
            }
            reached = reached | front;
            // Stops once enough is reached: the rest of the walk cannot undo it.
            if enough(&reached) {
                return (true, reached);
            }
        }
        // Every symbol the set lacks reached means `N` cells reached: the
        // set's own, one per symbol it holds, and one per symbol it lacks.
        (enough(&reached), reached)
    }

    fn grow(&mut self) {
        self.nodes += 1;
        if self.nodes > self.node_cap {
            self.stopped = true;
            return;
        }
        let v = self.v;
        if self.size == v.n {
            if let Some(events) = self.events.as_deref_mut() {
                if events.len() < MOST_EVENTS {
                    events.push((self.nodes, self.set));
                } else {
                    self.events = None;
                }
            }
            if v.rest_fits(self.set) {
                self.shapes += 1;
                if self.found.len() < KEEP {
                    self.found.push((self.nodes, self.set));
                }
                if self.shapes > self.cap {
                    self.stopped = true;
                    return;
                }
                self.in_all = self.in_all & self.set;
                self.in_any = self.in_any | self.set;
            }
            return;
        }
        // A cell may join when it is not taken or ruled out, has no border
        // to the set, and its group shares no symbol with the set and fits.
        let blocked = self.blocked;
        let allowed = v.all.andnot(self.set | self.excluded | blocked | v.incompatible(self.clash, self.size));
        let (hopeful, reached) = self.hopeful(allowed);
        // What this node read: the cells the walk reached and their
        // neighbours (`pick` looks at neighbours of the set only); the
        // neighbours are added once, at the end.
        self.read = self.read | reached;
        if !hopeful {
            return;
        }
        let Some(h) = self.pick(allowed, blocked) else { return };
        let kept = (self.clash, self.blocked, self.around);
        self.take(h);
        self.grow();
        self.untake(h);
        (self.clash, self.blocked, self.around) = kept;
        if self.stopped {
            return;
        }
        let ruled_out = v.group[h];
        self.excluded = self.excluded | ruled_out;
        self.grow();
        self.excluded = self.excluded.andnot(ruled_out);
    }

    /// The group of the first neighbour of the set (in the order its cells
    /// were taken, then up, left, right, down) that may join it: an allowed
    /// cell across an edge that is not a border, whose whole group has no
    /// border to the set.
    fn pick(&self, allowed: Bits<W>, blocked: Bits<W>) -> Option<usize> {
        let (b, v) = (self.b, self.v);
        let near = self.around & allowed;
        if near.is_empty() {
            return None;
        }
        for &c in self.list.iter() {
            for (nb, s) in b.neighbours(c as usize) {
                if !near.contains(nb) || b.mark_at(s) == Mark::Border {
                    continue;
                }
                let h = b.group_of(nb);
                if !v.group[h].intersects(&blocked) {
                    return Some(h);
                }
            }
        }
        None
    }
}

/// Lists the shapes of group `g`, stopping past `cap` shapes or `node_cap`
/// nodes (`list` is a buffer). Also says what the listing read (see
/// `Enum::read`) and, into `events` when given, the complete sets it met
/// (`false` when there were too many to keep); the first [`KEEP`] shapes
/// it found go into `found`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn list<const W: usize>(
    b: &Board,
    v: &View<W>,
    list: &mut Vec<u32>,
    g: usize,
    cap: u32,
    node_cap: u64,
    events: Option<&mut Vec<(u64, Bits<W>)>>,
    found: &mut Vec<(u64, Bits<W>)>,
) -> (Listing<W>, Bits<W>, bool) {
    let n = b.size();
    list.clear();
    found.clear();
    let mut e = Enum {
        b,
        v,
        list,
        set: Bits::EMPTY,
        clash: Bits::EMPTY,
        blocked: Bits::EMPTY,
        around: Bits::EMPTY,
        excluded: Bits::EMPTY,
        size: 0,
        mask: 0,
        full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
        shapes: 0,
        cap,
        nodes: 0,
        node_cap,
        stopped: false,
        in_all: v.all,
        in_any: Bits::EMPTY,
        read: Bits::EMPTY,
        events,
        found,
    };
    e.take(g);
    e.grow();
    let kept = e.events.is_some();
    e.read = e.read | v.neighbours(e.read);
    let listing = Listing { shapes: e.shapes, stopped: e.stopped, nodes: e.nodes, in_all: e.in_all, in_any: e.in_any };
    (listing, e.read, kept)
}

/// The listing of group `g`, from the memo when it can answer; else listed
/// and kept there. The first [`KEEP`] shapes found go into `found`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn list_with_memo<const W: usize>(
    b: &Board,
    v: &View<W>,
    memo: &mut Memo<W>,
    buffer: &mut Vec<u32>,
    g: usize,
    cap: u32,
    node_cap: u64,
    found: &mut Vec<(u64, Bits<W>)>,
) -> Listing<W> {
    let group = v.group[g];
    if let Some(listing) = memo.replay(v, group, cap, node_cap, found) {
        return listing;
    }
    let mut events = core::mem::take(&mut memo.events);
    events.clear();
    let (listing, read, kept) = list(b, v, buffer, g, cap, node_cap, Some(&mut events), found);
    if kept {
        // Whole groups: a group's extent is read along with any of its cells.
        let (mut left, mut within) = (read, Bits::EMPTY);
        while let Some(c) = left.first() {
            let cells = v.group[b.group_of(c)];
            within = within | cells;
            left = left.andnot(cells);
        }
        let reach = match (listing.stopped, listing.shapes > cap) {
            (false, _) => Reach::Done(listing.nodes),
            // Stopped at the set one past the cap: recorded up to it.
            (true, true) => Reach::Partial { at_least: listing.nodes, known: listing.nodes },
            // Stopped on entering node `node_cap + 1`: recorded before it.
            (true, false) => Reach::Partial { at_least: listing.nodes, known: listing.nodes - 1 },
        };
        memo.store(v, group, within, reach, &events);
    }
    memo.events = events;
    listing
}

/// Lists the shapes of every group (lone cells only for
/// [`Technique::FewShapes`]), largest groups first, and reports the
/// edges all shapes of a group agree on. A group with no shape at all is a
/// contradiction.
pub(crate) fn shapes(b: &Board, cx: &mut Ctx, out: &mut dyn Collect, t: Technique) -> Result<(), Contradiction> {
    let cells = b.size() * b.size();
    by_width!(cells, shapes_in(b, cx, out, t))
}

fn shapes_in<const W: usize>(
    b: &Board,
    cx: &mut Ctx,
    out: &mut dyn Collect,
    t: Technique,
) -> Result<(), Contradiction> {
    let n = b.size();
    let (cap, node_cap) = limits(t);
    // Lone cells have the most shapes: only the few-shapes pass lists theirs.
    let smallest = if t == Technique::FewShapes { 1 } else { 2 };
    let mut order = core::mem::take(&mut cx.shapes.order);
    order.clear();
    order.extend((0..b.groups().len()).filter(|&g| (smallest..n).contains(&(b.groups()[g].size as usize))));
    order.sort_by_key(|&g| (core::cmp::Reverse(b.groups()[g].size), b.groups()[g].first));
    let mut decide = core::mem::take(&mut cx.decide);
    cx.views.refresh_all::<W>(b);
    let v = cx.views.get::<W>();
    let mut found = core::mem::take(&mut cx.memo.get::<W>().found);
    let mut result = Ok(());
    for &g in &order {
        let left = cx.limit.saturating_sub(cx.nodes);
        if left == 0 {
            cx.out_of_budget = true;
            break;
        }
        let node_cap = node_cap.min(left);
        let first = b.groups()[g].first as usize;
        let memo = cx.memo.get::<W>();
        // More than `cap` shapes known: the listing would stop (`known.rs`).
        if cx.known_on && (cap as usize) < KEEP {
            if let Some(charge) = memo.known.enough(v, first, v.group[g], cap) {
                cx.nodes += charge.min(node_cap + 1);
                if cx.left() == 0 {
                    cx.out_of_budget = true;
                }
                continue;
            }
        }
        let Listing { shapes, stopped, nodes, in_all, in_any } = if cx.memo_on {
            list_with_memo(b, v, memo, &mut cx.shapes.list, g, cap, node_cap, &mut found)
        } else {
            list(b, v, &mut cx.shapes.list, g, cap, node_cap, None, &mut found).0
        };
        if cx.known_on {
            memo.known.keep(first, &found);
        }
        cx.nodes += nodes;
        if stopped {
            if cx.limit.saturating_sub(cx.nodes) == 0 {
                cx.out_of_budget = true;
            }
            continue;
        }
        if shapes == 0 {
            result = Err(Contradiction);
            break;
        }
        decide.clear();
        for c in in_all.iter() {
            for (nb, s) in b.neighbours(c) {
                if b.mark_at(s) != Mark::Open {
                    continue;
                }
                if in_all.contains(nb) && nb > c {
                    decide.push((s, Mark::Join));
                } else if !in_any.contains(nb) {
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
    cx.shapes.order = order;
    cx.memo.get::<W>().found = found;
    result
}
