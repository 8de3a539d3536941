//! Real puzzles with known answers, the example variant files, and
//! generated multi-grid puzzles.

mod common;

use std::fs;
use std::path::PathBuf;

use common::{check_solution, reference_count};
use pseudoku_core::format::{line, Variant};
use pseudoku_core::generate::{generate, GenerateConfig, Symmetry};
use pseudoku_core::solver::{Count, Solver, Uniqueness};
use pseudoku_core::symbol::Symbol;

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
fn every_example_is_a_puzzle_with_one_solution() {
    // Every file of `examples/variants/` (the web app offers them as ready
    // puzzles), not a list that a new file could miss; both engines agree.
    let cells = [
        ("classic-9x9.txt", 81),
        ("boxes-6x6.txt", 36),
        ("boxes-12x12.txt", 144),
        ("jigsaw-9x9.txt", 81),
        ("diagonal-9x9.txt", 81),
        ("samurai.txt", 5 * 81 - 4 * 9),
        ("sudoku-mix.txt", 2 * 81 - 9),
        ("triathlon.txt", 3 * 81 - 2 * 9),
        ("custom-knut-vik-5x5.txt", 25),
        ("sudoku-pie.txt", 72),
        ("sudokualt-16x16-diagonal.txt", 256),
    ];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants");
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names.len(), cells.len(), "{names:?}: a new example needs its cell count here");
    for name in &names {
        let v = example(name);
        let layout = v.layout();
        let expected = cells.iter().find(|(n, _)| n == name).map(|&(_, c)| c);
        assert_eq!(Some(layout.cell_count()), expected, "{name}");
        let givens = v.givens().unwrap_or_else(|| panic!("{name} has no givens: it is no puzzle"));
        let generic = Solver::generic(layout).uniqueness(givens);
        match Solver::new(layout).uniqueness(givens) {
            Uniqueness::Unique(solution) => {
                check_solution(layout, givens, &solution).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(generic, Uniqueness::Unique(solution), "{name}: the engines agree");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// The Sudoku Pie's givens as the blog published them (seed document 003):
/// one sector per row, ring 1 first.
const PIE_BLOG: [[u8; 6]; 12] = [
    [5, 0, 0, 0, 7, 4],
    [1, 12, 0, 0, 0, 0],
    [9, 6, 2, 0, 0, 0],
    [0, 0, 4, 10, 0, 0],
    [0, 0, 3, 9, 12, 0],
    [0, 0, 0, 0, 5, 1],
    [3, 0, 0, 0, 9, 11],
    [2, 7, 0, 0, 0, 0],
    [4, 1, 11, 0, 0, 0],
    [0, 0, 6, 12, 0, 0],
    [0, 0, 1, 4, 8, 0],
    [0, 0, 0, 0, 6, 9],
];

#[test]
fn the_sudoku_pie_keeps_the_blogs_givens_which_alone_have_very_many_solutions() {
    let v = example("sudoku-pie.txt");
    let blog: Vec<Option<Symbol>> =
        PIE_BLOG.iter().flatten().map(|&k| (k > 0).then(|| Symbol::new(usize::from(k) - 1))).collect();
    assert_eq!(blog.iter().flatten().count(), 30);
    let givens = v.givens().unwrap();
    for (cell, (b, g)) in blog.iter().zip(givens).enumerate() {
        assert!(b.is_none() || b == g, "cell {cell}: the example keeps every given of the blog");
    }
    let mut solver = Solver::new(v.layout());
    assert_eq!(solver.count(&blog, 1000), Count::AtLeast(1000));
}

#[test]
fn the_sudokualt_design_has_a_completion() {
    let v = example("sudokualt-16x16-diagonal.txt");
    // The vignette's givens: the diagonal, 1 to G in order.
    let mut diagonal = vec![None; 256];
    for i in 0..16 {
        diagonal[i * 16 + i] = Some(Symbol::new(i));
        assert_eq!(v.givens().unwrap()[i * 16 + i], Some(Symbol::new(i)));
    }
    let solution = Solver::new(v.layout()).solve(&diagonal).unwrap();
    check_solution(v.layout(), &diagonal, &solution).unwrap();
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
