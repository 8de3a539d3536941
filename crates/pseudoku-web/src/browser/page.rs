//! The page itself: a random seed, keyboard focus, the theme, whether the
//! page is hidden or the user is typing, the service worker, the boot
//! message, and the largest board the page draws.

use pseudoku_core::format::Variant;
use wasm_bindgen::JsCast;

/// The most cells a sudoku board on the page may have. The engine reads
/// layouts up to `layout::MAX_CELLS` for the command line, but drawing that
/// many cells takes the page seconds; this covers 49×49 and every layout in
/// the catalogue, and keeps any link's opening within a fraction of a second.
pub const MAX_SHOWN_CELLS: usize = 2_500;

/// Whether the page can draw this puzzle's board; if not, a sentence that
/// says how many cells it has and how many the page shows.
pub fn fits_the_page(variant: &Variant) -> Result<(), String> {
    let cells = variant.layout().cell_count();
    if cells > MAX_SHOWN_CELLS {
        return Err(format!(
            "this puzzle has {cells} cells; the app shows at most {MAX_SHOWN_CELLS} (the command line reads up to {})",
            pseudoku_core::layout::MAX_CELLS
        ));
    }
    Ok(())
}

/// Seeds of new puzzles are below this, so they are short to read and type.
const SEED_LIMIT: f64 = 1e9;

/// A fresh seed for "New puzzle". The engine never reads a clock or a
/// global RNG; the page does, here.
pub fn random_seed() -> u64 {
    let r = js_sys::Math::random();
    (r * SEED_LIMIT) as u64 % SEED_LIMIT as u64
}

/// Moves keyboard focus to the element with this id, but only when focus is
/// already inside the grid (so typing after "New puzzle" does not jump).
pub fn focus_within_grid(id: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let in_grid = document.active_element().and_then(|e| e.closest("[role=grid]").ok().flatten()).is_some();
    if !in_grid {
        return;
    }
    if let Some(element) = document.get_element_by_id(id).and_then(|e| e.dyn_into::<web_sys::SvgElement>().ok()) {
        let _ = element.focus();
    }
}

/// Registers the service worker (`sw.js`) that keeps the app working
/// offline after one visit; a browser without service workers just goes on.
pub fn register_service_worker() {
    if let Some(window) = web_sys::window() {
        let container = window.navigator().service_worker();
        let _ = container.register("./sw.js");
    }
}

/// Sets `data-theme` on the page (`None`: follow the system).
pub fn set_theme(name: Option<&str>) {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let _ = match name {
        Some(name) => root.set_attribute("data-theme", name),
        None => root.remove_attribute("data-theme"),
    };
}

/// True when a key event comes from a text field or a menu, where keys
/// are the field's own.
pub fn typing_in_field(event: &web_sys::Event) -> bool {
    let Some(element) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return false };
    matches!(element.tag_name().to_ascii_lowercase().as_str(), "input" | "textarea" | "select")
}

/// Whether the page is hidden (another tab, a minimised window).
pub fn page_hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

/// Removes the "Loading…" text that index.html shows until the app starts,
/// and marks the moment (`performance.mark("pseudoku-rendered")`, read by
/// the browser benchmark).
pub fn remove_boot_message() {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("pseudoku-rendered");
    }
    if let Some(boot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
}
