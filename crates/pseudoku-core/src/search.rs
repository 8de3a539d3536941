//! The words every search of the engine speaks: the sudoku [`Solver`] and
//! the Pseudoku partition search alike.
//!
//! A search reports what it finds to a [`Sink`] (a solution of a sudoku, an
//! answer of a Pseudoku instance), one at a time, and every so many nodes
//! its [`Progress`]; after each, the sink says whether to go on ([`Flow`]).
//! One search thus serves "the first", "count up to K" and "all". When the
//! search ends, its [`SearchReport`] says how many it found, how many nodes
//! it took and why it ended ([`SearchEnd`]). Budgets count nodes, never time.
//! [`Count`] and [`Uniqueness`] answer "how many?" and "exactly one?" for
//! both engines alike.
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

/// How many solutions or answers a search found, counting up to a limit.
/// Its [`Display`](core::fmt::Display) is the CLI's: `3`, `>=10`, or the
/// budget it ran out of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// The whole tree was searched: exactly this many.
    Exact(u64),
    /// The limit was reached with this many: at least this many.
    AtLeast(u64),
    /// The node budget ran out after `nodes` nodes, with `found` found.
    GaveUp { nodes: u64, found: u64 },
}

impl Count {
    /// The count a search's report gives.
    pub fn of(report: &SearchReport) -> Count {
        match report.end {
            SearchEnd::Exhausted => Count::Exact(report.found),
            SearchEnd::Stopped => Count::AtLeast(report.found),
            SearchEnd::OutOfBudget => Count::GaveUp { nodes: report.nodes, found: report.found },
        }
    }

    /// How many were found.
    pub fn found(self) -> u64 {
        match self {
            Count::Exact(n) | Count::AtLeast(n) | Count::GaveUp { found: n, .. } => n,
        }
    }

    /// Exactly one.
    pub fn is_unique(self) -> bool {
        self == Count::Exact(1)
    }

    /// More than one found.
    pub fn is_several(self) -> bool {
        self.found() > 1
    }
}

impl core::fmt::Display for Count {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::AtLeast(n) => write!(f, ">={n}"),
            Count::GaveUp { nodes, found } => write!(f, "gave up after {nodes} nodes with {found} found"),
        }
    }
}

/// Whether there is no solution (or answer), one, or more; `T` is what a
/// search finds (a sudoku's `Vec<Symbol>`, a Pseudoku
/// [`Partition`](crate::partition::Partition)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness<T> {
    None,
    Unique(T),
    /// The first two found.
    Multiple(T, T),
    /// The node budget ran out after `nodes` nodes before the question was
    /// settled (never without a budget).
    Unknown {
        nodes: u64,
    },
}

impl<T> Uniqueness<T> {
    /// Uniqueness from the first (up to) two found and the report of the
    /// search that found them.
    pub fn of(first: Vec<T>, report: &SearchReport) -> Uniqueness<T> {
        let mut it = first.into_iter();
        match (report.end, it.next(), it.next()) {
            (_, Some(a), Some(b)) => Uniqueness::Multiple(a, b),
            (SearchEnd::OutOfBudget, _, _) => Uniqueness::Unknown { nodes: report.nodes },
            (_, Some(a), None) => Uniqueness::Unique(a),
            (_, None, _) => Uniqueness::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::partition::{self, Instance};
    use crate::solver::Solver;

    #[test]
    fn both_engines_count_in_the_same_words() {
        // An empty 4×4 has 288 solutions; the 2014 Pseudoku has 5 answers.
        let mut solver = Solver::new(&Layout::classic(2).unwrap());
        let seed = Instance::parse(
            "731298564495186723946753182153874296862531479289415637678342951317629845524967318 4-13 13-14 17-26 \
             22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69",
        )
        .unwrap();
        assert_eq!(solver.count(&[None; 16], 1000), Count::Exact(288));
        assert_eq!(partition::count(&seed, 1000, None), Count::Exact(5));
        assert_eq!(solver.count(&[None; 16], 10), Count::AtLeast(10));
        assert_eq!(partition::count(&seed, 3, None), Count::AtLeast(3));
        let gave_up = solver.count_within(&[None; 16], 1000, Some(3));
        assert!(matches!(gave_up, Count::GaveUp { nodes: 3.., .. }), "{gave_up:?}");
        assert_eq!(
            [Count::Exact(5), Count::AtLeast(10), Count::GaveUp { nodes: 7, found: 2 }].map(|c| c.to_string()),
            ["5", ">=10", "gave up after 7 nodes with 2 found"]
        );
        assert!(Count::Exact(1).is_unique() && !Count::AtLeast(1).is_unique());
        assert!(Count::AtLeast(2).is_several() && !Count::Exact(1).is_several());
        assert_eq!(Count::GaveUp { nodes: 7, found: 2 }.found(), 2);
    }

    #[test]
    fn uniqueness_reads_the_first_two_found_and_the_end() {
        let report = |found, end| SearchReport { found, nodes: 9, end };
        assert_eq!(Uniqueness::of(vec![1, 2], &report(2, SearchEnd::Stopped)), Uniqueness::Multiple(1, 2));
        assert_eq!(Uniqueness::of(vec![1], &report(1, SearchEnd::Exhausted)), Uniqueness::Unique(1));
        assert_eq!(Uniqueness::of(vec![1], &report(1, SearchEnd::OutOfBudget)), Uniqueness::Unknown { nodes: 9 });
        assert_eq!(Uniqueness::<u8>::of(vec![], &report(0, SearchEnd::Exhausted)), Uniqueness::None);
    }
}
