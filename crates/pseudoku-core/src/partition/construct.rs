//! Making instances with exactly one answer.
//!
//! [`construct`] picks random regions ([`random_regions`]), fills them with
//! symbols (a [`GridFiller`]), and places walls on the borders of those
//! regions until they are the only answer, then removes every wall that is
//! not needed. All randomness comes from a `ChaCha8Rng` seeded with the
//! caller's `u64`, sampled through `u32` ranges only, so a seed gives the same
//! instance on every platform (wasm32 included).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::solve::{first_answers, uniqueness, Finish, Uniqueness};
use super::validate::validate;
use super::{Edge, Instance, InstanceError, Partition, MAX_SIZE};
use crate::generate::{fill_with, FillBudget};
use crate::layout::{random_regions, Layout};
use crate::seed::shuffle;
use crate::solver::Solver;
use crate::symbol::Symbol;

/// How much help the walls give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// A minimal set of walls plus `N` more on the answer's borders, at the
    /// contested spots: the edges that other answers put inside a region
    /// while the walls were being placed, most contested first.
    Easy,
    /// A minimal set plus `N / 2` more contested walls.
    #[default]
    Medium,
    /// A minimal set of walls: removing any one of them lets another answer
    /// in.
    Hard,
}

impl Difficulty {
    fn extra_walls(self, size: usize) -> usize {
        match self {
            Difficulty::Easy => size,
            Difficulty::Medium => size / 2,
            Difficulty::Hard => 0,
        }
    }
}

/// How the walls are found; both end with a minimal set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WallStrategy {
    /// Add walls where other answers cross the answer's borders until it is
    /// unique, then remove the walls not needed. Usually fewer walls, but the
    /// first searches (few walls, many answers) are slow on large grids.
    AddThenTrim,
    /// Wall every border of the answer (trivially unique), then remove walls
    /// one by one while the answer stays unique. No search ever sees a
    /// nearly wall-free grid, but there are many searches.
    TrimFromBorders,
    /// Wall this percentage of the answer's borders (chosen at random), then
    /// as [`WallStrategy::AddThenTrim`]: the first searches are already
    /// constrained, and there are fewer walls to trim than from all borders.
    SeedThenTrim { percent: u8 },
}

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

/// Fills a layout of `N` regions with symbols so that each region holds each
/// symbol once. A trait so that the sudoku solver's jigsaw fill can replace
/// the fallbacks here.
pub trait GridFiller {
    /// `regions[cell]` in `0..size`; `None` when this filler found no grid.
    fn fill(&self, size: usize, regions: &[usize], rng: &mut ChaCha8Rng) -> Option<Vec<Symbol>>;
}

/// A jigsaw sudoku solution: Latin in rows, columns and regions, by a small
/// randomized backtracking (hidden singles, then fewest candidates first),
/// with restarts. Self-contained; [`SolverFiller`] is faster and succeeds
/// more often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JigsawLatinFiller {
    /// Nodes per restart.
    pub node_budget: u64,
    pub restarts: u32,
}

impl Default for JigsawLatinFiller {
    fn default() -> Self {
        JigsawLatinFiller { node_budget: 20_000, restarts: 4 }
    }
}

/// A jigsaw sudoku solution from the engine's sudoku solver
/// ([`crate::generate::fill`] on [`Layout::jigsaw`]): Latin in rows, columns
/// and regions. The default filler.
///
/// It gives up after a short try ([`SolverFiller::BUDGET`]) and lets the
/// caller draw another layout or fall back: an awkward layout (at 16×16 most
/// random ones; now and then one at 9×9) can take a plain fill's whole budget,
/// seconds, to give up on, and a new layout is cheaper.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverFiller;

impl SolverFiller {
    /// The fill budget: 5 restarts, the first of `k·N²` nodes, each twice
    /// the one before; `k` is 16 up to 12×12, where most layouts have a
    /// Latin fill, and 4 above, where most have none.
    pub const BUDGET: (u32, u64, u64) = (5, 16, 4);
}

impl GridFiller for SolverFiller {
    fn fill(&self, size: usize, regions: &[usize], rng: &mut ChaCha8Rng) -> Option<Vec<Symbol>> {
        let layout = Layout::jigsaw(size, regions).ok()?;
        let blank = vec![None; size * size];
        let (attempts, small, large) = SolverFiller::BUDGET;
        let per_cell = if size <= 12 { small } else { large };
        let budget = FillBudget { attempts, nodes_per_attempt: per_cell * (size * size) as u64 };
        fill_with(&mut Solver::new(&layout), &layout, &blank, rng, budget).ok()
    }
}

/// Each region a random permutation of the symbols; rows and columns are
/// not Latin. Always succeeds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegionShuffleFiller;

impl GridFiller for RegionShuffleFiller {
    fn fill(&self, size: usize, regions: &[usize], rng: &mut ChaCha8Rng) -> Option<Vec<Symbol>> {
        let mut perms: Vec<Vec<usize>> = (0..size)
            .map(|_| {
                let mut p: Vec<usize> = (0..size).collect();
                shuffle(&mut p, rng);
                p
            })
            .collect();
        Some(regions.iter().map(|&r| Symbol::new(perms[r].pop().expect("N cells per region"))).collect())
    }
}

impl GridFiller for JigsawLatinFiller {
    fn fill(&self, size: usize, regions: &[usize], rng: &mut ChaCha8Rng) -> Option<Vec<Symbol>> {
        (0..self.restarts.max(1)).find_map(|_| latin_fill(size, regions, self.node_budget, rng))
    }
}

/// One randomized backtracking run of the jigsaw fill.
fn latin_fill(n: usize, regions: &[usize], budget: u64, rng: &mut ChaCha8Rng) -> Option<Vec<Symbol>> {
    let cells = n * n;
    let mut used = vec![0u64; 3 * n]; // rows, columns, regions
    let houses = |c: usize| [c / n, n + c % n, 2 * n + regions[c]];
    let mut house_cells = vec![Vec::with_capacity(n); 3 * n];
    for c in 0..cells {
        for h in houses(c) {
            house_cells[h].push(c);
        }
    }
    let mut value = vec![u8::MAX; cells];
    // Explicit stack of (cell, candidates still to try).
    let mut stack: Vec<(usize, u64)> = Vec::with_capacity(cells);
    let mut nodes = 0u64;
    let mut next = choose_cell(n, &house_cells, &houses, &value, &used, rng);
    loop {
        nodes += 1;
        if nodes > budget {
            return None;
        }
        let Some((c, cand)) = next else {
            return Some(value.iter().map(|&v| Symbol::new(v as usize)).collect());
        };
        if cand == 0 {
            // Backtrack to the last cell with candidates left.
            loop {
                let (c, rest) = stack.pop()?;
                let v = value[c] as usize;
                for h in houses(c) {
                    used[h] &= !(1 << v);
                }
                value[c] = u8::MAX;
                if rest != 0 {
                    next = Some((c, rest));
                    break;
                }
            }
            continue;
        }
        // Try a random candidate of `c`.
        let k = rng.random_range(0..cand.count_ones());
        let v = nth_bit(cand, k);
        stack.push((c, cand & !(1 << v)));
        value[c] = v as u8;
        for h in houses(c) {
            used[h] |= 1 << v;
        }
        next = choose_cell(n, &house_cells, &houses, &value, &used, rng);
    }
}

/// What to branch on next: a symbol with one place left in a house (a
/// hidden single), else the empty cell with the fewest candidates (ties
/// broken at random). `(cell, 0)` means a dead end; `None` a full grid.
fn choose_cell(
    n: usize,
    house_cells: &[Vec<usize>],
    houses: &impl Fn(usize) -> [usize; 3],
    value: &[u8],
    used: &[u64],
    rng: &mut ChaCha8Rng,
) -> Option<(usize, u64)> {
    let full = (1u64 << n) - 1;
    let cand = |c: usize| full & !houses(c).iter().fold(0, |a, &h| a | used[h]);
    for (h, cells) in house_cells.iter().enumerate() {
        let (mut once, mut twice) = (0u64, 0u64);
        let mut empty = None;
        for &c in cells.iter().filter(|&&c| value[c] == u8::MAX) {
            let k = cand(c);
            twice |= once & k;
            once |= k;
            empty = Some(c);
        }
        let Some(empty) = empty else { continue };
        let unplaced = full & !used[h];
        if unplaced & !once != 0 {
            return Some((empty, 0));
        }
        let single = unplaced & once & !twice;
        if single != 0 {
            let v = single.trailing_zeros();
            let c = cells.iter().copied().find(|&c| value[c] == u8::MAX && cand(c) >> v & 1 != 0);
            return c.map(|c| (c, 1 << v));
        }
    }
    let mut best: Option<(usize, u64)> = None;
    let mut ties = 0u32;
    for c in (0..n * n).filter(|&c| value[c] == u8::MAX) {
        let k = cand(c);
        match best {
            Some((_, b)) if k.count_ones() > b.count_ones() => {}
            Some((_, b)) if k.count_ones() == b.count_ones() => {
                ties += 1;
                if rng.random_range(0..ties + 1) == 0 {
                    best = Some((c, k));
                }
            }
            _ => {
                best = Some((c, k));
                ties = 0;
            }
        }
    }
    best
}

fn nth_bit(mut x: u64, k: u32) -> usize {
    for _ in 0..k {
        x &= x - 1;
    }
    x.trailing_zeros() as usize
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
        if let Some(c) = place_walls(&grid, &answer, config, &mut rng) {
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
    if plain.is_empty() && report.finish == super::Finish::Exhausted {
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
            if let Some(c) = place_walls(&bare, &answer, config, &mut rng) {
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
        if let Some(c) = place_walls(&bare, &answer, config, &mut rng) {
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

/// How many answers one search of the adding phase collects at most.
const SAMPLE: usize = 4;

/// Sets of border edges of the answer being made unique, by their index in
/// the (shuffled) border list.
#[derive(Clone, PartialEq, Eq)]
struct EdgeSet(Vec<u64>);

impl EdgeSet {
    fn new(len: usize) -> EdgeSet {
        EdgeSet(vec![0; len.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    fn intersects(&self, other: &EdgeSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    /// True when `self ∩ other` is exactly `{i}`.
    fn meets_only_at(&self, other: &EdgeSet, i: usize) -> bool {
        self.contains(i)
            && other.contains(i)
            && self.0.iter().zip(&other.0).enumerate().all(|(k, (a, b))| {
                let both = a & b;
                if k == i / 64 {
                    both == 1 << (i % 64)
                } else {
                    both == 0
                }
            })
    }
}

/// The walls being placed on the borders of `answer`, and every other
/// answer of the grid met along the way (the border edges each puts inside
/// one of its regions). A cached answer that crosses only one wall proves,
/// without a search, that the wall is needed.
struct Walls<'a> {
    answer: &'a Partition,
    borders: Vec<Edge>,
    inst: Instance,
    on: EdgeSet,
    others: Vec<EdgeSet>,
    budget: Option<u64>,
}

impl Walls<'_> {
    fn add(&mut self, i: usize) {
        self.inst.add_wall(self.borders[i]).expect("a border edge of the grid");
        self.on.insert(i);
    }

    fn remove(&mut self, i: usize) {
        self.inst.remove_wall(self.borders[i]);
        self.on.remove(i);
    }

    /// Remembers another answer; false when it was known (or is the answer).
    fn note(&mut self, p: &Partition) -> bool {
        if p == self.answer {
            return false;
        }
        let mut crossed = EdgeSet::new(self.borders.len());
        for (i, &e) in self.borders.iter().enumerate() {
            if p.joins(e) {
                crossed.insert(i);
            }
        }
        if self.others.contains(&crossed) {
            return false;
        }
        self.others.push(crossed);
        true
    }

    /// The unwalled border edge crossed by the most known answers that the
    /// walls do not already exclude (ties: the first in the shuffled list).
    fn most_crossed(&self) -> Option<usize> {
        let alive: Vec<&EdgeSet> = self.others.iter().filter(|c| !c.intersects(&self.on)).collect();
        (0..self.borders.len())
            .filter(|&i| !self.on.contains(i))
            .map(|i| (alive.iter().filter(|c| c.contains(i)).count(), i))
            .filter(|&(hits, _)| hits > 0)
            .max_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)))
            .map(|(_, i)| i)
    }

    /// Adds walls until the answer is unique: each round looks for other
    /// answers and walls the edge most of the known ones cross. When a
    /// search runs out of budget, a quarter of the free borders (the most
    /// crossed first) are walled at once; with every border walled the
    /// answer is trivially unique, so this ends.
    fn add_until_unique(&mut self, rng: &mut ChaCha8Rng) {
        loop {
            // Shut out every known answer first: each search then learns
            // something new.
            while let Some(i) = self.most_crossed() {
                self.add(i);
            }
            let (found, report) = first_answers(&self.inst, &[], SAMPLE + 1, self.budget);
            let mut new = false;
            for p in &found {
                new |= self.note(p);
            }
            if new {
                continue;
            }
            if report.finish != Finish::OutOfBudget {
                debug_assert_eq!(found.first(), Some(self.answer));
                return;
            }
            // Out of budget: wall a quarter of the free borders.
            let mut free: Vec<usize> = (0..self.borders.len()).filter(|&i| !self.on.contains(i)).collect();
            if free.is_empty() {
                return;
            }
            shuffle(&mut free, rng);
            let batch = free.len().div_ceil(4);
            for &i in &free[..batch] {
                self.add(i);
            }
        }
    }

    /// Removes every wall that is not needed. A wall is needed when a known
    /// answer crosses it and no other wall, or when a search finds an
    /// answer joining its two cells with it removed (any new answer must
    /// cross it, since with it the answer is unique). A wall needed now is
    /// needed in every subset of the walls, so one pass leaves a minimal
    /// set, except where a search ran out of budget (that wall stays).
    ///
    /// Most walls turn out not to be needed, and proving that takes a full
    /// search, so walls are tried in groups: one search proves a whole
    /// group removable. A group that lets another answer in goes back, and
    /// the groups shrink (down to single walls); after each success they
    /// grow again. Walls no known answer crosses, the likeliest to go, are
    /// tried first; otherwise `order` decides.
    fn trim(&mut self, order: &[usize]) {
        let mut todo: Vec<usize> = order.iter().copied().filter(|&i| self.on.contains(i)).collect();
        todo.sort_by_key(|&i| self.crossings(i));
        todo.reverse(); // a stack: the next wall is last
        let mut size = 4usize;
        let mut group = Vec::new();
        while !todo.is_empty() {
            group.clear();
            while group.len() < size {
                let Some(i) = todo.pop() else { break };
                if !self.others.iter().any(|c| c.meets_only_at(&self.on, i)) {
                    group.push(i);
                }
            }
            match group[..] {
                [] => {}
                [i] => {
                    let w = self.borders[i];
                    self.remove(i);
                    let (found, report) = first_answers(&self.inst, &[w], 1, self.budget);
                    match found.first() {
                        Some(p) => {
                            self.note(p);
                            self.add(i);
                        }
                        None if report.finish == Finish::OutOfBudget => self.add(i),
                        None => size *= 2,
                    }
                }
                _ => {
                    for &i in &group {
                        self.remove(i);
                    }
                    let (found, report) = first_answers(&self.inst, &[], 2, self.budget);
                    let other = found.iter().find(|p| *p != self.answer);
                    if other.is_none() && report.finish != Finish::OutOfBudget {
                        size *= 2;
                        continue;
                    }
                    if let Some(p) = other {
                        let p = p.clone();
                        self.note(&p);
                    }
                    for &i in &group {
                        self.add(i);
                    }
                    todo.extend(group.iter().rev());
                    size = if other.is_some() { group.len() / 2 } else { 1 };
                }
            }
        }
    }

    /// How many known answers cross each border edge.
    fn crossings(&self, i: usize) -> usize {
        self.others.iter().filter(|c| c.contains(i)).count()
    }
}

/// The heart of construction: walls on `answer`'s borders until it is the
/// only answer of `grid`, then a pass removing every wall that is not
/// needed, then the difficulty's extra walls at the most contested border
/// edges (those other answers crossed most often).
fn place_walls(
    grid: &Instance,
    answer: &Partition,
    config: &ConstructConfig,
    rng: &mut ChaCha8Rng,
) -> Option<Construction> {
    let n = grid.size();
    let mut borders: Vec<Edge> = answer.borders().collect();
    shuffle(&mut borders, rng);
    let len = borders.len();
    let mut walls = Walls {
        answer,
        borders,
        inst: grid.with_walls([]).expect("the same grid"),
        on: EdgeSet::new(len),
        others: Vec::new(),
        budget: Some(config.node_budget),
    };
    let seeded = match config.strategy {
        WallStrategy::AddThenTrim => 0,
        WallStrategy::TrimFromBorders => len,
        WallStrategy::SeedThenTrim { percent } => len * usize::from(percent.min(100)) / 100,
    };
    for i in 0..seeded {
        walls.add(i);
    }
    walls.add_until_unique(rng);
    let mut order: Vec<usize> = (0..len).filter(|&i| walls.on.contains(i)).collect();
    shuffle(&mut order, rng);
    walls.trim(&order);
    let core_walls: Vec<Edge> = walls.inst.walls().collect();
    let extra = config.difficulty.extra_walls(n);
    let mut ranked: Vec<(usize, usize)> =
        (0..len).filter(|&i| !walls.on.contains(i)).map(|i| (walls.crossings(i), i)).collect();
    ranked.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    for &(_, i) in ranked.iter().take(extra) {
        walls.add(i);
    }
    Some(Construction { instance: walls.inst, answer: answer.clone(), core_walls })
}

/// Whether the instance has exactly one answer and loses that with any one
/// wall removed. `None` when a search ran out of budget.
pub fn is_minimal(instance: &Instance, node_budget: Option<u64>) -> Option<bool> {
    match uniqueness(instance, node_budget) {
        Uniqueness::Unique(_) => {}
        Uniqueness::Unknown { .. } => return None,
        _ => return Some(false),
    }
    // With the instance unique, removing a wall lets another answer in
    // exactly when some answer joins the wall's two cells.
    for w in instance.walls() {
        let mut fewer = instance.clone();
        fewer.remove_wall(w);
        let (found, report) = first_answers(&fewer, &[w], 1, node_budget);
        match (found.first(), report.finish) {
            (Some(_), _) => {}
            (None, Finish::OutOfBudget) => return None,
            (None, _) => return Some(false),
        }
    }
    Some(true)
}
