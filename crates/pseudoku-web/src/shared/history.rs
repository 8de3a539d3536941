//! Undo and redo as data: the states before each change, and the states
//! undone since. Both screens keep one.

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

#[cfg(test)]
mod tests {
    use super::*;

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
