//! The fenced fast path: classic 9×9 as nine digit bitboards.
//!
//! For each digit, the cells where it may stand, as three *bands* of 27
//! bits (three rows of nine); a *board* is one (band, digit) pair, 27 in
//! all. Placed cells stay in their digit's board, so every digit must hold
//! exactly one cell per row, column and box. A [`State`] is the boards and
//! the unplaced cells, 120 bytes, copied at each guess.
//!
//! # Rules
//! - **Row and box rule**, per board: the nine *minirows* (a row's three
//!   cells inside one box) form a 3×3 pattern in which a digit uses a
//!   permutation; [`ROW_BOX`] keeps the minirows that lie on one. That is
//!   hidden singles in rows and boxes and both kinds of locked candidates.
//!   A row left with one cell places the digit there ([`single_rows`]), and
//!   the cell is cleared from the other digits.
//! - **Stack rule**, per digit: a stack (three boxes in a column of boxes)
//!   is the same 3×3 structure over (band, column) pairs, so
//!   [`BAND_COLUMN`] does the columns the same way.
//! - **Naked singles**, per band, by counting every cell's candidates at
//!   once across the nine boards, when the two rules have nothing left.
//!
//! # Propagation in rounds
//! [`State::propagate`] starts from a set of changed boards and works in
//! rounds: the row and box rule on each changed board, then the clearing of
//! the cells they placed from the other digits, then the stack rule on each
//! digit whose columns in some band changed since the rule last ran on it.
//! Within a pass no step needs another's result, in a register or through
//! memory, so the processor overlaps them; the passes are branch-free apart
//! from their loops. What a round changes is the next round's work.
//!
//! # Guessing
//! At a cell with two candidates, chosen by what its two branches do right
//! away ([`State::choose`]): a third to a half fewer nodes than taking the
//! first such cell.
//!
//! # History
//! This fast path replaced the generic engine for this one layout, which
//! was 4–7× slower than the fastest Rust solvers on 9×9 benchmarks. Its
//! first version worked digit by digit: any change to a digit re-ran the
//! rules on its three bands, one step waiting for the last, with a branch
//! on every outcome, and it guessed at the first two-candidate cell. It was
//! about 2× slower than the fastest Rust solver at proving uniqueness; this
//! design is faster than that solver on the 17-clue, magictour and forum
//! hardest sets (the commits on this file carry the steps and the numbers).

use rand::Rng;

use super::{
    Contradiction, EngineState, Flow, Progress, SearchEnd, SearchOptions, SearchReport, Sink, PROGRESS_INTERVAL,
};
use crate::symbol::Symbol;

/// Every cell of a band.
const BAND: u32 = (1 << 27) - 1;
/// Bit 0 of each row of a band.
const ROW_LOW: u32 = 0x0040201;
/// Bits 0–7 of each row of a band.
const ROW_LOW8: u32 = 0x3fdfeff;
/// Bit 8 of each row of a band.
const ROW_HIGH: u32 = 0x4020100;
/// Bit 0 of each minirow of a band.
const MINIROW_LOW: u32 = 0x1249249;

/// `PERM[m]`: for a 3×3 pattern `m` (bit `3 * i + j`: pair `(i, j)` is
/// possible), the pairs that lie on some permutation inside `m`.
const PERM: [u16; 512] = {
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let bits = (1 << perms[p][0]) | (1 << (3 + perms[p][1])) | (1 << (6 + perms[p][2]));
            if m & bits == bits {
                t[m] |= bits as u16;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// `ROW_BOX[m]`: [`PERM`] over (row, box) pairs, widened to the band: the
/// three cells of minirow `(i, j)` for each pair kept. (It and
/// [`BAND_COLUMN`] are the same loop spelled out: a `const` block cannot
/// take the bit placement as a closure.)
const ROW_BOX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 9 {
            if PERM[m] & (1 << k) != 0 {
                t[m] |= 7 << (3 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// `BAND_COLUMN[m]`: [`PERM`] over (band, column of a stack) pairs, placed
/// at bit `9 * band + column` (for stack 0; shift by `3 * stack`).
const BAND_COLUMN: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 9 {
            if PERM[m] & (1 << k) != 0 {
                t[m] |= 1 << (9 * (k / 3) + k % 3);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// `OTHER[b]`: the two bands other than `b`.
const OTHER: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// `ROW_OF[pos]`: the row of a band holding bit `pos`.
const ROW_OF: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = 0x1ff << (9 * (p / 9));
        p += 1;
    }
    t
};

/// `BAND_PEERS[pos]`: the cells of a band sharing a row or a box with
/// bit `pos` (itself excluded).
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut c = 0;
    while c < 27 {
        let mut o = 0;
        while o < 27 {
            if o != c && (o / 9 == c / 9 || o % 9 / 3 == c % 9 / 3) {
                t[c] |= 1 << o;
            }
            o += 1;
        }
        c += 1;
    }
    t
};

/// Which minirows of band `v` are non-empty: bit `3 * row + box`.
#[inline(always)]
fn minirows(v: u32) -> usize {
    // Bit 0 of each minirow says whether it is non-empty; the first
    // multiplication gathers each row's three such bits into three adjacent
    // bits, the second gathers the three rows. No two partial products meet,
    // so there are no carries.
    let t = (v | v >> 1 | v >> 2) & MINIROW_LOW;
    let rows = t.wrapping_mul(0x15) & 0x1c0e070;
    (rows.wrapping_mul(0x1041) >> 16) as usize & 0x1ff
}

/// Columns of band `v` holding a cell (9 bits).
#[inline(always)]
fn fold(v: u32) -> u32 {
    (v | v >> 9 | v >> 18) & 0x1ff
}

/// For a band in which every row is non-empty, the rows with exactly one
/// cell, as full row masks.
#[inline(always)]
fn single_rows(v: u32) -> u32 {
    // One subtraction clears the lowest bit of every row without borrows
    // between rows; a row is single when nothing is left of it.
    let rest = v & v.wrapping_sub(ROW_LOW);
    let nonzero = (((rest & ROW_LOW8) + ROW_LOW8) | rest) & ROW_HIGH;
    ((!nonzero & ROW_HIGH) >> 8) * 0x1ff
}

/// A search state: 27 boards and the unplaced cells, 120 bytes.
#[derive(Clone, Copy)]
struct State {
    /// `cand[b][d]`: cells of band `b` where digit `d` may stand (placed ones included).
    cand: [[u32; 9]; 3],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
}

/// A set of (band, digit) boards: bit `9 * band + digit`.
type Units = u32;

/// Every board.
const ALL_BOARDS: Units = (1 << 27) - 1;

type Outcome = Result<(), Contradiction>;

impl State {
    fn new() -> State {
        State { cand: [[BAND; 9]; 3], unsolved: [BAND; 3] }
    }

    /// Puts digit `d` at bit `pos` of band `b` (for the givens): clears the
    /// cell from the other digits and the row from `d`; propagation does
    /// the box and the column.
    fn place_given(&mut self, d: usize, b: usize, pos: u32) -> Outcome {
        let bit = 1u32 << pos;
        if self.cand[b][d] & bit == 0 {
            return Err(Contradiction);
        }
        for e in 0..9 {
            self.cand[b][e] &= !bit;
        }
        self.cand[b][d] = (self.cand[b][d] & !ROW_OF[pos as usize]) | bit;
        self.unsolved[b] &= !bit;
        Ok(())
    }

    /// Row and box rule on board (`b`, `d`). Returns its row singles not
    /// placed before, which it marks placed (the caller clears them from
    /// the other digits), and the columns the board holds.
    #[inline(always)]
    fn update(&mut self, b: usize, d: usize) -> Result<(u32, u32), Contradiction> {
        let v = self.cand[b][d];
        let v = v & ROW_BOX[minirows(v)];
        if v == 0 {
            return Err(Contradiction);
        }
        self.cand[b][d] = v;
        let new = v & single_rows(v) & self.unsolved[b];
        self.unsolved[b] &= !new;
        Ok((new, fold(v)))
    }

    /// The stack rule on digit `d`. Returns the boards that changed.
    #[inline(always)]
    fn stack(&mut self, d: usize, columns: &mut [u32; 9]) -> Result<Units, Contradiction> {
        let [c0, c1, c2] = [self.cand[0][d], self.cand[1][d], self.cand[2][d]];
        let g = fold(c0) | fold(c1) << 9 | fold(c2) << 18;
        let m = |s: u32| (((g >> (3 * s)) & 0x1c0e07).wrapping_mul(0x1041) >> 12 & 0x1ff) as usize;
        let (a0, a1, a2) = (BAND_COLUMN[m(0)], BAND_COLUMN[m(1)], BAND_COLUMN[m(2)]);
        if a0 == 0 || a1 == 0 || a2 == 0 {
            return Err(Contradiction);
        }
        let g2 = a0 | a1 << 3 | a2 << 6;
        columns[d] = g2;
        let n0 = c0 & ((g2 & 0x1ff) * 0x40201);
        let n1 = c1 & (((g2 >> 9) & 0x1ff) * 0x40201);
        let n2 = c2 & ((g2 >> 18) * 0x40201);
        self.cand[0][d] = n0;
        self.cand[1][d] = n1;
        self.cand[2][d] = n2;
        Ok((u32::from(n0 != c0) | u32::from(n1 != c1) << 9 | u32::from(n2 != c2) << 18) << d)
    }

    /// Places every cell with one candidate left (by cutting its digit's row
    /// down to it); fails on a cell with none.
    fn naked_singles(&mut self) -> Result<Units, Contradiction> {
        let mut dirty = 0;
        for b in 0..3 {
            let (mut ones, mut twos) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[b][d];
                twos |= ones & x;
                ones |= x;
            }
            let unsolved = self.unsolved[b];
            if unsolved & !ones != 0 {
                return Err(Contradiction);
            }
            let singles = unsolved & !twos;
            if singles == 0 {
                continue;
            }
            // Each digit's row is cut down to its single there, for every
            // digit at once and without branches; two singles of one digit
            // in one row are a contradiction.
            let mut clash = 0;
            for d in 0..9 {
                let x = self.cand[b][d];
                let hit = singles & x;
                let rows = ((((hit & ROW_LOW8) + ROW_LOW8) | hit) & ROW_HIGH) >> 8;
                clash |= hit & hit.wrapping_sub(rows);
                let n = x & (!(rows * 0x1ff) | hit);
                dirty |= u32::from(n != x) << (9 * b + d);
                self.cand[b][d] = n;
            }
            if clash != 0 {
                return Err(Contradiction);
            }
        }
        Ok(dirty)
    }

    /// Applies the rules from the changed boards `dirty` to a fixpoint;
    /// fails on a contradiction.
    fn propagate(&mut self, mut dirty: Units) -> Outcome {
        // Per digit, the columns of its three bands (as `fold` at `0`, `9`
        // and `18`) when the stack rule last ran on it here. Before that,
        // every column: a board that still has them all has not changed
        // since the last fixpoint, and at the first one every board is
        // updated.
        let mut columns = [u32::MAX; 9];
        loop {
            while dirty != 0 {
                let mut work = dirty;
                dirty = 0;
                // Row and box rule on each changed board. The cells it
                // places are cleared from the other digits after the last
                // board, so that no board waits for another's result.
                let mut own = [[0u32; 9]; 3];
                let mut placed = [0u32; 3];
                let mut digits = 0;
                while work != 0 {
                    let u = work.trailing_zeros() as usize;
                    work &= work - 1;
                    let (b, d) = (u / 9, u % 9);
                    let (new, cols) = self.update(b, d)?;
                    own[b][d] = new;
                    placed[b] |= new;
                    digits |= u32::from(cols != (columns[d] >> (9 * b)) & 0x1ff) << d;
                }
                for (b, (own, placed)) in own.iter().zip(placed).enumerate() {
                    let mut changed = 0;
                    for (e, &mine) in own.iter().enumerate() {
                        let c = self.cand[b][e];
                        let n = c & !(placed & !mine);
                        changed |= u32::from(n != c) << e;
                        self.cand[b][e] = n;
                    }
                    dirty |= changed << (9 * b);
                }
                // The stack rule on each digit whose columns in some band
                // changed since its last run.
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    dirty |= self.stack(d, &mut columns)?;
                }
            }
            dirty = self.naked_singles()?;
            if dirty == 0 {
                return Ok(());
            }
        }
    }

    fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to guess at: `(band, bit, digits)`.
    ///
    /// A cell with two candidates when there is one: of those, the one
    /// whose two branches do the most right away. Each peer holding one of
    /// its two digits scores 1 (a branch removes a candidate there), or 4
    /// when that peer has two candidates itself (a branch leaves it a
    /// single). Otherwise a cell with the fewest candidates.
    fn choose(&self) -> (usize, u32, u16) {
        let mut pairs = [0u32; 3];
        for (b, p) in pairs.iter_mut().enumerate() {
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for &x in &self.cand[b] {
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            *p = self.unsolved[b] & twos & !threes;
        }
        // The best cell so far as `score << 8 | 255 - cell`: the highest
        // score, then the first cell. One band at a time, each with its
        // own copy of the loop.
        let mut best_key = 0u32;
        self.score_pairs::<0>(&pairs, &mut best_key);
        self.score_pairs::<1>(&pairs, &mut best_key);
        self.score_pairs::<2>(&pairs, &mut best_key);
        if best_key != 0 {
            let cell = 255 - (best_key & 0xff);
            let (b, pos) = (cell as usize / 27, cell % 27);
            return (b, pos, self.digits_at(b, pos));
        }
        let mut best = (0, 0, 0u16);
        let mut best_count = u32::MAX;
        for b in 0..3 {
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let pos = rest.trailing_zeros();
                rest &= rest - 1;
                let digits = self.digits_at(b, pos);
                if digits.count_ones() < best_count {
                    best_count = digits.count_ones();
                    best = (b, pos, digits);
                }
            }
        }
        best
    }

    /// Scores the two-candidate cells of band `B` for [`State::choose`],
    /// keeping the best as `score << 8 | 255 - cell` in `best_key`.
    #[inline(always)]
    fn score_pairs<const B: usize>(&self, pairs: &[u32; 3], best_key: &mut u32) {
        let [b, o1, o2] = [B, OTHER[B][0], OTHER[B][1]];
        let mut rest = pairs[b];
        while rest != 0 {
            let pos = rest.trailing_zeros();
            rest &= rest - 1;
            let digits = self.digits_at(b, pos);
            let (d1, d2) = (digits.trailing_zeros() as usize, 15 - digits.leading_zeros() as usize);
            // Row and box: both digits in one word.
            let peers = u64::from(BAND_PEERS[pos as usize]) * 0x1_0000_0001;
            let band = (u64::from(self.cand[b][d1]) | u64::from(self.cand[b][d2]) << 32) & peers;
            let band_pairs = band & (u64::from(pairs[b]) * 0x1_0000_0001);
            // The column in the other bands: 3-bit fields (one bit per
            // row) summed in place, then the three rows added up.
            let col = pos % 9;
            let in_column = |_: usize, x: u32| (x >> col) & ROW_LOW;
            let (c1, c2) = (self.cand[o1][d1], self.cand[o1][d2]);
            let (c3, c4) = (self.cand[o2][d1], self.cand[o2][d2]);
            let column = in_column(o1, c1) + in_column(o1, c2) + in_column(o2, c3) + in_column(o2, c4);
            let column_pairs = in_column(o1, c1 & pairs[o1])
                + in_column(o1, c2 & pairs[o1])
                + in_column(o2, c3 & pairs[o2])
                + in_column(o2, c4 & pairs[o2]);
            let score = band.count_ones()
                + 3 * band_pairs.count_ones()
                + (((column + 3 * column_pairs).wrapping_mul(ROW_LOW) >> 18) & 0x3f)
                + 1;
            *best_key = (*best_key).max(score << 8 | (255 - (27 * b as u32 + pos)));
        }
    }

    fn digits_at(&self, b: usize, pos: u32) -> u16 {
        let mut m = 0;
        for d in 0..9 {
            m |= (((self.cand[b][d] >> pos) & 1) as u16) << d;
        }
        m
    }

    /// Writes a solved state, one symbol per cell.
    fn write(&self, out: &mut Vec<Symbol>) {
        out.clear();
        out.resize(81, Symbol::new(0));
        for (b, digits) in self.cand.iter().enumerate() {
            for (d, &x) in digits.iter().enumerate() {
                let mut x = x;
                while x != 0 {
                    out[27 * b + x.trailing_zeros() as usize] = Symbol::new(d);
                    x &= x - 1;
                }
            }
        }
    }
}

/// The fast engine for the classic 9×9 layout.
pub(super) struct Classic9 {
    out: Vec<Symbol>,
}

struct Run<'s, 'o> {
    sink: &'s mut dyn Sink<[Symbol]>,
    options: SearchOptions<'o>,
    report: SearchReport,
    out: &'s mut Vec<Symbol>,
}

impl Classic9 {
    pub(super) fn new() -> Classic9 {
        Classic9 { out: Vec::with_capacity(81) }
    }

    /// [`Classic9::search`] for a caller that may pause: this fast path
    /// never pauses, and a state to go on from starts it over.
    pub(super) fn search_from(
        &mut self,
        givens: &[Option<Symbol>],
        options: SearchOptions<'_>,
        sink: &mut dyn Sink<[Symbol]>,
        _resume: Option<&(dyn core::any::Any + Send + Sync)>,
        _pause: bool,
    ) -> (SearchReport, Option<(EngineState, usize)>) {
        (self.search(givens, options, sink), None)
    }

    /// The solver's one search call, with the generic engine's signature (`generic::Engine::search`): the solver picks
    /// an engine by layout and calls either the same way.
    pub(super) fn search(
        &mut self,
        givens: &[Option<Symbol>],
        options: SearchOptions<'_>,
        sink: &mut dyn Sink<[Symbol]>,
    ) -> SearchReport {
        assert_eq!(givens.len(), 81, "one given (or None) per cell");
        let mut run = Run {
            sink,
            options,
            report: SearchReport { found: 0, nodes: 1, end: SearchEnd::Exhausted },
            out: &mut self.out,
        };
        // The given cells first, without a branch per cell (their pattern
        // is random).
        let mut cells = [0u8; 81];
        let mut count = 0;
        for (cell, g) in givens.iter().enumerate() {
            cells[count] = cell as u8;
            count += usize::from(g.is_some());
        }
        let mut state = State::new();
        for &cell in &cells[..count] {
            let cell = usize::from(cell);
            let Some(s) = givens[cell] else { continue };
            assert!(s.index() < 9, "symbol {} outside 1..=9", s.number());
            if state.place_given(s.index(), cell / 27, (cell % 27) as u32).is_err() {
                return run.report;
            }
        }
        for &(cell, s) in run.options.exclude {
            let cell = cell.index();
            let (b, bit) = (cell / 27, 1u32 << (cell % 27));
            if state.unsolved[b] & bit == 0 && state.cand[b][s.index()] & bit != 0 {
                return run.report; // the cell is given that very symbol
            }
            state.cand[b][s.index()] &= !bit;
        }
        if state.propagate(ALL_BOARDS).is_ok() {
            let _ = run.descend(state);
        }
        run.report
    }
}

impl Run<'_, '_> {
    /// Searches below a propagated state; `Err` means stop everything.
    fn descend(&mut self, state: State) -> Result<(), ()> {
        if state.solved() {
            self.report.found += 1;
            state.write(self.out);
            if self.sink.found(self.out) == Flow::Stop {
                self.report.end = SearchEnd::Stopped;
                return Err(());
            }
            return Ok(());
        }
        let (b, pos, mut digits) = state.choose();
        while digits != 0 {
            let d = match self.options.rng.as_deref_mut() {
                None => digits.trailing_zeros() as usize,
                Some(rng) => {
                    let k = rng.random_range(0..digits.count_ones());
                    (0..k).fold(digits, |m, _| m & (m - 1)).trailing_zeros() as usize
                }
            };
            digits &= !(1 << d);
            self.report.nodes += 1;
            if self.report.nodes % PROGRESS_INTERVAL == 0 {
                let progress = Progress { nodes: self.report.nodes, found: self.report.found };
                if self.sink.progress(progress) == Flow::Stop {
                    self.report.end = SearchEnd::Stopped;
                    return Err(());
                }
            }
            if self.options.node_budget.is_some_and(|limit| self.report.nodes > limit) {
                self.report.end = SearchEnd::OutOfBudget;
                return Err(());
            }
            let mut child = state;
            child.cand[b][d] &= !ROW_OF[pos as usize] | 1 << pos;
            if child.propagate(1 << (9 * b + d)).is_ok() {
                self.descend(child)?;
            }
        }
        Ok(())
    }
}
