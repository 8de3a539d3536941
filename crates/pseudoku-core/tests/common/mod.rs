//! Shared helpers of the integration tests: a slow, obviously correct
//! reference solver, a checker of complete grids, and random layouts.
//!
//! The reference knows nothing of the engine's tricks: it fills the empty
//! cells in index order, trying every symbol, and accepts a symbol when no
//! house of the cell (read straight from [`Layout::houses`]) already holds it.

#![allow(dead_code)]

use pseudoku_core::layout::{check_region_map, CellId, Layout};
use pseudoku_core::symbol::Symbol;

/// What the reference found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefCount {
    /// Every solution found, in the order found (at most `limit`).
    pub solutions: Vec<Vec<Symbol>>,
    /// True when the limit was reached: there may be more.
    pub limit_reached: bool,
}

/// Every house's cells, per cell.
fn houses_per_cell(layout: &Layout) -> Vec<Vec<usize>> {
    let mut per_cell = vec![Vec::new(); layout.cell_count()];
    for (h, house) in layout.houses().iter().enumerate() {
        for c in &house.cells {
            per_cell[c.index()].push(h);
        }
    }
    per_cell
}

/// Counts the solutions of `givens` up to `limit`, or `None` when the
/// search takes more than `node_budget` placements.
pub fn reference_count(layout: &Layout, givens: &[Option<Symbol>], limit: usize, node_budget: u64) -> Option<RefCount> {
    assert_eq!(givens.len(), layout.cell_count());
    let mut grid: Vec<Option<Symbol>> = givens.to_vec();
    let mut out = RefCount { solutions: Vec::new(), limit_reached: false };
    // Givens that already break a rule admit no solution.
    if !partial_grid_ok(layout, &grid) {
        return Some(out);
    }
    let houses = houses_per_cell(layout);
    let empties: Vec<usize> = (0..grid.len()).filter(|&c| grid[c].is_none()).collect();
    let mut nodes = 0u64;
    let finished = backtrack(layout, &houses, &empties, 0, &mut grid, limit, &mut out, &mut nodes, node_budget);
    finished.then_some(out)
}

/// Returns false when the node budget ran out.
#[allow(clippy::too_many_arguments)]
fn backtrack(
    layout: &Layout,
    houses: &[Vec<usize>],
    empties: &[usize],
    k: usize,
    grid: &mut Vec<Option<Symbol>>,
    limit: usize,
    out: &mut RefCount,
    nodes: &mut u64,
    budget: u64,
) -> bool {
    if out.solutions.len() >= limit {
        out.limit_reached = true;
        return true;
    }
    let Some(&cell) = empties.get(k) else {
        out.solutions.push(grid.iter().map(|s| s.expect("complete")).collect());
        if out.solutions.len() >= limit {
            out.limit_reached = true;
        }
        return true;
    };
    for s in 0..layout.size() {
        let symbol = Symbol::new(s);
        let clash =
            houses[cell].iter().any(|&h| layout.houses()[h].cells.iter().any(|&c| grid[c.index()] == Some(symbol)));
        if clash {
            continue;
        }
        *nodes += 1;
        if *nodes > budget {
            return false;
        }
        grid[cell] = Some(symbol);
        let ok = backtrack(layout, houses, empties, k + 1, grid, limit, out, nodes, budget);
        grid[cell] = None;
        if !ok {
            return false;
        }
        if out.limit_reached {
            return true;
        }
    }
    true
}

/// True when no house holds a symbol twice.
pub fn partial_grid_ok(layout: &Layout, grid: &[Option<Symbol>]) -> bool {
    layout.houses().iter().all(|house| {
        let mut seen = vec![false; layout.size()];
        house.cells.iter().filter_map(|c| grid[c.index()]).all(|s| !std::mem::replace(&mut seen[s.index()], true))
    })
}

/// Checks a reported solution: one symbol per cell, in range, every house
/// holding every symbol exactly once, and every given kept.
pub fn check_solution(layout: &Layout, givens: &[Option<Symbol>], solution: &[Symbol]) -> Result<(), String> {
    if solution.len() != layout.cell_count() {
        return Err(format!("{} cells, expected {}", solution.len(), layout.cell_count()));
    }
    if let Some(c) = solution.iter().position(|s| s.index() >= layout.size()) {
        return Err(format!("cell {c} holds {} outside 1..={}", solution[c].number(), layout.size()));
    }
    for (h, house) in layout.houses().iter().enumerate() {
        let mut seen = vec![0; layout.size()];
        for c in &house.cells {
            seen[solution[c.index()].index()] += 1;
        }
        if let Some(s) = seen.iter().position(|&k| k != 1) {
            return Err(format!("house {h} ({}) holds symbol {} {} times", house.kind, s + 1, seen[s]));
        }
    }
    if let Some(c) = (0..givens.len()).find(|&c| givens[c].is_some_and(|g| g != solution[c])) {
        return Err(format!("cell {c} was given {:?} but the solution has {:?}", givens[c], solution[c]));
    }
    Ok(())
}

/// A small deterministic generator for test data (xorshift64*).
pub struct TestRng(u64);

impl TestRng {
    pub fn new(seed: u64) -> TestRng {
        TestRng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random jigsaw region map of side `n`: start from rectangular boxes (or
/// rows, for a prime `n`) and trade cells between neighbouring regions (a
/// cell of region A next to region B for a cell of B next to A) whenever
/// both regions stay connected.
pub fn random_jigsaw(n: usize, seed: u64) -> Vec<usize> {
    let (br, bc) = pseudoku_core::format::line::box_shape(n);
    let mut map: Vec<usize> = (0..n * n).map(|i| (i / n / br) * (n / bc) + (i % n) / bc).collect();
    let neighbours = |c: usize| {
        let (r, col) = (c / n, c % n);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(c - n);
        }
        if r + 1 < n {
            out.push(c + n);
        }
        if col > 0 {
            out.push(c - 1);
        }
        if col + 1 < n {
            out.push(c + 1);
        }
        out
    };
    let mut rng = TestRng::new(seed);
    for _ in 0..n * n * 2 {
        let a = rng.below(n * n);
        let region_a = map[a];
        let others: Vec<usize> = neighbours(a).into_iter().filter(|&x| map[x] != region_a).collect();
        if others.is_empty() {
            continue;
        }
        let region_b = map[others[rng.below(others.len())]];
        let candidates: Vec<usize> =
            (0..n * n).filter(|&b| map[b] == region_b && neighbours(b).iter().any(|&x| map[x] == region_a)).collect();
        let b = candidates[rng.below(candidates.len())];
        map[a] = region_b;
        map[b] = region_a;
        if check_region_map(n, &map).is_err() {
            map[a] = region_a;
            map[b] = region_b;
        }
    }
    check_region_map(n, &map).expect("trades keep the map valid")
}

/// The cells of a layout as 0-based symbol indices, for messages.
pub fn show(layout: &Layout, cells: &[Option<Symbol>]) -> String {
    pseudoku_core::format::line::write(layout, cells)
}

/// The cells that share a house with `cell`, as indices.
pub fn peers(layout: &Layout, cell: usize) -> Vec<usize> {
    layout.peers(CellId(cell as u32)).iter().map(|p| p.index()).collect()
}
