//! `peers`: the engine and a named peer timed on the same inputs in the same
//! run, every result checked. Run it as `cargo xtask bench ARGS…`, which
//! builds it in release.
//!
//! The engine's side is measured exactly as `pseudoku bench` measures it,
//! and prints the same lines (`pseudoku: …`), so the figures of the two
//! programs compare. The peers: Knuth's Algorithm X with dancing links
//! ([`Dlx`]) for solving, filling and generating; the candidate-region exact
//! cover ([`RegionCover`]) for counting Pseudoku answers. A peer that finds
//! another answer than the engine is reported as an `error:` line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::{Parser, ValueEnum};
use pseudoku_bench::dlx::Dlx;
use pseudoku_bench::regions::RegionCover;
use pseudoku_bench::sets::numbered_lines;
use pseudoku_core::format::{line, Variant};
use pseudoku_core::generate::{self, GenerateConfig};
use pseudoku_core::layout::Layout;
use pseudoku_core::seed::{rng_from_seed, seed_from_text, shuffle};
use pseudoku_core::solver::Solver;
use pseudoku_core::symbol::Symbol;
use pseudoku_measure::{compare, fail, runs, Timing};

/// Time the engine against a named peer in the same run, checking every result.
#[derive(Parser)]
#[command(name = "peers")]
struct Args {
    /// Puzzles one per line (with --what partition: Pseudoku instances).
    file: Option<PathBuf>,
    /// What to time.
    #[arg(long, value_enum, default_value_t = What::Solve)]
    what: What,
    /// The side N of the grids of --what fill or generate (boxes as square as can be; none for prime N).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// A variant file giving the layout: of FILE's lines (--what solve), or of the grids to make.
    #[arg(long, value_name = "FILE")]
    variant: Option<PathBuf>,
    /// Grids or puzzles to make (--what fill or generate); item i uses seed S + i.
    #[arg(long, value_name = "K", default_value_t = 100)]
    count: u64,
    /// The first seed (a number or any text).
    #[arg(long, value_name = "S", default_value = "1")]
    seed: String,
    /// Nodes the peer may spend on one grid of --what fill before it gives up (its time counts).
    #[arg(long, value_name = "NODES", default_value_t = 10_000_000)]
    peer_budget: u64,
    /// --what partition counts answers up to this many (2 decides uniqueness).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    // The generate options of `pseudoku bench` again: this program has its own parser, as it does not depend on the CLI.
    /// --what generate makes minimal puzzles, as `pseudoku generate --minimal` does.
    #[arg(long)]
    minimal: bool,
    /// --what generate: the node budget of each removal check, as `pseudoku generate --check-budget`.
    #[arg(long, value_name = "NODES")]
    check_budget: Option<u64>,
    /// --what generate: threads for the checks of --minimal (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=generate::MAX_THREADS as u64))]
    threads: Option<u64>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum What {
    /// Solve each puzzle of FILE and prove it unique; the peer counts its solutions up to 2.
    Solve,
    /// Fill blank grids; the peer fills with Algorithm X trying rows in a random order.
    Fill,
    /// Generate puzzles with one solution; the peer cuts the same grids, proving each removal.
    Generate,
    /// Count the answers of each Pseudoku instance of FILE (up to --limit); the peer covers the grid
    /// with candidate regions.
    Partition,
}

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<bool> {
    let first = seed_from_text(&args.seed);
    let file = || args.file.as_deref().context("say which FILE to time");
    let variant = args.variant.as_deref().map(read_variant).transpose()?;
    match args.what {
        What::Solve => solve(file()?, variant.as_ref().map(Variant::layout)),
        What::Partition => partition(file()?, args.limit),
        What::Fill => fill(&layout_of(args.size, variant.as_ref())?, first, args.count, args.peer_budget),
        What::Generate => {
            let cores = || std::thread::available_parallelism().map_or(1, usize::from);
            let config = GenerateConfig {
                minimal: args.minimal,
                check_budget: args.check_budget,
                threads: args.threads.map_or_else(cores, |t| t as usize).min(generate::MAX_THREADS),
                ..GenerateConfig::default()
            };
            generate(&layout_of(args.size, variant.as_ref())?, &config, first, args.count)
        }
    }
}

fn read_variant(path: &Path) -> Result<Variant> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Variant::parse(&text).with_context(|| format!("in {}", path.display()))
}

/// The layout of the grids to make: the variant file's, or the default `N × N`.
fn layout_of(size: Option<usize>, variant: Option<&Variant>) -> Result<Layout> {
    match (size, variant) {
        (None, Some(v)) => Ok(v.layout().clone()),
        (Some(n), None) => Ok(line::square_layout(n)?),
        (Some(_), Some(_)) => bail!("give --size N or --variant FILE, not both"),
        (None, None) => bail!("say which grid: --size N or --variant FILE"),
    }
}

/// Solves every puzzle of `file` (of `layout`, or of the layout its length
/// says), proves it unique and checks the answer; the peer counts the
/// solutions of the same puzzles up to 2.
fn solve(file: &Path, layout: Option<&Layout>) -> Result<bool> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let lines = numbered_lines(&text);
    if lines.is_empty() {
        bail!("{} holds no puzzle", file.display());
    }
    // A solver and a peer per layout, kept across puzzles.
    let mut engines: HashMap<usize, (Layout, Solver, Dlx)> = HashMap::new();
    let mut puzzles = Vec::new();
    let (mut times, mut failures) = (Vec::with_capacity(lines.len()), 0);
    for &(number, text) in &lines {
        let parsed = match layout {
            Some(layout) => line::parse(layout, text).map(|givens| (layout.clone(), givens)),
            None => line::parse_inferred(text).map(|p| (p.layout, p.givens)),
        };
        let (layout, givens) = match parsed {
            Ok(parsed) => parsed,
            Err(e) => {
                fail(&mut failures, format!("line {number}: {e}"));
                continue;
            }
        };
        let (layout, solver, _) = engines.entry(layout.cell_count()).or_insert_with(|| {
            let (solver, dlx) = (Solver::new(&layout), Dlx::new(&layout));
            (layout, solver, dlx)
        });
        let (time, problem) = runs::prove_unique(solver, layout, &givens);
        times.push(time);
        if let Some(problem) = problem {
            fail(&mut failures, format!("line {number}: {problem}"));
        }
        puzzles.push((number, givens));
    }
    let ours = runs::solved(lines.len(), failures, &mut times);
    let mut peer_times = Vec::with_capacity(puzzles.len());
    for (number, givens) in &puzzles {
        let (_, _, dlx) = engines.get_mut(&givens.len()).expect("a peer for every layout read");
        let t = Instant::now();
        let n = dlx.count(givens, 2, None);
        peer_times.push(t.elapsed());
        if n != 1 {
            println!("error: line {number}: the peer finds {n} solutions");
        }
    }
    println!("{}", compare("dlx", &ours, &Timing::of(&mut peer_times)));
    Ok(failures == 0)
}

/// Fills `count` blank grids of `layout` (seeds `first..`), checking each.
/// The peer fills with Algorithm X trying rows in a random order, given up
/// after `peer_budget` nodes per grid.
fn fill(layout: &Layout, first: u64, count: u64, peer_budget: u64) -> Result<bool> {
    let ours = runs::fill(layout, first, count);
    let mut dlx = Dlx::new(layout);
    let (mut peer_times, mut gave_up) = (Vec::new(), 0);
    for seed in first..first + count {
        let t = Instant::now();
        let grid = dlx.fill_random(&mut rng_from_seed(seed), peer_budget);
        peer_times.push(t.elapsed());
        gave_up += u64::from(grid.is_none());
    }
    if gave_up > 0 {
        println!("dlx (peer): gave up on {gave_up} of {count} grids after {peer_budget} nodes (their time counts)");
    }
    println!("{}", compare("dlx", &ours.timing, &Timing::of(&mut peer_times)));
    Ok(ours.failures == 0)
}

/// Generates `count` puzzles of `layout` (seeds `first..`), re-checking each
/// unique. The peer cuts the same grids in the same random way, proving each
/// removal with Algorithm X (counting to 2).
fn generate(layout: &Layout, config: &GenerateConfig, first: u64, count: u64) -> Result<bool> {
    let ours = runs::generate(layout, config, first, count);
    let mut dlx = Dlx::new(layout);
    let mut peer_times = Vec::new();
    for (seed, solution) in &ours.made {
        let t = Instant::now();
        let mut givens: Vec<Option<Symbol>> = solution.iter().copied().map(Some).collect();
        let mut order: Vec<usize> = (0..givens.len()).collect();
        shuffle(&mut order, &mut rng_from_seed(*seed));
        for c in order {
            givens[c] = None;
            if dlx.count(&givens, 2, None) != 1 {
                givens[c] = Some(solution[c]);
            }
        }
        peer_times.push(t.elapsed());
    }
    println!("{}", compare("dlx", &ours.timing, &Timing::of(&mut peer_times)));
    Ok(ours.failures == 0)
}

/// Steps the partition peer may take listing regions, and then covering
/// the grid with them, before it gives up.
const PEER_STEPS: u64 = 20_000_000;

/// Counts the answers of every Pseudoku instance of `file` up to `limit`
/// (2 decides uniqueness), as live counting in the editor does, and checks
/// each answer; the peer counts them by exact cover.
fn partition(file: &Path, limit: u64) -> Result<bool> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let lines = numbered_lines(&text);
    if lines.is_empty() {
        bail!("{} holds no instance", file.display());
    }
    let ours = runs::partition(&lines, limit);
    let (mut peer_times, mut gave_up): (Vec<Duration>, u64) = (Vec::new(), 0);
    for (number, instance, found) in &ours.made {
        let t = Instant::now();
        let count = RegionCover::new(instance, PEER_STEPS).and_then(|cover| cover.count(limit, PEER_STEPS));
        peer_times.push(t.elapsed());
        match count {
            None => gave_up += 1,
            Some(n) if n != *found => println!("error: line {number}: the peer counts {n} answers, not {found}"),
            Some(_) => {}
        }
    }
    if gave_up > 0 {
        println!("regions (peer): gave up on {gave_up} instances after {PEER_STEPS} steps (their time counts)");
    }
    println!("{}", compare("regions", &ours.timing, &Timing::of(&mut peer_times)));
    Ok(ours.failures == 0)
}
