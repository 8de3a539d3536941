//! The sudoku setter's reducer, action by action, with the worker's real replies.

use super::*;

fn replies_of(request: &Request) -> Vec<Reply> {
    let mut out = Vec::new();
    crate::engine::worker::handle_to_end(request, &mut |r| out.push(r));
    out
}

fn run(s: &SudokuSetter) -> Vec<Reply> {
    replies_of(&s.request())
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
fn text_fields_keep_what_is_typed_and_the_puzzle_gets_it_trimmed() {
    let mut s = SudokuSetter::new("size 4\n".parse().unwrap());
    for end in 1..="My first puzzle ".len() {
        s = play(s, [SetAction::SetTitle("My first puzzle ".to_string()[..end].to_string())]);
    }
    assert_eq!(s.title(), "My first puzzle ", "the field shows every space typed");
    assert_eq!(s.variant.spec().name.as_deref(), Some("My first puzzle"));
    let s = play(s, [SetAction::SetAuthor(" Ann ".into()), SetAction::SetRules("Normal rules. ".into())]);
    assert_eq!((s.author().as_str(), s.rules().as_str()), (" Ann ", "Normal rules. "));
    assert_eq!(s.variant.spec().author.as_deref(), Some("Ann"));
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
fn regions_drawn_as_walls_become_a_jigsaw_and_undo_as_one_change() {
    let e = |a, b| Edge::new(9, CellId(a), CellId(b)).unwrap();
    let s = SudokuSetter::new("size 9\n".parse().unwrap());
    let s = play(s, [SetAction::DrawRegions(true)]);
    assert_eq!(s.draft.as_ref().unwrap().walls.len(), 36, "the boxes' borders");
    // Open the wall between r3c3 and r3c4 in one stroke: 18 cells.
    let s = play(s, [SetAction::Wall(WallEdit::Start(e(20, 21))), SetAction::Wall(WallEdit::End)]);
    assert_eq!(s.count_text(), "the regions are not finished");
    let s = feed(s.clone(), run(&s));
    assert_eq!(s.analysis, SetAnalysis::default(), "nothing is said of the old layout's solutions");
    let at = |c: CellId| format!("r{}c{}", c.index() / 9 + 1, c.index() % 9 + 1);
    assert_eq!(s.draft.as_ref().unwrap().drawn.messages(9, at), vec!["r1c1: this region has 18 cells; it needs 9."]);
    // r3c3 to the second box, r1c4 to the first: a jigsaw.
    let s = play(
        s,
        [
            SetAction::Wall(WallEdit::Start(e(11, 20))),
            SetAction::Wall(WallEdit::Over(e(19, 20))),
            SetAction::Wall(WallEdit::End),
            SetAction::Wall(WallEdit::Start(e(3, 4))),
            SetAction::Wall(WallEdit::Over(e(3, 12))),
            SetAction::Wall(WallEdit::End),
            SetAction::Wall(WallEdit::Start(e(2, 3))),
            SetAction::Wall(WallEdit::End),
        ],
    );
    assert!(s.draft.as_ref().unwrap().drawn.map().is_some());
    let regions = s.layout().regions();
    assert_eq!(regions[3], regions[0], "r1c4 joined the first region");
    assert_eq!(regions[20], regions[21], "r3c3 joined the second");
    assert!(s.puzzle().to_string().contains("jigsaw") || s.puzzle().to_string().contains("regions"));
    let s = feed(s.clone(), run(&s));
    assert!(s.count_text().contains("solutions"), "{}", s.count_text());
    // Undo goes back one stroke at a time, the layout with it.
    let s = play(s, [SetAction::Undo]);
    assert!(s.draft.as_ref().unwrap().drawn.map().is_none());
    let s = play(s, [SetAction::Undo, SetAction::Undo, SetAction::Undo]);
    assert_eq!(s.layout(), &Layout::classic(3).unwrap());
}

#[test]
fn random_regions_keep_the_walls_drawn_and_diagonals_and_houses_join_the_layout() {
    let e = |a, b| Edge::new(6, CellId(a), CellId(b)).unwrap();
    let s = SudokuSetter::new("size 6\nno-boxes\n".parse().unwrap());
    let s = play(
        s,
        [
            SetAction::DrawRegions(true),
            SetAction::Wall(WallEdit::Start(e(0, 1))),
            SetAction::Wall(WallEdit::Over(e(6, 7))),
        ],
    );
    let s = play(s, [SetAction::Wall(WallEdit::End), SetAction::RandomRegions { seed: 3 }]);
    let s = feed(s.clone(), run(&s));
    let draft = s.draft.clone().unwrap();
    assert!(draft.drawn.map().is_some(), "{:?}", s.message);
    let regions = s.layout().regions();
    assert_ne!(regions[0], regions[1]);
    assert_ne!(regions[6], regions[7]);
    let s = play(s, [SetAction::DrawRegions(false), SetAction::ToggleDiagonals]);
    assert!(s.diagonals());
    let diagonals = s.layout().houses().len();
    let s = play(s, (0..6).map(|c| SetAction::Choose(CellId(c * 6 + 5))).collect::<Vec<_>>());
    let s = play(s, [SetAction::MakeHouse]);
    assert_eq!(s.layout().houses().len(), diagonals, "the last column is a house already: refused");
    assert!(s.extra_houses().is_empty() && s.message.is_some());
    let s = play(s, [SetAction::Select(CellId(1))]);
    let s = play(s, [2, 8, 14, 15, 21].map(|c| SetAction::Choose(CellId(c))));
    assert_eq!(s.chosen.len(), 6);
    let s = play(s, [SetAction::MakeHouse]);
    assert_eq!(s.extra_houses().len(), 1);
    assert_eq!(s.layout().houses().len(), diagonals + 1);
    let s = play(s, [SetAction::RemoveHouse(0)]);
    assert!(s.extra_houses().is_empty());
}

#[test]
fn random_regions_say_why_when_the_walls_close_off_a_wrong_size() {
    let e = |a, b| Edge::new(6, CellId(a), CellId(b)).unwrap();
    let s = SudokuSetter::new("size 6\nno-boxes\n".parse().unwrap());
    // The top-left 2×2 closed off: 4 cells, where a region needs 6.
    let s = play(
        s,
        [
            SetAction::DrawRegions(true),
            SetAction::Wall(WallEdit::Start(e(1, 2))),
            SetAction::Wall(WallEdit::Over(e(7, 8))),
            SetAction::Wall(WallEdit::Over(e(6, 12))),
            SetAction::Wall(WallEdit::Over(e(7, 13))),
            SetAction::Wall(WallEdit::End),
            SetAction::RandomRegions { seed: 3 },
        ],
    );
    let s = feed(s.clone(), run(&s));
    assert!(s.task.is_none());
    let message = s.message.clone().expect("a reason");
    assert!(message.contains("4 cells"), "{message}");
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
    assert_eq!(s.analysis.rating, None, "the check does not rate");
    let rate = s.rating_request().expect("a unique puzzle is rated");
    let rated = feed(s.clone(), replies_of(&rate));
    assert!(rated.analysis.rating_so_far.is_some() && rated.analysis.rating.is_some());
    assert_eq!(rated.rating_request(), None, "rated once");
    // A new given is a new puzzle: the old rating's replies are dropped.
    let edited = play(s.clone(), [SetAction::Select(CellId(0)), SetAction::Clear]);
    assert_eq!(feed(edited.clone(), replies_of(&rate)).analysis, edited.analysis);
    assert!(play(s, [SetAction::Undo]).givens().iter().flatten().count() > 17);
}

#[test]
fn work_with_a_given_that_breaks_a_rule_is_kept_whole_and_reads_back() {
    let s = SudokuSetter::new("size 4\n".parse().unwrap());
    let typed = play(
        s,
        [
            SetAction::SetTitle("Clash".into()),
            SetAction::Select(CellId(0)),
            SetAction::Enter(Symbol::new(0)),
            SetAction::Move(Direction::Right),
            SetAction::Enter(Symbol::new(0)),
            SetAction::Move(Direction::Right),
            SetAction::Enter(Symbol::new(2)),
        ],
    );
    let work = typed.saved_work();
    assert!(matches!(work, SavedWork::Text(_)), "no link holds a repeated given: {work:?}");
    let back = SudokuSetter::from_saved_work(work.text()).expect("the kept text reads");
    assert_eq!(back.givens(), typed.givens());
    assert_eq!(back.title(), "Clash");
    // Once the clash is gone the work is a link again, and reads back the same.
    let fixed = play(typed, [SetAction::Move(Direction::Left), SetAction::Move(Direction::Left), SetAction::Clear]);
    let SavedWork::Link(text) = fixed.saved_work() else { panic!("a valid puzzle is kept as its link") };
    assert_eq!(SudokuSetter::from_saved_work(&text).unwrap().givens(), fixed.givens());
    assert!(SudokuSetter::from_saved_work("not a save").is_none());
}

#[test]
fn undo_and_redo_survive_a_reload_behind_the_same_work_only() {
    let s = SudokuSetter::new("size 4\n".parse().unwrap());
    let typed = play(
        s,
        [
            SetAction::Select(CellId(0)),
            SetAction::Enter(Symbol::new(0)),
            SetAction::ToggleDiagonals,
            SetAction::Move(Direction::Right),
            SetAction::Enter(Symbol::new(0)),
            SetAction::Move(Direction::Right),
            SetAction::Enter(Symbol::new(1)),
            SetAction::Undo,
        ],
    );
    let saved = typed.saved_history(&typed.saved_work());
    let reloaded = SudokuSetter::from_saved_work(typed.saved_work().text()).unwrap().with_saved_history(saved.clone());
    assert_eq!(reloaded.history_len(), typed.history_len());
    for steps in [vec![SetAction::Undo], vec![SetAction::Undo; 3], vec![SetAction::Redo]] {
        let a = play(typed.clone(), steps.clone());
        let b = play(reloaded.clone(), steps);
        assert_eq!((a.saved_work(), a.history_len()), (b.saved_work(), b.history_len()));
        assert_eq!(a.diagonals(), b.diagonals());
    }
    let other = SudokuSetter::new("size 4\n".parse().unwrap()).with_saved_history(saved);
    assert!(!other.can_undo() && !other.can_redo(), "behind other work it is not put back");
}

#[test]
fn done_on_unfinished_regions_says_what_is_left_and_keeps_the_walls() {
    let e = |a, b| Edge::new(9, CellId(a), CellId(b)).unwrap();
    let s = SudokuSetter::new("size 9\n".parse().unwrap());
    let s = play(s, [SetAction::DrawRegions(true)]);
    // Random regions on whole regions (the boxes) makes a fresh jigsaw.
    let fresh = play(s.clone(), [SetAction::RandomRegions { seed: 3 }]);
    assert!(matches!(&fresh.request().job, Job::Regions { walls, .. } if walls.is_empty()));
    // A wall down the line between columns 1 and 2, rows 1 to 3: unfinished.
    let drawn = play(
        s,
        [
            SetAction::Wall(WallEdit::Start(e(0, 1))),
            SetAction::Wall(WallEdit::Over(e(9, 10))),
            SetAction::Wall(WallEdit::Over(e(18, 19))),
            SetAction::Wall(WallEdit::End),
        ],
    );
    assert!(drawn.regions_unfinished());
    let done = play(drawn.clone(), [SetAction::DrawRegions(false)]);
    assert!(done.draft.is_some(), "still drawing");
    assert_eq!(done.draft.as_ref().unwrap().walls, drawn.draft.as_ref().unwrap().walls, "no wall lost");
    let message = done.message.clone().unwrap_or_default();
    assert!(message.starts_with("The regions are not finished (r1c1: this region has 3 cells"), "{message}");
    // Once they are whole again, Done leaves and the message goes.
    let undone = play(done, [SetAction::Undo, SetAction::DrawRegions(false)]);
    assert!(undone.draft.is_none() && undone.message.is_none());
}

#[test]
fn focus_selects_a_cell_only_when_none_is() {
    let s = SudokuSetter::new("size 4\n".parse().unwrap());
    let s = play(s, [SetAction::Focus(CellId(5))]);
    assert_eq!(s.selected, Some(CellId(5)), "tabbing in selects the focused cell");
    let s = play(s, [SetAction::Enter(Symbol::new(2)), SetAction::Focus(CellId(0))]);
    assert_eq!(s.selected, Some(CellId(5)), "a selection stays (a click's own focus changes nothing)");
    assert_eq!(s.givens()[5], Some(Symbol::new(2)));
}
