//! A [`Step`]: what one technique places and removes, and the cells,
//! symbols and houses that justify it; [`direct`] makes a step direct.

use super::{Board, Technique};
use crate::layout::{CellId, HouseId};
use crate::symbol::Symbol;

/// One logical step: what it places and removes, and the cells, symbols
/// and houses that justify it (the words are made from these).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub technique: Technique,
    /// The step's rating (the technique's, unless a longer pattern costs more).
    pub rating: f32,
    pub placements: Vec<(CellId, Symbol)>,
    pub eliminations: Vec<(CellId, Symbol)>,
    /// The cells of the pattern. For a chain or cycle, the cell of each of
    /// its candidates in order (`symbols` beside it holds the symbol), true
    /// and false in turn; for a forcing chain, the assumption's cell (or the
    /// places of its symbol in a house), then the conclusion's.
    pub cells: Vec<CellId>,
    /// The symbols of the pattern (for chains, see `cells`).
    pub symbols: Vec<Symbol>,
    /// The houses the pattern lives in (the first is where to look).
    pub houses: Vec<HouseId>,
    /// For chains and forcing chains, the links between candidates in the
    /// order they are followed (for a forcing chain, each branch in turn,
    /// from its assumption to the conclusion); empty for other patterns.
    pub links: Vec<Link>,
    /// Sudoku Explainer's complexity of a chain step: the literals its
    /// chains need, nested chains included (0 for other patterns). The
    /// rating's length bonus comes from it.
    pub complexity: usize,
}

/// One link of a chain: `from` leads to `to`. A weak link goes from a true
/// candidate to a false one (they see each other, or share a cell); a
/// strong link from a false candidate to a true one (the other of a
/// bivalue cell or of a symbol's two places in a house, or, in a dynamic
/// chain, the single left once earlier candidates are gone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: (CellId, Symbol),
    pub to: (CellId, Symbol),
    pub kind: LinkKind,
}

/// How a link infers: see [`Link`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// True ⇒ false.
    Weak,
    /// False ⇒ true.
    Strong,
    /// False ⇒ false: a pattern (locked candidates, a subset, a fish or a
    /// nested chain) on the board as the chain has left it removes `to`;
    /// `from` is one of the candidates whose removal made the pattern.
    Pattern,
}

impl LinkKind {
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::Weak => "weak",
            LinkKind::Strong => "strong",
            LinkKind::Pattern => "pattern",
        }
    }
}

impl Step {
    pub(super) fn new(technique: Technique) -> Step {
        Step {
            technique,
            rating: technique.rating(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            symbols: Vec::new(),
            houses: Vec::new(),
            links: Vec::new(),
            complexity: 0,
        }
    }
}

/// A step made direct: its eliminations leave a symbol with one place in a
/// house, and that placement joins the step (Sudoku Explainer's direct
/// techniques, which rate lower than the plain ones).
pub(crate) fn direct(board: &Board, mut step: Step, technique: Technique) -> Option<Step> {
    // The board after the eliminations differs only in these candidates.
    let removed = |c: CellId, s: Symbol| step.eliminations.contains(&(c, s));
    // Where the hidden single must appear: in the pattern's own house for a
    // hidden set; for locked candidates, in a house of the first house's kind.
    let first = step.houses[0];
    let kind = board.layout().house(first).kind;
    let hidden_set = matches!(technique, Technique::DirectHiddenPair | Technique::DirectHiddenTriple);
    let allowed = |h: HouseId| if hidden_set { h == first } else { board.layout().house(h).kind == kind };
    let single = step.eliminations.iter().find_map(|&(c, s)| {
        board.layout().houses_of(c).filter(|&h| allowed(h)).find_map(|h| {
            if board.placed_in(h, s) {
                return None;
            }
            let mut places = board.places(h, s).filter(|&p| !removed(p, s));
            match (places.next(), places.next()) {
                (Some(p), None) => Some((p, s)),
                _ => None,
            }
        })
    })?;
    step.technique = technique;
    step.rating = technique.rating();
    step.placements.push(single);
    Some(step)
}
