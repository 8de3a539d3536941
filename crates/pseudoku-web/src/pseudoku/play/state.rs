//! Playing a Pseudoku challenge: the player's partition (a region colour
//! per cell), changed only by [`Player::apply`] of a [`PlayAction`].
//!
//! Painting puts cells in a region; drawing borders closes areas off, and
//! an area of `N` unpainted cells closed off by borders and walls becomes a
//! region of its own: both are views of one partition. The engine's
//! `validate` checks it after every change; the worker counts the
//! challenge's answers and says which edges all of them agree on (for
//! hints) and rates it; the [`Teacher`] shows the next step.

use std::collections::BTreeSet;
use std::rc::Rc;

use pseudoku_core::format::link::{encode, Challenge};
use pseudoku_core::layout::CellId;
use pseudoku_core::partition::{validate, Edge, Instance, Partition, Validation};
use pseudoku_core::symbol::{char_to_index, index_to_char};
use serde::{Deserialize, Serialize};

use crate::browser::storage::{check_version, PLAY_SAVE_VERSION};
use crate::engine::wire::{Body, Job, Reply, Request, ANSWERS_KEPT};
use crate::pseudoku::analysis::{count_words, Analysis, COUNT_LIMIT};
use crate::pseudoku::play::teacher::{join_labels, Said, Teacher};
use crate::shared::history::History;
use crate::shared::reducer::reducer;
use crate::shared::requests::RequestIds;
use crate::shared::walls::areas;

/// What a pointer stroke or a key does to cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Put cells in region `k` (colour `k`).
    Paint(u8),
    /// Take cells out of their region.
    Erase,
    /// Draw (or erase) borders between cells.
    Border,
}

/// A state of the player's work that undo returns to: regions and borders
/// (a sudoku's `Marks` are values and pencil marks, another saved format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    /// Region per cell, `.` for none, in the one-character alphabet.
    pub labels: String,
    /// Borders the player drew, as `a-b`.
    pub borders: Vec<(u32, u32)>,
    /// Joins (two cells in one region) the teacher's steps made, as `a-b`;
    /// older saves have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joins: Vec<(u32, u32)>,
}

/// One thing every answer has that the player's partition has not (yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub edge: Edge,
    /// Together in every answer (else apart in every answer).
    pub together: bool,
    /// The player's partition says the opposite (else it is only open).
    pub contradicts: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    challenge: Rc<Challenge>,
    /// The link text of the challenge: names it in saved progress.
    key: String,
    labels: Vec<Option<u8>>,
    borders: BTreeSet<Edge>,
    /// Joins made by applying steps (painting says the rest).
    joins: BTreeSet<Edge>,
    history: History<Marks>,
    pub tool: Tool,
    /// During a stroke: for the border tool, whether it draws (else it
    /// erases); for the paint tools, whether it has changed a cell yet.
    stroke: Option<bool>,
    validation: Rc<Validation>,
    analysis_id: u64,
    pub analysis: Analysis,
    /// Answers the player has found, as label strings.
    found: Vec<String>,
    pub hint: Option<Hint>,
    /// A hint was asked for before the worker knew enough.
    pub hint_pending: bool,
    /// The next step, as a nudge and then whole.
    pub teacher: Teacher,
    pub elapsed_ms: u64,
    pub focus: usize,
    /// A message about the game (a saved game that could not be read).
    pub notice: Option<String>,
    /// A new challenge being made in the worker: its request.
    pub making: Option<Request>,
    /// The challenge it made, for the page to open.
    pub made: Option<Challenge>,
    /// The ids of new challenges' requests (after the analysis's).
    ids: RequestIds,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    SetTool(Tool),
    /// A stroke starts on (or moves over) a cell, with the paint tools.
    PaintStart(usize),
    PaintOver(usize),
    /// A stroke of the border tool starts on (or moves over) an edge.
    BorderStart(Edge),
    BorderOver(Edge),
    StrokeEnd,
    /// Paint the focused cell with the current tool (keyboard).
    PaintFocus,
    /// Take the focused cell out of its region (keyboard).
    ClearFocus,
    /// Show a message about the game (storage full, say).
    Notice(String),
    Focus(usize),
    Undo,
    Redo,
    /// Take every cell out of its region.
    Reset,
    /// A hint: a wrong mark first, else a nudge, then the whole step.
    Hint,
    /// Make the step the teacher shows.
    ApplyStep,
    Tick(u64),
    Worker(Reply),
    DismissNotice,
    /// Make a new challenge in the worker (then open it).
    Generate {
        size: usize,
        difficulty: crate::engine::wire::WireDifficulty,
        seed: u64,
    },
    /// Make a new challenge of a level (a level's key) in the worker.
    GenerateRated {
        size: usize,
        level: String,
        seed: u64,
    },
}

impl Player {
    pub fn new(challenge: Challenge) -> Player {
        let n = challenge.instance.size();
        let key = encode(&challenge);
        let labels = vec![None; n * n];
        let validation = Rc::new(check(&challenge.instance, &labels));
        let mut ids = RequestIds::default();
        let analysis_id = ids.take();
        Player {
            challenge: Rc::new(challenge),
            key,
            labels,
            borders: BTreeSet::new(),
            joins: BTreeSet::new(),
            history: History::default(),
            tool: Tool::Paint(0),
            stroke: None,
            validation,
            analysis_id,
            analysis: Analysis::default(),
            found: Vec::new(),
            hint: None,
            hint_pending: false,
            teacher: Teacher::default(),
            elapsed_ms: 0,
            focus: 0,
            notice: None,
            making: None,
            made: None,
            ids,
        }
    }

    pub fn challenge(&self) -> &Challenge {
        &self.challenge
    }

    pub fn instance(&self) -> &Instance {
        &self.challenge.instance
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    pub fn label(&self, cell: usize) -> Option<u8> {
        self.labels[cell]
    }

    pub fn borders(&self) -> &BTreeSet<Edge> {
        &self.borders
    }

    pub fn joins(&self) -> &BTreeSet<Edge> {
        &self.joins
    }

    pub fn validation(&self) -> &Validation {
        &self.validation
    }

    pub fn is_solved(&self) -> bool {
        self.validation.is_solved()
    }

    pub fn found_count(&self) -> usize {
        self.found.len()
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// The request the worker should run: a new challenge being made,
    /// else the analysis of this one until it has said what the answers
    /// agree on (the challenge never changes, so the analysis has one id),
    /// else the teacher's next step while it is asked for.
    pub fn request(&self) -> Option<Request> {
        if let Some(making) = &self.making {
            return Some(making.clone());
        }
        if !self.analysis_settled() {
            let instance = self.challenge.instance.to_string();
            let job = Job::Analyse { instance, limit: COUNT_LIMIT, keep: ANSWERS_KEPT, redundant: false };
            return Some(Request::new(self.analysis_id, job));
        }
        self.teacher.asking.clone()
    }

    /// The analysis has said all the player needs (or failed).
    fn analysis_settled(&self) -> bool {
        self.analysis.agreement.is_some() || self.analysis.failed.is_some()
    }

    /// The numbers (from 1, in the engine's order, as the setter shows
    /// them) of the answers the player has found among those counted.
    pub fn found_numbers(&self) -> Vec<usize> {
        let text = |p: &Partition| p.labels().map(|l| index_to_char(l).unwrap_or('?')).collect::<String>();
        let mut out: Vec<usize> = self
            .analysis
            .answers
            .iter()
            .enumerate()
            .filter(|(_, p)| self.found.contains(&text(p)))
            .map(|(i, _)| i + 1)
            .collect();
        out.sort_unstable();
        out
    }

    pub fn count_text(&self) -> String {
        count_words(&self.analysis)
    }

    /// The player's partition as saved: labels and borders.
    pub fn marks(&self) -> Marks {
        Marks {
            labels: self.labels.iter().map(|l| l.and_then(|l| index_to_char(l.into())).unwrap_or('.')).collect(),
            borders: self.borders.iter().map(|e| (e.a().0, e.b().0)).collect(),
            joins: self.joins.iter().map(|e| (e.a().0, e.b().0)).collect(),
        }
    }

    /// Everything saved for this challenge.
    pub fn saved(&self) -> SavedPlay {
        let (undo, redo) = self.history.parts();
        SavedPlay {
            version: PLAY_SAVE_VERSION,
            marks: self.marks(),
            undo: undo.to_vec(),
            redo: redo.to_vec(),
            elapsed_ms: self.elapsed_ms,
            found: self.found.clone(),
        }
    }

    /// This challenge with saved progress restored; a damaged save is
    /// refused whole with a reason (and nothing else is lost).
    pub fn restore(mut self, saved: SavedPlay) -> Result<Player, String> {
        check_version(saved.version, PLAY_SAVE_VERSION)?;
        let n = self.instance().size();
        let (labels, borders, joins) = read_marks(&saved.marks, n)?;
        for m in saved.undo.iter().chain(&saved.redo) {
            read_marks(m, n)?;
        }
        self.history = History::from_parts(saved.undo, saved.redo);
        self.set_marks(labels, borders, joins);
        self.elapsed_ms = saved.elapsed_ms;
        self.found = saved.found.into_iter().filter(|f| f.chars().count() == n * n).collect();
        // Everything derived from the marks (the check, solved, the found
        // answers) is derived again, as after any change.
        self.after_change();
        Ok(self)
    }

    pub fn apply(&self, action: PlayAction) -> Option<Player> {
        let mut next = self.clone();
        match action {
            PlayAction::SetTool(tool) => {
                if tool == self.tool {
                    return None;
                }
                next.tool = tool;
            }
            PlayAction::PaintStart(cell) => {
                let label = self.paint_label()?;
                // `stroke` says whether this stroke has recorded its undo step.
                let changed = next.paint(cell, label);
                next.stroke = Some(changed);
                if changed {
                    next.history.record(self.marks());
                    next.after_change();
                }
            }
            PlayAction::PaintOver(cell) => {
                let recorded = self.stroke?;
                let label = self.paint_label()?;
                if !next.paint(cell, label) {
                    return None;
                }
                if !recorded {
                    next.history.record(self.marks());
                    next.stroke = Some(true);
                }
                next.after_change();
            }
            PlayAction::BorderStart(edge) => {
                if self.tool != Tool::Border || self.instance().has_wall(edge) {
                    return None;
                }
                let draw = !self.borders.contains(&edge);
                next.history.record(self.marks());
                next.set_border(edge, draw);
                next.stroke = Some(draw);
                next.after_change();
            }
            PlayAction::BorderOver(edge) => {
                let draw = self.stroke?;
                if self.tool != Tool::Border || self.instance().has_wall(edge) || self.borders.contains(&edge) == draw {
                    return None;
                }
                next.set_border(edge, draw);
                next.after_change();
            }
            PlayAction::StrokeEnd => {
                self.stroke?;
                next.stroke = None;
                if self.tool == Tool::Border && next.close_areas() {
                    next.after_change();
                }
            }
            PlayAction::PaintFocus => {
                let label = self.paint_label()?;
                next.history.record(self.marks());
                if !next.paint(self.focus, label) {
                    return None;
                }
                next.after_change();
            }
            PlayAction::ClearFocus => {
                next.history.record(self.marks());
                if !next.paint(self.focus, None) {
                    return None;
                }
                next.after_change();
            }
            PlayAction::Notice(text) => {
                if self.notice.as_ref() == Some(&text) {
                    return None;
                }
                next.notice = Some(text);
            }
            PlayAction::Focus(cell) => {
                if cell >= self.labels.len() || cell == self.focus {
                    return None;
                }
                next.focus = cell;
            }
            PlayAction::Undo => {
                let marks = next.history.undo(self.marks())?;
                let (labels, borders, joins) = read_marks(&marks, self.instance().size()).ok()?;
                next.set_marks(labels, borders, joins);
                next.after_change();
            }
            PlayAction::Redo => {
                let marks = next.history.redo(self.marks())?;
                let (labels, borders, joins) = read_marks(&marks, self.instance().size()).ok()?;
                next.set_marks(labels, borders, joins);
                next.after_change();
            }
            PlayAction::Reset => {
                if self.labels.iter().all(Option::is_none) && self.borders.is_empty() && self.joins.is_empty() {
                    return None;
                }
                next.history.record(self.marks());
                next.set_marks(vec![None; self.labels.len()], BTreeSet::new(), BTreeSet::new());
                next.after_change();
            }
            PlayAction::Hint => {
                if let Some((step, false)) = &self.teacher.lesson {
                    next.teacher.lesson = Some((step.clone(), true));
                    return Some(next);
                }
                if self.teacher.lesson.is_some() || self.teacher.asking.is_some() {
                    return None;
                }
                next.ask();
            }
            PlayAction::ApplyStep => {
                let (step, _) = self.teacher.lesson.as_ref()?;
                next.history.record(self.marks());
                let n = self.instance().size();
                for e in &step.borders {
                    if !self.instance().has_wall(*e) {
                        next.borders.insert(*e);
                    }
                }
                for e in &step.joins {
                    next.borders.remove(e);
                    let (a, b) = (self.labels[e.a().index()], self.labels[e.b().index()]);
                    // Two pieces of one colour, or one piece grown: painted;
                    // else the join is kept as a mark of its own.
                    if a.is_some() && a == b || !join_labels(&mut next.labels, n, *e, false) {
                        next.joins.insert(*e);
                    }
                }
                next.close_areas();
                next.after_change();
            }
            PlayAction::Tick(ms) => {
                // The clock stops at the first answer found, for good: a
                // stray tap after it does not start it again.
                if self.is_solved() || !self.found.is_empty() {
                    return None;
                }
                next.elapsed_ms += ms;
            }
            PlayAction::Generate { size, difficulty, seed } => {
                let job = Job::Construct { size, difficulty, seed };
                next.making = Some(next.ids.request(job));
                next.notice = None;
            }
            PlayAction::GenerateRated { size, level, seed } => {
                let job = Job::ConstructRated { size, level, seed };
                next.making = Some(next.ids.request(job));
                next.notice = None;
            }
            PlayAction::Worker(reply) if self.making.as_ref().is_some_and(|m| m.id == reply.id) => {
                next.making = None;
                match reply.body {
                    Body::Instance { instance, .. } => match Instance::parse(&instance) {
                        Ok(instance) => {
                            next.made = Some(Challenge { instance, title: String::new(), author: String::new() })
                        }
                        Err(e) => next.notice = Some(format!("The new challenge could not be read: {e}.")),
                    },
                    Body::Failed { message } => next.notice = Some(message),
                    _ => return None,
                }
            }
            PlayAction::Worker(reply) if self.teacher.asking.as_ref().is_some_and(|a| a.id == reply.id) => {
                next.teacher.asking = None;
                match reply.body {
                    Body::Taught(lesson) => match Teacher::hear(self.instance().size(), lesson) {
                        Said::Step(step) => next.teacher.lesson = Some((step, false)),
                        Said::Note(note) => next.teacher.note = Some(note),
                        // No step a person takes from here: what every
                        // answer has, as before the teacher.
                        Said::Stuck => {
                            next.hint = next.find_hint();
                            next.teacher.note = Some(
                                "No step a person would take applies from here, so this hint comes from the answers."
                                    .to_owned(),
                            );
                        }
                    },
                    Body::Failed { message } => next.teacher.note = Some(message),
                    _ => return None,
                }
            }
            PlayAction::Worker(reply) => {
                if reply.id != self.analysis_id {
                    return None;
                }
                // The player has no use for walls that could go.
                if matches!(reply.body, Body::Redundant { .. }) {
                    return None;
                }
                let explained = matches!(reply.body, Body::Explained(_));
                next.analysis.receive(self.instance().size(), reply.body).ok()?;
                if explained && self.hint_pending {
                    next.hint_pending = false;
                    next.ask();
                }
            }
            PlayAction::DismissNotice => {
                self.notice.as_ref()?;
                next.notice = None;
            }
        }
        Some(next)
    }

    fn paint_label(&self) -> Option<Option<u8>> {
        match self.tool {
            Tool::Paint(k) => Some(Some(k)),
            Tool::Erase => Some(None),
            Tool::Border => None,
        }
    }

    /// Sets a cell's region; false when it already was so.
    fn paint(&mut self, cell: usize, label: Option<u8>) -> bool {
        if cell >= self.labels.len() || self.labels[cell] == label {
            return false;
        }
        self.labels[cell] = label;
        true
    }

    fn set_border(&mut self, edge: Edge, on: bool) {
        if on {
            self.joins.remove(&edge);
            self.borders.insert(edge);
        } else {
            self.borders.remove(&edge);
        }
    }

    fn set_marks(&mut self, labels: Vec<Option<u8>>, borders: BTreeSet<Edge>, joins: BTreeSet<Edge>) {
        self.labels = labels;
        self.borders = borders;
        self.joins = joins;
    }

    /// An area of exactly `N` unpainted cells closed off by borders, walls,
    /// painted cells and the grid's edge becomes a region, in the first
    /// colour no cell has. True when any did.
    fn close_areas(&mut self) -> bool {
        let n = self.instance().size();
        let unpainted = |c: usize| self.labels[c].is_none();
        let open = |edge: Edge| !self.borders.contains(&edge) && !self.instance().has_wall(edge);
        let mut any = false;
        for area in areas(n, unpainted, open) {
            if area.len() == n {
                let Some(colour) = (0..n as u8).find(|k| !self.labels.contains(&Some(*k))) else { continue };
                for c in area {
                    self.labels[c] = Some(colour);
                }
                any = true;
            }
        }
        any
    }

    /// A hint: a mark no answer has, else the next step from the worker
    /// (or wait for the analysis first).
    fn ask(&mut self) {
        self.hint = self.find_hint().filter(|h| h.contradicts);
        if self.hint.is_some() {
            return;
        }
        if !self.analysis_settled() {
            self.hint_pending = true;
            return;
        }
        let n = self.instance().size();
        let job = Job::Teach {
            instance: self.instance().to_string(),
            borders: self.borders.iter().map(|e| (e.a().0, e.b().0)).collect(),
            regions: self.labels.clone(),
            joins: self.joins.iter().map(|e| (e.a().0, e.b().0)).collect(),
            // Where the rated path supposed: a hint that needs a supposition
            // tries those first.
            first: self.analysis.verdict.as_ref().map_or_else(Vec::new, |v| v.supposed.clone()),
        };
        debug_assert_eq!(self.labels.len(), n * n);
        self.teacher.asking = Some(self.ids.request(job));
    }

    fn after_change(&mut self) {
        self.validation = Rc::new(check(self.instance(), &self.labels));
        self.hint = None;
        self.hint_pending = false;
        self.teacher.clear();
        if self.validation.is_solved() {
            let labels: Vec<usize> = self.labels.iter().map(|l| l.map_or(0, usize::from)).collect();
            if let Some(p) = Partition::from_labels(self.instance().size(), &labels) {
                let text: String = p.labels().map(|l| index_to_char(l).unwrap_or('?')).collect();
                if !self.found.contains(&text) {
                    self.found.push(text);
                }
            }
        }
    }

    /// An edge all answers agree on that the player contradicts (a drawn
    /// border, or one colour across two regions), else one
    /// they have not settled yet (walls excluded: they speak for themselves).
    fn find_hint(&self) -> Option<Hint> {
        let agreement = self.analysis.agreement.as_ref()?;
        let n = self.instance().size();
        let edge = |&(a, b): &(u32, u32)| Edge::new(n, CellId(a), CellId(b));
        let label = |c: usize| self.labels[c];
        let apart = agreement.apart.iter().filter_map(edge).filter(|e| !self.instance().has_wall(*e));
        let together = agreement.together.iter().filter_map(edge);
        let mut open = None;
        for (e, together) in apart.map(|e| (e, false)).chain(together.map(|e| (e, true))) {
            let (a, b) = (label(e.a().index()), label(e.b().index()));
            let same = a.is_some() && a == b || self.joins.contains(&e);
            // Two colours side by side may be two pieces of one region (as
            // the teacher reads them too): only a drawn border says apart.
            let drawn = self.borders.contains(&e);
            let different = a.is_some() && b.is_some() && a != b || drawn;
            if (together && drawn) || (!together && same) {
                return Some(Hint { edge: e, together, contradicts: true });
            }
            let settled = if together { same } else { different };
            if !settled && open.is_none() {
                open = Some(Hint { edge: e, together, contradicts: false });
            }
        }
        open
    }
}

/// The engine's check, with regions numbered from 1 as their colours are.
fn check(instance: &Instance, labels: &[Option<u8>]) -> Validation {
    let labels: Vec<Option<usize>> = labels.iter().map(|l| l.map(|l| usize::from(l) + 1)).collect();
    validate(instance, &labels).expect("one label per cell")
}

/// Labels, borders and joins, as the player's state holds them.
type MarkSets = (Vec<Option<u8>>, BTreeSet<Edge>, BTreeSet<Edge>);

fn read_marks(marks: &Marks, n: usize) -> Result<MarkSets, String> {
    let count = marks.labels.chars().count();
    if count != n * n {
        return Err(format!("it has {count} cells instead of {}", n * n));
    }
    let labels = marks
        .labels
        .chars()
        .map(|c| match c {
            '.' => Ok(None),
            _ => char_to_index(c)
                .filter(|&i| i < n)
                .map(|i| Some(i as u8))
                .ok_or_else(|| format!("{c:?} is not a region of this puzzle")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let edges = |pairs: &[(u32, u32)]| {
        pairs
            .iter()
            .map(|&(a, b)| Edge::new(n, CellId(a), CellId(b)).ok_or_else(|| format!("{a}-{b} is not an edge")))
            .collect::<Result<BTreeSet<_>, _>>()
    };
    Ok((labels, edges(&marks.borders)?, edges(&marks.joins)?))
}

/// A game in progress as stored, per challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlay {
    pub version: u32,
    pub marks: Marks,
    pub undo: Vec<Marks>,
    pub redo: Vec<Marks>,
    pub elapsed_ms: u64,
    pub found: Vec<String>,
}

reducer!(Player, PlayAction);

#[cfg(test)]
mod tests;
