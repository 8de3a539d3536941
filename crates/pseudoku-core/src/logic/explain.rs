//! The words of a step: one sentence naming its cells and houses as
//! players do, made from the step's data.

use super::{ForcingForm, Step, Technique};
use crate::layout::{CellId, HouseId, HouseKind, Layout};
use crate::symbol::Symbol;

impl Step {
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
            Technique::NishioForcingChain
            | Technique::DynamicContradiction
            | Technique::NestedForcingChain { form: ForcingForm::Contradiction, .. } => {
                let start = literal_name(layout, self.cells[0], self.symbols[0], self.removes(0));
                let at = literal_name(layout, self.cells[1], self.symbols[1], true);
                let how = if self.technique == Technique::NishioForcingChain {
                    format!("following the {}s", self.symbols[0])
                } else {
                    "following it through the singles it makes".to_owned()
                };
                format!("If {start}, {how}, {at} would be both true and false ({}), {result}", self.technique)
            }
            Technique::DynamicDoubleForcing | Technique::NestedForcingChain { form: ForcingForm::Double, .. } => {
                let (c, s) = (cell_name(layout, self.cells[0]), self.symbols[0]);
                format!("Whether {c} is {s} or not, {} ({}), {result}", self.conclusion(layout), self.technique)
            }
            Technique::CellForcingChain
            | Technique::DynamicCellForcingChain
            | Technique::NestedForcingChain { form: ForcingForm::Cell, .. } => {
                let choices = list(self.symbols[..self.symbols.len() - 1].iter().map(ToString::to_string));
                let c = cell_name(layout, self.cells[0]);
                format!("Whichever of {choices} {c} holds, {} ({}), {result}", self.conclusion(layout), self.technique)
            }
            Technique::HouseForcingChain
            | Technique::DynamicHouseForcingChain
            | Technique::NestedForcingChain { form: ForcingForm::House, .. } => {
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
