//! The sudoku setter's state: a layout (its jigsaw regions drawn as walls,
//! its diagonals and extra houses), the givens typed into it, and what the
//! worker says about them, changed only by [`SudokuSetter::apply`] of a
//! [`SetAction`]. After every change a new check (a new request id) counts
//! the solutions; replies to any other id are dropped. Undo and redo cover
//! the layout and the givens together.

use std::cell::OnceCell;
use std::collections::BTreeSet;
use std::rc::Rc;

use pseudoku_core::format::{GridSpec, Regions, Shape, Spec, Variant};
use pseudoku_core::layout::{CellId, Layout};
use pseudoku_core::partition::Edge;
use pseudoku_core::symbol::Symbol;

use crate::engine::wire::{Body, CellsKind, Job, Reply, Request, WireSymmetry};
use crate::shared::count::{count_of, count_words, Count};
use crate::shared::history::History;
use crate::shared::reducer::reducer;
use crate::shared::requests::RequestIds;
use crate::shared::walls::{Stroke, WallEdit, WallStep};
use crate::sudoku::play::game::{neighbour, Direction};
use crate::sudoku::set::jigsaw::{self as regions, RegionDraft};

pub use saved::SavedWork;

/// Solutions are counted up to this many.
pub const SOLUTION_LIMIT: u64 = 1000;

/// What the worker found about the givens.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetAnalysis {
    pub progress: Option<(u64, u64)>,
    pub count: Option<Count>,
    /// A cell where two solutions differ.
    pub differ: Option<CellId>,
    /// Givens that could each go (unique puzzles).
    pub needless: Vec<CellId>,
    /// Givens that break a rule.
    pub conflicts: Vec<CellId>,
    /// The rating of a unique puzzle: so far (SE tenths) while it runs,
    /// then `(SE tenths, level, hardest technique)`, or why it failed.
    pub rating_so_far: Option<u16>,
    pub rating: Option<(u16, String, String)>,
    pub rating_failed: Option<String>,
    pub failed: Option<String>,
}

/// What undo and redo go back and forth between.
#[derive(Clone, Debug)]
struct Snapshot {
    variant: Rc<Variant>,
    givens: Vec<Option<Symbol>>,
    walls: Option<BTreeSet<Edge>>,
    /// Its text as saved, written once ([`saved`]).
    text: Rc<OnceCell<String>>,
}

impl PartialEq for Snapshot {
    fn eq(&self, other: &Snapshot) -> bool {
        (&self.variant, &self.givens, &self.walls) == (&other.variant, &other.givens, &other.walls)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct SudokuSetter {
    /// The layout and its name; its givens are [`SudokuSetter::givens`].
    variant: Rc<Variant>,
    layout: Rc<Layout>,
    givens: Vec<Option<Symbol>>,
    pub selected: Option<CellId>,
    /// Cells chosen together (Ctrl/Shift+click, a drag), for a new house.
    pub chosen: Vec<CellId>,
    /// Set while regions are drawn; the layout follows it whenever its
    /// walls make `n` regions of `n` cells.
    pub draft: Option<Rc<RegionDraft>>,
    stroke: Stroke,
    history: History<Snapshot>,
    check_id: u64,
    /// The rating's id: its own lane and worker, renewed with `check_id`.
    rate_id: u64,
    ids: RequestIds,
    pub analysis: SetAnalysis,
    /// A one-off job in flight and what the page says meanwhile.
    pub task: Option<(Request, &'static str)>,
    pub message: Option<String>,
    /// The title, author and rules as typed: the variant keeps them
    /// trimmed, and a field fed back its trimmed value would eat the space
    /// just typed.
    typed: Typed,
}

/// The text fields as the setter typed them.
#[derive(Clone, Debug, Default, PartialEq)]
struct Typed {
    title: String,
    author: String,
    rules: String,
}

impl Typed {
    fn of(spec: &Spec) -> Typed {
        let text = |t: &Option<String>| t.clone().unwrap_or_default();
        Typed { title: text(&spec.name), author: text(&spec.author), rules: text(&spec.rules) }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetAction {
    Select(CellId),
    /// Keyboard focus came to a cell (Tab): it is selected when nothing is.
    Focus(CellId),
    /// Add a cell to the cells chosen (Ctrl/Shift+click, a drag).
    Choose(CellId),
    Move(Direction),
    Enter(Symbol),
    Clear,
    Undo,
    Redo,
    ClearGivens,
    /// Set on another layout (a variant file; its givens come along).
    Load(Box<Variant>),
    SetTitle(String),
    SetAuthor(String),
    SetRules(String),
    MakeUnique,
    Minimize,
    /// A random puzzle of this layout, with this symmetry.
    FillAndCut {
        symmetry: WireSymmetry,
        seed: u64,
    },
    Worker(Reply),
    DismissMessage,
    /// Draw jigsaw regions with walls (or stop).
    DrawRegions(bool),
    /// A wall drawn or erased by a pointer stroke or a key (the keyboard's
    /// Shift+arrow toggles one), while regions are drawn.
    Wall(WallEdit),
    ClearWalls,
    /// Finish the regions at random, keeping the walls drawn.
    RandomRegions {
        seed: u64,
    },
    ToggleDiagonals,
    /// The chosen cells (as many as symbols) become a house.
    MakeHouse,
    RemoveHouse(usize),
}

impl SudokuSetter {
    pub fn new(variant: Variant) -> SudokuSetter {
        let layout = Rc::new(variant.layout().clone());
        let givens = variant.givens().map_or_else(|| vec![None; layout.cell_count()], <[_]>::to_vec);
        let (spec, _, _) = variant.into_parts();
        let variant = Variant::new(spec, None).expect("the spec of a variant builds");
        let typed = Typed::of(variant.spec());
        let mut ids = RequestIds::default();
        let (check_id, rate_id) = (ids.take(), ids.take());
        SudokuSetter {
            variant: Rc::new(variant),
            layout,
            givens,
            selected: None,
            chosen: Vec::new(),
            draft: None,
            stroke: Stroke::default(),
            history: History::default(),
            check_id,
            rate_id,
            ids,
            analysis: SetAnalysis::default(),
            task: None,
            message: None,
            typed,
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn layout_rc(&self) -> Rc<Layout> {
        self.layout.clone()
    }

    pub fn givens(&self) -> &[Option<Symbol>] {
        &self.givens
    }

    /// The title as typed (the puzzle's is trimmed).
    pub fn title(&self) -> String {
        self.typed.title.clone()
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// The side of the square grid regions can be drawn on, if the layout
    /// is one square grid.
    pub fn square(&self) -> Option<usize> {
        matches!(self.variant.spec().shape, Shape::Square(_)).then(|| self.layout.size())
    }

    pub fn diagonals(&self) -> bool {
        matches!(&self.variant.spec().shape, Shape::Square(GridSpec { diagonals: true, .. }))
    }

    /// The extra houses, as cells.
    pub fn extra_houses(&self) -> &[Vec<CellId>] {
        &self.variant.spec().houses
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            variant: self.variant.clone(),
            givens: self.givens.clone(),
            walls: self.draft.as_ref().map(|d| d.walls.clone()),
            text: Rc::default(),
        }
    }

    fn restore(&mut self, snapshot: Snapshot) {
        let layout_changed = snapshot.variant.spec() != self.variant.spec();
        self.variant = snapshot.variant;
        if layout_changed {
            self.layout = Rc::new(self.variant.layout().clone());
        }
        self.givens = snapshot.givens;
        self.typed = Typed::of(self.variant.spec());
        if let Some(before) = self.draft.clone() {
            let walls = snapshot.walls.unwrap_or_else(|| self.layout_walls(before.n));
            self.draft = Some(Rc::new(RegionDraft::after(&before, walls)));
        }
        self.changed();
    }

    /// The author as typed.
    pub fn author(&self) -> String {
        self.typed.author.clone()
    }

    /// The rules as typed.
    pub fn rules(&self) -> String {
        self.typed.rules.clone()
    }

    /// The title, author or rules (the layout is unchanged): kept as typed
    /// for its field, trimmed in the puzzle.
    fn set_text(
        &mut self,
        field: fn(&mut Spec) -> &mut Option<String>,
        typed: fn(&mut Typed) -> &mut String,
        text: String,
    ) -> Option<()> {
        let mut spec = self.variant.spec().clone();
        *field(&mut spec) = Some(text.trim().to_string()).filter(|t| !t.is_empty());
        self.variant = Rc::new(Variant::new(spec, None).ok()?);
        *typed(&mut self.typed) = text;
        Some(())
    }

    /// True while the walls drawn do not make regions: the layout waits,
    /// and nothing is said about the givens.
    pub fn regions_unfinished(&self) -> bool {
        self.draft.as_ref().is_some_and(|d| d.drawn.map().is_none())
    }

    /// The borders of the layout's regions on its `n × n` grid.
    fn layout_walls(&self, n: usize) -> BTreeSet<Edge> {
        let map: Vec<usize> = self.layout.regions().iter().map(|r| r.unwrap_or(0)).collect();
        regions::borders(n, &map)
    }

    /// A new spec for the same name and size (the givens stay; those that
    /// no longer fit are the check's conflicts). `Err` says why the layout
    /// is refused.
    fn set_spec(&mut self, spec: Spec) -> Result<(), String> {
        let variant = Variant::new(spec, None).map_err(|e| format!("That layout does not work: {e}."))?;
        self.layout = Rc::new(variant.layout().clone());
        self.variant = Rc::new(variant);
        self.chosen.clear();
        Ok(())
    }

    /// The spec with the square grid's regions and diagonals changed.
    fn with_grid(&self, edit: impl FnOnce(&mut GridSpec)) -> Option<Spec> {
        let mut spec = self.variant.spec().clone();
        let Shape::Square(grid) = &mut spec.shape else { return None };
        edit(grid);
        Some(spec)
    }

    /// After the walls changed: the layout follows when they make regions
    /// (and is checked again); while they do not, nothing is checked.
    fn walls_changed(&mut self, walls: BTreeSet<Edge>) {
        let Some(before) = self.draft.clone() else { return };
        let draft = RegionDraft::after(&before, walls);
        let map = draft.drawn.map().map(<[usize]>::to_vec);
        self.draft = Some(Rc::new(draft));
        let Some(map) = map else {
            self.analysis = SetAnalysis::default();
            self.task = None;
            return;
        };
        if let Some(spec) = self.with_grid(|g| g.regions = Regions::Map(map)) {
            if let Err(message) = self.set_spec(spec) {
                self.message = Some(message);
            }
        }
        self.changed();
    }

    fn set_wall(&mut self, edge: Edge, on: bool) {
        let Some(draft) = &self.draft else { return };
        let mut walls = draft.walls.clone();
        if on {
            walls.insert(edge);
        } else {
            walls.remove(&edge);
        }
        self.walls_changed(walls);
    }

    /// The puzzle as it stands: the layout, its name and the givens.
    pub fn puzzle(&self) -> Variant {
        (*self.variant).clone().with_givens(Some(self.givens.clone())).unwrap_or_else(|_| (*self.variant).clone())
    }

    /// The layout's variant file (its name, no givens), and the givens in
    /// the line format: what the worker reads (the givens may break a rule).
    fn parts(&self) -> (String, String) {
        (self.variant.to_string(), pseudoku_core::format::line::write(&self.layout, &self.givens))
    }

    /// The request the worker should run: the task in flight, else the
    /// check of the current givens.
    pub fn request(&self) -> Request {
        match &self.task {
            Some((request, _)) => request.clone(),
            None => {
                let (variant, givens) = self.parts();
                Request::new(self.check_id, Job::Check { variant, givens, limit: SOLUTION_LIMIT })
            }
        }
    }

    /// The rating the page should run beside the checks: a unique puzzle's,
    /// until it is rated; none while a one-off job runs.
    pub fn rating_request(&self) -> Option<Request> {
        let a = &self.analysis;
        let wanted = self.task.is_none()
            && a.count == Some(Count::Exact(1))
            && a.rating.is_none()
            && a.rating_failed.is_none()
            && !self.regions_unfinished();
        wanted.then(|| Request::new(self.rate_id, Job::Rate { variant: self.puzzle().to_string() }))
    }

    /// `no solution`, `exactly one solution`, `N solutions`, `at least K
    /// solutions`, or how the count is going.
    pub fn count_text(&self) -> String {
        if self.regions_unfinished() {
            return "the regions are not finished".into();
        }
        match (&self.analysis.failed, self.analysis.count, self.analysis.progress) {
            (Some(message), _, _) => message.clone(),
            (_, Some(count), _) => count_words(count, "solution"),
            (_, None, Some((nodes, found))) => {
                format!("counting… {found} so far, {} nodes searched", crate::shared::count::nodes_text(nodes))
            }
            (_, None, None) => "counting…".into(),
        }
    }

    pub fn apply(&self, action: SetAction) -> Option<SudokuSetter> {
        let mut next = self.clone();
        match action {
            SetAction::Focus(cell) => {
                self.selected.is_none().then_some(())?;
                return self.apply(SetAction::Select(cell));
            }
            SetAction::Select(cell) => {
                if self.selected == Some(cell) || cell.index() >= self.givens.len() {
                    return None;
                }
                next.selected = Some(cell);
                next.chosen = vec![cell];
            }
            SetAction::Choose(cell) => {
                if self.chosen.contains(&cell) || cell.index() >= self.givens.len() {
                    return None;
                }
                next.chosen.push(cell);
                next.selected = Some(cell);
            }
            SetAction::Move(direction) => {
                let to = match self.selected {
                    None => CellId(0),
                    Some(c) => neighbour(&self.layout, c, direction)?,
                };
                next.selected = Some(to);
                next.chosen = vec![to];
            }
            SetAction::Enter(symbol) => {
                let cell = self.selected?;
                if symbol.index() >= self.layout.size() || self.givens[cell.index()] == Some(symbol) {
                    return None;
                }
                next.change(|g| g[cell.index()] = Some(symbol));
            }
            SetAction::Clear => {
                let cell = self.selected?;
                self.givens[cell.index()]?;
                next.change(|g| g[cell.index()] = None);
            }
            SetAction::ClearGivens => {
                if self.givens.iter().all(Option::is_none) {
                    return None;
                }
                next.change(|g| g.iter_mut().for_each(|c| *c = None));
            }
            SetAction::Undo => {
                let before = next.history.undo(self.snapshot())?;
                next.restore(before);
            }
            SetAction::Redo => {
                let after = next.history.redo(self.snapshot())?;
                next.restore(after);
            }
            SetAction::Load(variant) => {
                next = SudokuSetter { ids: self.ids, ..SudokuSetter::new(*variant) };
                next.changed();
            }
            SetAction::SetTitle(text) => next.set_text(|s| &mut s.name, |t| &mut t.title, text)?,
            SetAction::SetAuthor(text) => next.set_text(|s| &mut s.author, |t| &mut t.author, text)?,
            SetAction::SetRules(text) => next.set_text(|s| &mut s.rules, |t| &mut t.rules, text)?,
            SetAction::MakeUnique => {
                let (variant, givens) = self.parts();
                next.start(Job::MakeUnique { variant, givens }, "Adding givens…")
            }
            SetAction::Minimize => {
                let (variant, givens) = self.parts();
                next.start(Job::Minimize { variant, givens }, "Removing givens…")
            }
            SetAction::FillAndCut { symmetry, seed } => {
                let job = Job::Generate { variant: self.parts().0, symmetry, minimal: false, seed, level: None };
                next.start(job, "Making a puzzle…");
            }
            SetAction::Worker(reply) => return self.receive(reply),
            SetAction::DismissMessage => {
                self.message.as_ref()?;
                next.message = None;
            }
            SetAction::DrawRegions(on) => {
                if on == self.draft.is_some() {
                    return None;
                }
                next.draft = match on {
                    true => {
                        let n = self.square()?;
                        Some(Rc::new(RegionDraft::new(n, self.layout_walls(n))))
                    }
                    // Unfinished regions are work: say what is left rather
                    // than drop the walls.
                    false if self.regions_unfinished() => {
                        let draft = self.draft.as_ref()?;
                        let n = draft.n;
                        let at = |c: CellId| format!("r{}c{}", c.index() / n + 1, c.index() % n + 1);
                        let first = draft.drawn.messages(n, at).into_iter().next().unwrap_or_default();
                        next.message = Some(format!(
                            "The regions are not finished ({first}) Finish them, press Random regions, or undo \
                             the walls, then Done."
                        ));
                        return Some(next);
                    }
                    false => {
                        next.message = None;
                        None
                    }
                };
                next.stroke = Stroke::default();
            }
            SetAction::Wall(edit) => {
                // Walls are drawn only while regions are.
                if edit != WallEdit::End {
                    self.draft.as_ref()?;
                }
                let has_wall = |e| self.draft.as_ref().is_some_and(|d| d.walls.contains(&e));
                match next.stroke.edit(edit, has_wall) {
                    WallStep::Nothing => return None,
                    WallStep::Ended => {}
                    WallStep::Set { edge, on, new_change } => {
                        if new_change {
                            next.history.record(self.snapshot());
                        }
                        next.set_wall(edge, on);
                    }
                }
            }
            SetAction::ClearWalls => {
                if self.draft.as_ref()?.walls.is_empty() {
                    return None;
                }
                next.history.record(self.snapshot());
                next.walls_changed(BTreeSet::new());
            }
            SetAction::RandomRegions { seed } => {
                let draft = self.draft.as_ref()?;
                // An area the walls close off must hold whole regions: say
                // which cannot (it is shaded on the grid) instead of asking.
                let n = draft.n;
                let wrong = draft.drawn.problems.iter().find_map(|p| match p.kind {
                    regions::ProblemKind::Size(k) if k % n != 0 => Some((p.cells[0], k)),
                    _ => None,
                });
                if let Some((first, k)) = wrong {
                    let at = format!("r{}c{}", first.index() / n + 1, first.index() % n + 1);
                    next.message = Some(format!(
                        "Random regions cannot finish this: the walls close off {k} cells at {at}, and regions of {n} \
                         cells only fill areas of {n}, {}, {}… cells. Erase a wall there or close off more.",
                        2 * n,
                        3 * n
                    ));
                    return Some(next);
                }
                // Walls that already make whole regions would only be
                // kept as they are: a fresh jigsaw instead.
                let walls = match draft.drawn.map() {
                    Some(_) => Vec::new(),
                    None => draft.walls.iter().map(|e| (e.a().0, e.b().0)).collect(),
                };
                next.start(Job::Regions { size: draft.n, walls, seed }, "Drawing regions…");
            }
            SetAction::ToggleDiagonals => {
                let on = !self.diagonals();
                let spec = self.with_grid(|g| g.diagonals = on)?;
                next.history.record(self.snapshot());
                if let Err(message) = next.set_spec(spec) {
                    next.message = Some(message);
                    return Some(next);
                }
                next.changed();
            }
            SetAction::MakeHouse => {
                if self.chosen.len() != self.layout.size() {
                    return None;
                }
                let mut spec = self.variant.spec().clone();
                let mut cells = self.chosen.clone();
                cells.sort_unstable();
                let same = |h: &pseudoku_core::layout::House| {
                    let mut other = h.cells.clone();
                    other.sort_unstable();
                    other == cells
                };
                if self.layout.houses().iter().any(same) {
                    next.message = Some("Those cells are a house already.".into());
                    return Some(next);
                }
                spec.houses.push(cells);
                next.history.record(self.snapshot());
                if let Err(message) = next.set_spec(spec) {
                    next.message = Some(message);
                    return Some(next);
                }
                next.changed();
            }
            SetAction::RemoveHouse(i) => {
                let mut spec = self.variant.spec().clone();
                if i >= spec.houses.len() {
                    return None;
                }
                spec.houses.remove(i);
                next.history.record(self.snapshot());
                next.set_spec(spec).ok()?;
                next.changed();
            }
        }
        Some(next)
    }

    fn change(&mut self, edit: impl FnOnce(&mut Vec<Option<Symbol>>)) {
        self.history.record(self.snapshot());
        edit(&mut self.givens);
        self.changed();
    }

    fn changed(&mut self) {
        self.check_id = self.ids.take();
        self.rate_id = self.ids.take();
        self.analysis = SetAnalysis::default();
        self.task = None;
    }

    fn start(&mut self, job: Job, doing: &'static str) {
        self.task = Some((self.ids.request(job), doing));
        self.message = None;
    }

    fn receive(&self, reply: Reply) -> Option<SudokuSetter> {
        let mut next = self.clone();
        if let Some((request, _)) = &self.task {
            if reply.id != request.id {
                return None;
            }
            match reply.body {
                Body::Puzzle { variant } => {
                    let variant: Variant = variant.parse().ok()?;
                    let givens = variant.givens()?.to_vec();
                    next.task = None;
                    next.change(|g| *g = givens);
                }
                Body::Regions { regions } => {
                    let n = self.draft.as_ref()?.n;
                    let map: Vec<usize> = regions.into_iter().map(|r| r as usize).collect();
                    next.task = None;
                    next.history.record(self.snapshot());
                    next.walls_changed(regions::borders(n, &map));
                }
                Body::Failed { message } => {
                    next.task = None;
                    next.message = Some(message);
                    next.changed();
                }
                _ => return None,
            }
            return Some(next);
        }
        if reply.id == self.rate_id {
            let a = &mut next.analysis;
            match reply.body {
                Body::RatingSoFar { se_tenths, .. } => a.rating_so_far = Some(se_tenths),
                Body::Rated { se_tenths, level, hardest, .. } => a.rating = Some((se_tenths, level, hardest)),
                Body::Failed { message } => a.rating_failed = Some(message),
                _ => return None,
            }
            return Some(next);
        }
        if reply.id != self.check_id || self.regions_unfinished() {
            return None;
        }
        let a = &mut next.analysis;
        match reply.body {
            Body::Progress { nodes, answers } => a.progress = Some((nodes, answers)),
            Body::Counted { answers_found, exact, .. } => a.count = Some(count_of(answers_found, exact)),
            Body::Cells { kind, cells } => {
                let cells = cells.into_iter().map(CellId).collect::<Vec<_>>();
                match kind {
                    CellsKind::Differ => a.differ = cells.first().copied(),
                    CellsKind::Needless => a.needless = cells,
                    CellsKind::Conflicts => a.conflicts = cells,
                }
            }
            Body::Failed { message } => a.failed = Some(message),
            _ => return None,
        }
        Some(next)
    }
}

reducer!(SudokuSetter, SetAction);

mod saved;

#[cfg(test)]
mod tests;
