//! `pseudoku bench`: times the engine and checks every result it times.
//!
//! The runs it shares with the `peers` program of `crates/pseudoku-bench`
//! (`cargo xtask bench ARGS…`, the same runs beside a named peer) are those
//! of `pseudoku-measure`, so the two print the same lines and the
//! `pseudoku` binary ships no peer.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use pseudoku_core::generate::{self, GenerateConfig};
use pseudoku_core::layout::Layout;
use pseudoku_core::logic::{self, Level};
use pseudoku_core::partition::{self, SolveConfig};
use pseudoku_core::solver::{Solver, Uniqueness};
use pseudoku_measure::{fail, runs, Timing};

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
                let (time, problem) = runs::prove_unique(solver, layout, &givens);
                times.push(time);
                problem
            }
        };
        if let Some(problem) = problem {
            fail(&mut failures, format!("line {}: {problem}", line.number));
        }
    }
    runs::solved(lines.len(), failures, &mut times);
    Ok(failures == 0)
}

/// Fills `count` blank grids of `layout` (seeds `first..`), checking each.
pub fn fill(layout: &Layout, first: u64, count: u64) -> Result<bool> {
    Ok(runs::fill(layout, first, count).failures == 0)
}

/// Generates `count` puzzles of `layout` (seeds `first..`), re-checking each
/// unique.
pub fn generate(layout: &Layout, config: &GenerateConfig, first: u64, count: u64) -> Result<bool> {
    Ok(runs::generate(layout, config, first, count).failures == 0)
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
    let lines: Vec<(usize, &str)> = lines.iter().map(|l| (l.number, l.text.as_str())).collect();
    Ok(runs::partition(&lines, limit).failures == 0)
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
