//! Local storage: text under a key, and every key the app uses, named here
//! so that one table says what the page keeps.

use gloo_storage::{LocalStorage, Storage};
use wasm_bindgen::JsCast;

/// `window.localStorage` throws when storage is disabled, and gloo-storage
/// would panic on it: ask first.
fn storage_available() -> bool {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).is_some()
}

/// Reads a stored text; `None` when absent or storage is unavailable.
pub fn load_text(key: &str) -> Option<String> {
    if !storage_available() {
        return None;
    }
    LocalStorage::raw().get_item(key).ok().flatten()
}

/// Stores a text; the reason when the browser refuses (full or blocked).
pub fn store_text(key: &str, value: &str) -> Result<(), String> {
    if !storage_available() {
        return Err("this browser does not let the page store anything".into());
    }
    LocalStorage::raw().set_item(key, value).map_err(|e| {
        let name = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.name())).unwrap_or_default();
        if name == "QuotaExceededError" {
            "the browser's storage is full".to_owned()
        } else {
            "the browser refused to store it".to_owned()
        }
    })
}

// Every key the app keeps under, in one place. A setter's work also keeps
// `{key}.shown`, the address the bar last showed for it (`url::keep_work`).

/// The Pseudoku setter's work.
pub const SETTER_KEY: &str = "pseudoku.setter";
/// The sudoku setter's work.
pub const SUDOKU_SETTER_KEY: &str = "pseudoku.set";
/// The key (link text) of the last Pseudoku challenge played.
pub const LAST_PLAYED_KEY: &str = "pseudoku.play.last";
/// The last sudoku played, and the recent list.
pub const LAST_SUDOKU_KEY: &str = "pseudoku.sudoku.last";
pub const RECENT_SUDOKUS_KEY: &str = "pseudoku.sudoku.recent";
/// The chosen theme.
pub const THEME_KEY: &str = "pseudoku.theme";
/// How the sudoku board draws candidates: `positional` (in place, the
/// default) or `centre` (the player's centre marks as written).
pub const CANDIDATES_KEY: &str = "pseudoku.candidates";

// Each saved format has its own version, beside its key: a save of another
// version is refused whole ([`check_version`]), and nothing else is touched.

/// The version of `SavedPlay` (under [`play_key`]) this build writes and reads.
pub const PLAY_SAVE_VERSION: u32 = 1;
/// The version of `SavedGame` (under [`sudoku_key`]) this build writes and reads.
pub const GAME_SAVE_VERSION: u32 = 2;

/// Refuses a save of another version than the one this build `reads`.
pub fn check_version(found: u32, reads: u32) -> Result<(), String> {
    if found == reads {
        Ok(())
    } else {
        Err(format!("it is version {found}, and this page reads version {reads}"))
    }
}

/// A Pseudoku challenge's progress, by its link text.
pub fn play_key(challenge_key: &str) -> String {
    format!("pseudoku.play.{challenge_key}")
}

/// A sudoku's game, by its key.
pub fn sudoku_key(key: &str) -> String {
    format!("pseudoku.sudoku.{key}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_the_apps_own_and_distinct() {
        let keys = [
            SETTER_KEY,
            SUDOKU_SETTER_KEY,
            LAST_PLAYED_KEY,
            LAST_SUDOKU_KEY,
            RECENT_SUDOKUS_KEY,
            THEME_KEY,
            CANDIDATES_KEY,
        ];
        let mut distinct: Vec<&str> = keys.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), keys.len(), "{keys:?}");
        assert!(keys.iter().all(|k| k.starts_with("pseudoku.")));
        assert_ne!(play_key("4x4"), sudoku_key("4x4"), "the two screens' saves never share a key");
    }
}
