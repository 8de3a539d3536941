//! Random complete grids and puzzles with exactly one solution.

use std::sync::Arc;

use rand::RngCore;

use crate::layout::{CellId, Geometry, Layout};
use crate::seed::{rng_from_seed, shuffle};
use crate::solver::{Flow, Paused, Propagation, SearchEnd, SearchOptions, Solver};
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
/// connected regions of `size` cells ([`crate::layout::random_regions`]),
/// drawn again whenever a layout admits no grid Latin in rows, columns and
/// regions (or its fill runs out of budget), up to `attempts` layouts.
pub fn random_jigsaw(
    size: usize,
    rng: &mut crate::seed::EngineRng,
    attempts: u32,
) -> Result<(Layout, Vec<Symbol>), FillError> {
    let mut nodes = 0;
    for _ in 0..attempts {
        let regions = crate::layout::random_regions(size, rng);
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
    /// Keep removing until no given can be removed, proving each check:
    /// probing checks with a fifteen times larger automatic budget (see
    /// `check_budget`), from 257 cells in passes of growing budget, and up to
    /// 625 cells starting over with a new grid when too many givens are left
    /// after the rounds with no guess or a pass's first checks decide too
    /// little (see `Pace`): minimal 25×25, seeds 1 to 24, median 5.2 s →
    /// 1.7 s, worst 14 s → 4.0 s. A first round whose checks take the sparser
    /// of two orbits drawn (`SPARSE_DRAWS`) leaves the passes fewer givens
    /// and rarely a grid to give up on: 0.95 → 0.28 s on two threads, seeds 25
    /// to 48. A pass that decides too little ends the
    /// passes (see `IDLE_SHARE`): minimal 36×36 in seconds instead of
    /// minutes, with the givens it could not decide kept. Without it,
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
    /// Threads that run the removal checks of a minimal puzzle after its
    /// first round, up to [`MAX_THREADS`]: each takes the next check as if
    /// the checks still running before it keep their givens, and a verdict
    /// counts only if they did (see `speculate`). The puzzle is the same
    /// for any number; 0 and 1 use the calling thread only, and WebAssembly
    /// always does. Minimal 25×25, seeds 1 to 24, on two cores: see the README.
    pub threads: usize,
}

impl GenerateConfig {
    /// The removal rounds. With a check budget (above 81 cells), a first
    /// round removes what propagation alone proves removable, without a guess,
    /// and defers the rest: the puzzle stays solvable by propagation while
    /// the easy removals happen, so the searches of later rounds start from
    /// a puzzle that is not yet hard. Its checks gather the removals in some
    /// houses (see [`Round::sparse`]), so that propagation proves more of
    /// them. Up to 81 cells every check is cheap and a first round only adds
    /// work.
    ///
    /// A minimal puzzle then tries the rest with locked candidates and the
    /// plain budget, and what is left with probing and the whole budget. From
    /// [`PASSES_FROM`] cells it goes on in passes of growing budget instead,
    /// each over the checks the one before could not decide: probing with no
    /// guess, locked candidates with a small budget, then probing searches of
    /// 1/300, 1/100, 1/30, 1/10, 1/3 and all of the budget. The cheapest
    /// proofs and second solutions come first, so the removals that leave
    /// the puzzle hard to prove happen last, when few checks are left to run
    /// on it (see [`PROBE_PASSES`]).
    fn rounds(&self, layout: &Layout) -> Vec<Round> {
        let budget = self.budget_for(layout);
        let round = |propagation, budget| Round { propagation, budget: Some(budget), ..Round::default() };
        let first = Round { sparse: true, ..round(Propagation::LockedCandidates, 1) };
        match (budget, self.minimal, Self::automatic_budget(layout)) {
            // `Auto` probes only where a search runs long, as an unlimited
            // search of a small grid rarely does.
            (None, minimal, _) => {
                let propagation = if minimal { Propagation::Auto } else { Propagation::LockedCandidates };
                vec![Round { propagation, ..Round::default() }]
            }
            (Some(b), true, Some(plain)) if plain < b && layout.cell_count() < PASSES_FROM => {
                let round = |propagation, budget| Round { speculate: true, ..round(propagation, budget) };
                vec![first, round(Propagation::LockedCandidates, plain), round(Propagation::Probing, b)]
            }
            (Some(b), true, Some(plain)) if plain < b => {
                let paced = layout.cell_count() <= PACE_MAX_CELLS;
                let at_most = paced.then_some(layout.cell_count() * NO_GUESS_SHARE / 1000);
                let round = |propagation, budget| Round { speculate: true, ..round(propagation, budget) };
                let mut rounds = vec![
                    first,
                    Round { at_most, ..round(Propagation::Probing, 1) },
                    round(Propagation::LockedCandidates, plain * 3 / 20),
                ];
                for (i, share) in PROBE_PASSES.into_iter().enumerate() {
                    let pace = (paced && i == PACED_PASS).then_some(Pace::MINIMAL);
                    let last_if_idle = i >= PACED_PASS;
                    rounds.push(Round { pace, last_if_idle, ..round(Propagation::Probing, b / share) });
                }
                rounds.retain(|r| r.budget != Some(0));
                rounds
            }
            (Some(b), ..) => vec![first, round(Propagation::LockedCandidates, b)],
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
    Generator::new(layout, config, seed)?.finish()
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
    /// The solvers of the helper threads (see [`GenerateConfig::threads`]),
    /// made when first needed.
    helpers: Vec<Solver>,
    /// Checks run again because a removal recorded while they ran made
    /// their verdict stale (see [`speculate`]).
    reruns: u64,
    /// Checks that went on from where their search stopped in the round
    /// before, on grids done with (see [`PausedCheck`]).
    resumed: u64,
    /// The most memory the searches kept for that may hold
    /// ([`PAUSED_BYTES`]; less in tests).
    paused_cap: usize,
}

enum Phase {
    Fill { attempt: u32, per_attempt: u64, nodes: u64 },
    Remove(RemovalState),
    Done,
}

/// Where the removal of givens from one grid stands.
struct RemovalState {
    /// The grid, and its givens as recorded so far.
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
    /// How many givens are left.
    count: usize,
    /// Orbits whose givens stay because their check ran out of budget.
    undecided: usize,
    /// Checks of a paced round that ended within its budget (see [`Pace`]).
    decided: u64,
    /// Per orbit, the search of its last deferred check where it stopped,
    /// while it may go on in the next round (see [`PausedCheck`]), the bytes
    /// they all hold, and how many they may hold ([`PAUSED_BYTES`]).
    paused: Vec<Option<Arc<PausedCheck>>>,
    paused_bytes: usize,
    paused_cap: usize,
    /// Checks that went on from a kept search.
    resumed: u64,
}

/// A deferred check's search, stopped by its budget at the orbit's cell
/// `cell` (the cells before it have no other symbol), with the count of
/// givens it saw: the next round goes on from there instead of starting
/// over, when no given went since.
struct PausedCheck {
    cell: usize,
    count: usize,
    search: Paused,
}

/// What the generator does after a check or a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    GoOn,
    /// The pace or the limit on givens gave up on this grid.
    StartOver,
    /// Nothing is left to try.
    Finish,
}

impl RemovalState {
    /// Records the verdict on the orbit `o` (cells `orbit`) at `queue[next]`,
    /// tried with the givens as they are, and moves past it.
    ///
    /// A deferred check's search is kept for the next round (see
    /// [`RemovalState::pause_for`]) as long as the searches kept fit in
    /// `paused_cap`.
    fn commit(&mut self, o: usize, orbit: &[usize], check: Check, rounds: &[Round], restarts: u32) -> Then {
        let Check { verdict, paused, resumed } = check;
        self.resumed += u64::from(resumed);
        if let Some(old) = self.paused[o].take() {
            self.paused_bytes -= old.search.bytes();
        }
        self.next += 1;
        let round = rounds[self.round];
        if let Some(pace) = round.pace {
            self.decided += u64::from(verdict != Verdict::Undecided);
            if pace.gives_up(self.next as u64, self.decided, restarts) {
                return Then::StartOver;
            }
        }
        let removed = verdict == Verdict::Ok;
        for &c in orbit {
            self.givens[c] = (!removed).then_some(self.solution[c]);
        }
        if removed {
            self.count -= orbit.len();
        }
        match (verdict, self.round + 1 == rounds.len()) {
            (Verdict::Undecided, false) => {
                self.deferred.push(o);
                let paused = paused.filter(|p| self.paused_bytes + p.search.bytes() <= self.paused_cap);
                if let Some(p) = paused {
                    self.paused_bytes += p.search.bytes();
                    self.paused[o] = Some(Arc::new(p));
                }
            }
            (Verdict::Undecided, true) => self.undecided += 1,
            _ => {}
        }
        Then::GoOn
    }

    /// How to run orbit `o`'s check in round `k`: whether to keep its search
    /// if it runs out of budget, and the search an earlier round kept of it,
    /// to go on from, if no given went since. A search is kept when the next
    /// round retries it in the same way with a budget of at least
    /// [`PAUSE_FOR`] nodes.
    fn pause_for(&self, o: usize, k: usize, rounds: &[Round]) -> Pause {
        let next = rounds.get(k + 1);
        let same = |next: &Round| next.propagation == rounds[k].propagation;
        let keep = next.is_some_and(|next| same(next) && next.budget.is_some_and(|b| b >= PAUSE_FOR));
        Pause { keep, resume: self.paused[o].clone().filter(|p| p.count == self.count) }
    }

    /// Draws [`SPARSE_DRAWS`] of the orbits left in the queue at random and
    /// moves to its head the one whose cells' houses hold the fewest givens
    /// (summed over the orbit's cells and their houses; the first drawn on a
    /// tie), so that this round's removals gather in some houses instead of
    /// spreading evenly.
    fn draw_sparse(&mut self, layout: &Layout, orbits: &[Vec<usize>], rng: &mut dyn RngCore) {
        use rand::Rng;
        let left = (self.queue.len() - self.next) as u32;
        let givens = |o: usize| -> usize {
            let houses = orbits[o].iter().flat_map(|&c| layout.houses_of(CellId(c as u32)));
            houses.map(|h| layout.house(h).cells.iter().filter(|c| self.givens[c.index()].is_some()).count()).sum()
        };
        let mut best: Option<(usize, usize)> = None;
        for _ in 0..SPARSE_DRAWS {
            let i = self.next + rng.random_range(0..left) as usize;
            let score = givens(self.queue[i]);
            if best.is_none_or(|(_, fewest)| score < fewest) {
                best = Some((i, score));
            }
        }
        if let Some((i, _)) = best {
            self.queue.swap(self.next, i);
        }
    }

    /// At the end of a round's queue: the next round over the deferred
    /// orbits, or why there is none.
    fn end_round(&mut self, rounds: &[Round], restarts: u32) -> Then {
        let round = rounds[self.round];
        if round.at_most.is_some_and(|most| Pace::keeps_too_many(most, self.count, restarts)) {
            return Then::StartOver;
        }
        if self.deferred.is_empty() {
            return Then::Finish;
        }
        if round.last_if_idle && (self.queue.len() - self.deferred.len()) * IDLE_SHARE < self.queue.len() {
            self.undecided += self.deferred.len();
            self.deferred.clear();
            return Then::Finish;
        }
        self.round += 1;
        self.queue = std::mem::take(&mut self.deferred);
        self.next = 0;
        Then::GoOn
    }
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
            helpers: Vec::new(),
            reruns: 0,
            resumed: 0,
            paused_cap: PAUSED_BYTES,
        })
    }

    /// Steps to the end, in one call, and returns the puzzle.
    pub fn finish(&mut self) -> Result<Generated, GenerateError> {
        loop {
            if let Progress::Done(generated) = self.step(u32::MAX)? {
                return Ok(generated);
            }
        }
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
                        self.phase = Phase::Remove(RemovalState {
                            solution,
                            givens,
                            queue: (0..self.orbits.len()).collect(),
                            next: 0,
                            round: 0,
                            deferred: Vec::new(),
                            count,
                            undecided: 0,
                            decided: 0,
                            paused: (0..self.orbits.len()).map(|_| None).collect(),
                            paused_bytes: 0,
                            paused_cap: self.paused_cap,
                            resumed: 0,
                        });
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
            Phase::Remove(r) => {
                let mut then = Then::GoOn;
                let mut left = checks as usize;
                while left > 0 && then == Then::GoOn {
                    if self.config.target_givens.is_some_and(|t| r.count <= t) && !self.config.minimal {
                        r.queue.clear();
                        r.next = 0;
                        r.deferred.clear();
                        then = Then::Finish;
                        break;
                    }
                    if r.next == r.queue.len() {
                        then = r.end_round(&self.rounds, self.restarts);
                        continue;
                    }
                    let round = self.rounds[r.round];
                    if round.speculate && THREADS && self.config.threads > 1 && left > 1 {
                        let helpers = self.config.threads.min(MAX_THREADS) - 1;
                        while self.helpers.len() < helpers {
                            self.helpers.push(Solver::new(&self.layout));
                        }
                        let solvers = (&mut self.solver, &mut self.helpers[..helpers]);
                        let ran = speculate(solvers, &self.orbits, r, &self.rounds, self.restarts, left);
                        left -= ran.recorded;
                        self.reruns += ran.reruns;
                        then = ran.then;
                        continue;
                    }
                    if round.sparse {
                        r.draw_sparse(&self.layout, &self.orbits, &mut self.rng);
                    }
                    let o = r.queue[r.next];
                    let orbit = &self.orbits[o];
                    let pause = r.pause_for(o, r.round, &self.rounds);
                    for &c in orbit {
                        r.givens[c] = None;
                    }
                    let check = check_orbit(&mut self.solver, &r.givens, &r.solution, orbit, round, pause, r.count);
                    left -= 1;
                    then = r.commit(o, orbit, check, &self.rounds, self.restarts);
                }
                if then != Then::GoOn {
                    self.resumed += r.resumed;
                }
                match then {
                    Then::StartOver => {
                        self.restarts += 1;
                        self.phase = Phase::fill(&self.layout);
                        return Ok(self.removing(self.orbits.len()));
                    }
                    Then::Finish => {
                        let done = Generated {
                            givens: std::mem::take(&mut r.givens),
                            solution: std::mem::take(&mut r.solution),
                            undecided: r.undecided,
                            restarts: self.restarts,
                        };
                        self.phase = Phase::Done;
                        return Ok(Progress::Done(done));
                    }
                    Then::GoOn => {}
                }
            }
            Phase::Done => {}
        }
        match &self.phase {
            Phase::Remove(r) => Ok(self.removing(r.queue.len() - r.next + r.deferred.len())),
            _ => Err(GenerateError::Finished),
        }
    }

    /// How many checks ran again on a helper thread or this one because a
    /// removal recorded while they ran made their verdict stale: the price
    /// of [`GenerateConfig::threads`], for benchmarks and tests.
    pub fn reruns(&self) -> u64 {
        self.reruns
    }

    /// How many checks went on from where their search stopped in the round
    /// before instead of starting over (see `PausedCheck`), for benchmarks
    /// and tests.
    pub fn resumed(&self) -> u64 {
        self.resumed + if let Phase::Remove(r) = &self.phase { r.resumed } else { 0 }
    }

    /// Keeps at most `bytes` of searches to go on from (see [`PausedCheck`]);
    /// 0 keeps none, which changes nothing but the time.
    #[cfg(test)]
    fn keep_paused_at_most(&mut self, bytes: usize) {
        self.paused_cap = bytes;
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

/// How to run one check with its paused searches (see
/// [`RemovalState::pause_for`]).
struct Pause {
    /// Keep the search where it stops if it runs out of budget.
    keep: bool,
    /// A search an earlier round kept of this check, to go on from.
    resume: Option<Arc<PausedCheck>>,
}

/// A check's verdict, with its search where it stopped when it ran out of
/// budget and was asked to keep it, and whether it went on from one kept.
struct Check {
    verdict: Verdict,
    paused: Option<PausedCheck>,
    resumed: bool,
}

impl Check {
    fn new(verdict: Verdict, resumed: bool) -> Check {
        Check { verdict, paused: None, resumed }
    }
}

/// Whether the givens (with `orbit` just emptied, `count` left) still have
/// one solution. The puzzle had one; it still has one unless a solution
/// differs from it in a removed cell.
///
/// With `pause.keep`, a search that runs out of budget is kept;
/// `pause.resume` is one kept earlier, to go on from (see
/// [`RemovalState::pause_for`]).
fn check_orbit(
    solver: &mut Solver,
    givens: &[Option<Symbol>],
    solution: &[Symbol],
    orbit: &[usize],
    round: Round,
    pause: Pause,
    count: usize,
) -> Check {
    let Pause { keep, resume } = pause;
    let sink = &mut |_: &[Symbol]| Flow::Stop;
    let mut from = 0;
    let resumed = resume.is_some();
    if let Some(p) = resume {
        let (report, again) = solver.resume(&p.search, round.budget, sink);
        if report.solutions > 0 {
            return Check::new(Verdict::Ambiguous, resumed);
        }
        if report.end == SearchEnd::OutOfBudget {
            let paused = again.filter(|_| keep).map(|search| PausedCheck { search, ..*p });
            return Check { verdict: Verdict::Undecided, paused, resumed };
        }
        from = p.cell + 1;
    }
    for (i, &c) in orbit.iter().enumerate().skip(from) {
        let exclude = [(c, solution[c])];
        let options = SearchOptions {
            propagation: round.propagation,
            exclude: &exclude,
            node_budget: round.budget,
            prefer: Some(solution),
            ..Default::default()
        };
        let (report, paused) = if keep {
            solver.search_pausable(givens, options, sink)
        } else {
            (solver.search(givens, options, sink), None)
        };
        if report.solutions > 0 {
            return Check::new(Verdict::Ambiguous, resumed);
        }
        if report.end == SearchEnd::OutOfBudget {
            let paused = paused.map(|search| PausedCheck { cell: i, count, search });
            return Check { verdict: Verdict::Undecided, paused, resumed };
        }
    }
    Check::new(Verdict::Ok, resumed)
}

/// The smallest budget of a round whose checks go on from where the checks
/// of the round before stopped (see [`PausedCheck`]). Minimal 25×25, seeds 1
/// to 24, one thread: 1.26 M search nodes without, 1.12 M with 100 (the same
/// puzzles), 1.12 M with 30, 1.13 M with 300.
const PAUSE_FOR: u64 = 300;

/// The most memory a removal keeps in the searches of its deferred checks
/// (see [`PausedCheck`]); beyond it, a deferred check starts over in the next
/// round, which changes nothing but the time.
const PAUSED_BYTES: usize = 32 << 20;

/// Whether helper threads can run: not in WebAssembly, whose `std` has no
/// threads.
const THREADS: bool = cfg!(not(target_family = "wasm"));

/// The most threads a generator uses (see [`GenerateConfig::threads`]).
pub const MAX_THREADS: usize = 16;

/// Runs up to `limit` checks of `r`, from `r.next` on and into the next
/// rounds while they may run so, on the calling thread and `helpers` at once,
/// and records their verdicts in order; stops early when a verdict or the end
/// of a round ends the removal.
///
/// Each thread takes the first check that nobody has taken and runs it on
/// the givens as recorded so far, that is as if the checks still running
/// before it keep their givens, which most checks of these rounds do (about
/// 97 % of the checks of the probing passes of a minimal 25×25 keep or
/// defer their given). A check deferred to the next round can be taken as
/// soon as it is recorded, before its round ends. The thread that ends a
/// check records every verdict it can, in queue order, and one only if no
/// given was removed since its check began (the count of givens is the
/// same); otherwise that check runs again. Every recorded verdict is thus the one the calling thread alone
/// would have reached, and the puzzle is the same for any number of threads.
///
/// Returns the checks recorded, the checks run again, and what to do next.
fn speculate(
    (main, helpers): (&mut Solver, &mut [Solver]),
    orbits: &[Vec<usize>],
    r: &mut RemovalState,
    rounds: &[Round],
    restarts: u32,
    limit: usize,
) -> Speculated {
    use std::sync::{Condvar, Mutex, PoisonError};

    /// A check to run: an orbit, in a round.
    #[derive(Clone, Copy)]
    struct Job {
        orbit: usize,
        round: usize,
    }

    /// A job a thread took: its index in `Shared::jobs`, the givens as
    /// recorded when it was taken and their count, and how to run it.
    struct Taken {
        job: usize,
        givens: Vec<Option<Symbol>>,
        count: usize,
        pause: Pause,
    }

    /// What the threads share: the removal, whose givens are those recorded
    /// so far and whose count of givens falls with every removal recorded,
    /// and the checks.
    struct Shared<'r> {
        r: &'r mut RemovalState,
        /// The checks in the order they are recorded: the rest of this
        /// round, then the checks deferred to the next rounds so far.
        jobs: Vec<Job>,
        /// Verdicts not yet recorded, one per job, with the count of givens
        /// their check saw: a verdict whose count is no longer `r.count` is
        /// stale.
        verdicts: Vec<Option<(Check, usize)>>,
        /// The next job to record, and the next one nobody has taken.
        recorded: usize,
        untaken: usize,
        /// A job whose verdict went stale, to take first, and how many did.
        again: Option<usize>,
        reruns: u64,
        /// Set when no more jobs are to be taken, with what comes next.
        stop: Option<Then>,
    }

    impl Shared<'_> {
        /// The next job to run, with the givens and their count to run it
        /// on, and how to keep its search (see [`RemovalState::pause_for`]).
        fn take(&mut self, rounds: &[Round], limit: usize) -> Option<Taken> {
            let i = self.again.take().or_else(|| {
                (self.untaken < self.jobs.len().min(limit)).then(|| {
                    self.untaken += 1;
                    self.untaken - 1
                })
            })?;
            let Job { orbit, round } = self.jobs[i];
            let pause = self.r.pause_for(orbit, round, rounds);
            Some(Taken { job: i, givens: self.r.givens.clone(), count: self.r.count, pause })
        }

        /// Records the verdicts that can be, in order.
        fn record(&mut self, orbits: &[Vec<usize>], rounds: &[Round], restarts: u32, limit: usize) {
            while self.stop.is_none() {
                let r = &mut *self.r;
                if r.next == r.queue.len() {
                    let then = r.end_round(rounds, restarts);
                    if then != Then::GoOn || !rounds[r.round].speculate {
                        self.stop = Some(then);
                    }
                    continue;
                }
                let Some((check, count)) = self.verdicts[self.recorded].take() else { return };
                if count != r.count {
                    self.again = Some(self.recorded);
                    self.reruns += 1;
                    return;
                }
                let job = self.jobs[self.recorded];
                debug_assert!(job.orbit == r.queue[r.next] && job.round == r.round);
                let verdict = check.verdict;
                let then = r.commit(job.orbit, &orbits[job.orbit], check, rounds, restarts);
                self.recorded += 1;
                let next_round = rounds.get(job.round + 1).filter(|_| verdict == Verdict::Undecided);
                if next_round.is_some_and(|round| round.speculate) {
                    self.jobs.push(Job { orbit: job.orbit, round: job.round + 1 });
                    self.verdicts.push(None);
                }
                if then != Then::GoOn || self.recorded == limit {
                    self.stop = Some(then);
                }
            }
        }
    }

    /// Stops the other threads when its thread panics: they would wait for
    /// it forever, and the scope would never pass the panic on.
    struct StopOnPanic<'a, 'r>(&'a Mutex<Shared<'r>>, &'a Condvar);

    impl Drop for StopOnPanic<'_, '_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.lock().unwrap_or_else(PoisonError::into_inner).stop.get_or_insert(Then::GoOn);
                self.1.notify_all();
            }
        }
    }

    // This round's checks not yet recorded, then those already deferred to
    // the next one, if it may run so; [`Shared::record`] adds the rest.
    let mut jobs: Vec<Job> = r.queue[r.next..].iter().map(|&orbit| Job { orbit, round: r.round }).collect();
    if rounds.get(r.round + 1).is_some_and(|round| round.speculate) {
        jobs.extend(r.deferred.iter().map(|&orbit| Job { orbit, round: r.round + 1 }));
    }
    let solution = r.solution.clone();
    let shared = Mutex::new(Shared {
        verdicts: (0..jobs.len()).map(|_| None).collect(),
        jobs,
        recorded: 0,
        untaken: 0,
        again: None,
        reruns: 0,
        stop: None,
        r,
    });
    let changed = Condvar::new();
    let lock = || shared.lock().unwrap_or_else(PoisonError::into_inner);
    let work = |solver: &mut Solver| {
        let _guard = StopOnPanic(&shared, &changed);
        loop {
            let mut shared = lock();
            let Taken { job: i, mut givens, count, pause } = loop {
                if shared.stop.is_some() {
                    return;
                }
                if let Some(job) = shared.take(rounds, limit) {
                    break job;
                }
                shared = changed.wait(shared).unwrap_or_else(PoisonError::into_inner);
            };
            let job = shared.jobs[i];
            drop(shared);
            let orbit = &orbits[job.orbit];
            for &c in orbit {
                givens[c] = None;
            }
            let check = check_orbit(solver, &givens, &solution, orbit, rounds[job.round], pause, count);
            let mut shared = lock();
            shared.verdicts[i] = Some((check, count));
            shared.record(orbits, rounds, restarts, limit);
            drop(shared);
            changed.notify_all();
        }
    };
    std::thread::scope(|scope| {
        for solver in helpers.iter_mut() {
            let work = &work;
            scope.spawn(move || work(solver));
        }
        work(main);
    });
    let shared = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    Speculated { recorded: shared.recorded, reruns: shared.reruns, then: shared.stop.unwrap_or(Then::GoOn) }
}

/// What [`speculate`] did.
struct Speculated {
    recorded: usize,
    reruns: u64,
    then: Then,
}

/// The probing passes of a minimal puzzle, as shares of its check budget
/// (see [`GenerateConfig::rounds`]): 10, 30, 100, 300, 1,000 and 3,000 nodes
/// at 25×25. Minimal 25×25 without a pace, seeds 13 to 24 (two runs in
/// parallel): a median of 4.7 s and at most 70 givens left undecided, against
/// 9.8 s and up to 207 when the passes start from 30 nodes after a
/// locked-candidates round of 200; one probing round of 3,000 nodes after that
/// round took 26 to 41 s and left 63 to 196 undecided on seeds 1, 3 and 6.
const PROBE_PASSES: [u64; 6] = [300, 100, 30, 10, 3, 1];

/// The smallest layout whose minimal puzzles go through [`PROBE_PASSES`]:
/// minimal 20×20 (4×5 boxes, seeds 1 to 10) took a median of 145 ms in
/// passes against 192 ms in one probing round, while minimal 16×16 took
/// 27 ms against 11 ms (30 seeds): its checks are cheap enough that the
/// passes only repeat work.
const PASSES_FROM: usize = 257;

/// The most givens, in thousandths of the cells, that a paced minimal puzzle
/// may keep after the rounds with no guess (propagation, then probing): 267
/// at 25×25 (see [`Pace`]). 420 gave up on five grids a puzzle for a worse
/// mean (2.5 s against 2.1 s, seeds 1 to 24, two runs in parallel), 436 on
/// one for 2.2 s. At 20×20 a grid keeps 39 to 42 % then, so this rarely
/// gives one up there.
const NO_GUESS_SHARE: usize = 428;

/// Which of [`PROBE_PASSES`] is paced: the one of 1/100 of the budget, whose
/// share of decided checks tells good states from bad (see [`Pace`]).
const PACED_PASS: usize = 1;

/// The largest layout whose minimal puzzles are paced: the pace was measured
/// on 25×25. On a 36×36 the old pace (by nodes, on the last round) kept no
/// grid: all 16 were given up on, for nothing.
const PACE_MAX_CELLS: usize = 625;

/// A probing pass of a minimal puzzle, from the one of 1/100 of the budget
/// on, that decides fewer than one in this many of its checks is the last
/// (see `Round::last_if_idle`): each pass costs about three times the one
/// before, so one that decides little says the rest would cost minutes for
/// little. Minimal 36×36, seed 1: the passes of 1/100 to all of the budget
/// decided 32, 21, 9, 18 and 21 of 584 to 504 checks and took 3 s, 10 s,
/// 29 s, 82 s and 241 s; the puzzle kept 585 givens, 483 of them undecided.
/// At 25×25 these passes decide from a quarter to most of their checks.
const IDLE_SHARE: usize = 10;

/// How much larger a minimal puzzle's automatic check budget is. Its checks
/// run with [`Propagation::Probing`], whose nodes cost tens of times more than
/// plain ones but prove in a hundred to a thousand times fewer what plain
/// search cannot.
const MINIMAL_BUDGET: u64 = 15;

/// How many orbits each check of a [`Round::sparse`] round draws, to try the
/// one whose houses hold the fewest givens. Removals that gather in some
/// houses leave more givens that propagation alone proves removable. Minimal
/// 25×25, givens kept after the rounds with no guess, seeds 1 to 40: 270 on
/// average in queue order, 262 with 2 draws, 255 with 4, 249 when every check
/// takes the sparsest orbit. The later rounds then start from fewer givens,
/// and fewer grids are given up on. Seeds 25 to 48 on two threads, median
/// (and CPU time in all), with the sparsest house of each puzzle on average:
///
/// | draws | median | CPU | givens | sparsest house | houses of ≤ 2 givens, in all |
/// |---|---|---|---|---|---|
/// | none (queue order) | 0.95 s | 55 s | 253.8 | 5.2 | none |
/// | 2 | 0.28 s | 15 s | 252.9 | 3.8 | 2 |
/// | 3 | 0.26 s | 12 s | 251.3 | 2.9 | 8 |
/// | 4 | 0.20 s | 9 s | 250.6 | 2.2 | 19, two of them empty |
///
/// More draws empty whole houses, a pattern players would spot; 2 keep the
/// puzzles close to those of queue order. Minimal 16×16 (seeds 1 to 60)
/// went from 7.2 to 5.6 ms and 20×20 (4×5 boxes, seeds 1 to 20) from 69 to
/// 55 ms, with the same givens on average.
const SPARSE_DRAWS: u32 = 2;

/// One pass of removal checks over the orbits not yet decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Round {
    propagation: Propagation,
    budget: Option<u64>,
    /// When set, the generator gives up on a grid whose first checks in this
    /// round decide too little and starts over with a new one.
    pace: Option<Pace>,
    /// When set, the generator gives up on a grid that keeps more givens than
    /// this after the round (one more for every restart so far).
    at_most: Option<usize>,
    /// When set, a round that decides fewer than one in [`IDLE_SHARE`] of its
    /// checks is the last: what it left undecided stays undecided.
    last_if_idle: bool,
    /// When set, the round's checks may run on several threads (see
    /// [`speculate`]): set on the rounds of a minimal puzzle after the first,
    /// whose checks mostly keep or defer their given.
    speculate: bool,
    /// When set, each check of the round tries the sparser of
    /// [`SPARSE_DRAWS`] orbits drawn at random from those left (see
    /// [`RemovalState::draw_sparse`]); set on the first round with a check
    /// budget, which runs on one thread.
    sparse: bool,
}

impl Default for Round {
    fn default() -> Round {
        Round {
            propagation: Propagation::LockedCandidates,
            budget: None,
            pace: None,
            at_most: None,
            last_if_idle: false,
            speculate: false,
            sparse: false,
        }
    }
}

/// How many of the first [`Pace::CHECKS`] checks of a round must end within
/// its budget (a proof or a second solution), or the generator gives up on
/// its grid and starts over. The demand falls by a tenth after every
/// restart, and there is none after [`Pace::RESTARTS`] restarts, so a
/// generator always ends.
///
/// Why: a minimal 25×25 goes one of two ways after its cheap rounds. In a good
/// state the pass of 30-node probing checks decides 28 to 52 % of its checks
/// (mostly second solutions, which keep a given) and the run ends in 0.6 to
/// 2.2 s; in a bad one it decides 3 to 15 % (mostly hard removals, each of
/// which makes the puzzle harder still) and the run takes 5 to 29 s, leaving
/// up to 207 givens undecided (seeds 1 to 24, no pace). Of the first 80
/// checks, at least 24 decided kept the runs of 4 s or less among seeds 1 to
/// 40; 20 let an 18 s run through and 28 gave up on more good runs than bad
/// ones. Starting over costs a fill, the cheap rounds and the 80 checks,
/// about 0.25 s.
///
/// A cheaper sign comes earlier: a bad state keeps more givens after the
/// rounds with no guess (mean 275 of 625 over the 17 runs of seeds 1 to 40
/// that took over 5 s, against 266 over the 11 that took under 2 s), so a
/// grid that keeps more than [`NO_GUESS_SHARE`] of its cells then is given up
/// after about 30 ms (see `Round::at_most`). With both, minimal 25×25, seeds 1
/// to 24: median 2.6 → 1.7 s, givens left undecided 2.2 → 1.6 on average.
///
/// All of this was measured with the first round's orbits in queue order.
/// With [`SPARSE_DRAWS`] the rounds with no guess keep 262 givens on average,
/// and 0.1 to 0.2 grids a puzzle are given up on (seeds 1 to 120); without
/// the pace or without the limit on givens, or without both, the medians of
/// seeds 1 to 48 were the same within the noise (0.28 to 0.32 s on two
/// threads). It stays as a guard against the grids that would go the slow way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pace {
    decided: u64,
}

impl Pace {
    /// A minimal puzzle's pace: three tenths of the first checks decided.
    const MINIMAL: Pace = Pace { decided: 24 };
    /// The checks that show the pace.
    const CHECKS: u64 = 80;
    /// After this many restarts the pace is off.
    const RESTARTS: u32 = 16;

    /// Whether to give up after `checks` checks of the round, `decided` of
    /// them decided, after `restarts` restarts. Integer arithmetic only, so
    /// that native and WebAssembly builds start over at the same check and
    /// make the same puzzle.
    fn gives_up(self, checks: u64, decided: u64, restarts: u32) -> bool {
        if checks != Self::CHECKS || restarts >= Self::RESTARTS {
            return false;
        }
        let demand = (0..restarts).fold(self.decided, |d, _| d - d / 10);
        decided < demand
    }

    /// Whether to give up on a grid that keeps `givens` after a round that
    /// allows at most `most` (see `Round::at_most`), after `restarts`
    /// restarts: one more given is allowed for every restart, and none of
    /// this after [`Pace::RESTARTS`].
    fn keeps_too_many(most: usize, givens: usize, restarts: u32) -> bool {
        restarts < Self::RESTARTS && givens > most + restarts as usize
    }
}

/// What one removal check found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// No solution differs in the orbit's cells: the orbit's givens can go.
    Ok,
    /// A second solution: the orbit's givens stay.
    Ambiguous,
    /// The check ran out of budget: a later round tries again, or the
    /// givens stay, undecided.
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
    fn a_pace_judges_its_first_checks_once_and_asks_less_after_each_restart() {
        let pace = Pace { decided: 20 };
        let gives_up = |checks, decided, restarts| pace.gives_up(checks, decided, restarts);
        assert!(gives_up(Pace::CHECKS, 19, 0));
        assert!(!gives_up(Pace::CHECKS, 20, 0));
        // Judged once, after the first checks.
        assert!(!gives_up(Pace::CHECKS - 1, 0, 0));
        assert!(!gives_up(Pace::CHECKS + 1, 0, 0));
        // A tenth less after each restart (rounded down), then nothing.
        assert!(gives_up(Pace::CHECKS, 17, 1) && !gives_up(Pace::CHECKS, 18, 1));
        assert!(gives_up(Pace::CHECKS, 16, 2) && !gives_up(Pace::CHECKS, 17, 2));
        assert!(!gives_up(Pace::CHECKS, 0, Pace::RESTARTS));
        // A limit on givens allows one more after each restart, then nothing.
        assert!(Pace::keeps_too_many(267, 268, 0) && !Pace::keeps_too_many(267, 267, 0));
        assert!(Pace::keeps_too_many(267, 270, 2) && !Pace::keeps_too_many(267, 269, 2));
        assert!(!Pace::keeps_too_many(0, 625, Pace::RESTARTS));
        // Only minimal puzzles from 257 to 625 cells are paced, in one pass.
        let paced = |minimal: bool, layout: Layout| {
            let rounds = GenerateConfig { minimal, ..Default::default() }.rounds(&layout);
            rounds.iter().map(|r| r.pace.is_some()).collect::<Vec<_>>()
        };
        let yes = |i: usize| i == 3 + PACED_PASS;
        assert_eq!(paced(true, Layout::classic(3).unwrap()), [false]);
        assert_eq!(paced(true, Layout::classic(4).unwrap()), [false; 3]);
        assert_eq!(paced(true, Layout::boxed(4, 5).unwrap()), (0..9).map(yes).collect::<Vec<_>>());
        assert_eq!(paced(true, Layout::classic(5).unwrap()), (0..9).map(yes).collect::<Vec<_>>());
        assert_eq!(paced(true, Layout::classic(6).unwrap()), [false; 9]);
        assert_eq!(paced(false, Layout::classic(5).unwrap()), [false; 2]);
        // The same layouts keep at most 42.8 % of their cells as givens after
        // probing with no guess.
        let at_most = |layout: Layout| minimal_rounds(layout).iter().map(|r| r.at_most).collect::<Vec<_>>();
        let after_probing = |most: usize| (0..9).map(|i| (i == 1).then_some(most)).collect::<Vec<_>>();
        assert_eq!(at_most(Layout::classic(5).unwrap()), after_probing(267));
        assert_eq!(at_most(Layout::boxed(4, 5).unwrap()), after_probing(171));
        assert_eq!(at_most(Layout::classic(4).unwrap()), [None; 3]);
        assert_eq!(at_most(Layout::classic(6).unwrap()), [None; 9]);
    }

    #[test]
    fn a_generator_that_starts_over_still_ends_with_a_unique_reproducible_puzzle() {
        let layout = Layout::classic(4).unwrap();
        let config = GenerateConfig { minimal: true, ..Default::default() };
        // No grid ever decides enough of the first round's first checks, or
        // keeps few enough givens after it: every grid is given up on until
        // the pace is off.
        let pace = |round: &mut Round| round.pace = Some(Pace { decided: u64::MAX });
        let at_most = |round: &mut Round| round.at_most = Some(0);
        for force in [&pace as &dyn Fn(&mut Round), &at_most] {
            starts_over_until_the_pace_is_off(&layout, &config, force);
        }
    }

    /// Each check of the first round tries the sparser of two orbits drawn
    /// at random, so the removals gather in some houses and propagation
    /// proves more of them: from the same grids, the rounds with no guess
    /// keep fewer givens than with the orbits taken in queue order.
    #[test]
    fn sparse_draws_leave_fewer_givens_to_the_rounds_that_guess() {
        let layout = Layout::classic(5).unwrap();
        let config = GenerateConfig { minimal: true, threads: 1, ..Default::default() };
        let after_no_guess = |seed, sparse| {
            let mut generator = Generator::new(&layout, &config, seed).unwrap();
            assert!(generator.rounds[0].sparse && generator.rounds[1].propagation == Propagation::Probing);
            generator.rounds[0].sparse = sparse;
            // The round of probing with no guess is the last, and never starts over.
            generator.rounds.truncate(2);
            generator.rounds[1].at_most = None;
            let g = generator.finish().unwrap();
            assert_eq!(g.restarts, 0);
            g.givens.iter().filter(|g| g.is_some()).count()
        };
        let (mut sparse, mut queue) = (0, 0);
        for seed in 1..=8 {
            let (s, q) = (after_no_guess(seed, true), after_no_guess(seed, false));
            eprintln!("seed {seed}: {s} givens with sparse draws, {q} in queue order");
            sparse += s;
            queue += q;
        }
        assert!(sparse + 8 * 4 <= queue, "{sparse} givens in all with sparse draws, {queue} in queue order");
    }

    #[test]
    fn a_pass_that_decides_too_little_is_the_last() {
        let layout = Layout::classic(4).unwrap();
        let config = GenerateConfig { minimal: true, ..Default::default() };
        // A second pass with the first one's budget of one node decides
        // (almost) nothing that the first left; a third with probing and a
        // large budget decides everything, unless the second ends the passes.
        let run = |last_if_idle| {
            let mut generator = Generator::new(&layout, &config, 4).unwrap();
            let propagation = Round { budget: Some(1), ..Round::default() };
            generator.rounds = vec![
                propagation,
                Round { last_if_idle, ..propagation },
                Round { propagation: Propagation::Probing, budget: Some(100_000), ..Round::default() },
            ];
            loop {
                if let Progress::Done(g) = generator.step(50).unwrap() {
                    break g;
                }
            }
        };
        let givens = |g: &Generated| g.givens.iter().filter(|g| g.is_some()).count();
        let (idle, full) = (run(true), run(false));
        assert!(idle.undecided > 0 && full.undecided == 0, "{} and {} undecided", idle.undecided, full.undecided);
        assert!(givens(&idle) > givens(&full), "{} and {} givens", givens(&idle), givens(&full));
        assert_eq!(Solver::new(&layout).uniqueness(&idle.givens), Uniqueness::Unique(idle.solution));
        assert_eq!(Solver::new(&layout).uniqueness(&full.givens), Uniqueness::Unique(full.solution));
        // Only probing passes from the one of 1/100 of the budget on end so.
        let idle_passes = |layout: Layout| minimal_rounds(layout).iter().map(|r| r.last_if_idle).collect::<Vec<_>>();
        let from_paced = (0..9).map(|i| i >= 3 + PACED_PASS).collect::<Vec<_>>();
        assert_eq!(idle_passes(Layout::classic(5).unwrap()), from_paced);
        assert_eq!(idle_passes(Layout::classic(6).unwrap()), from_paced);
        assert_eq!(idle_passes(Layout::classic(4).unwrap()), [false; 3]);
    }

    /// Helper threads change the time a minimal puzzle takes, never the
    /// puzzle: against the calling thread alone, with one and two helpers, in
    /// one step or in steps of a few checks, with orbits of one cell and of
    /// two, on a grid that checks in one probing round and on one that
    /// checks in passes. Some verdicts do go stale on the way and are
    /// reached again.
    #[test]
    fn helper_threads_change_nothing_but_the_time() {
        let cases = [
            (Layout::classic(4).unwrap(), Symmetry::None, 0..4),
            (Layout::classic(4).unwrap(), Symmetry::Rot180, 0..2),
            (Layout::boxed(4, 5).unwrap(), Symmetry::None, 1..2),
        ];
        let mut reruns = 0;
        for (layout, symmetry, seeds) in cases {
            for seed in seeds {
                let config = |threads| GenerateConfig { minimal: true, symmetry, threads, ..Default::default() };
                let run = |threads, checks| {
                    let mut generator = Generator::new(&layout, &config(threads), seed).unwrap();
                    loop {
                        if let Progress::Done(g) = generator.step(checks).unwrap() {
                            break (g, generator.reruns());
                        }
                    }
                };
                let (alone, none) = run(1, u32::MAX);
                assert_eq!(none, 0);
                assert_eq!(Solver::new(&layout).uniqueness(&alone.givens), Uniqueness::Unique(alone.solution.clone()));
                for (threads, checks) in [(2, u32::MAX), (3, u32::MAX), (2, 7)] {
                    let (g, stale) = run(threads, checks);
                    assert_eq!(g, alone, "{symmetry:?}, seed {seed}: {threads} threads, {checks} checks a step");
                    reruns += stale;
                }
            }
        }
        assert!(reruns > 0, "no verdict went stale: the test shows nothing about them");
    }

    /// A deferred check that goes on in the next round from where its search
    /// stopped reaches the verdict it reaches starting over.
    #[test]
    fn going_on_from_kept_searches_changes_nothing_but_the_time() {
        let layout = Layout::boxed(4, 5).unwrap();
        let mut resumed = 0;
        for (symmetry, seed) in [(Symmetry::None, 23), (Symmetry::Rot180, 24), (Symmetry::Rot180, 25)] {
            let run = |threads, cap| {
                let config = GenerateConfig { minimal: true, symmetry, threads, ..Default::default() };
                let mut generator = Generator::new(&layout, &config, seed).unwrap();
                generator.keep_paused_at_most(cap);
                (generator.finish().unwrap(), generator.resumed())
            };
            let (fresh, none) = run(1, 0);
            assert_eq!(none, 0);
            for threads in [1, 2] {
                let (g, went_on) = run(threads, PAUSED_BYTES);
                assert_eq!(g, fresh, "{symmetry:?}, seed {seed}, {threads} threads");
                resumed += went_on;
            }
        }
        assert!(resumed > 0, "no check went on from a kept search: the test shows nothing");
    }

    fn minimal_rounds(layout: Layout) -> Vec<Round> {
        GenerateConfig { minimal: true, ..Default::default() }.rounds(&layout)
    }

    fn starts_over_until_the_pace_is_off(layout: &Layout, config: &GenerateConfig, force: &dyn Fn(&mut Round)) {
        let run = || {
            let mut generator = Generator::new(layout, config, 3).unwrap();
            force(&mut generator.rounds[0]);
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
        assert_eq!(Solver::new(layout).uniqueness(&g.givens), Uniqueness::Unique(g.solution.clone()));
        assert_eq!(run().0, g, "the same seed gives the same puzzle, restarts included");
        assert_ne!(g, generate(layout, config, 3).unwrap(), "each restart fills a new grid");
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
    /// within the same budget by probing, as a minimal puzzle's last round runs it.
    #[test]
    fn probing_decides_checks_that_run_out_of_budget() {
        let layout = Layout::classic(4).unwrap();
        let config = GenerateConfig { minimal: true, ..Default::default() };
        let mut solver = Solver::new(&layout);
        // The same search as `check_orbit`'s.
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
                let probing = nodes(&puzzle, &exclude, Propagation::Probing);
                let budget = Some(plain - 1);
                if probing > plain - 1 {
                    continue;
                }
                tried += 1;
                let mut check = |propagation| {
                    check_orbit(
                        &mut checker,
                        &puzzle.givens,
                        &puzzle.solution,
                        &[c],
                        Round { propagation, budget, ..Round::default() },
                        Pause { keep: false, resume: None },
                        puzzle.givens.iter().flatten().count(),
                    )
                    .verdict
                };
                assert!(check(Propagation::LockedCandidates) == Verdict::Undecided, "seed {seed}, cell {c}");
                assert!(check(Propagation::Probing) == Verdict::Ok, "seed {seed}, cell {c}");
            }
        }
        assert!(tried > 0, "probing never needed fewer nodes than plain search");
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
