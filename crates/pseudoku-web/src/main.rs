//! The Pseudoku browser app.
//!
//! One reducer ([`game::Game`] with its closed [`game::Action`] enum) holds
//! the state; small components ([`board::Board`], [`controls`]) draw it and
//! send actions back through callbacks; [`browser`] keeps it in local
//! storage and the URL. The engine is `pseudoku-core`, compiled into the
//! same WebAssembly module.

mod app;
mod board;
mod browser;
mod controls;
mod game;
mod saved;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
