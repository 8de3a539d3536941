//! Sudokus of every variant the engine knows: the board all of them draw,
//! and the two screens, [`play`] and [`set`].

pub mod board;
pub mod catalogue;
pub mod keys;
pub mod play;
pub mod set;
