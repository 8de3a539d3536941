//! Contradictions: suppose an open edge is a join (then a border), apply
//! the easier techniques until nothing more follows; if that breaks a rule,
//! the edge is the other way.
//!
//! [`Technique::Contradiction`] follows the supposition with the easy and
//! medium techniques, [`Technique::ShapeContradiction`] with shapes of up
//! to 3 tries as well, [`Technique::DeepContradiction`] with suppositions
//! of the first kind inside. Each supposition costs a node of the budget,
//! besides the nodes its shapes spend.
//!
//! A supposition that breaks nothing decides other edges on the way; each
//! of those decisions, supposed on its own, follows a part of the same
//! chain (the techniques are monotone), so it breaks nothing either and is
//! not tried (failed-literal probing's dominance rule). This skips most
//! suppositions and finds the same contradictions.
//!
//! Two more skips find the same contradictions with less work:
//! - on the path's own board, a supposition that agrees with a known answer
//!   the board agrees with is not tried (`answers.rs`);
//! - the suppositions of a deep one start where they ended on the path's
//!   board (`prior.rs`: that board is part of the deep one's).

use super::answers;
use super::board::{Board, Contradiction, Mark};
use super::ctx::Ctx;
use super::prior::{index, Start};
use super::step::{Collect, Found};
use super::technique::Technique;

/// The technique a supposition is followed with.
fn inner(t: Technique) -> Technique {
    match t {
        Technique::Contradiction => Technique::MissingSymbol,
        Technique::ShapeContradiction => Technique::FewShapes,
        _ => Technique::Contradiction,
    }
}

/// How a supposition is followed: every technique up to the one given,
/// applied to a fixpoint (`follow::follow`, passed in from above); the
/// last argument names the record of `cx.priors[0]` it resumes from.
pub(crate) type Follow = fn(&mut Board, Technique, &mut Ctx, Option<usize>) -> Result<(), Contradiction>;

pub(crate) fn assume(
    b: &Board,
    cx: &mut Ctx,
    out: &mut dyn Collect,
    t: Technique,
    propagate: Follow,
) -> Result<(), Contradiction> {
    let upto = inner(t);
    let mut trial = cx.boards.pop().unwrap_or_else(|| b.clone());
    let open = b.open_count();
    let mut decide = Vec::with_capacity(1);
    // Edges at a group of two or more cells first: suppositions there
    // reach a contradiction far more often than between two lone cells.
    let lone = |s: usize| {
        let (x, y) = b.ends(s);
        b.groups()[b.group_of(x)].size == 1 && b.groups()[b.group_of(y)].size == 1
    };
    let open_slots = || b.slots().filter(|&s| b.mark_at(s) == Mark::Open);
    // On the path's own board, the slots given to try first (a hint's
    // guesses: where the challenge's solve path supposed) come first.
    let mut first = Vec::new();
    if cx.depth == 0 {
        for &s in &cx.first {
            if b.mark_at(s) == Mark::Open && !first.contains(&s) {
                first.push(s);
            }
        }
    }
    let rest = |s: &usize| !first.contains(s);
    let order = first
        .iter()
        .copied()
        .chain(open_slots().filter(|&s| !lone(s)).filter(rest))
        .chain(open_slots().filter(|&s| lone(s)).filter(rest));
    // Bit 0: supposing a join is known to break nothing; bit 1: a border.
    let bit = |m: Mark| if m == Mark::Join { 1u8 } else { 2 };
    // On the solve path's own board (not inside another supposition), a
    // supposition followed before starts from where it ended (`prior.rs`).
    let level = match t {
        _ if cx.depth > 0 => None,
        Technique::Contradiction => Some(0),
        Technique::ShapeContradiction => Some(1),
        _ => None,
    };
    if let Some(l) = level {
        cx.priors[l].begin(b);
    }
    // With shapes, a supposition not yet followed so starts where easy steps
    // took it on this board or an earlier one.
    let easy_starts = level == Some(1) && cx.priors[0].fits(b);
    // Inside a supposition on the path's board (a deep one), an easy
    // supposition starts where it ended on that board: the board at hand
    // holds it, so the record is a start here too.
    let nested_starts = t == Technique::Contradiction && cx.depth == 1 && cx.priors[0].fits(b);
    let mut safe = cx.safe.pop().unwrap_or_default();
    safe.clear();
    safe.resize(2 * b.size() * b.size(), 0);
    // On the path's board, what an answer it agrees with has breaks nothing
    // (`answers.rs`).
    if cx.depth == 0 {
        for answer in cx.answers.iter().filter(|a| answers::agrees(b, a)) {
            for s in b.slots() {
                safe[s] |= bit(answer[s]);
            }
        }
    }
    cx.depth += 1;
    'edges: for s in order {
        for mark in [Mark::Join, Mark::Border] {
            if safe[s] & bit(mark) != 0 {
                continue;
            }
            if cx.left() == 0 {
                cx.out_of_budget = true;
                break 'edges;
            }
            cx.nodes += 1;
            trial.clone_from(b);
            let mut ran = false;
            let at = index(s, mark);
            let broken = match trial.set(s, mark) {
                Err(e) => Err(e),
                Ok(_) => {
                    let start = match level {
                        // Where easy steps ended is only a start for shapes.
                        Some(1) if !cx.priors[1].has(at) && easy_starts => {
                            cx.priors[0].start(at, &mut trial).map(|_| Start::From)
                        }
                        Some(l) => cx.priors[l].start(at, &mut trial),
                        None if nested_starts => cx.priors[0].start(at, &mut trial),
                        None => Ok(Start::Fresh),
                    };
                    match start {
                        Err(e) => Err(e),
                        Ok(Start::Same) => Ok(()),
                        Ok(start) => {
                            ran = true;
                            let resumed = (level == Some(0) && matches!(start, Start::From)).then_some(at);
                            cx.log_walks = level == Some(0);
                            cx.walks.charge.clear();
                            let r = trial.regroup().and_then(|()| propagate(&mut trial, upto, cx, resumed));
                            cx.log_walks = false;
                            r
                        }
                    }
                }
            };
            match (level, broken.is_ok()) {
                (Some(l), true) => {
                    cx.priors[l].record(at, &trial);
                    // What the missing-symbol rule did on the end, when its
                    // last run was on it (a solved end may stop before it).
                    let cells = b.size() * b.size();
                    let walks = cx.walks.charge.len() == cells && !trial.is_solved();
                    if l == 0 && ran {
                        cx.priors[0].record_walks(at, walks.then_some(&cx.walks));
                    }
                }
                (Some(l), false) => cx.priors[l].forget(at),
                _ => {}
            }
            if broken.is_err() {
                let (x, y) = b.ends(s);
                let cells = [x as u32, y as u32];
                decide.clear();
                decide.push((s, mark.opposite()));
                let mut found = Found::new(t, &decide, &cells);
                found.assumed = Some((s, mark));
                found.count = (open - trial.open_count()) as u32;
                if out.found(b, &found) {
                    break 'edges;
                }
                // The other supposition of this edge is now decided.
                break;
            }
            for t in b.slots() {
                if b.mark_at(t) == Mark::Open {
                    match trial.mark_at(t) {
                        Mark::Open => {}
                        m => safe[t] |= bit(m),
                    }
                }
            }
        }
    }
    cx.depth -= 1;
    cx.safe.push(safe);
    cx.boards.push(trial);
    Ok(())
}
