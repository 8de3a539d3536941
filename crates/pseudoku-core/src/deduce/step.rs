//! One deduction as a value ([`Step`]), its sentence, and how the
//! techniques hand what they find to the solver (`Found`, `Collect`).

use core::fmt;

use super::board::{Board, Mark};
use super::technique::Technique;
use crate::layout::CellId;
use crate::partition::Edge;
use crate::symbol::Symbol;

/// One deduction: the technique, what it uses, and what it decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// Edges it decides are borders (different regions).
    pub borders: Vec<Edge>,
    /// Edges it decides are joins (same region).
    pub joins: Vec<Edge>,
    /// The cells the reasoning is about: the group (or groups, or area) it
    /// looks at; for [`Technique::MissingSymbol`] the group, then the cell
    /// it must take last.
    pub cells: Vec<CellId>,
    /// Edges that make it so (the border that separates two groups).
    pub because: Vec<Edge>,
    /// The symbol it is about, if any.
    pub symbol: Option<Symbol>,
    /// A number the sentence needs: the shapes tried, the cells of the
    /// groups, the depth of an assumption.
    pub count: u32,
    /// For contradictions: the edge and mark assumed (the step decides the
    /// opposite).
    pub assumed: Option<(Edge, Mark)>,
    /// `N`, to name cells.
    pub size: usize,
}

impl Step {
    /// One sentence a newcomer understands, naming cells `r1c1` (row and
    /// column from 1).
    pub fn explanation(&self) -> String {
        self.to_string()
    }

    fn cell(&self, i: usize) -> String {
        self.cells.get(i).map_or_else(String::new, |c| name(self.size, *c))
    }
}

/// `r{row}c{col}`, from 1.
pub fn name(size: usize, cell: CellId) -> String {
    format!("r{}c{}", cell.index() / size + 1, cell.index() % size + 1)
}

fn edge_name(size: usize, e: Edge) -> String {
    format!("{}–{}", name(size, e.a()), name(size, e.b()))
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        let sym = self.symbol.map_or_else(String::new, |s| s.to_string());
        let g = self.cell(0);
        let plural = |k: usize, one: &str, many: &str| if k == 1 { one.to_string() } else { many.to_string() };
        match self.technique {
            Technique::FullRegion => {
                write!(f, "The group at {g} has all {n} cells, so it is a whole region: border all around it.")
            }
            Technique::SharedSymbol => write!(
                f,
                "The groups at {g} and {} both hold a {sym}, so they cannot be one region: border between them.",
                self.cell(1)
            ),
            Technique::TooBig => write!(
                f,
                "The groups at {g} and {} have {} cells together, more than {n}: border between them.",
                self.cell(1),
                self.count
            ),
            Technique::Separated => {
                let by = self.because.first().map_or_else(String::new, |e| edge_name(n, *e));
                write!(
                    f,
                    "The groups at {g} and {} are already split by the border {by}, so they are different regions: \
                     border wherever they touch.",
                    self.cell(1)
                )
            }
            Technique::OnlyWayOut => write!(
                f,
                "The group at {g} has {} of its {n} cells and only one open side left: it must grow through it.",
                self.count
            ),
            Technique::ClosedArea => {
                write!(f, "The area at {g} is walled off with exactly {n} cells, so it is one region: join all of it.")
            }
            Technique::MissingSymbol => {
                let way = plural(self.joins.len(), "", ", and the cells on the only way there");
                write!(
                    f,
                    "The group at {g} has no {sym}, and the only {sym} it can reach is at {}: it must take it{way}.",
                    self.cells.last().map_or_else(String::new, |c| name(n, *c))
                )
            }
            Technique::FewShapes | Technique::SomeShapes | Technique::ManyShapes => {
                let shapes = plural(self.count as usize, "one region", &format!("{} regions", self.count));
                write!(f, "The group at {g} can still become only {shapes}; every one of them agrees on these edges.")
            }
            Technique::Contradiction | Technique::ShapeContradiction | Technique::DeepContradiction => {
                let (edge, mark) =
                    self.assumed.unwrap_or((Edge::new(n, CellId(0), CellId(1)).expect("n ≥ 2"), Mark::Join));
                let (was, is) = match mark {
                    Mark::Join => ("in one region", "a border"),
                    _ => ("in different regions", "a join"),
                };
                let how = match self.technique {
                    Technique::Contradiction => "by easy steps",
                    Technique::ShapeContradiction => "by listing shapes",
                    _ => "through a further supposition",
                };
                write!(
                    f,
                    "Suppose {} and {} were {was}: that leads {how} to something impossible, so the edge between them \
                     is {is}.",
                    name(n, edge.a()),
                    name(n, edge.b())
                )
            }
        }
    }
}

/// What a technique found, borrowed from its buffers. Decisions are
/// `(slot, mark)`; some may already hold.
pub(crate) struct Found<'a> {
    pub technique: Technique,
    pub decide: &'a [(usize, Mark)],
    pub cells: &'a [u32],
    pub because: &'a [usize],
    pub symbol: Option<u8>,
    pub count: u32,
    pub assumed: Option<(usize, Mark)>,
}

impl<'a> Found<'a> {
    pub fn new(technique: Technique, decide: &'a [(usize, Mark)], cells: &'a [u32]) -> Found<'a> {
        Found { technique, decide, cells, because: &[], symbol: None, count: 0, assumed: None }
    }
}

/// Where techniques put what they find; `true` from `found` stops the scan.
pub(crate) trait Collect {
    fn found(&mut self, board: &Board, found: &Found) -> bool;

    /// True when only the decisions matter, all of them at once (not which
    /// find made them, nor in what order): a technique may then hand them
    /// over together.
    fn decisions_only(&self) -> bool {
        false
    }
}

/// Keeps the first find that decides something new, as a [`Step`].
#[derive(Default)]
pub(crate) struct FirstStep(pub Option<Step>);

impl Collect for FirstStep {
    fn found(&mut self, board: &Board, f: &Found) -> bool {
        let new = |m: Mark| {
            f.decide
                .iter()
                .filter(move |&&(s, mark)| mark == m && board.mark_at(s) == Mark::Open)
                .map(|&(s, _)| board.edge(s))
                .collect::<Vec<_>>()
        };
        let (borders, joins) = (new(Mark::Border), new(Mark::Join));
        if borders.is_empty() && joins.is_empty() {
            return false;
        }
        self.0 = Some(Step {
            technique: f.technique,
            borders,
            joins,
            cells: f.cells.iter().map(|&c| CellId(c)).collect(),
            because: f.because.iter().map(|&s| board.edge(s)).collect(),
            symbol: f.symbol.map(|s| Symbol::new(s as usize)),
            count: f.count,
            assumed: f.assumed.map(|(s, m)| (board.edge(s), m)),
            size: board.size(),
        });
        true
    }
}

/// Gathers every decision of a scan, to apply them together.
#[derive(Default)]
pub(crate) struct Batch(pub Vec<(usize, Mark)>);

impl Collect for Batch {
    fn found(&mut self, board: &Board, f: &Found) -> bool {
        self.0.extend(f.decide.iter().filter(|&&(s, _)| board.mark_at(s) == Mark::Open));
        false
    }

    fn decisions_only(&self) -> bool {
        true
    }
}
