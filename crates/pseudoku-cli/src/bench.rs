//! `pseudoku bench`: times the engine and checks every result it times.
//!
//! The comparisons with the named peers (dancing links; for Pseudoku,
//! candidate regions covered exactly) are the `peers` program of
//! `crates/pseudoku-bench` (`cargo xtask bench ARGS…`), which measures the
//! engine the same way and prints the same lines, so that the `pseudoku`
//! binary ships no peer.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use pseudoku_core::generate::{self, GenerateConfig};
use pseudoku_core::grid::is_solved;
use pseudoku_core::layout::Layout;
use pseudoku_core::logic::{self, Level};
use pseudoku_core::partition::{self, Instance, SolveConfig};
use pseudoku_core::seed::rng_from_seed;
use pseudoku_core::solver::{Solver, Uniqueness};
use pseudoku_core::symbol::Symbol;

use crate::input::{read_lines, read_variant, Layouts};

/// Solves every puzzle of `file`, proves it unique and checks the answer.
pub fn solve(file: &Path, variant: Option<&Path>) -> Result<bool> {
    let variant = variant.map(read_variant).transpose()?;
    let mut layouts = Layouts::new(variant.as_ref());
    let lines = read_lines(Some(file))?;
    if lines.is_empty() {
        bail!("{} holds no puzzle", file.display());
    }
    let mut times = Vec::with_capacity(lines.len());
    let mut failures = 0;
    for line in &lines {
        let problem = match layouts.parse(&line.text) {
            Err(e) => Some(e.to_string()),
            Ok((layout, solver, givens)) => {
                let t = Instant::now();
                let result = solver.uniqueness(&givens);
                times.push(t.elapsed());
                match result {
                    Uniqueness::Unique(solution) => check_answer(layout, &givens, &solution),
                    Uniqueness::None => Some("no solution".to_string()),
                    Uniqueness::Multiple(..) | Uniqueness::Unknown { .. } => Some("more than one solution".to_string()),
                }
            }
        };
        if let Some(problem) = problem {
            failures += 1;
            println!("error: line {}: {problem}", line.number);
        }
    }
    let ours = Timing::of(&mut times);
    println!("{} puzzles, {} solved uniquely and checked, {} failed", lines.len(), lines.len() - failures, failures);
    println!("pseudoku: {ours}");
    Ok(failures == 0)
}

/// Fills `count` blank grids of `layout` (seeds `first..`), checking each.
pub fn fill(layout: &Layout, first: u64, count: u64) -> Result<bool> {
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
    let ours = Timing::of(&mut times);
    println!(
        "{count} grids of {} cells, {} filled and checked, {failures} failed",
        layout.cell_count(),
        count - failures
    );
    println!("pseudoku: {ours}");
    Ok(failures == 0)
}

/// Generates `count` puzzles of `layout` (seeds `first..`), re-checking each
/// unique.
pub fn generate(layout: &Layout, config: &GenerateConfig, first: u64, count: u64) -> Result<bool> {
    let mut times = Vec::new();
    let mut failures = 0;
    let mut solver = Solver::new(layout);
    let mut made = 0;
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
                made += 1;
            }
            Err(e) => fail(&mut failures, format!("seed {seed}: {e}")),
        }
    }
    let ours = Timing::of(&mut times);
    let per_puzzle = |n: usize| n as f64 / made.max(1) as f64;
    println!(
        "{count} puzzles of {} cells, {} unique and checked, {failures} failed, {:.1} givens on average \
         ({:.1} kept only because their check ran out of budget)",
        layout.cell_count(),
        count - failures,
        per_puzzle(givens_left),
        per_puzzle(undecided)
    );
    println!("pseudoku: {ours}");
    Ok(failures == 0)
}

/// Generates `count` puzzles of `level` (as `generate --difficulty`), each
/// checked unique and rated again at its level.
pub fn generate_rated(layout: &Layout, config: &GenerateConfig, level: Level, first: u64, count: u64) -> Result<bool> {
    let (mut times, mut failures, mut attempts, mut givens) = (Vec::new(), 0, 0, 0);
    let mut solver = Solver::new(layout);
    for seed in first..first + count {
        let t = Instant::now();
        let made = generate::generate_rated(layout, config, level, seed);
        times.push(t.elapsed());
        match made {
            Ok(made) => {
                let p = &made.generated;
                attempts += made.attempts as usize + 1;
                givens += p.givens.iter().filter(|g| g.is_some()).count();
                if solver.uniqueness(&p.givens) != Uniqueness::Unique(p.solution.clone()) {
                    fail(&mut failures, format!("seed {seed}: the puzzle does not have exactly its one solution"));
                } else if logic::rate(layout, &p.givens).map(|r| r.level) != Ok(level) {
                    fail(&mut failures, format!("seed {seed}: the puzzle is not {level}"));
                }
            }
            Err(e) => fail(&mut failures, format!("seed {seed}: {e}")),
        }
    }
    let made = (count - failures).max(1) as f64;
    println!(
        "{count} {level} puzzles of {} cells, {} unique, checked and rated {level}, {failures} failed, {:.1} givens \
         and {:.2} grids tried on average",
        layout.cell_count(),
        count - failures,
        givens as f64 / made,
        attempts as f64 / made
    );
    println!("pseudoku: {}", Timing::of(&mut times));
    Ok(failures == 0)
}

/// Counts the answers of every Pseudoku instance of `file` up to `limit`
/// (2 decides uniqueness), as live counting in the editor does.
pub fn partition(file: &Path, limit: u64) -> Result<bool> {
    let lines = read_lines(Some(file))?;
    if lines.is_empty() {
        bail!("{} holds no instance", file.display());
    }
    let (mut times, mut failures, mut unique) = (Vec::new(), 0, 0);
    for line in &lines {
        let instance = match Instance::parse(&line.text) {
            Ok(i) => i,
            Err(e) => {
                fail(&mut failures, format!("line {}: {e}", line.number));
                continue;
            }
        };
        let mut answers = Vec::new();
        let t = Instant::now();
        partition::solve(&instance, &SolveConfig::default(), &mut |p: &partition::Partition| {
            answers.push(p.clone());
            if answers.len() as u64 >= limit {
                partition::Flow::Stop
            } else {
                partition::Flow::Continue
            }
        });
        times.push(t.elapsed());
        unique += usize::from(answers.len() == 1);
        for answer in &answers {
            let labels: Vec<Option<usize>> = answer.labels().map(Some).collect();
            if !partition::validate(&instance, &labels).is_ok_and(|v| v.is_solved()) {
                fail(&mut failures, format!("line {}: an answer breaks a rule", line.number));
            }
        }
    }
    println!("{} instances, {unique} with exactly one answer, {failures} failed (counted to {limit})", lines.len());
    let ours = Timing::of(&mut times);
    println!("pseudoku: {ours}");
    Ok(failures == 0)
}

/// Constructs `count` Pseudoku instances of side `size` (seeds `first..`),
/// re-checking each unique and its answer the constructed one.
pub fn construct(size: usize, difficulty: partition::Difficulty, first: u64, count: u64) -> Result<bool> {
    let config = partition::ConstructConfig { difficulty, ..partition::ConstructConfig::new(size) };
    let (mut times, mut failures, mut walls) = (Vec::new(), 0, 0);
    for seed in first..first + count {
        let t = Instant::now();
        let made = partition::construct(&config, seed);
        times.push(t.elapsed());
        match made {
            Ok(c) => {
                walls += c.instance.wall_count();
                let mut answers = Vec::new();
                partition::solve(&c.instance, &SolveConfig::default(), &mut |p: &partition::Partition| {
                    answers.push(p.clone());
                    partition::Flow::Continue
                });
                if answers != [c.answer] {
                    fail(&mut failures, format!("seed {seed}: {} answers, not the constructed one", answers.len()));
                }
            }
            Err(e) => fail(&mut failures, format!("seed {seed}: {e}")),
        }
    }
    println!(
        "{count} instances {size}×{size}, {} unique and checked, {failures} failed, {:.1} walls on average",
        count - failures,
        walls as f64 / count.max(1) as f64
    );
    println!("pseudoku: {}", Timing::of(&mut times));
    Ok(failures == 0)
}

/// Decodes every link of `file` (one per line: a whole address, a fragment
/// or the bare text; without a file, [`hostile_links`]) as `link --decode`
/// does, three times each, and prints each one's outcome with its worst
/// time, then the timing over all.
pub fn link(file: Option<&Path>) -> Result<bool> {
    let lines = match file {
        Some(file) => read_lines(Some(file))?,
        None => hostile_links()
            .into_iter()
            .enumerate()
            .map(|(i, text)| crate::input::InputLine { number: i + 1, text })
            .collect(),
    };
    if lines.is_empty() {
        bail!("no link to decode");
    }
    let mut times = Vec::with_capacity(lines.len());
    for line in &lines {
        let mut worst = Duration::ZERO;
        let mut outcome = String::new();
        for _ in 0..3 {
            let t = Instant::now();
            let decoded = crate::pseudoku::decode_url(&line.text);
            worst = worst.max(t.elapsed());
            outcome = match decoded {
                Ok(pseudoku_core::format::link::Shared::Sudoku(v)) => {
                    format!("a sudoku of {} cells", v.layout().cell_count())
                }
                Ok(pseudoku_core::format::link::Shared::Pseudoku(c)) => {
                    format!("a {0}×{0} Pseudoku challenge", c.instance.size())
                }
                Err(e) => format!("refused: {e}"),
            };
        }
        times.push(worst);
        let shown: String = outcome.chars().take(110).collect();
        println!("line {} ({} characters): {:.2} ms, {shown}", line.number, line.text.len(), worst.as_secs_f64() * 1e3);
    }
    println!("{} links", lines.len());
    println!("pseudoku: {}", Timing::of(&mut times));
    Ok(true)
}

/// The hostile links of issue 26, as addresses: boards of 200, 400 and 809
/// grids of 35×35 (apart, with a wrong cell count; and overlapping, so
/// that nearly every house is new), the largest boards still accepted (17
/// overlapping grids, 13 apart), and fragments of 64 KiB of `&` parts, of
/// percent-escapes, and of a megabyte.
fn hostile_links() -> Vec<String> {
    use base64::Engine as _;
    let board = |k: usize, step: usize| {
        let mut text = "size 35\nboard 1024x1024\n".to_string();
        for i in 0..k {
            text += &format!("grid {} {}\n", (i / 29) * step, (i % 29) * step);
        }
        text
    };
    let link = |layout: &str, cells: u16| {
        let mut bytes = vec![1, 2, 35];
        bytes.extend((layout.len() as u16).to_be_bytes());
        bytes.extend(layout.as_bytes());
        bytes.extend(cells.to_be_bytes());
        bytes.extend(vec![0; usize::from(cells).div_ceil(8)]);
        bytes.push(0);
        format!("https://example.org/#p={}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
    };
    let mut links: Vec<String> = [200, 400, 809].iter().map(|&k| link(&board(k, 35), 1225)).collect();
    // Overlapping grids one apart: cells of the union of their squares.
    let covered = |k: usize| (k.div_ceil(29) - 1 + 35) * (k.min(29) - 1 + 35);
    links.extend([78, 256, 809].iter().map(|&k| link(&board(k, 1), covered(k) as u16)));
    links.push(link(&board(17, 1), covered(17) as u16));
    links.push(link(&board(13, 35), 13 * 1225));
    links.push(format!("https://example.org/#{}", "x=1&".repeat(16_000)));
    links.push(format!("https://example.org/#p={}", "%41".repeat(21_000)));
    links.push(format!("https://example.org/#p={}", "A".repeat(1 << 20)));
    links
}

fn fail(failures: &mut u64, what: String) {
    *failures += 1;
    println!("error: {what}");
}

/// Throughput, median and worst of a list of times, printed as the `peers`
/// program of `crates/pseudoku-bench` prints them (its `timing::Timing`), so
/// the figures of the two compare.
struct Timing {
    per_second: f64,
    median_us: f64,
    max_us: f64,
    total: f64,
}

impl Timing {
    fn of(times: &mut [Duration]) -> Timing {
        let total: Duration = times.iter().sum();
        times.sort_unstable();
        let median = times.get(times.len() / 2).copied().unwrap_or_default();
        Timing {
            per_second: times.len() as f64 / total.as_secs_f64().max(1e-9),
            median_us: median.as_secs_f64() * 1e6,
            max_us: times.last().copied().unwrap_or_default().as_secs_f64() * 1e6,
            total: total.as_secs_f64(),
        }
    }
}

impl std::fmt::Display for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.0} per second, median {:.1} µs, worst {:.1} µs (total {:.3} s)",
            self.per_second, self.median_us, self.max_us, self.total
        )
    }
}

/// Why an answer is wrong, if it is.
fn check_answer(layout: &Layout, givens: &[Option<Symbol>], solution: &[Symbol]) -> Option<String> {
    let full: Vec<Option<Symbol>> = solution.iter().copied().map(Some).collect();
    if !is_solved(layout, &full) {
        return Some("the answer breaks a rule".to_string());
    }
    if givens.iter().zip(solution).any(|(g, s)| g.is_some_and(|g| g != *s)) {
        return Some("the answer changes a given".to_string());
    }
    None
}
