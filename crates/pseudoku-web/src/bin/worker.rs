//! The Web Worker that runs the engine's long searches for the page
//! (`pseudoku_web::worker`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    pseudoku_web::worker::run();
}
