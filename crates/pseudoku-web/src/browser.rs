//! Everything that talks to the browser outside the component tree: local
//! storage, the `#seed=` part of the URL, the random seed of a new puzzle,
//! and keyboard focus.
//!
//! Each function copes with a missing API (no `window`, storage disabled)
//! by doing nothing, so a locked-down browser still gets a working page.

use gloo_storage::{LocalStorage, Storage};
use pseudoku_core::seed::seed_from_text;
use wasm_bindgen::JsCast;

use crate::game::{classic_layout, Game};
use crate::saved::SavedGame;

/// The local storage key of the game in progress.
const STORAGE_KEY: &str = "pseudoku.game";

/// Seeds of new puzzles are below this, so they are short to read and type.
const SEED_LIMIT: f64 = 1e9;

/// The game to start with: the saved one, unless the URL names another
/// seed; else a new puzzle from the URL's seed or a random one.
pub fn initial_game() -> Game {
    let layout = classic_layout();
    let url_seed = url_seed();
    let (saved, notice) = match load_saved() {
        Ok(saved) => (saved, None),
        Err(reason) => (None, Some(format!("Your saved game could not be read: {reason}. A new puzzle was started."))),
    };
    if let Some(saved) = saved.filter(|s| url_seed.is_none_or(|seed| seed == s.seed)) {
        match saved.into_game(layout.clone()) {
            Ok(game) => return game,
            Err(reason) => {
                let notice = format!("Your saved game could not be read: {reason}. A new puzzle was started.");
                return new_game(url_seed.unwrap_or_else(random_seed)).with_notice(notice);
            }
        }
    }
    let game = new_game(url_seed.unwrap_or_else(random_seed));
    match notice {
        Some(notice) => game.with_notice(notice),
        None => game,
    }
}

/// A new puzzle from `seed`, or a blank grid with a notice if none can be
/// made (the page is never left empty).
fn new_game(seed: u64) -> Game {
    Game::generate(classic_layout(), seed).unwrap_or_else(|err| {
        Game::blank(classic_layout(), seed).with_notice(format!("Could not make puzzle {seed}: {err}"))
    })
}

/// A fresh seed for "New puzzle". The engine never reads a clock or a
/// global RNG; the page does, here.
pub fn random_seed() -> u64 {
    let r = js_sys::Math::random();
    (r * SEED_LIMIT) as u64 % SEED_LIMIT as u64
}

/// The saved game, `Ok(None)` if there is none (or no storage), and the
/// reason if there is one that cannot be read.
fn load_saved() -> Result<Option<SavedGame>, String> {
    if !storage_available() {
        return Ok(None);
    }
    let Ok(Some(text)) = LocalStorage::raw().get_item(STORAGE_KEY) else { return Ok(None) };
    SavedGame::from_json(&text).map(Some).map_err(|e| e.0)
}

/// Saves the game; a full or disabled storage only loses the save.
pub fn save(game: &Game) {
    if storage_available() {
        let _ = LocalStorage::raw().set_item(STORAGE_KEY, &SavedGame::from_game(game).to_json());
    }
}

/// `window.localStorage` throws when storage is disabled, and gloo-storage
/// would panic on it: ask first.
fn storage_available() -> bool {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).is_some()
}

/// The seed named by the URL: `#seed=123` is the number 123, any other text
/// (`#seed=hello`) is hashed with the engine's `seed_from_text`.
pub fn url_seed() -> Option<u64> {
    let hash = web_sys::window()?.location().hash().ok()?;
    seed_in_hash(&hash)
}

/// Parses the `seed` entry of a URL fragment such as `#seed=42&x=1`.
pub fn seed_in_hash(hash: &str) -> Option<u64> {
    let value = hash.trim_start_matches('#').split('&').find_map(|kv| kv.strip_prefix("seed="))?;
    let value = percent_decode(value);
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    Some(value.parse().unwrap_or_else(|_| seed_from_text(value)))
}

/// Decodes `%xx` escapes (UTF-8); a malformed escape is kept as it is.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The link fragment for a seed.
pub fn seed_hash(seed: u64) -> String {
    format!("#seed={seed}")
}

/// Shows the game's seed in the address bar without adding history entries
/// (so Back leaves the page rather than stepping through puzzles).
pub fn show_seed_in_url(seed: u64) {
    let Some(window) = web_sys::window() else { return };
    let hash = seed_hash(seed);
    if window.location().hash().ok().as_deref() == Some(hash.as_str()) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash));
    }
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

/// Removes the "Loading…" text that index.html shows until the app starts.
pub fn remove_boot_message() {
    if let Some(boot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_in_links() {
        assert_eq!(seed_in_hash("#seed=42"), Some(42));
        assert_eq!(seed_in_hash("seed=42"), Some(42));
        assert_eq!(seed_in_hash("#x=1&seed=7"), Some(7));
        assert_eq!(seed_in_hash("#seed=hello"), Some(seed_from_text("hello")));
        assert_eq!(seed_in_hash("#seed=h%C3%A9llo"), Some(seed_from_text("héllo")));
        assert_eq!(seed_in_hash("#seed=%zz"), Some(seed_from_text("%zz")));
        assert_eq!(seed_in_hash("#seed="), None);
        assert_eq!(seed_in_hash(""), None);
        assert_eq!(seed_in_hash(&seed_hash(123)), Some(123));
    }
}
