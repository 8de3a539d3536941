//! Local storage: text under a key, and every key the app uses, named here
//! so that one table says what the page keeps.

use gloo_storage::{LocalStorage, Storage};
use wasm_bindgen::JsCast;

use crate::shared::history::SavedHistory;

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
/// When the storage is full, older saved games make room (see
/// [`store_evicting`]).
pub fn store_text(key: &str, value: &str) -> Result<(), String> {
    store_evicting(key, value).map(drop)
}

/// Stores a text that is worth less than any game (a setter's undo): when
/// the storage is full, nothing else makes room, and an older text under
/// the key is removed rather than left behind, out of step.
pub fn store_if_room(key: &str, value: &str) -> Result<(), String> {
    if !storage_available() {
        return Err("this browser does not let the page store anything".into());
    }
    let storage = LocalStorage::raw();
    storage.set_item(key, value).map_err(|_| {
        let _ = storage.remove_item(key);
        "the browser refused to store it".to_owned()
    })
}

/// Stores a text. When the browser's storage is full, the saves of other
/// games are removed, in [`eviction_order`], until it fits: the number
/// removed, to say so. The game being written, the last one played on each
/// screen and everything that is not a game's save are never removed.
pub fn store_evicting(key: &str, value: &str) -> Result<usize, String> {
    if !storage_available() {
        return Err("this browser does not let the page store anything".into());
    }
    let storage = LocalStorage::raw();
    let mut order: Option<std::vec::IntoIter<String>> = None;
    let mut removed = 0;
    loop {
        let Err(e) = storage.set_item(key, value) else { return Ok(removed) };
        let name = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.name())).unwrap_or_default();
        if name != "QuotaExceededError" {
            return Err("the browser refused to store it".to_owned());
        }
        let order = order.get_or_insert_with(|| {
            let keys: Vec<String> =
                (0..storage.length().unwrap_or(0)).filter_map(|i| storage.key(i).ok().flatten()).collect();
            let recent: Vec<String> = load_text(RECENT_SUDOKUS_KEY)
                .and_then(|t| serde_json::from_str::<Vec<serde_json::Value>>(&t).ok())
                .unwrap_or_default()
                .iter()
                .filter_map(|r| r.get("key")?.as_str().map(str::to_owned))
                .collect();
            let kept = [
                Some(key.to_owned()),
                load_text(LAST_SUDOKU_KEY).map(|k| sudoku_key(&k)),
                load_text(LAST_PLAYED_KEY).map(|k| play_key(&k)),
            ];
            eviction_order(&keys, &recent, &kept.into_iter().flatten().collect::<Vec<_>>()).into_iter()
        });
        let Some(victim) = order.next() else { return Err("the browser's storage is full".to_owned()) };
        if storage.remove_item(&victim).is_ok() {
            removed += 1;
        }
    }
}

/// The saved games to remove, first to last, when the storage is full:
/// sudokus that have left the recent list, then Pseudoku challenges, then
/// the recent sudokus from the oldest. `keys` are all the storage's keys,
/// `recent` the recent list's puzzle keys (newest first), `kept` the keys
/// never to remove.
pub fn eviction_order(keys: &[String], recent: &[String], kept: &[String]) -> Vec<String> {
    let (sudoku_prefix, play_prefix) = (sudoku_key(""), play_key(""));
    let sudoku = |k: &String| {
        k.strip_prefix(sudoku_prefix.as_str()).is_some_and(|rest| !rest.is_empty())
            && k.as_str() != LAST_SUDOKU_KEY
            && k.as_str() != RECENT_SUDOKUS_KEY
    };
    let play = |k: &String| {
        k.strip_prefix(play_prefix.as_str()).is_some_and(|rest| !rest.is_empty()) && k.as_str() != LAST_PLAYED_KEY
    };
    let recent: Vec<String> = recent.iter().map(|k| sudoku_key(k)).collect();
    let free = |k: &&String| !kept.contains(k);
    let mut order: Vec<String> =
        keys.iter().filter(free).filter(|k| sudoku(k) && !recent.contains(k)).cloned().collect();
    let mut plays: Vec<String> = keys.iter().filter(free).filter(|k| play(k)).cloned().collect();
    plays.sort();
    order.extend(plays);
    order.extend(recent.iter().rev().filter(|k| keys.contains(k)).filter(free).cloned());
    order
}

// Every key the app keeps under, in one place. A setter's work also keeps
// `{key}.shown`, the address the bar last showed for it (`url::keep_work`),
// and `{key}.history`, its undo and redo ([`history_key`]).

/// Where a setter's undo and redo are kept, beside its work under `key`.
pub fn history_key(key: &str) -> String {
    format!("{key}.history")
}

/// A setter's undo and redo as kept beside its work under `key`.
pub fn load_history(key: &str) -> Option<SavedHistory> {
    load_text(&history_key(key)).and_then(|t| serde_json::from_str(&t).ok())
}

/// Keeps a setter's undo and redo beside its work under `key`, when there
/// is room ([`store_if_room`]).
pub fn keep_history(key: &str, saved: &SavedHistory) {
    if let Ok(text) = serde_json::to_string(saved) {
        let _ = store_if_room(&history_key(key), &text);
    }
}

/// The Pseudoku setter's work.
pub const SETTER_KEY: &str = "pseudoku.setter";
/// The sudoku setter's work.
pub const SUDOKU_SETTER_KEY: &str = "pseudoku.set";
/// What a game's save says when older games made room for it.
pub fn evicted_notice(removed: usize) -> String {
    let games = if removed == 1 { "1 older saved game was" } else { "older saved games were" };
    let count = if removed == 1 { String::new() } else { format!("{removed} ") };
    format!("The browser's storage was full: {count}{games} removed to keep this one.")
}

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

    #[test]
    fn a_full_storage_drops_old_games_first_and_never_the_kept_ones() {
        let s = |v: &[&str]| v.iter().map(|k| k.to_string()).collect::<Vec<_>>();
        let keys = s(&[
            THEME_KEY,
            SETTER_KEY,
            "pseudoku.setter.shown",
            LAST_SUDOKU_KEY,
            RECENT_SUDOKUS_KEY,
            LAST_PLAYED_KEY,
            "pseudoku.sudoku.new",
            "pseudoku.sudoku.old",
            "pseudoku.sudoku.gone",
            "pseudoku.play.b",
            "pseudoku.play.a",
            "pseudoku.play.now",
        ]);
        let kept = s(&["pseudoku.sudoku.new", "pseudoku.play.now"]);
        let order = eviction_order(&keys, &s(&["new", "old", "never-saved"]), &kept);
        assert_eq!(order, s(&["pseudoku.sudoku.gone", "pseudoku.play.a", "pseudoku.play.b", "pseudoku.sudoku.old"]));
    }
}
