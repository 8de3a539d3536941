//! `tests/data/hardest_rated.txt`, the puzzles with a published Sudoku
//! Explainer rating: the file itself (well formed, one solution each, a source
//! for each group), and the rater on its quicker published 10+ puzzles.

use std::path::PathBuf;
use std::process::Command;

use pseudoku_core::format::line;
use pseudoku_core::layout::Layout;
use pseudoku_core::solver::{Solver, Uniqueness};

/// A data line of the file with the comment block above it.
struct Published {
    name: String,
    puzzle: String,
    er: f32,
    source: String,
}

fn published() -> Vec<Published> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hardest_rated.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut comments = String::new();
    let mut after_data = false;
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(comment) = line.strip_prefix('#') {
            if after_data {
                comments.clear();
                after_data = false;
            }
            comments.push_str(comment);
            comments.push('\n');
            continue;
        }
        after_data = true;
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 3, "`name puzzle ER`: {line}");
        let er: f32 = fields[2].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(format!("{er:.1}"), fields[2], "one decimal, as SE prints it: {line}");
        out.push(Published { name: fields[0].into(), puzzle: fields[1].into(), er, source: comments.clone() });
    }
    out
}

/// The output lines of `pseudoku COMMAND` on a file of these puzzles.
fn run_on(command: &str, puzzles: &[&str]) -> Vec<String> {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("published_{command}.txt"));
    std::fs::write(&file, puzzles.join("\n") + "\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_pseudoku")).arg(command).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect();
    assert_eq!(lines.len(), puzzles.len(), "{lines:?}");
    lines
}

#[test]
fn each_published_puzzle_has_one_solution_a_name_and_a_source() {
    let all = published();
    assert!(all.len() >= 30, "a few dozen puzzles: {}", all.len());
    let layout = Layout::classic(3).unwrap();
    let mut names: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), all.len(), "names are unique");
    for p in &all {
        assert!((7.0..=11.9).contains(&p.er), "{}: ER {}", p.name, p.er);
        assert!(p.source.contains("http") || p.source.contains("repository"), "{}: no source above it", p.name);
        let givens = line::parse(&layout, &p.puzzle).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert!(matches!(Solver::new(&layout).uniqueness(&givens), Uniqueness::Unique(_)), "{}", p.name);
    }
    // No puzzle twice, not even as an equivalent grid.
    let puzzles: Vec<&str> = all.iter().map(|p| p.puzzle.as_str()).collect();
    let mut canon = run_on("canon", &puzzles);
    canon.sort_unstable();
    canon.dedup();
    assert_eq!(canon.len(), puzzles.len(), "two lines are the same puzzle up to equivalence");
}

/// The floor: a puzzle published at 10 or more never rates below 9.
/// Only those published at 10.0 to 10.8 (they take about a second each; the
/// whole file is `pseudoku bench --what rate`, in BENCHMARKS.md).
#[test]
fn published_ten_to_ten_point_eight_puzzles_rate_nine_or_more() {
    let picked: Vec<Published> = published().into_iter().filter(|p| (10.0..=10.8).contains(&p.er)).collect();
    assert!(picked.len() >= 5, "{}", picked.len());
    let puzzles: Vec<&str> = picked.iter().map(|p| p.puzzle.as_str()).collect();
    for (p, line) in picked.iter().zip(run_on("rate", &puzzles)) {
        // `≥X` when the rater stopped at its budget: still at least X.
        let first = line.split_whitespace().next().unwrap().trim_start_matches('≥');
        let rating: f32 = first.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(rating >= 9.0 && !line.contains("needs guessing"), "{} (published {}): {line}", p.name, p.er);
    }
}
