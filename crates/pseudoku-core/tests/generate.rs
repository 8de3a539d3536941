//! Generated puzzles: exactly one solution, the grid they came from; minimal
//! when asked; symmetric when asked; the same from the same seed; and the
//! step-by-step generator agrees with the one-call one.

use pseudoku_core::generate::{generate, GenerateConfig, Generator, Progress, Symmetry};
use pseudoku_core::grid::is_solved;
use pseudoku_core::layout::Layout;
use pseudoku_core::solver::{Count, Solver, Uniqueness};

fn variants() -> Vec<(&'static str, Layout)> {
    let classic9 = Layout::classic(3).unwrap();
    let regions: Vec<usize> = "111222333111222333114222333144555666444555666444555666777888999777888999777888999"
        .bytes()
        .map(|b| (b - b'0') as usize)
        .collect();
    let jigsaw = Layout::jigsaw(9, &regions).unwrap();
    let mix_diagonal = Layout::classic(3).unwrap().with_diagonals().unwrap();
    vec![
        ("4x4", Layout::classic(2).unwrap()),
        ("6x6", Layout::boxed(2, 3).unwrap()),
        ("9x9", classic9.clone()),
        ("12x12", Layout::boxed(3, 4).unwrap()),
        ("diagonal", mix_diagonal.clone()),
        ("jigsaw", jigsaw.clone()),
        ("sudoku mix", Layout::multigrid(15, 15, &[(0, 0, &jigsaw), (6, 6, &mix_diagonal)]).unwrap()),
        (
            "samurai",
            Layout::multigrid(
                21,
                21,
                &[(0, 0, &classic9), (0, 12, &classic9), (6, 6, &classic9), (12, 0, &classic9), (12, 12, &classic9)],
            )
            .unwrap(),
        ),
        ("pie", Layout::pie(12, 6).unwrap()),
    ]
}

#[test]
fn every_variant_generates_unique_puzzles_of_its_grid() {
    for (name, layout) in variants() {
        let mut solver = Solver::new(&layout);
        for seed in 0..3 {
            let g = generate(&layout, &GenerateConfig::default(), seed).unwrap_or_else(|e| panic!("{name}: {e}"));
            let full: Vec<_> = g.solution.iter().copied().map(Some).collect();
            assert!(is_solved(&layout, &full), "{name}");
            for (given, s) in g.givens.iter().zip(&g.solution) {
                assert!(given.is_none() || *given == Some(*s), "{name}: a given differs from the grid");
            }
            assert_eq!(solver.uniqueness(&g.givens), Uniqueness::Unique(g.solution.clone()), "{name} seed {seed}");
            assert!(g.givens.iter().any(Option::is_none), "{name}: nothing was removed");
        }
    }
}

#[test]
fn minimal_puzzles_lose_uniqueness_with_any_given_removed() {
    let layout = Layout::classic(3).unwrap();
    let mut solver = Solver::new(&layout);
    for seed in 0..10 {
        let g = generate(&layout, &GenerateConfig { minimal: true, ..Default::default() }, seed).unwrap();
        assert_eq!(g.undecided, 0);
        for c in 0..81 {
            if g.givens[c].is_some() {
                let mut fewer = g.givens.clone();
                fewer[c] = None;
                assert_eq!(solver.count(&fewer, 2), Count::AtLeast(2), "seed {seed}: given {c} could go");
            }
        }
    }
}

/// Above 9×9 the default keeps a given whose check runs out of budget;
/// `minimal` proves every check to the end.
#[test]
fn minimal_16x16_is_proven_minimal() {
    let layout = Layout::classic(4).unwrap();
    let mut solver = Solver::new(&layout);
    let g = generate(&layout, &GenerateConfig { minimal: true, ..Default::default() }, 3).unwrap();
    assert_eq!(g.undecided, 0);
    assert_eq!(solver.uniqueness(&g.givens), Uniqueness::Unique(g.solution.clone()));
    for c in 0..256 {
        if g.givens[c].is_some() {
            let mut fewer = g.givens.clone();
            fewer[c] = None;
            assert_eq!(solver.count(&fewer, 2), Count::AtLeast(2), "given {c} could go");
        }
    }
}

#[test]
fn symmetries_and_targets() {
    let layout = Layout::classic(3).unwrap();
    for (symmetry, image) in [
        (Symmetry::Rot180, (|r: usize, c: usize| (8 - r, 8 - c)) as fn(usize, usize) -> (usize, usize)),
        (Symmetry::Mirror, |r, c| (r, 8 - c)),
        (Symmetry::Diagonal, |r, c| (c, r)),
    ] {
        let g = generate(&layout, &GenerateConfig { symmetry, ..Default::default() }, 3).unwrap();
        for r in 0..9 {
            for c in 0..9 {
                let (r2, c2) = image(r, c);
                assert_eq!(g.givens[r * 9 + c].is_some(), g.givens[r2 * 9 + c2].is_some(), "{symmetry:?}");
            }
        }
    }
    let g = generate(&layout, &GenerateConfig { target_givens: Some(40), ..Default::default() }, 4).unwrap();
    let count = g.givens.iter().filter(|x| x.is_some()).count();
    assert!((35..=40).contains(&count), "{count} givens for a target of 40");
}

#[test]
fn steps_agree_with_one_call_and_report_progress() {
    let layout = Layout::classic(4).unwrap();
    let config = GenerateConfig::default();
    let whole = generate(&layout, &config, 11).unwrap();
    let mut generator = Generator::new(&layout, &config, 11).unwrap();
    let mut last = 0;
    let mut steps = 0;
    let stepped = loop {
        match generator.step(7).unwrap() {
            Progress::Done(g) => break g,
            Progress::Working { done, total, .. } => {
                assert!(done <= total);
                assert!(done >= last || done == 0);
                last = done;
                steps += 1;
            }
        }
    };
    assert!(steps > 10, "a 16×16 takes many steps of 7 checks");
    assert_eq!(stepped, whole);
    assert!(generator.step(1).is_err());
}
