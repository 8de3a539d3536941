//! The state of one game and the only way to change it: [`Game::apply`] of
//! an [`Action`].
//!
//! Nothing here touches the DOM, storage or the clock, so it is tested on
//! the host like any other Rust code. The components only read a [`Game`]
//! and dispatch actions; `browser.rs` persists it.

use std::rc::Rc;

use pseudoku_core::generate::{generate, GenerateConfig, GenerateError};
use pseudoku_core::grid;
use pseudoku_core::layout::{CellId, Layout};
use pseudoku_core::symbol::Symbol;
use yew::Reducible;

/// A puzzle being played.
///
/// Invariant: `givens`, `cells` and `conflicts` have one entry per cell of
/// `layout`, every given is also in `cells`, and `conflicts` is
/// `grid::conflicts(layout, cells)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    layout: Rc<Layout>,
    seed: u64,
    givens: Vec<Option<Symbol>>,
    cells: Vec<Option<Symbol>>,
    conflicts: Vec<bool>,
    selected: Option<CellId>,
    /// A message for the player that is not about the grid (a saved game
    /// that could not be read, a puzzle that could not be made).
    notice: Option<String>,
}

/// A direction for moving the selection with the arrow keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// Everything a player (or the page) can do to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select a cell (click, tap or focus).
    Select(CellId),
    /// Move the selection; selects the first cell when none is selected.
    Move(Direction),
    /// Put a symbol in the selected cell, unless it is a given.
    Enter(Symbol),
    /// Empty the selected cell, unless it is a given.
    Clear,
    /// Start a new puzzle made from this seed.
    NewPuzzle(u64),
    /// Open the puzzle of this seed (a changed `#seed=` link), unless it is
    /// the one being played.
    OpenSeed(u64),
    /// Hide the notice.
    DismissNotice,
}

/// The layout every game uses today: the classic 9×9.
pub fn classic_layout() -> Rc<Layout> {
    Rc::new(Layout::classic(3).expect("the classic layout is valid"))
}

impl Game {
    /// A new puzzle of `layout` made from `seed`.
    pub fn generate(layout: Rc<Layout>, seed: u64) -> Result<Game, GenerateError> {
        let generated = generate(&layout, &GenerateConfig::default(), seed)?;
        let cells = generated.givens.clone();
        Ok(Game::from_parts(layout, seed, generated.givens, cells))
    }

    /// A game in progress.
    ///
    /// # Panics
    /// When `givens` or `cells` do not have one entry per cell, or a given
    /// is missing from `cells` (callers check saved data first, see
    /// `saved.rs`).
    pub fn from_parts(layout: Rc<Layout>, seed: u64, givens: Vec<Option<Symbol>>, cells: Vec<Option<Symbol>>) -> Game {
        assert_eq!(givens.len(), layout.cell_count(), "one given slot per cell");
        assert_eq!(cells.len(), layout.cell_count(), "one value per cell");
        assert!(givens.iter().zip(&cells).all(|(g, c)| g.is_none() || g == c), "givens stay in place");
        let conflicts = grid::conflicts(&layout, &cells);
        Game { layout, seed, givens, cells, conflicts, selected: None, notice: None }
    }

    /// An empty grid, shown only when no puzzle could be made.
    pub fn blank(layout: Rc<Layout>, seed: u64) -> Game {
        let empty = vec![None; layout.cell_count()];
        Game::from_parts(layout, seed, empty.clone(), empty)
    }

    /// The same game with a notice for the player.
    pub fn with_notice(mut self, notice: impl Into<String>) -> Game {
        self.notice = Some(notice.into());
        self
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn givens(&self) -> &[Option<Symbol>] {
        &self.givens
    }

    /// Givens and entries together, one per cell.
    pub fn cells(&self) -> &[Option<Symbol>] {
        &self.cells
    }

    pub fn value(&self, cell: CellId) -> Option<Symbol> {
        self.cells[cell.index()]
    }

    pub fn is_given(&self, cell: CellId) -> bool {
        self.givens[cell.index()].is_some()
    }

    /// True when the cell shares a house with an equal symbol.
    pub fn is_conflict(&self, cell: CellId) -> bool {
        self.conflicts[cell.index()]
    }

    pub fn conflict_count(&self) -> usize {
        self.conflicts.iter().filter(|&&c| c).count()
    }

    pub fn empty_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_none()).count()
    }

    pub fn selected(&self) -> Option<CellId> {
        self.selected
    }

    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Every cell filled and no rule broken.
    pub fn is_solved(&self) -> bool {
        self.empty_count() == 0 && self.conflict_count() == 0
    }

    /// The game after `action`, or `None` when the action changes nothing
    /// (so the page does not re-render).
    pub fn apply(&self, action: Action) -> Option<Game> {
        match action {
            Action::Select(cell) => {
                (cell.index() < self.cells.len() && self.selected != Some(cell)).then(|| self.with_selected(cell))
            }
            Action::Move(direction) => {
                let next = match self.selected {
                    None => CellId(0),
                    Some(cell) => self.neighbour(cell, direction)?,
                };
                (self.selected != Some(next)).then(|| self.with_selected(next))
            }
            Action::Enter(symbol) if symbol.index() < self.layout.size() => self.set_selected(Some(symbol)),
            Action::Enter(_) => None,
            Action::Clear => self.set_selected(None),
            Action::NewPuzzle(seed) => Some(match Game::generate(self.layout.clone(), seed) {
                Ok(game) => game,
                Err(err) => self.clone().with_notice(format!("Could not make puzzle {seed}: {err}")),
            }),
            Action::OpenSeed(seed) if seed == self.seed => None,
            Action::OpenSeed(seed) => self.apply(Action::NewPuzzle(seed)),
            Action::DismissNotice => self.notice.is_some().then(|| Game { notice: None, ..self.clone() }),
        }
    }

    fn with_selected(&self, cell: CellId) -> Game {
        Game { selected: Some(cell), ..self.clone() }
    }

    /// Writes the selected cell. Givens never change, and a solved grid is
    /// finished: it stays as it is until a new puzzle.
    fn set_selected(&self, value: Option<Symbol>) -> Option<Game> {
        let cell = self.selected?;
        if self.is_given(cell) || self.is_solved() || self.cells[cell.index()] == value {
            return None;
        }
        let mut cells = self.cells.clone();
        cells[cell.index()] = value;
        let conflicts = grid::conflicts(&self.layout, &cells);
        Some(Game { cells, conflicts, ..self.clone() })
    }

    /// The cell next to `cell` on the board, if any (no wrapping).
    fn neighbour(&self, cell: CellId, direction: Direction) -> Option<CellId> {
        let (row, col) = self.layout.position(cell)?;
        let (row, col) = match direction {
            Direction::Up => (row.checked_sub(1)?, col),
            Direction::Down => (row + 1, col),
            Direction::Left => (row, col.checked_sub(1)?),
            Direction::Right => (row, col + 1),
        };
        self.layout.cell_at(row, col)
    }
}

impl Reducible for Game {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        // Returning the same `Rc` tells Yew 0.23 nothing changed.
        match self.apply(action) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

/// The action for a key press (`KeyboardEvent.key`), for a layout of
/// `size` symbols: arrows move, `1`–`9` (then `A`–`Z`) enter, Backspace,
/// Delete, `0` and `.` clear.
pub fn key_action(key: &str, size: usize) -> Option<Action> {
    Some(match key {
        "ArrowUp" => Action::Move(Direction::Up),
        "ArrowDown" => Action::Move(Direction::Down),
        "ArrowLeft" => Action::Move(Direction::Left),
        "ArrowRight" => Action::Move(Direction::Right),
        "Backspace" | "Delete" | "0" | "." => Action::Clear,
        _ => {
            let mut chars = key.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else { return None };
            let symbol = Symbol::from_char(c).filter(|s| s.index() < size)?;
            Action::Enter(symbol)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::generate(classic_layout(), 7).unwrap()
    }

    fn first(game: &Game, given: bool) -> CellId {
        let i = game.givens().iter().position(|g| g.is_some() == given).unwrap();
        CellId(i as u32)
    }

    fn play(mut game: Game, actions: impl IntoIterator<Item = Action>) -> Game {
        for action in actions {
            if let Some(next) = game.apply(action) {
                game = next;
            }
        }
        game
    }

    #[test]
    fn a_new_game_shows_its_givens_and_is_not_solved() {
        let g = game();
        assert_eq!(g.cells(), g.givens());
        assert!(g.empty_count() > 0);
        assert_eq!(g.conflict_count(), 0);
        assert!(!g.is_solved());
        assert_eq!(g.seed(), 7);
    }

    #[test]
    fn digits_go_into_the_selected_empty_cell_and_clear_removes_them() {
        let g = game();
        let cell = first(&g, false);
        let g = play(g, [Action::Select(cell), Action::Enter(Symbol::new(4))]);
        assert_eq!(g.value(cell), Some(Symbol::new(4)));
        let g = play(g, [Action::Clear]);
        assert_eq!(g.value(cell), None);
    }

    #[test]
    fn givens_cannot_be_changed() {
        let g = game();
        let cell = first(&g, true);
        let before = g.value(cell);
        let g = g.apply(Action::Select(cell)).unwrap();
        assert_eq!(g.apply(Action::Enter(Symbol::new(0))), None);
        assert_eq!(g.apply(Action::Clear), None);
        assert_eq!(g.value(cell), before);
    }

    #[test]
    fn nothing_is_entered_without_a_selection() {
        assert_eq!(game().apply(Action::Enter(Symbol::new(0))), None);
    }

    #[test]
    fn a_repeated_symbol_marks_both_cells() {
        let g = game();
        let cell = first(&g, false);
        let (row, _) = g.layout().position(cell).unwrap();
        // A given in the same row, copied into the empty cell.
        let twin = (0..9).map(|c| g.layout().cell_at(row, c).unwrap()).find(|&c| g.is_given(c)).unwrap();
        let g = play(g.clone(), [Action::Select(cell), Action::Enter(g.value(twin).unwrap())]);
        assert!(g.is_conflict(cell) && g.is_conflict(twin));
        // The copy may also repeat a given in its column or box.
        assert!((2..=4).contains(&g.conflict_count()), "{} cells marked", g.conflict_count());
        let g = play(g, [Action::Clear]);
        assert_eq!(g.conflict_count(), 0);
    }

    #[test]
    fn entering_the_solution_solves_and_then_locks_the_grid() {
        let layout = classic_layout();
        let puzzle = generate(&layout, &GenerateConfig::default(), 11).unwrap();
        let mut g = Game::generate(layout, 11).unwrap();
        for (i, s) in puzzle.solution.iter().enumerate() {
            g = play(g, [Action::Select(CellId(i as u32)), Action::Enter(*s)]);
        }
        assert!(g.is_solved());
        let empty = puzzle.givens.iter().position(Option::is_none).unwrap();
        let g = play(g, [Action::Select(CellId(empty as u32))]);
        assert_eq!(g.apply(Action::Clear), None, "a solved grid stays solved");
    }

    #[test]
    fn arrows_move_within_the_board() {
        let g = game();
        let g = play(g, [Action::Move(Direction::Up)]);
        assert_eq!(g.selected(), Some(CellId(0)), "the first arrow selects the first cell");
        assert_eq!(g.apply(Action::Move(Direction::Up)), None);
        assert_eq!(g.apply(Action::Move(Direction::Left)), None);
        let g = play(g, [Action::Move(Direction::Right), Action::Move(Direction::Down)]);
        assert_eq!(g.selected(), Some(CellId(10)));
        let g = play(g, (0..20).map(|_| Action::Move(Direction::Right)));
        assert_eq!(g.selected(), Some(CellId(17)));
    }

    #[test]
    fn new_puzzle_and_open_seed() {
        let g = game();
        assert_eq!(g.apply(Action::OpenSeed(7)), None, "the same seed keeps the game");
        let other = g.apply(Action::OpenSeed(8)).unwrap();
        assert_eq!(other.seed(), 8);
        assert_ne!(other.givens(), g.givens());
        let again = other.apply(Action::NewPuzzle(7)).unwrap();
        assert_eq!(again.givens(), g.givens(), "a seed always makes the same puzzle");
    }

    #[test]
    fn notices_can_be_dismissed() {
        let g = game().with_notice("hello");
        assert_eq!(g.notice(), Some("hello"));
        let g = g.apply(Action::DismissNotice).unwrap();
        assert_eq!(g.notice(), None);
        assert_eq!(g.apply(Action::DismissNotice), None);
    }

    #[test]
    fn keys() {
        assert_eq!(key_action("5", 9), Some(Action::Enter(Symbol::new(4))));
        assert_eq!(key_action("ArrowLeft", 9), Some(Action::Move(Direction::Left)));
        assert_eq!(key_action("Backspace", 9), Some(Action::Clear));
        assert_eq!(key_action("Delete", 9), Some(Action::Clear));
        assert_eq!(key_action("a", 9), None, "A is the tenth symbol");
        assert_eq!(key_action("a", 16), Some(Action::Enter(Symbol::new(9))));
        assert_eq!(key_action("Shift", 9), None);
        assert_eq!(key_action("F5", 9), None);
    }
}
