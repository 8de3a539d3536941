//! The Pseudoku page and its engine worker: one WebAssembly module for
//! both. In a window it starts the app; instantiated again inside a Web
//! Worker (by `web/engine.js`), it serves the engine's long searches.

fn main() {
    #[cfg(target_arch = "wasm32")]
    if web_sys::window().is_none() {
        pseudoku_web::engine::worker::run();
        return;
    }
    pseudoku_web::run_app();
}
