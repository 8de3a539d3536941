//! Undo and redo as data: the states before each change, and the states
//! undone since. Every screen keeps one; the setters save theirs as
//! [`SavedHistory`], so undo survives a reload as it does in the players.

use serde::{Deserialize, Serialize};

/// How many changes can be undone.
pub const LIMIT: usize = 500;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History { undo: Vec::new(), redo: Vec::new() }
    }
}

impl<T: Clone> History<T> {
    /// Records `before`, the state a change is about to leave; clears redo.
    pub fn record(&mut self, before: T) {
        if self.undo.len() == LIMIT {
            self.undo.remove(0);
        }
        self.undo.push(before);
        self.redo.clear();
    }

    /// The state to go back to from `current`, if any.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let before = self.undo.pop()?;
        self.redo.push(current);
        Some(before)
    }

    /// The state to go forward to from `current`, if any.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let after = self.redo.pop()?;
        self.undo.push(current);
        Some(after)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The undo and redo stacks, oldest first (for saving).
    pub fn parts(&self) -> (&[T], &[T]) {
        (&self.undo, &self.redo)
    }

    /// A history from saved stacks.
    pub fn from_parts(undo: Vec<T>, redo: Vec<T>) -> History<T> {
        History { undo, redo }
    }
}

/// How many bytes of state texts a saved history holds at most.
pub const SAVE_BUDGET: usize = 256 * 1024;

/// The version of [`SavedHistory`] this build writes and reads.
pub const HISTORY_SAVE_VERSION: u32 = 1;

/// A history as saved: each state as text, beside the text of the state it
/// leads to (`at`), so that it is only ever put back behind that state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedHistory {
    pub version: u32,
    pub at: String,
    pub undo: Vec<String>,
    pub redo: Vec<String>,
}

impl<T: Clone> History<T> {
    /// This history as text, behind the state written `at`: the states to
    /// redo, then those to undo from the newest, while their texts fit in
    /// [`SAVE_BUDGET`] bytes (a large grid keeps fewer steps, so a save and
    /// its reading stay small).
    pub fn save(&self, at: String, write: impl Fn(&T) -> String) -> SavedHistory {
        let mut room = SAVE_BUDGET;
        let mut take = |state: &T| {
            let text = write(state);
            room = room.checked_sub(text.len())?;
            Some(text)
        };
        let mut redo: Vec<String> = self.redo.iter().rev().map_while(&mut take).collect();
        let mut undo: Vec<String> = self.undo.iter().rev().map_while(&mut take).collect();
        redo.reverse();
        undo.reverse();
        SavedHistory { version: HISTORY_SAVE_VERSION, at, undo, redo }
    }

    /// The saved history, when it was saved behind the state written `at`
    /// and every state in it reads; else none (a damaged or foreign save
    /// gives an empty history, never a wrong one).
    pub fn load(saved: SavedHistory, at: &str, mut read: impl FnMut(&str) -> Option<T>) -> Option<History<T>> {
        let bytes: usize = saved.undo.iter().chain(&saved.redo).map(String::len).sum();
        let long = saved.undo.len() > LIMIT || saved.redo.len() > LIMIT || bytes > SAVE_BUDGET;
        if saved.version != HISTORY_SAVE_VERSION || saved.at != at || long {
            return None;
        }
        let mut all = |texts: &[String]| texts.iter().map(|t| read(t)).collect::<Option<Vec<T>>>();
        Some(History { undo: all(&saved.undo)?, redo: all(&saved.redo)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_history_comes_back_only_behind_its_own_state() {
        let mut h = History::default();
        for before in [1, 2, 3] {
            h.record(before);
        }
        let now = h.undo(4).unwrap();
        let saved = h.save(now.to_string(), |n| n.to_string());
        let read = |t: &str| t.parse::<i32>().ok();
        let back = History::load(saved.clone(), "3", read).expect("saved behind 3");
        assert_eq!(back, h);
        assert_eq!(History::load(saved.clone(), "4", read), None, "behind another state");
        let damaged = SavedHistory { undo: vec!["1".into(), "x".into()], ..saved.clone() };
        assert_eq!(History::load(damaged, "3", read), None);
        let newer = SavedHistory { version: HISTORY_SAVE_VERSION + 1, ..saved };
        assert_eq!(History::load(newer, "3", read), None);
    }

    #[test]
    fn a_saved_history_keeps_the_redo_and_the_newest_undo_within_its_budget() {
        let mut h = History::default();
        for before in 0..LIMIT {
            h.record(before);
        }
        let now = h.undo(LIMIT).unwrap();
        // Each state's text is a tenth of the budget, less a little.
        let write = |n: &usize| format!("{n:0>width$}", width = SAVE_BUDGET / 10 - 8);
        let saved = h.save(now.to_string(), write);
        assert_eq!(saved.redo, vec![write(&LIMIT)]);
        let kept: Vec<usize> = saved.undo.iter().map(|t| t.parse().unwrap()).collect();
        assert_eq!(kept, (LIMIT - 10..LIMIT - 1).collect::<Vec<_>>(), "the newest undo, oldest first");
        let back = History::load(saved, &now.to_string(), |t| t.parse::<usize>().ok()).unwrap();
        assert_eq!(back.parts().0.last(), Some(&(LIMIT - 2)));
        let mut huge = h.save(now.to_string(), write);
        huge.undo.push(write(&0));
        huge.undo.push(write(&0));
        assert_eq!(History::load(huge, &now.to_string(), |t| t.parse::<usize>().ok()), None, "over the budget");
    }

    #[test]
    fn undo_then_redo_returns_to_each_state() {
        let mut h = History::default();
        let mut state = 0;
        for next in 1..=3 {
            h.record(state);
            state = next;
        }
        state = h.undo(state).unwrap();
        state = h.undo(state).unwrap();
        assert_eq!(state, 1);
        state = h.redo(state).unwrap();
        assert_eq!(state, 2);
        h.record(state);
        assert!(!h.can_redo(), "a new change clears redo");
        assert_eq!(h.undo(9), Some(2));
    }
}
