//! Challenges made to a level: a minimal set of walls from
//! [`partition::construct`], then walls on the answer's borders added where
//! the solve gets stuck, until a person can solve it at that level.
//!
//! Each attempt constructs a unique challenge with minimal walls and rates
//! it with the techniques up to the level. Too easy already: next attempt.
//! Stuck: a wall is added on one of the answer's borders still open where
//! the path stopped (chosen by the seed), and the path goes on from there
//! (the techniques are monotone, so this reaches what a solve from the
//! start would). Once solved, the challenge is rated from the start; if the
//! last wall made it easier than the level, the attempt fails (a path
//! with every technique and no wall added is that rating already). Everything
//! comes from the seed, so a seed names one challenge.

use super::board::{Board, Mark};
use super::path::{rate, rating_of, solve_path, DeduceConfig, End, Next, Rating, Stepper};
use super::technique::Level;
use crate::partition::{self, ConstructConfig, ConstructError, Difficulty, Instance, Partition};
use crate::seed::rng_from_seed;

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedConfig {
    pub level: Level,
    /// How the minimal challenges are made (its difficulty is ignored: always minimal walls).
    pub construct: ConstructConfig,
    pub deduce: DeduceConfig,
    /// Minimal challenges to try before giving up.
    pub attempts: u32,
}

impl RatedConfig {
    /// Defaults for an `N × N` challenge of `level`: 12 attempts.
    pub fn new(size: usize, level: Level) -> RatedConfig {
        RatedConfig {
            level,
            construct: ConstructConfig { difficulty: Difficulty::Hard, attempts: 4, ..ConstructConfig::new(size) },
            deduce: DeduceConfig::new(size),
            attempts: 12,
        }
    }
}

/// A challenge of the level asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedConstruction {
    /// Exactly one answer.
    pub instance: Instance,
    pub answer: Partition,
    pub rating: Rating,
    /// Attempts used (1 when the first minimal challenge fitted).
    pub attempts: u32,
    /// Walls added to the minimal set.
    pub added_walls: usize,
}

/// Makes a unique challenge whose rating is `config.level`, or
/// [`ConstructError::GaveUp`] after `config.attempts` tries.
pub fn construct_rated(config: &RatedConfig, seed: u64) -> Result<RatedConstruction, ConstructError> {
    let mut rng = rng_from_seed(seed);
    let mut construct = config.construct;
    construct.difficulty = Difficulty::Hard;
    for attempt in 0..config.attempts.max(1) {
        let sub = seed.wrapping_add(u64::from(attempt).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let made = partition::construct(&construct, sub)?;
        if let Some((instance, rating, added_walls)) = fit(config, made.instance, &made.answer, &mut rng) {
            return Ok(RatedConstruction { instance, answer: made.answer, rating, attempts: attempt + 1, added_walls });
        }
    }
    Err(ConstructError::GaveUp { attempts: config.attempts.max(1) })
}

/// Adds walls to `instance` until the level is reached; `None` when it is
/// easier, or becomes easier with the wall that made it solvable.
fn fit(
    config: &RatedConfig,
    mut instance: Instance,
    answer: &Partition,
    rng: &mut crate::seed::EngineRng,
) -> Option<(Instance, Rating, usize)> {
    let level = config.level;
    if level == Level::NeedsGuessing {
        let rating = rate(&instance, &config.deduce);
        return (rating.end == End::Stuck).then_some((instance, rating, 0));
    }
    let limited = DeduceConfig { hardest: level.hardest()?, ..config.deduce };
    // The answer is known: the steppers need not search for it.
    let mut stepper = Stepper::from_board(Board::new(&instance), &limited).knowing(answer);
    let mut added = 0;
    // The path's steps while no wall was added.
    let mut steps = Vec::new();
    loop {
        match stepper.next() {
            Next::Step(step) => {
                if added == 0 {
                    steps.push(step);
                }
                continue;
            }
            Next::Solved => break,
            Next::Stuck => {}
            Next::OutOfBudget | Next::NoAnswer => return None,
        }
        // Stuck: a wall on a border of the answer still open here.
        let open: Vec<_> = stepper.board().edges_marked(Mark::Open).into_iter().filter(|&e| !answer.joins(e)).collect();
        if open.is_empty() {
            return None;
        }
        use rand::Rng;
        let wall = open[rng.random_range(0..open.len() as u32) as usize];
        instance.add_wall(wall).ok()?;
        added += 1;
        let mut board = stepper.board().clone();
        board.add_border(wall).ok()?;
        stepper = Stepper::from_board(board, &limited).knowing(answer);
    }
    // With no wall added and every technique allowed (the extreme level),
    // the path taken is the rating's path from the start: the same steps
    // and nodes, so it is not walked again.
    let rating = if added == 0 && limited == config.deduce {
        rating_of(steps, End::Solved, &stepper)
    } else {
        solve_path(Stepper::from_board(Board::new(&instance), &config.deduce).knowing(answer))
    };
    (rating.solved && rating.level == level).then_some((instance, rating, added))
}
