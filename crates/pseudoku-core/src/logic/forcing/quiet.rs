//! What the static forcing chains (SE 8.0) of a board imply, as an upper
//! bound of what they imply on a board a dynamic chain stalled on, so that
//! the nested search of level 3 follows fewer of them there.
//!
//! Level 3 looks for static cell and house forcing chains on every board
//! its chains stall on: boards made from the one it searches, the *prior*
//! board, by taking candidates away. A static chain follows the links of
//! its board, and taking candidates away only takes links away, but for
//! the strong links it makes (a cell or a house left with two places). So
//! a candidate whose "true" reaches none of those new links (a *clean*
//! one) implies on the stalled board part of what it implies on the prior
//! one, worked out once here. Where what a cell's or a house's branches
//! have in common is empty with those sets in place of the clean
//! branches', it is empty with their own: that cell or house makes no
//! step, and its clean branches need not be followed for it.

use super::{Branch, Cells, Grid};
use crate::logic::chains::{self, Prior};

/// What every candidate of a prior board true implies by static links.
pub(super) struct Quiet<const W: usize> {
    n: usize,
    cands: Vec<u64>,
    places: Vec<Cells<W>>,
    /// Candidate `x`'s sets at `slot[x] * 2N`, true then false, and their
    /// masks of symbols at `masks[slot[x]]`; `NONE` where its chain met a
    /// contradiction (the sets stop part way, so bound nothing).
    slot: Vec<u32>,
    sets: Vec<Cells<W>>,
    masks: Vec<(u64, u64)>,
}

const NONE: u32 = u32::MAX;

impl<const W: usize> Quiet<W> {
    /// Works out what every candidate of `g` true implies.
    pub fn of(g: &Grid<W>) -> Quiet<W> {
        let n = g.n;
        let mut slot = vec![NONE; g.cell_count * n];
        let (mut sets, mut masks) = (Vec::new(), Vec::new());
        let mut scratch = vec![Cells::EMPTY; 2 * n];
        for x in g.sources() {
            let at = sets.len();
            sets.resize(at + 2 * n, Cells::EMPTY);
            let (on, off) = sets[at..].split_at_mut(n);
            if g.implied_by(x, on, off, &mut scratch) {
                let b = Branch::new(on, off);
                slot[x] = masks.len() as u32;
                masks.push((b.on_mask, b.off_mask));
            } else {
                sets.truncate(at);
            }
        }
        Quiet { n, cands: g.cands.clone(), places: g.places.clone(), slot, sets, masks }
    }

    /// Brought to `g`, a board made from the prior one by taking
    /// candidates away: which of its candidates are clean.
    pub fn on(&self, g: &Grid<W>) -> Sure<'_, W> {
        let clean = chains::reaching_no_new_link(g, Prior { cands: &self.cands, places: &self.places });
        Sure { quiet: self, clean }
    }
}

/// [`Quiet`] brought to a stalled board.
pub(super) struct Sure<'q, const W: usize> {
    quiet: &'q Quiet<W>,
    /// Per symbol: the cells whose candidate true reaches no new strong link.
    clean: Vec<Cells<W>>,
}

impl<'q, const W: usize> Sure<'q, W> {
    /// For a clean candidate `x` (`cell * N + symbol`) of the stalled
    /// board: what it implied on the prior board, which holds all it
    /// implies here.
    pub fn bound(&self, x: usize) -> Option<Branch<'q, W>> {
        let q = self.quiet;
        let n = q.n;
        let i = q.slot[x];
        if i == NONE || !self.clean[x % n].has(x / n) {
            return None;
        }
        let (on, off) = q.sets[i as usize * 2 * n..(i as usize + 1) * 2 * n].split_at(n);
        let (on_mask, off_mask) = q.masks[i as usize];
        Some(Branch { on, off, on_mask, off_mask })
    }
}
