//! A memo of shape listings ([`Memo`]): a listing of a group reads only the
//! marks near it, so one made on another board with the same marks there
//! gives the same shapes and takes the same nodes.
//!
//! A listing records what it read (`within`: the groups of every cell its
//! walks reached or looked at, and so every edge touching them) and every
//! complete set it met, with the node it met it at. Whether a complete set
//! leaves the rest of the board fit to be regions depends on the whole
//! board, so a replay checks each recorded set again on the board at hand,
//! and stops where the listing would stop (past its cap of shapes or of
//! nodes). A replay that would have to go past what was recorded is no
//! answer, and the group is listed afresh. So a listing from the memo is
//! the listing itself, nodes included: steps, ratings and node counts do not
//! depend on the memo (a test checks whole ratings with it and without).

use core::any::Any;

use super::cells::View;
use super::known::{Known, KEEP};
use crate::partition::bits::Bits;

/// What listing one group's shapes found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Listing<const W: usize> {
    /// Shapes found (one past the cap when the cap stopped the listing).
    pub shapes: u32,
    /// Stopped past the cap of shapes or nodes: nothing is concluded.
    pub stopped: bool,
    pub nodes: u64,
    /// The cells in every shape, and in some shape.
    pub in_all: Bits<W>,
    pub in_any: Bits<W>,
}

/// How far a recorded listing went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// To its end, after this many nodes.
    Done(u64),
    /// Stopped: the full listing has at least `at_least` nodes, and every
    /// complete set up to node `known` was recorded.
    Partial { at_least: u64, known: u64 },
}

/// One recorded listing.
struct Entry<const W: usize> {
    group: Bits<W>,
    within: Bits<W>,
    marks: [Bits<W>; 4],
    reach: Reach,
    /// The complete sets met, with the node each was met at, in order.
    events: Vec<(u64, Bits<W>)>,
}

/// Buckets of the memo, by the group listed.
const BUCKETS: usize = 1 << 12;
/// Listings kept per bucket (the oldest is replaced).
const PER_BUCKET: usize = 16;
/// Listings with more complete sets than this are not kept.
pub(crate) const MOST_EVENTS: usize = 256;

/// Recorded listings of one solve, for grids of `64 × W` cells.
pub(crate) struct Memo<const W: usize> {
    buckets: Vec<Vec<Entry<W>>>,
    /// Where the next listing goes in a full bucket.
    next: Vec<u8>,
    /// A buffer for the complete sets of a listing being made.
    pub events: Vec<(u64, Bits<W>)>,
    /// A buffer for the shapes a listing found.
    pub found: Vec<(u64, Bits<W>)>,
    /// Regions found to be shapes so far (`known.rs`).
    pub known: Known<W>,
}

impl<const W: usize> Default for Memo<W> {
    fn default() -> Memo<W> {
        Memo::new()
    }
}

impl<const W: usize> Memo<W> {
    fn new() -> Memo<W> {
        Memo {
            buckets: (0..BUCKETS).map(|_| Vec::new()).collect(),
            next: vec![0; BUCKETS],
            events: Vec::new(),
            found: Vec::new(),
            known: Known::default(),
        }
    }

    fn bucket(group: &Bits<W>) -> usize {
        let mut h = 0u64;
        for &w in &group.0 {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (h >> 52) as usize % BUCKETS
    }

    /// The listing of `group` on `v` with caps `cap` and `node_cap`, from a
    /// recorded one whose marks agree with `v`, if any can answer (the first
    /// [`KEEP`] shapes it finds go into `found`).
    pub fn replay(
        &self,
        v: &View<W>,
        group: Bits<W>,
        cap: u32,
        node_cap: u64,
        found: &mut Vec<(u64, Bits<W>)>,
    ) -> Option<Listing<W>> {
        self.buckets[Self::bucket(&group)]
            .iter()
            .filter(|e| e.group == group && v.marks_touching(e.within) == e.marks)
            .find_map(|e| replay_one(v, e, cap, node_cap, found))
    }

    /// Keeps a listing of `group` that read the cells of `within` (whole
    /// groups) and met `events`.
    pub fn store(&mut self, v: &View<W>, group: Bits<W>, within: Bits<W>, reach: Reach, events: &[(u64, Bits<W>)]) {
        let at = Self::bucket(&group);
        let entry = Entry { group, within, marks: v.marks_touching(within), reach, events: events.to_vec() };
        let bucket = &mut self.buckets[at];
        if bucket.len() < PER_BUCKET {
            bucket.push(entry);
        } else {
            let i = self.next[at] as usize % PER_BUCKET;
            bucket[i] = entry;
            self.next[at] = ((i + 1) % PER_BUCKET) as u8;
        }
    }
}

/// Replays one recorded listing with the caps given, checking each complete
/// set against the board of `v`; `None` when the listing would go past what
/// was recorded.
fn replay_one<const W: usize>(
    v: &View<W>,
    e: &Entry<W>,
    cap: u32,
    node_cap: u64,
    found: &mut Vec<(u64, Bits<W>)>,
) -> Option<Listing<W>> {
    found.clear();
    let mut out = Listing { shapes: 0, stopped: false, nodes: 0, in_all: v.all, in_any: Bits::EMPTY };
    let stop = |mut out: Listing<W>, nodes: u64| {
        out.stopped = true;
        out.nodes = nodes;
        Some(out)
    };
    for &(node, set) in &e.events {
        if node > node_cap {
            return stop(out, node_cap + 1);
        }
        if v.rest_fits(set) {
            out.shapes += 1;
            if found.len() < KEEP {
                found.push((node, set));
            }
            if out.shapes > cap {
                return stop(out, node);
            }
            out.in_all = out.in_all & set;
            out.in_any = out.in_any | set;
        }
    }
    match e.reach {
        Reach::Done(total) if total > node_cap => stop(out, node_cap + 1),
        Reach::Done(total) => {
            out.nodes = total;
            Some(out)
        }
        Reach::Partial { at_least, known } if node_cap < at_least && node_cap <= known => stop(out, node_cap + 1),
        Reach::Partial { .. } => None,
    }
}

/// The memos of one solve, one per width.
#[derive(Default)]
pub(crate) struct Memos(Vec<Box<dyn Any>>);

impl Memos {
    /// The memo in `W` words, made empty on first use.
    pub fn get<const W: usize>(&mut self) -> &mut Memo<W> {
        let at = match self.0.iter().position(|m| m.is::<Memo<W>>()) {
            Some(i) => i,
            None => {
                self.0.push(Box::new(Memo::<W>::new()));
                self.0.len() - 1
            }
        };
        self.0[at].downcast_mut::<Memo<W>>().expect("found by type")
    }
}
