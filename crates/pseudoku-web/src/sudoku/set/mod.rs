//! Setting a sudoku: the [`state`] reducer, the [`jigsaw`] regions drawn
//! as walls, and the screen's [`view`].

pub mod jigsaw;
pub mod state;
pub mod view;
