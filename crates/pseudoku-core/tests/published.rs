//! Real puzzles with known answers, the example variant files, and
//! generated multi-grid puzzles.

mod common;

use std::fs;
use std::path::PathBuf;

use common::{check_solution, reference_count};
use pseudoku_core::format::{line, Variant};
use pseudoku_core::generate::{generate, GenerateConfig, Symmetry};
use pseudoku_core::solver::{Count, Solver, Uniqueness};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn example(name: &str) -> Variant {
    let path = repo_root().join("examples/variants").join(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Variant::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `(source, puzzle, solution)` of `tests/data/published-9x9.txt`; the
/// source is the last `#` line naming a data file.
fn published() -> Vec<(String, String, String)> {
    let text = include_str!("data/published-9x9.txt");
    let mut source = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix('#') {
            if comment.contains(".txt") {
                source = comment.trim().to_string();
            }
            continue;
        }
        let (puzzle, solution) = line.split_once(' ').expect("puzzle and solution");
        out.push((source.clone(), puzzle.to_string(), solution.to_string()));
    }
    out
}

#[test]
fn published_puzzles_have_their_known_unique_answers() {
    let puzzles = published();
    assert_eq!(puzzles.len(), 70);
    for (source, puzzle, answer) in &puzzles {
        let p = line::parse_inferred(puzzle).unwrap();
        let answer: Vec<_> = line::parse(&p.layout, answer).unwrap().into_iter().map(Option::unwrap).collect();
        check_solution(&p.layout, &p.givens, &answer).unwrap_or_else(|e| panic!("{source}: {puzzle}: {e}"));
        for mut solver in [Solver::new(&p.layout), Solver::generic(&p.layout)] {
            assert_eq!(solver.uniqueness(&p.givens), Uniqueness::Unique(answer.clone()), "{source}: {puzzle}");
        }
    }
}

#[test]
fn the_reference_agrees_on_easy_published_puzzles() {
    let mut checked = 0;
    for (source, puzzle, answer) in published().iter().filter(|p| p.0.contains("easy") || p.0.contains("medium")) {
        let p = line::parse_inferred(puzzle).unwrap();
        let reference = reference_count(&p.layout, &p.givens, 2, 5_000_000).expect("within budget");
        assert_eq!(reference.solutions.len(), 1, "{source}: {puzzle}");
        assert_eq!(line::write_solution(&p.layout, &reference.solutions[0]), *answer);
        checked += 1;
    }
    assert_eq!(checked, 20);
}

#[test]
fn every_example_parses_and_prints_back() {
    let dir = repo_root().join("examples/variants");
    let mut names: Vec<String> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names.len(), 11, "{names:?}");
    for name in names {
        let v = example(&name);
        assert_eq!(Variant::parse(&v.to_string()).as_ref(), Ok(&v), "{name}");
        assert!(v.givens().is_some(), "{name} has givens");
    }
}

#[test]
fn examples_with_one_solution() {
    let cases = [
        ("classic-9x9.txt", 81),
        ("boxes-6x6.txt", 36),
        ("boxes-12x12.txt", 144),
        ("jigsaw-9x9.txt", 81),
        ("diagonal-9x9.txt", 81),
        ("samurai.txt", 5 * 81 - 4 * 9),
        ("sudoku-mix.txt", 2 * 81 - 9),
        ("triathlon.txt", 3 * 81 - 2 * 9),
        ("custom-knut-vik-5x5.txt", 25),
    ];
    for (name, cells) in cases {
        let v = example(name);
        let layout = v.layout();
        assert_eq!(layout.cell_count(), cells, "{name}");
        let givens = v.givens().unwrap();
        match Solver::new(layout).uniqueness(givens) {
            Uniqueness::Unique(solution) => {
                check_solution(layout, givens, &solution).unwrap_or_else(|e| panic!("{name}: {e}"))
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn the_sudoku_pie_has_very_many_solutions() {
    let v = example("sudoku-pie.txt");
    let givens = v.givens().unwrap();
    assert_eq!(givens.iter().filter(|g| g.is_some()).count(), 30);
    let mut solver = Solver::new(v.layout());
    assert_eq!(solver.count(givens, 1000), Count::AtLeast(1000));
    let solution = solver.solve(givens).unwrap();
    check_solution(v.layout(), givens, &solution).unwrap();
}

#[test]
fn the_sudokualt_design_has_a_completion() {
    let v = example("sudokualt-16x16-diagonal.txt");
    let givens = v.givens().unwrap();
    let solution = Solver::new(v.layout()).solve(givens).unwrap();
    check_solution(v.layout(), givens, &solution).unwrap();
    // The diagonal house is enforced even without its givens.
    let blank = vec![None; 256];
    let solution = Solver::new(v.layout()).solve(&blank).unwrap();
    check_solution(v.layout(), &blank, &solution).unwrap();
}

#[test]
fn generated_multi_grids_solve_back() {
    for (name, seed) in [("samurai.txt", 1), ("sudoku-mix.txt", 2), ("triathlon.txt", 3)] {
        let layout = example(name).layout().clone();
        let config = GenerateConfig { symmetry: Symmetry::Rot180, ..GenerateConfig::default() };
        let puzzle = generate(&layout, &config, seed).unwrap();
        assert!(puzzle.givens.iter().any(Option::is_none));
        check_solution(&layout, &puzzle.givens, &puzzle.solution).unwrap();
        let mut solver = Solver::new(&layout);
        assert_eq!(solver.uniqueness(&puzzle.givens), Uniqueness::Unique(puzzle.solution.clone()), "{name}");
    }
}
