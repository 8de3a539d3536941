//! Pseudoku: the board every Pseudoku screen draws, and its two screens,
//! [`play`] (a challenge being solved) and [`set`] (one being made).

pub mod analysis;
pub mod board;
pub mod examples;
pub mod play;
pub mod set;
pub mod teach;
