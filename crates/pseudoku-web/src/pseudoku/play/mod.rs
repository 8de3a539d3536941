//! Playing a Pseudoku challenge: the [`state`] reducer (with its
//! [`teacher`]) and its [`view`].

pub mod state;
pub mod teacher;
pub mod view;
