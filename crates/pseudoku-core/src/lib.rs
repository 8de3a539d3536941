//! The Pseudoku engine: sudoku-family puzzles as cells and houses.
//!
//! A [`layout::Layout`] describes any variant (classic, rectangular boxes,
//! jigsaw, diagonal, overlapping multi-grids, the circular Sudoku Pie, custom
//! houses) as a set of cells and houses; a house holds every symbol once.
//! [`solver::Solver`] solves, counts and enumerates solutions of any layout;
//! [`partition`] solves and constructs Pseudoku partition puzzles; both
//! searches report to a [`search::Sink`] that can stop them;
//! [`generate`] fills random grids and cuts puzzles with one solution;
//! [`format`](mod@format) reads and writes puzzles (one-line puzzles, variant files).
//!
//! The engine does no I/O, reads no clock and takes randomness only from a
//! caller-given seed or RNG, so the same seed gives the same puzzle natively
//! and in the browser.
//!
//! ```
//! use pseudoku_core::{layout::Layout, solver::{Solver, Uniqueness}, generate::{generate, GenerateConfig}};
//! let layout = Layout::classic(3).unwrap();
//! let puzzle = generate(&layout, &GenerateConfig::default(), 42).unwrap();
//! let mut solver = Solver::new(&layout);
//! assert_eq!(solver.uniqueness(&puzzle.givens), Uniqueness::Unique(puzzle.solution));
//! ```

// Index loops over parallel tables read better than zipped iterators here.
#![allow(clippy::needless_range_loop)]

pub mod bits;
pub mod deduce;
pub mod format;
pub mod generate;
pub mod grid;
pub mod layout;
pub mod logic;
pub mod partition;
pub mod search;
pub mod seed;
pub mod solver;
pub mod symbol;
pub mod transform;
