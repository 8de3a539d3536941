//! The engine's side of the app: the [`wire`] messages that cross to the
//! Web Worker, and the [`worker`] that runs them.

pub mod client;
pub mod wire;
pub mod worker;
