//! Slow, plain references for the bitset searches of `shapes.rs` and
//! `areas.rs`: the same rules a cell and a neighbour at a time, with
//! vectors of flags and breadth-first walks. The tests at the bottom check
//! that the fast searches find the same shapes, decisions and node counts
//! on boards met along real solve paths, at one, two and four words.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{Board, Mark};
use super::cells::{by_width, View, Views};
use super::ctx::Ctx;
use super::known::Known;
use super::memo::Memo;
use super::path::solve_path;
use super::path::{DeduceConfig, End, Next, Stepper};
use super::shapes::{limits, list, list_with_memo};
use super::step::{Batch, Collect, Found};
use super::technique::Technique;
use super::{areas, basic, Contradiction};
use crate::partition::{self, ConstructConfig, Difficulty, Instance};

/// The cells reachable from `from` through edges that are not borders,
/// entering only cells `may` allows, at most `limit` steps out: the
/// distance of each (`None`: not reached).
fn walk(b: &Board, from: &[usize], limit: usize, may: impl Fn(usize) -> bool) -> Vec<Option<usize>> {
    let mut dist = vec![None; b.size() * b.size()];
    let mut queue = VecDeque::new();
    for &c in from {
        dist[c] = Some(0);
        queue.push_back(c);
    }
    while let Some(c) = queue.pop_front() {
        let d = dist[c].expect("queued cells are reached");
        if d == limit {
            continue;
        }
        for (nb, s) in b.neighbours(c) {
            if b.mark_at(s) != Mark::Border && dist[nb].is_none() && may(nb) {
                dist[nb] = Some(d + 1);
                queue.push_back(nb);
            }
        }
    }
    dist
}

/// One group's shapes, listed as `shapes.rs` documents them.
struct Shapes<'a> {
    b: &'a Board,
    in_set: Vec<bool>,
    excluded: Vec<bool>,
    set: Vec<usize>,
    mask: u64,
    shapes: u32,
    cap: u32,
    nodes: u64,
    node_cap: u64,
    stopped: bool,
    counts: Vec<u32>,
    /// Every shape found, its cells increasing.
    found: Vec<Vec<usize>>,
}

impl Shapes<'_> {
    fn blocked(&self, c: usize) -> bool {
        self.b.neighbours(c).any(|(nb, s)| self.in_set[nb] && self.b.mark_at(s) == Mark::Border)
    }

    fn fits(&self, h: usize) -> bool {
        let g = self.b.groups()[h];
        g.mask & self.mask == 0 && self.set.len() + g.size as usize <= self.b.size()
    }

    fn may_join(&self, h: usize) -> bool {
        self.fits(h) && self.b.cells_of(h).iter().all(|&c| !self.blocked(c as usize))
    }

    fn take(&mut self, h: usize, on: bool) {
        for &c in self.b.cells_of(h) {
            self.in_set[c as usize] = on;
            if on {
                self.set.push(c as usize);
            } else {
                self.set.pop();
            }
        }
        let mask = self.b.groups()[h].mask;
        if on {
            self.mask |= mask;
        } else {
            self.mask &= !mask;
        }
    }

    fn hopeful(&self) -> bool {
        let n = self.b.size();
        let dist = walk(self.b, &self.set, n - self.set.len(), |c| {
            !self.in_set[c] && !self.excluded[c] && !self.blocked(c) && self.fits(self.b.group_of(c))
        });
        let reached: Vec<usize> = (0..n * n).filter(|&c| dist[c].is_some()).collect();
        let seen = reached.iter().fold(0u64, |m, &c| m | 1 << self.b.symbol(c));
        reached.len() >= n && seen.count_ones() as usize == n
    }

    fn rest_fits(&self) -> bool {
        let (b, n) = (self.b, self.b.size());
        let mut done = vec![false; n * n];
        for &c in &self.set {
            for (root, _) in b.neighbours(c) {
                if self.in_set[root] || done[root] {
                    continue;
                }
                let dist = walk(b, &[root], usize::MAX, |x| !self.in_set[x]);
                let area: Vec<usize> = (0..n * n).filter(|&x| dist[x].is_some()).collect();
                for &x in &area {
                    done[x] = true;
                }
                let k = area.len() / n;
                let mut counts = vec![0; n];
                for &x in &area {
                    counts[b.symbol(x) as usize] += 1;
                }
                let inner_border = area
                    .iter()
                    .any(|&x| b.neighbours(x).any(|(y, s)| area.contains(&y) && b.mark_at(s) == Mark::Border));
                if area.len() % n != 0 || counts.iter().any(|&c| c != k) || (area.len() == n && inner_border) {
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
        if self.set.len() == self.b.size() {
            if self.rest_fits() {
                self.shapes += 1;
                if self.shapes > self.cap {
                    self.stopped = true;
                    return;
                }
                for &c in &self.set {
                    self.counts[c] += 1;
                }
                let mut shape = self.set.clone();
                shape.sort_unstable();
                self.found.push(shape);
            }
            return;
        }
        if !self.hopeful() {
            return;
        }
        // The first neighbour, in the order the cells were taken, whose
        // group may join.
        let pick = self.set.iter().find_map(|&c| {
            self.b.neighbours(c).find_map(|(nb, s)| {
                let h = self.b.group_of(nb);
                let open = !self.in_set[nb] && !self.excluded[nb] && self.b.mark_at(s) != Mark::Border;
                (open && self.may_join(h)).then_some(h)
            })
        });
        let Some(h) = pick else { return };
        self.take(h, true);
        self.grow();
        self.take(h, false);
        if self.stopped {
            return;
        }
        for &c in self.b.cells_of(h) {
            self.excluded[c as usize] = true;
        }
        self.grow();
        for &c in self.b.cells_of(h) {
            self.excluded[c as usize] = false;
        }
    }
}

/// Shapes found, stopped, nodes, the cells in every shape and in some
/// (none when stopped).
type Listed = (u32, bool, u64, Vec<usize>, Vec<usize>);

fn shapes_slow(b: &Board, g: usize, cap: u32, node_cap: u64) -> Listed {
    let e = shapes_slow_run(b, g, cap, node_cap);
    let cells = b.size() * b.size();
    let listed = !e.stopped && e.shapes > 0;
    let all = (0..cells).filter(|&c| listed && e.counts[c] == e.shapes).collect();
    let any = (0..cells).filter(|&c| listed && e.counts[c] > 0).collect();
    (e.shapes, e.stopped, e.nodes, all, any)
}

/// Every shape of group `g` (cells increasing), or `None` when there are
/// more than `cap` or the listing takes more than `node_cap` nodes.
fn every_shape(b: &Board, g: usize, cap: u32, node_cap: u64) -> Option<Vec<Vec<usize>>> {
    let e = shapes_slow_run(b, g, cap, node_cap);
    (!e.stopped).then_some(e.found)
}

fn shapes_slow_run(b: &Board, g: usize, cap: u32, node_cap: u64) -> Shapes<'_> {
    let cells = b.size() * b.size();
    let mut e = Shapes {
        b,
        in_set: vec![false; cells],
        excluded: vec![false; cells],
        set: Vec::new(),
        mask: 0,
        shapes: 0,
        cap,
        nodes: 0,
        node_cap,
        stopped: false,
        counts: vec![0; cells],
        found: Vec::new(),
    };
    e.take(g, true);
    e.grow();
    e
}

fn shapes_fast_in<const W: usize>(b: &Board, g: usize, cap: u32, node_cap: u64) -> Listed {
    let mut views = Views::default();
    views.refresh_all::<W>(b);
    let l = list(b, views.get::<W>(), &mut Vec::new(), g, cap, node_cap, None, &mut Vec::new()).0;
    // What a stopped listing found says nothing, so it is not compared.
    let (all, any) = if l.stopped || l.shapes == 0 {
        (Vec::new(), Vec::new())
    } else {
        (l.in_all.iter().collect(), l.in_any.iter().collect())
    };
    (l.shapes, l.stopped, l.nodes, all, any)
}

fn shapes_fast(b: &Board, g: usize, cap: u32, node_cap: u64) -> Listed {
    by_width!(b.size() * b.size(), shapes_fast_in(b, g, cap, node_cap))
}

/// The decisions of the missing-symbol pass, its nodes, and whether it
/// found the board contradictory, as `areas.rs` documents the rule.
fn missing_slow(b: &Board) -> (Vec<(usize, Mark)>, u64, bool) {
    let n = b.size();
    let cells = n * n;
    let split = |g: usize, h: usize| {
        b.slots().any(|s| {
            let (x, y) = b.ends(s);
            let (gx, gy) = (b.group_of(x), b.group_of(y));
            b.mark_at(s) == Mark::Border && ((gx, gy) == (g, h) || (gx, gy) == (h, g))
        })
    };
    let (mut decide, mut nodes) = (Vec::new(), 0u64);
    for (g, group) in b.groups().iter().enumerate() {
        let size = group.size as usize;
        if size >= n {
            continue;
        }
        let own: Vec<usize> = b.cells_of(g).iter().map(|&c| c as usize).collect();
        let dist = walk(b, &own, n - size, |c| {
            let h = b.group_of(c);
            let other = b.groups()[h];
            h == g || (other.mask & group.mask == 0 && size + other.size as usize <= n && !split(g, h))
        });
        let reached: Vec<usize> = (0..cells).filter(|&c| dist[c].is_some()).collect();
        let holders = |s: u8| reached.iter().copied().filter(|&c| b.symbol(c) == s).collect::<Vec<_>>();
        let missing: Vec<u8> = (0..n as u8).filter(|&s| group.mask >> s & 1 == 0).collect();
        if reached.len() >= n && missing.iter().all(|&s| holders(s).len() >= 2) {
            continue;
        }
        if reached.len() < n || (0..n as u8).any(|s| holders(s).is_empty()) {
            return (decide, nodes, true);
        }
        for &s in &missing {
            let [target] = holders(s)[..] else { continue };
            let near: Vec<usize> = reached.iter().copied().filter(|&c| dist[c] == Some(1) && c != target).collect();
            nodes += near.len() as u64;
            let mut must: Vec<usize> = near
                .into_iter()
                .filter(|&v| walk(b, &own, usize::MAX, |c| c != v && dist[c].is_some())[target].is_none())
                .collect();
            must.push(target);
            // Every open edge between the groups of the cells it must take,
            // or between one of them and the group.
            let taken: Vec<usize> = must.iter().map(|&c| b.group_of(c)).collect();
            for s in b.slots() {
                let (x, y) = b.ends(s);
                let (gx, gy) = (b.group_of(x), b.group_of(y));
                let inside = |k: usize| k == g || taken.contains(&k);
                if b.mark_at(s) == Mark::Open
                    && gx != gy
                    && inside(gx)
                    && inside(gy)
                    && (taken.contains(&gx) || taken.contains(&gy))
                {
                    decide.push((s, Mark::Join));
                }
            }
        }
    }
    (decide, nodes, false)
}

/// Boards along the solve paths of challenges from `construct`, every few
/// steps, on grids of `size`.
fn boards(size: usize, seeds: u64, every: usize) -> Vec<Board> {
    (0..seeds).flat_map(|seed| boards_of(size, seed, every)).collect()
}

/// Every `every`-th board of the solve path of one minimal-wall challenge.
fn boards_of(size: usize, seed: u64, every: usize) -> Vec<Board> {
    let mut out = Vec::new();
    let config = ConstructConfig { difficulty: Difficulty::Hard, ..ConstructConfig::new(size) };
    let Ok(made) = partition::construct(&config, seed) else { return out };
    let deduce = DeduceConfig { node_budget: 60_000, ..DeduceConfig::new(size) };
    let mut stepper = Stepper::new(&made.instance, &deduce);
    for i in 0.. {
        if i % every == 0 {
            out.push(stepper.board().clone());
        }
        if !matches!(stepper.next(), Next::Step(_)) {
            break;
        }
    }
    out
}

#[test]
fn bitset_shapes_list_what_the_plain_listing_lists() {
    let mut compared = 0;
    for (size, seeds, every) in [(5, 6, 2), (6, 5, 3), (7, 4, 4), (9, 3, 8), (12, 1, 40)] {
        for b in boards(size, seeds, every) {
            for g in 0..b.groups().len() {
                if b.groups()[g].size as usize >= size {
                    continue;
                }
                for t in [Technique::FewShapes, Technique::SomeShapes, Technique::ManyShapes] {
                    let (cap, node_cap) = limits(t);
                    let slow = shapes_slow(&b, g, cap, node_cap);
                    assert_eq!(shapes_fast(&b, g, cap, node_cap), slow, "{b:?} group {g}");
                    // The wider sets, which only large grids use, list alike.
                    if size == 5 {
                        assert_eq!(shapes_fast_in::<8>(&b, g, cap, node_cap), slow, "{b:?} group {g}, 8 words");
                        assert_eq!(shapes_fast_in::<20>(&b, g, cap, node_cap), slow, "{b:?} group {g}, 20 words");
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} listings compared");
}

#[test]
fn bitset_missing_symbol_decides_what_the_plain_walks_decide() {
    let mut decided = 0;
    for (size, seeds, every) in [(5, 10, 1), (6, 8, 1), (7, 6, 2), (9, 4, 2), (12, 1, 10)] {
        for b in boards(size, seeds, every) {
            let mut cx = Ctx::new(u64::MAX);
            let mut batch = Batch::default();
            let broken = areas::missing_symbol(&b, &mut cx, &mut batch) == Err(Contradiction);
            let (mut fast, mut slow) = (batch.0, missing_slow(&b));
            if broken {
                assert!(slow.2, "{b:?}");
                continue;
            }
            fast.sort_unstable();
            fast.dedup();
            slow.0.sort_unstable();
            slow.0.dedup();
            assert_eq!((fast, cx.nodes, broken), slow, "{b:?}");
            decided += slow.0.len();
        }
    }
    assert!(decided > 50, "only {decided} decisions compared");
}

/// Every listing from one memo, fed the boards of whole solve paths with the
/// three caps in turn, equals the listing made afresh, nodes included; and
/// the memo answers a good share of them.
#[test]
fn listings_from_the_memo_are_the_listings() {
    let (mut compared, mut answered) = (0, 0);
    for (size, seeds, every) in [(5, 6, 1), (6, 5, 1), (7, 4, 1), (9, 3, 2)] {
        for seed in 0..seeds {
            let boards = boards_of(size, seed, every);
            let mut memo = Memo::<2>::default();
            for (i, b) in boards.iter().enumerate() {
                each_open_group(b, |v, g| {
                    // The caps in a changing order, and budgets cut short,
                    // so that replays meet listings kept with other caps.
                    let techniques = [Technique::FewShapes, Technique::SomeShapes, Technique::ManyShapes];
                    for k in 0..3 {
                        let (cap, node_cap) = limits(techniques[(i + g + k) % 3]);
                        let node_cap = if (i + g) % 5 == 0 { node_cap / 7 + k as u64 } else { node_cap };
                        let (mut found, mut replayed) = (Vec::new(), Vec::new());
                        let fresh = list(b, v, &mut Vec::new(), g, cap, node_cap, None, &mut found).0;
                        answered += usize::from(memo.replay(v, v.group[g], cap, node_cap, &mut replayed).is_some());
                        let memoized =
                            list_with_memo(b, v, &mut memo, &mut Vec::new(), g, cap, node_cap, &mut replayed);
                        assert_eq!(memoized, fresh, "{b:?} group {g}, caps {cap} {node_cap}");
                        assert_eq!(replayed, found, "{b:?} group {g}, caps {cap} {node_cap}: the shapes found");
                        compared += 1;
                    }
                });
            }
        }
    }
    assert!(compared > 3000, "only {compared} listings compared");
    assert!(answered > compared / 5, "the memo answered only {answered} of {compared}");
}

/// Calls `f` with the view of `b` (in two words) and each group of `b`
/// smaller than a region.
fn each_open_group(b: &Board, mut f: impl FnMut(&View<2>, usize)) {
    let mut views = Views::default();
    views.refresh_all::<2>(b);
    let v = views.get::<2>();
    for g in 0..b.groups().len() {
        if (b.groups()[g].size as usize) < b.size() {
            f(v, g);
        }
    }
}

/// Challenges whose paths need shapes and suppositions (minimal walls,
/// 6×6 to 9×9), each with a budget small enough that some run out.
fn minimal_challenges() -> Vec<(Instance, DeduceConfig)> {
    let mut out = Vec::new();
    for (size, seeds, budget) in [(6, 12, 200_000), (7, 8, 200_000), (8, 4, 100_000), (9, 3, 60_000)] {
        for seed in 0..seeds {
            let config = ConstructConfig { difficulty: Difficulty::Hard, ..ConstructConfig::new(size) };
            if let Ok(made) = partition::construct(&config, seed) {
                out.push((made.instance, DeduceConfig { node_budget: budget, ..DeduceConfig::new(size) }));
            }
        }
    }
    assert!(out.len() >= 20, "only {} challenges made", out.len());
    out
}

/// Whole ratings with the memo of listings and without are the same,
/// steps and node counts included, on challenges whose paths need shapes
/// and suppositions, budgets running out among them.
#[test]
fn ratings_are_the_same_without_the_memo() {
    for (instance, deduce) in minimal_challenges() {
        let with = solve_path(Stepper::new(&instance, &deduce));
        let without = solve_path(Stepper::new(&instance, &deduce).without_memo());
        assert_eq!(with, without, "{instance}");
    }
}

/// Runs every solve of [`minimal_challenges`] as `stepper` sets it up and
/// with `off` turning a speed-up off, and checks both take the same steps,
/// end on the same board and spend the same nodes; the sum of what `count`
/// says of the first runs (the second must say none).
fn same_without(off: fn(Stepper) -> Stepper, count: fn(&Stepper) -> u64) -> u64 {
    let run = |mut stepper: Stepper| {
        let mut steps = Vec::new();
        while let Next::Step(step) = stepper.next() {
            steps.push(step);
        }
        ((steps, stepper.nodes(), stepper.board().clone()), count(&stepper))
    };
    let mut total = 0;
    for (instance, deduce) in minimal_challenges() {
        let (with, counted) = run(Stepper::new(&instance, &deduce));
        let (without, none) = run(off(Stepper::new(&instance, &deduce)));
        assert_eq!(none, 0);
        assert_eq!(with, without, "{instance}");
        total += counted;
    }
    total
}

/// Whole solves with resumed suppositions settled where the path's new
/// marks touch (`settle.rs`) and with every one swept are the same, steps,
/// end and node counts included; and settling answers often.
#[test]
fn ratings_are_the_same_without_settling() {
    let settled = same_without(Stepper::without_settle, Stepper::settled);
    assert!(settled > 100, "only {settled} suppositions settled");
}

/// Whole solves with the missing-symbol rule going on from its last runs
/// (`runs.rs`) and with every group walked every time are the same, steps,
/// end and node counts included; and most groups are not walked again.
#[test]
fn ratings_are_the_same_without_runs() {
    let skipped = same_without(Stepper::without_runs, Stepper::walks_skipped);
    assert!(skipped > 10_000, "only {skipped} walks skipped");
}

/// Every find of a technique, one at a time (as the solve path sees them),
/// gathered: what a technique decides at once for a batch must be this.
#[derive(Default)]
struct EveryFind(Vec<(usize, Mark)>);

impl Collect for EveryFind {
    fn found(&mut self, board: &Board, f: &Found) -> bool {
        self.0.extend(f.decide.iter().filter(|&&(s, _)| board.mark_at(s) == Mark::Open));
        false
    }
}

#[test]
fn pair_rules_decide_at_once_what_they_decide_pair_by_pair() {
    let mut decided = 0;
    for (size, seeds, every) in [(5, 8, 1), (6, 6, 1), (7, 4, 2), (9, 3, 2)] {
        for b in boards(size, seeds, every) {
            type Rule = fn(&Board, &mut Ctx, &mut dyn Collect) -> Result<(), Contradiction>;
            let rules: [Rule; 3] = [basic::shared_symbol, basic::too_big, basic::separated];
            for rule in rules {
                let (mut batch, mut each) = (Batch::default(), EveryFind::default());
                rule(&b, &mut Ctx::new(u64::MAX), &mut batch).unwrap();
                rule(&b, &mut Ctx::new(u64::MAX), &mut each).unwrap();
                let (mut batch, mut each) = (batch.0, each.0);
                for list in [&mut batch, &mut each] {
                    list.sort_unstable();
                    list.dedup();
                }
                assert_eq!(batch, each, "{b:?}");
                decided += each.len();
            }
        }
    }
    assert!(decided > 100, "only {decided} decisions compared");
}

/// A supposition followed on a later board of a solve path from where it
/// ended on an earlier one (`prior.rs`) ends where it ends followed from
/// the later board alone: the same marks, or a contradiction both ways.
#[test]
fn a_supposition_started_from_its_record_ends_as_from_scratch() {
    use super::follow::propagate;
    use super::prior::{index, Prior, Start};
    let follow =
        |b: &mut Board, upto: Technique| b.regroup().and_then(|()| propagate(b, upto, &mut Ctx::new(u64::MAX)));
    let marks = |b: &Board| (0..2 * b.size() * b.size()).map(|s| b.mark_at(s)).collect::<Vec<_>>();
    let (mut compared, mut same) = (0, 0);
    for (size, seed) in [(6, 0), (6, 1), (7, 0), (7, 2), (8, 1), (9, 0)] {
        let path = boards_of(size, seed, 1);
        for i in (0..path.len()).step_by(4) {
            let (early, late) = (&path[i], &path[(i + 5).min(path.len() - 1)]);
            for upto in [Technique::MissingSymbol, Technique::FewShapes] {
                let open: Vec<(usize, Mark)> = late
                    .slots()
                    .filter(|&s| late.mark_at(s) == Mark::Open)
                    .flat_map(|s| [(s, Mark::Join), (s, Mark::Border)])
                    .collect();
                let mut prior = Prior::default();
                prior.begin(early);
                for &(s, m) in &open {
                    let mut end = early.clone();
                    if end.set(s, m).is_ok() && follow(&mut end, upto).is_ok() {
                        prior.record(index(s, m), &end);
                    }
                }
                prior.begin(late);
                for &(s, m) in &open {
                    if !prior.has(index(s, m)) {
                        continue;
                    }
                    let mut scratch = late.clone();
                    let fresh = scratch.set(s, m).and_then(|_| follow(&mut scratch, upto));
                    let mut started = late.clone();
                    started.set(s, m).unwrap();
                    let again = match prior.start(index(s, m), &mut started) {
                        Err(e) => Err(e),
                        Ok(Start::Same) => {
                            same += 1;
                            Ok(())
                        }
                        Ok(_) => follow(&mut started, upto),
                    };
                    assert_eq!(fresh.is_ok(), again.is_ok(), "{late:?} {s} {m:?} {upto:?}");
                    if fresh.is_ok() {
                        assert_eq!(marks(&scratch), marks(&started), "{late:?} {s} {m:?} {upto:?}");
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 2000, "only {compared} suppositions compared");
    assert!(same > 20, "only {same} records held the later board");
}

/// `b` with up to `count` more marks, open edges picked and marked at
/// random (each kept only when the groups stay sound): the kind of board a
/// supposition followed from `b` reaches.
fn more_marks(b: &Board, rng: &mut ChaCha8Rng, count: usize) -> Board {
    let mut out = b.clone();
    for _ in 0..count {
        let open: Vec<usize> = out.slots().filter(|&s| out.mark_at(s) == Mark::Open).collect();
        if open.is_empty() {
            break;
        }
        let s = open[rng.random_range(0..open.len() as u32) as usize];
        let mark = if rng.random_range(0..3u32) == 0 { Mark::Join } else { Mark::Border };
        let mut next = out.clone();
        if next.set(s, mark).is_ok() && next.regroup().is_ok() {
            out = next;
        }
    }
    out
}

/// Regions kept from listings on earlier boards of solve paths, and on
/// boards with random marks added, are shapes of a group on a later board
/// exactly when the plain listing lists them there; and whenever more than
/// the few-shapes cap of them are, the few-shapes listing stops (so
/// skipping it decides the same).
#[test]
fn kept_regions_are_shapes_exactly_when_the_plain_listing_lists_them() {
    let (mut checked, mut skips) = (0, 0);
    let (cap, node_cap) = limits(Technique::FewShapes);
    for (size, seeds) in [(5, 6), (6, 5), (7, 3)] {
        for seed in 0..seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut known = Known::<2>::default();
            for (i, path_board) in boards_of(size, seed, 2).iter().enumerate() {
                let boards = [
                    path_board.clone(),
                    more_marks(path_board, &mut rng, 2 + i % 5),
                    more_marks(path_board, &mut rng, 8),
                ];
                for b in &boards {
                    each_open_group(b, |v, g| {
                        let first = b.groups()[g].first as usize;
                        if let Some(every) = every_shape(b, g, 5_000, 200_000) {
                            for &(_, region) in known.regions(first) {
                                let cells: Vec<usize> = region.iter().collect();
                                assert_eq!(
                                    v.is_shape(region, v.group[g]),
                                    every.contains(&cells),
                                    "{b:?} group {g}: {cells:?}"
                                );
                                checked += 1;
                            }
                        }
                        if known.enough(v, first, v.group[g], cap).is_some() {
                            assert!(shapes_slow(b, g, cap, node_cap).1, "{b:?} group {g}: the listing would not stop");
                            skips += 1;
                        }
                        for t in [Technique::FewShapes, Technique::SomeShapes] {
                            let (cap, node_cap) = limits(t);
                            let mut found = Vec::new();
                            list(b, v, &mut Vec::new(), g, cap, node_cap, None, &mut found);
                            known.keep(first, &found);
                        }
                    });
                }
            }
        }
    }
    assert!(checked > 5_000, "only {checked} kept regions checked");
    assert!(skips > 500, "only {skips} listings skipped");
}

/// Whole solves with listings skipped where more than the cap of known
/// regions are shapes, and with every listing made, take the same steps
/// (node counts differ: a skip is charged the regions it checks); where a
/// budget ran out, the shorter path is the start of the longer.
#[test]
fn solves_take_the_same_steps_without_known_regions() {
    for (instance, deduce) in minimal_challenges() {
        let with = solve_path(Stepper::new(&instance, &deduce));
        let without = solve_path(Stepper::new(&instance, &deduce).without_known());
        let common = with.steps.len().min(without.steps.len());
        assert_eq!(with.steps[..common], without.steps[..common], "{instance}");
        if with.end != End::OutOfBudget && without.end != End::OutOfBudget {
            assert_eq!((&with.steps, with.end), (&without.steps, without.end), "{instance}");
        }
    }
}

/// `View::rest_fits` answers kept across boards (`fits.rs`) are the answers
/// worked out afresh: one view goes through boards of solve paths, boards
/// with random marks added and the path's boards again (borders come and
/// go), and every complete set listings met is checked on each against a
/// view built for that board alone.
#[test]
fn rest_fits_kept_across_boards_is_rest_fits_afresh() {
    let (mut checked, mut fit) = (0, 0);
    for (size, seeds) in [(5, 4), (6, 4), (7, 3), (9, 2)] {
        for seed in 0..seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut kept = Views::default();
            let mut sets = Vec::new();
            let path = boards_of(size, seed, 2);
            for (i, path_board) in path.iter().enumerate() {
                let boards = [
                    more_marks(path_board, &mut rng, 3 + i % 5),
                    path_board.clone(),
                    more_marks(path_board, &mut rng, 12),
                    path[i / 2].clone(),
                ];
                for b in &boards {
                    each_open_group(b, |v, g| {
                        let mut events = Vec::new();
                        list(b, v, &mut Vec::new(), g, 20, 1_000, Some(&mut events), &mut Vec::new());
                        sets.extend(events.iter().map(|&(_, set)| set).take(4));
                    });
                    sets.sort_unstable_by_key(|s: &crate::partition::bits::Bits<2>| s.0);
                    sets.dedup();
                    kept.refresh::<2>(b);
                    let mut fresh = Views::default();
                    fresh.refresh::<2>(b);
                    let (v, afresh) = (kept.get::<2>(), fresh.get::<2>());
                    for &set in &sets {
                        let answer = afresh.rest_fits(set);
                        assert_eq!(v.rest_fits(set), answer, "{b:?}: {:?}", set.iter().collect::<Vec<_>>());
                        checked += 1;
                        fit += usize::from(answer);
                    }
                }
            }
        }
    }
    assert!(checked > 20_000 && fit > checked / 4 && fit < checked, "{checked} checked, {fit} fit");
}
