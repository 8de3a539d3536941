//! The worker's side: runs one [`Request`] with the engine and posts its
//! replies. [`handle`] is plain Rust (tested natively); `run` (on wasm32) wires it to
//! the browser's `onmessage` inside the Web Worker.
//!
//! A long count posts [`Body::Progress`] every [`PROGRESS_NODES`] search
//! nodes. The worker cannot read a new message while it searches, so the
//! page cancels a search by terminating the worker and starting a new one
//! (`browser::EngineWorker`). What follows a count (explaining it, finding
//! redundant walls) is many short searches: [`handle`] returns them as a
//! [`Rest`], which the worker runs a slice at a time, reading its messages
//! in between, so a new request stops it without a new worker.

use pseudoku_core::format::{line, Variant};
use pseudoku_core::generate::{fill, GenerateConfig, GenerateError, Generator, Progress as GenProgress, Symmetry};
use pseudoku_core::layout::{CellId, Layout};
use pseudoku_core::logic::{self, Level};
use pseudoku_core::partition::{
    self, complete, trim_walls, wall_can_go, ConstructConfig, Difficulty, Edge, Explainer, Explanation, Flow, Instance,
    NoAnswerReason, Partition, Progress, SearchEnd, Sink, SolveConfig, Verdict,
};
use pseudoku_core::seed::rng_from_seed;
use pseudoku_core::solver::{Solver, Uniqueness};

use pseudoku_core::grid;

use crate::engine::wire::{
    Agreement, Body, CellsKind, HintWire, Job, Reply, Request, WireDifficulty, WireSymmetry, PROTOCOL,
};

/// The most answers one count sends back to show.
const MAX_KEPT: usize = 1000;

/// Search nodes between two progress reports.
pub const PROGRESS_NODES: u64 = 1 << 14;

/// Node budget of each of `explain`'s targeted searches (an edge whose
/// search runs out is left undecided), and of completion's searches.
const EXPLAIN_BUDGET: u64 = 200_000;
const COMPLETE_BUDGET: u64 = 20_000_000;

/// Runs `request`, posting each reply; the last has `last: true`.
pub fn handle(request: &Request, post: &mut dyn FnMut(Reply)) -> Option<Rest> {
    let id = request.id;
    let mut send = |last: bool, body: Body| post(Reply { id, last, body });
    if request.protocol != PROTOCOL {
        let message = format!("the worker speaks protocol {PROTOCOL}, not {}; reload the page", request.protocol);
        send(true, Body::Failed { message });
        return None;
    }
    match &request.job {
        Job::Analyse { instance, limit, keep } => match parse(instance) {
            Ok(instance) => return Some(analyse(id, instance, *limit, *keep, &mut send)),
            Err(message) => send(true, Body::Failed { message }),
        },
        Job::Complete { instance } => {
            let body = parse(instance).and_then(|i| {
                let done = complete(&i, Some(COMPLETE_BUDGET)).map_err(|e| format!("Could not complete: {e}."))?;
                Ok(Body::Instance { instance: done.instance.to_string(), changed: pairs(&done.added) })
            });
            send(true, body.unwrap_or_else(|message| Body::Failed { message }));
        }
        Job::Trim { instance } => {
            let body = parse(instance).and_then(|i| {
                let (fewer, removed) =
                    trim_walls(&i, Some(COMPLETE_BUDGET)).map_err(|e| format!("Could not remove walls: {e}."))?;
                Ok(Body::Instance { instance: fewer.to_string(), changed: pairs(&removed) })
            });
            send(true, body.unwrap_or_else(|message| Body::Failed { message }));
        }
        Job::Construct { size, difficulty, seed } => {
            let difficulty = match difficulty {
                WireDifficulty::Easy => Difficulty::Easy,
                WireDifficulty::Medium => Difficulty::Medium,
                WireDifficulty::Hard => Difficulty::Hard,
            };
            let config = ConstructConfig { difficulty, ..ConstructConfig::new(*size) };
            let body = match partition::construct(&config, *seed) {
                Ok(made) => Body::Instance { instance: made.instance.to_string(), changed: Vec::new() },
                Err(e) => Body::Failed { message: format!("Could not make a {size}×{size} challenge: {e}.") },
            };
            send(true, body);
        }
        Job::Fill { size, latin, seed } => send(true, fill_grid(*size, *latin, *seed)),
        Job::Solve { variant } => send(true, solve(variant)),
        Job::Generate { variant, symmetry, minimal, seed, level } => {
            let body = match level.as_deref().map(level_of) {
                Some(Some(level)) => generate_rated(variant, *symmetry, *seed, level),
                Some(None) => Body::Failed { message: format!("There is no level {:?}.", level) },
                None => generate(variant, *symmetry, *minimal, *seed, &mut |done, total| {
                    send(false, Body::Steps { done, total })
                }),
            };
            send(true, body);
        }
        Job::Rate { variant } => send(true, rate_variant(variant)),
        Job::Check { variant, givens, limit } => check_sudoku(variant, givens, *limit, &mut send),
        Job::MakeUnique { variant, givens } => send(true, finish_sudoku(variant, givens, true)),
        Job::Minimize { variant, givens } => send(true, finish_sudoku(variant, givens, false)),
        Job::Hint { variant, values, centre } => send(true, hint(variant, values, centre)),
        Job::Regions { size, walls, seed } => send(true, jigsaw_regions(*size, walls, *seed)),
    }
    None
}

/// Layouts [`Job::Regions`] draws before it gives up.
const REGION_ATTEMPTS: u32 = 20;

fn jigsaw_regions(size: usize, walls: &[(u32, u32)], seed: u64) -> Body {
    use pseudoku_core::layout::{random_regions_keeping, CellId};
    if !(2..=16).contains(&size) {
        return Body::Failed { message: format!("Regions are drawn from 2×2 to 16×16, not {size}×{size}.") };
    }
    let walls: Vec<(CellId, CellId)> = walls.iter().map(|&(a, b)| (CellId(a), CellId(b))).collect();
    let mut rng = rng_from_seed(seed);
    for _ in 0..REGION_ATTEMPTS {
        let Some(regions) = random_regions_keeping(size, &walls, &mut rng) else {
            let message = format!(
                "The walls drawn leave no way to finish {size} regions of {size} cells; erase some and try again."
            );
            return Body::Failed { message };
        };
        // Some layouts admit no grid at all: draw again.
        let Ok(layout) = Layout::jigsaw(size, &regions) else { continue };
        if fill(&layout, &vec![None; layout.cell_count()], &mut rng).is_ok() {
            return Body::Regions { regions: regions.into_iter().map(|r| r as u32).collect() };
        }
    }
    Body::Failed { message: "No layout of regions that keeps these walls could be filled; try another seed.".into() }
}

fn read_variant(text: &str) -> Result<Variant, String> {
    text.parse::<Variant>().map_err(|e| format!("The puzzle could not be read: {e}."))
}

/// A variant file and its givens (none when it has no `givens`).
fn variant_and_givens(text: &str) -> Result<(Variant, Vec<Option<pseudoku_core::symbol::Symbol>>), String> {
    let variant = read_variant(text)?;
    let givens = variant.givens().map_or_else(|| vec![None; variant.layout().cell_count()], <[_]>::to_vec);
    Ok((variant, givens))
}

fn solve(text: &str) -> Body {
    let (variant, givens) = match variant_and_givens(text) {
        Ok(read) => read,
        Err(message) => return Body::Failed { message },
    };
    let (layout, givens) = (variant.layout(), &givens[..]);
    let mut solver = Solver::new(layout);
    match solver.uniqueness(givens) {
        Uniqueness::Unique(solution) => {
            Body::Solved { solution: Some(line::write_solution(layout, &solution)), unique: true }
        }
        Uniqueness::Multiple => {
            let solution = solver.solve(givens).map(|s| line::write_solution(layout, &s));
            Body::Solved { solution, unique: false }
        }
        Uniqueness::None => Body::Solved { solution: None, unique: false },
    }
}

/// A layout's variant file and givens in the line format (repeats allowed).
fn layout_and_givens(
    text: &str,
    line_text: &str,
) -> Result<(Variant, Vec<Option<pseudoku_core::symbol::Symbol>>), String> {
    let variant = read_variant(text)?;
    let givens = line::read(variant.layout(), line_text).map_err(|e| format!("The givens could not be read: {e}."))?;
    Ok((variant, givens))
}

fn check_sudoku(text: &str, line_text: &str, limit: u64, send: &mut dyn FnMut(bool, Body)) {
    let (variant, givens) = match layout_and_givens(text, line_text) {
        Ok(v) => v,
        Err(message) => return send(true, Body::Failed { message }),
    };
    let layout = variant.layout();
    let conflicts = grid::conflicts(layout, &givens);
    if conflicts.iter().any(|&c| c) {
        send(false, Body::Counted { answers_found: 0, exact: true, answers: Vec::new() });
        let cells = (0..conflicts.len()).filter(|&c| conflicts[c]).map(|c| c as u32).collect();
        return send(true, Body::Cells { kind: CellsKind::Conflicts, cells });
    }
    struct Counter<'a> {
        found: u64,
        limit: u64,
        first: Vec<Vec<pseudoku_core::symbol::Symbol>>,
        send: &'a mut dyn FnMut(bool, Body),
    }
    impl pseudoku_core::search::Sink<[pseudoku_core::symbol::Symbol]> for Counter<'_> {
        fn found(&mut self, s: &[pseudoku_core::symbol::Symbol]) -> pseudoku_core::search::Flow {
            self.found += 1;
            if self.first.len() < 2 {
                self.first.push(s.to_vec());
            }
            if self.found >= self.limit {
                pseudoku_core::search::Flow::Stop
            } else {
                pseudoku_core::search::Flow::Continue
            }
        }
        fn progress(&mut self, p: pseudoku_core::search::Progress) -> pseudoku_core::search::Flow {
            (self.send)(false, Body::Progress { nodes: p.nodes, answers: p.found });
            pseudoku_core::search::Flow::Continue
        }
    }
    let mut solver = Solver::new(layout);
    let mut counter = Counter { found: 0, limit: limit.max(1), first: Vec::new(), send };
    let report = solver.search(&givens, pseudoku_core::solver::SearchOptions::default(), &mut counter);
    let (found, first) = (counter.found, counter.first);
    let exact = report.end == pseudoku_core::search::SearchEnd::Exhausted;
    send(false, Body::Counted { answers_found: found, exact, answers: Vec::new() });
    match found {
        0 => send(true, Body::Cells { kind: CellsKind::Conflicts, cells: Vec::new() }),
        1 => {
            let needless = pseudoku_core::generate::needless_givens(layout, &givens).unwrap_or_default();
            send(false, Body::Cells { kind: CellsKind::Needless, cells: needless.iter().map(|c| c.0).collect() });
            let rated = match variant.with_givens(Some(givens)) {
                Ok(v) => rate_variant(&v.to_string()),
                Err(e) => Body::Failed { message: e.to_string() },
            };
            send(true, rated);
        }
        _ => {
            let differ = (0..first[0].len()).find(|&c| first[0][c] != first[1][c]).map(|c| c as u32);
            send(true, Body::Cells { kind: CellsKind::Differ, cells: differ.into_iter().collect() });
        }
    }
}

/// Makes a sudoku unique (`unique`) or minimal, keeping its layout and name.
fn finish_sudoku(text: &str, line_text: &str, unique: bool) -> Body {
    let (variant, givens) = match layout_and_givens(text, line_text) {
        Ok(v) => v,
        Err(message) => return Body::Failed { message },
    };
    let layout = variant.layout();
    let done = if unique {
        pseudoku_core::generate::make_unique(layout, &givens)
    } else {
        pseudoku_core::generate::minimize(layout, &givens)
    };
    match done {
        Ok((givens, _)) => match variant.with_givens(Some(givens)) {
            Ok(v) => Body::Puzzle { variant: v.to_string() },
            Err(e) => Body::Failed { message: e.to_string() },
        },
        Err(e) => Body::Failed { message: format!("{}.", capitalised(&e.to_string())) },
    }
}

fn level_of(name: &str) -> Option<Level> {
    [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme].into_iter().find(|l| l.name() == name)
}

fn wire_symmetry(symmetry: WireSymmetry) -> Symmetry {
    match symmetry {
        WireSymmetry::None => Symmetry::None,
        WireSymmetry::Rot180 => Symmetry::Rot180,
        WireSymmetry::Mirror => Symmetry::Mirror,
        WireSymmetry::Diagonal => Symmetry::Diagonal,
    }
}

fn generate_rated(text: &str, symmetry: WireSymmetry, seed: u64, level: Level) -> Body {
    let variant = match read_variant(text) {
        Ok(v) => v,
        Err(message) => return Body::Failed { message },
    };
    let config = GenerateConfig { symmetry: wire_symmetry(symmetry), ..GenerateConfig::default() };
    match pseudoku_core::generate::generate_rated(variant.layout(), &config, level, seed) {
        Ok(made) => {
            let (mut spec, _, _) = variant.into_parts();
            if spec.name.is_none() {
                spec.name = Some(format!("{} {}", capitalised(level.name()), seed));
            }
            match Variant::new(spec, Some(made.generated.givens)) {
                Ok(v) => Body::Puzzle { variant: v.to_string() },
                Err(e) => Body::Failed { message: e.to_string() },
            }
        }
        Err(e) => Body::Failed { message: format!("Could not make a puzzle: {e}.") },
    }
}

/// The engine's messages (English) with a capital first letter.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| std::iter::once(c.to_ascii_uppercase()).chain(chars).collect()).unwrap_or_default()
}

fn rate_variant(text: &str) -> Body {
    let variant = match read_variant(text) {
        Ok(v) => v,
        Err(message) => return Body::Failed { message },
    };
    let blank = vec![None; variant.layout().cell_count()];
    match logic::rate(variant.layout(), variant.givens().unwrap_or(&blank)) {
        Ok(r) => Body::Rated {
            se_tenths: (r.se * 10.0).round() as u16,
            level: r.level.name().to_owned(),
            hardest: r.hardest.map_or("none".to_owned(), |t| t.to_string()),
        },
        Err(e) => Body::Failed { message: format!("This puzzle cannot be rated: {e}.") },
    }
}

/// The hint for a player's grid: wrong values first, then centre marks
/// that miss the answer, then the easiest step from the player's grid
/// (their marks standing for the candidates of the cells that have some).
fn hint(text: &str, values: &str, centre: &[u64]) -> Body {
    let (variant, givens) = match variant_and_givens(text) {
        Ok(read) => read,
        Err(message) => return Body::Failed { message },
    };
    let (layout, givens) = (variant.layout(), &givens[..]);
    let Some(solution) = Solver::new(layout).solve(givens) else {
        return Body::Failed { message: "This puzzle has no solution, so there is no hint.".into() };
    };
    let values = match line::read(layout, values) {
        Ok(v) => v,
        Err(e) => return Body::Failed { message: format!("The grid could not be read: {e}.") },
    };
    let wrong: Vec<u32> =
        (0..values.len()).filter(|&c| values[c].is_some_and(|v| v != solution[c])).map(|c| c as u32).collect();
    if !wrong.is_empty() {
        return Body::Hint(HintWire::Wrong { cells: wrong });
    }
    let missing: Vec<u32> = (0..values.len())
        .filter(|&c| {
            values[c].is_none() && centre.get(c).is_some_and(|&m| m != 0 && m & (1 << solution[c].index()) == 0)
        })
        .map(|c| c as u32)
        .collect();
    if !missing.is_empty() {
        return Body::Hint(HintWire::MarksMissing { cells: missing });
    }
    let marks: Vec<u64> =
        (0..values.len()).map(|c| centre.get(c).copied().filter(|&m| m != 0).unwrap_or(u64::MAX)).collect();
    let board = match logic::Board::new(layout, &values) {
        Ok(b) => b.with_marks(&marks),
        Err(e) => return Body::Failed { message: e.to_string() },
    };
    let Some(step) = logic::next_step(&board) else {
        return Body::Hint(if board.is_solved() { HintWire::Solved } else { HintWire::Stuck });
    };
    let house = step.houses.first().copied();
    let nudge = match house {
        Some(h) => format!("Look for a {} in {}.", step.technique, logic::house_name(layout, h)),
        None => format!("Look for a {}.", step.technique),
    };
    let pairs = |list: &[(pseudoku_core::layout::CellId, pseudoku_core::symbol::Symbol)]| {
        list.iter().map(|&(c, s)| (c.0, s.index() as u8)).collect()
    };
    Body::Hint(HintWire::Step {
        technique: step.technique.to_string(),
        nudge,
        sentence: step.explain(layout),
        cells: step.cells.iter().map(|c| c.0).collect(),
        house: house.map(|h| layout.house(h).cells.iter().map(|c| c.0).collect()).unwrap_or_default(),
        placements: pairs(&step.placements),
        eliminations: pairs(&step.eliminations),
    })
}

/// Removal checks per generator step between two progress reports.
const CHECKS_PER_STEP: u32 = 8;

fn generate(text: &str, symmetry: WireSymmetry, minimal: bool, seed: u64, progress: &mut dyn FnMut(u64, u64)) -> Body {
    let variant = match read_variant(text) {
        Ok(v) => v,
        Err(message) => return Body::Failed { message },
    };
    let config = GenerateConfig { symmetry: wire_symmetry(symmetry), minimal, ..GenerateConfig::default() };
    let failed = |e: GenerateError| Body::Failed { message: format!("Could not make a puzzle: {e}.") };
    let mut generator = match Generator::new(variant.layout(), &config, seed) {
        Ok(g) => g,
        Err(e) => return failed(e),
    };
    loop {
        match generator.step(CHECKS_PER_STEP) {
            Ok(GenProgress::Working { done, total, .. }) => progress(done as u64, total as u64),
            Ok(GenProgress::Done(made)) => {
                let (mut spec, _, _) = variant.into_parts();
                if spec.name.is_none() {
                    spec.name = Some(format!("Seed {seed}"));
                }
                return match Variant::new(spec, Some(made.givens)) {
                    Ok(v) => Body::Puzzle { variant: v.to_string() },
                    Err(e) => Body::Failed { message: e.to_string() },
                };
            }
            Err(e) => return failed(e),
        }
    }
}

fn parse(text: &str) -> Result<Instance, String> {
    Instance::parse(text).map_err(|e| format!("The puzzle could not be read: {e}."))
}

fn pairs(edges: &[Edge]) -> Vec<(u32, u32)> {
    edges.iter().map(|e| (e.a().0, e.b().0)).collect()
}

/// Labels of an answer, one byte per cell.
fn labels(p: &Partition) -> Vec<u8> {
    p.labels().map(|l| l as u8).collect()
}

fn analyse(id: u64, instance: Instance, limit: u64, keep: usize, send: &mut dyn FnMut(bool, Body)) -> Rest {
    struct Counter<'a> {
        found: u64,
        limit: u64,
        keep: usize,
        kept: Vec<Vec<u8>>,
        send: &'a mut dyn FnMut(bool, Body),
    }
    impl Sink<Partition> for Counter<'_> {
        fn found(&mut self, answer: &Partition) -> Flow {
            self.found += 1;
            if self.kept.len() < self.keep {
                self.kept.push(labels(answer));
            }
            if self.found >= self.limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        }
        fn progress(&mut self, progress: Progress) -> Flow {
            (self.send)(false, Body::Progress { nodes: progress.nodes, answers: progress.found });
            Flow::Continue
        }
    }
    let keep = keep.min(MAX_KEPT);
    let mut counter = Counter { found: 0, limit: limit.max(1), keep, kept: Vec::new(), send };
    let config = SolveConfig { node_budget: None, progress_interval: PROGRESS_NODES };
    let report = partition::solve(&instance, &config, &mut counter);
    let (found, kept) = (counter.found, counter.kept);
    let exact = report.end == SearchEnd::Exhausted;
    send(false, Body::Counted { answers_found: found, exact, answers: kept });
    send(false, Body::Yielding);
    let explainer = Explainer::new(instance.clone(), Some(EXPLAIN_BUDGET));
    Rest { id, instance, stage: Stage::Explain { explainer, unique: found == 1 && exact } }
}

/// [`handle`], then its [`Rest`] to the end: every reply of the request, as
/// the worker posts them when no other request comes (for tests).
#[cfg(test)]
pub fn handle_to_end(request: &Request, post: &mut dyn FnMut(Reply)) {
    if let Some(mut rest) = handle(request, post) {
        while !rest.step(post) {}
    }
}

/// What is left of a request once it has posted [`Body::Yielding`]: short
/// searches, run one per [`Rest::step`].
pub struct Rest {
    id: u64,
    instance: Instance,
    stage: Stage,
}

enum Stage {
    /// What all answers agree on; then, for a unique answer, which walls
    /// could go.
    Explain { explainer: Explainer, unique: bool },
    /// Which walls could go: those checked so far, and those that can.
    Redundant { next: usize, walls: Vec<Edge>, can_go: Vec<Edge> },
}

impl Rest {
    /// Runs the next search and posts what it settles; `true` once the
    /// request has posted its last reply.
    pub fn step(&mut self, post: &mut dyn FnMut(Reply)) -> bool {
        let id = self.id;
        let mut send = |last: bool, body: Body| post(Reply { id, last, body });
        match &mut self.stage {
            Stage::Explain { explainer, unique } => {
                let Some(explanation) = explainer.step() else { return false };
                let unique = *unique;
                send(!unique, Body::Explained(agreement(&self.instance, explanation)));
                if !unique {
                    return true;
                }
                let walls = self.instance.walls().collect();
                self.stage = Stage::Redundant { next: 0, walls, can_go: Vec::new() };
                false
            }
            Stage::Redundant { next, walls, can_go } => {
                let Some(&wall) = walls.get(*next) else {
                    send(true, Body::Redundant { walls: pairs(can_go) });
                    return true;
                };
                *next += 1;
                match wall_can_go(&self.instance, wall, Some(COMPLETE_BUDGET)) {
                    Ok(true) => can_go.push(wall),
                    Ok(false) => {}
                    // A check that ran out of budget: no wall is offered.
                    Err(_) => {
                        send(true, Body::Redundant { walls: Vec::new() });
                        return true;
                    }
                }
                false
            }
        }
    }
}

/// The explanation as edges and a sentence.
fn agreement(instance: &Instance, explanation: Explanation) -> Agreement {
    let mut out = Agreement::default();
    match explanation {
        Explanation::Unique(answer) => {
            for e in Edge::all(instance.size()) {
                let pair = (e.a().0, e.b().0);
                if answer.joins(e) {
                    out.together.push(pair);
                } else {
                    out.apart.push(pair);
                }
            }
        }
        Explanation::Several { edges, .. } => {
            for (e, verdict) in edges {
                let pair = (e.a().0, e.b().0);
                match verdict {
                    Verdict::Together => out.together.push(pair),
                    Verdict::Apart => out.apart.push(pair),
                    Verdict::Varies | Verdict::Unknown => {}
                }
            }
        }
        Explanation::NoAnswer(reason) => {
            out.reason_cells = reason_cells(&reason).iter().map(|c| c.0).collect();
            out.reason = Some(sentence(&reason, instance.size()));
        }
        // Nothing is known for sure: no edge is drawn as agreed.
        Explanation::GaveUp { .. } => {}
    }
    out
}

fn reason_cells(reason: &NoAnswerReason) -> Vec<CellId> {
    match reason {
        NoAnswerReason::AreaSize { cells, .. }
        | NoAnswerReason::AreaSymbol { cells, .. }
        | NoAnswerReason::AreaWall { cells, .. } => cells.clone(),
        NoAnswerReason::StrandedCell { cell } => vec![*cell],
        NoAnswerReason::SymbolCount { .. } | NoAnswerReason::NoPartition => Vec::new(),
    }
}

/// The engine's reason, with cells named as a player names them.
fn sentence(reason: &NoAnswerReason, n: usize) -> String {
    let at = |c: CellId| format!("r{}c{}", c.index() / n + 1, c.index() % n + 1);
    let text = match reason {
        NoAnswerReason::StrandedCell { cell } => format!("no region can contain cell {}", at(*cell)),
        NoAnswerReason::AreaSize { cells, size } => {
            format!(
                "walls close off an area of {} cells (from {}), not a multiple of {size}",
                cells.len(),
                at(cells[0])
            )
        }
        other => other.to_string(),
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("No answer: {}{}.", first, chars.as_str()),
        None => String::new(),
    }
}

fn fill_grid(size: usize, latin: bool, seed: u64) -> Body {
    if !(4..=16).contains(&size) {
        return Body::Failed { message: format!("Grids are made from 4×4 to 16×16, not {size}×{size}.") };
    }
    let layout = if latin { Layout::latin(size) } else { squarest_boxes(size) };
    let made = layout.map_err(|e| e.to_string()).and_then(|layout| {
        let mut rng = rng_from_seed(seed);
        let grid = fill(&layout, &vec![None; layout.cell_count()], &mut rng).map_err(|e| e.to_string())?;
        let text = line::write_solution(&layout, &grid);
        Ok(text)
    });
    match made {
        Ok(text) => Body::Instance { instance: text, changed: Vec::new() },
        Err(e) => Body::Failed { message: format!("Could not fill a {size}×{size} grid: {e}.") },
    }
}

/// Boxes as square as `size` allows (rows ≤ columns); a Latin square when
/// `size` is prime.
fn squarest_boxes(size: usize) -> Result<Layout, pseudoku_core::layout::LayoutError> {
    let rows = (1..=size).filter(|r| size % r == 0 && r * r <= size).max().unwrap_or(1);
    if rows == 1 {
        Layout::latin(size)
    } else {
        Layout::boxed(rows, size / rows)
    }
}

/// The worker's entry point: handles each message posted to it.
#[cfg(target_arch = "wasm32")]
pub fn run() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent};

    /// How long a slice of a [`Rest`] runs before the worker reads its
    /// messages again (each search in it is short).
    const SLICE_MS: f64 = 4.0;

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let poster = scope.clone();
    let post = move |reply: Reply| {
        let _ = poster.post_message(&js_sys::Uint8Array::from(&reply.to_bytes()[..]));
    };
    // The request's rest, if any; a message to this channel runs its next
    // slice after whatever messages from the page came first.
    let rest: Rc<RefCell<Option<Rest>>> = Rc::new(RefCell::new(None));
    let Ok(channel) = MessageChannel::new() else { return };
    let next_slice = {
        let port = channel.port2();
        move || {
            let _ = port.post_message(&JsValue::NULL);
        }
    };
    let on_slice = {
        let (rest, post, next_slice) = (rest.clone(), post.clone(), next_slice.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| {
            let mut slot = rest.borrow_mut();
            let Some(work) = slot.as_mut() else { return };
            let start = js_sys::Date::now();
            loop {
                if work.step(&mut post.clone()) {
                    *slot = None;
                    return;
                }
                if js_sys::Date::now() - start >= SLICE_MS {
                    return next_slice();
                }
            }
        })
    };
    channel.port1().set_onmessage(Some(on_slice.as_ref().unchecked_ref()));
    on_slice.forget();
    let on_message = {
        let post = post.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            // A new request stops the rest of the last one.
            *rest.borrow_mut() = None;
            let bytes = event.data().dyn_into::<js_sys::Uint8Array>().map(|a| a.to_vec()).unwrap_or_default();
            match Request::from_bytes(&bytes) {
                Ok(request) => {
                    if let Some(work) = handle(&request, &mut post.clone()) {
                        *rest.borrow_mut() = Some(work);
                        next_slice();
                    }
                }
                Err(message) => post(Reply { id: 0, last: true, body: Body::Failed { message } }),
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(Reply { id: 0, last: true, body: Body::Ready });
}

#[cfg(test)]
mod tests;
