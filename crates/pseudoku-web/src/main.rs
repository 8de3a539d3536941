//! The Pseudoku page (see the library's docs for its parts).

fn main() {
    pseudoku_web::run_app();
}
