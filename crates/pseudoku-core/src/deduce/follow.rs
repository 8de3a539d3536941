//! The dispatch from a [`Technique`] to its code, and propagation: every
//! technique up to a given one, applied to a fixpoint. It sits above every
//! technique file; the suppositions (`assume.rs`) get [`propagate`] passed in,
//! so no file below uses this one.

use super::board::{Board, Contradiction};
use super::ctx::Ctx;
use super::step::{Batch, Collect};
use super::technique::Technique;
use super::{areas, assume, basic, settle, shapes};

/// Runs one technique over the board, handing what it finds to `out`.
/// `Err` when it finds the board contradictory.
pub(crate) fn find(t: Technique, b: &Board, cx: &mut Ctx, out: &mut dyn Collect) -> Result<(), Contradiction> {
    match t {
        Technique::FullRegion => basic::full_region(b, cx, out),
        Technique::SharedSymbol => basic::shared_symbol(b, cx, out),
        Technique::TooBig => basic::too_big(b, cx, out),
        Technique::Separated => basic::separated(b, cx, out),
        Technique::OnlyWayOut => basic::only_way_out(b, cx, out),
        Technique::ClosedArea => areas::closed_area(b, cx, out),
        Technique::MissingSymbol => areas::missing_symbol(b, cx, out),
        Technique::FewShapes | Technique::SomeShapes | Technique::ManyShapes => shapes::shapes(b, cx, out, t),
        Technique::Contradiction | Technique::ShapeContradiction | Technique::DeepContradiction => {
            assume::assume(b, cx, out, t, follow)
        }
    }
}

/// [`propagate`] for a supposition; `resumed`: it starts from the end of
/// supposition `resumed` of `cx.priors[0]` (with the path's new marks), so
/// that when nothing new follows, `settle.rs` can say so without a sweep
/// (charging the sweep's nodes).
pub(crate) fn follow(
    b: &mut Board,
    upto: Technique,
    cx: &mut Ctx,
    resumed: Option<usize>,
) -> Result<(), Contradiction> {
    if let (Some(at), Technique::MissingSymbol, true) = (resumed, upto, cx.settle_on) {
        if let Some(nodes) = settle::settled(b, cx, at) {
            cx.nodes += nodes;
            cx.settled += 1;
            return Ok(());
        }
    }
    propagate(b, upto, cx)
}

/// Applies every technique up to `upto` until none decides anything more,
/// always going back to the easiest after a change.
pub(crate) fn propagate(b: &mut Board, upto: Technique, cx: &mut Ctx) -> Result<(), Contradiction> {
    let mut batch = Batch(core::mem::take(&mut cx.batch));
    let result = propagate_with(b, upto, cx, &mut batch);
    batch.0.clear();
    cx.batch = batch.0;
    result
}

/// More nodes than any one search of a technique may take: with more than
/// this left besides what a run took, the budget cannot have cut it short.
const MARGIN: u64 = shapes::MOST_NODES + 1;

fn propagate_with(b: &mut Board, upto: Technique, cx: &mut Ctx, batch: &mut Batch) -> Result<(), Contradiction> {
    // Sweeps every technique in turn, applying what each finds at once; a
    // sweep that changes nothing ends it. (Restarting from the easiest after
    // every change, as the solve path does, reaches the same fixpoint with
    // more passes of the cheap techniques.)
    //
    // A searching technique (shapes, suppositions) runs only once the easier
    // ones have nothing more in this sweep: on a board they would still add
    // to, its search is wasted. The fixpoint is the same (every technique
    // is monotone).
    //
    // A technique that found nothing on a board finds nothing on it again:
    // the techniques are deterministic, and a run the budget did not cut
    // short takes the same nodes again. So a technique whose last run found
    // nothing and that has seen no change since is not run again; its nodes
    // are charged as if it were, so node counts, steps and ratings are those
    // of running it.
    let mut version = 0u32;
    // Per technique: the board version its last run found nothing on, and
    // the nodes that run took.
    let mut idle = [(u32::MAX, 0u64); Technique::ALL.len()];
    loop {
        let mut changed = false;
        for (i, &t) in Technique::ALL.iter().enumerate().take_while(|&(_, &t)| t <= upto) {
            if b.is_solved() {
                return Ok(());
            }
            if changed && t >= Technique::FewShapes {
                break;
            }
            cx.nodes += 1;
            let (seen, cost) = idle[i];
            if seen == version && cx.left() > cost + MARGIN {
                cx.nodes += cost;
                continue;
            }
            batch.0.clear();
            let before = cx.nodes;
            find(t, b, cx, batch)?;
            if batch.0.is_empty() {
                idle[i] = (version, cx.nodes - before);
                continue;
            }
            changed = true;
            for &(s, m) in &batch.0 {
                b.set(s, m)?;
            }
            b.regroup()?;
            version += 1;
        }
        if !changed {
            return Ok(());
        }
    }
}
