//! Playing a sudoku: the [`game`] on the [`table`] (with a new puzzle being
//! made), the [`controls`] around the grid, and the screen's [`view`].

pub mod controls;
pub mod game;
pub mod table;
pub mod view;
