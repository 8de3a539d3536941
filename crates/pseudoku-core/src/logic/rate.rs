//! Rating: the technique families tried easiest first ([`next_step`]), and
//! [`rate`], which applies easiest steps and rates a puzzle by its hardest.

use core::fmt;

use super::{
    chains, colouring, finned_fish, fish, forcing, intersections, single_digit, singles, subsets, uniqueness, wings,
};
use super::{Board, LogicError, Step, Technique};
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
