//! The Pseudoku player's reducer, action by action.

use super::*;
use crate::pseudoku::examples::SEED_PUZZLE;
use pseudoku_core::partition::all_answers;

fn seed() -> Player {
    Player::new(Challenge { instance: SEED_PUZZLE.parse().unwrap(), title: String::new(), author: String::new() })
}

fn play(mut p: Player, actions: impl IntoIterator<Item = PlayAction>) -> Player {
    for a in actions {
        if let Some(next) = p.apply(a) {
            p = next;
        }
    }
    p
}

/// Paints the partition region by region, one stroke each.
fn paint(p: Player, answer: &Partition) -> Player {
    let mut actions = Vec::new();
    for (k, cells) in answer.regions().iter().enumerate() {
        actions.push(PlayAction::SetTool(Tool::Paint(k as u8)));
        actions.push(PlayAction::PaintStart(cells[0].index()));
        actions.extend(cells[1..].iter().map(|c| PlayAction::PaintOver(c.index())));
        actions.push(PlayAction::StrokeEnd);
    }
    play(p, actions)
}

#[test]
fn painting_an_answer_solves_and_counts_it_found() {
    let p = seed();
    let answers = all_answers(p.instance(), 10);
    let p = paint(p, &answers[1]);
    assert!(p.is_solved());
    assert_eq!(p.found_count(), 1);
    let p = paint(p, &answers[2]);
    assert_eq!(p.found_count(), 2);
}

#[test]
fn a_wrong_region_gets_a_problem_and_undo_takes_strokes_back() {
    let p = seed();
    // A whole row in one region crosses no wall but repeats nothing
    // either... so paint two rows: 18 cells, too many.
    let p = play(p, [PlayAction::PaintStart(0)]);
    let p = play(p, (1..18).map(PlayAction::PaintOver).chain([PlayAction::StrokeEnd]));
    assert!(!p.validation().problems.is_empty());
    let p = play(p, [PlayAction::Undo]);
    assert!((0..81).all(|c| p.label(c).is_none()), "one stroke, one undo");
    assert!(p.validation().problems.is_empty());
}

#[test]
fn borders_closing_n_cells_make_a_region() {
    // 4×4: cells 0,1,4,5 closed off by borders 1-2, 5-6, 4-8, 5-9.
    let c = Challenge { instance: "1234341221434321".parse().unwrap(), title: String::new(), author: String::new() };
    let e = |a, b| Edge::new(4, CellId(a), CellId(b)).unwrap();
    let p = play(
        Player::new(c),
        [
            PlayAction::SetTool(Tool::Border),
            PlayAction::BorderStart(e(1, 2)),
            PlayAction::BorderOver(e(5, 6)),
            PlayAction::BorderOver(e(4, 8)),
            PlayAction::BorderOver(e(5, 9)),
            PlayAction::StrokeEnd,
        ],
    );
    assert_eq!([0, 1, 4, 5].map(|c| p.label(c)), [Some(0); 4]);
    assert_eq!(p.label(2), None);
}

#[test]
fn progress_round_trips_and_damage_is_refused() {
    let p = play(seed(), [PlayAction::PaintStart(3), PlayAction::PaintOver(4), PlayAction::StrokeEnd]);
    let saved = p.saved();
    let json = serde_json::to_string(&saved).unwrap();
    let back = seed().restore(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back.marks(), p.marks());
    assert!(back.can_undo());
    let mut bad = saved.clone();
    bad.marks.labels.pop();
    assert!(seed().restore(bad).unwrap_err().contains("80 cells"));
    let mut bad = saved;
    bad.version = 9;
    assert!(seed().restore(bad).unwrap_err().contains("version 9"));
}

#[test]
fn a_restored_game_is_checked_as_it_was_played() {
    let answer = all_answers(seed().instance(), 1).remove(0);
    let solved = paint(seed(), &answer);
    assert!(solved.is_solved());
    let back = seed().restore(solved.saved()).unwrap();
    assert!(back.is_solved(), "a solved game is still solved after a reload");
    assert_eq!(back.validation(), solved.validation());
    assert_eq!(back.found_count(), 1);
    assert!(back.apply(PlayAction::Tick(1000)).is_none(), "the clock of a solved game stays stopped");
    let stray = back.apply(PlayAction::ClearFocus).expect("a cell cleared after the solve");
    assert!(!stray.is_solved());
    assert!(stray.apply(PlayAction::Tick(1000)).is_none(), "a stray tap after the solve leaves the clock stopped");
    let partial = play(seed(), [PlayAction::PaintStart(3), PlayAction::PaintOver(4), PlayAction::StrokeEnd]);
    let back = seed().restore(partial.saved()).unwrap();
    assert_eq!(back.validation(), partial.validation(), "the status counts the painted cells");
}

#[test]
fn a_generated_challenge_comes_back_to_be_opened() {
    let p = play(
        seed(),
        [PlayAction::Generate { size: 5, difficulty: crate::engine::wire::WireDifficulty::Hard, seed: 3 }],
    );
    let request = p.request().unwrap();
    assert!(matches!(request.job, Job::Construct { size: 5, .. }));
    let mut out = Vec::new();
    crate::engine::worker::handle_to_end(&request, &mut |r| out.push(r));
    let p = play(p, out.into_iter().map(PlayAction::Worker));
    let made = p.made.clone().expect("a challenge");
    assert_eq!(made.instance.size(), 5);
    assert!(p.making.is_none());
    assert_eq!(p.request().map(|r| r.id), Some(1), "back to the analysis");
}

#[test]
fn found_answers_are_numbered_as_the_setter_shows_them() {
    let p = seed();
    let mut out = Vec::new();
    crate::engine::worker::handle_to_end(&p.request().unwrap(), &mut |r| out.push(r));
    let p = play(p, out.into_iter().map(PlayAction::Worker));
    let answers = all_answers(p.instance(), 10);
    let p = paint(p, &answers[3]);
    assert_eq!(p.found_numbers(), vec![4]);
}

#[test]
fn hints_point_first_at_a_mark_no_answer_has() {
    let p = seed();
    let mut out = Vec::new();
    crate::engine::worker::handle_to_end(&p.request().unwrap(), &mut |r| out.push(r));
    let p = play(p, out.into_iter().map(PlayAction::Worker));
    assert_eq!(p.count_text(), "5 answers");
    assert!(p.request().is_none(), "the analysis has said enough");
    // With nothing wrong, a hint asks the worker for the next step.
    let asked = play(p.clone(), [PlayAction::Hint]);
    assert!(asked.hint.is_none());
    assert!(matches!(asked.request().map(|r| r.job), Some(Job::Teach { .. })));
    // Two cells every answer puts together, a border drawn between
    // them: pointed out.
    let agreement = p.analysis.agreement.clone().unwrap();
    let (a, b) = agreement.together[0];
    let edge = Edge::new(9, CellId(a), CellId(b)).unwrap();
    let (a, b) = (a as usize, b as usize);
    let actions =
        [PlayAction::SetTool(Tool::Border), PlayAction::BorderStart(edge), PlayAction::StrokeEnd, PlayAction::Hint];
    let p = play(p, actions);
    let hint = p.hint.clone().expect("the wrong mark");
    assert_eq!((hint.edge.a().index(), hint.edge.b().index(), hint.together, hint.contradicts), (a, b, true, true));
    assert!(p.request().is_none(), "no step is asked for");
}

#[test]
fn progress_saved_by_the_build_before_the_teacher_is_restored() {
    // Exactly as builds from 2026-11-25 on wrote it (no `joins`: the
    // teacher's joins came later): cells 3 and 4 painted region 1, a border
    // 0-1 drawn, one undo state, 42 s on the clock.
    let labels = format!("...11{}", ".".repeat(76));
    let json = format!(
        r#"{{"version":1,"marks":{{"labels":"{labels}","borders":[[0,1]]}},"undo":[{{"labels":"{}","borders":[[0,1]]}}],"redo":[],"elapsed_ms":42000,"found":[]}}"#,
        ".".repeat(81)
    );
    let back = seed().restore(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!([3, 4, 5].map(|c| back.label(c)), [Some(0), Some(0), None]);
    assert_eq!(back.marks().borders, vec![(0, 1)]);
    assert!(back.marks().joins.is_empty());
    assert_eq!(back.elapsed_ms, 42000);
    let undone = back.apply(PlayAction::Undo).unwrap();
    assert_eq!(undone.label(3), None);
}

/// A hint asks the worker to try first where the rated path supposed (a
/// challenge whose path needs suppositions).
#[test]
fn a_hint_sends_where_the_rated_path_supposed() {
    use pseudoku_core::deduce::{construct_rated, Level, RatedConfig};
    let made = construct_rated(&RatedConfig::new(6, Level::Expert), 1).unwrap();
    let want: Vec<(u32, u32)> = made.rating.supposed().iter().map(|e| (e.a().0, e.b().0)).collect();
    assert!(!want.is_empty(), "an expert path supposes");
    let p = Player::new(Challenge { instance: made.instance, title: String::new(), author: String::new() });
    let mut out = Vec::new();
    crate::engine::worker::handle_to_end(&p.request().unwrap(), &mut |r| out.push(r));
    let p = play(p, out.into_iter().map(PlayAction::Worker));
    let asked = play(p, [PlayAction::Hint]);
    let Some(Job::Teach { first, .. }) = asked.request().map(|r| r.job) else { panic!("no hint asked") };
    assert_eq!(first, want);
}
