//! The Pseudoku engine.
pub mod layout;
pub mod symbol;
