//! Random complete grids and puzzles with exactly one solution.
//!
//! [`fill`](fn@fill) makes a random complete grid of any layout. A
//! [`Generator`] (or [`generate`], the same in one call) fills one and
//! removes its givens an orbit of cells at a time ([`Symmetry`]) while the
//! puzzle keeps exactly one solution, in bounded steps that report
//! [`Progress`]. One file per job:
//!
//! * `fill.rs`: random complete grids, searched or built band by band
//!   ([`bands`]), and random jigsaws ([`random_jigsaw`]).
//! * `symmetry.rs`: the orbits of cells removed together ([`symmetry_orbits`]).
//! * `generator.rs`: the [`Generator`]'s steps, from a fill through the
//!   removal to the puzzle.
//! * `remove.rs`: the removal of givens from one grid: each orbit's check and
//!   its verdict, the queue of a round and the checks deferred to the next,
//!   and the searches kept to go on from.
//! * `rounds.rs`: which rounds of checks a [`GenerateConfig`] runs, and the
//!   measured constants that tune them (the rounds' budgets, the passes, the
//!   sparse draws).
//! * `speculate.rs`: a round's checks on helper threads, recording the
//!   verdicts one thread alone would reach.
//! * `rated.rs`: puzzles made to a difficulty level ([`generate_rated`]).
//! * `setting.rs`: finishing a setter's puzzle ([`make_unique`],
//!   [`needless_givens`], [`minimize`]).

use crate::layout::Layout;
use crate::symbol::Symbol;

pub mod bands;
mod fill;
mod generator;
mod rated;
mod remove;
mod rounds;
mod setting;
mod speculate;
mod symmetry;

#[cfg(test)]
mod tests;

pub use fill::{fill, fill_with, random_jigsaw, FillBudget, FillError, BANDS_FROM};
pub use generator::Generator;
pub use rated::{generate_rated, RatedPuzzle, RATED_ATTEMPTS};
pub use setting::{make_unique, minimize, needless_givens, solutions, SettingError};
pub use speculate::MAX_THREADS;
pub use symmetry::{symmetry_orbits, Symmetry};

/// What to make: which cells are emptied together, how far removal goes,
/// and the budget and threads of its checks. Whatever the configuration,
/// the puzzle has exactly one solution, the grid it was cut from, and the
/// same seed makes the same puzzle natively and in WebAssembly. The
/// default removes single cells on the calling thread, as far as the
/// automatic check budget decides.
#[derive(Clone, Debug, Default)]
pub struct GenerateConfig {
    /// Which cells are emptied together: a removal takes out one orbit of
    /// the symmetry at a time.
    pub symmetry: Symmetry,
    /// Keep removing until no given can go. Up to 81 cells every check is
    /// proved and the puzzle is minimal. Above, each check searches with
    /// probing within a budget fifteen times the automatic one (see
    /// `check_budget`), the cheapest checks first: from 257 cells in passes
    /// of growing budget, the last pass being the first that decides too
    /// few of its checks. A given whose check runs out is kept, and counted
    /// in [`Generated::undecided`].
    ///
    /// Without `minimal`, removal stops at `target_givens` when set, and
    /// otherwise goes as far as the automatic budget decides.
    pub minimal: bool,
    /// Stop removing once at most this many givens remain.
    pub target_givens: Option<usize>,
    /// Search nodes allowed to decide whether one given can go; a given
    /// whose check runs out is kept (the puzzle stays proven unique, but
    /// may then not be minimal: see [`Generated::undecided`]). `None`: an
    /// automatic budget by size, unlimited up to 81 cells, fifteen times
    /// larger when `minimal`.
    pub check_budget: Option<u64>,
    /// Threads that run the removal checks of a minimal puzzle after its
    /// first round, up to [`MAX_THREADS`]: each takes the next check as if
    /// the checks still running before it keep their givens, and a verdict
    /// counts only if they did. The puzzle is the same for any number; 0 and
    /// 1 use the calling thread only, and WebAssembly always does.
    pub threads: usize,
}

/// A puzzle and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub givens: Vec<Option<Symbol>>,
    pub solution: Vec<Symbol>,
    /// Givens kept only because their check ran out of budget; the puzzle
    /// is minimal when this is 0 and every given was tried.
    pub undecided: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The message says the fill's cause, so it is not also its `source`
    /// (a report of the chain would say it twice).
    #[error("could not fill a grid: {0}")]
    Fill(FillError),
    #[error("the {0:?} symmetry needs a board geometry of the same height and width")]
    Symmetry(Symmetry),
    #[error("the generator has already delivered its puzzle")]
    Finished,
    #[error("no {level} puzzle of this layout in {attempts} tries")]
    Level { level: &'static str, attempts: u32 },
}

impl From<FillError> for GenerateError {
    fn from(e: FillError) -> Self {
        GenerateError::Fill(e)
    }
}

/// A random puzzle of `layout` with exactly one solution, reproducible
/// from `seed`. The same as running a [`Generator`] to the end.
pub fn generate(layout: &Layout, config: &GenerateConfig, seed: u64) -> Result<Generated, GenerateError> {
    Generator::new(layout, config, seed)?.finish()
}

/// How far a [`Generator`] has come.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// Still working; `done` of `total` steps (a fill attempt or one
    /// removal check each) are behind it. `total` may grow while filling;
    /// while removing, `done` never falls.
    Working {
        stage: Stage,
        done: usize,
        total: usize,
    },
    Done(Generated),
}

/// What a [`Generator`] is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Filling,
    Removing,
}
