//! The sudoku setter's state: a layout, the givens typed into it, and what
//! the worker says about them, changed only by [`SudokuSetter::apply`] of a
//! [`SetAction`]. After every change a new check (a new request id) counts
//! the solutions; replies to any other id are dropped.

use std::rc::Rc;

use pseudoku_core::format::Variant;
use pseudoku_core::layout::{CellId, Layout};
use pseudoku_core::symbol::Symbol;
use yew::Reducible;

use crate::game::{neighbour, Direction};
use crate::history::History;
use crate::wire::{Body, CellsKind, Job, Reply, Request, WireSymmetry};

/// Solutions are counted up to this many.
pub const SOLUTION_LIMIT: u64 = 1000;

/// What the worker found about the givens.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetAnalysis {
    pub progress: Option<(u64, u64)>,
    pub count: Option<(u64, bool)>,
    /// A cell where two solutions differ.
    pub differ: Option<CellId>,
    /// Givens that could each go (unique puzzles).
    pub needless: Vec<CellId>,
    /// Givens that break a rule.
    pub conflicts: Vec<CellId>,
    pub rating: Option<(u16, String, String)>,
    pub failed: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SudokuSetter {
    /// The layout and its name; its givens are [`SudokuSetter::givens`].
    variant: Rc<Variant>,
    layout: Rc<Layout>,
    givens: Vec<Option<Symbol>>,
    pub selected: Option<CellId>,
    history: History<Vec<Option<Symbol>>>,
    check_id: u64,
    next_id: u64,
    pub analysis: SetAnalysis,
    /// A one-off job in flight and what the page says meanwhile.
    pub task: Option<(Request, &'static str)>,
    pub message: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetAction {
    Select(CellId),
    Move(Direction),
    Enter(Symbol),
    Clear,
    Undo,
    Redo,
    ClearGivens,
    /// Set on another layout (a variant file; its givens come along).
    Load(Box<Variant>),
    SetTitle(String),
    MakeUnique,
    Minimize,
    /// A random puzzle of this layout, with this symmetry.
    FillAndCut {
        symmetry: WireSymmetry,
        seed: u64,
    },
    Worker(Reply),
    DismissMessage,
}

impl SudokuSetter {
    pub fn new(variant: Variant) -> SudokuSetter {
        let layout = Rc::new(variant.layout().clone());
        let givens = variant.givens().map_or_else(|| vec![None; layout.cell_count()], <[_]>::to_vec);
        let (spec, _, _) = variant.into_parts();
        let variant = Variant::new(spec, None).expect("the spec of a variant builds");
        SudokuSetter {
            variant: Rc::new(variant),
            layout,
            givens,
            selected: None,
            history: History::default(),
            check_id: 1,
            next_id: 2,
            analysis: SetAnalysis::default(),
            task: None,
            message: None,
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

    pub fn title(&self) -> String {
        self.variant.spec().name.clone().unwrap_or_default()
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
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

    /// `no solution`, `exactly one solution`, `N solutions`, `at least K
    /// solutions`, or how the count is going.
    pub fn count_text(&self) -> String {
        match (&self.analysis.failed, self.analysis.count, self.analysis.progress) {
            (Some(message), _, _) => message.clone(),
            (_, Some((0, _)), _) => "no solution".into(),
            (_, Some((1, true)), _) => "exactly one solution".into(),
            (_, Some((n, true)), _) => format!("{n} solutions"),
            (_, Some((n, false)), _) => format!("at least {n} solutions"),
            (_, None, Some((nodes, found))) => {
                format!("counting… {found} so far, {} nodes searched", crate::setter::nodes_text(nodes))
            }
            (_, None, None) => "counting…".into(),
        }
    }

    pub fn apply(&self, action: SetAction) -> Option<SudokuSetter> {
        let mut next = self.clone();
        match action {
            SetAction::Select(cell) => {
                if self.selected == Some(cell) || cell.index() >= self.givens.len() {
                    return None;
                }
                next.selected = Some(cell);
            }
            SetAction::Move(direction) => {
                let to = match self.selected {
                    None => CellId(0),
                    Some(c) => neighbour(&self.layout, c, direction)?,
                };
                next.selected = Some(to);
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
                let givens = next.history.undo(self.givens.clone())?;
                next.givens = givens;
                next.changed();
            }
            SetAction::Redo => {
                let givens = next.history.redo(self.givens.clone())?;
                next.givens = givens;
                next.changed();
            }
            SetAction::Load(variant) => {
                next = SudokuSetter { next_id: self.next_id, ..SudokuSetter::new(*variant) };
                next.changed();
            }
            SetAction::SetTitle(title) => {
                let (mut spec, _, _) = (*self.variant).clone().into_parts();
                spec.name = Some(title).filter(|t| !t.trim().is_empty());
                next.variant = Rc::new(Variant::new(spec, None).ok()?);
            }
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
        }
        Some(next)
    }

    fn change(&mut self, edit: impl FnOnce(&mut Vec<Option<Symbol>>)) {
        self.history.record(self.givens.clone());
        edit(&mut self.givens);
        self.changed();
    }

    fn changed(&mut self) {
        self.check_id = self.next_id;
        self.next_id += 1;
        self.analysis = SetAnalysis::default();
        self.task = None;
    }

    fn start(&mut self, job: Job, doing: &'static str) {
        let id = self.next_id;
        self.next_id += 1;
        self.task = Some((Request::new(id, job), doing));
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
                Body::Failed { message } => {
                    next.task = None;
                    next.message = Some(message);
                    next.changed();
                }
                _ => return None,
            }
            return Some(next);
        }
        if reply.id != self.check_id {
            return None;
        }
        let a = &mut next.analysis;
        match reply.body {
            Body::Progress { nodes, answers } => a.progress = Some((nodes, answers)),
            Body::Counted { answers_found, exact, .. } => a.count = Some((answers_found, exact)),
            Body::Cells { kind, cells } => {
                let cells = cells.into_iter().map(CellId).collect::<Vec<_>>();
                match kind {
                    CellsKind::Differ => a.differ = cells.first().copied(),
                    CellsKind::Needless => a.needless = cells,
                    CellsKind::Conflicts => a.conflicts = cells,
                }
            }
            Body::Rated { se_tenths, level, hardest } => a.rating = Some((se_tenths, level, hardest)),
            Body::Failed { message } => a.failed = Some(message),
            _ => return None,
        }
        Some(next)
    }
}

impl Reducible for SudokuSetter {
    type Action = SetAction;

    fn reduce(self: Rc<Self>, action: SetAction) -> Rc<Self> {
        match self.apply(action) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &SudokuSetter) -> Vec<Reply> {
        let mut out = Vec::new();
        crate::worker::handle(&s.request(), &mut |r| out.push(r));
        out
    }

    fn feed(mut s: SudokuSetter, replies: Vec<Reply>) -> SudokuSetter {
        for r in replies {
            if let Some(next) = s.apply(SetAction::Worker(r)) {
                s = next;
            }
        }
        s
    }

    fn play(mut s: SudokuSetter, actions: impl IntoIterator<Item = SetAction>) -> SudokuSetter {
        for a in actions {
            if let Some(next) = s.apply(a) {
                s = next;
            }
        }
        s
    }

    #[test]
    fn typing_givens_counts_solutions_and_conflicts_are_named() {
        let s = SudokuSetter::new("size 4\n".parse().unwrap());
        let s = feed(s.clone(), run(&s));
        assert_eq!(s.count_text(), "288 solutions");
        let s = play(
            s,
            [
                SetAction::Select(CellId(0)),
                SetAction::Enter(Symbol::new(0)),
                SetAction::Move(Direction::Right),
                SetAction::Enter(Symbol::new(0)),
            ],
        );
        let s = feed(s.clone(), run(&s));
        assert_eq!(s.count_text(), "no solution");
        assert_eq!(s.analysis.conflicts, vec![CellId(0), CellId(1)]);
        let s = play(s, [SetAction::Undo]);
        let s = feed(s.clone(), run(&s));
        assert!(s.count_text().ends_with("solutions"), "{}", s.count_text());
        assert!(s.analysis.differ.is_some(), "a cell where two solutions differ");
    }

    #[test]
    fn make_unique_then_minimize_gives_a_minimal_puzzle() {
        let s = SudokuSetter::new("size 9\n".parse().unwrap());
        let s = play(s, [SetAction::Select(CellId(0)), SetAction::Enter(Symbol::new(4)), SetAction::MakeUnique]);
        let s = feed(s.clone(), run(&s));
        let s = feed(s.clone(), run(&s));
        assert_eq!(s.count_text(), "exactly one solution");
        assert_eq!(s.givens()[0], Some(Symbol::new(4)), "the setter's given stays");
        let s = play(s, [SetAction::Minimize]);
        let s = feed(s.clone(), run(&s));
        let s = feed(s.clone(), run(&s));
        assert_eq!(s.count_text(), "exactly one solution");
        assert!(s.analysis.needless.is_empty(), "nothing more can go");
        assert!(s.analysis.rating.is_some());
        assert!(play(s, [SetAction::Undo]).givens().iter().flatten().count() > 17);
    }
}
