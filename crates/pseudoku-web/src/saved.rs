//! What the page keeps in local storage: a small, versioned type of its
//! own, so the engine's internals can change without breaking saved games.
//!
//! ```json
//! {"version":1,"seed":42,"givens":"5..3.....","cells":"5.43....."}
//! ```
//!
//! `givens` and `cells` are written one character per cell in the line
//! format (`1`–`9`, then `A`–`Z`; `.` for an empty cell). The givens are
//! stored, not recomputed from the seed, so a game survives a change of the
//! generator.

use std::rc::Rc;

use pseudoku_core::layout::Layout;
use pseudoku_core::symbol::Symbol;
use serde::{Deserialize, Serialize};

use crate::game::Game;

/// The version this build writes and reads.
pub const VERSION: u32 = 1;

/// A game as stored. Build it with [`SavedGame::from_game`]; turn it back
/// with [`SavedGame::into_game`], which checks everything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    pub seed: u64,
    pub givens: String,
    pub cells: String,
}

/// Why a saved game could not be read. The text is shown to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError(pub String);

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl SavedGame {
    pub fn from_game(game: &Game) -> SavedGame {
        SavedGame {
            version: VERSION,
            seed: game.seed(),
            givens: write_line(game.givens()),
            cells: write_line(game.cells()),
        }
    }

    /// Reads the JSON text of a saved game.
    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
        // Look at the version first, so a future format gets a clear message.
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| SaveError(format!("it is not valid JSON ({e})")))?;
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => return Err(SaveError(format!("it is version {v}, and this page reads version {VERSION}"))),
            None => return Err(SaveError("it has no version number".into())),
        }
        serde_json::from_value(value).map_err(|e| SaveError(format!("it is damaged ({e})")))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a saved game always serializes")
    }

    /// The game, after checking it fits `layout` and keeps its givens.
    pub fn into_game(self, layout: Rc<Layout>) -> Result<Game, SaveError> {
        let givens =
            read_line(&self.givens, &layout).map_err(|e| SaveError(format!("its givens are damaged ({e})")))?;
        let cells = read_line(&self.cells, &layout).map_err(|e| SaveError(format!("its cells are damaged ({e})")))?;
        if let Some(i) = givens.iter().zip(&cells).position(|(g, c)| g.is_some() && g != c) {
            return Err(SaveError(format!("cell {} does not hold its given", i + 1)));
        }
        Ok(Game::from_parts(layout, self.seed, givens, cells))
    }
}

fn write_line(cells: &[Option<Symbol>]) -> String {
    cells.iter().map(|c| c.and_then(Symbol::to_char).unwrap_or('.')).collect()
}

fn read_line(line: &str, layout: &Layout) -> Result<Vec<Option<Symbol>>, String> {
    let count = line.chars().count();
    if count != layout.cell_count() {
        return Err(format!("{count} cells instead of {}", layout.cell_count()));
    }
    line.chars()
        .map(|c| match c {
            '.' => Ok(None),
            _ => Symbol::from_char(c)
                .filter(|s| s.index() < layout.size())
                .map(Some)
                .ok_or_else(|| format!("{c:?} is not a symbol of this puzzle")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{classic_layout, Action};
    use pseudoku_core::layout::CellId;

    fn game_in_progress() -> Game {
        let g = Game::generate(classic_layout(), 5).unwrap();
        let empty = g.givens().iter().position(Option::is_none).unwrap();
        let g = g.apply(Action::Select(CellId(empty as u32))).unwrap();
        g.apply(Action::Enter(Symbol::new(2))).unwrap()
    }

    #[test]
    fn a_game_round_trips_through_json() {
        let g = game_in_progress();
        let saved = SavedGame::from_game(&g);
        assert_eq!(saved.givens.len(), 81);
        let back = SavedGame::from_json(&saved.to_json()).unwrap().into_game(classic_layout()).unwrap();
        assert_eq!(back.cells(), g.cells());
        assert_eq!(back.givens(), g.givens());
        assert_eq!(back.seed(), 5);
    }

    fn error(json: &str) -> String {
        match SavedGame::from_json(json).and_then(|s| s.into_game(classic_layout())) {
            Ok(_) => panic!("{json} was accepted"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn broken_saves_are_refused_with_a_reason() {
        assert!(error("{not json").contains("not valid JSON"));
        assert!(error(r#"{"seed":1}"#).contains("no version"));
        assert!(error(r#"{"version":2,"seed":1}"#).contains("version 2"));
        assert!(error(r#"{"version":1,"seed":1}"#).contains("damaged"));
        let dots = ".".repeat(81);
        assert!(error(&format!(r#"{{"version":1,"seed":1,"givens":"..","cells":"{dots}"}}"#)).contains("2 cells"));
        let bad = format!("X{}", ".".repeat(80));
        assert!(error(&format!(r#"{{"version":1,"seed":1,"givens":"{bad}","cells":"{dots}"}}"#)).contains("'X'"));
        let given = format!("5{}", ".".repeat(80));
        assert!(error(&format!(r#"{{"version":1,"seed":1,"givens":"{given}","cells":"{dots}"}}"#)).contains("cell 1"));
    }
}
