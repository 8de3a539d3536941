//! The engine's side of each timed job: solve (prove unique), fill,
//! generate and count Pseudoku answers. Each prints the lines
//! `pseudoku bench` prints and returns its [`Measured`].

use std::time::{Duration, Instant};

use pseudoku_core::generate::{self, GenerateConfig};
use pseudoku_core::grid::is_solved;
use pseudoku_core::layout::Layout;
use pseudoku_core::partition::{self, Flow, Instance, Partition, SolveConfig};
use pseudoku_core::seed::rng_from_seed;
use pseudoku_core::solver::{Solver, Uniqueness};
use pseudoku_core::symbol::Symbol;

use crate::Timing;

/// What the engine's side of a run measured, and what it made for a peer
/// to work on.
pub struct Measured<T> {
    pub timing: Timing,
    /// Results that failed their check (each printed as an `error:` line).
    pub failures: u64,
    pub made: T,
}

/// Counts a failure and prints it as `error: {what}`.
pub fn fail(failures: &mut u64, what: String) {
    *failures += 1;
    println!("error: {what}");
}

/// Why `solution` is not an answer to `givens`, if it is not.
pub fn check_answer(layout: &Layout, givens: &[Option<Symbol>], solution: &[Symbol]) -> Option<String> {
    let full: Vec<Option<Symbol>> = solution.iter().copied().map(Some).collect();
    if !is_solved(layout, &full) {
        return Some("the answer breaks a rule".to_string());
    }
    if givens.iter().zip(solution).any(|(g, s)| g.is_some_and(|g| g != *s)) {
        return Some("the answer changes a given".to_string());
    }
    None
}

/// Solves `givens` and proves the solution unique, timing that alone; then
/// checks the answer. The time, and what is wrong if anything is.
pub fn prove_unique(solver: &mut Solver, layout: &Layout, givens: &[Option<Symbol>]) -> (Duration, Option<String>) {
    let t = Instant::now();
    let result = solver.uniqueness(givens);
    let time = t.elapsed();
    let problem = match result {
        Uniqueness::Unique(solution) => check_answer(layout, givens, &solution),
        Uniqueness::None => Some("no solution".to_string()),
        Uniqueness::Multiple(..) | Uniqueness::Unknown { .. } => Some("more than one solution".to_string()),
    };
    (time, problem)
}

/// Prints the lines that end a run of [`prove_unique`] over `read` puzzles.
pub fn solved(read: usize, failures: u64, times: &mut [Duration]) -> Timing {
    let ours = Timing::of(times);
    println!("{read} puzzles, {} solved uniquely and checked, {failures} failed", read as u64 - failures);
    println!("pseudoku: {ours}");
    ours
}

/// Fills `count` blank grids of `layout` (seeds `first..`), checking each.
pub fn fill(layout: &Layout, first: u64, count: u64) -> Measured<()> {
    let blank = vec![None; layout.cell_count()];
    let mut times = Vec::new();
    let mut failures = 0;
    // Kept across grids, as a generator or `pseudoku fill --count` does.
    let mut solver = Solver::new(layout);
    let budget = generate::FillBudget::for_layout(layout);
    for seed in first..first + count {
        let t = Instant::now();
        let grid = generate::fill_with(&mut solver, layout, &blank, &mut rng_from_seed(seed), budget);
        times.push(t.elapsed());
        match grid {
            Ok(grid) if is_solved(layout, &grid.iter().copied().map(Some).collect::<Vec<_>>()) => {}
            Ok(_) => fail(&mut failures, format!("seed {seed}: the grid breaks a rule")),
            Err(e) => fail(&mut failures, format!("seed {seed}: {e}")),
        }
    }
    let timing = Timing::of(&mut times);
    println!(
        "{count} grids of {} cells, {} filled and checked, {failures} failed",
        layout.cell_count(),
        count - failures
    );
    println!("pseudoku: {timing}");
    Measured { timing, failures, made: () }
}

/// Generates `count` puzzles of `layout` (seeds `first..`), re-checking each
/// unique. Made: each puzzle's seed and solution.
pub fn generate(layout: &Layout, config: &GenerateConfig, first: u64, count: u64) -> Measured<Vec<(u64, Vec<Symbol>)>> {
    let mut times = Vec::new();
    let mut failures = 0;
    let mut solver = Solver::new(layout);
    let mut made = Vec::new();
    let (mut givens_left, mut undecided) = (0, 0);
    for seed in first..first + count {
        let t = Instant::now();
        let puzzle = generate::generate(layout, config, seed);
        times.push(t.elapsed());
        match puzzle {
            Ok(p) => {
                givens_left += p.givens.iter().filter(|g| g.is_some()).count();
                undecided += p.undecided;
                if solver.uniqueness(&p.givens) != Uniqueness::Unique(p.solution.clone()) {
                    fail(&mut failures, format!("seed {seed}: the puzzle does not have exactly its one solution"));
                }
                made.push((seed, p.solution));
            }
            Err(e) => fail(&mut failures, format!("seed {seed}: {e}")),
        }
    }
    let timing = Timing::of(&mut times);
    let per_puzzle = |n: usize| n as f64 / made.len().max(1) as f64;
    println!(
        "{count} puzzles of {} cells, {} unique and checked, {failures} failed, {:.1} givens on average \
         ({:.1} kept only because their check ran out of budget)",
        layout.cell_count(),
        count - failures,
        per_puzzle(givens_left),
        per_puzzle(undecided)
    );
    println!("pseudoku: {timing}");
    Measured { timing, failures, made }
}

/// Counts the answers of every Pseudoku instance of `lines` (line number and
/// text) up to `limit` (2 decides uniqueness), as live counting in the
/// editor does, and checks each answer. Made: each instance read, with its
/// line number and the answers found.
pub fn partition(lines: &[(usize, &str)], limit: u64) -> Measured<Vec<(usize, Instance, u64)>> {
    let (mut times, mut failures, mut unique) = (Vec::new(), 0, 0);
    let mut made = Vec::new();
    for &(number, text) in lines {
        let instance = match Instance::parse(text) {
            Ok(i) => i,
            Err(e) => {
                fail(&mut failures, format!("line {number}: {e}"));
                continue;
            }
        };
        let mut answers = Vec::new();
        let t = Instant::now();
        partition::solve(&instance, &SolveConfig::default(), &mut |p: &Partition| {
            answers.push(p.clone());
            if answers.len() as u64 >= limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        times.push(t.elapsed());
        unique += usize::from(answers.len() == 1);
        for answer in &answers {
            let labels: Vec<Option<usize>> = answer.labels().map(Some).collect();
            if !partition::validate(&instance, &labels).is_ok_and(|v| v.is_solved()) {
                fail(&mut failures, format!("line {number}: an answer breaks a rule"));
            }
        }
        made.push((number, instance, answers.len() as u64));
    }
    println!("{} instances, {unique} with exactly one answer, {failures} failed (counted to {limit})", lines.len());
    let timing = Timing::of(&mut times);
    println!("pseudoku: {timing}");
    Measured { timing, failures, made }
}
