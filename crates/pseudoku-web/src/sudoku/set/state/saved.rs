//! The sudoku setter's work as saved: its link text when a link holds it,
//! else the state as text (givens that break a rule are work too, and a
//! link refuses them), and its undo and redo, each state as text.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use pseudoku_core::format::{line, link, Variant};
use pseudoku_core::layout::CellId;
use pseudoku_core::partition::Edge;
use serde::{Deserialize, Serialize};

use super::{Snapshot, SudokuSetter};
use crate::shared::history::{History, SavedHistory};

/// The work as the page keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedWork {
    /// A puzzle a link holds: its link text, also shown in the address bar.
    Link(String),
    /// Anything else (a given that breaks a rule): a text only this page
    /// reads, kept without touching the address bar.
    Text(String),
}

impl SavedWork {
    /// The text kept under the setter's key.
    pub fn text(&self) -> &str {
        match self {
            SavedWork::Link(t) | SavedWork::Text(t) => t,
        }
    }
}

/// A [`Snapshot`] as text: the layout's variant file (no givens), the
/// givens in the line format, and the region walls being drawn.
#[derive(Serialize, Deserialize)]
struct SnapshotText {
    variant: String,
    givens: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    walls: Option<Vec<[u32; 2]>>,
}

impl Snapshot {
    /// Its text, written the first time it is asked for: a history saved
    /// after every change writes only the newest state.
    fn text(&self) -> String {
        let write = || {
            let walls = self.walls.as_ref().map(|w| w.iter().map(|e| [e.a().0, e.b().0]).collect());
            let text = SnapshotText {
                variant: self.variant.to_string(),
                givens: line::write(self.variant.layout(), &self.givens),
                walls,
            };
            serde_json::to_string(&text).expect("a snapshot serialises")
        };
        self.text.get_or_init(write).clone()
    }

    /// A snapshot from its text; `layouts` keeps the variants already read,
    /// by their text, so a history of one layout reads it once.
    fn read(text: &str, layouts: &mut HashMap<String, Rc<Variant>>) -> Option<Snapshot> {
        let text: SnapshotText = serde_json::from_str(text).ok()?;
        let variant = match layouts.get(&text.variant) {
            Some(v) => v.clone(),
            None => {
                let v: Rc<Variant> = Rc::new(text.variant.parse().ok()?);
                layouts.insert(text.variant.clone(), v.clone());
                v
            }
        };
        if variant.givens().is_some() {
            return None;
        }
        let givens = line::read(variant.layout(), &text.givens).ok()?;
        let n = variant.layout().size();
        let walls = match text.walls {
            None => None,
            Some(w) => {
                Some(w.iter().map(|&[a, b]| Edge::new(n, CellId(a), CellId(b))).collect::<Option<BTreeSet<Edge>>>()?)
            }
        };
        Some(Snapshot { variant, givens, walls, text: Rc::default() })
    }
}

impl SudokuSetter {
    /// The work as kept: the puzzle's link text, or the state as text when
    /// no link holds it.
    pub fn saved_work(&self) -> SavedWork {
        let puzzle = (*self.variant).clone().with_givens(Some(self.givens.clone()));
        match puzzle.ok().and_then(|p| link::encode_sudoku(&p).ok()) {
            Some(text) => SavedWork::Link(text),
            None => SavedWork::Text(Snapshot { walls: None, text: Rc::default(), ..self.snapshot() }.text()),
        }
    }

    /// A setter on kept work: a link's sudoku, or the state as text.
    pub fn from_saved_work(text: &str) -> Option<SudokuSetter> {
        if let Ok(link::Shared::Sudoku(v)) = link::decode_shared(text) {
            return Some(SudokuSetter::new(*v));
        }
        let snapshot = Snapshot::read(text, &mut HashMap::new())?;
        let mut setter = SudokuSetter::new((*snapshot.variant).clone());
        setter.givens = snapshot.givens;
        Some(setter)
    }

    /// The layout's variant: its name, author and rules, no givens.
    pub fn layout_variant(&self) -> &Variant {
        &self.variant
    }

    /// How many changes can be undone and redone: with the work, what
    /// tells that the history changed.
    pub fn history_len(&self) -> (usize, usize) {
        let (undo, redo) = self.history.parts();
        (undo.len(), redo.len())
    }

    /// Undo and redo as saved beside `work` (this setter's [`saved_work`]).
    ///
    /// [`saved_work`]: SudokuSetter::saved_work
    pub fn saved_history(&self, work: &SavedWork) -> SavedHistory {
        self.history.save(work.text().to_owned(), Snapshot::text)
    }

    /// This setter with a saved undo and redo put back, when they were
    /// saved behind this very work; else unchanged.
    pub fn with_saved_history(mut self, saved: SavedHistory) -> SudokuSetter {
        let mut layouts = HashMap::new();
        if let Some(history) = History::load(saved, self.saved_work().text(), |t| Snapshot::read(t, &mut layouts)) {
            self.history = history;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::walls::WallEdit;
    use crate::sudoku::set::state::SetAction;

    #[test]
    fn a_snapshot_reads_back_from_its_text_region_walls_included() {
        let e = |a, b| Edge::new(9, CellId(a), CellId(b)).unwrap();
        let mut s = SudokuSetter::new("size 9\nname Jig\n".parse().unwrap());
        for action in [
            SetAction::DrawRegions(true),
            SetAction::Wall(WallEdit::Start(e(20, 21))),
            SetAction::Wall(WallEdit::End),
            SetAction::Wall(WallEdit::Start(e(11, 20))),
            SetAction::Wall(WallEdit::End),
        ] {
            s = s.apply(action).unwrap_or(s);
        }
        let snapshot = s.snapshot();
        assert!(snapshot.walls.as_ref().is_some_and(|w| w.contains(&e(11, 20)) && !w.contains(&e(20, 21))));
        let mut layouts = HashMap::new();
        assert_eq!(Snapshot::read(&snapshot.text(), &mut layouts), Some(snapshot));
        let short = "{\"variant\":\"size 9\\n\",\"givens\":\"12\"}";
        assert_eq!(Snapshot::read(short, &mut layouts), None, "too few cells");
    }
}
