//! Algorithm X with dancing links over a sudoku-family layout.

use pseudoku_core::layout::Layout;
use pseudoku_core::seed::shuffle;
use pseudoku_core::symbol::Symbol;
use rand::RngCore;

/// A dancing-links exact-cover matrix for one layout, reusable across
/// puzzles (it is restored after each search).
pub struct Dlx {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    column: Vec<u32>,
    /// Column sizes, indexed by column header node.
    size: Vec<u32>,
    /// For a row node: the (cell, symbol) row it belongs to.
    row_of: Vec<u32>,
    /// First node of each (cell, symbol) row.
    row_start: Vec<u32>,
    n: usize,
    cells: usize,
    /// Nodes selected so far (one per chosen row).
    chosen: Vec<u32>,
    /// Nodes visited (guesses), for reports.
    pub nodes: u64,
}

const ROOT: u32 = 0;

impl Dlx {
    pub fn new(layout: &Layout) -> Dlx {
        let n = layout.size();
        let cells = layout.cell_count();
        let houses = layout.houses().len();
        let columns = cells + houses * n;
        let mut d = Dlx {
            left: Vec::new(),
            right: Vec::new(),
            up: Vec::new(),
            down: Vec::new(),
            column: Vec::new(),
            size: vec![0; columns + 1],
            row_of: Vec::new(),
            row_start: Vec::with_capacity(cells * n),
            n,
            cells,
            chosen: Vec::new(),
            nodes: 0,
        };
        // Header nodes 0 (root) and 1..=columns.
        for i in 0..=columns as u32 {
            d.left.push(if i == 0 { columns as u32 } else { i - 1 });
            d.right.push(if i == columns as u32 { 0 } else { i + 1 });
            d.up.push(i);
            d.down.push(i);
            d.column.push(i);
            d.row_of.push(u32::MAX);
        }
        for cell in 0..cells {
            let hs: Vec<usize> =
                layout.houses_of(pseudoku_core::layout::CellId(cell as u32)).map(|h| h.index()).collect();
            for s in 0..n {
                let first = d.left.len() as u32;
                d.row_start.push(first);
                let cols = std::iter::once(1 + cell).chain(hs.iter().map(|&h| 1 + cells + h * n + s));
                for (k, col) in cols.enumerate() {
                    let node = d.left.len() as u32;
                    let col = col as u32;
                    // Insert at the bottom of the column.
                    let last = d.up[col as usize];
                    d.up.push(last);
                    d.down.push(col);
                    d.down[last as usize] = node;
                    d.up[col as usize] = node;
                    d.column.push(col);
                    d.size[col as usize] += 1;
                    d.row_of.push((cell * n + s) as u32);
                    // Link into the row ring.
                    if k == 0 {
                        d.left.push(node);
                        d.right.push(node);
                    } else {
                        let prev = node - 1;
                        d.left.push(prev);
                        d.right.push(first);
                        d.right[prev as usize] = node;
                        d.left[first as usize] = node;
                    }
                }
            }
        }
        d
    }

    fn cover(&mut self, c: u32) {
        let (l, r) = (self.left[c as usize], self.right[c as usize]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c as usize];
        while i != c {
            let mut j = self.right[i as usize];
            while j != i {
                let (u, dn) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = dn;
                self.up[dn as usize] = u;
                self.size[self.column[j as usize] as usize] -= 1;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
    }

    fn uncover(&mut self, c: u32) {
        let mut i = self.up[c as usize];
        while i != c {
            let mut j = self.left[i as usize];
            while j != i {
                self.size[self.column[j as usize] as usize] += 1;
                let (u, dn) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = j;
                self.up[dn as usize] = j;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c as usize], self.right[c as usize]);
        self.right[l as usize] = c;
        self.left[r as usize] = c;
    }

    fn select(&mut self, node: u32) {
        self.cover(self.column[node as usize]);
        let mut j = self.right[node as usize];
        while j != node {
            self.cover(self.column[j as usize]);
            j = self.right[j as usize];
        }
    }

    fn unselect(&mut self, node: u32) {
        let mut j = self.left[node as usize];
        while j != node {
            self.uncover(self.column[j as usize]);
            j = self.left[j as usize];
        }
        self.uncover(self.column[node as usize]);
    }

    /// Counts solutions up to `limit`; the first one is written to
    /// `first` when given. Conflicting givens count as no solution.
    pub fn count(&mut self, givens: &[Option<Symbol>], limit: u64, mut first: Option<&mut Vec<Symbol>>) -> u64 {
        assert_eq!(givens.len(), self.cells, "one given (or None) per cell");
        self.nodes = 0;
        self.chosen.clear();
        let mut preselected = Vec::new();
        let mut ok = true;
        for (cell, g) in givens.iter().enumerate() {
            if let Some(s) = g {
                let node = self.row_start[cell * self.n + s.index()];
                // A row is available only while all its columns are.
                let mut j = node;
                loop {
                    let col = self.column[j as usize];
                    if self.right[self.left[col as usize] as usize] != col {
                        ok = false;
                    }
                    j = self.right[j as usize];
                    if j == node {
                        break;
                    }
                }
                if !ok {
                    break;
                }
                self.select(node);
                preselected.push(node);
            }
        }
        let mut found = 0;
        if ok {
            self.chosen.extend(preselected.iter().copied());
            self.search(limit, &mut found, &mut first);
            self.chosen.clear();
        }
        for &node in preselected.iter().rev() {
            self.unselect(node);
        }
        found
    }

    /// A random complete grid (no givens): the textbook randomised fill,
    /// Algorithm X trying the rows of each chosen column in a random order.
    /// `None` when it runs past `budget` nodes first.
    pub fn fill_random(&mut self, rng: &mut dyn RngCore, budget: u64) -> Option<Vec<Symbol>> {
        self.nodes = 0;
        self.chosen.clear();
        let mut out = None;
        self.search_random(rng, budget, &mut out);
        self.chosen.clear();
        out
    }

    /// Whether to stop: a grid was found (written to `out`) or the budget ran out.
    fn search_random(&mut self, rng: &mut dyn RngCore, budget: u64, out: &mut Option<Vec<Symbol>>) -> bool {
        if self.right[ROOT as usize] == ROOT {
            *out = Some(self.chosen_grid());
            return true;
        }
        let best = self.smallest_column();
        let mut rows = Vec::with_capacity(self.size[best as usize] as usize);
        let mut r = self.down[best as usize];
        while r != best {
            rows.push(r);
            r = self.down[r as usize];
        }
        shuffle(&mut rows, rng);
        for r in rows {
            self.nodes += 1;
            if self.nodes > budget {
                return true;
            }
            self.select(r);
            self.chosen.push(r);
            let stop = self.search_random(rng, budget, out);
            self.chosen.pop();
            self.unselect(r);
            if stop {
                return true;
            }
        }
        false
    }

    /// The grid of the rows chosen so far (a solution when every column is covered).
    fn chosen_grid(&self) -> Vec<Symbol> {
        let mut grid = vec![Symbol::new(0); self.cells];
        for &node in &self.chosen {
            let row = self.row_of[node as usize] as usize;
            grid[row / self.n] = Symbol::new(row % self.n);
        }
        grid
    }

    /// The column with the fewest rows (Knuth's S heuristic).
    fn smallest_column(&self) -> u32 {
        let mut best = self.right[ROOT as usize];
        let mut c = self.right[best as usize];
        while c != ROOT {
            if self.size[c as usize] < self.size[best as usize] {
                best = c;
            }
            c = self.right[c as usize];
        }
        best
    }

    fn search(&mut self, limit: u64, found: &mut u64, first: &mut Option<&mut Vec<Symbol>>) -> bool {
        if self.right[ROOT as usize] == ROOT {
            *found += 1;
            if *found == 1 {
                if let Some(out) = first.as_deref_mut() {
                    *out = self.chosen_grid();
                }
            }
            return *found >= limit;
        }
        let best = self.smallest_column();
        if self.size[best as usize] == 0 {
            return false;
        }
        let mut stop = false;
        let mut r = self.down[best as usize];
        while r != best && !stop {
            self.nodes += 1;
            self.select(r);
            self.chosen.push(r);
            stop = self.search(limit, found, first);
            self.chosen.pop();
            self.unselect(r);
            r = self.down[r as usize];
        }
        stop
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pseudoku_core::solver::{Count, Solver};

    #[test]
    fn random_fills_are_grids_and_respect_the_budget() {
        let layout = Layout::classic(3).unwrap();
        let mut dlx = Dlx::new(&layout);
        let mut rng = pseudoku_core::seed::rng_from_seed(1);
        let a = dlx.fill_random(&mut rng, 100_000).expect("a 9×9 fills well within budget");
        assert!(pseudoku_core::grid::is_solved(&layout, &a.iter().copied().map(Some).collect::<Vec<_>>()));
        let b = dlx.fill_random(&mut rng, 100_000).unwrap();
        assert_ne!(a, b);
        // 81 cells need at least 81 nodes.
        assert_eq!(dlx.fill_random(&mut rng, 80), None);
        // The matrix is restored after giving up: counting still works.
        assert_eq!(dlx.count(&b.iter().copied().map(Some).collect::<Vec<_>>(), 2, None), 1);
    }

    #[test]
    fn agrees_with_the_engine() {
        let layout = Layout::classic(2).unwrap();
        let mut dlx = Dlx::new(&layout);
        assert_eq!(dlx.count(&[None; 16], 1000, None), 288);
        let layout = Layout::classic(3).unwrap();
        let mut dlx = Dlx::new(&layout);
        let mut solver = Solver::new(&layout);
        for seed in 0..20 {
            let g = pseudoku_core::generate::generate(&layout, &Default::default(), seed).unwrap();
            let mut sol = Vec::new();
            assert_eq!(dlx.count(&g.givens, 2, Some(&mut sol)), 1);
            assert_eq!(sol, g.solution);
            let mut fewer = g.givens.clone();
            let c = fewer.iter().position(Option::is_some).unwrap();
            fewer[c] = None;
            let n = dlx.count(&fewer, 1000, None);
            assert_eq!(solver.count(&fewer, 1000), if n < 1000 { Count::Exact(n) } else { Count::AtLeast(n) });
        }
    }
}
