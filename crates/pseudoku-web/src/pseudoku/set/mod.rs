//! Setting a Pseudoku challenge: the [`state`] reducer and its [`view`].

pub mod state;
pub mod view;
