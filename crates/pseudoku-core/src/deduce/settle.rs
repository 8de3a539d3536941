//! A supposition resumed from where it ended on an earlier board (`prior.rs`)
//! usually adds nothing: the marks the path made since touch a few groups,
//! and the easy and medium techniques find nothing new. This checks that by
//! looking only at what changed, instead of a sweep of every technique over
//! the whole board.
//!
//! The record's end `T` is a fixpoint: every technique up to
//! [`Technique::MissingSymbol`] found nothing on it. On the board at hand
//! `T′` (the end with the path's new marks, regrouped), a group none of
//! whose cells lies on a changed edge is a group of `T` with the same edges
//! around it, so the one-group and pair rules find nothing there again, and
//! an area with no such cell is an area of `T`. The missing-symbol rule reads
//! more: the cells its walk reached and their neighbours, kept with the
//! record ([`Walks`]); a group whose read cells all lie in unchanged groups
//! reads on `T′` what it read on `T`, so it finds nothing again and charges
//! the same nodes. Everything else is checked on `T′` itself. When all of it
//! finds nothing, the sweep would too: its nodes are charged (one per
//! technique and the missing-symbol charges), so node counts are those of
//! the sweep. Anything found, or any doubt, and the sweep runs as before.

use super::areas::missing_group;
use super::board::{Board, Mark};
use super::cells::by_width;
use super::ctx::Ctx;
use super::prior::{Walks, NO_WALK};
use super::runs::changed_since;
use super::step::{Collect, Found};
use super::technique::Technique;
use crate::partition::bits::Bits;

/// The nodes a sweep of every technique up to [`Technique::MissingSymbol`]
/// would charge on `b`, resumed from the end of supposition `at` of
/// `cx.priors[0]`, when that sweep would find nothing; `None` when it might
/// find something (or no end with walks is kept). On `Some`, `cx.walks`
/// holds what the missing-symbol rule does on `b`.
pub(crate) fn settled(b: &Board, cx: &mut Ctx, at: usize) -> Option<u64> {
    if b.is_solved() {
        return None;
    }
    let cells = b.size() * b.size();
    let charge = by_width!(cells, settled_in(b, cx, at));
    if charge.is_none() {
        // What `cx.walks` holds is of no board.
        cx.walks.charge.clear();
    }
    charge
}

/// Notes whether anything was found.
struct Probe(bool);

impl Collect for Probe {
    fn found(&mut self, _: &Board, _: &Found) -> bool {
        self.0 = true;
        true
    }
}

fn settled_in<const W: usize>(b: &Board, cx: &mut Ctx, at: usize) -> Option<u64> {
    let n = b.size();
    let (end, _) = cx.priors[0].end_with_walks(at)?;
    // The groups with a cell on an edge whose mark changed, and their cells.
    let (touched, changed) = changed_since::<W>(b, end);
    // Full region, shared symbol, too big, already separated, only way out.
    let groups = b.groups();
    let mut split = Vec::new();
    for g in touched.iter() {
        let group = groups[g];
        split.clear();
        for &c in b.cells_of(g) {
            for (nb, s) in b.neighbours(c as usize) {
                if b.mark_at(s) == Mark::Border {
                    split.push(b.group_of(nb));
                }
            }
        }
        let mut open_out = 0;
        for &c in b.cells_of(g) {
            for (nb, s) in b.neighbours(c as usize) {
                let h = b.group_of(nb);
                if h == g || b.mark_at(s) != Mark::Open {
                    continue;
                }
                open_out += 1;
                let other = groups[h];
                if group.mask & other.mask != 0 || (group.size + other.size) as usize > n || split.contains(&h) {
                    return None;
                }
            }
        }
        let size = group.size as usize;
        if (size == n && open_out > 0) || (size < n && open_out <= 1) {
            return None;
        }
    }
    cx.fill_split(b);
    cx.views.refresh::<W>(b);
    // Closed areas: those with a changed cell.
    {
        let v = cx.views.get::<W>();
        let mut left = changed;
        while let Some(c) = left.first() {
            let area = v.flood(Bits::single(c), v.all);
            left = left.andnot(area);
            let size = area.count();
            let k = size / n;
            if size % n != 0 || v.sym.iter().any(|m| area.count_and(m) != k) {
                return None;
            }
            if size == n && v.has_inner_open(area) {
                return None;
            }
        }
    }
    // Missing symbol: a group whose read cells are all unchanged does what
    // it did on the end; the rest are run.
    let mut walks = core::mem::take(&mut cx.walks);
    let mut bufs = (core::mem::take(&mut cx.decide), core::mem::take(&mut cx.cells));
    let charge = missing_settled::<W>(b, cx, at, touched, changed, &mut walks, &mut bufs);
    (cx.decide, cx.cells) = bufs;
    cx.walks = walks;
    let runs = Technique::ALL.iter().take_while(|&&t| t <= Technique::MissingSymbol).count() as u64;
    charge.map(|c| c + runs)
}

fn missing_settled<const W: usize>(
    b: &Board,
    cx: &Ctx,
    at: usize,
    touched: Bits<W>,
    changed: Bits<W>,
    walks: &mut Walks,
    bufs: &mut (Vec<(usize, Mark)>, Vec<u32>),
) -> Option<u64> {
    let (_, old) = cx.priors[0].end_with_walks(at)?;
    if old.words != W {
        return None;
    }
    walks.start(b.size() * b.size(), W);
    // A group the record's walks cannot answer for may be answered by the
    // missing-symbol rule's last runs (`runs.rs`).
    let from = if cx.runs_on { cx.runs.closest::<W>(b, cx.depth as usize) } else { None };
    let mut probe = Probe(false);
    let mut charge = 0;
    for (g, group) in b.groups().iter().enumerate() {
        if group.size as usize >= b.size() {
            continue;
        }
        let first = group.first as usize;
        let kept = old.charge[first];
        if kept != NO_WALK && !touched.contains(g) {
            let mut read = Bits::<W>::EMPTY;
            read.0.copy_from_slice(old.read_of(first));
            if !read.intersects(&changed) {
                charge += u64::from(kept);
                walks.put(first, u64::from(kept), &read.0);
                continue;
            }
        }
        if let Some((kept, read)) = from.as_ref().and_then(|f| cx.runs.same(f, g, first)) {
            charge += kept;
            walks.put(first, kept, &read.0);
            continue;
        }
        let walk = missing_group::<W>(b, cx, g, bufs, &mut probe).ok()?;
        if probe.0 {
            return None;
        }
        charge += walk.charge;
        walks.put(first, walk.charge, &walk.read.0);
    }
    Some(charge)
}
