//! The words every search of the engine speaks: the sudoku [`Solver`] and
//! the Pseudoku partition search alike.
//!
//! A search reports what it finds to a [`Sink`] (a solution of a sudoku, an
//! answer of a Pseudoku instance), one at a time, and every so many nodes
//! its [`Progress`]; after each, the sink says whether to go on ([`Flow`]).
//! One search thus serves "the first", "count up to K" and "all". When the
//! search ends, its [`SearchReport`] says how many it found, how many nodes
//! it took and why it ended ([`SearchEnd`]). Budgets count nodes, never time.
//!
//! [`solver`](crate::solver) and [`partition`](crate::partition) re-export
//! these types, so either one's users need a single import.
//!
//! ```
//! use pseudoku_core::layout::Layout;
//! use pseudoku_core::search::{Flow, SearchEnd};
//! use pseudoku_core::solver::{SearchOptions, Solver};
//! use pseudoku_core::symbol::Symbol;
//!
//! // The first three solutions of an empty 4×4.
//! let mut solver = Solver::new(&Layout::classic(2).unwrap());
//! let mut first = Vec::new();
//! let report = solver.search(&[None; 16], SearchOptions::default(), &mut |s: &[Symbol]| {
//!     first.push(s.to_vec());
//!     if first.len() == 3 { Flow::Stop } else { Flow::Continue }
//! });
//! assert_eq!((report.found, report.end), (3, SearchEnd::Stopped));
//! ```
//!
//! [`Solver`]: crate::solver::Solver

/// What a [`Sink`] wants after each event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Where a search is, for [`Sink::progress`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Search nodes visited so far.
    pub nodes: u64,
    /// What was found so far.
    pub found: u64,
}

/// Receives what a search finds, of type `T` (a sudoku's solution is a
/// `[Symbol]`, one per cell; a Pseudoku answer is a
/// [`Partition`](crate::partition::Partition)), and its progress.
///
/// Any `FnMut(&T) -> Flow` is a sink.
pub trait Sink<T: ?Sized> {
    /// Called once with each thing found, in the search's order. `Stop`
    /// ends the search.
    fn found(&mut self, found: &T) -> Flow;

    /// Called every so many nodes (each search says how many). `Stop` ends
    /// the search.
    fn progress(&mut self, _progress: Progress) -> Flow {
        Flow::Continue
    }
}

impl<T: ?Sized, F: FnMut(&T) -> Flow> Sink<T> for F {
    fn found(&mut self, found: &T) -> Flow {
        self(found)
    }
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole tree was searched: everything there is was found.
    Exhausted,
    /// The sink asked to stop.
    Stopped,
    /// The node budget ran out.
    OutOfBudget,
}

/// What a search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// How many solutions or answers the sink was given.
    pub found: u64,
    /// Search nodes visited.
    pub nodes: u64,
    pub end: SearchEnd,
}
