//! Puzzles made to a difficulty: generate, rate with the logical solver
//! ([`crate::logic`]), and when a puzzle is too hard, give back the value of
//! a cell where easier logic gets stuck until it is in its level (a given
//! more never makes a puzzle harder); a puzzle too easy is set aside for a
//! new one.

use super::{generate, GenerateConfig, GenerateError, Generated};
use crate::layout::{CellId, Layout};
use crate::logic::{next_step, rate, Board, Level, Rating};

/// How many puzzles [`generate_rated`] tries before it gives up.
pub const RATED_ATTEMPTS: u32 = 2000;

/// A puzzle of the level asked for, with its rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedPuzzle {
    pub generated: Generated,
    pub rating: Rating,
    /// Puzzles made before this one.
    pub attempts: u32,
}

/// The highest rating of a level (`f32::MAX` for the last).
fn band_top(level: Level) -> f32 {
    match level {
        Level::Easy => 1.2,
        Level::Medium => 2.4,
        Level::Hard => 4.9,
        Level::Expert => 6.9,
        Level::Extreme | Level::Beyond | Level::NeedsGuessing => f32::MAX,
    }
}

/// A puzzle of `layout` whose rating is in `level`, reproducible from
/// `seed`. Easier levels keep more givens: from a minimal puzzle for the
/// hard levels, from a plain one for the easy ones.
///
/// # Errors
/// [`GenerateError::Level`] when none was found in [`RATED_ATTEMPTS`]
/// puzzles (the layout may not allow the level, such as `extreme` on a
/// 4×4), and the generator's own errors.
pub fn generate_rated(
    layout: &Layout,
    config: &GenerateConfig,
    level: Level,
    seed: u64,
) -> Result<RatedPuzzle, GenerateError> {
    let config = GenerateConfig { minimal: config.minimal || level >= Level::Hard, ..config.clone() };
    for attempt in 0..RATED_ATTEMPTS {
        let seed = seed.wrapping_add(u64::from(attempt).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut generated = generate(layout, &config, seed)?;
        let Ok(mut rating) = rate(layout, &generated.givens) else { continue };
        // Too hard: give back values where logic of this level gets stuck.
        while rating.level > level && level < Level::Extreme {
            let Some(cell) = stuck_cell(layout, &generated, band_top(level)) else { break };
            generated.givens[cell.index()] = Some(generated.solution[cell.index()]);
            let Ok(r) = rate(layout, &generated.givens) else { break };
            rating = r;
        }
        if rating.level == level {
            return Ok(RatedPuzzle { generated, rating, attempts: attempt });
        }
    }
    Err(GenerateError::Level { level: level.name(), attempts: RATED_ATTEMPTS })
}

/// Where steps rated up to `top` leave the puzzle: the empty cell with the
/// fewest candidates (the first such), or `None` when they solve it.
fn stuck_cell(layout: &Layout, generated: &Generated, top: f32) -> Option<CellId> {
    let mut board = Board::new(layout, &generated.givens).ok()?;
    while let Some(step) = next_step(&board).filter(|s| s.rating <= top) {
        board.apply(&step);
    }
    (0..layout.cell_count() as u32)
        .map(CellId)
        .filter(|&c| board.value(c).is_none())
        .min_by_key(|&c| board.candidates(c).count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_gets_a_unique_puzzle_of_its_rating() {
        let layout = Layout::classic(3).unwrap();
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            for seed in 0..3 {
                let made = generate_rated(&layout, &GenerateConfig::default(), level, seed).unwrap();
                assert_eq!(made.rating.level, level);
                let mut solver = crate::solver::Solver::new(&layout);
                assert_eq!(
                    solver.uniqueness(&made.generated.givens),
                    crate::solver::Uniqueness::Unique(made.generated.solution.clone())
                );
                let again = generate_rated(&layout, &GenerateConfig::default(), level, seed).unwrap();
                assert_eq!(again.generated, made.generated, "a seed gives the same puzzle");
            }
        }
    }
}
