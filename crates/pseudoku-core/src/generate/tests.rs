//! Tests of the generator: reproducible unique puzzles, symmetric givens,
//! random jigsaws, the passes of minimal puzzles, and that
//! helper threads and kept searches change nothing but the time.

use super::remove::{check_orbit, Pause, Verdict, PAUSED_BYTES};
use super::rounds::{Round, FIRST_IDLE_PASS};
use super::*;
use crate::grid::is_solved;
use crate::layout::CellId;
use crate::seed::rng_from_seed;
use crate::solver::{Flow, Propagation, SearchEnd, SearchOptions, Solver, Uniqueness};

#[test]
fn removal_progress_never_falls_and_the_seed_names_the_puzzle() {
    let layout = Layout::classic(4).unwrap();
    let config = GenerateConfig { minimal: true, ..Default::default() };
    let mut generator = Generator::new(&layout, &config, 3).unwrap();
    let mut done_before = 0;
    let g = loop {
        match generator.step(5).unwrap() {
            Progress::Done(g) => break g,
            Progress::Working { stage: Stage::Removing, done, total } => {
                assert!(done <= total && done >= done_before, "{done_before} then {done} of {total}");
                done_before = done;
            }
            Progress::Working { .. } => {}
        }
    };
    assert_eq!(Solver::new(&layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution.clone()));
    assert_eq!(g, generate(&layout, &config, 3).unwrap(), "the same seed gives the same puzzle");
}

/// Each check of the first round tries the sparser of two orbits drawn
/// at random, so the removals gather in some houses and propagation
/// proves more of them: from the same grids, the rounds with no guess
/// keep fewer givens than with the orbits taken in queue order.
#[test]
fn sparse_draws_leave_fewer_givens_to_the_rounds_that_guess() {
    let layout = Layout::classic(5).unwrap();
    let config = GenerateConfig { minimal: true, threads: 1, ..Default::default() };
    let after_no_guess = |seed, sparse| {
        let mut generator = Generator::new(&layout, &config, seed).unwrap();
        assert!(generator.rounds[0].sparse && generator.rounds[1].propagation == Propagation::Probing);
        generator.rounds[0].sparse = sparse;
        // The round of probing with no guess is the last.
        generator.rounds.truncate(2);
        let g = generator.finish().unwrap();
        g.givens.iter().filter(|g| g.is_some()).count()
    };
    let (mut sparse, mut queue) = (0, 0);
    for seed in 1..=8 {
        let (s, q) = (after_no_guess(seed, true), after_no_guess(seed, false));
        eprintln!("seed {seed}: {s} givens with sparse draws, {q} in queue order");
        sparse += s;
        queue += q;
    }
    assert!(sparse + 8 * 4 <= queue, "{sparse} givens in all with sparse draws, {queue} in queue order");
}

#[test]
fn a_pass_that_decides_too_little_is_the_last() {
    let layout = Layout::classic(4).unwrap();
    let config = GenerateConfig { minimal: true, ..Default::default() };
    // A second pass with the first one's budget of one node decides
    // (almost) nothing that the first left; a third with probing and a
    // large budget decides everything, unless the second ends the passes.
    let run = |last_if_idle| {
        let mut generator = Generator::new(&layout, &config, 4).unwrap();
        let propagation = Round { budget: Some(1), ..Round::default() };
        generator.rounds = vec![
            propagation,
            Round { last_if_idle, ..propagation },
            Round { propagation: Propagation::Probing, budget: Some(100_000), ..Round::default() },
        ];
        loop {
            if let Progress::Done(g) = generator.step(50).unwrap() {
                break g;
            }
        }
    };
    let givens = |g: &Generated| g.givens.iter().filter(|g| g.is_some()).count();
    let (idle, full) = (run(true), run(false));
    assert!(idle.undecided > 0 && full.undecided == 0, "{} and {} undecided", idle.undecided, full.undecided);
    assert!(givens(&idle) > givens(&full), "{} and {} givens", givens(&idle), givens(&full));
    assert_eq!(Solver::new(&layout).uniqueness(&idle.givens), Uniqueness::Unique(idle.solution));
    assert_eq!(Solver::new(&layout).uniqueness(&full.givens), Uniqueness::Unique(full.solution));
    // Only probing passes from the one of 1/100 of the budget on end so.
    let idle_passes = |layout: Layout| minimal_rounds(layout).iter().map(|r| r.last_if_idle).collect::<Vec<_>>();
    let from_first_idle = (0..9).map(|i| i >= 3 + FIRST_IDLE_PASS).collect::<Vec<_>>();
    assert_eq!(idle_passes(Layout::classic(5).unwrap()), from_first_idle);
    assert_eq!(idle_passes(Layout::classic(6).unwrap()), from_first_idle);
    assert_eq!(idle_passes(Layout::boxed(4, 5).unwrap()), from_first_idle);
    assert_eq!(idle_passes(Layout::classic(4).unwrap()), [false; 3]);
    assert_eq!(idle_passes(Layout::classic(3).unwrap()), [false]);
    let plain = GenerateConfig::default().rounds(&Layout::classic(5).unwrap());
    assert_eq!(plain.iter().map(|r| r.last_if_idle).collect::<Vec<_>>(), [false; 2]);
}

/// Helper threads change the time a minimal puzzle takes, never the
/// puzzle: against the calling thread alone, with one and two helpers, in
/// one step or in steps of a few checks, with orbits of one cell and of
/// two, on a grid that checks in one probing round and on one that
/// checks in passes. Some verdicts do go stale on the way and are
/// reached again.
#[test]
fn helper_threads_change_nothing_but_the_time() {
    let cases = [
        (Layout::classic(4).unwrap(), Symmetry::None, 0..4),
        (Layout::classic(4).unwrap(), Symmetry::Rot180, 0..2),
        (Layout::boxed(4, 5).unwrap(), Symmetry::None, 1..2),
    ];
    let mut reruns = 0;
    for (layout, symmetry, seeds) in cases {
        for seed in seeds {
            let config = |threads| GenerateConfig { minimal: true, symmetry, threads, ..Default::default() };
            let run = |threads, checks| {
                let mut generator = Generator::new(&layout, &config(threads), seed).unwrap();
                loop {
                    if let Progress::Done(g) = generator.step(checks).unwrap() {
                        break (g, generator.reruns());
                    }
                }
            };
            let (alone, none) = run(1, u32::MAX);
            assert_eq!(none, 0);
            assert_eq!(Solver::new(&layout).uniqueness(&alone.givens), Uniqueness::Unique(alone.solution.clone()));
            for (threads, checks) in [(2, u32::MAX), (3, u32::MAX), (2, 7)] {
                let (g, stale) = run(threads, checks);
                assert_eq!(g, alone, "{symmetry:?}, seed {seed}: {threads} threads, {checks} checks a step");
                reruns += stale;
            }
        }
    }
    assert!(reruns > 0, "no verdict went stale: the test shows nothing about them");
}

/// A deferred check that goes on in the next round from where its search
/// stopped reaches the verdict it reaches starting over.
#[test]
fn going_on_from_kept_searches_changes_nothing_but_the_time() {
    let layout = Layout::boxed(4, 5).unwrap();
    let mut resumed = 0;
    for (symmetry, seed) in [(Symmetry::None, 23), (Symmetry::Rot180, 24), (Symmetry::Rot180, 25)] {
        let run = |threads, cap| {
            let config = GenerateConfig { minimal: true, symmetry, threads, ..Default::default() };
            let mut generator = Generator::new(&layout, &config, seed).unwrap();
            generator.keep_paused_at_most(cap);
            (generator.finish().unwrap(), generator.resumed())
        };
        let (fresh, none) = run(1, 0);
        assert_eq!(none, 0);
        for threads in [1, 2] {
            let (g, went_on) = run(threads, PAUSED_BYTES);
            assert_eq!(g, fresh, "{symmetry:?}, seed {seed}, {threads} threads");
            resumed += went_on;
        }
    }
    assert!(resumed > 0, "no check went on from a kept search: the test shows nothing");
}

fn minimal_rounds(layout: Layout) -> Vec<Round> {
    GenerateConfig { minimal: true, ..Default::default() }.rounds(&layout)
}

#[test]
fn generated_puzzles_are_unique_and_reproducible() {
    let layout = Layout::classic(3).unwrap();
    for seed in 0..5 {
        let g = generate(&layout, &GenerateConfig::default(), seed).unwrap();
        let full: Vec<_> = g.solution.iter().copied().map(Some).collect();
        assert!(is_solved(&layout, &full));
        assert_eq!(Solver::new(&layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution.clone()));
        assert_eq!(generate(&layout, &GenerateConfig::default(), seed).unwrap(), g);
    }
}

#[test]
fn symmetric_givens() {
    let layout = Layout::classic(3).unwrap();
    let config = GenerateConfig { symmetry: Symmetry::Rot180, ..Default::default() };
    let g = generate(&layout, &config, 9).unwrap();
    for c in 0..81 {
        assert_eq!(g.givens[c].is_some(), g.givens[80 - c].is_some());
    }
}

#[test]
fn random_jigsaws_are_valid_and_generate_unique_puzzles() {
    for size in [5, 6, 9] {
        for seed in 0..4 {
            let mut rng = rng_from_seed(seed);
            let (layout, grid) = random_jigsaw(size, &mut rng, 50).unwrap();
            assert!(layout.houses().iter().any(|h| h.kind == crate::layout::HouseKind::Region));
            assert!(is_solved(&layout, &grid.iter().copied().map(Some).collect::<Vec<_>>()));
            let g = generate(&layout, &GenerateConfig::default(), seed).unwrap();
            assert_eq!(Solver::new(&layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution));
        }
    }
}

/// A 9×9 jigsaw of the boxes with r1c4 and r3c3 swapped (as a setter draws
/// one): with seed 2 the fill's twelve doubling restarts all run into a
/// subtree of no answer; the short restarts after them find a grid.
#[test]
fn a_fill_stuck_in_its_doubling_restarts_gets_out_in_short_ones() {
    let rows = [
        "aaaabbccc",
        "aaabbbccc",
        "aabbbbccc",
        "dddeeefff",
        "dddeeefff",
        "dddeeefff",
        "ggghhhiii",
        "ggghhhiii",
        "ggghhhiii",
    ];
    let regions: Vec<usize> = rows.concat().bytes().map(|b| (b - b'a') as usize).collect();
    let layout = Layout::jigsaw(9, &regions).unwrap();
    let budget = FillBudget::for_layout(&layout);
    let blank = vec![None; 81];
    let doubling_only = FillBudget { attempts: 12, ..budget };
    let grid = |budget| fill_with(&mut Solver::new(&layout), &layout, &blank, &mut rng_from_seed(2), budget);
    assert!(matches!(grid(doubling_only), Err(FillError::GaveUp { .. })), "seed 2 no longer needs the short restarts");
    let grid = grid(budget).unwrap();
    assert!(is_solved(&layout, &grid.iter().copied().map(Some).collect::<Vec<_>>()));
    let g = generate(&layout, &GenerateConfig::default(), 2).unwrap();
    assert_eq!(Solver::new(&layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution));
}

/// A removal check (here: that no solution of a minimal 16×16 differs
/// in an open cell) whose plain search runs out of budget is decided
/// within the same budget by probing, as a minimal puzzle's last round runs it.
#[test]
fn probing_decides_checks_that_run_out_of_budget() {
    let layout = Layout::classic(4).unwrap();
    let config = GenerateConfig { minimal: true, ..Default::default() };
    let mut solver = Solver::new(&layout);
    // The same search as `check_orbit`'s.
    let mut nodes = |puzzle: &Generated, exclude: &[(CellId, Symbol)], propagation| {
        let (givens, prefer) = (&puzzle.givens, Some(&puzzle.solution[..]));
        let options = SearchOptions { propagation, exclude, prefer, ..Default::default() };
        let report = solver.search(givens, options, &mut |_: &[Symbol]| Flow::Stop);
        assert_eq!((report.found, report.end), (0, SearchEnd::Exhausted));
        report.nodes
    };
    let mut checker = Solver::new(&layout);
    let mut tried = 0;
    for seed in 0..2 {
        let puzzle = generate(&layout, &config, seed).unwrap();
        for c in (0..256).filter(|&c| puzzle.givens[c].is_none()) {
            let exclude = [(CellId(c as u32), puzzle.solution[c])];
            let plain = nodes(&puzzle, &exclude, Propagation::LockedCandidates);
            let probing = nodes(&puzzle, &exclude, Propagation::Probing);
            let budget = Some(plain - 1);
            if probing > plain - 1 {
                continue;
            }
            tried += 1;
            let mut check = |propagation| {
                check_orbit(
                    &mut checker,
                    &puzzle.givens,
                    &puzzle.solution,
                    &[c],
                    Round { propagation, budget, ..Round::default() },
                    Pause { keep: false, resume: None },
                    puzzle.givens.iter().flatten().count(),
                )
                .verdict
            };
            assert!(check(Propagation::LockedCandidates) == Verdict::Undecided, "seed {seed}, cell {c}");
            assert!(check(Propagation::Probing) == Verdict::Ok, "seed {seed}, cell {c}");
        }
    }
    assert!(tried > 0, "probing never needed fewer nodes than plain search");
}

#[test]
fn impossible_givens_are_reported() {
    let layout = Layout::classic(2).unwrap();
    let mut givens = vec![None; 16];
    // Symbol 1 in row 0 and, elsewhere, block every place for 1 in box 1.
    givens[0] = Some(Symbol::new(0));
    givens[10] = Some(Symbol::new(0));
    givens[2] = Some(Symbol::new(1));
    givens[7] = Some(Symbol::new(2));
    givens[6] = Some(Symbol::new(3));
    let mut rng = rng_from_seed(1);
    assert_eq!(fill(&layout, &givens, &mut rng), Err(FillError::NoCompletion));
}
