//! What all answers agree on, or why there is none.
//!
//! With several answers, every edge between two cells gets a [`Verdict`]:
//! always in the same region, always apart, or it varies — where a setter
//! could add a wall. Verdicts are exact, not sampled: a sample of answers
//! marks the edges that already vary, and each remaining edge gets one
//! targeted search (with a wall on it, or with its two cells forced
//! together) for an answer that disagrees.

use core::fmt;

use super::engine::engine;
use super::solve::{count, first_answers};
use super::{Edge, Instance, Partition};
use crate::layout::CellId;
use crate::search::{Count, SearchEnd};
use crate::symbol::Symbol;

/// How the answers treat one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Both cells are in the same region in every answer.
    Together,
    /// The cells are in different regions in every answer (always so for a
    /// wall).
    Apart,
    /// Some answers join them and some do not.
    Varies,
    /// The node budget ran out before this was settled.
    Unknown,
}

/// Why an instance has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoAnswerReason {
    /// A symbol does not appear `N` times in the grid.
    SymbolCount { symbol: Symbol, found: usize, expected: usize },
    /// An area closed off by walls (and the grid's edge) whose size is not a
    /// multiple of `N`.
    AreaSize { cells: Vec<CellId>, size: usize },
    /// An area closed off by walls with `k·N` cells, but a symbol there not
    /// `k` times.
    AreaSymbol { cells: Vec<CellId>, symbol: Symbol, found: usize, expected: usize },
    /// An area of exactly `N` cells, which must be one region, with a wall
    /// inside.
    AreaWall { cells: Vec<CellId>, wall: Edge },
    /// No region can contain this cell (a region through it is cut off by
    /// walls, repeats a symbol, or strands cells that cannot be completed).
    StrandedCell { cell: CellId },
    /// No simpler reason was found: the search tried everything.
    NoPartition,
}

impl fmt::Display for NoAnswerReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoAnswerReason::SymbolCount { symbol, found, expected } => {
                write!(f, "symbol {symbol} appears {found} times; every symbol must appear {expected} times")
            }
            NoAnswerReason::AreaSize { cells, size } => write!(
                f,
                "walls close off an area of {} cells (from cell {}), not a multiple of {size}",
                cells.len(),
                cells[0]
            ),
            NoAnswerReason::AreaSymbol { cells, symbol, found, expected } => write!(
                f,
                "walls close off an area of {} cells (from cell {}) holding {found} {symbol}s; it needs {expected}",
                cells.len(),
                cells[0]
            ),
            NoAnswerReason::AreaWall { cells, wall } => write!(
                f,
                "walls close off an area of {} cells (from cell {}), which must be one region, but wall {wall} is inside it",
                cells.len(),
                cells[0]
            ),
            NoAnswerReason::StrandedCell { cell } => write!(f, "no region can contain cell {cell}"),
            NoAnswerReason::NoPartition => f.write_str("no partition exists"),
        }
    }
}

/// The outcome of [`explain`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    NoAnswer(NoAnswerReason),
    Unique(Partition),
    Several {
        /// How many answers, counted up to [`SEVERAL_LIMIT`].
        count: Count,
        /// Two different answers.
        first: Partition,
        second: Partition,
        /// Every edge of the grid, in increasing order, with its verdict.
        edges: Vec<(Edge, Verdict)>,
    },
    /// The first search ran out of budget.
    GaveUp {
        nodes: u64,
    },
}

/// How far [`explain`] counts answers.
pub const SEVERAL_LIMIT: u64 = 1000;

/// How many answers are sampled before the targeted searches.
const SAMPLE: usize = 32;

/// Explains an instance. `node_budget` limits each search (there are up to
/// one per edge); verdicts a search could not settle are
/// [`Verdict::Unknown`].
pub fn explain(instance: &Instance, node_budget: Option<u64>) -> Explanation {
    let mut explainer = Explainer::new(instance.clone(), node_budget);
    loop {
        if let Some(explanation) = explainer.step() {
            return explanation;
        }
    }
}

/// [`explain`], one search at a time: each [`Explainer::step`] runs at most
/// one search (or the final count), so a caller can stop between them (the
/// browser's worker reads its messages there) and drop the rest.
pub struct Explainer {
    instance: Instance,
    node_budget: Option<u64>,
    /// Set once the sample shows several answers.
    several: Option<Several>,
}

/// The edge-by-edge part of an explanation with several answers.
struct Several {
    sample: Vec<Partition>,
    edges: Vec<Edge>,
    seen: Vec<Seen>,
    verdicts: Vec<(Edge, Verdict)>,
}

/// How the answers seen so far treat one edge.
#[derive(Clone, Copy, Default)]
struct Seen {
    /// Some answer puts both cells in one region.
    joined: bool,
    /// Some answer puts them in two.
    apart: bool,
}

impl Explainer {
    pub fn new(instance: Instance, node_budget: Option<u64>) -> Explainer {
        Explainer { instance, node_budget, several: None }
    }

    /// Runs the next search; the explanation once there is nothing left to
    /// search.
    pub fn step(&mut self) -> Option<Explanation> {
        let (instance, node_budget) = (&self.instance, self.node_budget);
        let Some(several) = &mut self.several else {
            if let Some(reason) = quick_reason(instance) {
                return Some(Explanation::NoAnswer(reason));
            }
            let (sample, report) = first_answers(instance, &[], SAMPLE, node_budget);
            return match (sample.len(), report.end) {
                (0, SearchEnd::OutOfBudget) => Some(Explanation::GaveUp { nodes: report.nodes }),
                (0, _) => Some(Explanation::NoAnswer(
                    stranded_cell(instance, node_budget).unwrap_or(NoAnswerReason::NoPartition),
                )),
                (1, SearchEnd::Exhausted) => Some(Explanation::Unique(sample.into_iter().next().expect("one answer"))),
                (1, _) => Some(Explanation::GaveUp { nodes: report.nodes }),
                _ => {
                    let edges: Vec<Edge> = Edge::all(instance.size()).collect();
                    let mut seen = vec![Seen::default(); edges.len()];
                    for p in &sample {
                        note(&edges, &mut seen, p);
                    }
                    self.several = Some(Several { seen, edges, sample, verdicts: Vec::new() });
                    None
                }
            };
        };
        // Edges settled by the answers seen need no search.
        while let Some(&e) = several.edges.get(several.verdicts.len()) {
            let seen = several.seen[several.verdicts.len()];
            if instance.has_wall(e) {
                several.verdicts.push((e, Verdict::Apart));
            } else if seen.joined && seen.apart {
                several.verdicts.push((e, Verdict::Varies));
            } else {
                // Look for an answer that disagrees with all seen so far.
                let (found, report) = if seen.joined {
                    let walled = instance.with_walls(instance.walls().chain([e])).expect("an edge of this grid");
                    first_answers(&walled, &[], 1, node_budget)
                } else {
                    first_answers(instance, &[e], 1, node_budget)
                };
                let verdict = match (found.first(), report.end) {
                    (Some(p), _) => {
                        note(&several.edges, &mut several.seen, p);
                        Verdict::Varies
                    }
                    (None, SearchEnd::OutOfBudget) => Verdict::Unknown,
                    (None, _) if seen.joined => Verdict::Together,
                    (None, _) => Verdict::Apart,
                };
                several.verdicts.push((e, verdict));
                return None;
            }
        }
        let several = self.several.take().expect("checked above");
        let count = count(instance, SEVERAL_LIMIT, node_budget);
        let mut it = several.sample.into_iter();
        let (first, second) = (it.next().expect("two answers"), it.next().expect("two answers"));
        Some(Explanation::Several { count, first, second, edges: several.verdicts })
    }
}

/// Records in `seen` how answer `p` treats each of `edges`.
fn note(edges: &[Edge], seen: &mut [Seen], p: &Partition) {
    for (s, &e) in seen.iter_mut().zip(edges) {
        if p.joins(e) {
            s.joined = true;
        } else {
            s.apart = true;
        }
    }
}

/// Reasons that need no search: symbol counts, and areas closed off by walls.
fn quick_reason(instance: &Instance) -> Option<NoAnswerReason> {
    let n = instance.size();
    let cells = n * n;
    let mut counts = vec![0usize; n];
    for s in instance.symbols() {
        counts[s.index()] += 1;
    }
    if let Some((s, &found)) = counts.iter().enumerate().find(|(_, &c)| c != n) {
        return Some(NoAnswerReason::SymbolCount { symbol: Symbol::new(s), found, expected: n });
    }
    let id = |c: usize| CellId(c as u32);
    let mut area = vec![usize::MAX; cells];
    for start in 0..cells {
        if area[start] != usize::MAX {
            continue;
        }
        let mut cells_of = vec![start];
        area[start] = start;
        let mut i = 0;
        while i < cells_of.len() {
            let c = cells_of[i];
            i += 1;
            for d in [c.checked_sub(n), Some(c + n), c.checked_sub(1), Some(c + 1)].into_iter().flatten() {
                if let Some(e) = instance.edge(id(c), id(d)) {
                    if !instance.has_wall(e) && area[d] == usize::MAX {
                        area[d] = start;
                        cells_of.push(d);
                    }
                }
            }
        }
        cells_of.sort_unstable();
        let cells_of: Vec<CellId> = cells_of.into_iter().map(id).collect();
        let size = cells_of.len();
        if size % n != 0 {
            return Some(NoAnswerReason::AreaSize { cells: cells_of, size: n });
        }
        let k = size / n;
        let mut counts = vec![0usize; n];
        for &c in &cells_of {
            counts[instance.symbol(c).index()] += 1;
        }
        if let Some((s, &found)) = counts.iter().enumerate().find(|(_, &c)| c != k) {
            return Some(NoAnswerReason::AreaSymbol { cells: cells_of, symbol: Symbol::new(s), found, expected: k });
        }
        if k == 1 {
            let inside = instance.walls().find(|w| area[w.a().index()] == start && area[w.b().index()] == start);
            if let Some(wall) = inside {
                return Some(NoAnswerReason::AreaWall { cells: cells_of, wall });
            }
        }
    }
    None
}

/// The first cell no region can contain, if the budget allows finding it.
fn stranded_cell(instance: &Instance, node_budget: Option<u64>) -> Option<NoAnswerReason> {
    let search = engine(instance, &[]);
    let budget = node_budget.unwrap_or(u64::MAX);
    (0..instance.cell_count())
        .find(|&cell| search.region_through(cell, budget) == Some(false))
        .map(|cell| NoAnswerReason::StrandedCell { cell: CellId(cell as u32) })
}
