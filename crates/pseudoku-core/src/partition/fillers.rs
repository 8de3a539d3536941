//! Grid fillers: symbols for a layout of `N` regions, each region holding
//! each symbol once ([`GridFiller`]). The engine's sudoku solver on a jigsaw
//! ([`SolverFiller`], the default), a small self-contained backtracking
//! ([`JigsawLatinFiller`]), both Latin in rows and columns too, and a
//! fallback that always fills ([`RegionShuffleFiller`]).

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::generate::{fill_with, FillBudget};
use crate::layout::Layout;
use crate::seed::shuffle;
use crate::solver::Solver;
use crate::symbol::Symbol;

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
