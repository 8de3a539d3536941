//! Tests of the deductions against the exhaustive partition search: no step
//! contradicts any answer, on thousands of instances from 4×4 to 12×12
//! (unique ones from `construct`, and ones with walls taken away, which have
//! several answers); solved paths end at the answer; a wall that agrees with
//! the answer never makes a challenge harder; challenges made to a level
//! have it.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::layout::CellId;
use crate::partition::{self, ConstructConfig, Count, Difficulty, Edge, Instance, Partition};

const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951\
                    317629845524967318 4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

/// A smaller budget than the default, to keep the tests quick; soundness
/// does not depend on it.
fn config(size: usize) -> DeduceConfig {
    DeduceConfig { node_budget: 40_000, ..DeduceConfig::new(size) }
}

/// Panics unless every step agrees with every answer.
fn check_steps(instance: &Instance, steps: &[Step], answers: &[Partition]) {
    for step in steps {
        for a in answers {
            for &e in &step.joins {
                assert!(a.joins(e), "{instance}: step joins {e} against an answer: {step}");
            }
            for &e in &step.borders {
                assert!(!a.joins(e), "{instance}: step borders {e} against an answer: {step}");
            }
        }
    }
}

/// A unique challenge of `size` and, with `drop` walls taken away, its
/// answers (`None` when there are more than 200 or the search gives up).
fn instance(size: usize, seed: u64, difficulty: Difficulty, drop: usize) -> Option<(Instance, Vec<Partition>)> {
    let config = ConstructConfig { difficulty, ..ConstructConfig::new(size) };
    let made = partition::construct(&config, seed).ok()?;
    let mut instance = made.instance;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..drop.min(instance.wall_count()) {
        let walls: Vec<Edge> = instance.walls().collect();
        instance.remove_wall(walls[rng.random_range(0..walls.len() as u32) as usize]);
    }
    match partition::count(&instance, 200, Some(5_000_000)) {
        Count::Exact(_) => {}
        _ => return None,
    }
    let answers = partition::all_answers(&instance, 200);
    Some((instance, answers))
}

#[test]
fn seed_instance_stops_short_without_contradicting_an_answer() {
    let instance: Instance = SEED.parse().unwrap();
    let rating = rate(&instance, &DeduceConfig::new(9));
    let answers = partition::all_answers(&instance, 10);
    assert_eq!(answers.len(), 5);
    check_steps(&instance, &rating.steps, &answers);
    assert!(!rating.solved);
    assert_eq!(rating.level, Level::NeedsGuessing);
    assert!(!rating.steps.is_empty(), "the parts all five answers share start with easy steps");
}

/// Thousands of instances, 4×4 to 12×12, unique and with several answers.
#[test]
fn no_step_contradicts_any_answer() {
    let mut checked = 0;
    let mut solved = 0;
    for (size, seeds) in [(4, 600), (5, 500), (6, 300), (7, 100), (8, 40), (9, 20), (10, 6), (12, 3)] {
        for seed in 0..seeds {
            let difficulty = [Difficulty::Hard, Difficulty::Medium, Difficulty::Easy][seed as usize % 3];
            let drop = (seed as usize / 3) % 4;
            let Some((instance, answers)) = instance(size, seed, difficulty, drop) else { continue };
            // Without the answers: knowing them skips exactly the
            // suppositions an unsound technique would break by mistake.
            let rating = solve_path(Stepper::new(&instance, &config(size)).without_answers());
            check_steps(&instance, &rating.steps, &answers);
            if rating.solved {
                solved += 1;
                assert_eq!(answers.len(), 1, "{instance}: solved by logic with several answers");
                let mut stepper = Stepper::new(&instance, &config(size));
                while let Next::Step(_) = stepper.next() {}
                assert_eq!(stepper.board().partition().as_ref(), Some(&answers[0]), "{instance}");
            }
            assert_ne!(rating.end, End::NoAnswer, "{instance}: has answers");
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} instances checked");
    assert!(solved > checked / 3, "only {solved} of {checked} solved");
}

/// Knowing the answers skips only suppositions that cannot break a rule:
/// the steps are those found without them, in fewer nodes (unique
/// challenges and ones with several answers). Where a budget runs out, the
/// shorter path is the start of the longer.
#[test]
fn knowing_the_answers_changes_no_step() {
    let (mut compared, mut saved) = (0, 0u64);
    for seed in 0..60u64 {
        let size = 5 + seed as usize % 4;
        let drop = (seed as usize / 4) % 3;
        let Some((instance, _)) = instance(size, seed, Difficulty::Hard, drop) else { continue };
        let with = rate(&instance, &config(size));
        let without = solve_path(Stepper::new(&instance, &config(size)).without_answers());
        if with.end != End::OutOfBudget && without.end != End::OutOfBudget {
            assert_eq!((&with.steps, with.end), (&without.steps, without.end), "{instance}");
            assert!(with.nodes <= without.nodes, "{instance}: {} nodes, {} without", with.nodes, without.nodes);
            saved += without.nodes - with.nodes;
        } else {
            let k = with.steps.len().min(without.steps.len());
            assert_eq!(with.steps[..k], without.steps[..k], "{instance}");
        }
        compared += 1;
    }
    assert!(compared > 40, "only {compared} compared");
    assert!(saved > 10_000, "only {saved} nodes saved");
}

/// A hint that tries first where the path supposed (as the app asks) is a
/// step of the technique the bare search finds, and agrees with the
/// answer, from every position of the path.
#[test]
fn hints_trying_the_paths_suppositions_first_are_as_easy() {
    let mut supposed = 0;
    for seed in 0..12u64 {
        let size = 6 + seed as usize % 3;
        let Some((instance, answers)) = instance(size, seed, Difficulty::Hard, 0) else { continue };
        let rating = rate(&instance, &config(size));
        let first = rating.supposed();
        let mut stepper = Stepper::new(&instance, &config(size));
        loop {
            let board = stepper.board().clone();
            let bare = Stepper::from_board(board.clone(), &config(size)).peek();
            let tried = Stepper::from_position(&instance, board, &config(size)).trying_first(&first).peek();
            match (&bare, &tried) {
                (Next::Step(a), Next::Step(b)) => {
                    assert_eq!(a.technique, b.technique, "{instance}");
                    check_steps(&instance, std::slice::from_ref(b), &answers);
                    supposed += usize::from(b.technique >= Technique::Contradiction);
                }
                (Next::OutOfBudget, _) | (_, Next::OutOfBudget) => {}
                _ => assert_eq!(bare, tried, "{instance}"),
            }
            if !matches!(stepper.next(), Next::Step(_)) {
                break;
            }
        }
    }
    assert!(supposed > 20, "only {supposed} positions needed a supposition");
}

/// A hint from a player's position that agrees with the answer agrees with
/// it too.
#[test]
fn hints_from_a_players_position_agree_with_the_answer() {
    for seed in 0..200u64 {
        let size = 5 + seed as usize % 5;
        let Some((instance, answers)) = instance(size, seed, Difficulty::Hard, 0) else { continue };
        let answer = &answers[0];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let regions: Vec<Option<usize>> =
            answer.labels().map(|l| (rng.random_range(0..3u32) == 0).then_some(l)).collect();
        let borders: Vec<Edge> = answer.borders().filter(|_| rng.random_range(0..4u32) == 0).collect();
        let player = PlayerState { borders, regions };
        match next_step(&instance, &player, &config(size)).unwrap() {
            Next::Step(step) => check_steps(&instance, &[step], &answers),
            Next::NoAnswer => panic!("{instance}: the player's marks agree with the answer"),
            _ => {}
        }
    }
}

#[test]
fn a_players_contradictory_position_is_an_error() {
    let instance: Instance = SEED.parse().unwrap();
    let mut regions = vec![None; 81];
    // r1c1 and r1c2 hold 7 and 3; painting both with r2c1 (4) and r3c1
    // (9) is fine, but r1c1 with r4c... here: two 7s in one painted region.
    regions[0] = Some(1);
    regions[9] = Some(1);
    regions[18] = Some(1);
    regions[27] = Some(1);
    regions[36] = Some(1);
    regions[45] = Some(1);
    regions[54] = Some(1);
    assert_eq!(instance.symbol(CellId(0)).index(), 6);
    assert_eq!(instance.symbol(CellId(54)).index(), 5);
    assert!(Board::from_player(&instance, &PlayerState { borders: vec![], regions: regions.clone() }).is_ok());
    regions[1] = Some(1);
    regions[10] = Some(1);
    regions[19] = Some(1);
    let err = Board::from_player(&instance, &PlayerState { borders: vec![], regions }).unwrap_err();
    assert_eq!(err, StateError::Contradiction);
    let wrong = PlayerState { borders: vec![], regions: vec![None; 3] };
    assert_eq!(Board::from_player(&instance, &wrong).unwrap_err(), StateError::RegionCount { expected: 81, found: 3 });
}

#[test]
fn every_step_has_a_sentence_naming_its_cells() {
    for seed in 0..20u64 {
        let Some((instance, _)) = instance(6, seed, Difficulty::Medium, 0) else { continue };
        for step in rate(&instance, &config(6)).steps {
            let text = step.explanation();
            assert!(text.ends_with('.'), "{text}");
            let first = step.cells.first().map(|&c| cell_name(6, c)).unwrap();
            assert!(text.contains(&first), "{text} does not name {first}");
        }
    }
}

#[test]
fn challenges_made_to_a_level_have_it() {
    for (seed, level) in [(1u64, Level::Easy), (2, Level::Medium), (3, Level::Hard)] {
        let config = RatedConfig { deduce: config(7), ..RatedConfig::new(7, level) };
        let Ok(made) = construct_rated(&config, seed) else { continue };
        assert_eq!(partition::count(&made.instance, 2, None), Count::Exact(1));
        assert_eq!(made.answer, partition::all_answers(&made.instance, 2)[0]);
        let again = rate(&made.instance, &config.deduce);
        assert_eq!(again.level, level);
        assert_eq!(construct_rated(&config, seed).unwrap(), made, "deterministic per seed");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A wall on a border of the answer never makes a challenge harder.
    #[test]
    fn a_wall_that_agrees_with_the_answer_never_makes_it_harder(size in 5usize..=8, seed in 0u64..1000, pick in 0u32..1000) {
        let Some((instance, answers)) = instance(size, seed, Difficulty::Hard, 0) else { return Ok(()) };
        let before = rate(&instance, &config(size));
        let open: Vec<Edge> = answers[0].borders().filter(|e| !instance.has_wall(*e)).collect();
        prop_assume!(!open.is_empty());
        let mut more = instance.clone();
        more.add_wall(open[pick as usize % open.len()]).unwrap();
        let after = rate(&more, &config(size));
        prop_assume!(before.end != End::OutOfBudget && after.end != End::OutOfBudget);
        prop_assert!(after.level <= before.level, "{instance}: {:?} then {:?}", before.level, after.level);
    }
}

/// Every technique, on positions that agree with an answer (some of its
/// joins and borders marked), decides only what that answer has.
#[test]
fn every_technique_agrees_with_an_answer_it_is_given_part_of() {
    use super::ctx::Ctx;
    use super::follow::find;
    use super::step::Batch;
    let seed_instance: Instance = SEED.parse().unwrap();
    let mut cases: Vec<(Instance, Partition)> =
        partition::all_answers(&seed_instance, 10).into_iter().map(|a| (seed_instance.clone(), a)).collect();
    for seed in 0..30u64 {
        if let Some((i, a)) = instance(4 + seed as usize % 5, seed, Difficulty::Hard, 2) {
            cases.extend(a.into_iter().map(|a| (i.clone(), a)));
        }
    }
    for (k, (instance, answer)) in cases.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
        for density in [4u32, 2] {
            let mut board = Board::new(instance);
            for e in Edge::all(instance.size()) {
                if rng.random_range(0..density) == 0 {
                    let mark = if answer.joins(e) { Mark::Join } else { Mark::Border };
                    if board.mark(e) == Mark::Open {
                        board.set(board::slot(e), mark).unwrap();
                    }
                }
            }
            board.regroup().unwrap();
            follow_checked(&board, instance, answer);
            for t in Technique::ALL.into_iter().take_while(|&t| t <= Technique::Contradiction) {
                let mut cx = Ctx::new(20_000);
                let mut batch = Batch::default();
                assert!(find(t, &board, &mut cx, &mut batch).is_ok(), "{t:?} finds no answer in {instance}");
                for &(s, m) in &batch.0 {
                    let e = board.edge(s);
                    if m == Mark::Join && answer.joins(e) {
                        continue;
                    }
                    if m == Mark::Border && !answer.joins(e) {
                        continue;
                    }
                    let mut trial = board.clone();
                    trial.set(s, m.opposite()).unwrap();
                    trial.regroup().unwrap();
                    eprintln!("trial {e} {:?}", m.opposite());
                    follow_checked(&trial, instance, answer);
                    panic!("{t:?} decides {e} {m:?} against {answer} in {instance}");
                }
            }
        }
    }
}

/// Follows the easy and medium techniques from `board` to their end,
/// checking each batch against `answer`.
fn follow_checked(board: &Board, instance: &Instance, answer: &Partition) {
    use super::ctx::Ctx;
    use super::follow::find;
    use super::step::Batch;
    let mut cx = Ctx::new(100_000);
    let mut follow = board.clone();
    'changed: loop {
        for t in Technique::ALL.into_iter().take_while(|&t| t <= Technique::MissingSymbol) {
            let mut batch = Batch::default();
            assert!(find(t, &follow, &mut cx, &mut batch).is_ok(), "{t:?} finds no answer in {instance}: {answer}");
            for &(s, m) in &batch.0 {
                let e = follow.edge(s);
                assert_eq!(m == Mark::Join, answer.joins(e), "{t:?} decides {e} {m:?} against {answer} in {instance}");
                follow.set(s, m).unwrap();
            }
            follow.regroup().unwrap();
            if !batch.0.is_empty() {
                continue 'changed;
            }
        }
        break;
    }
}
