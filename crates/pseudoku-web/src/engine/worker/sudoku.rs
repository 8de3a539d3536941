//! The sudoku jobs: solve, generate (of a level or any), rate, hint, import
//! an f-puzzles or SudokuPad link, and for a sudoku being set, check, make
//! unique, minimize and random jigsaw regions.

use super::*;

/// Layouts [`Job::Regions`] draws before it gives up.
pub(super) const REGION_ATTEMPTS: u32 = 20;

pub(super) fn jigsaw_regions(size: usize, walls: &[(u32, u32)], seed: u64) -> Body {
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

/// An f-puzzles or SudokuPad link read: the puzzle as a variant file, or
/// why not in one sentence (the rules it uses that the engine does not
/// play, named).
pub(super) fn import(text: &str) -> Body {
    match pseudoku_fpuzzles::import(text) {
        Ok(imported) => Body::Imported {
            variant: imported.variant.to_string(),
            marks: imported.pencil_marks.iter().map(|m| m.iter().fold(0u64, |b, s| b | 1 << s.index())).collect(),
            notes: imported.notes.iter().map(|n| sentence(n)).collect(),
        },
        Err(e) => Body::Failed { message: sentence(&e.to_string()) },
    }
}

/// A clause as a sentence: a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let text = capitalised(text);
    let end = if text.ends_with('.') { "" } else { "." };
    format!("{text}{end}")
}

pub(super) fn read_variant(text: &str) -> Result<Variant, String> {
    text.parse::<Variant>().map_err(|e| format!("The puzzle could not be read: {e}."))
}

/// A variant file and its givens (none when it has no `givens`).
pub(super) fn variant_and_givens(text: &str) -> Result<(Variant, Vec<Option<pseudoku_core::symbol::Symbol>>), String> {
    let variant = read_variant(text)?;
    let givens = variant.givens().map_or_else(|| vec![None; variant.layout().cell_count()], <[_]>::to_vec);
    Ok((variant, givens))
}

pub(super) fn solve(text: &str) -> Body {
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
        Uniqueness::Multiple(first, _) => {
            Body::Solved { solution: Some(line::write_solution(layout, &first)), unique: false }
        }
        Uniqueness::None | Uniqueness::Unknown { .. } => Body::Solved { solution: None, unique: false },
    }
}

/// A layout's variant file and givens in the line format (repeats allowed).
pub(super) fn layout_and_givens(
    text: &str,
    line_text: &str,
) -> Result<(Variant, Vec<Option<pseudoku_core::symbol::Symbol>>), String> {
    let variant = read_variant(text)?;
    let givens = line::read(variant.layout(), line_text).map_err(|e| format!("The givens could not be read: {e}."))?;
    Ok((variant, givens))
}

pub(super) fn check_sudoku(text: &str, line_text: &str, limit: u64, send: &mut dyn FnMut(bool, Body)) {
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
        // A unique puzzle's rating is the page's own request (`Job::Rate`),
        // run in a worker of its own, so the next keystroke's check never
        // waits for it.
        1 => {
            let needless = pseudoku_core::generate::needless_givens(layout, &givens).unwrap_or_default();
            send(true, Body::Cells { kind: CellsKind::Needless, cells: needless.iter().map(|c| c.0).collect() });
        }
        _ => {
            let differ = (0..first[0].len()).find(|&c| first[0][c] != first[1][c]).map(|c| c as u32);
            send(true, Body::Cells { kind: CellsKind::Differ, cells: differ.into_iter().collect() });
        }
    }
}

/// Makes a sudoku unique (`unique`) or minimal, keeping its layout and name.
pub(super) fn finish_sudoku(text: &str, line_text: &str, unique: bool) -> Body {
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

pub(super) fn level_of(name: &str) -> Option<Level> {
    [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme].into_iter().find(|l| l.name() == name)
}

pub(super) fn wire_symmetry(symmetry: WireSymmetry) -> Symmetry {
    match symmetry {
        WireSymmetry::None => Symmetry::None,
        WireSymmetry::Rot180 => Symmetry::Rot180,
        WireSymmetry::Mirror => Symmetry::Mirror,
        WireSymmetry::Diagonal => Symmetry::Diagonal,
    }
}

pub(super) fn generate_rated(text: &str, symmetry: WireSymmetry, seed: u64, level: Level) -> Body {
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

/// The engine's messages (English) with a capital first letter. ASCII
/// only: Unicode's case tables would add 25 KB to the page's module.
pub(super) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| std::iter::once(c.to_ascii_uppercase()).chain(chars).collect()).unwrap_or_default()
}

/// Rates a sudoku one step at a time, posting the rating so far (SE tenths)
/// and the steps taken after each step. The page reads these while the
/// worker goes on, and stops a rating it no longer wants by terminating the
/// worker (a step of the nested forcing chains can be long).
pub(super) fn rate_with_progress(text: &str, progress: &mut dyn FnMut(Body)) -> Body {
    let variant = match read_variant(text) {
        Ok(v) => v,
        Err(message) => return Body::Failed { message },
    };
    let blank = vec![None; variant.layout().cell_count()];
    let givens = variant.givens().unwrap_or(&blank);
    let mut rater = match logic::Rater::new(variant.layout(), givens, logic::RateConfig::default()) {
        Ok(r) => r,
        Err(e) => return Body::Failed { message: format!("This puzzle cannot be rated: {e}.") },
    };
    let tenths = |se: f32| (se * 10.0).round() as u16;
    while rater.step().is_some() {
        progress(Body::RatingSoFar { se_tenths: tenths(rater.so_far()), steps: rater.steps().len() as u32 });
    }
    let r = rater.finish();
    Body::Rated {
        se_tenths: tenths(r.se),
        level: r.level.name().to_owned(),
        hardest: r.hardest.map_or("none".to_owned(), |t| t.to_string()),
        at_least: r.at_least && r.level == Level::Beyond,
    }
}

/// Search nodes a hint's nested forcing chains may take.
pub(super) const HINT_BUDGET: u64 = 3_000_000;

/// The hint for a player's grid: wrong values first, then centre marks
/// that miss the answer, then the easiest step from the player's grid
/// (their marks standing for the candidates of the cells that have some).
pub(super) fn hint(text: &str, values: &str, centre: &[u64]) -> Body {
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
    // The values are right and the marks hold the answer, so the position
    // has the puzzle's one solution (when it has one): the uniqueness
    // techniques may be used.
    let unique = matches!(Solver::new(layout).uniqueness(givens), Uniqueness::Unique(_));
    let board = match logic::Board::new(layout, &values) {
        Ok(b) if unique => b.with_marks(&marks).assume_unique(),
        Ok(b) => b.with_marks(&marks),
        Err(e) => return Body::Failed { message: e.to_string() },
    };
    let found = logic::next_step(&board).map(|step| (board.clone(), step));
    // Past every everyday technique: the rater's nested forcing chains,
    // from the values alone, within the hint's budget.
    let found = found.or_else(|| {
        let config = logic::RateConfig { budget: HINT_BUDGET };
        let step = logic::Rater::new(layout, &values, config).ok()?.step().cloned()?;
        Some((logic::Board::new(layout, &values).ok()?, step))
    });
    let Some((board, step)) = found else {
        return Body::Hint(if board.is_solved() { HintWire::Solved } else { HintWire::Stuck });
    };
    let house = step.houses.first().copied();
    let nudge = match house {
        Some(h) => format!("Look for a {} in {}.", step.technique, logic::house_name(layout, h)),
        None => format!("Look for a {}.", step.technique),
    };
    Body::Hint(step_wire(&board, &step, nudge))
}

/// A step as the page draws it: its words, the candidates of its pattern,
/// its changes, houses and links, and the candidates of the board it was
/// found on.
fn step_wire(board: &logic::Board, step: &logic::Step, nudge: String) -> HintWire {
    use pseudoku_core::symbol::Symbol;
    let layout = board.layout();
    let pairs = |list: &[(CellId, Symbol)]| list.iter().map(|&(c, s)| (c.0, s.index() as u8)).collect::<Vec<_>>();
    let wire = |(c, s): (CellId, Symbol)| (c.0, s.index() as u8);
    let mut pattern: Vec<(u32, u8)> = Vec::new();
    if step.links.is_empty() {
        // Every candidate of the pattern's symbols in its cells, but those
        // the step removes.
        for &c in &step.cells {
            for &s in &step.symbols {
                if board.has(c, s) && !step.eliminations.contains(&(c, s)) {
                    pattern.push(wire((c, s)));
                }
            }
        }
    } else {
        for link in &step.links {
            for end in [link.from, link.to] {
                let removed = step.eliminations.contains(&end);
                if board.has(end.0, end.1) && !removed && !pattern.contains(&wire(end)) {
                    pattern.push(wire(end));
                }
            }
        }
    }
    let kind = |k: logic::LinkKind| match k {
        logic::LinkKind::Weak => LinkKindWire::Weak,
        logic::LinkKind::Strong => LinkKindWire::Strong,
        logic::LinkKind::Pattern => LinkKindWire::Pattern,
    };
    let house = step.houses.first().copied();
    HintWire::Step(Box::new(StepWire {
        technique: step.technique.to_string(),
        nudge,
        sentence: step.explain(layout),
        cells: step.cells.iter().map(|c| c.0).collect(),
        house: house.map(|h| layout.house(h).cells.iter().map(|c| c.0).collect()).unwrap_or_default(),
        placements: pairs(&step.placements),
        eliminations: pairs(&step.eliminations),
        pattern,
        houses: step.houses.iter().map(|&h| layout.house(h).cells.iter().map(|c| c.0).collect()).collect(),
        links: step.links.iter().map(|l| LinkWire { from: wire(l.from), to: wire(l.to), kind: kind(l.kind) }).collect(),
        candidates: (0..layout.cell_count()).map(|c| board.candidates(CellId(c as u32))).collect(),
    }))
}

/// Removal checks per generator step between two progress reports.
pub(super) const CHECKS_PER_STEP: u32 = 8;

pub(super) fn generate(
    text: &str,
    symmetry: WireSymmetry,
    minimal: bool,
    seed: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Body {
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
