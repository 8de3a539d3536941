//! The working state of the deductions (`Ctx`: the node budget and buffers
//! reused from step to step, so a solve path allocates only while its
//! buffers grow). The dispatch from a technique to its code and the
//! fixpoint live above the techniques, in `follow.rs`.

use super::board::{Board, Mark};
use super::cells::Views;
use super::memo::Memos;
use super::prior::{Prior, Walks};
use super::runs::Runs;
use super::scratch;

/// The most groups [`Ctx::fill_split`] keeps as rows of bits (a row per
/// group, a bit per group).
const MOST_SPLIT_GROUPS: usize = 1024;

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
    /// Groups split by a border as rows of bits (`split_words` words a row:
    /// bit `h` of row `g` when a border runs between `g` and `h`), filled by
    /// [`Ctx::fill_split`] when there are at most [`MOST_SPLIT_GROUPS`].
    split: Vec<u64>,
    split_words: usize,
    /// Boards for the assumptions, one per depth.
    pub boards: Vec<Board>,
    /// The suppositions known to break nothing, one list per depth.
    pub safe: Vec<Vec<u8>>,
    pub shapes: scratch::Shapes,
    pub reach: scratch::Reach,
    /// The board as cell sets, rebuilt by the techniques that search.
    pub views: Views,
    /// Shape listings made so far, and whether to use them (tests compare
    /// solves without).
    pub memo: Memos,
    pub memo_on: bool,
    /// Whether a listing sure to stop past its cap is skipped (`known.rs`;
    /// tests compare solves without).
    pub known_on: bool,
    /// Where the solve path's suppositions ended, with easy steps
    /// (`priors[0]`) and with shapes (`priors[1]`).
    pub priors: [Prior; 2],
    /// Suppositions being followed, one inside another.
    pub depth: u32,
    /// While set, the missing-symbol rule keeps what it did in `walks`
    /// (for the records of `priors[0]`).
    pub log_walks: bool,
    pub walks: Walks,
    /// Whether a resumed supposition may be settled without a sweep
    /// (`settle.rs`; tests compare solves without), and how many were.
    pub settle_on: bool,
    pub settled: u64,
    /// The missing-symbol rule's last runs, and whether a run goes on from
    /// them (`runs.rs`; tests compare solves without).
    pub runs: Runs,
    pub runs_on: bool,
    /// Groups not walked again so far.
    pub walks_skipped: u64,
    /// Answers of the challenge known beforehand (one at most from
    /// `answers.rs`), as a mark per slot: on a board that agrees with one,
    /// a supposition that agrees with it too cannot break a rule, so it is
    /// not followed.
    pub answers: Vec<Vec<Mark>>,
    /// Slots whose suppositions are tried first on the path's own board
    /// (where the challenge's solve path made its suppositions).
    pub first: Vec<usize>,
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
            split: Vec::new(),
            split_words: 0,
            boards: Vec::new(),
            safe: Vec::new(),
            shapes: scratch::Shapes::default(),
            reach: scratch::Reach::default(),
            views: Views::default(),
            memo: Memos::default(),
            memo_on: true,
            known_on: true,
            priors: Default::default(),
            depth: 0,
            log_walks: false,
            walks: Walks::default(),
            settle_on: true,
            settled: 0,
            runs: Runs::default(),
            runs_on: true,
            walks_skipped: 0,
            answers: Vec::new(),
            first: Vec::new(),
        }
    }

    /// Nodes left.
    pub fn left(&self) -> u64 {
        self.limit.saturating_sub(self.nodes)
    }

    /// Notes the pairs of groups split by a border, for [`Ctx::is_split`]
    /// and [`Ctx::split_from`]: as rows of bits (no sorting) while the
    /// groups are few, else as [`Ctx::fill_separated`] lists them.
    pub fn fill_split(&mut self, b: &Board) {
        let groups = b.groups().len();
        if groups > MOST_SPLIT_GROUPS {
            self.split_words = 0;
            self.fill_separated(b);
            return;
        }
        let words = groups.div_ceil(64);
        self.split_words = words;
        self.split.clear();
        self.split.resize(groups * words, 0);
        for s in b.slots() {
            if b.mark_at(s) == Mark::Border {
                let (x, y) = b.ends(s);
                let (g, h) = (b.group_of(x), b.group_of(y));
                self.split[g * words + h / 64] |= 1 << (h % 64);
                self.split[h * words + g / 64] |= 1 << (g % 64);
            }
        }
    }

    /// Groups `g` and `h` are split by a border (as the last
    /// [`Ctx::fill_split`] found).
    #[inline]
    pub fn is_split(&self, g: usize, h: usize) -> bool {
        match self.split_words {
            0 => self.separated_by((g.min(h) as u32, g.max(h) as u32)).is_some(),
            w => self.split[g * w + h / 64] >> (h % 64) & 1 != 0,
        }
    }

    /// Calls `each` with every group split from `g` by a border, increasing
    /// (as the last [`Ctx::fill_split`] found).
    #[inline]
    pub fn split_from(&self, g: usize, mut each: impl FnMut(usize)) {
        match self.split_words {
            0 => self.split_range(g).for_each(|i| each(self.split_at(i))),
            w => {
                for (k, &word) in self.split[g * w..(g + 1) * w].iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        each(k * 64 + word.trailing_zeros() as usize);
                        word &= word - 1;
                    }
                }
            }
        }
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
