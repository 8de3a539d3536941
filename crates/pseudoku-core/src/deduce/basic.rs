//! The easy techniques, each a pass over the groups or the open edges: full
//! region, shared symbol, too big, already separated, only way out.

use super::board::{Board, Contradiction, Mark};
use super::ctx::Ctx;
use super::step::{Collect, Found};
use super::technique::Technique;

/// Every open edge out of group `g`, into `out`.
pub(crate) fn open_edges_out(b: &Board, g: usize, out: &mut Vec<(usize, Mark)>, mark: Mark) {
    for &c in b.cells_of(g) {
        for (nb, s) in b.neighbours(c as usize) {
            if b.group_of(nb) != g && b.mark_at(s) == Mark::Open {
                out.push((s, mark));
            }
        }
    }
}

/// The open edges out of group `g` as joins into `out`, stopping at the
/// second (only none or one matter to [`only_way_out`]).
fn two_open_edges_out(b: &Board, g: usize, out: &mut Vec<(usize, Mark)>) {
    for &c in b.cells_of(g) {
        for (nb, s) in b.neighbours(c as usize) {
            if b.mark_at(s) == Mark::Open && b.group_of(nb) != g {
                out.push((s, Mark::Join));
                if out.len() == 2 {
                    return;
                }
            }
        }
    }
}

/// Every open edge between groups `g` and `h`, as borders, into `out`.
fn borders_between(b: &Board, g: usize, h: usize, out: &mut Vec<(usize, Mark)>) {
    for &c in b.cells_of(g) {
        for (nb, s) in b.neighbours(c as usize) {
            if b.group_of(nb) == h && b.mark_at(s) == Mark::Open {
                out.push((s, Mark::Border));
            }
        }
    }
}

/// A group of `N` cells: every edge out of it is a border.
pub(crate) fn full_region(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    let mut decide = core::mem::take(&mut cx.decide);
    for (g, group) in b.groups().iter().enumerate() {
        if group.size as usize != b.size() {
            continue;
        }
        decide.clear();
        open_edges_out(b, g, &mut decide, Mark::Border);
        if !decide.is_empty() {
            let mut found = Found::new(Technique::FullRegion, &decide, b.cells_of(g));
            found.count = group.size;
            if out.found(b, &found) {
                break;
            }
        }
    }
    cx.decide = decide;
    Ok(())
}

/// Which pair test a pass over the open edges makes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PairRule {
    Shared,
    TooBig,
    Separated,
}

impl PairRule {
    fn technique(self) -> Technique {
        match self {
            PairRule::Shared => Technique::SharedSymbol,
            PairRule::TooBig => Technique::TooBig,
            PairRule::Separated => Technique::Separated,
        }
    }
}

/// Shared symbol, too big or already separated: for each pair of groups
/// touching through an open edge that the rule forbids to join, a step that
/// borders every edge between them.
fn pair_rule(b: &Board, cx: &mut Ctx, out: &mut dyn Collect, rule: PairRule) -> Result<(), Contradiction> {
    if out.decisions_only() {
        if rule == PairRule::Separated {
            cx.fill_split(b);
        }
        return pair_rule_decisions(b, cx, out, rule);
    }
    if rule == PairRule::Separated {
        cx.fill_separated(b);
    }
    let mut decide = core::mem::take(&mut cx.decide);
    let mut cells = core::mem::take(&mut cx.cells);
    let mut done: Vec<(u32, u32)> = Vec::new();
    for s in b.slots() {
        if b.mark_at(s) != Mark::Open {
            continue;
        }
        let (x, y) = b.ends(s);
        let (g, h) = (b.group_of(x), b.group_of(y));
        let (gg, hg) = (b.groups()[g], b.groups()[h]);
        let key = (g.min(h) as u32, g.max(h) as u32);
        let mut because = None;
        let mut symbol = None;
        let hit = match rule {
            PairRule::Shared => {
                let common = gg.mask & hg.mask;
                symbol = (common != 0).then(|| common.trailing_zeros() as u8);
                common != 0
            }
            PairRule::TooBig => (gg.size + hg.size) as usize > b.size(),
            PairRule::Separated => {
                because = cx.separated_by(key);
                because.is_some()
            }
        };
        if !hit || done.contains(&key) {
            continue;
        }
        done.push(key);
        decide.clear();
        borders_between(b, g, h, &mut decide);
        cells.clear();
        match symbol {
            Some(sym) => {
                let holder = |k: usize| *b.cells_of(k).iter().find(|&&c| b.symbol(c as usize) == sym).expect("in mask");
                cells.extend([holder(g), holder(h)]);
            }
            None => cells.extend([gg.first, hg.first]),
        }
        let because_slots: Vec<usize> = because.into_iter().collect();
        let mut found = Found::new(rule.technique(), &decide, &cells);
        found.because = &because_slots;
        found.symbol = symbol;
        found.count = gg.size + hg.size;
        if out.found(b, &found) {
            break;
        }
    }
    cx.decide = decide;
    cx.cells = cells;
    Ok(())
}

/// [`pair_rule`] when only its decisions matter: every open edge between
/// two groups the rule keeps apart is a border, handed over at once (the
/// same decisions as a step per pair).
fn pair_rule_decisions(b: &Board, cx: &mut Ctx, out: &mut dyn Collect, rule: PairRule) -> Result<(), Contradiction> {
    let mut decide = core::mem::take(&mut cx.decide);
    decide.clear();
    let (groups, n) = (b.groups(), b.size() as u32);
    for s in b.slots() {
        if b.mark_at(s) != Mark::Open {
            continue;
        }
        let (x, y) = b.ends(s);
        let (g, h) = (b.group_of(x), b.group_of(y));
        let hit = match rule {
            PairRule::Shared => groups[g].mask & groups[h].mask != 0,
            PairRule::TooBig => groups[g].size + groups[h].size > n,
            PairRule::Separated => cx.is_split(g, h),
        };
        if hit {
            decide.push((s, Mark::Border));
        }
    }
    if !decide.is_empty() {
        out.found(b, &Found::new(rule.technique(), &decide, &[]));
    }
    cx.decide = decide;
    Ok(())
}

pub(crate) fn shared_symbol(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    pair_rule(b, cx, out, PairRule::Shared)
}

pub(crate) fn too_big(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    pair_rule(b, cx, out, PairRule::TooBig)
}

pub(crate) fn separated(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    pair_rule(b, cx, out, PairRule::Separated)
}

/// A group smaller than `N` with one open edge out joins through it; with
/// none, the board is contradictory.
pub(crate) fn only_way_out(b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    let mut decide = core::mem::take(&mut cx.decide);
    let mut result = Ok(());
    for (g, group) in b.groups().iter().enumerate() {
        if group.size as usize >= b.size() {
            continue;
        }
        decide.clear();
        two_open_edges_out(b, g, &mut decide);
        match decide.len() {
            0 => {
                result = Err(Contradiction);
                break;
            }
            1 => {
                let mut found = Found::new(Technique::OnlyWayOut, &decide, b.cells_of(g));
                found.count = group.size;
                if out.found(b, &found) {
                    break;
                }
            }
            _ => {}
        }
    }
    cx.decide = decide;
    result
}
