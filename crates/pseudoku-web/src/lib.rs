//! The Pseudoku browser app and its Web Worker: one module, whose `main`
//! (`src/main.rs`) starts the page in a window and the engine's worker in a
//! worker (`web/engine.js` instantiates it there).
//!
//! - Screens, each with one reducer (state plus a closed action enum) that
//!   nothing else changes: [`play`] (a Pseudoku challenge being played),
//!   [`setter`] (one being set), [`table`] with [`game`] (a sudoku of any
//!   variant, and a new one being made); [`app`] holds which screen is open.
//! - Components read a state and dispatch actions: [`app`], [`playview`],
//!   [`create`], [`sudoku`], the boards [`pboard`] and [`board`], and
//!   [`controls`].
//! - [`wire`] is what crosses to the worker (versioned JSON messages, each
//!   with an id); [`worker`] runs them with the engine.
//! - [`browser`] is every side effect: storage, the URL, the clipboard, the
//!   worker itself.
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
