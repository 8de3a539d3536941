//! `pseudoku`: solve, count, benchmark, fill and generate puzzles from the
//! command line. Thin glue over `pseudoku-core`: reading files, timing and
//! printing live here, everything else in the engine.

// tidy: long because clap's argument types for all sixteen commands live here
// beside their dispatch; the work of each command is in its own file.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::json;

use pseudoku_core::format::line;
use pseudoku_core::generate::{self, GenerateConfig, Symmetry};
use pseudoku_core::layout::Layout;
use pseudoku_core::logic;
use pseudoku_core::seed::{rng_from_seed, seed_from_text};
use pseudoku_core::solver::Count;
use pseudoku_core::symbol::Symbol;

mod bench;
mod book;
mod budget;
mod deduce;
mod grids;
mod import_bench;
mod input;
mod pseudoku;
mod rate;

use budget::{default_budget, search_within, Status};
use input::{parse_boxes, read_lines, read_variant, Layouts};

#[derive(Parser)]
#[command(
    name = "pseudoku",
    version,
    about = "Solve, count, fill and generate sudoku-family puzzles",
    after_help = "Exit status: 0 when every line was handled (unsolvable puzzles included), 1 when a line was an error \
                  (for bench: a result failed its check), 2 when the command could not run, 3 when a search passed \
                  --budget."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles, one per line: prints each solution, `unsolvable` or `error: …`. A puzzle whose search
    /// passes --budget nodes gets an `error:` line saying so, and the exit status is 3.
    Solve(Input),
    /// Rate puzzles, one per line, on the Sudoku Explainer scale: prints `<SE rating> <level> <hardest technique>`
    /// (`--json`: with every step). With --pseudoku: `<level> <score> <hardest technique>` per challenge.
    Rate(RateInput),
    /// The easiest next step of each grid (a puzzle line, entries included), as a sentence (`--json`: the step).
    /// With --pseudoku: the first step of each challenge.
    Hint(RateInput),
    /// Count the solutions of puzzles, one per line: prints a number or `>=LIMIT`. A count that passes --budget
    /// search nodes gets an `error:` line with the solutions found so far, and the exit status is 3.
    Count {
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        #[command(flatten)]
        input: Input,
    },
    /// Time the engine, checking every result: solve and prove unique every puzzle of FILE (default), or
    /// fill, generate, rate, count Pseudoku partitions or construct them.
    Bench(BenchArgs),
    /// Print random complete grids.
    Fill {
        #[command(flatten)]
        layout: LayoutArgs,
        #[command(flatten)]
        seeds: Seeds,
        /// Pre-placed symbols, in the line format of the layout.
        #[arg(long, value_name = "LINE")]
        given: Option<String>,
    },
    /// Print random puzzles with exactly one solution.
    Generate {
        #[command(flatten)]
        layout: LayoutArgs,
        #[command(flatten)]
        seeds: Seeds,
        /// Which cells are emptied together.
        #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
        symmetry: SymmetryArg,
        /// Remove givens until none can go (even past --givens). On grids larger than 9×9 each removal check has a
        /// node budget, fifteen times larger (with probing) in the last rounds with this; a given whose check runs
        /// out is kept, and standard error says how many were.
        #[arg(long)]
        minimal: bool,
        /// Stop removing once at most this many givens are left (standard error says so when no more can go first).
        #[arg(long, value_name = "G")]
        givens: Option<usize>,
        /// Search nodes allowed to decide whether one given can go (default: by size, none up to 9×9).
        #[arg(long, value_name = "NODES")]
        check_budget: Option<u64>,
        /// Threads for the checks of --minimal (default: one per core); the puzzles are the same for any number.
        #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=generate::MAX_THREADS as u64))]
        threads: Option<u64>,
        /// Make puzzles of this level, rated by the logical solver (each after a `# SE rating level technique`
        /// line): easy (SE up to 1.2), medium (2.4), hard (4.9), expert (6.9) or extreme (7.0 and up).
        #[arg(long, value_enum)]
        difficulty: Option<LevelArg>,
    },
    /// Count the partitions of Pseudoku instances (a grid, then walls `a-b`), one per line.
    Partition {
        /// Stop counting at this many answers.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// Print each answer after the count, as N² region labels.
        #[arg(long)]
        all: bool,
        /// Give up on an instance after this many search nodes (an `error:` line; the exit status is then 3).
        #[arg(long, value_name = "NODES")]
        budget: Option<u64>,
        /// Instances one per line (standard input when absent).
        file: Option<PathBuf>,
    },
    /// Make Pseudoku instances with exactly one answer.
    Construct {
        /// N, the side of the grid (4 to 35).
        #[arg(long, value_name = "N")]
        size: usize,
        /// The level a person needs to solve it, as `rate --pseudoku` rates it: easy, medium, hard, expert, extreme
        /// or needs-guessing (walls are added to a minimal set until the level is reached).
        #[arg(long, value_enum, conflicts_with = "walls")]
        difficulty: Option<PseudokuLevel>,
        /// Instead of a level, how many walls: hard has a minimal set of walls, medium (the default) and easy add
        /// walls on the answer's contested borders.
        #[arg(long, value_enum)]
        walls: Option<DifficultyArg>,
        #[command(flatten)]
        seeds: Seeds,
    },
    /// Print a share link for each Pseudoku instance (a grid, then walls `a-b`), one per line; with --decode, print
    /// the instance of each link.
    Link {
        /// Links that open the puzzle to edit (`#e=`) instead of to play (`#p=`).
        #[arg(long)]
        edit: bool,
        /// The address of the web app (anything from a `#` on is dropped).
        #[arg(long, value_name = "URL", default_value = "http://127.0.0.1:8080/")]
        base: String,
        /// The title every link carries.
        #[arg(long, value_name = "T")]
        title: Option<String>,
        /// The author every link carries.
        #[arg(long, value_name = "A")]
        author: Option<String>,
        /// The lines are sudoku puzzles in the line format (layout inferred from the length), not Pseudoku instances.
        #[arg(long)]
        sudoku: bool,
        /// The lines are sudoku puzzles of this variant file's layout; with no FILE, the variant file's own puzzle.
        #[arg(long, value_name = "FILE")]
        variant: Option<PathBuf>,
        /// Print the puzzle of each link instead (a whole link, its fragment `#p=…` or `#e=…`, or just the text
        /// after `=`): a Pseudoku instance after `# title:` and `# author:` lines when it has them; a sudoku as its
        /// line, after `# title:`, `# author:` and `# rules:` lines, or as a variant file when its layout is not a
        /// plain square grid.
        #[arg(long, value_name = "URL", num_args = 1.., conflicts_with_all = ["edit", "base", "title", "author", "file", "sudoku", "variant"])]
        decode: Vec<String>,
        /// Print f-puzzles links (`https://www.f-puzzles.com/?load=…`) of sudoku lines or of --variant FILE.
        #[arg(long, conflicts_with_all = ["edit", "sudokupad"])]
        fpuzzles: bool,
        /// Print SudokuPad links (`https://sudokupad.app/fpuzzles…`) of sudoku lines or of --variant FILE.
        #[arg(long, conflicts_with = "edit")]
        sudokupad: bool,
        /// Instances one per line (standard input when absent).
        file: Option<PathBuf>,
    },
    /// Print the puzzle of an f-puzzles or SudokuPad link, or of a file of f-puzzles JSON or a link: its line, or a
    /// variant file when its layout is not a plain square grid (as `link --decode`); exit 1 with the reason when
    /// the puzzle has rules Pseudoku does not play.
    Import {
        /// The link, or a FILE holding the link or the JSON.
        source: String,
    },
    /// Write a print-ready HTML book of K puzzles (SVG, a few per page) with their answers at the end.
    Book {
        #[command(flatten)]
        layout: LayoutArgs,
        #[command(flatten)]
        seeds: Seeds,
        /// The puzzles' level (sudokus: easy to extreme; Pseudoku: easy, medium or hard walls).
        #[arg(long, value_enum)]
        difficulty: Option<LevelArg>,
        /// Pseudoku challenges (an N×N grid with walls, --size N) instead of sudokus.
        #[arg(long)]
        pseudoku: bool,
        /// The book's title.
        #[arg(long, default_value = "Pseudoku puzzles")]
        title: String,
    },
    /// Print the canonical form of 9×9 grids or puzzles (equal for equivalent ones).
    Canon {
        /// Grids one per line (standard input when absent).
        file: Option<PathBuf>,
    },
    /// Print grids as `Row,Col,Box,Symbol` tables (a design, as sudokuAlt's designGame).
    Design {
        /// Grids one per line (standard input when absent).
        file: Option<PathBuf>,
    },
    /// Check a variant file and print it back (normalised), or as JSON.
    Show {
        /// The variant file.
        file: PathBuf,
        /// Print JSON: the layout's description and the givens (1-based numbers, null for empty).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
struct Input {
    /// Puzzles one per line (standard input when absent). Blank lines and `#` lines are skipped.
    file: Option<PathBuf>,
    /// A variant file whose layout every line has (cells in layout order). When it has givens
    /// and no FILE is given, its own puzzle is read instead of standard input.
    #[arg(long)]
    variant: Option<PathBuf>,
    /// Print one JSON object per line: `{"line":3,"status":"solved","solution":"…"}`, `"status":"unsolvable"`,
    /// `"status":"error"` with `"error"`, or for count `{"line":3,"count":12,"exact":true}` (false at the limit).
    #[arg(long)]
    json: bool,
    /// Give up on a puzzle after this many search nodes (a node is one guess): its line says so, and the exit
    /// status is 3 (1 when a line is an error for another reason). Default: 10,000,000 on a 9×9 and fewer on
    /// larger grids, whose nodes cost more (10,000,000 × (81 / cells)², at least 100): seconds of work at any
    /// size. Rating and hints search only to check the solutions; their logic is not counted.
    #[arg(long, value_name = "NODES", value_parser = clap::value_parser!(u64).range(1..))]
    budget: Option<u64>,
}

impl Input {
    /// The node budget for a puzzle of `layout`: `--budget`, or the default.
    fn budget(&self, layout: &Layout) -> u64 {
        self.budget.unwrap_or_else(|| default_budget(layout.cell_count()))
    }
}

#[derive(Args)]
struct RateInput {
    #[command(flatten)]
    input: Input,
    /// The lines are Pseudoku challenges (a grid, then walls `a-b`, cells numbered from 0 row by row), rated as a
    /// person solves them; `--json` gives `solved`, `level`, `score`, `hardest` and the `steps`.
    #[arg(long, conflicts_with = "variant")]
    pseudoku: bool,
}

/// A Pseudoku challenge's level (`pseudoku_core::deduce::Level`). A copy of its names on purpose, as `LevelArg` is
/// of `logic::Level`'s: clap's `ValueEnum` stays in the CLI, and the engine knows nothing of argument parsing.
#[derive(Clone, Copy, ValueEnum)]
enum PseudokuLevel {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
    NeedsGuessing,
}

impl From<PseudokuLevel> for pseudoku_core::deduce::Level {
    fn from(l: PseudokuLevel) -> Self {
        match l {
            PseudokuLevel::Easy => Self::Easy,
            PseudokuLevel::Medium => Self::Medium,
            PseudokuLevel::Hard => Self::Hard,
            PseudokuLevel::Expert => Self::Expert,
            PseudokuLevel::Extreme => Self::Extreme,
            PseudokuLevel::NeedsGuessing => Self::NeedsGuessing,
        }
    }
}

#[derive(Args)]
struct BenchArgs {
    /// Puzzles one per line (with --what partition: Pseudoku instances).
    file: Option<PathBuf>,
    /// What to time.
    #[arg(long, value_enum, default_value_t = BenchWhat::Solve)]
    what: BenchWhat,
    /// The grid of --what fill or generate (the layout of FILE's lines for --what solve).
    #[command(flatten)]
    layout: LayoutArgs,
    /// Grids or puzzles to make (--what fill or generate); item i uses seed S + i.
    #[arg(long, value_name = "K", default_value_t = 100)]
    count: u64,
    /// The first seed (a number or any text).
    #[arg(long, value_name = "S", default_value = "1")]
    seed: String,
    /// --what partition counts answers up to this many (2 decides uniqueness).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    // `generate`'s options again, each saying which `--what` it serves: the two help texts differ.
    /// --what generate makes minimal puzzles, as `generate --minimal` does.
    #[arg(long)]
    minimal: bool,
    /// --what generate: the node budget of each removal check, as `generate --check-budget`.
    #[arg(long, value_name = "NODES")]
    check_budget: Option<u64>,
    /// --what generate: threads for the checks of --minimal, as `generate --threads` (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=generate::MAX_THREADS as u64))]
    threads: Option<u64>,
    /// --what generate: puzzles of this level, as `generate --difficulty`; --what construct: easy, medium
    /// (the default) or hard.
    #[arg(long, value_enum)]
    difficulty: Option<LevelArg>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BenchWhat {
    /// Solve each puzzle of FILE and prove it unique.
    Solve,
    /// Fill blank grids.
    Fill,
    /// Generate puzzles with one solution (as `generate`; with --minimal, as `generate --minimal`).
    Generate,
    /// Count the answers of each Pseudoku instance of FILE (up to --limit).
    Partition,
    /// Rate every puzzle of FILE with the logical solver (lines may carry a reference rating: `hash puzzle rating`,
    /// as in the rated sets, and are then compared with it).
    Rate,
    /// Construct Pseudoku instances with exactly one answer (--size N, --difficulty).
    Construct,
    /// Decode each link of FILE (one per line: an address, a fragment or the bare text) as `link --decode` does,
    /// three times each: its outcome and worst time. Without FILE, the hostile links of issue 26 (boards of
    /// hundreds of grids, megabyte fragments) and the largest that are still accepted.
    Link,
    /// Rate every Pseudoku challenge of FILE as a person solves it, and time its first hint.
    RatePseudoku,
    /// Read each f-puzzles or SudokuPad link of FILE (one per line) as `import` does, three times each: its outcome
    /// and worst time. Without FILE, lz-string data built to unpack to the most a link of 4, 8, 16 and 32 KiB can
    /// hold, and the largest still read; the 32 KiB one is unpacked by lz-str alone (no cap) too.
    Import,
}

#[derive(Args)]
struct LayoutArgs {
    /// The number of symbols N of an N×N grid.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// The box shape RxC (R rows, C columns), or `none` (default: the squarest boxes; none for prime N).
    #[arg(long, value_name = "RxC")]
    boxes: Option<String>,
    /// A variant file giving the layout (its givens, if any, are pre-placed).
    #[arg(long)]
    variant: Option<PathBuf>,
}

#[derive(Args)]
struct Seeds {
    /// A number, or any text (hashed). Item i of --count uses the seed S + i. Default: from the clock.
    #[arg(long, value_name = "S")]
    seed: Option<String>,
    /// How many to make.
    #[arg(long, value_name = "K", default_value_t = 1)]
    count: u64,
}

#[derive(Clone, Copy, ValueEnum)]
enum DifficultyArg {
    Easy,
    Medium,
    Hard,
}

impl From<DifficultyArg> for pseudoku_core::partition::Difficulty {
    fn from(d: DifficultyArg) -> Self {
        match d {
            DifficultyArg::Easy => Self::Easy,
            DifficultyArg::Medium => Self::Medium,
            DifficultyArg::Hard => Self::Hard,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum SymmetryArg {
    None,
    Rot180,
    Mirror,
    Diagonal,
}

impl From<SymmetryArg> for Symmetry {
    fn from(s: SymmetryArg) -> Symmetry {
        match s {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        }
    }
}

/// True when `e` is a write to a pipe whose reader has gone (`pseudoku …
/// | head`): the output was not wanted any further, which is no error.
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe))
}

fn main() -> ExitCode {
    // A report printed with `println!` into a closed pipe panics; end
    // quietly instead, as the commands that write through `io::Write` do.
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info);
    }));
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(input) => solve(&input),
        Command::Rate(RateInput { input, pseudoku: true }) => {
            deduce::rate(input.file.as_deref(), input.json).map(Status::from)
        }
        Command::Hint(RateInput { input, pseudoku: true }) => {
            deduce::hint(input.file.as_deref(), input.json).map(Status::from)
        }
        Command::Rate(RateInput { input, .. }) => rate(&input),
        Command::Hint(RateInput { input, .. }) => hint(&input),
        Command::Count { limit, input } => count(&input, limit),
        Command::Partition { limit, all, budget, file } => pseudoku::partition(file.as_deref(), limit, all, budget),
        other => run(other).map(Status::from),
    };
    match result {
        Ok(Status::Done) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Ok(Status::OutOfBudget) => ExitCode::from(3),
        Err(e) if broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Runs the commands that end in success or failure only.
fn run(command: Command) -> Result<bool> {
    match command {
        Command::Solve(_) | Command::Rate(_) | Command::Hint(_) | Command::Count { .. } | Command::Partition { .. } => {
            unreachable!("run by main")
        }
        Command::Bench(args) => bench(&args),
        Command::Fill { layout, seeds, given } => fill(&layout, &seeds, given.as_deref()),
        Command::Generate { layout, seeds, symmetry, minimal, givens, check_budget, threads, difficulty } => {
            let threads = threads_or_cores(threads);
            let config =
                GenerateConfig { symmetry: symmetry.into(), minimal, target_givens: givens, check_budget, threads };
            match difficulty {
                Some(level) => generate_rated(&layout, &seeds, &config, level.into()),
                None => generate(&layout, &seeds, &config),
            }
        }
        Command::Show { file, json } => show(&file, json),
        Command::Construct { size, difficulty: Some(level), seeds, .. } => {
            deduce::construct(size, level.into(), first_seed(&seeds), seeds.count)
        }
        Command::Construct { size, walls, seeds, .. } => {
            let walls = walls.unwrap_or(DifficultyArg::Medium);
            pseudoku::construct(size, walls.into(), first_seed(&seeds), seeds.count)
        }
        Command::Link { edit, base, title, author, sudoku, variant, decode, file, fpuzzles, sudokupad } => {
            let target = if fpuzzles {
                pseudoku::Target::Fpuzzles
            } else if sudokupad {
                pseudoku::Target::Sudokupad
            } else if edit {
                pseudoku::Target::Edit
            } else {
                pseudoku::Target::Play
            };
            if sudoku || variant.is_some() || fpuzzles || sudokupad {
                pseudoku::sudoku_links(file.as_deref(), variant.as_deref(), &base, target, title.unwrap_or_default())
            } else if decode.is_empty() {
                pseudoku::link(file.as_deref(), &base, edit, title.unwrap_or_default(), author.unwrap_or_default())
            } else {
                pseudoku::decode_links(&decode)
            }
        }
        Command::Book { layout, seeds, difficulty, pseudoku, title } => {
            book(&layout, &seeds, difficulty, pseudoku, &title)
        }
        Command::Import { source } => pseudoku::import(&source),
        Command::Canon { file } => grids::canon(file.as_deref()),
        Command::Design { file } => grids::design(file.as_deref()),
    }
}

/// What happened to one input line.
enum Outcome {
    Solved(String),
    Unsolvable,
    Counted(Count),
    /// A rating: the line and, for `--json`, the whole object.
    Rated(String, serde_json::Value),
    Error(String),
    /// The search passed the node budget with this many solutions found.
    GaveUp {
        nodes: u64,
        found: u64,
    },
}

/// Runs `work` on every puzzle of the input and prints one line each.
/// Returns false when any line was an error.
fn each_puzzle(
    input: &Input,
    mut work: impl FnMut(&Layout, &mut pseudoku_core::solver::Solver, &[Option<Symbol>]) -> Outcome,
) -> Result<Status> {
    let variant = input.variant.as_deref().map(read_variant).transpose()?;
    let mut layouts = Layouts::new(variant.as_ref());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    let mut gave_up = false;
    let own = variant.as_ref().and_then(|v| v.givens().map(|g| g.to_vec())).filter(|_| input.file.is_none());
    let lines = match &own {
        Some(_) => Vec::new(),
        None => read_lines(input.file.as_deref())?,
    };
    // `number` is the input line, `None` for the variant file's own puzzle.
    let mut emit = |number: Option<usize>, outcome: Outcome, out: &mut dyn Write| -> Result<()> {
        match outcome {
            Outcome::Error(_) => all_ok = false,
            Outcome::GaveUp { .. } => gave_up = true,
            _ => {}
        }
        if input.json {
            let value = match outcome {
                Outcome::Solved(s) => json!({ "line": number, "status": "solved", "solution": s }),
                Outcome::Unsolvable => json!({ "line": number, "status": "unsolvable" }),
                Outcome::Counted(c) => {
                    json!({ "line": number, "count": c.found(), "exact": matches!(c, Count::Exact(_)) })
                }
                Outcome::Rated(_, mut value) => {
                    value["line"] = json!(number);
                    value
                }
                Outcome::Error(e) => json!({ "line": number, "status": "error", "error": e }),
                Outcome::GaveUp { nodes, found } => {
                    json!({ "line": number, "status": "out of budget", "nodes": nodes, "found": found })
                }
            };
            writeln!(out, "{value}")?;
        } else {
            match outcome {
                Outcome::Solved(s) => writeln!(out, "{s}")?,
                Outcome::Unsolvable => writeln!(out, "unsolvable")?,
                Outcome::Counted(c) => writeln!(out, "{c}")?,
                Outcome::Rated(text, _) => writeln!(out, "{text}")?,
                Outcome::Error(e) => match number {
                    Some(n) => writeln!(out, "error: line {n}: {e}")?,
                    None => writeln!(out, "error: {e}")?,
                },
                Outcome::GaveUp { nodes, found } => {
                    let place = number.map_or(String::new(), |n| format!("line {n}: "));
                    let solutions = if found == 1 { "solution" } else { "solutions" };
                    writeln!(
                        out,
                        "error: {place}gave up after {nodes} search nodes, {found} {solutions} found \
                         (a larger --budget searches further)"
                    )?
                }
            }
        }
        Ok(())
    };
    if let (Some(givens), Some(v)) = (&own, &variant) {
        let layout = v.layout();
        let mut solver = pseudoku_core::solver::Solver::new(layout);
        let outcome = work(layout, &mut solver, givens);
        emit(None, outcome, &mut out)?;
    }
    for line in &lines {
        let outcome = match layouts.parse(&line.text) {
            Ok((layout, solver, givens)) => work(layout, solver, &givens),
            Err(e) => Outcome::Error(e.to_string()),
        };
        emit(Some(line.number), outcome, &mut out)?;
    }
    out.flush()?;
    Ok(match (all_ok, gave_up) {
        (false, _) => Status::Failed,
        (true, true) => Status::OutOfBudget,
        (true, false) => Status::Done,
    })
}

fn solve(input: &Input) -> Result<Status> {
    each_puzzle(input, |layout, solver, givens| match search_within(solver, givens, 1, input.budget(layout)) {
        Ok((_, Some(solution))) => Outcome::Solved(line::write_solution(layout, &solution)),
        Ok((_, None)) => Outcome::Unsolvable,
        Err(gave_up) => gave_up,
    })
}

/// `rate`: `<SE> <level> <hardest technique>` per puzzle.
fn rate(input: &Input) -> Result<Status> {
    each_puzzle(input, |layout, solver, givens| {
        match search_within(solver, givens, 1, input.budget(layout)) {
            Ok((0, _)) => return Outcome::Error("the puzzle has no solution".into()),
            Ok(_) => {}
            Err(gave_up) => return gave_up,
        }
        match logic::rate(layout, givens) {
            Ok(r) => {
                let hardest = r.hardest.map_or("none".to_owned(), |t| t.to_string());
                // A rating the rater stopped short of is a lower bound: "≥11.0".
                let at_least = if r.at_least && r.level == logic::Level::Beyond { "≥" } else { "" };
                let text = format!("{at_least}{:.1} {} {hardest}", r.se, r.level);
                let steps: Vec<serde_json::Value> = r.steps.iter().map(|s| step_json(layout, s)).collect();
                let value = json!({ "se": (f64::from(r.se) * 10.0).round() / 10.0, "level": r.level.name(), "hardest": hardest,
                                    "solved": r.solved, "at_least": r.at_least, "steps": steps });
                Outcome::Rated(text, value)
            }
            Err(e) => Outcome::Error(e.to_string()),
        }
    })
}

/// `hint`: the easiest next step of each grid, as a sentence. The
/// uniqueness techniques take part when the grid has one solution.
fn hint(input: &Input) -> Result<Status> {
    each_puzzle(input, |layout, solver, givens| {
        match search_within(solver, givens, 2, input.budget(layout)) {
            Ok((0, _)) => return Outcome::Error("no solution from here: some entry is wrong".into()),
            Ok(_) => {}
            Err(gave_up) => return gave_up,
        }
        // The rater's first step: the easiest, nested forcing chains
        // included (on a grid with one solution, within the default budget).
        let mut rater = match logic::Rater::new(layout, givens, logic::RateConfig::default()) {
            Ok(r) => r,
            Err(e) => return Outcome::Error(e.to_string()),
        };
        let step = rater.step().cloned();
        let solved = givens.iter().all(Option::is_some);
        match step {
            Some(step) => Outcome::Rated(step.explain(layout), step_json(layout, &step)),
            None if solved => Outcome::Rated("solved".into(), json!({ "solved": true })),
            None => Outcome::Rated(
                "no step: this needs a technique the solver does not know (or a guess)".into(),
                json!({ "solved": false, "step": null }),
            ),
        }
    })
}

/// A step as JSON: technique, rating, sentence, what it changes, and what
/// a drawing needs: the pattern's cells, symbols and houses, and a chain's
/// links in order, each with its kind (`weak`, `strong` or `pattern`).
fn step_json(layout: &Layout, step: &logic::Step) -> serde_json::Value {
    let candidate = |(c, s): (pseudoku_core::layout::CellId, Symbol)| json!({ "cell": logic::cell_name(layout, c), "symbol": s.to_string() });
    let cells = |list: &[(pseudoku_core::layout::CellId, Symbol)]| -> Vec<serde_json::Value> {
        list.iter().map(|&x| candidate(x)).collect()
    };
    let links: Vec<serde_json::Value> = step
        .links
        .iter()
        .map(|l| json!({ "from": candidate(l.from), "to": candidate(l.to), "kind": l.kind.name() }))
        .collect();
    json!({
        "technique": step.technique.name(),
        "rating": (f64::from(step.rating) * 10.0).round() / 10.0,
        "explanation": step.explain(layout),
        "placements": cells(&step.placements),
        "eliminations": cells(&step.eliminations),
        "cells": step.cells.iter().map(|&c| logic::cell_name(layout, c)).collect::<Vec<_>>(),
        "symbols": step.symbols.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "houses": step.houses.iter().map(|&h| logic::house_name(layout, h)).collect::<Vec<_>>(),
        "links": links,
        "complexity": step.complexity,
    })
}

fn count(input: &Input, limit: u64) -> Result<Status> {
    each_puzzle(input, |layout, solver, givens| match solver.count_within(givens, limit, Some(input.budget(layout))) {
        Count::GaveUp { nodes, found } => Outcome::GaveUp { nodes, found },
        count => Outcome::Counted(count),
    })
}

fn bench(args: &BenchArgs) -> Result<bool> {
    let first = seed_from_text(&args.seed);
    let file = || args.file.as_deref().context("say which FILE to time");
    match args.what {
        BenchWhat::Solve => bench::solve(file()?, args.layout.variant.as_deref()),
        BenchWhat::Partition => bench::partition(file()?, args.limit),
        BenchWhat::Rate => rate::bench_rate(file()?),
        BenchWhat::Link => bench::link(args.file.as_deref()),
        BenchWhat::RatePseudoku => deduce::bench_rate(file()?),
        BenchWhat::Import => import_bench::import_links(args.file.as_deref()),
        BenchWhat::Construct => {
            let size = args.layout.size.context("say which size to construct: --size N")?;
            let difficulty = match args.difficulty {
                Some(LevelArg::Easy) => DifficultyArg::Easy,
                Some(LevelArg::Medium) | None => DifficultyArg::Medium,
                Some(LevelArg::Hard) => DifficultyArg::Hard,
                Some(_) => bail!("--what construct takes --difficulty easy, medium or hard"),
            };
            bench::construct(size, difficulty.into(), first, args.count)
        }
        BenchWhat::Fill => {
            let (layout, _) = layout_of(&args.layout)?;
            bench::fill(&layout, first, args.count)
        }
        BenchWhat::Generate => {
            let (layout, _) = layout_of(&args.layout)?;
            let config = GenerateConfig {
                minimal: args.minimal,
                check_budget: args.check_budget,
                threads: threads_or_cores(args.threads),
                ..GenerateConfig::default()
            };
            match args.difficulty {
                Some(level) => bench::generate_rated(&layout, &config, level.into(), first, args.count),
                None => bench::generate(&layout, &config, first, args.count),
            }
        }
    }
}

/// `--threads`, or one thread per core (at most [`generate::MAX_THREADS`]).
fn threads_or_cores(threads: Option<u64>) -> usize {
    let cores = || std::thread::available_parallelism().map_or(1, usize::from);
    threads.map_or_else(cores, |t| t as usize).min(generate::MAX_THREADS)
}

/// The layout of `fill`/`generate`, and the givens its variant file brings.
fn layout_of(args: &LayoutArgs) -> Result<(Layout, Option<Vec<Option<Symbol>>>)> {
    if let Some(path) = &args.variant {
        if args.boxes.is_some() {
            bail!("--boxes cannot be used with --variant: the variant file says how the grid is divided");
        }
        let variant = read_variant(path)?;
        if let Some(size) = args.size.filter(|&n| n != variant.layout().size()) {
            bail!("--size {size} disagrees with {}, which has {} symbols", path.display(), variant.layout().size());
        }
        let givens = variant.givens().map(<[_]>::to_vec);
        return Ok((variant.layout().clone(), givens));
    }
    let boxes = args.boxes.as_deref().map(parse_boxes).transpose()?;
    let size = match (args.size, boxes) {
        (Some(n), _) => n,
        (None, Some(Some((r, c)))) => r * c,
        _ => bail!("say which grid: --size N (with --boxes RxC if need be) or --variant FILE"),
    };
    let layout = match boxes {
        None => line::square_layout(size)?,
        Some(None) => Layout::latin(size)?,
        Some(Some((r, c))) => {
            if r.checked_mul(c) != Some(size) {
                bail!("--boxes {r}x{c} holds {} cells, but --size is {size}", r.saturating_mul(c));
            }
            Layout::boxed(r, c)?
        }
    };
    Ok((layout, None))
}

fn first_seed(seeds: &Seeds) -> u64 {
    match &seeds.seed {
        Some(text) => seed_from_text(text),
        None => {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
            let seed = now.as_nanos() as u64;
            eprintln!("seed: {seed}");
            seed
        }
    }
}

fn fill(args: &LayoutArgs, seeds: &Seeds, given: Option<&str>) -> Result<bool> {
    let (layout, variant_givens) = layout_of(args)?;
    let givens = match given {
        Some(text) => line::parse(&layout, text).context("in --given")?,
        None => variant_givens.unwrap_or_else(|| vec![None; layout.cell_count()]),
    };
    let first = first_seed(seeds);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut solver = pseudoku_core::solver::Solver::new(&layout);
    let budget = generate::FillBudget::for_layout(&layout);
    for i in 0..seeds.count {
        let seed = first.wrapping_add(i);
        let grid = generate::fill_with(&mut solver, &layout, &givens, &mut rng_from_seed(seed), budget)
            .with_context(|| format!("cannot fill a grid (seed {seed})"))?;
        writeln!(out, "{}", line::write_solution(&layout, &grid))?;
    }
    out.flush()?;
    Ok(true)
}

fn generate(args: &LayoutArgs, seeds: &Seeds, config: &GenerateConfig) -> Result<bool> {
    let (layout, _) = layout_of(args)?;
    let first = first_seed(seeds);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for i in 0..seeds.count {
        let seed = first.wrapping_add(i);
        let puzzle = generate::generate(&layout, config, seed)
            .with_context(|| format!("cannot generate a puzzle (seed {seed})"))?;
        writeln!(out, "{}", line::write(&layout, &puzzle.givens))?;
        if let Some(warning) = shortfall(config, &puzzle) {
            out.flush()?;
            eprintln!("seed {seed}: {warning}");
        }
    }
    out.flush()?;
    Ok(true)
}

/// `generate --difficulty`: puzzles of one level, each after its rating.
fn generate_rated(args: &LayoutArgs, seeds: &Seeds, config: &GenerateConfig, level: logic::Level) -> Result<bool> {
    let (layout, _) = layout_of(args)?;
    let first = first_seed(seeds);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for i in 0..seeds.count {
        let seed = first.wrapping_add(i);
        let made = generate::generate_rated(&layout, config, level, seed)
            .with_context(|| format!("cannot generate a puzzle (seed {seed})"))?;
        let r = &made.rating;
        let hardest = r.hardest.map_or("none".to_owned(), |t| t.to_string());
        writeln!(out, "# SE {:.1} {} {hardest}", r.se, r.level)?;
        writeln!(out, "{}", line::write(&layout, &made.generated.givens))?;
        out.flush()?;
    }
    Ok(true)
}

/// `book`: the puzzles and their answers as one HTML file on standard output.
fn book(args: &LayoutArgs, seeds: &Seeds, level: Option<LevelArg>, pseudoku: bool, title: &str) -> Result<bool> {
    let first = first_seed(seeds);
    let pages = if pseudoku {
        let size = args.size.context("say which size: --size N")?;
        let difficulty = match level {
            Some(LevelArg::Easy) => pseudoku_core::partition::Difficulty::Easy,
            Some(LevelArg::Medium) | None => pseudoku_core::partition::Difficulty::Medium,
            Some(_) => pseudoku_core::partition::Difficulty::Hard,
        };
        book::pseudoku_pages(size, difficulty, first, seeds.count)?
    } else {
        let (layout, _) = layout_of(args)?;
        let mut pages = Vec::new();
        for i in 0..seeds.count {
            let seed = first.wrapping_add(i);
            let (made, rating) = match level {
                Some(level) => {
                    let rated = generate::generate_rated(&layout, &GenerateConfig::default(), level.into(), seed)
                        .with_context(|| format!("cannot generate a puzzle (seed {seed})"))?;
                    let r = &rated.rating;
                    (rated.generated.clone(), format!(", {} (SE {:.1})", r.level, r.se))
                }
                None => (generate::generate(&layout, &GenerateConfig::default(), seed)?, String::new()),
            };
            pages.push(book::Page {
                title: format!("Puzzle {} (seed {seed}{rating})", i + 1),
                puzzle: book::sudoku_svg(&layout, &made.givens, None)?,
                answer: book::sudoku_svg(&layout, &made.givens, Some(&made.solution))?,
            });
        }
        pages
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    book::write_book(title, &pages, &mut out)?;
    out.flush()?;
    Ok(true)
}

/// A level of `generate --difficulty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LevelArg {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
}

impl From<LevelArg> for logic::Level {
    fn from(l: LevelArg) -> Self {
        match l {
            LevelArg::Easy => Self::Easy,
            LevelArg::Medium => Self::Medium,
            LevelArg::Hard => Self::Hard,
            LevelArg::Expert => Self::Expert,
            LevelArg::Extreme => Self::Extreme,
        }
    }
}

/// What a generated puzzle falls short of in what was asked: a minimal
/// puzzle whose checks ran out of budget, or more givens than `--givens`.
/// The puzzle still has exactly one solution.
fn shortfall(config: &GenerateConfig, puzzle: &generate::Generated) -> Option<String> {
    let left = puzzle.givens.iter().flatten().count();
    let why = match puzzle.undecided {
        0 => "none of them can go".to_string(),
        n => format!("{n} kept only because their check ran out of budget (a larger --check-budget decides more)"),
    };
    if config.minimal {
        (puzzle.undecided > 0).then(|| format!("{left} givens, maybe not minimal: {why}"))
    } else {
        let target = config.target_givens.filter(|&target| left > target)?;
        Some(format!("{left} givens, more than the {target} asked for: {why}"))
    }
}

fn show(file: &std::path::Path, as_json: bool) -> Result<bool> {
    let variant = read_variant(file)?;
    if as_json {
        let givens: Option<Vec<Option<usize>>> =
            variant.givens().map(|g| g.iter().map(|s| s.map(Symbol::number)).collect());
        let value = json!({ "spec": variant.spec(), "cells": variant.layout().cell_count(), "givens": givens });
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        print!("{variant}");
    }
    Ok(true)
}
