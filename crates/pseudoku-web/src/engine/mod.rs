//! The engine's side of the app: the [`wire`] messages that cross to the
//! Web Worker, the page's [`client`] that sends them, and the [`worker`]
//! that runs them with the engine.

pub mod client;
pub mod wire;
pub mod worker;
