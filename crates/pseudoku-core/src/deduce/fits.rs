//! Answers of `View::rest_fits` kept across boards ([`Fits`]).
//!
//! Whether the rest of the board, once a set is taken out, can still be
//! whole regions depends only on the set, the symbols and the borders
//! between two cells of the rest (joins never split an area). So an answer
//! holds on every board with the same borders there, and the table keeps
//! each answer with those borders instead of forgetting it at every change.
//!
//! Most answers are "the rest is one area" (then it fits when `N > 2`). One
//! area stays one area when every border added since has its two cells still
//! joined around a square of four cells with no border on its other three
//! edges (any way through the old area then goes round the new borders), and
//! when borders are taken away; so such an answer is given again without a
//! flood when each new border has such a way round. Every other answer is
//! given again only when the borders inside the rest are the same.

use crate::partition::bits::Bits;

/// Slots of the table (direct-mapped by the set).
const SLOTS: usize = 1 << 12;

/// What an answer kept for a set says on another board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kept {
    /// Nothing kept in the slot.
    Empty,
    /// The rest was one area (so it fit, `N > 2`): true while it is.
    Whole,
    /// This answer, while the borders inside the rest are those kept.
    Exact(bool),
}

#[derive(Clone, Copy)]
struct Slot<const W: usize> {
    set: Bits<W>,
    /// The borders to the right and down of cells whose edge runs inside the
    /// rest, when the answer was worked out.
    borders: [Bits<W>; 2],
    kept: Kept,
}

/// The edges an answer reads on the board at hand, for a set's rest: cells
/// whose edge to the right (`[0]`) or down (`[1]`) runs between two cells of
/// the rest, and which of those are borders.
pub(crate) struct RestEdges<const W: usize> {
    pub inner: [Bits<W>; 2],
    pub borders: [Bits<W>; 2],
}

/// The table, for boards of one size and symbols.
pub(crate) struct Fits<const W: usize> {
    n: usize,
    symbols: Vec<u8>,
    slots: Vec<Slot<W>>,
}

impl<const W: usize> Fits<W> {
    pub fn new() -> Fits<W> {
        Fits { n: 0, symbols: Vec::new(), slots: Vec::new() }
    }

    /// Forgets every answer unless the grid is `n × n` with these symbols.
    pub fn keep_for(&mut self, n: usize, symbols: &[u8]) {
        if self.n == n && self.symbols == symbols && !self.slots.is_empty() {
            return;
        }
        self.n = n;
        self.symbols.clear();
        self.symbols.extend_from_slice(symbols);
        self.slots.clear();
        self.slots.resize(SLOTS, Slot { set: Bits::EMPTY, borders: [Bits::EMPTY; 2], kept: Kept::Empty });
    }

    #[inline]
    fn slot(set: &Bits<W>) -> usize {
        let mut h = 0u64;
        for &w in &set.0 {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (h >> 52) as usize % SLOTS
    }

    /// The answer for `set` on a board whose edges inside the rest are
    /// `edges`, when one kept carries to it.
    #[inline]
    pub fn get(&self, set: &Bits<W>, edges: &RestEdges<W>) -> Option<bool> {
        let slot = &self.slots[Self::slot(set)];
        if slot.kept == Kept::Empty || slot.set != *set {
            return None;
        }
        let [right, down] = edges.borders;
        match slot.kept {
            Kept::Exact(answer) => (slot.borders == edges.borders).then_some(answer),
            Kept::Whole => {
                let added = [right.andnot(slot.borders[0]), down.andnot(slot.borders[1])];
                if added[0].is_empty() && added[1].is_empty() {
                    return Some(true);
                }
                let [across, below] = ways_round(self.n as u32, edges);
                (added[0].andnot(across).is_empty() && added[1].andnot(below).is_empty()).then_some(true)
            }
            Kept::Empty => None,
        }
    }

    /// Keeps the answer for `set` worked out on a board whose edges inside
    /// the rest are `edges`; `whole`: the rest was one area.
    #[inline]
    pub fn put(&mut self, set: Bits<W>, edges: &RestEdges<W>, answer: bool, whole: bool) {
        let kept = if whole && self.n > 2 { Kept::Whole } else { Kept::Exact(answer) };
        let at = Self::slot(&set);
        self.slots[at] = Slot { set, borders: edges.borders, kept };
    }
}

/// The cells whose edge to the right (`[0]`) or down (`[1]`) inside the
/// rest has a way round a square of four cells of the rest through edges
/// that are not borders, on a grid `k` wide (`k > 2`).
#[inline]
fn ways_round<const W: usize>(k: u32, edges: &RestEdges<W>) -> [Bits<W>; 2] {
    let pass_right = edges.inner[0].andnot(edges.borders[0]);
    let pass_down = edges.inner[1].andnot(edges.borders[1]);
    // Edge c–c+1: round above (c−k, c−k+1) or below (c+k, c+k+1).
    let above = pass_down.shl(k) & pass_right.shl(k) & pass_down.shl(k - 1);
    let under = pass_down & pass_right.shr(k) & pass_down.shr(1);
    // Edge c–c+k: round the left (c−1, c+k−1) or the right (c+1, c+k+1).
    let left = pass_right.shl(1) & pass_down.shl(1) & pass_right.shr(k - 1);
    let right = pass_right & pass_down.shr(1) & pass_right.shr(k);
    [above | under, left | right]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty table for a 3×3 grid, and every edge of the grid (all of
    /// it the rest of a set off the grid).
    fn table() -> (Fits<2>, [Bits<2>; 2]) {
        let mut t = Fits::<2>::new();
        t.keep_for(3, &[0; 9]);
        (t, all_inner())
    }

    fn all_inner() -> [Bits<2>; 2] {
        let (mut right, mut down) = (Bits::EMPTY, Bits::EMPTY);
        for c in 0..9 {
            if c % 3 < 2 {
                right.insert(c);
            }
            if c < 6 {
                down.insert(c);
            }
        }
        [right, down]
    }

    #[test]
    fn a_border_with_a_way_round_keeps_one_area() {
        let (mut t, inner) = table();
        let set = Bits::single(40);
        let none = RestEdges { inner, borders: [Bits::EMPTY; 2] };
        t.put(set, &none, true, true);
        // The border r1c1–r1c2 goes round through r2c1, r2c2.
        let one = RestEdges { inner, borders: [Bits::single(0), Bits::EMPTY] };
        assert_eq!(t.get(&set, &one), Some(true));
        // r1c1–r1c2 and r1c1–r2c1: r1c1 is cut off; no way round either.
        let corner = RestEdges { inner, borders: [Bits::single(0), Bits::single(0)] };
        assert_eq!(t.get(&set, &corner), None);
        // Another set is not answered.
        assert_eq!(t.get(&Bits::single(41), &none), None);
    }

    #[test]
    fn other_answers_need_the_same_borders() {
        let (mut t, inner) = table();
        let set = Bits::single(40);
        let one = RestEdges { inner, borders: [Bits::single(0), Bits::EMPTY] };
        t.put(set, &one, false, false);
        assert_eq!(t.get(&set, &one), Some(false));
        let none = RestEdges { inner, borders: [Bits::EMPTY; 2] };
        assert_eq!(t.get(&set, &none), None);
        // Other symbols forget everything.
        t.keep_for(3, &[1; 9]);
        assert_eq!(t.get(&set, &one), None);
    }
}
