//! The [`Board`]: values and candidates of a grid being solved by logic.

use super::Step;
use crate::layout::{CellId, HouseId, Layout};
use crate::symbol::Symbol;

/// The most symbols the logical solver handles (one bit each in a `u64`).
pub const MAX_SYMBOLS: usize = 64;

/// Why a board cannot be set up or went wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    #[error("the logical solver handles up to {MAX_SYMBOLS} symbols, not {0}")]
    TooManySymbols(usize),
    #[error("expected {expected} cells, found {found}")]
    Length { expected: usize, found: usize },
    #[error("cell {cell} repeats a symbol of its house")]
    Repeat { cell: usize },
}

/// Values and candidates of a grid being solved by logic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<'a> {
    layout: &'a Layout,
    values: Vec<Option<Symbol>>,
    /// Candidates of each empty cell, one bit per symbol; 0 for a filled cell.
    cands: Vec<u64>,
    /// The puzzle is known to have one solution, so uniqueness techniques
    /// (unique rectangles, BUG) may be used.
    unique: bool,
}

impl<'a> Board<'a> {
    /// The board of a puzzle: every symbol its peers leave is a candidate.
    pub fn new(layout: &'a Layout, values: &[Option<Symbol>]) -> Result<Board<'a>, LogicError> {
        let n = layout.size();
        if n > MAX_SYMBOLS {
            return Err(LogicError::TooManySymbols(n));
        }
        if values.len() != layout.cell_count() {
            return Err(LogicError::Length { expected: layout.cell_count(), found: values.len() });
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut board =
            Board { layout, values: vec![None; values.len()], cands: vec![all; values.len()], unique: false };
        for (i, v) in values.iter().enumerate() {
            if let Some(s) = v {
                if board.cands[i] & (1 << s.index()) == 0 {
                    return Err(LogicError::Repeat { cell: i });
                }
                board.place(CellId(i as u32), *s);
            }
        }
        Ok(board)
    }

    /// The board with a player's pencil marks as the candidates of the
    /// empty cells (marks the peers' values rule out are dropped).
    pub fn with_marks(mut self, marks: &[u64]) -> Board<'a> {
        for (i, &m) in marks.iter().enumerate().take(self.cands.len()) {
            if self.values[i].is_none() {
                self.cands[i] &= m;
            }
        }
        self
    }

    /// The board of a puzzle known to have exactly one solution (check it
    /// first, e.g. with [`Solver::uniqueness`](crate::solver::Solver::uniqueness)):
    /// the uniqueness techniques rely on it and are skipped without it.
    pub fn assume_unique(mut self) -> Board<'a> {
        self.unique = true;
        self
    }

    /// Whether the puzzle is taken to have exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    pub fn layout(&self) -> &'a Layout {
        self.layout
    }

    pub fn value(&self, cell: CellId) -> Option<Symbol> {
        self.values[cell.index()]
    }

    pub fn values(&self) -> &[Option<Symbol>] {
        &self.values
    }

    /// The candidates of a cell (0 when it has a value).
    pub fn candidates(&self, cell: CellId) -> u64 {
        self.cands[cell.index()]
    }

    /// One pass over house `h`: the symbols placed there, and the symbols
    /// with one empty place or more, and with two or more (as masks).
    pub(crate) fn house_tally(&self, h: HouseId) -> HouseTally {
        let mut tally = HouseTally::default();
        for &c in &self.layout().house(h).cells {
            match self.value(c) {
                Some(v) => tally.placed |= 1 << v.index(),
                None => {
                    let m = self.candidates(c);
                    tally.twice |= tally.once & m;
                    tally.once |= m;
                }
            }
        }
        tally
    }

    pub fn has(&self, cell: CellId, symbol: Symbol) -> bool {
        self.cands[cell.index()] & (1 << symbol.index()) != 0
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// Some empty cell has no candidate left: the board is broken.
    pub fn is_broken(&self) -> bool {
        self.values.iter().zip(&self.cands).any(|(v, &c)| v.is_none() && c == 0)
    }

    /// Puts `symbol` in `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: CellId, symbol: Symbol) {
        self.values[cell.index()] = Some(symbol);
        self.cands[cell.index()] = 0;
        let bit = !(1u64 << symbol.index());
        for &p in self.layout.peers(cell) {
            self.cands[p.index()] &= bit;
        }
    }

    pub fn eliminate(&mut self, cell: CellId, symbol: Symbol) {
        self.cands[cell.index()] &= !(1u64 << symbol.index());
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(c, s) in &step.placements {
            if self.values[c.index()].is_none() {
                self.place(c, s);
            }
        }
        for &(c, s) in &step.eliminations {
            self.eliminate(c, s);
        }
    }

    /// The empty cells of a house where `symbol` is a candidate.
    pub fn places(&self, house: HouseId, symbol: Symbol) -> impl Iterator<Item = CellId> + '_ {
        let bit = 1u64 << symbol.index();
        self.layout.house(house).cells.iter().copied().filter(move |c| self.cands[c.index()] & bit != 0)
    }

    /// Whether `symbol` is already placed in `house`.
    pub fn placed_in(&self, house: HouseId, symbol: Symbol) -> bool {
        self.layout.house(house).cells.iter().any(|c| self.values[c.index()] == Some(symbol))
    }

    pub(super) fn house_ids(&self) -> impl Iterator<Item = HouseId> {
        (0..self.layout.houses().len() as u32).map(HouseId)
    }

    /// Whether two cells see each other (share a house).
    pub fn sees(&self, a: CellId, b: CellId) -> bool {
        a != b && self.layout.peers(a).contains(&b)
    }
}

/// What [`Board::house_tally`] counts in a house, one bit per symbol.
#[derive(Clone, Copy, Default)]
pub(crate) struct HouseTally {
    pub placed: u64,
    /// Candidates in at least one empty cell.
    pub once: u64,
    /// Candidates in at least two empty cells.
    pub twice: u64,
}

/// The symbols of a mask, lowest first.
pub(crate) fn symbols_of(mut mask: u64) -> impl Iterator<Item = Symbol> {
    core::iter::from_fn(move || {
        (mask != 0).then(|| {
            let s = Symbol::new(mask.trailing_zeros() as usize);
            mask &= mask - 1;
            s
        })
    })
}
