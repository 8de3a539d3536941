//! The working state of the deductions (`Ctx`: the node budget and buffers
//! reused from step to step, so a solve path allocates only while its
//! buffers grow), the dispatch from a [`Technique`] to its code, and
//! propagation: every technique up to a given one, applied to a fixpoint.

use super::board::{Board, Contradiction, Mark};
use super::step::{Batch, Collect};
use super::technique::Technique;
use super::{areas, assume, basic, shapes};

/// Buffers and the node count of one solve.
pub(crate) struct Ctx {
    /// Nodes spent so far (shape enumeration nodes and assumption probes).
    pub nodes: u64,
    /// Nodes allowed in all.
    pub limit: u64,
    /// Set once a search stopped for the budget.
    pub out_of_budget: bool,
    pub decide: Vec<(usize, Mark)>,
    pub cells: Vec<u32>,
    pub batch: Vec<(usize, Mark)>,
    /// Pairs of groups split by a border, with one such border's slot.
    separated: Vec<((u32, u32), usize)>,
    /// The same pairs both ways round, sorted: `(g, h)` for each `h` split from `g`.
    split_from: Vec<(u32, u32)>,
    /// Boards for the assumptions, one per depth.
    pub boards: Vec<Board>,
    /// The suppositions known to break nothing, one list per depth.
    pub safe: Vec<Vec<u8>>,
    pub shapes: shapes::Scratch,
    pub reach: areas::Scratch,
}

impl Ctx {
    pub fn new(limit: u64) -> Ctx {
        Ctx {
            nodes: 0,
            limit,
            out_of_budget: false,
            decide: Vec::new(),
            cells: Vec::new(),
            batch: Vec::new(),
            separated: Vec::new(),
            split_from: Vec::new(),
            boards: Vec::new(),
            safe: Vec::new(),
            shapes: shapes::Scratch::default(),
            reach: areas::Scratch::default(),
        }
    }

    /// Nodes left.
    pub fn left(&self) -> u64 {
        self.limit.saturating_sub(self.nodes)
    }

    /// Lists the pairs of groups split by a border.
    pub fn fill_separated(&mut self, b: &Board) {
        self.separated.clear();
        for s in b.slots() {
            if b.mark_at(s) == Mark::Border {
                let (x, y) = b.ends(s);
                let (g, h) = (b.group_of(x) as u32, b.group_of(y) as u32);
                self.separated.push(((g.min(h), g.max(h)), s));
            }
        }
        self.separated.sort_unstable();
        self.separated.dedup_by_key(|p| p.0);
        self.split_from.clear();
        self.split_from.extend(self.separated.iter().flat_map(|&((g, h), _)| [(g, h), (h, g)]));
        self.split_from.sort_unstable();
    }

    /// A border between the groups of `key` (lower index first), as listed
    /// by the last [`Ctx::fill_separated`].
    pub fn separated_by(&self, key: (u32, u32)) -> Option<usize> {
        self.separated.binary_search_by_key(&key, |p| p.0).ok().map(|i| self.separated[i].1)
    }

    /// Where the groups split from `g` by a border are listed, as listed by
    /// the last [`Ctx::fill_separated`]: `split_at(i)` for `i` in the range.
    pub fn split_range(&self, g: usize) -> core::ops::Range<usize> {
        let g = g as u32;
        let from = self.split_from.partition_point(|&(x, _)| x < g);
        from..self.split_from.partition_point(|&(x, _)| x <= g)
    }

    #[inline]
    pub fn split_at(&self, i: usize) -> usize {
        self.split_from[i].1 as usize
    }
}

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
            assume::assume(b, cx, out, t)
        }
    }
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

fn propagate_with(b: &mut Board, upto: Technique, cx: &mut Ctx, batch: &mut Batch) -> Result<(), Contradiction> {
    // Sweeps every technique in turn, applying what each finds at once; a
    // sweep that changes nothing ends it. (Restarting from the easiest after
    // every change, as the solve path does, reaches the same fixpoint with
    // more passes of the cheap techniques.)
    loop {
        let mut changed = false;
        for &t in Technique::ALL.iter().take_while(|&&t| t <= upto) {
            if b.is_solved() {
                return Ok(());
            }
            batch.0.clear();
            cx.nodes += 1;
            find(t, b, cx, batch)?;
            if !batch.0.is_empty() {
                changed = true;
                for &(s, m) in &batch.0 {
                    b.set(s, m)?;
                }
                b.regroup()?;
            }
        }
        if !changed {
            return Ok(());
        }
    }
}
