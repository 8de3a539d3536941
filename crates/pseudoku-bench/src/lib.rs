//! Benchmark support: the named peers the engine is measured against, and
//! the puzzle sets they run on.
//!
//! The peer is [`dlx::Dlx`], Knuth's Algorithm X with dancing links: the
//! textbook exact-cover method that seed 004's commenters recommend, built
//! from any [`Layout`] (one column per cell and per (house, symbol), one row
//! per (cell, symbol)). It shares no code with the engine's solvers, so it is
//! also a second opinion on their answers.

pub mod dlx;
pub mod regions;
pub mod sets;

pub use pseudoku_core::layout::Layout;
