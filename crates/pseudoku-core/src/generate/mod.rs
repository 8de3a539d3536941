//! Random complete grids and puzzles with exactly one solution.

use rand::RngCore;

use crate::layout::{CellId, Geometry, Layout};
use crate::seed::{rng_from_seed, shuffle};
use crate::solver::{Flow, Propagation, SearchEnd, SearchOptions, Solver};
use crate::symbol::Symbol;

pub mod bands;

/// Blank boxed grids from this many symbols up are built band by band
/// ([`bands`]) instead of searched for: a search thrashes from about 64×64
/// on, and the construction is faster from 16×16 on. Smaller grids keep the
/// search, whose grids are closer to uniform.
pub const BANDS_FROM: usize = 16;

/// Why no grid could be filled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FillError {
    #[error("the pre-placed symbols admit no completion")]
    NoCompletion,
    #[error("gave up after {nodes} search nodes in {attempts} attempts")]
    GaveUp { nodes: u64, attempts: u32 },
    #[error("expected {expected} pre-placed entries (one per cell), found {found}")]
    GivensLength { expected: usize, found: usize },
    #[error("pre-placed symbol {symbol} at cell {cell} is outside 1..={size}")]
    SymbolOutOfRange { cell: usize, symbol: usize, size: usize },
}

/// Budget of a fill: `attempts` restarts, each allowed `nodes_per_attempt`
/// guesses (doubling on every restart).
#[derive(Clone, Copy, Debug)]
pub struct FillBudget {
    pub attempts: u32,
    pub nodes_per_attempt: u64,
}

impl FillBudget {
    pub fn for_layout(layout: &Layout) -> FillBudget {
        FillBudget { attempts: 12, nodes_per_attempt: (layout.cell_count() as u64 * 4).max(1000) }
    }
}

/// A random complete grid of `layout` around the pre-placed symbols
/// `givens` (all `None` for a blank grid).
pub fn fill(layout: &Layout, givens: &[Option<Symbol>], rng: &mut dyn RngCore) -> Result<Vec<Symbol>, FillError> {
    check_givens(layout, givens)?;
    match fill_by_bands(layout, givens, rng) {
        Some(grid) => Ok(grid),
        // Only a search needs a solver: building one for a large grid costs more than the construction.
        None => fill_by_search(&mut Solver::new(layout), layout, givens, rng, FillBudget::for_layout(layout)),
    }
}

/// [`fill`] with a solver to reuse and an explicit budget.
pub fn fill_with(
    solver: &mut Solver,
    layout: &Layout,
    givens: &[Option<Symbol>],
    rng: &mut dyn RngCore,
    budget: FillBudget,
) -> Result<Vec<Symbol>, FillError> {
    check_givens(layout, givens)?;
    match fill_by_bands(layout, givens, rng) {
        Some(grid) => Ok(grid),
        None => fill_by_search(solver, layout, givens, rng, budget),
    }
}

/// A randomised search with restarts, each allowed twice the nodes of the
/// one before.
fn fill_by_search(
    solver: &mut Solver,
    layout: &Layout,
    givens: &[Option<Symbol>],
    rng: &mut dyn RngCore,
    budget: FillBudget,
) -> Result<Vec<Symbol>, FillError> {
    let blank = givens.iter().all(Option::is_none);
    let mut nodes = 0;
    let mut per_attempt = budget.nodes_per_attempt;
    for _ in 0..budget.attempts {
        let (found, report) = solver.solve_random(givens, rng, Some(per_attempt));
        nodes += report.nodes;
        if let Some(mut grid) = found {
            if blank {
                relabel(&mut grid, layout.size(), rng);
            }
            return Ok(grid);
        }
        if report.end == SearchEnd::Exhausted {
            return Err(FillError::NoCompletion);
        }
        per_attempt = per_attempt.saturating_mul(2);
    }
    Err(FillError::GaveUp { nodes, attempts: budget.attempts })
}

/// A blank boxed grid from [`BANDS_FROM`] symbols up, built band by band
/// ([`bands`]); `None` for any other layout or when symbols are pre-placed.
fn fill_by_bands(layout: &Layout, givens: &[Option<Symbol>], rng: &mut dyn RngCore) -> Option<Vec<Symbol>> {
    if layout.size() < BANDS_FROM || givens.iter().any(Option::is_some) {
        return None;
    }
    let (rows, cols) = bands::box_shape(layout)?;
    let by_position = bands::fill_boxed(rows, cols, rng);
    let mut grid: Vec<Symbol> = (0..layout.cell_count())
        .map(|c| {
            let (r, col) = layout.position(CellId(c as u32)).expect("a boxed layout is a board");
            by_position[r * layout.size() + col]
        })
        .collect();
    relabel(&mut grid, layout.size(), rng);
    Some(grid)
}

/// Relabels symbols at random: every symbol becomes equally likely in every
/// cell, whatever bias the search order or construction has.
fn relabel(grid: &mut [Symbol], size: usize, rng: &mut dyn RngCore) {
    let mut perm: Vec<usize> = (0..size).collect();
    shuffle(&mut perm, rng);
    for s in grid.iter_mut() {
        *s = Symbol::new(perm[s.index()]);
    }
}

fn check_givens(layout: &Layout, givens: &[Option<Symbol>]) -> Result<(), FillError> {
    if givens.len() != layout.cell_count() {
        return Err(FillError::GivensLength { expected: layout.cell_count(), found: givens.len() });
    }
    for (cell, g) in givens.iter().enumerate() {
        if let Some(s) = g {
            if s.index() >= layout.size() {
                return Err(FillError::SymbolOutOfRange { cell, symbol: s.number(), size: layout.size() });
            }
        }
    }
    Ok(())
}

/// A random jigsaw layout with a random complete grid: `size` random
/// connected regions of `size` cells ([`crate::partition::random_regions`]),
/// drawn again whenever a layout admits no grid Latin in rows, columns and
/// regions (or its fill runs out of budget), up to `attempts` layouts.
pub fn random_jigsaw(
    size: usize,
    rng: &mut crate::seed::EngineRng,
    attempts: u32,
) -> Result<(Layout, Vec<Symbol>), FillError> {
    let mut nodes = 0;
    for _ in 0..attempts {
        let regions = crate::partition::random_regions(size, rng);
        let Ok(layout) = Layout::jigsaw(size, &regions) else { continue };
        let blank = vec![None; layout.cell_count()];
        match fill_with(&mut Solver::new(&layout), &layout, &blank, rng, FillBudget::for_layout(&layout)) {
            Ok(grid) => return Ok((layout, grid)),
            Err(FillError::GaveUp { nodes: n, .. }) => nodes += n,
            Err(_) => {}
        }
    }
    Err(FillError::GaveUp { nodes, attempts })
}

/// Which cells are removed together, so the givens keep a symmetry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Symmetry {
    #[default]
    None,
    /// Half-turn rotation about the centre.
    Rot180,
    /// Mirror about the vertical centre line.
    Mirror,
    /// Mirror about the main diagonal (square boards only).
    Diagonal,
}

/// What to make.
#[derive(Clone, Debug, Default)]
pub struct GenerateConfig {
    pub symmetry: Symmetry,
    /// Keep removing until no given can be removed, proving each check: a
    /// last round of checks with probing and a fifteen times larger automatic
    /// budget (see `check_budget`). From 82 to 625 cells, when the first
    /// checks of that round run slow, the generator starts over with a new grid (see
    /// `Pace`): minimal 25×25, seeds 1 to 24, median 19 s → 5.2 s, worst
    /// 56 s → 14 s, givens left undecided 66 → 1.4 on average. Without it,
    /// removal stops at `target_givens` when set, and otherwise goes as far
    /// as the automatic budget decides.
    pub minimal: bool,
    /// Stop removing once at most this many givens remain.
    pub target_givens: Option<usize>,
    /// Search nodes allowed to decide whether one given can go; a given
    /// whose check runs out is kept (the puzzle stays proven unique, but
    /// may then not be minimal: see [`Generated::undecided`]). `None`: an
    /// automatic budget by size, unlimited up to 81 cells, fifteen times
    /// larger when `minimal`.
    pub check_budget: Option<u64>,
}

impl GenerateConfig {
    /// The removal rounds. With a check budget (above 81 cells), a first
    /// round removes what propagation alone proves removable, without a guess,
    /// and defers the rest: the puzzle stays solvable by propagation while
    /// the easy removals happen, so the searches of the last round start from
    /// a puzzle that is not yet hard. Minimal 25×25 (seeds 1 to 6): a median
    /// of 16 s leaving 66 givens undecided on average, against 26 s and 103
    /// in one round of locked candidates retried with probing. A minimal
    /// puzzle has a middle round with the plain budget and no probing, where
    /// most of the remaining checks end cheaply (minimal 16×16: 14.5 ms
    /// instead of 19.6 ms without it). Up to 81 cells every check is cheap
    /// and a first round only adds work.
    fn rounds(&self, layout: &Layout) -> Vec<Round> {
        let budget = self.budget_for(layout);
        // `Auto` probes only where a search runs long: only a minimal puzzle's
        // large budgets reach that far (see `budget_for`).
        let propagation = if self.minimal { Propagation::Auto } else { Propagation::LockedCandidates };
        let last = Round { propagation, budget, pace: None };
        let first = Round { propagation: Propagation::LockedCandidates, budget: Some(1), pace: None };
        match (budget, self.minimal, Self::automatic_budget(layout)) {
            (None, ..) => vec![last],
            (Some(b), true, Some(plain)) if plain < b => {
                let middle = Round { propagation: Propagation::LockedCandidates, budget: Some(plain), pace: None };
                let pace =
                    (layout.cell_count() <= PACE_MAX_CELLS).then_some(Pace { per_check: b / PACE_SHARE, slack: b });
                vec![first, middle, Round { pace, ..last }]
            }
            _ => vec![first, last],
        }
    }

    fn automatic_budget(layout: &Layout) -> Option<u64> {
        match (layout.cell_count(), layout.size()) {
            // Up to 9×9 a proof never takes long: no budget, truly minimal.
            (0..=81, _) => None,
            // Multi-grids of 9×9s: their proofs can wander between grids.
            (_, 0..=9) => Some(1_000),
            _ => Some(200),
        }
    }

    fn budget_for(&self, layout: &Layout) -> Option<u64> {
        let automatic = Self::automatic_budget(layout);
        // Minimal: fifteen times longer, and probing from node 64 on (see
        // `rounds`), so that a given is kept only when it must be (16×16:
        // `undecided` is then almost always 0) while a stubborn proof on a
        // large grid still cannot run for minutes.
        self.check_budget.or(if self.minimal { automatic.map(|b| b * MINIMAL_BUDGET) } else { automatic })
    }
}

/// A puzzle and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub givens: Vec<Option<Symbol>>,
    pub solution: Vec<Symbol>,
    /// Givens kept only because their check ran out of budget; the puzzle
    /// is minimal when this is 0 and every given was tried.
    pub undecided: usize,
    /// Grids the generator gave up on before this one (see
    /// [`GenerateConfig::minimal`]).
    pub restarts: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("could not fill a grid: {0}")]
    Fill(#[from] FillError),
    #[error("the {0:?} symmetry needs a board geometry of the same height and width")]
    Symmetry(Symmetry),
    #[error("the generator has already delivered its puzzle")]
    Finished,
}

/// A random puzzle of `layout` with exactly one solution, reproducible
/// from `seed`. The same as running a [`Generator`] to the end.
pub fn generate(layout: &Layout, config: &GenerateConfig, seed: u64) -> Result<Generated, GenerateError> {
    let mut generator = Generator::new(layout, config, seed)?;
    loop {
        if let Progress::Done(generated) = generator.step(u32::MAX)? {
            return Ok(generated);
        }
    }
}

/// How far a [`Generator`] has come.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// Still working; `done` of `total` steps (a fill attempt or one
    /// removal check each) are behind it. `total` may grow while filling,
    /// and grows by a grid's checks when the generator gives up on a grid
    /// and starts over (a minimal puzzle on a large grid, see
    /// [`GenerateConfig::minimal`]); while removing, `done` never falls.
    Working {
        stage: Stage,
        done: usize,
        total: usize,
    },
    Done(Generated),
}

/// What a [`Generator`] is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Filling,
    Removing,
}

/// A puzzle generator that works in small steps, so a caller (the web
/// app's worker) can report progress between them and cancel by dropping
/// it. Each step is bounded: one fill attempt (itself bounded in nodes) or
/// up to the given number of removal checks (each bounded by the
/// configured check budget).
pub struct Generator {
    layout: Layout,
    config: GenerateConfig,
    solver: Solver,
    rng: crate::seed::EngineRng,
    orbits: Vec<Vec<usize>>,
    rounds: Vec<Round>,
    /// How many times the generator gave up on a grid and started over
    /// (see [`Pace`]).
    restarts: u32,
    phase: Phase,
}

enum Phase {
    Fill {
        attempt: u32,
        per_attempt: u64,
        nodes: u64,
    },
    Remove {
        solution: Vec<Symbol>,
        givens: Vec<Option<Symbol>>,
        /// The orbits this round tries, in order, and how far it has come.
        queue: Vec<usize>,
        next: usize,
        /// Which of [`GenerateConfig::rounds`] is running.
        round: usize,
        /// Orbits whose check ran out of this round's budget: the next round
        /// tries them again with a larger one (the last round defers none).
        deferred: Vec<usize>,
        count: usize,
        undecided: usize,
        /// Search nodes the checks of a paced round have used (see [`Pace`]).
        spent: u64,
    },
    Done,
}

impl Phase {
    /// A first fill attempt, with the layout's budget.
    fn fill(layout: &Layout) -> Phase {
        Phase::Fill { attempt: 0, per_attempt: FillBudget::for_layout(layout).nodes_per_attempt, nodes: 0 }
    }
}

impl Generator {
    pub fn new(layout: &Layout, config: &GenerateConfig, seed: u64) -> Result<Generator, GenerateError> {
        let orbits = symmetry_orbits(layout, config.symmetry)?;
        Ok(Generator {
            layout: layout.clone(),
            config: config.clone(),
            solver: Solver::new(layout),
            rng: rng_from_seed(seed),
            orbits,
            rounds: config.rounds(layout),
            restarts: 0,
            phase: Phase::fill(layout),
        })
    }

    /// Does up to `checks` removal checks (or one fill attempt) and says
    /// where it stands.
    pub fn step(&mut self, checks: u32) -> Result<Progress, GenerateError> {
        let budget = FillBudget::for_layout(&self.layout);
        match &mut self.phase {
            Phase::Fill { attempt, per_attempt, nodes } => {
                let blank = vec![None; self.layout.cell_count()];
                let one = FillBudget { attempts: 1, nodes_per_attempt: *per_attempt };
                match fill_with(&mut self.solver, &self.layout, &blank, &mut self.rng, one) {
                    Ok(solution) => {
                        shuffle(&mut self.orbits, &mut self.rng);
                        let givens = solution.iter().copied().map(Some).collect();
                        let count = self.layout.cell_count();
                        self.phase = Phase::Remove {
                            solution,
                            givens,
                            queue: (0..self.orbits.len()).collect(),
                            next: 0,
                            round: 0,
                            deferred: Vec::new(),
                            count,
                            undecided: 0,
                            spent: 0,
                        };
                    }
                    Err(FillError::GaveUp { nodes: n, .. }) => {
                        *attempt += 1;
                        *nodes += n;
                        *per_attempt = per_attempt.saturating_mul(2);
                        if *attempt >= budget.attempts {
                            return Err(FillError::GaveUp { nodes: *nodes, attempts: *attempt }.into());
                        }
                        return Ok(Progress::Working {
                            stage: Stage::Filling,
                            done: *attempt as usize,
                            total: budget.attempts as usize,
                        });
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            Phase::Remove { solution, givens, queue, next, round, deferred, count, undecided, spent } => {
                let rounds = &self.rounds;
                let mut start_over = false;
                for _ in 0..checks {
                    if self.config.target_givens.is_some_and(|t| *count <= t) && !self.config.minimal {
                        queue.clear();
                        *next = 0;
                        deferred.clear();
                        break;
                    }
                    let Some(&o) = queue.get(*next) else {
                        if deferred.is_empty() {
                            break;
                        }
                        *round += 1;
                        *queue = std::mem::take(deferred);
                        *next = 0;
                        continue;
                    };
                    *next += 1;
                    let orbit = &self.orbits[o];
                    for &c in orbit {
                        givens[c] = None;
                    }
                    let last = *round + 1 == rounds.len();
                    let (verdict, nodes) = removal(&mut self.solver, givens, solution, orbit, rounds[*round]);
                    if let Some(pace) = rounds[*round].pace {
                        *spent += nodes;
                        if *spent > pace.allowance(*next as u64, self.restarts) {
                            start_over = true;
                            break;
                        }
                    }
                    if verdict == Removal::Ok {
                        *count -= orbit.len();
                        continue;
                    }
                    for &c in orbit {
                        givens[c] = Some(solution[c]);
                    }
                    match (verdict, last) {
                        (Removal::Undecided, false) => deferred.push(o),
                        (Removal::Undecided, true) => *undecided += 1,
                        _ => {}
                    }
                }
                if start_over {
                    self.restarts += 1;
                    self.phase = Phase::fill(&self.layout);
                    return Ok(self.removing(self.orbits.len()));
                }
                if *next >= queue.len() && deferred.is_empty() {
                    let done = Generated {
                        givens: std::mem::take(givens),
                        solution: std::mem::take(solution),
                        undecided: *undecided,
                        restarts: self.restarts,
                    };
                    self.phase = Phase::Done;
                    return Ok(Progress::Done(done));
                }
            }
            Phase::Done => {}
        }
        match &self.phase {
            Phase::Remove { queue, next, deferred, .. } => Ok(self.removing(queue.len() - next + deferred.len())),
            _ => Err(GenerateError::Finished),
        }
    }

    /// Progress while removing with `left` orbits of this grid still to try:
    /// the others are decided for good, and so are the orbits of every grid
    /// given up on.
    fn removing(&self, left: usize) -> Progress {
        let (orbits, restarts) = (self.orbits.len(), self.restarts as usize);
        Progress::Working {
            stage: Stage::Removing,
            done: orbits * (restarts + 1) - left,
            total: orbits * (restarts + 1),
        }
    }
}

/// Whether the givens (with `orbit` just emptied) still have one solution.
/// The puzzle had one; it still has one unless a solution differs from it in
/// a removed cell.
fn removal(
    solver: &mut Solver,
    givens: &[Option<Symbol>],
    solution: &[Symbol],
    orbit: &[usize],
    round: Round,
) -> (Removal, u64) {
    let mut nodes = 0;
    for &c in orbit {
        let exclude = [(c, solution[c])];
        let options = SearchOptions {
            propagation: round.propagation,
            exclude: &exclude,
            node_budget: round.budget,
            prefer: Some(solution),
            ..Default::default()
        };
        let report = solver.search(givens, options, &mut |_: &[Symbol]| Flow::Stop);
        nodes += report.nodes;
        if report.solutions > 0 {
            return (Removal::Ambiguous, nodes);
        }
        if report.end == SearchEnd::OutOfBudget {
            return (Removal::Undecided, nodes);
        }
    }
    (Removal::Ok, nodes)
}

/// The pace of a minimal puzzle's last round, as a share of its check budget
/// (see [`Pace`]): with 3,000-node checks, 150 nodes a check on average.
/// Minimal 25×25, seeds 1 to 12: a share of 10 gave a median of 4.8 s, 20
/// gave 4.2 s, and 30 threw away the fastest run (1.9 s → 16.5 s).
const PACE_SHARE: u64 = 20;

/// The largest layout whose minimal puzzles are paced: the pace was measured
/// on 25×25. On a 36×36 no grid kept it: all 16 were given up on, for nothing
/// (seed 1: 450 s against 414 s without a pace, and about 560 givens left
/// undecided either way).
const PACE_MAX_CELLS: usize = 625;

/// How much larger a minimal puzzle's automatic check budget is. Its checks
/// run with [`Propagation::Auto`], whose probing nodes cost fifty to a
/// hundred times more than plain ones but prove in a hundred to a thousand
/// times fewer what plain search cannot.
const MINIMAL_BUDGET: u64 = 15;

/// One pass of removal checks over the orbits not yet decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Round {
    propagation: Propagation,
    budget: Option<u64>,
    /// When set, the generator gives up on a grid whose checks in this round
    /// run slower than this pace and starts over with a new one.
    pace: Option<Pace>,
}

/// How many search nodes the first checks of a round may use before the
/// generator gives up on its grid and starts over: `slack` plus `per_check`
/// for every check so far. The pace loosens by a tenth after every restart,
/// and there is none after [`Pace::CHECKS`] checks or [`Pace::RESTARTS`]
/// restarts, so a generator always ends.
///
/// Why: near the end of a minimal 25×25, one grid and removal order leaves a
/// puzzle whose remaining checks all end in a few hundred nodes, and another
/// one whose checks mostly run out of budget, and the first few checks of the
/// last round tell them apart (seeds 1 to 12 without pace: 114 to 194 nodes a
/// check over the first 20 in the two runs that took about 2 s with at most
/// one given left undecided, 474 to 2,515 in the others, which took 7 to 46 s
/// and left 6 to 205 undecided). Starting over costs a fill, the cheap rounds
/// and the few checks that showed the pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pace {
    per_check: u64,
    slack: u64,
}

impl Pace {
    /// Only this many checks of a round can make the generator start over:
    /// a run that drifts later has done too much to throw away.
    const CHECKS: u64 = 40;
    /// After this many restarts the pace is off.
    const RESTARTS: u32 = 16;

    /// Integer arithmetic only, so that native and WebAssembly builds start
    /// over at the same check and make the same puzzle.
    fn allowance(self, checks: u64, restarts: u32) -> u64 {
        if checks > Self::CHECKS || restarts >= Self::RESTARTS {
            return u64::MAX;
        }
        let per_check = (0..restarts).fold(self.per_check, |p, _| p + p / 10);
        self.slack.saturating_add(per_check.saturating_mul(checks))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Removal {
    Ok,
    Ambiguous,
    Undecided,
}

/// Groups of cells that map onto each other under `symmetry`.
pub fn symmetry_orbits(layout: &Layout, symmetry: Symmetry) -> Result<Vec<Vec<usize>>, GenerateError> {
    let n = layout.cell_count();
    if symmetry == Symmetry::None {
        return Ok((0..n).map(|c| vec![c]).collect());
    }
    let (height, width) = match layout.geometry() {
        Geometry::Board { height, width, .. } => (*height, *width),
        _ => return Err(GenerateError::Symmetry(symmetry)),
    };
    if symmetry == Symmetry::Diagonal && height != width {
        return Err(GenerateError::Symmetry(symmetry));
    }
    let image = |c: usize| -> usize {
        let (r, col) = layout.position(CellId(c as u32)).expect("board cell");
        let (r2, c2) = match symmetry {
            Symmetry::Rot180 => (height - 1 - r, width - 1 - col),
            Symmetry::Mirror => (r, width - 1 - col),
            Symmetry::Diagonal => (col, r),
            Symmetry::None => (r, col),
        };
        layout.cell_at(r2, c2).map_or(c, CellId::index)
    };
    let mut done = vec![false; n];
    let mut orbits = Vec::new();
    for c in 0..n {
        if !done[c] {
            let mut orbit = vec![c];
            done[c] = true;
            let mut next = image(c);
            while !done[next] {
                done[next] = true;
                orbit.push(next);
                next = image(next);
            }
            orbits.push(orbit);
        }
    }
    Ok(orbits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::is_solved;
    use crate::solver::Uniqueness;

    #[test]
    fn a_pace_allows_slack_and_a_growing_share_per_check_then_nothing() {
        let pace = Pace { per_check: 100, slack: 1_000 };
        assert_eq!(pace.allowance(0, 0), 1_000);
        assert_eq!(pace.allowance(10, 0), 2_000);
        assert_eq!(pace.allowance(10, 1), 2_100);
        assert_eq!(pace.allowance(10, 2), 2_210);
        assert_eq!(pace.allowance(10, 3), 2_330);
        assert_eq!(pace.allowance(Pace::CHECKS, 0), 1_000 + 100 * Pace::CHECKS);
        assert_eq!(pace.allowance(Pace::CHECKS + 1, 0), u64::MAX);
        assert_eq!(pace.allowance(1, Pace::RESTARTS), u64::MAX);
        // Only minimal puzzles from 82 to 625 cells are paced, in their last round.
        let paced = |minimal: bool, n: usize| {
            let rounds = GenerateConfig { minimal, ..Default::default() }.rounds(&Layout::classic(n).unwrap());
            rounds.iter().map(|r| r.pace.is_some()).collect::<Vec<_>>()
        };
        assert_eq!(paced(true, 3), [false]);
        assert_eq!(paced(true, 4), [false, false, true]);
        assert_eq!(paced(true, 5), [false, false, true]);
        assert_eq!(paced(true, 6), [false, false, false]);
        assert_eq!(paced(false, 5), [false, false]);
    }

    #[test]
    fn a_generator_that_starts_over_still_ends_with_a_unique_reproducible_puzzle() {
        let layout = Layout::classic(4).unwrap();
        let config = GenerateConfig { minimal: true, ..Default::default() };
        let run = || {
            let mut generator = Generator::new(&layout, &config, 3).unwrap();
            // No check of the last round is ever fast enough: every grid is
            // given up on until the pace is off.
            let last = generator.rounds.last_mut().unwrap();
            assert!(last.pace.is_some(), "a minimal 16×16 has a paced last round");
            last.pace = Some(Pace { per_check: 0, slack: 0 });
            let mut done_before = 0;
            loop {
                match generator.step(5).unwrap() {
                    Progress::Done(g) => break (g, generator.restarts),
                    Progress::Working { done, total, .. } => {
                        assert!(done <= total && done >= done_before, "{done_before} then {done} of {total}");
                        done_before = done;
                    }
                }
            }
        };
        let (g, restarts) = run();
        assert_eq!((restarts, g.restarts), (Pace::RESTARTS, Pace::RESTARTS));
        assert_eq!(Solver::new(&layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution.clone()));
        assert_eq!(run().0, g, "the same seed gives the same puzzle, restarts included");
        assert_ne!(g, generate(&layout, &config, 3).unwrap(), "each restart fills a new grid");
    }

    #[test]
    fn generated_puzzles_are_unique_and_reproducible() {
        let layout = Layout::classic(3).unwrap();
        for seed in 0..5 {
            let g = generate(&layout, &GenerateConfig::default(), seed).unwrap();
            let full: Vec<_> = g.solution.iter().copied().map(Some).collect();
            assert!(is_solved(&layout, &full));
            assert_eq!(Solver::new(&layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution.clone()));
            assert_eq!(generate(&layout, &GenerateConfig::default(), seed).unwrap(), g);
        }
    }

    #[test]
    fn symmetric_givens() {
        let layout = Layout::classic(3).unwrap();
        let config = GenerateConfig { symmetry: Symmetry::Rot180, ..Default::default() };
        let g = generate(&layout, &config, 9).unwrap();
        for c in 0..81 {
            assert_eq!(g.givens[c].is_some(), g.givens[80 - c].is_some());
        }
    }

    #[test]
    fn random_jigsaws_are_valid_and_generate_unique_puzzles() {
        for size in [5, 6, 9] {
            for seed in 0..4 {
                let mut rng = rng_from_seed(seed);
                let (layout, grid) = random_jigsaw(size, &mut rng, 50).unwrap();
                assert!(layout.houses().iter().any(|h| h.kind == crate::layout::HouseKind::Region));
                assert!(is_solved(&layout, &grid.iter().copied().map(Some).collect::<Vec<_>>()));
                let g = generate(&layout, &GenerateConfig::default(), seed).unwrap();
                assert_eq!(Solver::new(&layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution));
            }
        }
    }

    /// A removal check (here: that no solution of a minimal 16×16 differs
    /// in an open cell) whose plain search runs out of budget is decided
    /// within the same budget by `Auto`, as a minimal puzzle's last round runs it.
    #[test]
    fn auto_decides_checks_that_run_out_of_budget() {
        let layout = Layout::classic(4).unwrap();
        let config = GenerateConfig { minimal: true, ..Default::default() };
        let mut solver = Solver::new(&layout);
        // The same search as `removal`'s: with `Auto` the order of the
        // candidates decides which nodes come after node 64 and probe.
        let mut nodes = |puzzle: &Generated, exclude: &[(usize, Symbol)], propagation| {
            let (givens, prefer) = (&puzzle.givens, Some(&puzzle.solution[..]));
            let options = SearchOptions { propagation, exclude, prefer, ..Default::default() };
            let report = solver.search(givens, options, &mut |_: &[Symbol]| Flow::Stop);
            assert_eq!((report.solutions, report.end), (0, SearchEnd::Exhausted));
            report.nodes
        };
        let mut checker = Solver::new(&layout);
        let mut tried = 0;
        for seed in 0..2 {
            let puzzle = generate(&layout, &config, seed).unwrap();
            for c in (0..256).filter(|&c| puzzle.givens[c].is_none()) {
                let exclude = [(c, puzzle.solution[c])];
                let plain = nodes(&puzzle, &exclude, Propagation::LockedCandidates);
                let auto = nodes(&puzzle, &exclude, Propagation::Auto);
                let budget = Some(plain - 1);
                if auto > plain - 1 {
                    continue;
                }
                tried += 1;
                let mut check = |propagation| {
                    removal(
                        &mut checker,
                        &puzzle.givens,
                        &puzzle.solution,
                        &[c],
                        Round { propagation, budget, pace: None },
                    )
                    .0
                };
                assert!(check(Propagation::LockedCandidates) == Removal::Undecided, "seed {seed}, cell {c}");
                assert!(check(Propagation::Auto) == Removal::Ok, "seed {seed}, cell {c}");
            }
        }
        assert!(tried > 0, "Auto never needed fewer nodes than plain search");
    }

    #[test]
    fn impossible_givens_are_reported() {
        let layout = Layout::classic(2).unwrap();
        let mut givens = vec![None; 16];
        // Symbol 1 in row 0 and, elsewhere, block every place for 1 in box 1.
        givens[0] = Some(Symbol::new(0));
        givens[10] = Some(Symbol::new(0));
        givens[2] = Some(Symbol::new(1));
        givens[7] = Some(Symbol::new(2));
        givens[6] = Some(Symbol::new(3));
        let mut rng = rng_from_seed(1);
        assert_eq!(fill(&layout, &givens, &mut rng), Err(FillError::NoCompletion));
    }
}
