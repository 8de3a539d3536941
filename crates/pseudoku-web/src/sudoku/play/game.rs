//! The state of one sudoku game, of any variant, and the only way to change
//! it: [`Game::apply`] of an [`Action`].
//!
//! A cell holds a value, corner and centre marks and colours; a selection
//! of several cells takes every entry at once. Undo and redo go over
//! [`Marks`], the player's whole entry. Nothing here touches the DOM,
//! storage or the clock, so it is tested on the host like any other Rust
//! code; the solution (for "check") comes from the worker as an action.

// tidy: long because the state and its closed `Action` enum are one reducer,
// each action's effect beside the others, and its tests read them together.

use std::rc::Rc;

use pseudoku_core::format::link::encode_sudoku;
use pseudoku_core::format::Variant;
use pseudoku_core::grid;
use pseudoku_core::layout::{CellId, Geometry, Layout};
use pseudoku_core::symbol::Symbol;
use serde::{Deserialize, Serialize};

use crate::browser::storage::{check_version, GAME_SAVE_VERSION};
use crate::engine::wire::{Body, HintWire, Job, Reply};
use crate::shared::history::History;

/// Colours a cell can have (several at once).
pub const COLOURS: usize = 9;

/// A puzzle: its variant (layout, givens, title) and the link text that
/// names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    variant: Variant,
    layout: Rc<Layout>,
    key: String,
}

impl Puzzle {
    /// A puzzle from a variant with givens.
    pub fn new(variant: Variant) -> Result<Puzzle, String> {
        crate::browser::fits_the_page(&variant)?;
        let key = encode_sudoku(&variant).map_err(|e| e.to_string())?;
        let layout = Rc::new(variant.layout().clone());
        Ok(Puzzle { variant, layout, key })
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    pub fn title(&self) -> Option<&str> {
        self.variant.spec().name.as_deref()
    }

    pub fn given(&self, cell: CellId) -> Option<Symbol> {
        self.variant.givens().and_then(|g| g[cell.index()])
    }
}

/// How a typed symbol is entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    #[default]
    Value,
    Corner,
    Centre,
    Colour,
}

/// Everything the player has entered: what undo goes back over and what
/// is saved (a Pseudoku player's `Marks` are regions and borders, another
/// saved format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    /// Values in the line format of the puzzle (`.` for none; givens too).
    pub values: Vec<Option<u8>>,
    /// Corner and centre marks, one bit per symbol.
    pub corner: Vec<u64>,
    pub centre: Vec<u64>,
    /// Colours, one bit per colour.
    pub colours: Vec<u16>,
}

/// The verdict of "check".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Every value so far is right.
    CorrectSoFar,
    /// These cells hold a wrong value.
    Wrong(Vec<CellId>),
    /// The solution is not known (yet, or there are several).
    Unknown,
}

/// What the worker found out about the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    Pending,
    None,
    Unique(Vec<Symbol>),
    /// Several: the first found (used for nothing but the warning).
    Several,
    Failed(String),
}

/// Arrow directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    puzzle: Rc<Puzzle>,
    /// The seed the puzzle was made from, when it was.
    seed: Option<u64>,
    marks: Marks,
    conflicts: Vec<bool>,
    /// Selected cells in the order chosen; the last is the cursor.
    selection: Vec<CellId>,
    pub mode: Mode,
    history: History<Marks>,
    pub elapsed_ms: u64,
    pub paused: bool,
    pub checked: Option<Checked>,
    pub solutions: Solutions,
    /// A message for the player that is not about the grid.
    pub notice: Option<String>,
    /// The hint shown, and whether in full (else only the nudge).
    pub hint: Option<(HintWire, bool)>,
    /// The puzzle's rating, once known.
    pub rating: Option<GameRating>,
    /// A rating under way: the hardest step so far (SE tenths) and the
    /// steps taken.
    pub rating_so_far: Option<(u16, u32)>,
    /// The steps "Show me" applied, newest last, each with the entries
    /// before it: "Back" returns to them.
    trail: Vec<(Marks, HintWire)>,
}

/// A finished rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRating {
    /// Sudoku Explainer tenths (34 for 3.4).
    pub se_tenths: u16,
    pub level: String,
    pub hardest: String,
    /// The rater stopped short: the puzzle is at least this hard.
    pub at_least: bool,
}

impl GameRating {
    /// What the title row shows: "hard · SE 3.4", or for a rating that
    /// stopped, "≥ SE 9.5, beyond the rater".
    pub fn label(&self) -> String {
        let se = format!("{}.{}", self.se_tenths / 10, self.se_tenths % 10);
        if self.at_least {
            format!("≥ SE {se}, {}", self.level)
        } else {
            format!("{} · SE {se}", self.level)
        }
    }
}

/// Everything a player (or the page) can do to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select one cell (click, tap, focus); with `add`, add it to the
    /// selection instead (Ctrl/Shift+click, or a drag going on).
    Select {
        cell: CellId,
        add: bool,
    },
    SelectAll,
    /// Keyboard focus came to a cell (Tab): it is selected when nothing is.
    Focus(CellId),
    /// Ctrl+click: add the cell to the selection, or take it out when it
    /// is in already.
    Toggle(CellId),
    /// A double press: every cell with the same value as this one (or,
    /// when it is empty, the same colours).
    SelectSame(CellId),
    Deselect,
    /// Move the cursor; with `extend`, the selection grows.
    Move {
        direction: Direction,
        extend: bool,
    },
    SetMode(Mode),
    /// Enter a symbol (or colour, in colour mode) into the selection, in
    /// `mode` if given (a held Shift or Ctrl) else the current one.
    Enter {
        symbol: Symbol,
        mode: Option<Mode>,
    },
    /// Clear the selection in layers: values, then marks, then colours.
    Clear,
    /// Centre marks of every empty cell: the symbols its peers leave.
    AutoCandidates,
    Undo,
    Redo,
    Check,
    Tick(u64),
    TogglePause,
    Worker(Reply),
    DismissNotice,
    /// A message (storage full, say).
    Notice(String),
    /// A hint came from the worker: show its nudge.
    HintReady(HintWire),
    /// Show the hint in full (its cells and changes on the grid).
    HintMore,
    HideHint,
    /// Apply the step shown in full: its placements become values, its
    /// eliminations leave the cells' centre marks (a cell without marks
    /// gets the candidates the step was found on, less those).
    ShowMe,
    /// Undo the last step "Show me" applied and show it again in full.
    StepBack,
}

impl Game {
    pub fn new(puzzle: Puzzle, seed: Option<u64>) -> Game {
        let layout = puzzle.layout();
        let cells = layout.cell_count();
        let values: Vec<Option<u8>> =
            (0..cells).map(|c| puzzle.given(CellId(c as u32)).map(|s| s.index() as u8)).collect();
        let marks = Marks { values, corner: vec![0; cells], centre: vec![0; cells], colours: vec![0; cells] };
        let mut game = Game {
            puzzle: Rc::new(puzzle),
            seed,
            marks,
            conflicts: Vec::new(),
            selection: Vec::new(),
            mode: Mode::Value,
            history: History::default(),
            elapsed_ms: 0,
            paused: false,
            checked: None,
            solutions: Solutions::Pending,
            notice: None,
            hint: None,
            rating: None,
            rating_so_far: None,
            trail: Vec::new(),
        };
        game.conflicts = grid::conflicts(game.layout(), &game.cells());
        game
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub fn layout(&self) -> &Layout {
        self.puzzle.layout()
    }

    /// The layout, shared: the same `Rc` for as long as the puzzle stays.
    pub fn layout_rc(&self) -> Rc<Layout> {
        self.puzzle.layout.clone()
    }

    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The job that finds the solution (for "check") and says whether it
    /// is unique.
    pub fn solve_job(&self) -> Job {
        Job::Solve { variant: self.puzzle.variant().to_string() }
    }

    /// The game with these centre marks (one bit per symbol, a cell each)
    /// in its empty cells: the pencil marks an imported puzzle gives.
    pub fn with_centre_marks(mut self, centre: &[u64]) -> Game {
        for (c, &bits) in centre.iter().enumerate().take(self.marks.centre.len()) {
            if self.marks.values[c].is_none() {
                self.marks.centre[c] = bits;
            }
        }
        self
    }

    pub fn with_notice(mut self, notice: impl Into<String>) -> Game {
        self.notice = Some(notice.into());
        self
    }

    /// Givens and values, one per cell.
    pub fn cells(&self) -> Vec<Option<Symbol>> {
        self.marks.values.iter().map(|v| v.map(|v| Symbol::new(v.into()))).collect()
    }

    pub fn value(&self, cell: CellId) -> Option<Symbol> {
        self.marks.values[cell.index()].map(|v| Symbol::new(v.into()))
    }

    pub fn is_given(&self, cell: CellId) -> bool {
        self.puzzle.given(cell).is_some()
    }

    pub fn corner(&self, cell: CellId) -> u64 {
        self.marks.corner[cell.index()]
    }

    pub fn centre(&self, cell: CellId) -> u64 {
        self.marks.centre[cell.index()]
    }

    pub fn colours(&self, cell: CellId) -> u16 {
        self.marks.colours[cell.index()]
    }

    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    pub fn is_conflict(&self, cell: CellId) -> bool {
        self.conflicts[cell.index()]
    }

    pub fn conflict_count(&self) -> usize {
        self.conflicts.iter().filter(|&&c| c).count()
    }

    pub fn empty_count(&self) -> usize {
        self.marks.values.iter().filter(|v| v.is_none()).count()
    }

    pub fn selection(&self) -> &[CellId] {
        &self.selection
    }

    /// The cursor: the cell selected last.
    pub fn selected(&self) -> Option<CellId> {
        self.selection.last().copied()
    }

    pub fn is_selected(&self, cell: CellId) -> bool {
        self.selection.contains(&cell)
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// A few words that tell this game from another in a list: its shape,
    /// its givens and how far it has got ("9×9, 24 givens, 10 of 57
    /// filled", or "solved").
    pub fn summary(&self) -> String {
        let layout = self.layout();
        let (n, cells) = (layout.size(), layout.cell_count());
        let shape = if cells == n * n { format!("{n}×{n}") } else { format!("{cells} cells") };
        let givens = (0..cells).filter(|&c| self.is_given(CellId(c as u32))).count();
        let progress = if self.is_solved() {
            "solved".to_owned()
        } else {
            format!("{} of {} filled", cells - givens - self.empty_count(), cells - givens)
        };
        format!("{shape}, {givens} givens, {progress}")
    }

    /// Every cell filled and no rule broken.
    pub fn is_solved(&self) -> bool {
        self.empty_count() == 0 && self.conflict_count() == 0
    }

    /// The game with saved entries, history and time, after checking they
    /// fit this puzzle and keep its givens.
    pub fn restore(mut self, saved: SavedGame) -> Result<Game, String> {
        check_version(saved.version, GAME_SAVE_VERSION)?;
        self.check_marks(&saved.marks)?;
        for m in saved.undo.iter().chain(&saved.redo) {
            self.check_marks(m)?;
        }
        self.marks = saved.marks;
        self.history = History::from_parts(saved.undo, saved.redo);
        self.elapsed_ms = saved.elapsed_ms;
        self.conflicts = grid::conflicts(self.layout(), &self.cells());
        Ok(self)
    }

    /// What is saved for this game.
    pub fn saved(&self) -> SavedGame {
        let (undo, redo) = self.history.parts();
        SavedGame {
            version: GAME_SAVE_VERSION,
            seed: self.seed,
            marks: self.marks.clone(),
            undo: undo.to_vec(),
            redo: redo.to_vec(),
            elapsed_ms: self.elapsed_ms,
        }
    }

    fn check_marks(&self, marks: &Marks) -> Result<(), String> {
        let cells = self.layout().cell_count();
        let n = self.layout().size();
        let lengths = [marks.values.len(), marks.corner.len(), marks.centre.len(), marks.colours.len()];
        if lengths.iter().any(|&l| l != cells) {
            return Err(format!("it has the wrong number of cells for this puzzle ({cells})"));
        }
        if let Some(c) = marks.values.iter().position(|v| v.is_some_and(|v| usize::from(v) >= n)) {
            return Err(format!("cell {} holds a symbol this puzzle does not have", c + 1));
        }
        if let Some(c) = (0..cells).find(|&c| {
            let given = self.puzzle.given(CellId(c as u32)).map(|s| s.index() as u8);
            given.is_some() && marks.values[c] != given
        }) {
            return Err(format!("cell {} does not hold its given", c + 1));
        }
        Ok(())
    }

    /// The game after `action`, or `None` when nothing changes.
    pub fn apply(&self, action: Action) -> Option<Game> {
        let mut next = self.clone();
        match action {
            Action::Focus(cell) => {
                return match self.selected() {
                    Some(_) => None,
                    None => self.apply(Action::Select { cell, add: false }),
                };
            }
            Action::Select { cell, add } => {
                if cell.index() >= self.layout().cell_count() {
                    return None;
                }
                if add {
                    if self.selected() == Some(cell) {
                        return None;
                    }
                    next.selection.retain(|&c| c != cell);
                    next.selection.push(cell);
                } else {
                    if self.selection == [cell] {
                        return None;
                    }
                    next.selection = vec![cell];
                }
            }
            Action::SelectAll => next.selection = (0..self.layout().cell_count() as u32).map(CellId).collect(),
            Action::Toggle(cell) => {
                if cell.index() >= self.layout().cell_count() {
                    return None;
                }
                if self.is_selected(cell) {
                    next.selection.retain(|&c| c != cell);
                } else {
                    next.selection.push(cell);
                }
            }
            Action::SelectSame(cell) => {
                let i = cell.index();
                let m = &self.marks;
                let (value, colours) = (*m.values.get(i)?, m.colours[i]);
                if value.is_none() && colours == 0 {
                    return None;
                }
                // The same value; an empty cell, the same colours.
                let same = |j: usize| m.values[j] == value && (value.is_some() || m.colours[j] == colours);
                let mut selection: Vec<CellId> =
                    (0..m.values.len()).filter(|&j| j != i && same(j)).map(|j| CellId(j as u32)).collect();
                selection.push(cell);
                if selection == self.selection {
                    return None;
                }
                next.selection = selection;
            }
            Action::Deselect => {
                if self.selection.is_empty() {
                    return None;
                }
                next.selection.clear();
            }
            Action::Move { direction, extend } => {
                let target = match self.selected() {
                    None => CellId(0),
                    Some(cell) => neighbour(self.layout(), cell, direction)?,
                };
                if extend {
                    next.selection.retain(|&c| c != target);
                    next.selection.push(target);
                } else {
                    next.selection = vec![target];
                }
            }
            Action::SetMode(mode) => {
                if mode == self.mode {
                    return None;
                }
                next.mode = mode;
            }
            Action::Enter { symbol, mode } => {
                let mode = mode.unwrap_or(self.mode);
                let limit = if mode == Mode::Colour { COLOURS } else { self.layout().size() };
                if symbol.index() >= limit || self.is_solved() || self.paused {
                    return None;
                }
                let marks = self.entered(symbol, mode)?;
                next.commit(marks);
            }
            Action::Clear => {
                if self.is_solved() || self.paused {
                    return None;
                }
                let marks = self.cleared()?;
                next.commit(marks);
            }
            Action::AutoCandidates => {
                let mut marks = self.marks.clone();
                let cells = self.cells();
                let layout = self.layout();
                for c in 0..layout.cell_count() {
                    if cells[c].is_none() {
                        let mut seen = 0u64;
                        for &p in layout.peers(CellId(c as u32)) {
                            if let Some(s) = cells[p.index()] {
                                seen |= 1 << s.index();
                            }
                        }
                        marks.centre[c] = full_mask(layout.size()) & !seen;
                    }
                }
                if marks == self.marks {
                    return None;
                }
                next.commit(marks);
            }
            Action::Undo => {
                let marks = next.history.undo(self.marks.clone())?;
                next.set_marks(marks);
            }
            Action::Redo => {
                let marks = next.history.redo(self.marks.clone())?;
                next.set_marks(marks);
            }
            Action::Check => next.checked = Some(self.check()),
            Action::Tick(ms) => {
                if self.is_solved() || self.paused {
                    return None;
                }
                next.elapsed_ms += ms;
            }
            Action::TogglePause => {
                if self.is_solved() {
                    return None;
                }
                next.paused = !self.paused;
            }
            Action::HintReady(wire) => next.hint = Some((wire, false)),
            Action::HintMore => {
                let (wire, full) = self.hint.clone()?;
                if full {
                    return None;
                }
                next.hint = Some((wire, true));
            }
            Action::HideHint => {
                self.hint.as_ref()?;
                next.hint = None;
            }
            Action::ShowMe => {
                let Some((wire @ HintWire::Step(_), true)) = &self.hint else { return None };
                let marks = self.stepped(wire)?;
                next.trail.push((self.marks.clone(), wire.clone()));
                next.commit(marks);
            }
            Action::StepBack => {
                let (marks, wire) = next.trail.pop()?;
                if marks != self.marks {
                    next.commit(marks);
                }
                next.hint = Some((wire, true));
            }
            Action::Worker(Reply { body: Body::Rated { se_tenths, level, hardest, at_least }, .. }) => {
                next.rating = Some(GameRating { se_tenths, level, hardest, at_least });
                next.rating_so_far = None;
            }
            Action::Worker(Reply { body: Body::RatingSoFar { se_tenths, steps }, .. }) => {
                next.rating_so_far = Some((se_tenths, steps));
            }
            Action::Worker(reply) => {
                next.solutions = match reply.body {
                    Body::Solved { solution: Some(line), unique } => {
                        match pseudoku_core::format::line::parse(self.layout(), &line) {
                            Ok(cells) if unique && cells.iter().all(Option::is_some) => {
                                Solutions::Unique(cells.into_iter().flatten().collect())
                            }
                            Ok(_) => Solutions::Several,
                            Err(e) => Solutions::Failed(e.to_string()),
                        }
                    }
                    Body::Solved { solution: None, .. } => Solutions::None,
                    Body::Failed { message } => Solutions::Failed(message),
                    _ => return None,
                };
            }
            Action::DismissNotice => {
                self.notice.as_ref()?;
                next.notice = None;
            }
            Action::Notice(text) => {
                if self.notice.as_ref() == Some(&text) {
                    return None;
                }
                next.notice = Some(text);
            }
        }
        Some(next)
    }

    /// The entries after typing `symbol` in `mode` into the selection.
    fn entered(&self, symbol: Symbol, mode: Mode) -> Option<Marks> {
        let editable: Vec<usize> = self.selection.iter().filter(|&&c| !self.is_given(c)).map(|c| c.index()).collect();
        let mut marks = self.marks.clone();
        let bit = 1u64 << symbol.index();
        match mode {
            Mode::Value => {
                let value = Some(symbol.index() as u8);
                // Typing the value a single cell already has clears it.
                let all_have = editable.iter().all(|&c| marks.values[c] == value);
                for &c in &editable {
                    marks.values[c] = if all_have && editable.len() == 1 { None } else { value };
                }
            }
            Mode::Corner | Mode::Centre => {
                let open: Vec<usize> = editable.iter().copied().filter(|&c| marks.values[c].is_none()).collect();
                let set = if mode == Mode::Corner { &mut marks.corner } else { &mut marks.centre };
                let all_have = open.iter().all(|&c| set[c] & bit != 0);
                for &c in &open {
                    if all_have {
                        set[c] &= !bit;
                    } else {
                        set[c] |= bit;
                    }
                }
            }
            Mode::Colour => {
                let bit = 1u16 << symbol.index();
                let all: Vec<usize> = self.selection.iter().map(|c| c.index()).collect();
                let all_have = all.iter().all(|&c| marks.colours[c] & bit != 0);
                for &c in &all {
                    if all_have {
                        marks.colours[c] &= !bit;
                    } else {
                        marks.colours[c] |= bit;
                    }
                }
            }
        }
        (marks != self.marks).then_some(marks)
    }

    /// The entries after a step is applied (`None` when it changes nothing).
    fn stepped(&self, wire: &HintWire) -> Option<Marks> {
        let HintWire::Step(step) = wire else { return None };
        let (placements, eliminations, candidates) = (&step.placements, &step.eliminations, &step.candidates);
        let mut marks = self.marks.clone();
        let cells = marks.values.len();
        for &(c, s) in eliminations {
            let c = c as usize;
            if c >= cells || marks.values[c].is_some() {
                continue;
            }
            if marks.centre[c] == 0 {
                marks.centre[c] = candidates.get(c).copied().unwrap_or(0);
            }
            marks.centre[c] &= !(1u64 << s);
        }
        for &(c, s) in placements {
            if let Some(v) = marks.values.get_mut(c as usize) {
                *v = Some(s);
            }
        }
        (marks != self.marks).then_some(marks)
    }

    /// Whether "Back" has a step to return to.
    pub fn can_step_back(&self) -> bool {
        !self.trail.is_empty()
    }

    /// The entries after Backspace: values go first, then marks, then
    /// colours.
    fn cleared(&self) -> Option<Marks> {
        let cells: Vec<usize> = self.selection.iter().map(|c| c.index()).collect();
        let mut marks = self.marks.clone();
        let editable: Vec<usize> = cells.iter().copied().filter(|&c| !self.is_given(CellId(c as u32))).collect();
        if editable.iter().any(|&c| marks.values[c].is_some()) {
            for &c in &editable {
                marks.values[c] = None;
            }
        } else if cells.iter().any(|&c| marks.corner[c] | marks.centre[c] != 0) {
            for &c in &cells {
                marks.corner[c] = 0;
                marks.centre[c] = 0;
            }
        } else if cells.iter().any(|&c| marks.colours[c] != 0) {
            for &c in &cells {
                marks.colours[c] = 0;
            }
        } else {
            return None;
        }
        Some(marks)
    }

    fn commit(&mut self, marks: Marks) {
        self.history.record(self.marks.clone());
        self.set_marks(marks);
    }

    fn set_marks(&mut self, marks: Marks) {
        self.marks = marks;
        self.conflicts = grid::conflicts(self.layout(), &self.cells());
        self.checked = None;
        self.hint = None;
    }

    /// The job that finds a hint from the player's grid.
    pub fn hint_job(&self) -> Job {
        let values = pseudoku_core::format::line::write(self.layout(), &self.cells());
        Job::Hint { variant: self.puzzle.variant().to_string(), values, centre: self.marks.centre.clone() }
    }

    /// The job that rates the puzzle.
    pub fn rate_job(&self) -> Job {
        Job::Rate { variant: self.puzzle.variant().to_string() }
    }

    fn check(&self) -> Checked {
        let Solutions::Unique(solution) = &self.solutions else { return Checked::Unknown };
        let wrong: Vec<CellId> = (0..solution.len())
            .filter(|&c| self.marks.values[c].is_some_and(|v| usize::from(v) != solution[c].index()))
            .map(|c| CellId(c as u32))
            .collect();
        if wrong.is_empty() {
            Checked::CorrectSoFar
        } else {
            Checked::Wrong(wrong)
        }
    }
}

/// All symbols of an `n`-symbol puzzle as a mark mask.
fn full_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// The cell the arrow keys move to, wrapping at the edges: on a board along
/// rows and columns (skipping gaps), on the Pie along rings (left, right)
/// and sectors (up, down), on a custom layout through the cells in order.
pub fn neighbour(layout: &Layout, cell: CellId, direction: Direction) -> Option<CellId> {
    match layout.geometry() {
        Geometry::Board { height, width, .. } => {
            let (row, col) = layout.position(cell)?;
            let (dr, dc): (isize, isize) = match direction {
                Direction::Up => (-1, 0),
                Direction::Down => (1, 0),
                Direction::Left => (0, -1),
                Direction::Right => (0, 1),
            };
            let (h, w) = (*height as isize, *width as isize);
            let (mut r, mut c) = (row as isize, col as isize);
            // Step (wrapping) until a cell: a board's gaps are skipped.
            for _ in 0..h.max(w) {
                r = (r + dr).rem_euclid(h);
                c = (c + dc).rem_euclid(w);
                if let Some(next) = layout.cell_at(r as usize, c as usize) {
                    return Some(next);
                }
            }
            None
        }
        Geometry::Pie { sectors, rings } => {
            let (s, r) = (cell.index() / rings, cell.index() % rings);
            let (s, r) = match direction {
                Direction::Left => ((s + sectors - 1) % sectors, r),
                Direction::Right => ((s + 1) % sectors, r),
                Direction::Up => (s, (r + 1) % rings),
                Direction::Down => (s, (r + rings - 1) % rings),
            };
            Some(CellId((s * rings + r) as u32))
        }
        Geometry::Abstract => {
            let n = layout.cell_count();
            let cols = abstract_columns(n);
            let i = cell.index();
            let next = match direction {
                Direction::Left => (i + n - 1) % n,
                Direction::Right => (i + 1) % n,
                Direction::Up => (i + n - cols.min(n)) % n,
                Direction::Down => (i + cols) % n,
            };
            Some(CellId(next as u32))
        }
    }
}

/// Columns of the square-ish grid a custom layout's cells are drawn in.
pub fn abstract_columns(cells: usize) -> usize {
    (1..=cells).find(|c| c * c >= cells).unwrap_or(1)
}

/// A game in progress as stored, per puzzle (keyed by its link text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    pub seed: Option<u64>,
    pub marks: Marks,
    pub undo: Vec<Marks>,
    pub redo: Vec<Marks>,
    pub elapsed_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use pseudoku_core::generate::{generate, GenerateConfig};
    use pseudoku_core::solver::Solver;

    fn classic(seed: u64) -> (Game, Vec<Symbol>) {
        let layout = Layout::classic(3).unwrap();
        let made = generate(&layout, &GenerateConfig::default(), seed).unwrap();
        let variant: Variant = "size 9\n".parse::<Variant>().unwrap().with_givens(Some(made.givens)).unwrap();
        (Game::new(Puzzle::new(variant).unwrap(), Some(seed)), made.solution)
    }

    fn play(mut g: Game, actions: impl IntoIterator<Item = Action>) -> Game {
        for a in actions {
            if let Some(next) = g.apply(a) {
                g = next;
            }
        }
        g
    }

    fn first(g: &Game, given: bool) -> CellId {
        CellId((0..81).find(|&c| g.is_given(CellId(c)) == given).unwrap())
    }

    fn enter(symbol: usize) -> Action {
        Action::Enter { symbol: Symbol::new(symbol), mode: None }
    }

    fn select(cell: CellId) -> Action {
        Action::Select { cell, add: false }
    }

    #[test]
    fn a_summary_tells_games_apart() {
        let (g, solution) = classic(7);
        let givens = (0..81).filter(|&c| g.is_given(CellId(c))).count();
        assert_eq!(g.summary(), format!("9×9, {givens} givens, 0 of {} filled", 81 - givens));
        let empty = first(&g, false);
        let g = play(g, [select(empty), enter(solution[empty.index()].index() + 1)]);
        assert_eq!(g.summary(), format!("9×9, {givens} givens, 1 of {} filled", 81 - givens));
    }

    #[test]
    fn a_double_press_selects_the_same_value_and_ctrl_click_toggles() {
        let (g, _) = classic(7);
        let given = first(&g, true);
        let value = g.marks.values[given.index()];
        let g = g.apply(Action::SelectSame(given)).unwrap();
        let expected: Vec<usize> = (0..81).filter(|&c| g.marks.values[c] == value).collect();
        let mut got: Vec<usize> = g.selection.iter().map(|c| c.index()).collect();
        got.sort_unstable();
        assert_eq!(got, expected);
        assert_eq!(g.selected(), Some(given), "the pressed cell is the cursor");
        let empty = first(&g, false);
        assert!(g.apply(Action::SelectSame(empty)).is_none(), "an empty cell without colour selects nothing more");
        let g = play(g, [select(empty), Action::Toggle(CellId(80)), Action::Toggle(empty)]);
        assert_eq!(g.selection, [CellId(80)], "Ctrl+click adds, and again takes out");
    }

    #[test]
    fn focus_selects_a_cell_only_when_none_is() {
        let (g, _) = classic(7);
        let g = g.apply(Action::Deselect).unwrap_or(g);
        assert_eq!(g.selected(), None);
        let g = g.apply(Action::Focus(CellId(40))).expect("tabbing in selects");
        assert_eq!(g.selected(), Some(CellId(40)));
        assert!(g.apply(Action::Focus(CellId(3))).is_none(), "a selection stays");
    }

    #[test]
    fn values_marks_and_colours_clear_in_layers() {
        let (g, _) = classic(7);
        let cell = first(&g, false);
        let g = play(g, [select(cell), Action::Enter { symbol: Symbol::new(2), mode: Some(Mode::Corner) }]);
        assert_eq!(g.corner(cell), 0b100);
        let g = play(g, [Action::SetMode(Mode::Colour), enter(1), Action::SetMode(Mode::Value), enter(4)]);
        assert_eq!((g.value(cell), g.colours(cell)), (Some(Symbol::new(4)), 0b10));
        let g = play(g, [Action::Clear]);
        assert_eq!((g.value(cell), g.corner(cell), g.colours(cell)), (None, 0b100, 0b10));
        let g = play(g, [Action::Clear]);
        assert_eq!((g.corner(cell), g.colours(cell)), (0, 0b10));
        let g = play(g, [Action::Clear]);
        assert_eq!(g.colours(cell), 0);
        assert_eq!(g.apply(Action::Clear), None);
    }

    #[test]
    fn a_selection_takes_marks_at_once_and_toggles_them_together() {
        let (g, _) = classic(7);
        let empties: Vec<CellId> = (0..81).map(CellId).filter(|&c| !g.is_given(c)).take(3).collect();
        let mut actions = vec![select(empties[0])];
        actions.extend(empties[1..].iter().map(|&cell| Action::Select { cell, add: true }));
        actions.push(Action::Enter { symbol: Symbol::new(0), mode: Some(Mode::Centre) });
        let g = play(g, actions);
        assert!(empties.iter().all(|&c| g.centre(c) == 1));
        let g = play(g, [Action::Enter { symbol: Symbol::new(0), mode: Some(Mode::Centre) }]);
        assert!(empties.iter().all(|&c| g.centre(c) == 0));
    }

    #[test]
    fn undo_and_redo_walk_every_move() {
        let (g, _) = classic(3);
        let cell = first(&g, false);
        let g = play(g, [select(cell), enter(0), enter(1), enter(2)]);
        let g = play(g, [Action::Undo, Action::Undo]);
        assert_eq!(g.value(cell), Some(Symbol::new(0)));
        let g = play(g, [Action::Redo]);
        assert_eq!(g.value(cell), Some(Symbol::new(1)));
    }

    #[test]
    fn check_says_correct_so_far_or_names_the_wrong_cells() {
        let (g, solution) = classic(11);
        let reply = Reply {
            id: 1,
            last: true,
            body: Body::Solved {
                solution: Some(solution.iter().map(|s| s.to_char().unwrap()).collect()),
                unique: true,
            },
        };
        let g = play(g, [Action::Worker(reply)]);
        let cell = first(&g, false);
        let right = solution[cell.index()];
        let wrong = Symbol::new((right.index() + 1) % 9);
        let g = play(g, [select(cell), Action::Enter { symbol: right, mode: None }, Action::Check]);
        assert_eq!(g.checked, Some(Checked::CorrectSoFar));
        let g = play(g, [Action::Enter { symbol: wrong, mode: None }, Action::Check]);
        assert_eq!(g.checked, Some(Checked::Wrong(vec![cell])));
        // Entering the whole solution solves and locks the grid.
        let mut actions = Vec::new();
        for (i, &s) in solution.iter().enumerate() {
            actions.push(select(CellId(i as u32)));
            actions.push(Action::Enter { symbol: s, mode: None });
        }
        let g = play(g, actions);
        assert!(g.is_solved());
        assert_eq!(g.apply(Action::Clear), None);
        assert_eq!(g.apply(Action::Tick(1000)), None, "the clock stops");
    }

    #[test]
    fn auto_candidates_are_what_the_peers_leave() {
        let (g, solution) = classic(5);
        let g = play(g, [Action::AutoCandidates]);
        let mut solver = Solver::new(g.layout());
        assert!(solver.solve(&g.cells()).is_some());
        for c in 0..81 {
            if !g.is_given(CellId(c)) {
                assert!(g.centre(CellId(c)) & (1 << solution[c as usize].index()) != 0, "the answer is a candidate");
            }
        }
    }

    #[test]
    fn arrows_wrap_and_follow_the_geometry() {
        let (g, _) = classic(1);
        let layout = g.layout();
        assert_eq!(neighbour(layout, CellId(0), Direction::Left), Some(CellId(8)));
        assert_eq!(neighbour(layout, CellId(0), Direction::Up), Some(CellId(72)));
        let samurai: Variant =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants/samurai.txt"))
                .unwrap()
                .parse()
                .unwrap();
        let layout = samurai.layout();
        // Right from the last cell of the top-left grid's first row jumps the gap.
        let from = layout.cell_at(0, 8).unwrap();
        assert_eq!(layout.position(neighbour(layout, from, Direction::Right).unwrap()), Some((0, 12)));
        let pie = Layout::pie(12, 6).unwrap();
        assert_eq!(neighbour(&pie, CellId(0), Direction::Left), Some(CellId(66)), "around the ring");
        assert_eq!(neighbour(&pie, CellId(0), Direction::Up), Some(CellId(1)), "outwards along the sector");
    }

    #[test]
    fn a_save_written_by_the_first_sudoku_build_is_restored() {
        // Exactly as builds from 2026-11-25 (the sudoku player's first) on
        // wrote it, for a 4×4 puzzle that build generated: the value 1 in
        // the second cell, corner marks 2 and 4 in the fourth, the second
        // colour in the sixth, one undo state, 65 s on the clock.
        let variant = "size 4\n".parse::<Variant>().unwrap();
        let givens = pseudoku_core::format::line::parse(variant.layout(), "3.....4.1.....2.").unwrap();
        let fresh = Game::new(Puzzle::new(variant.with_givens(Some(givens)).unwrap()).unwrap(), None);
        let given = "[2,null,null,null,null,null,3,null,0,null,null,null,null,null,1,null]";
        let zeros = format!("[{}]", ["0"; 16].join(","));
        let json = format!(
            r#"{{"version":2,"seed":null,"marks":{{"values":{},"corner":[0,0,0,10{},"centre":{zeros},"colours":[0,0,0,0,0,2{}}},"undo":[{{"values":{given},"corner":{zeros},"centre":{zeros},"colours":{zeros}}}],"redo":[],"elapsed_ms":65000}}"#,
            given.replacen("null", "0", 1),
            ",0".repeat(12) + "]",
            ",0".repeat(10) + "]",
        );
        let back = fresh.restore(serde_json::from_str(&json).unwrap()).unwrap();
        let marks = back.marks();
        assert_eq!((marks.values[1], marks.corner[3], marks.colours[5]), (Some(0), 10, 2));
        assert_eq!(back.elapsed_ms, 65000);
        assert!(back.can_undo());
    }

    #[test]
    fn a_save_round_trips_and_damage_is_refused() {
        let (g, _) = classic(9);
        let cell = first(&g, false);
        let g = play(g, [select(cell), enter(3), Action::Tick(5000)]);
        let json = serde_json::to_string(&g.saved()).unwrap();
        let (fresh, _) = classic(9);
        let back = fresh.clone().restore(serde_json::from_str(&json).unwrap()).unwrap();
        assert_eq!(back.marks(), g.marks());
        assert_eq!(back.elapsed_ms, 5000);
        assert!(back.can_undo());
        let mut bad = g.saved();
        bad.marks.values[first(&g, true).index()] = None;
        assert!(fresh.clone().restore(bad).unwrap_err().contains("does not hold its given"));
        let mut bad = g.saved();
        bad.marks.corner.pop();
        assert!(fresh.restore(bad).unwrap_err().contains("wrong number of cells"));
    }
}
