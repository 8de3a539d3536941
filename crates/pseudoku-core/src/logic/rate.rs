//! Rating: the technique families tried easiest first ([`next_step`]), and
//! [`rate`], which applies easiest steps and rates a puzzle by its hardest.

use core::fmt;

use super::forcing::{Budget, Memo};
use super::{
    chains, colouring, finned_fish, fish, forcing, intersections, single_digit, singles, subsets, uniqueness, wings,
};
use super::{Board, ForcingForm, LogicError, Step, Technique};
use crate::layout::Layout;
use crate::symbol::Symbol;

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
    /// The rater stopped (its budget ran out, or no technique it searches
    /// applies) on a puzzle with one solution: harder than every puzzle it
    /// could rate, at least the rating it says.
    Beyond,
    /// The puzzle has no single solution to reason towards (or its grid
    /// is past what the logical solver handles).
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
            Level::Beyond => "beyond the rater",
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
    /// The hardest step on the path of easiest steps (SE scale). When the
    /// rater stopped short (`at_least`), a lower bound: the hardest step
    /// taken, or the rating of the techniques it was searching when it
    /// stopped, whichever is higher.
    pub se: f32,
    pub level: Level,
    /// The technique of the hardest step taken.
    pub hardest: Option<Technique>,
    /// Every step taken.
    pub steps: Vec<Step>,
    /// Logic alone solved the puzzle.
    pub solved: bool,
    /// The rater stopped before solving: the puzzle is at least `se`.
    pub at_least: bool,
    /// The search nodes the nested forcing chains took (of the budget).
    pub nodes: u64,
}

/// How much work a rating may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateConfig {
    /// Search nodes (literals implied) the nested forcing chains (SE 9.0
    /// and up) may take in all; the techniques up to 8.5 are bounded and
    /// not counted.
    pub budget: u64,
}

impl Default for RateConfig {
    fn default() -> RateConfig {
        RateConfig { budget: DEFAULT_BUDGET }
    }
}

/// The default [`RateConfig::budget`]: enough for most puzzles of the
/// forum's SE 11+ list (a sample of 20 took at most 29.5 million nodes,
/// about a minute on a busy machine); past it, a rating says
/// [`Level::Beyond`] and the level it reached.
pub const DEFAULT_BUDGET: u64 = 30_000_000;

/// Rates a puzzle: applies easiest steps until it is solved or none is
/// left, within the default budget. The uniqueness techniques (and the
/// nested forcing chains) are used when the puzzle has exactly one
/// solution.
pub fn rate(layout: &Layout, givens: &[Option<Symbol>]) -> Result<Rating, LogicError> {
    rate_with(layout, givens, RateConfig::default())
}

/// [`rate`] within `config`.
pub fn rate_with(layout: &Layout, givens: &[Option<Symbol>], config: RateConfig) -> Result<Rating, LogicError> {
    let mut rater = Rater::new(layout, givens, config)?;
    while rater.step().is_some() {}
    Ok(rater.finish())
}

/// A rating made one step at a time, so a caller can show progress
/// ("rating… 9.5 so far") between steps. Each step's search is bounded by
/// what is left of the budget.
pub struct Rater<'a> {
    board: Board<'a>,
    steps: Vec<Step>,
    /// What a family found nothing for stays so while its symbol's places
    /// are as they were: a step changes the symbols it places or removes,
    /// and those of the cells it fills.
    known: [u64; FAMILIES.len()],
    budget: Budget,
    /// The nested searches' steps so far, by the board searched.
    memo: Memo,
    /// The budget it started with.
    start: u64,
    /// When the rater stopped short: the rating of the techniques it was
    /// searching (none easier applied), a lower bound of the puzzle's.
    floor: f32,
    done: bool,
}

impl<'a> Rater<'a> {
    pub fn new(layout: &'a Layout, givens: &[Option<Symbol>], config: RateConfig) -> Result<Rater<'a>, LogicError> {
        let mut board = Board::new(layout, givens)?;
        if matches!(crate::solver::Solver::new(layout).uniqueness(givens), crate::solver::Uniqueness::Unique(_)) {
            board = board.assume_unique();
        }
        Ok(Rater {
            board,
            steps: Vec::new(),
            known: [0; FAMILIES.len()],
            budget: Budget::new(config.budget),
            memo: Memo::default(),
            start: config.budget,
            floor: 0.0,
            done: false,
        })
    }

    /// Finds and applies the next easiest step; `None` when the rating is
    /// done (solved, or stopped).
    pub fn step(&mut self) -> Option<&Step> {
        if self.done {
            return None;
        }
        let Some(step) = self.next() else {
            self.done = true;
            return None;
        };
        let board = &mut self.board;
        let mut changed = 0u64;
        for &(c, s) in &step.placements {
            changed |= board.candidates(c) | 1 << s.index();
        }
        for &(_, s) in &step.eliminations {
            changed |= 1 << s.index();
        }
        for k in &mut self.known {
            *k &= !changed;
        }
        board.apply(&step);
        self.steps.push(step);
        self.steps.last()
    }

    /// The easiest step: the everyday families, then the nested forcing
    /// chains level by level within the budget. When the budget runs out
    /// at a level, the puzzle is known to need at least that level.
    fn next(&mut self) -> Option<Step> {
        if let Some(step) = easiest(&self.board, &mut self.known) {
            return Some(step);
        }
        if !self.board.is_unique() || self.board.is_solved() || self.board.is_broken() {
            return None;
        }
        for level in 1..=forcing::MAX_LEVEL {
            let step = forcing::nested(&self.board, level, &mut self.budget, &mut self.memo);
            if self.budget.is_out() {
                self.floor = self.floor.max(Technique::NestedForcingChain { level, form: ForcingForm::Cell }.rating());
                return None;
            }
            if step.is_some() {
                return step;
            }
        }
        let past = Technique::NestedForcingChain { level: forcing::MAX_LEVEL, form: ForcingForm::Cell };
        self.floor = self.floor.max(past.rating());
        None
    }

    /// The rating so far: the hardest step taken.
    pub fn so_far(&self) -> f32 {
        self.steps.iter().map(|s| s.rating).fold(0.0, f32::max)
    }

    /// The steps taken so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The rating: of the whole path when solved; otherwise a lower bound,
    /// with level [`Level::Beyond`] for a puzzle with one solution.
    pub fn finish(self) -> Rating {
        let solved = self.board.is_solved();
        let hardest = self.steps.iter().max_by(|a, b| a.rating.total_cmp(&b.rating));
        let taken = hardest.map_or(0.0, |s| s.rating);
        let hardest = hardest.map(|s| s.technique);
        let (se, level) = if solved {
            (taken, Level::of(taken))
        } else if self.board.is_unique() && (self.budget.is_out() || self.floor > 0.0) {
            (taken.max(self.floor), Level::Beyond)
        } else {
            (taken, Level::NeedsGuessing)
        };
        let nodes = self.start - self.budget.left();
        Rating { se, level, hardest, steps: self.steps, solved, at_least: !solved, nodes }
    }
}
