//! Solving as a person does: one named step at a time, each with the cells,
//! symbols and houses that explain it, and a difficulty rating on the
//! Sudoku Explainer (SE) scale.
//!
//! A [`Board`] holds values and candidates (up to 64 symbols). [`next_step`]
//! returns the easiest [`Step`] available: the techniques are tried from the
//! lowest rating up, each family in its own file, generic over houses so
//! they work on every variant. [`rate`] applies easiest steps until the
//! grid is solved; the rating is the hardest step on that path, as Sudoku
//! Explainer rates, and the [`Level`] follows from it.
//!
//! ```
//! use pseudoku_core::layout::Layout;
//! use pseudoku_core::format::line;
//! use pseudoku_core::logic::{rate, Level};
//!
//! let layout = Layout::classic(3).unwrap();
//! let givens = line::parse(&layout,
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let rating = rate(&layout, &givens).unwrap();
//! assert!(rating.solved);
//! assert_eq!(rating.level, Level::Easy);
//! ```

// tidy: long because the technique table (each technique's rating, name and sentence) lives here in one
// place; moving the sentences to their own file is the next split.
use core::fmt;

use crate::layout::{CellId, HouseId, HouseKind, Layout};
use crate::symbol::Symbol;

mod chains;
mod colouring;
mod finned_fish;
mod fish;
mod forcing;
mod intersections;
mod links;
mod single_digit;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

/// The most symbols the logical solver handles (one bit each in a `u64`).
pub const MAX_SYMBOLS: usize = 64;

/// A human technique, with its Sudoku Explainer rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    FullHouse,
    /// A hidden single in a box (or jigsaw region).
    HiddenSingleBox,
    /// A hidden single in any other house.
    HiddenSingle,
    /// Pointing whose elimination leaves a hidden single, placed at once.
    DirectPointing,
    /// Claiming whose elimination leaves a hidden single.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair,
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single.
    DirectHiddenTriple,
    /// Locked candidates, type 1: a box's symbol confined to one line.
    Pointing,
    /// Locked candidates, type 2: a line's symbol confined to one box.
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    /// Two strong links on a symbol in parallel lines (rows, or columns).
    Skyscraper,
    /// Two strong links on a symbol, one in a row and one in a column.
    TwoStringKite,
    /// Two strong links on a symbol, one of them in a box (or another house).
    TurbotFish,
    /// Two strong links on a symbol, one of them a box's cross of a row and
    /// a column (a grouped link).
    EmptyRectangle,
    /// An X-Wing with extra candidates (fins) in one box.
    FinnedXWing,
    /// A finned X-Wing missing a corner.
    SashimiXWing,
    XYWing,
    XYZWing,
    /// Two bivalue cells with the same pair, joined by a strong link on one
    /// of the pair.
    WWing,
    /// Unique rectangle, type 1: one corner has extra candidates.
    UniqueRectangle1,
    /// Unique rectangle, type 2: the extra corners share one extra candidate.
    UniqueRectangle2,
    /// Unique rectangle, type 3: the extra candidates make a naked set.
    UniqueRectangle3,
    /// Unique rectangle, type 4: one of the pair is locked in the extra corners.
    UniqueRectangle4,
    /// Unique loop (six cells or more), types 1 to 4 as for rectangles.
    UniqueLoop1,
    UniqueLoop2,
    UniqueLoop3,
    UniqueLoop4,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    /// A bivalue universal grave plus one cell with three candidates.
    BugPlusOne,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    /// Simple colouring: a cell sees both colours of a symbol's strong links.
    ColourTrap,
    /// Simple colouring: one colour meets itself in a house, so it is false.
    ColourWrap,
    /// A cycle of one symbol's links (SE's bidirectional X-cycle).
    XCycle,
    /// A cycle whose strong links are bivalue cells (SE's bidirectional Y-cycle).
    YCycle,
    /// A chain of one symbol's links refuting its start (SE's forcing X-chain).
    XChain,
    /// A cycle mixing both kinds of links (SE's bidirectional cycle).
    NiceLoop,
    /// A chain through bivalue cells refuting its start.
    XYChain,
    /// An alternating inference chain mixing both kinds of links (SE's forcing chain).
    Aic,
    /// One symbol followed from an assumption to a contradiction.
    NishioForcingChain,
    /// Every candidate of a cell leads to the same conclusion.
    CellForcingChain,
    /// Every place of a symbol in a house leads to the same conclusion
    /// (SE's region forcing chains).
    HouseForcingChain,
    /// An assumption followed through the singles it makes to a contradiction.
    DynamicContradiction,
    /// A candidate true and false both lead to the same conclusion.
    DynamicDoubleForcing,
    /// Cell forcing chains followed through the singles they make.
    DynamicCellForcingChain,
    /// House forcing chains followed through the singles they make.
    DynamicHouseForcingChain,
}

impl Technique {
    /// The Sudoku Explainer rating of the technique.
    pub fn rating(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingle => 1.5,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::DirectHiddenTriple => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::Skyscraper => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::TurbotFish => 4.1,
            Technique::EmptyRectangle => 4.3,
            Technique::FinnedXWing => 4.3,
            Technique::SashimiXWing => 4.0,
            Technique::XYWing => 4.2,
            Technique::XYZWing => 4.4,
            Technique::WWing => 7.1,
            Technique::UniqueRectangle1 => 4.5,
            Technique::UniqueRectangle2 => 4.5,
            Technique::UniqueRectangle3 => 4.6,
            Technique::UniqueRectangle4 => 4.5,
            Technique::UniqueLoop1 => 4.6,
            Technique::UniqueLoop2 => 4.6,
            Technique::UniqueLoop3 => 4.7,
            Technique::UniqueLoop4 => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::BugPlusOne => 5.6,
            Technique::FinnedSwordfish => 5.7,
            Technique::SashimiSwordfish => 5.4,
            Technique::FinnedJellyfish => 6.1,
            Technique::SashimiJellyfish => 5.8,
            Technique::ColourTrap => 5.4,
            Technique::ColourWrap => 5.4,
            Technique::XCycle | Technique::YCycle => 6.5,
            Technique::XChain => 6.6,
            Technique::NiceLoop | Technique::XYChain | Technique::Aic => 7.0,
            Technique::NishioForcingChain => 7.5,
            Technique::CellForcingChain | Technique::HouseForcingChain => 8.0,
            Technique::DynamicContradiction
            | Technique::DynamicDoubleForcing
            | Technique::DynamicCellForcingChain
            | Technique::DynamicHouseForcingChain => 8.5,
        }
    }

    /// The technique's name, as players know it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingleBox => "hidden single (box)",
            Technique::HiddenSingle => "hidden single",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::NakedSingle => "naked single",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::FinnedXWing => "finned X-Wing",
            Technique::SashimiXWing => "sashimi X-Wing",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::UniqueRectangle1 => "unique rectangle type 1",
            Technique::UniqueRectangle2 => "unique rectangle type 2",
            Technique::UniqueRectangle3 => "unique rectangle type 3",
            Technique::UniqueRectangle4 => "unique rectangle type 4",
            Technique::UniqueLoop1 => "unique loop type 1",
            Technique::UniqueLoop2 => "unique loop type 2",
            Technique::UniqueLoop3 => "unique loop type 3",
            Technique::UniqueLoop4 => "unique loop type 4",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::BugPlusOne => "BUG+1",
            Technique::FinnedSwordfish => "finned Swordfish",
            Technique::SashimiSwordfish => "sashimi Swordfish",
            Technique::FinnedJellyfish => "finned Jellyfish",
            Technique::SashimiJellyfish => "sashimi Jellyfish",
            Technique::ColourTrap => "colour trap",
            Technique::ColourWrap => "colour wrap",
            Technique::XCycle => "X-cycle",
            Technique::YCycle => "Y-cycle",
            Technique::XChain => "X-chain",
            Technique::NiceLoop => "nice loop",
            Technique::XYChain => "XY-chain",
            Technique::Aic => "alternating inference chain",
            Technique::NishioForcingChain => "Nishio forcing chain",
            Technique::CellForcingChain => "cell forcing chains",
            Technique::HouseForcingChain => "house forcing chains",
            Technique::DynamicContradiction => "dynamic contradiction chain",
            Technique::DynamicDoubleForcing => "dynamic double forcing chains",
            Technique::DynamicCellForcingChain => "dynamic cell forcing chains",
            Technique::DynamicHouseForcingChain => "dynamic house forcing chains",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
}

impl Step {
    fn new(technique: Technique) -> Step {
        Step {
            technique,
            rating: technique.rating(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            symbols: Vec::new(),
            houses: Vec::new(),
        }
    }

    /// The step in one sentence, naming cells and houses as players do.
    pub fn explain(&self, layout: &Layout) -> String {
        let house = |h: HouseId| house_name(layout, h);
        let symbols = list(self.symbols.iter().map(ToString::to_string));
        let houses = list(self.houses.iter().map(|&h| house(h)));
        let cells = list(self.cells.iter().map(|&c| cell_name(layout, c)));
        let removed = list(self.eliminations.iter().map(|&(c, s)| format!("{s} from {}", cell_name(layout, c))));
        let placed = list(self.placements.iter().map(|&(c, s)| format!("{s} in {}", cell_name(layout, c))));
        let result = match (self.eliminations.is_empty(), self.placements.is_empty()) {
            (false, true) => format!("so remove {removed}"),
            (true, _) => format!("so place {placed}"),
            (false, false) => format!("so remove {removed}, which leaves one place: {placed}"),
        };
        match self.technique {
            Technique::FullHouse => format!("{} is the last empty cell of {houses}, {result}", cells),
            Technique::HiddenSingleBox | Technique::HiddenSingle => {
                format!("In {houses} the {symbols} can only go in {cells}, {result}")
            }
            Technique::NakedSingle => format!("{cells} can only hold {symbols}, {result}"),
            Technique::Pointing | Technique::Claiming | Technique::DirectPointing | Technique::DirectClaiming => {
                let (a, b) = (self.houses.first().map(|&h| house(h)), self.houses.get(1).map(|&h| house(h)));
                format!("In {} the {symbols} can only go in {}, {result}", a.unwrap_or_default(), b.unwrap_or_default())
            }
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
                format!("In {houses} the cells {cells} hold only {symbols} between them ({}), {result}", self.technique)
            }
            Technique::HiddenPair
            | Technique::HiddenTriple
            | Technique::HiddenQuad
            | Technique::DirectHiddenPair
            | Technique::DirectHiddenTriple => {
                format!("In {houses} the {symbols} can only go in {cells} ({}), {result}", self.technique)
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                format!("The {symbols} in {houses} lie in {cells} ({}), {result}", self.technique)
            }
            Technique::FinnedXWing
            | Technique::SashimiXWing
            | Technique::FinnedSwordfish
            | Technique::SashimiSwordfish
            | Technique::FinnedJellyfish
            | Technique::SashimiJellyfish => {
                format!("The {symbols} in {houses} lie in {cells}, fins included ({}), {result}", self.technique)
            }
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish | Technique::EmptyRectangle => {
                format!(
                    "The {symbols} has two places (or groups) in each of {houses}: {cells} ({}); one far end \
                     holds it, {result}",
                    self.technique
                )
            }
            Technique::XYWing | Technique::XYZWing => {
                format!("{cells} hold {symbols} ({}): either way a pincer holds the last one, {result}", self.technique)
            }
            Technique::WWing => {
                let cell = |i: usize| self.cells.get(i).map(|&c| cell_name(layout, c)).unwrap_or_default();
                let symbol = |i: usize| self.symbols.get(i).map(ToString::to_string).unwrap_or_default();
                format!(
                    "{} and {} hold {symbols}, and the {} of {houses} lies in {} or {}, seen by one each (W-Wing): \
                     one of them holds {}, {result}",
                    cell(0),
                    cell(1),
                    symbol(0),
                    cell(2),
                    cell(3),
                    symbol(1)
                )
            }
            Technique::ColourTrap | Technique::ColourWrap => {
                format!("Colouring the strong links of {symbols} through {cells} ({}), {result}", self.technique)
            }
            Technique::UniqueRectangle1
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4
            | Technique::UniqueLoop1
            | Technique::UniqueLoop2
            | Technique::UniqueLoop3
            | Technique::UniqueLoop4 => {
                format!("{cells} would make a second solution with {symbols} alone ({}), {result}", self.technique)
            }
            Technique::BugPlusOne => {
                format!("Every other empty cell has two candidates, so {cells} must hold {symbols} (BUG+1), {result}")
            }
            Technique::XChain | Technique::XYChain | Technique::Aic => {
                let start = self.removes(0);
                let assumed = literal_name(layout, self.cells[0], self.symbols[0], start);
                format!("{} {}: {assumed} refutes itself, {result}", self.technique, self.chain(layout, start))
            }
            Technique::XCycle | Technique::YCycle | Technique::NiceLoop => format!(
                "{} {}: whichever way it goes, its candidates are true and false in turn, {result}",
                self.technique,
                self.chain(layout, true)
            ),
            Technique::NishioForcingChain | Technique::DynamicContradiction => {
                let start = literal_name(layout, self.cells[0], self.symbols[0], self.removes(0));
                let at = literal_name(layout, self.cells[1], self.symbols[1], true);
                let how = if self.technique == Technique::NishioForcingChain {
                    format!("following the {}s", self.symbols[0])
                } else {
                    "following it through the singles it makes".to_owned()
                };
                format!("If {start}, {how}, {at} would be both true and false ({}), {result}", self.technique)
            }
            Technique::DynamicDoubleForcing => {
                let (c, s) = (cell_name(layout, self.cells[0]), self.symbols[0]);
                format!("Whether {c} is {s} or not, {} ({}), {result}", self.conclusion(layout), self.technique)
            }
            Technique::CellForcingChain | Technique::DynamicCellForcingChain => {
                let choices = list(self.symbols[..self.symbols.len() - 1].iter().map(ToString::to_string));
                let c = cell_name(layout, self.cells[0]);
                format!("Whichever of {choices} {c} holds, {} ({}), {result}", self.conclusion(layout), self.technique)
            }
            Technique::HouseForcingChain | Technique::DynamicHouseForcingChain => {
                let places = list(self.cells[..self.cells.len() - 1].iter().map(|&c| cell_name(layout, c)));
                format!(
                    "Wherever the {} goes in {houses} ({places}), {} ({}), {result}",
                    self.symbols[0],
                    self.conclusion(layout),
                    self.technique
                )
            }
        }
    }

    /// Whether the step removes `symbols[i]` from `cells[i]` (for a chain:
    /// whether it started from that candidate being true).
    fn removes(&self, i: usize) -> bool {
        self.eliminations.contains(&(self.cells[i], self.symbols[i]))
    }

    /// `r1c1=5 → r1c5≠5 → …`: the chain of `cells` and `symbols`, true and
    /// false in turn from `start`; a cycle ends where it began.
    fn chain(&self, layout: &Layout, start: bool) -> String {
        let mut parts: Vec<String> = self
            .cells
            .iter()
            .zip(&self.symbols)
            .enumerate()
            .map(|(i, (&c, &s))| literal_name(layout, c, s, start == (i % 2 == 0)))
            .collect();
        if matches!(self.technique, Technique::XCycle | Technique::YCycle | Technique::NiceLoop) {
            parts.push(parts[0].clone());
        }
        parts.join(" → ")
    }

    /// "r5c5 is 3" or "r5c5 is not 3": the conclusion of a forcing step,
    /// the last of `cells` and the last of `symbols`.
    fn conclusion(&self, layout: &Layout) -> String {
        let (Some(&cell), Some(&s)) = (self.cells.last(), self.symbols.last()) else { return String::new() };
        let c = cell_name(layout, cell);
        if self.eliminations.contains(&(cell, s)) {
            format!("{c} is not {s}")
        } else {
            format!("{c} is {s}")
        }
    }
}

/// `r1c1=5` or `r1c1≠5`.
fn literal_name(layout: &Layout, cell: CellId, symbol: Symbol, on: bool) -> String {
    format!("{}{}{symbol}", cell_name(layout, cell), if on { "=" } else { "≠" })
}

/// "a", "a and b", "a, b and c".
fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `r4c1` on a board, `s2r3` on a Pie, `cell 7` elsewhere (all 1-based).
pub fn cell_name(layout: &Layout, cell: CellId) -> String {
    match layout.geometry() {
        crate::layout::Geometry::Pie { rings, .. } => {
            format!("s{}r{}", cell.index() / rings + 1, cell.index() % rings + 1)
        }
        _ => match layout.position(cell) {
            Some((r, c)) => format!("r{}c{}", r + 1, c + 1),
            None => format!("cell {}", cell.index() + 1),
        },
    }
}

/// "row 4", "box 5", "the diagonal": a house as players name it, numbered
/// within its kind from 1.
pub fn house_name(layout: &Layout, house: HouseId) -> String {
    let kind = layout.house(house).kind;
    let number = layout.houses()[..house.index()].iter().filter(|h| h.kind == kind).count() + 1;
    match kind {
        HouseKind::Row => format!("row {number}"),
        HouseKind::Column => format!("column {number}"),
        HouseKind::Box => format!("box {number}"),
        HouseKind::Region => format!("region {number}"),
        HouseKind::Diagonal => format!("diagonal {number}"),
        HouseKind::AntiDiagonal => format!("anti-diagonal {number}"),
        HouseKind::Ring => format!("ring {number}"),
        HouseKind::SectorPair => format!("sector pair {number}"),
        HouseKind::Extra => format!("house {}", house.index() + 1),
    }
}

/// Why a board cannot be set up or went wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    #[error("the logical solver handles up to {MAX_SYMBOLS} symbols, not {0}")]
    TooManySymbols(usize),
    #[error("expected {expected} cells, found {found}")]
    Length { expected: usize, found: usize },
    #[error("cell {cell} repeats a symbol of its house")]
    Repeat { cell: usize },
}

/// Values and candidates of a grid being solved by logic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<'a> {
    layout: &'a Layout,
    values: Vec<Option<Symbol>>,
    /// Candidates of each empty cell, one bit per symbol; 0 for a filled cell.
    cands: Vec<u64>,
    /// The puzzle is known to have one solution, so uniqueness techniques
    /// (unique rectangles, BUG) may be used.
    unique: bool,
}

impl<'a> Board<'a> {
    /// The board of a puzzle: every symbol its peers leave is a candidate.
    pub fn new(layout: &'a Layout, values: &[Option<Symbol>]) -> Result<Board<'a>, LogicError> {
        let n = layout.size();
        if n > MAX_SYMBOLS {
            return Err(LogicError::TooManySymbols(n));
        }
        if values.len() != layout.cell_count() {
            return Err(LogicError::Length { expected: layout.cell_count(), found: values.len() });
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut board =
            Board { layout, values: vec![None; values.len()], cands: vec![all; values.len()], unique: false };
        for (i, v) in values.iter().enumerate() {
            if let Some(s) = v {
                if board.cands[i] & (1 << s.index()) == 0 {
                    return Err(LogicError::Repeat { cell: i });
                }
                board.place(CellId(i as u32), *s);
            }
        }
        Ok(board)
    }

    /// The board with a player's pencil marks as the candidates of the
    /// empty cells (marks the peers' values rule out are dropped).
    pub fn with_marks(mut self, marks: &[u64]) -> Board<'a> {
        for (i, &m) in marks.iter().enumerate().take(self.cands.len()) {
            if self.values[i].is_none() {
                self.cands[i] &= m;
            }
        }
        self
    }

    /// The board of a puzzle known to have exactly one solution (check it
    /// first, e.g. with [`Solver::uniqueness`](crate::solver::Solver::uniqueness)):
    /// the uniqueness techniques rely on it and are skipped without it.
    pub fn assume_unique(mut self) -> Board<'a> {
        self.unique = true;
        self
    }

    /// Whether the puzzle is taken to have exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    pub fn layout(&self) -> &'a Layout {
        self.layout
    }

    pub fn value(&self, cell: CellId) -> Option<Symbol> {
        self.values[cell.index()]
    }

    pub fn values(&self) -> &[Option<Symbol>] {
        &self.values
    }

    /// The candidates of a cell (0 when it has a value).
    pub fn candidates(&self, cell: CellId) -> u64 {
        self.cands[cell.index()]
    }

    /// One pass over house `h`: the symbols placed there, and the symbols
    /// with one empty place or more, and with two or more (as masks).
    pub(crate) fn house_tally(&self, h: HouseId) -> HouseTally {
        let mut tally = HouseTally::default();
        for &c in &self.layout().house(h).cells {
            match self.value(c) {
                Some(v) => tally.placed |= 1 << v.index(),
                None => {
                    let m = self.candidates(c);
                    tally.twice |= tally.once & m;
                    tally.once |= m;
                }
            }
        }
        tally
    }

    pub fn has(&self, cell: CellId, symbol: Symbol) -> bool {
        self.cands[cell.index()] & (1 << symbol.index()) != 0
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// Some empty cell has no candidate left: the board is broken.
    pub fn is_broken(&self) -> bool {
        self.values.iter().zip(&self.cands).any(|(v, &c)| v.is_none() && c == 0)
    }

    /// Puts `symbol` in `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: CellId, symbol: Symbol) {
        self.values[cell.index()] = Some(symbol);
        self.cands[cell.index()] = 0;
        let bit = !(1u64 << symbol.index());
        for &p in self.layout.peers(cell) {
            self.cands[p.index()] &= bit;
        }
    }

    pub fn eliminate(&mut self, cell: CellId, symbol: Symbol) {
        self.cands[cell.index()] &= !(1u64 << symbol.index());
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(c, s) in &step.placements {
            if self.values[c.index()].is_none() {
                self.place(c, s);
            }
        }
        for &(c, s) in &step.eliminations {
            self.eliminate(c, s);
        }
    }

    /// The empty cells of a house where `symbol` is a candidate.
    pub fn places(&self, house: HouseId, symbol: Symbol) -> impl Iterator<Item = CellId> + '_ {
        let bit = 1u64 << symbol.index();
        self.layout.house(house).cells.iter().copied().filter(move |c| self.cands[c.index()] & bit != 0)
    }

    /// Whether `symbol` is already placed in `house`.
    pub fn placed_in(&self, house: HouseId, symbol: Symbol) -> bool {
        self.layout.house(house).cells.iter().any(|c| self.values[c.index()] == Some(symbol))
    }

    fn house_ids(&self) -> impl Iterator<Item = HouseId> {
        (0..self.layout.houses().len() as u32).map(HouseId)
    }

    /// Whether two cells see each other (share a house).
    pub fn sees(&self, a: CellId, b: CellId) -> bool {
        a != b && self.layout.peers(a).contains(&b)
    }
}

/// What [`Board::house_tally`] counts in a house, one bit per symbol.
#[derive(Clone, Copy, Default)]
pub(crate) struct HouseTally {
    pub placed: u64,
    /// Candidates in at least one empty cell.
    pub once: u64,
    /// Candidates in at least two empty cells.
    pub twice: u64,
}

/// The symbols of a mask, lowest first.
pub(crate) fn symbols_of(mut mask: u64) -> impl Iterator<Item = Symbol> {
    core::iter::from_fn(move || {
        (mask != 0).then(|| {
            let s = Symbol::new(mask.trailing_zeros() as usize);
            mask &= mask - 1;
            s
        })
    })
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

/// A technique family: it finds its easiest step on the board; a family
/// that looks at one symbol at a time (intersections, fish, strong links,
/// colouring, Nishio) finds its easiest step among the symbols of a mask,
/// so that [`rate`] asks it only about the symbols the last steps changed.
#[derive(Clone, Copy)]
enum Family {
    /// Looks at the whole board.
    All(fn(&Board) -> Option<Step>),
    /// Looks at each symbol of a mask alone.
    Each(fn(&Board, u64) -> Option<Step>),
}

use Family::{All, Each};

/// The technique families, easiest first; each finds its easiest step. As
/// in Sudoku Explainer, a family whose steps cost more for bigger patterns
/// sits at its easiest rating: two strong links (4.0 to 4.3, with the
/// finned X-Wings) come before XY-Wings, unique loops (4.5 to 5.0) before
/// naked quads, three strong links (5.4 to 5.7: finned Swordfish, then
/// colouring) before BUG+1.
const FAMILIES: &[Family] = &[
    All(singles::full_house),
    All(singles::hidden_single),
    Each(intersections::direct_pointing),
    Each(intersections::direct_claiming),
    All(subsets::direct_hidden_pair),
    All(singles::naked_single),
    All(subsets::direct_hidden_triple),
    Each(intersections::find),
    All(subsets::naked_pair),
    Each(fish::x_wing),
    All(subsets::hidden_pair),
    All(subsets::naked_triple),
    Each(fish::swordfish),
    All(subsets::hidden_triple),
    Each(single_digit::two_links),
    Each(finned_fish::x_wing),
    Each(single_digit::grouped_links),
    All(wings::xy_wing),
    All(wings::xyz_wing),
    All(uniqueness::unique_rectangle),
    All(subsets::naked_quad),
    Each(fish::jellyfish),
    All(subsets::hidden_quad),
    Each(finned_fish::swordfish),
    Each(colouring::three_links),
    All(uniqueness::bug_plus_one),
    Each(finned_fish::jellyfish),
    Each(colouring::four_links),
    All(chains::find),
    Each(colouring::long_chains),
    All(wings::w_wing),
    Each(forcing::nishio),
    All(forcing::multiple),
    All(forcing::dynamic),
];

/// The symbols of `mask` below `n`, lowest first.
pub(crate) fn symbols_among(n: usize, mask: u64) -> impl Iterator<Item = Symbol> {
    (0..n).filter(move |&s| mask >> s & 1 != 0).map(Symbol::new)
}

/// The easiest step the board allows, or `None` when no technique applies
/// (the puzzle then needs guessing, or is solved).
pub fn next_step(board: &Board) -> Option<Step> {
    easiest(board, &mut [0; FAMILIES.len()])
}

/// The easiest step, asking each family that looks at one symbol at a
/// time only about the symbols not in its `known` mask (those it found
/// nothing for, on a board where they were as they are now); a family
/// that finds nothing then knows every symbol.
fn easiest(board: &Board, known: &mut [u64; FAMILIES.len()]) -> Option<Step> {
    if board.is_solved() || board.is_broken() {
        return None;
    }
    let all = if board.layout().size() == 64 { u64::MAX } else { (1 << board.layout().size()) - 1 };
    FAMILIES.iter().zip(known.iter_mut()).find_map(|(family, known)| match *family {
        All(find) => find(board),
        Each(find) => {
            let asked = all & !*known;
            let step = if asked == 0 { None } else { find(board, asked) };
            if step.is_none() {
                *known = u64::MAX;
            }
            step
        }
    })
}

/// How hard a puzzle feels, by the hardest step it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Hidden singles in boxes (SE up to 1.2).
    Easy,
    /// Singles (SE up to 2.4).
    Medium,
    /// Intersections, subsets, basic fish and wings (SE up to 4.9).
    Hard,
    /// Harder patterns and short chains (SE up to 6.9).
    Expert,
    /// Long chains and forcing chains (SE 7.0 and up).
    Extreme,
    /// Past every technique the solver knows.
    NeedsGuessing,
}

impl Level {
    /// The level of a Sudoku Explainer rating.
    pub fn of(se: f32) -> Level {
        match se {
            x if x <= 1.25 => Level::Easy,
            x if x <= 2.45 => Level::Medium,
            x if x <= 4.95 => Level::Hard,
            x if x <= 6.95 => Level::Expert,
            _ => Level::Extreme,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::NeedsGuessing => "needs guessing",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rating of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The hardest step on the path of easiest steps (SE scale); past the
    /// techniques known, the rating of the hardest step taken before.
    pub se: f32,
    pub level: Level,
    /// The technique of that hardest step.
    pub hardest: Option<Technique>,
    /// Every step taken.
    pub steps: Vec<Step>,
    /// Logic alone solved the puzzle.
    pub solved: bool,
}

/// Rates a puzzle: applies easiest steps until it is solved or none is
/// left. The uniqueness techniques are used when the puzzle has exactly one
/// solution.
pub fn rate(layout: &Layout, givens: &[Option<Symbol>]) -> Result<Rating, LogicError> {
    let mut board = Board::new(layout, givens)?;
    if matches!(crate::solver::Solver::new(layout).uniqueness(givens), crate::solver::Uniqueness::Unique(_)) {
        board = board.assume_unique();
    }
    let mut steps: Vec<Step> = Vec::new();
    // What a family found nothing for stays so while its symbol's places
    // are as they were: a step changes the symbols it places or removes,
    // and those of the cells it fills.
    let mut known = [0; FAMILIES.len()];
    while let Some(step) = easiest(&board, &mut known) {
        let mut changed = 0u64;
        for &(c, s) in &step.placements {
            changed |= board.candidates(c) | 1 << s.index();
        }
        for &(_, s) in &step.eliminations {
            changed |= 1 << s.index();
        }
        for k in &mut known {
            *k &= !changed;
        }
        board.apply(&step);
        steps.push(step);
    }
    let solved = board.is_solved();
    let hardest = steps.iter().max_by(|a, b| a.rating.total_cmp(&b.rating));
    let se = hardest.map_or(0.0, |s| s.rating);
    let level = if solved { Level::of(se) } else { Level::NeedsGuessing };
    Ok(Rating { se, level, hardest: hardest.map(|s| s.technique), steps, solved })
}

#[cfg(test)]
mod tests;
