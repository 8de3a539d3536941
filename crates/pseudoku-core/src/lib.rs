//! The Pseudoku engine.
pub mod layout;
pub mod partition;
pub mod symbol;
