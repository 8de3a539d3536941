//! The sudoku screen's state: the game on the table (if any) and a new
//! puzzle being made in the worker, changed only by [`Table::apply`] of a
//! [`TableAction`]. Request ids are handed out here, so a reply to a
//! cancelled or superseded job is recognised and dropped.
//!
//! The table asks for two lanes of work: [`Table::request`] (a puzzle being
//! made or imported, a hint, the solve), and [`Table::rating_request`], the
//! rating, which runs in a worker of its own so that a hint asked while a
//! long rating runs never restarts it; only a new puzzle (a new rating id)
//! stops it.

use pseudoku_core::format::Variant;

use crate::engine::wire::{Body, Job, Reply, Request, WireSymmetry};
use crate::shared::reducer::reducer;
use crate::shared::requests::RequestIds;
use crate::sudoku::play::game::{Action, Game, Puzzle};

/// A new puzzle being made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Making {
    pub request: Request,
    /// Steps done and in all, from the generator's progress.
    pub progress: Option<(u64, u64)>,
    /// The seed that names it: only a puzzle made the plain way (any
    /// level, no symmetry, not minimal) is the puzzle of its seed, which
    /// `#seed=` links and the title name; one of a level or symmetry is
    /// named by its own link.
    pub seed: Option<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub game: Option<Game>,
    /// The id of the current game's solve request.
    solve_id: u64,
    pub making: Option<Making>,
    /// A hint being looked for, and whether to show it in full at once
    /// ("Next step") rather than its nudge.
    hinting: Option<Request>,
    hint_full: bool,
    /// The id of the current game's rating request (its own lane: a hint
    /// or a count never changes it, a new puzzle does).
    rate_id: u64,
    ids: RequestIds,
    /// A message about making or opening a puzzle.
    pub notice: Option<String>,
    /// A link being imported in the worker (f-puzzles, SudokuPad).
    importing: Option<Request>,
    /// What an import dropped (read out politely, not an alert).
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TableAction {
    /// Play this game (a puzzle from a link, a paste, a saved game).
    Open(Box<Game>),
    /// Make a new puzzle of a layout (a variant file) in the worker.
    New {
        layout: String,
        symmetry: WireSymmetry,
        minimal: bool,
        seed: u64,
        /// A difficulty level (`easy` … `extreme`), or any.
        level: Option<String>,
    },
    /// Stop making it.
    Cancel,
    Game(Action),
    /// The Hint button: the nudge of a new hint, then the hint in full.
    Hint,
    /// "Next step": apply the step shown ("Show me"), then find the next
    /// and show it in full.
    NextStep,
    Worker(Reply),
    DismissNotice,
    /// Open an f-puzzles or SudokuPad link (read in the worker).
    Import(String),
}

impl Table {
    pub fn new(game: Option<Game>) -> Table {
        let mut ids = RequestIds::default();
        let (solve_id, rate_id) = (ids.take(), ids.take());
        Table {
            game,
            solve_id,
            making: None,
            hinting: None,
            hint_full: false,
            rate_id,
            ids,
            notice: None,
            importing: None,
            note: None,
        }
    }

    /// Whether a link is being imported.
    pub fn importing(&self) -> bool {
        self.importing.is_some()
    }

    /// The request the worker should run: the link being imported, the
    /// puzzle being made, the hint asked for, else the current game's solve
    /// until it is known.
    pub fn request(&self) -> Option<Request> {
        if let Some(importing) = &self.importing {
            return Some(importing.clone());
        }
        if let Some(making) = &self.making {
            return Some(making.request.clone());
        }
        if let Some(hinting) = &self.hinting {
            return Some(hinting.clone());
        }
        let game = self.game.as_ref()?;
        (game.solutions == crate::sudoku::play::game::Solutions::Pending)
            .then(|| Request::new(self.solve_id, game.solve_job()))
    }

    /// The rating the background worker should run: the current game's,
    /// once its solutions are known, until its rating comes.
    pub fn rating_request(&self) -> Option<Request> {
        let game = self.game.as_ref()?;
        let wanted = game.solutions != crate::sudoku::play::game::Solutions::Pending && game.rating.is_none();
        wanted.then(|| Request::new(self.rate_id, game.rate_job()))
    }

    pub fn apply(&self, action: TableAction) -> Option<Table> {
        let mut next = self.clone();
        match action {
            TableAction::Open(game) => {
                // What was said of the game before (a link that failed to
                // import, a note on the last import) is not about this one.
                next.notice = None;
                next.note = None;
                next.game = Some(*game);
                next.solve_id = next.ids.take();
                next.rate_id = next.ids.take();
                next.making = None;
                next.hinting = None;
                next.importing = None;
            }
            TableAction::Import(text) => {
                next.importing = Some(next.ids.request(Job::Import { text }));
                next.notice = None;
                next.note = None;
            }
            TableAction::Hint => {
                let game = self.game.as_ref()?;
                if matches!(game.hint, Some((_, false))) {
                    next.game = game.apply(Action::HintMore);
                } else {
                    next.hinting = Some(next.ids.request(game.hint_job()));
                    next.hint_full = false;
                }
            }
            TableAction::NextStep => {
                let game = self.game.as_ref()?;
                let game = game.apply(Action::ShowMe).unwrap_or_else(|| game.clone());
                next.hinting = Some(next.ids.request(game.hint_job()));
                next.hint_full = true;
                next.game = Some(game);
            }
            TableAction::New { layout, symmetry, minimal, seed, level } => {
                let plain = level.is_none() && symmetry == WireSymmetry::None && !minimal;
                let job = Job::Generate { variant: layout, symmetry, minimal, seed, level };
                next.making =
                    Some(Making { request: next.ids.request(job), progress: None, seed: plain.then_some(seed) });
                next.notice = None;
            }
            TableAction::Cancel => {
                self.making.as_ref()?;
                next.making = None;
                // The worker was stopped: the game's solve starts again.
                next.solve_id = next.ids.take();
            }
            TableAction::Game(action) => {
                let game = self.game.as_ref()?.apply(action)?;
                next.game = Some(game);
            }
            TableAction::Worker(reply) => {
                // The rating's lane: its replies count whatever else runs.
                if reply.id == self.rate_id {
                    next.game = Some(self.game.as_ref()?.apply(Action::Worker(reply))?);
                    return Some(next);
                }
                if let Some(importing) = &self.importing {
                    if reply.id != importing.id {
                        return None;
                    }
                    next.importing = None;
                    // The worker may have been stopped: solve again.
                    next.solve_id = next.ids.take();
                    match reply.body {
                        Body::Imported { variant, marks, notes } => {
                            let game = variant
                                .parse::<Variant>()
                                .map_err(|e| e.to_string())
                                .and_then(Puzzle::new)
                                .map(|p| Game::new(p, None).with_centre_marks(&marks));
                            match game {
                                Ok(game) => {
                                    let mut opened = next.apply(TableAction::Open(Box::new(game)))?;
                                    opened.note = (!notes.is_empty()).then(|| notes.join(" "));
                                    return Some(opened);
                                }
                                Err(e) => next.notice = Some(format!("The imported puzzle could not be read: {e}.")),
                            }
                        }
                        Body::Failed { message } => next.notice = Some(message),
                        _ => return None,
                    }
                    return Some(next);
                }
                if let Some(making) = &self.making {
                    if reply.id != making.request.id {
                        return None;
                    }
                    match reply.body {
                        Body::Steps { done, total } => {
                            next.making.as_mut().expect("making").progress = Some((done, total));
                        }
                        Body::Puzzle { variant } => {
                            next.making = None;
                            match variant.parse::<Variant>().map_err(|e| e.to_string()).and_then(Puzzle::new) {
                                Ok(puzzle) => {
                                    // A notice set once the puzzle was asked
                                    // for (the link that could not be opened
                                    // in its place) stays.
                                    let mut opened =
                                        next.apply(TableAction::Open(Box::new(Game::new(puzzle, making.seed))))?;
                                    opened.notice = self.notice.clone();
                                    return Some(opened);
                                }
                                Err(e) => next.notice = Some(format!("The new puzzle could not be read: {e}.")),
                            }
                        }
                        Body::Failed { message } => {
                            next.making = None;
                            next.notice = Some(message);
                            next.solve_id = next.ids.take();
                        }
                        _ => return None,
                    }
                    return Some(next);
                }
                if let Some(hinting) = &self.hinting {
                    if reply.id == hinting.id {
                        next.hinting = None;
                        let game = self.game.as_ref()?;
                        next.game = Some(match reply.body {
                            Body::Hint(wire) => {
                                let shown = game.apply(Action::HintReady(wire)).unwrap_or_else(|| game.clone());
                                let more = if self.hint_full { shown.apply(Action::HintMore) } else { None };
                                more.unwrap_or(shown)
                            }
                            Body::Failed { message } => game.clone().with_notice(message),
                            _ => return None,
                        });
                        // The worker may have stopped for the hint: solve
                        // again (the rating runs on in its own lane).
                        next.solve_id = next.ids.take();
                        return Some(next);
                    }
                }
                if reply.id != self.solve_id {
                    return None;
                }
                let game = self.game.as_ref()?.apply(Action::Worker(reply))?;
                next.game = Some(game);
            }
            TableAction::DismissNotice => {
                if self.notice.is_none() && self.note.is_none() {
                    return None;
                }
                next.notice = None;
                next.note = None;
            }
        }
        Some(next)
    }
}

reducer!(Table, TableAction);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::wire::HintWire;
    use crate::sudoku::play::game::{GameRating, Solutions};

    fn run(table: &Table) -> Vec<Reply> {
        replies(&table.request().unwrap())
    }

    fn replies(request: &Request) -> Vec<Reply> {
        let mut out = Vec::new();
        crate::engine::worker::handle_to_end(request, &mut |r| out.push(r));
        out
    }

    /// The rating's lane run to its end.
    fn rate(table: &Table) -> Vec<Reply> {
        replies(&table.rating_request().expect("a rating to run"))
    }

    fn feed(mut t: Table, replies: Vec<Reply>) -> Table {
        for r in replies {
            if let Some(next) = t.apply(TableAction::Worker(r)) {
                t = next;
            }
        }
        t
    }

    #[test]
    fn a_new_puzzle_is_made_in_the_worker_then_solved() {
        let t = Table::new(None).apply(TableAction::New {
            layout: "size 4\n".into(),
            symmetry: WireSymmetry::None,
            minimal: false,
            seed: 9,
            level: None,
        });
        let t = t.unwrap();
        let t = feed(t.clone(), run(&t));
        let game = t.game.clone().expect("a game");
        assert_eq!(game.seed(), Some(9));
        assert!(t.making.is_none());
        let t = feed(t.clone(), run(&t));
        assert!(matches!(t.game.unwrap().solutions, Solutions::Unique(_)));
    }

    #[test]
    fn only_a_plain_puzzle_is_named_by_its_seed() {
        // `#seed=9` makes the plain puzzle of 9: one of a level is another.
        for (level, symmetry, minimal) in [
            (Some("easy".to_owned()), WireSymmetry::None, false),
            (None, WireSymmetry::Rot180, false),
            (None, WireSymmetry::None, true),
        ] {
            let new = TableAction::New { layout: "size 4\n".into(), symmetry, minimal, seed: 9, level };
            let t = Table::new(None).apply(new).unwrap();
            let t = feed(t.clone(), run(&t));
            assert_eq!(t.game.expect("a game").seed(), None);
        }
    }

    #[test]
    fn the_hint_button_gives_a_nudge_then_the_whole_step() {
        let plain: Variant = "size 9\n".parse().unwrap();
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let cells = pseudoku_core::format::line::parse(plain.layout(), line).unwrap();
        let v = plain.with_givens(Some(cells)).unwrap();
        let t = Table::new(Some(Game::new(Puzzle::new(v).unwrap(), None)));
        assert_eq!(t.rating_request(), None, "rated once the solutions are known");
        let t = feed(t.clone(), run(&t)); // the solve
        let t = feed(t.clone(), rate(&t));
        assert_eq!(t.game.as_ref().unwrap().rating.as_ref().map(|r| r.level.as_str()), Some("easy"));
        assert_eq!(t.request(), None, "nothing left to ask");
        assert_eq!(t.rating_request(), None, "nor to rate");
        let t = t.apply(TableAction::Hint).unwrap();
        let t = feed(t.clone(), run(&t));
        assert!(matches!(t.game.as_ref().unwrap().hint, Some((crate::engine::wire::HintWire::Step(_), false))));
        let t = t.apply(TableAction::Hint).unwrap();
        assert!(matches!(t.game.as_ref().unwrap().hint, Some((_, true))), "the second press shows it all");
    }

    /// A table whose game is `line` on a 9×9, solved and rated.
    fn ready(line: &str) -> Table {
        let plain: Variant = "size 9\n".parse().unwrap();
        let cells = pseudoku_core::format::line::parse(plain.layout(), line).unwrap();
        let v = plain.with_givens(Some(cells)).unwrap();
        let t = Table::new(Some(Game::new(Puzzle::new(v).unwrap(), None)));
        let t = feed(t.clone(), run(&t));
        feed(t.clone(), rate(&t))
    }

    #[test]
    fn a_hint_asked_while_the_rating_runs_leaves_the_rating_alone() {
        // SE 3.4 (a hidden pair; `shared/data/rated/hard.first1000.txt`,
        // its first line): a rating of many steps.
        let line = "080200400570000100002300000820090005000715000700020041000006700003000018007009050";
        let plain: Variant = "size 9\n".parse().unwrap();
        let cells = pseudoku_core::format::line::parse(plain.layout(), line).unwrap();
        let v = plain.with_givens(Some(cells)).unwrap();
        let t = Table::new(Some(Game::new(Puzzle::new(v).unwrap(), None)));
        let t = feed(t.clone(), run(&t));
        let rating = t.rating_request().expect("the rating");
        let mut rated = rate(&t);
        let last = rated.pop().expect("the rating's last reply");
        assert!(matches!(last.body, Body::Rated { .. }), "{last:?}");
        assert!(rated.len() > 2, "a rating of several steps, with its progress");
        // Half the rating's progress, then a hint, then the rest.
        let half = rated.split_off(rated.len() / 2);
        let t = feed(t, rated);
        let so_far = t.game.as_ref().unwrap().rating_so_far;
        assert!(so_far.is_some());
        let t = t.apply(TableAction::Hint).unwrap();
        assert_eq!(t.rating_request(), Some(rating.clone()), "the hint does not restart the rating");
        assert!(matches!(t.request().map(|r| r.job), Some(Job::Hint { .. })));
        let t = feed(t.clone(), run(&t));
        let game = t.game.as_ref().unwrap();
        assert!(matches!(game.hint, Some((HintWire::Step(_), false))), "the hint shows: {:?}", game.hint);
        assert_eq!(game.rating_so_far, so_far, "with the rating's progress as it was");
        assert_eq!(t.rating_request(), Some(rating.clone()), "the same rating still runs");
        let t = feed(t, half);
        let t = feed(t, vec![last]);
        let game = t.game.as_ref().unwrap();
        assert_eq!(game.rating.as_ref().map(|r| r.se_tenths), Some(34), "and its rating comes");
        assert_eq!(t.rating_request(), None);
    }

    #[test]
    fn a_new_puzzle_stops_the_old_rating_and_drops_its_replies() {
        let t = ready("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
        let plain: Variant = "size 9\n".parse().unwrap();
        let other = plain.with_givens(Some(t.game.as_ref().unwrap().cells())).unwrap();
        let mut t = t;
        t.game.as_mut().unwrap().rating = None;
        let old = t.rating_request().expect("a rating");
        let opened = t.apply(TableAction::Open(Box::new(Game::new(Puzzle::new(other).unwrap(), None)))).unwrap();
        assert_eq!(opened.rating_request(), None, "none until the new puzzle is solved");
        let opened = feed(opened.clone(), run(&opened));
        let new = opened.rating_request().expect("the new puzzle's rating");
        assert_ne!(new.id, old.id, "a new id: the old rating's worker is stopped");
        let stale = feed(opened.clone(), replies(&old));
        assert_eq!(stale, opened, "the old rating's replies are dropped");
    }

    #[test]
    fn show_me_next_step_and_back_walk_the_solve_path() {
        // An X-Wing, then whatever follows.
        let line = "203108500060000020000020000630810254082000960005002308956734182800251639321986005";
        let t = ready(line);
        let before = t.game.as_ref().unwrap().marks().clone();
        let t = t.apply(TableAction::Hint).unwrap();
        let t = feed(t.clone(), run(&t));
        let t = t.apply(TableAction::Hint).unwrap();
        let Some((HintWire::Step(step), true)) = t.game.as_ref().unwrap().hint.clone() else {
            panic!("the X-Wing in full")
        };
        let (eliminations, candidates) = (step.eliminations, step.candidates);
        // Show me: the eliminations leave the cells' candidates.
        let shown = t.apply(TableAction::Game(Action::ShowMe)).unwrap();
        let game = shown.game.as_ref().unwrap();
        for &(c, s) in &eliminations {
            let centre = game.centre(pseudoku_core::layout::CellId(c));
            assert_eq!(centre, candidates[c as usize] & !(1 << s), "cell {c} keeps the rest of its candidates");
        }
        assert!(game.hint.is_none() && game.can_step_back());
        // Next step from there: the next step comes in full.
        let t = shown.apply(TableAction::NextStep).unwrap();
        let t = feed(t.clone(), run(&t));
        let game = t.game.as_ref().unwrap();
        assert!(matches!(game.hint, Some((HintWire::Step(_), true))), "{:?}", game.hint);
        // Next step again applies it; Back twice returns to the start, the
        // X-Wing shown again.
        let t = t.apply(TableAction::NextStep).unwrap();
        let t = feed(t.clone(), run(&t));
        let after_two = t.game.as_ref().unwrap().marks().clone();
        assert_ne!(after_two, before);
        let t = t.apply(TableAction::Game(Action::StepBack)).unwrap();
        let t = t.apply(TableAction::Game(Action::StepBack)).unwrap();
        let game = t.game.as_ref().unwrap();
        assert_eq!(game.marks(), &before, "back at the start");
        assert!(matches!(&game.hint, Some((HintWire::Step(step), true)) if step.technique == "X-Wing"));
        assert!(!game.can_step_back());
        assert!(t.apply(TableAction::Game(Action::StepBack)).is_none(), "nothing further back");
    }

    #[test]
    fn a_rating_shows_its_progress_then_its_label() {
        let t = ready("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
        let game = t.game.as_ref().unwrap();
        assert_eq!(game.rating.as_ref().map(|r| r.label()), Some("easy · SE 1.2".to_owned()));
        let beyond =
            GameRating { se_tenths: 95, level: "beyond the rater".into(), hardest: "x".into(), at_least: true };
        assert_eq!(beyond.label(), "≥ SE 9.5, beyond the rater");
        // Progress on the way shows until the rating comes.
        let g = game.apply(Action::Worker(Reply {
            id: 0,
            last: false,
            body: Body::RatingSoFar { se_tenths: 23, steps: 4 },
        }));
        assert_eq!(g.unwrap().rating_so_far, Some((23, 4)));
    }

    #[test]
    fn a_cancelled_job_is_dropped() {
        let t = Table::new(None)
            .apply(TableAction::New {
                layout: "size 9\n".into(),
                symmetry: WireSymmetry::None,
                minimal: false,
                seed: 1,
                level: None,
            })
            .unwrap();
        let replies = run(&t);
        let t = t.apply(TableAction::Cancel).unwrap();
        let t = feed(t, replies);
        assert!(t.game.is_none(), "the cancelled job's puzzle never opens");
    }

    /// A diagonal 4×4 with marks, exported by the engine (as f-puzzles
    /// writes it), then read back through the worker.
    fn fpuzzles_link() -> String {
        let v: Variant = "name Four\nsize 4\ndiagonals\ngivens\n1...\n..4.\n....\n...2\n".parse().unwrap();
        pseudoku_fpuzzles::fpuzzles_link(&v).unwrap()
    }

    #[test]
    fn a_link_is_imported_in_the_worker_then_solved_and_rated() {
        let t = Table::new(None).apply(TableAction::Import(fpuzzles_link())).unwrap();
        assert!(t.importing());
        assert!(matches!(t.request().map(|r| r.job), Some(Job::Import { .. })));
        let t = feed(t.clone(), run(&t));
        assert!(!t.importing());
        let game = t.game.clone().expect("the imported game");
        assert_eq!(game.puzzle().title(), Some("Four"));
        assert_eq!(game.cells().iter().flatten().count(), 3);
        assert!(matches!(t.request().map(|r| r.job), Some(Job::Solve { .. })), "then counted like any other");
        assert_eq!(t.notice, None);
    }

    #[test]
    fn an_unsupported_link_says_why_and_keeps_the_game() {
        let plain: Variant = "size 4\ngivens\n1...\n....\n....\n...2\n".parse().unwrap();
        let before = Game::new(Puzzle::new(plain).unwrap(), None);
        let killer = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1"],"value":"3"}],"text":[{"cells":["R1C1"]}]}"#;
        let t = Table::new(Some(before.clone())).apply(TableAction::Import(killer.into())).unwrap();
        let t = feed(t.clone(), run(&t));
        assert_eq!(t.game.as_ref().map(Game::cells), Some(before.cells()), "the game on the table stays");
        assert_eq!(t.notice.as_deref(), Some("This puzzle uses killer cages, which Pseudoku does not play yet."));
        // Cosmetics are dropped with a note, which is not an alert.
        let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{"value":1,"given":true,"givenPencilMarks":[2]},{"givenPencilMarks":[2,3]},{},{}]],"text":[{"cells":["R1C1"]}]}"#;
        let t = t.apply(TableAction::Import(text.into())).unwrap();
        let t = feed(t.clone(), run(&t));
        assert_eq!(t.notice, None);
        assert_eq!(t.note.as_deref(), Some("Text drawn on the grid were dropped (they carry no rule Pseudoku plays)."));
        let game = t.game.unwrap();
        assert_eq!(game.centre(pseudoku_core::layout::CellId(13)), 0b110, "given pencil marks are centre marks");
        assert_eq!(game.centre(pseudoku_core::layout::CellId(12)), 0, "not in a given's cell");
    }

    #[test]
    fn a_game_opened_after_a_failed_import_clears_its_alert() {
        let plain: Variant = "size 4\ngivens\n1...\n....\n....\n...2\n".parse().unwrap();
        let t = Table::new(Some(Game::new(Puzzle::new(plain.clone()).unwrap(), None)));
        let t = t.apply(TableAction::Import("https://sudokupad.app/abcdef".into())).unwrap();
        let t = feed(t.clone(), run(&t));
        assert!(t.notice.as_deref().is_some_and(|n| n.contains("short link")), "{:?}", t.notice);
        let other: Variant = "size 4\ngivens\n.2..\n....\n....\n...2\n".parse().unwrap();
        let t = t.apply(TableAction::Open(Box::new(Game::new(Puzzle::new(other).unwrap(), None)))).unwrap();
        assert_eq!((t.notice, t.note), (None, None));
    }
}
