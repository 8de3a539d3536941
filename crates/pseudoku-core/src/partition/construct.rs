//! Making instances with exactly one answer: what to make
//! ([`ConstructConfig`]), what comes out ([`Construction`]), and the entry
//! points.
//!
//! [`construct`] picks random regions ([`random_regions`]), fills them with
//! symbols (a [`GridFiller`], in `fillers.rs`), and places walls on the
//! borders of those regions until they are the only answer, then removes
//! every wall that is not needed (`walls.rs`). All randomness comes from a
//! `ChaCha8Rng` seeded with the caller's `u64`, sampled through `u32` ranges
//! only, so a seed gives the same instance on every platform (wasm32
//! included).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::fillers::{GridFiller, RegionShuffleFiller, SolverFiller};
use super::solve::first_answers;
use super::validate::validate;
use super::walls::{place_walls, Difficulty, WallStrategy};
use super::{Edge, Instance, InstanceError, Partition, MAX_SIZE};
use crate::layout::random_regions;
use crate::search::SearchEnd;
use crate::seed::shuffle;

/// What to construct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConstructConfig {
    /// `N`.
    pub size: usize,
    pub difficulty: Difficulty,
    /// Node budget of each uniqueness search. A search that runs out counts
    /// as "maybe not unique": the wall it was testing stays.
    pub node_budget: u64,
    /// How many grids (or, for a given grid, how many answers) to try before
    /// giving up.
    pub attempts: u32,
    pub strategy: WallStrategy,
}

impl ConstructConfig {
    /// Defaults for an `N × N` instance: medium, 8 attempts; up to 10×10,
    /// 4 million nodes per search and [`WallStrategy::AddThenTrim`]; above,
    /// 40 million nodes and [`WallStrategy::SeedThenTrim`] from 25 % of the
    /// borders (adding from no walls is too slow on large grids).
    pub fn new(size: usize) -> ConstructConfig {
        ConstructConfig {
            size,
            difficulty: Difficulty::Medium,
            node_budget: if size <= 10 { 4_000_000 } else { 40_000_000 },
            attempts: 8,
            strategy: if size <= 10 { WallStrategy::AddThenTrim } else { WallStrategy::SeedThenTrim { percent: 25 } },
        }
    }
}

/// Why nothing was constructed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConstructError {
    #[error("partition instances are between 2×2 and {MAX_SIZE}×{MAX_SIZE}, not {0}×{0}")]
    BadSize(usize),
    #[error(transparent)]
    Grid(#[from] InstanceError),
    #[error("the grid cannot be cut into {0} regions that each hold every symbol once")]
    NoPartition(usize),
    #[error("the given answer is not a valid partition of the grid: {0}")]
    BadAnswer(String),
    #[error("no unique instance found in {attempts} attempts within the node budget")]
    GaveUp { attempts: u32 },
}

/// A constructed instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Construction {
    /// The grid and its walls; it has exactly one answer.
    pub instance: Instance,
    /// That answer.
    pub answer: Partition,
    /// The minimal wall set the walls of `instance` were built from (equal
    /// to them for [`Difficulty::Hard`]).
    pub core_walls: Vec<Edge>,
}

/// [`place_walls`] on `grid` around `answer`, as `config` says.
fn walled(grid: &Instance, answer: &Partition, config: &ConstructConfig, rng: &mut ChaCha8Rng) -> Option<Construction> {
    let (instance, core_walls) =
        place_walls(grid, answer, config.strategy, config.difficulty, config.node_budget, rng)?;
    Some(Construction { instance, answer: answer.clone(), core_walls })
}

/// A new grid (random regions filled as a jigsaw sudoku) with walls giving
/// it exactly one answer. When the Latin fill finds no grid for a layout
/// (common from 16×16 up), that layout is filled region by region instead
/// ([`RegionShuffleFiller`]).
pub fn construct(config: &ConstructConfig, seed: u64) -> Result<Construction, ConstructError> {
    construct_with(config, &SolverFiller, seed)
}

/// [`construct`] with another way of filling the regions with symbols; when
/// `filler` fails on a layout, [`RegionShuffleFiller`] fills it.
pub fn construct_with(
    config: &ConstructConfig,
    filler: &dyn GridFiller,
    seed: u64,
) -> Result<Construction, ConstructError> {
    let n = check_size(config.size)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let attempts = config.attempts.max(1);
    for attempt in 0..attempts {
        let regions = random_regions(n, &mut rng);
        // Not every layout has a Latin fill (few random 16×16 ones do). Up to
        // 12×12 most do, so try another layout; above, or on the last
        // attempt, fall back to a grid that is Latin in the regions only.
        let symbols = match filler.fill(n, &regions, &mut rng) {
            Some(symbols) => symbols,
            None if n <= 12 && attempt + 1 < attempts => continue,
            None => RegionShuffleFiller.fill(n, &regions, &mut rng).expect("always fills"),
        };
        let grid = Instance::new(n, symbols, [])?;
        let answer = Partition::from_labels(n, &regions).expect("n² labels");
        if let Some(c) = walled(&grid, &answer, config, &mut rng) {
            return Ok(c);
        }
    }
    Err(ConstructError::GaveUp { attempts: config.attempts.max(1) })
}

/// Walls for a given filled grid (its own walls are ignored): finds answers
/// of the grid, steering the search with random temporary walls so the
/// answer is not always the first one in search order, and makes one of them
/// unique.
pub fn construct_for_grid(
    grid: &Instance,
    config: &ConstructConfig,
    seed: u64,
) -> Result<Construction, ConstructError> {
    check_size(grid.size())?;
    let n = grid.size();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let bare = grid.with_walls([])?;
    let attempts = config.attempts.max(1);
    let budget = Some(config.node_budget);
    let (plain, report) = first_answers(&bare, &[], 1, budget);
    if plain.is_empty() && report.end == SearchEnd::Exhausted {
        return Err(ConstructError::NoPartition(n));
    }
    let edges: Vec<Edge> = Edge::all(n).collect();
    let mut steer = 2 * n;
    for attempt in 0..attempts {
        // The last attempt takes the first answer in search order.
        let answer = if attempt + 1 == attempts {
            plain.first().cloned()
        } else {
            let mut walls: Vec<Edge> = edges.clone();
            shuffle(&mut walls, &mut rng);
            walls.truncate(steer);
            steer /= 2;
            first_answers(&bare.with_walls(walls)?, &[], 1, budget).0.into_iter().next()
        };
        if let Some(answer) = answer {
            if let Some(c) = walled(&bare, &answer, config, &mut rng) {
                return Ok(c);
            }
        }
    }
    Err(ConstructError::GaveUp { attempts })
}

/// Walls for a given grid and answer (the grid's own walls are ignored).
pub fn construct_for_answer(
    grid: &Instance,
    answer: &Partition,
    config: &ConstructConfig,
    seed: u64,
) -> Result<Construction, ConstructError> {
    check_size(grid.size())?;
    let bare = grid.with_walls([])?;
    let labels: Vec<Option<usize>> = answer.labels().map(Some).collect();
    let check = validate(&bare, &labels).map_err(|e| ConstructError::BadAnswer(e.to_string()))?;
    if !check.is_solved() {
        let why = check.messages();
        return Err(ConstructError::BadAnswer(why.join("; ")));
    }
    let answer = Partition::from_labels(grid.size(), &answer.labels().collect::<Vec<_>>()).expect("n² labels");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..config.attempts.max(1) {
        if let Some(c) = walled(&bare, &answer, config, &mut rng) {
            return Ok(c);
        }
    }
    Err(ConstructError::GaveUp { attempts: config.attempts.max(1) })
}

fn check_size(size: usize) -> Result<usize, ConstructError> {
    if (2..=MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(ConstructError::BadSize(size))
    }
}
