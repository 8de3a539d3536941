//! The Pseudoku setter's state and the only way to change it:
//! [`Setter::apply`] of a [`SetterAction`].
//!
//! Heavy work never runs here: a change of the walls starts a new analysis
//! (a new request id, see [`Setter::request`]); the page sends that request
//! to the worker, and its replies come back as [`SetterAction::Worker`].
//! Replies to any other id are dropped.

use std::cell::OnceCell;
use std::rc::Rc;

use pseudoku_core::format::link::{self, Challenge};
use pseudoku_core::partition::{Edge, Instance, Partition, MAX_SIZE};

use crate::engine::wire::{Body, Job, Reply, Request, WireDifficulty, ANSWERS_KEPT};
use crate::pseudoku::analysis::{count_words, Analysis, COUNT_LIMIT};
use crate::shared::count::counted;
use crate::shared::history::{History, SavedHistory};
use crate::shared::panels::Message;
use crate::shared::reducer::reducer;
use crate::shared::requests::RequestIds;
use crate::shared::walls::{Stroke, WallEdit, WallStep};

/// A one-off job in flight (not the analysis).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    pub id: u64,
    pub job: Job,
    /// What the page says while it runs ("Completing…").
    pub doing: &'static str,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Setter {
    instance: Rc<Instance>,
    pub title: String,
    pub author: String,
    /// Undo returns to whole pieces of work: walls drawn, and a grid
    /// replaced (generated, filled, loaded) with its title and author.
    history: History<Work>,
    stroke: Stroke,
    ids: RequestIds,
    /// The id of the analysis of the current walls.
    analysis_id: u64,
    pub analysis: Analysis,
    pub task: Option<Task>,
    /// Which answer is coloured on the grid.
    pub shown: Option<usize>,
    /// Which step of the rated solve path is drawn on the grid.
    pub walk: Option<usize>,
    /// How many answers the analysis sends back to show.
    keep: usize,
    /// The walls are a generated challenge's, as made: its extra walls are
    /// there to help, not redundant.
    pub generated: bool,
    /// The cell the keyboard works on.
    pub focus: usize,
    /// Text in the "type or paste a grid" box, and why it was refused.
    pub paste: String,
    pub paste_error: Option<String>,
    /// A message about the last task (a failure, or what it changed).
    pub message: Option<Message>,
}

/// A challenge's link text; "" for a grid no link holds (it reads as
/// nothing).
fn link_text(challenge: &Challenge) -> String {
    let n = challenge.instance.size();
    if (2..=MAX_SIZE).contains(&n) {
        link::encode(challenge)
    } else {
        String::new()
    }
}

/// What undo returns to.
#[derive(Clone, Debug)]
pub struct Work {
    instance: Rc<Instance>,
    title: String,
    author: String,
    /// Its link text as saved, written once.
    text: Rc<OnceCell<String>>,
}

impl PartialEq for Work {
    fn eq(&self, other: &Work) -> bool {
        (&self.instance, &self.title, &self.author) == (&other.instance, &other.title, &other.author)
    }
}

/// Everything a setter (or the worker) can do.
#[derive(Clone, Debug, PartialEq)]
pub enum SetterAction {
    /// A wall drawn or erased by a pointer stroke or a key.
    Wall(WallEdit),
    ClearWalls,
    Undo,
    Redo,
    /// Move the keyboard focus to a cell.
    Focus(usize),
    /// Start from this instance (an example, a pasted grid, a worker's).
    Load(Instance),
    /// Start from a shared challenge (with its title and author).
    Open(Challenge),
    SetPaste(String),
    UsePaste,
    SetTitle(String),
    SetAuthor(String),
    /// Colour answer `i` (or none).
    Show(Option<usize>),
    /// Draw step `i` of the solve path (or none).
    Walk(Option<usize>),
    /// Send back more answers to show (they come [`ANSWERS_KEPT`] at a time).
    MoreAnswers,
    /// Stop the task in flight (the walls stay as they are).
    Cancel,
    /// Jobs for the worker.
    Complete,
    Trim,
    Construct {
        size: usize,
        difficulty: WireDifficulty,
        seed: u64,
    },
    /// A new challenge of a level (a level's key).
    ConstructRated {
        size: usize,
        level: String,
        seed: u64,
    },
    Fill {
        size: usize,
        latin: bool,
        seed: u64,
    },
    Worker(Reply),
    DismissMessage,
}

impl Setter {
    pub fn new(instance: Instance) -> Setter {
        let mut ids = RequestIds::default();
        let analysis_id = ids.take();
        Setter {
            instance: Rc::new(instance),
            title: String::new(),
            author: String::new(),
            history: History::default(),
            stroke: Stroke::default(),
            ids,
            analysis_id,
            analysis: Analysis::default(),
            task: None,
            shown: None,
            walk: None,
            keep: ANSWERS_KEPT,
            generated: false,
            focus: 0,
            paste: String::new(),
            paste_error: None,
            message: None,
        }
    }

    pub fn from_challenge(challenge: Challenge) -> Setter {
        Setter { title: challenge.title, author: challenge.author, ..Setter::new(challenge.instance) }
    }

    pub fn instance(&self) -> &Instance {
        &self.instance
    }

    pub fn challenge(&self) -> Challenge {
        Challenge { instance: (*self.instance).clone(), title: self.title.clone(), author: self.author.clone() }
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// How many changes can be undone and redone: with the work, what
    /// tells that the history changed.
    pub fn history_len(&self) -> (usize, usize) {
        let (undo, redo) = self.history.parts();
        (undo.len(), redo.len())
    }

    /// Undo and redo as saved beside the work written `at` (its link
    /// text): each piece of work as its link text, written once.
    pub fn saved_history(&self, at: String) -> SavedHistory {
        let text = |w: &Work| {
            let write = || {
                let instance = (*w.instance).clone();
                link_text(&Challenge { instance, title: w.title.clone(), author: w.author.clone() })
            };
            w.text.get_or_init(write).clone()
        };
        self.history.save(at, text)
    }

    /// This setter with a saved undo and redo put back, when they were
    /// saved behind this very work; else unchanged.
    pub fn with_saved_history(mut self, saved: SavedHistory) -> Setter {
        let read = |t: &str| {
            let c = link::decode(t).ok()?;
            Some(Work { instance: Rc::new(c.instance), title: c.title, author: c.author, text: Rc::default() })
        };
        if let Some(history) = History::load(saved, &link_text(&self.challenge()), read) {
            self.history = history;
        }
        self
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// The request the worker should be running now: the task in flight,
    /// else the analysis of the current walls until it is complete.
    pub fn request(&self) -> Option<Request> {
        if let Some(task) = &self.task {
            return Some(Request::new(task.id, task.job.clone()));
        }
        let job =
            Job::Analyse { instance: self.instance.to_string(), limit: COUNT_LIMIT, keep: self.keep, redundant: true };
        Some(Request::new(self.analysis_id, job))
    }

    /// The answer count in the words the page shows.
    pub fn count_text(&self) -> String {
        count_words(&self.analysis)
    }

    /// Walls that could each go alone with the answer staying unique; none
    /// for a generated challenge as made (its extra walls are there to help).
    pub fn redundant(&self) -> &[Edge] {
        if self.generated {
            &[]
        } else {
            &self.analysis.redundant
        }
    }

    /// The answer coloured on the grid.
    pub fn shown_answer(&self) -> Option<&Partition> {
        self.analysis.answers.get(self.shown?)
    }

    pub fn apply(&self, action: SetterAction) -> Option<Setter> {
        let mut next = self.clone();
        match action {
            SetterAction::Wall(edit) => match next.stroke.edit(edit, |e| self.instance.has_wall(e)) {
                WallStep::Nothing => return None,
                WallStep::Ended => {}
                WallStep::Set { edge, on, new_change } => {
                    if new_change {
                        next.history.record(self.work());
                    }
                    next.set_wall(edge, on);
                    next.changed();
                }
            },
            SetterAction::ClearWalls => {
                if self.instance.wall_count() == 0 {
                    return None;
                }
                next.history.record(self.work());
                next.instance = Rc::new(self.instance.with_walls([]).expect("no walls"));
                next.changed();
            }
            SetterAction::Undo => {
                let work = next.history.undo(self.work())?;
                next.set_work(work);
            }
            SetterAction::Redo => {
                let work = next.history.redo(self.work())?;
                next.set_work(work);
            }
            SetterAction::Focus(cell) => {
                if cell >= self.instance.cell_count() || cell == self.focus {
                    return None;
                }
                next.focus = cell;
            }
            SetterAction::Load(instance) => {
                next.replace_work(Work {
                    instance: Rc::new(instance),
                    title: String::new(),
                    author: String::new(),
                    text: Rc::default(),
                });
            }
            SetterAction::Open(challenge) => {
                let Challenge { instance, title, author } = challenge;
                next.replace_work(Work { instance: Rc::new(instance), title, author, text: Rc::default() });
            }
            SetterAction::SetPaste(text) => {
                next.paste = text;
                next.paste_error = None;
            }
            SetterAction::UsePaste => match Instance::parse(self.paste.trim()) {
                Ok(instance) if instance.size() < 2 => {
                    next.paste_error = Some("A grid needs at least 2×2 cells.".into());
                }
                Ok(instance) => return self.apply(SetterAction::Load(instance)),
                Err(e) => next.paste_error = Some(format!("This grid could not be read: {e}.")),
            },
            SetterAction::SetTitle(title) => next.title = title,
            SetterAction::SetAuthor(author) => next.author = author,
            SetterAction::Show(shown) => {
                let shown = shown.filter(|&i| i < self.analysis.answers.len());
                if shown == self.shown {
                    return None;
                }
                next.shown = shown;
                next.walk = None;
            }
            SetterAction::Walk(walk) => {
                let steps = self.analysis.verdict.as_ref().map_or(0, |v| v.steps.len());
                let walk = walk.filter(|&i| i < steps);
                if walk == self.walk {
                    return None;
                }
                next.walk = walk;
                next.shown = None;
            }
            SetterAction::MoreAnswers => {
                let count = self.analysis.count?;
                let have = self.analysis.answers.len();
                if have as u64 >= count.found() || self.task.is_some() {
                    return None;
                }
                // The same walls counted again, keeping more: the answers
                // shown stay until the new ones come.
                next.keep = have + ANSWERS_KEPT;
                next.analysis_id = next.ids.take();
            }
            SetterAction::Cancel => {
                self.task.as_ref()?;
                next.task = None;
                // The worker was stopped with the task: analyse again.
                next.analysis_id = next.ids.take();
                next.analysis = Analysis::default();
                next.message = Some(Message::done("Stopped."));
            }
            SetterAction::Complete => next.start(Job::Complete { instance: self.instance.to_string() }, "Completing…"),
            SetterAction::Trim => next.start(Job::Trim { instance: self.instance.to_string() }, "Removing walls…"),
            SetterAction::Construct { size, difficulty, seed } => {
                next.start(Job::Construct { size, difficulty, seed }, "Making a challenge…")
            }
            SetterAction::ConstructRated { size, level, seed } => {
                next.start(Job::ConstructRated { size, level, seed }, "Making a challenge of that level…")
            }
            SetterAction::Fill { size, latin, seed } => next.start(Job::Fill { size, latin, seed }, "Filling a grid…"),
            SetterAction::Worker(reply) => return self.receive(reply),
            SetterAction::DismissMessage => {
                self.message.as_ref()?;
                next.message = None;
            }
        }
        Some(next)
    }

    fn work(&self) -> Work {
        let (title, author) = (self.title.clone(), self.author.clone());
        Work { instance: self.instance.clone(), title, author, text: Rc::default() }
    }

    fn set_work(&mut self, work: Work) {
        self.instance = work.instance;
        self.title = work.title;
        self.author = work.author;
        self.changed();
    }

    /// A new grid (loaded, generated, filled): one undoable change.
    fn replace_work(&mut self, work: Work) {
        self.history.record(self.work());
        self.set_work(work);
        self.paste_error = None;
    }

    fn set_wall(&mut self, edge: Edge, on: bool) {
        let instance = Rc::make_mut(&mut self.instance);
        if on {
            let _ = instance.add_wall(edge);
        } else {
            instance.remove_wall(edge);
        }
    }

    /// The walls changed: a new analysis, and nothing old is shown.
    fn changed(&mut self) {
        self.analysis_id = self.ids.take();
        self.analysis = Analysis::default();
        self.shown = None;
        self.walk = None;
        self.keep = ANSWERS_KEPT;
        self.generated = false;
        self.task = None;
        self.focus = self.focus.min(self.instance.cell_count().saturating_sub(1));
    }

    fn start(&mut self, job: Job, doing: &'static str) {
        let id = self.ids.take();
        self.task = Some(Task { id, job, doing });
        self.message = None;
    }

    fn receive(&self, reply: Reply) -> Option<Setter> {
        let mut next = self.clone();
        if let Some(task) = &self.task {
            if reply.id != task.id {
                return None;
            }
            let Body::Instance { instance, changed } = reply.body else {
                if let Body::Failed { message } = reply.body {
                    next.task = None;
                    next.message = Some(Message::error(message));
                    // The worker was restarted for the task: analyse again.
                    next.analysis_id = next.ids.take();
                    next.analysis = Analysis::default();
                    return Some(next);
                }
                return None;
            };
            let Ok(instance) = Instance::parse(&instance) else { return None };
            let message = match &task.job {
                Job::Complete { .. } => Some(Message::done(format!("Added {}.", counted(changed.len(), "wall")))),
                Job::Trim { .. } => Some(Message::done(format!("Removed {}.", counted(changed.len(), "wall")))),
                _ => None,
            };
            next.task = None;
            // New walls, or a new grid: one undoable change either way; a
            // new grid has a new title to be given.
            let same_grid = instance.size() == self.instance.size() && instance.symbols() == self.instance.symbols();
            let (title, author) =
                if same_grid { (self.title.clone(), self.author.clone()) } else { (String::new(), String::new()) };
            next.replace_work(Work { instance: Rc::new(instance), title, author, text: Rc::default() });
            next.generated = matches!(task.job, Job::Construct { .. } | Job::ConstructRated { .. });
            next.message = message;
            return Some(next);
        }
        if reply.id != self.analysis_id {
            return None;
        }
        next.analysis.receive(self.instance.size(), reply.body).ok()?;
        Some(next)
    }
}

reducer!(Setter, SetterAction);

#[cfg(test)]
mod tests {
    use pseudoku_core::layout::CellId;

    use super::*;
    use crate::pseudoku::examples::{SEED_PUZZLE, SEED_PUZZLE_GRID};
    use crate::shared::count::count_of;

    fn seed() -> Setter {
        Setter::new(SEED_PUZZLE.parse().unwrap())
    }

    fn play(mut s: Setter, actions: impl IntoIterator<Item = SetterAction>) -> Setter {
        for a in actions {
            if let Some(next) = s.apply(a) {
                s = next;
            }
        }
        s
    }

    fn edge(a: u32, b: u32) -> Edge {
        Edge::new(9, CellId(a), CellId(b)).unwrap()
    }

    #[test]
    fn a_stroke_draws_walls_and_undoes_as_one_change() {
        let s = Setter::new(SEED_PUZZLE_GRID.parse().unwrap());
        let s = play(
            s,
            [
                SetterAction::Wall(WallEdit::Start(edge(0, 1))),
                SetterAction::Wall(WallEdit::Over(edge(9, 10))),
                SetterAction::Wall(WallEdit::Over(edge(18, 19))),
                SetterAction::Wall(WallEdit::End),
            ],
        );
        assert_eq!(s.instance().wall_count(), 3);
        let s = play(s, [SetterAction::Undo]);
        assert_eq!(s.instance().wall_count(), 0);
        let s = play(s, [SetterAction::Redo]);
        assert_eq!(s.instance().wall_count(), 3);
        // A stroke that starts on a wall erases.
        let s =
            play(s, [SetterAction::Wall(WallEdit::Start(edge(9, 10))), SetterAction::Wall(WallEdit::Over(edge(0, 1)))]);
        assert_eq!(s.instance().wall_count(), 1);
    }

    #[test]
    fn replies_to_old_requests_are_dropped() {
        let s = seed();
        let old = s.request().unwrap().id;
        let s = play(s, [SetterAction::Wall(WallEdit::Toggle(edge(0, 1)))]);
        let stale =
            Reply { id: old, last: false, body: Body::Counted { answers_found: 5, exact: true, answers: vec![] } };
        assert_eq!(s.apply(SetterAction::Worker(stale)), None);
        assert_eq!(s.count_text(), "counting…");
        let id = s.request().unwrap().id;
        let fresh = Reply { id, last: false, body: Body::Counted { answers_found: 5, exact: true, answers: vec![] } };
        assert_eq!(play(s, [SetterAction::Worker(fresh)]).count_text(), "5 answers");
    }

    #[test]
    fn count_words_are_the_ones_the_page_promises() {
        let words =
            |(found, exact)| count_words(&Analysis { count: Some(count_of(found, exact)), ..Analysis::default() });
        assert_eq!(words((0, true)), "no answer");
        assert_eq!(words((1, true)), "exactly one answer");
        assert_eq!(words((5, true)), "5 answers");
        assert_eq!(words((1000, false)), "at least 1000 answers");
        let running = Analysis { progress: Some((3_400_000, 2)), ..Analysis::default() };
        assert_eq!(count_words(&running), "counting… 2 answers so far, 3.4 M nodes searched");
    }

    #[test]
    fn a_bad_paste_says_why_and_keeps_the_grid() {
        let s = play(seed(), [SetterAction::SetPaste("12x4".into()), SetterAction::UsePaste]);
        let error = s.paste_error.clone().unwrap();
        assert!(error.contains("'x'") && error.contains("position 2"), "{error}");
        assert_eq!(s.instance().wall_count(), 12);
    }

    #[test]
    fn undo_and_redo_survive_a_reload_behind_the_same_work_only() {
        let drawn = play(
            seed(),
            [
                SetterAction::Wall(WallEdit::Toggle(edge(0, 1))),
                SetterAction::SetTitle("Mine".into()),
                SetterAction::Wall(WallEdit::Toggle(edge(1, 2))),
                SetterAction::Wall(WallEdit::Toggle(edge(2, 3))),
                SetterAction::Undo,
            ],
        );
        let saved = drawn.saved_history(link_text(&drawn.challenge()));
        // The reload: the work comes back from its link, the history beside it.
        let reloaded = Setter::from_challenge(drawn.challenge()).with_saved_history(saved.clone());
        assert_eq!(reloaded.history_len(), drawn.history_len());
        for steps in [vec![SetterAction::Undo], vec![SetterAction::Undo, SetterAction::Undo], vec![SetterAction::Redo]]
        {
            let a = play(drawn.clone(), steps.clone());
            let b = play(reloaded.clone(), steps);
            assert_eq!((a.challenge(), a.history_len()), (b.challenge(), b.history_len()));
        }
        // Behind other work (changed in another tab, say) it is not put back.
        let other = play(seed(), [SetterAction::Wall(WallEdit::Toggle(edge(5, 6)))]);
        let other = Setter::from_challenge(other.challenge()).with_saved_history(saved);
        assert!(!other.can_undo() && !other.can_redo());
    }

    #[test]
    fn a_completed_task_replaces_the_walls_undoably() {
        let s = play(seed(), [SetterAction::Complete]);
        let task = s.request().unwrap();
        assert!(matches!(task.job, Job::Complete { .. }));
        let mut done: Instance = SEED_PUZZLE.parse().unwrap();
        done.add_wall(edge(0, 1)).unwrap();
        let reply = Reply {
            id: task.id,
            last: true,
            body: Body::Instance { instance: done.to_string(), changed: vec![(0, 1)] },
        };
        let s = play(s, [SetterAction::Worker(reply)]);
        assert_eq!(s.instance().wall_count(), 13);
        assert!(matches!(s.request().unwrap().job, Job::Analyse { .. }));
        assert_eq!(play(s, [SetterAction::Undo]).instance().wall_count(), 12);
    }

    #[test]
    fn a_generated_challenge_replaces_the_work_undoably() {
        let s = play(
            seed(),
            [
                SetterAction::SetTitle("Mine".into()),
                SetterAction::Wall(WallEdit::Toggle(edge(0, 1))),
                SetterAction::Construct { size: 5, difficulty: WireDifficulty::Hard, seed: 3 },
            ],
        );
        let mut out = Vec::new();
        crate::engine::worker::handle_to_end(&s.request().unwrap(), &mut |r| out.push(r));
        let s = play(s, out.into_iter().map(SetterAction::Worker));
        assert_eq!((s.instance().size(), s.title.as_str()), (5, ""));
        let back = play(s.clone(), [SetterAction::Undo]);
        assert_eq!((back.instance().size(), back.instance().wall_count()), (9, 13));
        assert_eq!(back.title, "Mine", "the title comes back with the walls");
        assert_eq!(play(back, [SetterAction::Redo]).instance(), s.instance());
    }

    #[test]
    fn a_unique_challenge_gets_a_verdict_and_its_path_can_be_walked() {
        let s = play(seed(), [SetterAction::ConstructRated { size: 6, level: "medium".into(), seed: 4 }]);
        let mut out = Vec::new();
        crate::engine::worker::handle_to_end(&s.request().unwrap(), &mut |r| out.push(r));
        let s = play(s, out.into_iter().map(SetterAction::Worker));
        assert!(s.generated && s.task.is_none());
        let mut out = Vec::new();
        crate::engine::worker::handle_to_end(&s.request().unwrap(), &mut |r| out.push(r));
        let s = play(s, out.into_iter().map(SetterAction::Worker));
        assert_eq!(s.count_text(), "exactly one answer");
        let verdict = s.analysis.verdict.clone().expect("a verdict");
        assert!(verdict.words().starts_with("solvable by logic: medium (hardest step: "), "{}", verdict.words());
        let last = verdict.steps.len() - 1;
        let s = play(s, [SetterAction::Walk(Some(last))]);
        assert_eq!(s.walk, Some(last));
        assert!(s.apply(SetterAction::Walk(Some(last + 1))).unwrap().walk.is_none(), "no step past the end");
        // Any change of the walls starts over: no verdict, no walk.
        let s = play(s, [SetterAction::Wall(WallEdit::Toggle(Edge::new(6, CellId(0), CellId(1)).unwrap()))]);
        assert!(s.walk.is_none() && s.analysis.verdict.is_none());
    }
}
