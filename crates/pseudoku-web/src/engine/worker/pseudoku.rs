//! The Pseudoku jobs: analyse (count, then rate, explain and find redundant
//! walls in slices, as a [`Rest`]), complete, trim, construct and fill.

use super::*;

pub(super) fn parse(text: &str) -> Result<Instance, String> {
    Instance::parse(text).map_err(|e| format!("The puzzle could not be read: {e}."))
}

pub(super) fn pairs(edges: &[Edge]) -> Vec<(u32, u32)> {
    edges.iter().map(|e| (e.a().0, e.b().0)).collect()
}

/// Labels of an answer, one byte per cell.
pub(super) fn labels(p: &Partition) -> Vec<u8> {
    p.labels().map(|l| l as u8).collect()
}

/// What an analysis does after the count.
pub(super) struct Follow {
    pub limit: u64,
    pub keep: usize,
    /// Look for walls that could go (the setter's; a player has no use for them).
    pub redundant: bool,
}

pub(super) fn analyse(id: u64, instance: Instance, follow: Follow, send: &mut dyn FnMut(bool, Body)) -> Rest {
    let Follow { limit, keep, redundant } = follow;
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
    let unique = found == 1 && exact;
    let explainer = Explainer::new(instance.clone(), Some(EXPLAIN_BUDGET));
    let explain = Stage::Explain { explainer, unique, redundant };
    // A unique challenge is rated first, a step per slice.
    let stage =
        if unique { Stage::Judge { judge: Box::new(Judge::new(&instance)), then: Box::new(explain) } } else { explain };
    Rest { id, instance, stage }
}

/// What is left of a request once it has posted [`Body::Yielding`]: short
/// searches, run one per [`Rest::step`].
pub struct Rest {
    id: u64,
    instance: Instance,
    stage: Stage,
}

pub(super) enum Stage {
    /// The rating of a unique challenge, one step at a time; then the next
    /// stage.
    Judge { judge: Box<Judge>, then: Box<Stage> },
    /// What all answers agree on; then, for a unique answer (when asked),
    /// which walls could go.
    Explain { explainer: Explainer, unique: bool, redundant: bool },
    /// Which walls could go: those checked so far, and those that can.
    Redundant { next: usize, walls: Vec<Edge>, can_go: Vec<Edge> },
    /// Nothing left (a placeholder while a stage is moved).
    Done,
}

impl Rest {
    /// Runs the next search and posts what it settles; `true` once the
    /// request has posted its last reply.
    pub fn step(&mut self, post: &mut dyn FnMut(Reply)) -> bool {
        let id = self.id;
        let mut send = |last: bool, body: Body| post(Reply { id, last, body });
        match &mut self.stage {
            Stage::Judge { judge, then } => {
                if let Some(judgement) = judge.step() {
                    send(false, Body::Judged(Box::new(judgement)));
                    let then = std::mem::replace(then, Box::new(Stage::Done));
                    self.stage = *then;
                }
                false
            }
            Stage::Done => true,
            Stage::Explain { explainer, unique, redundant } => {
                let Some(explanation) = explainer.step() else { return false };
                let go_on = *unique && *redundant;
                send(!go_on, Body::Explained(agreement(&self.instance, explanation)));
                if !go_on {
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
pub(super) fn agreement(instance: &Instance, explanation: Explanation) -> Agreement {
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
            out.reason = sentence(&reason, instance.size());
        }
        // Nothing is known for sure: no edge is drawn as agreed.
        Explanation::GaveUp { .. } => {}
    }
    out
}

pub(super) fn reason_cells(reason: &NoAnswerReason) -> Vec<CellId> {
    match reason {
        NoAnswerReason::AreaSize { cells, .. }
        | NoAnswerReason::AreaSymbol { cells, .. }
        | NoAnswerReason::AreaWall { cells, .. } => cells.clone(),
        NoAnswerReason::StrandedCell { cell } => vec![*cell],
        NoAnswerReason::SymbolCount { .. } | NoAnswerReason::NoPartition => Vec::new(),
    }
}

/// The engine's reason, with cells named as a player names them: a
/// sentence to show under the count (which already says "no answer"), or
/// none when the search found no simpler reason than that.
pub(super) fn sentence(reason: &NoAnswerReason, n: usize) -> Option<String> {
    let at = |c: CellId| format!("r{}c{}", c.index() / n + 1, c.index() % n + 1);
    let area = |cells: &[CellId]| match cells.len() {
        1 => format!("Walls close off a single cell, {}", at(cells[0])),
        k => format!("Walls close off an area of {k} cells (from {})", at(cells[0])),
    };
    let times = |k: usize| if k == 1 { "once".to_owned() } else { format!("{k} times") };
    Some(match reason {
        NoAnswerReason::SymbolCount { symbol, found, expected } => {
            format!("The grid holds {symbol} {}; every symbol must be there {}.", times(*found), times(*expected))
        }
        NoAnswerReason::AreaSize { cells, size } => {
            format!("{}: regions of {size} cells cannot fill it.", area(cells))
        }
        NoAnswerReason::AreaSymbol { cells, symbol, found, expected } => {
            format!("{} holding {symbol} {}; it needs {symbol} {}.", area(cells), times(*found), times(*expected))
        }
        NoAnswerReason::AreaWall { cells, wall } => format!(
            "{}, which must be one region, but the wall between {} and {} is inside it.",
            area(cells),
            at(wall.a()),
            at(wall.b())
        ),
        NoAnswerReason::StrandedCell { cell } => format!("No region can hold {}.", at(*cell)),
        NoAnswerReason::NoPartition => return None,
    })
}

pub(super) fn fill_grid(size: usize, latin: bool, seed: u64) -> Body {
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
pub(super) fn squarest_boxes(size: usize) -> Result<Layout, pseudoku_core::layout::LayoutError> {
    let rows = (1..=size).filter(|r| size % r == 0 && r * r <= size).max().unwrap_or(1);
    if rows == 1 {
        Layout::latin(size)
    } else {
        Layout::boxed(rows, size / rows)
    }
}
