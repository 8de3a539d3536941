//! Level `L + 1` of the nested forcing chains takes up each assumption
//! where level `L` left it, rather than following it again from the start.
//!
//! The rater searches a stalled board level by level, and where the rules
//! of level `L + 1` at a stall begin with all of level `L`'s (levels 1 → 2,
//! 2 → 3 and 4 → 5, see [`advanced::extends`](super::advanced::extends)),
//! an assumption's chain at level `L + 1` is the same as at level `L` up to
//! the stall where level `L` found nothing more: the same literals, the
//! same patterns and nested steps (the latter from the memo), the same
//! nodes. So level `L` keeps each trace it made, with the nodes it took up
//! to that stall ([`Trace::resume`](super::Trace)), and level `L + 1`
//! charges those nodes and goes on from there: the same trace for the same
//! nodes. A trace that ended in a contradiction is the same at level
//! `L + 1` as it is.

use std::any::Any;

use super::{Trace, NONE};

/// The traces one search made, by the literal each assumed, for the next
/// level to take up.
pub(super) struct Kept<const W: usize> {
    /// Literal → its trace in `traces`, or `NONE`.
    index: Vec<u32>,
    traces: Vec<Option<Trace<W>>>,
}

impl<const W: usize> Kept<W> {
    pub(super) fn new(literals: usize) -> Kept<W> {
        Kept { index: vec![NONE; literals], traces: Vec::new() }
    }

    /// Keeps `trace` (the first kept of its literal wins).
    pub(super) fn keep(&mut self, trace: Trace<W>) {
        let Some(root) = trace.entries.first() else { return };
        let slot = &mut self.index[root.lit as usize];
        if *slot == NONE {
            *slot = self.traces.len() as u32;
            self.traces.push(Some(trace));
        }
    }

    /// The trace kept for literal `lit`, once.
    pub(super) fn take(&mut self, lit: usize) -> Option<Trace<W>> {
        let i = *self.index.get(lit)?;
        self.traces.get_mut(i as usize)?.take()
    }
}

/// The traces of the last search of a rating, with its level and the
/// candidates of the board it searched.
pub(super) struct Resume {
    level: u8,
    cands: Box<[u64]>,
    traces: Box<dyn Any>,
}

impl Resume {
    pub(super) fn new<const W: usize>(level: u8, cands: &[u64], traces: Kept<W>) -> Resume {
        Resume { level, cands: cands.into(), traces: Box::new(traces) }
    }

    /// The traces, if this is level `level - 1` on the board `cands`.
    pub(super) fn into_kept<const W: usize>(self, level: u8, cands: &[u64]) -> Option<Kept<W>> {
        if self.level + 1 != level || *self.cands != *cands {
            return None;
        }
        self.traces.downcast::<Kept<W>>().ok().map(|kept| *kept)
    }
}
