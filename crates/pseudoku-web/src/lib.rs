//! The Pseudoku browser app and its Web Worker: one module, whose `main`
//! (`src/main.rs`) starts the page in a window and the engine's worker in a
//! worker (`web/engine.js` instantiates it there).
//!
//! The folders are the app's screens and what they share:
//!
//! - [`app`]: which screen is open, the frame and the tabs.
//! - [`pseudoku`]: the Pseudoku board and its screens, [`pseudoku::play`]
//!   and [`pseudoku::set`].
//! - [`sudoku`]: the sudoku board of any variant and its screens,
//!   [`sudoku::play`] and [`sudoku::set`].
//! - [`shared`]: what two screens use (undo, walls, request ids, hooks,
//!   panels).
//! - [`engine`]: the messages that cross to the worker
//!   ([`engine::wire`], each request with an id), the page's
//!   client and the worker that runs them with the engine.
//! - [`browser`]: every other side effect: storage, the URL, export.
//!
//! Each screen is a `state` (one reducer: a state and a closed action enum
//! that nothing else changes, plain Rust tested on the host) beside its
//! `view` (a component that reads the state and dispatches actions).
//!
//! Share links are the engine's own format (`pseudoku_core::format::link`),
//! the same the CLI prints.

pub mod app;
pub mod browser;
pub mod engine;
pub mod pseudoku;
pub mod shared;
pub mod sudoku;

/// Starts the page.
pub fn run_app() {
    yew::Renderer::<app::App>::new().render();
}
