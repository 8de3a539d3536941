//! Benchmark support: the named peers the engine is measured against, the
//! puzzle sets they run on, and how times are printed.
//!
//! The peers share no code with the engine's solvers, so each is also a
//! second opinion on its answers:
//!
//! * [`dlx::Dlx`], Knuth's Algorithm X with dancing links: the textbook
//!   exact-cover method that seed 004's commenters recommend, built from any
//!   [`Layout`] (one column per cell and per (house, symbol), one row per
//!   (cell, symbol)). It counts solutions and fills grids at random.
//! * [`regions::RegionCover`], the Pseudoku peer: every candidate region
//!   listed, then the grid covered exactly by them.
//!
//! [`sets`] reads the shared benchmark files and makes larger puzzles. Two
//! programs use them: the `peers` binary (`cargo xtask bench ARGS…`), which
//! times the engine through `pseudoku-measure`, as `pseudoku bench` does,
//! and a peer on the same inputs in the same run; and the criterion suite
//! `benches/engine.rs` (`cargo bench -p pseudoku-bench`). The `pseudoku`
//! binary does not depend on this crate, so it ships no peer.

pub mod dlx;
pub mod regions;
pub mod sets;

pub use pseudoku_core::layout::Layout;
