//! Probing, the lookahead of [`Propagation::Probing`]: at a node already at
//! a fixpoint, both candidates of every cell with two are tried, each on the
//! node's level itself and undone from the log of what it changed. A
//! candidate whose try fails goes; what both tries removed goes; and the
//! tries choose the cell to branch on. [`Probing`] holds what this needs
//! from one node to the next; [`Probing::pass`] is one pass at one level.
//!
//! [`Propagation::Probing`]: crate::solver::Propagation::Probing

use super::tables::{Tables, Work};
use crate::bits::{Mask, Members};
use crate::solver::Contradiction;

/// Probing's state in a generic engine: scratch space for the two tries of
/// a cell, and the cells an earlier cell's tries showed need no try of
/// their own.
pub(super) struct Probing<M> {
    /// The cells the first try changed, with their candidates after it.
    first_try: Vec<(u32, M)>,
    /// The candidates of the cells of `first_try` after the second try.
    second_try: Vec<M>,
    /// Per cell, the `stamp` at which a cell tried earlier in the pass
    /// showed its tries would change nothing.
    covered: Vec<u64>,
    /// Bumped at every pass and at every change of its level, so a stamp in
    /// `covered` holds only while the level is as it was then.
    stamp: u64,
    /// Whether [`Probing::pass`] skips the cells in `covered`; off only to
    /// test that skipping them changes nothing.
    covering: bool,
    /// The tries skipped so, for tests.
    #[cfg(test)]
    skipped: u64,
}

/// Which of a cell's two tries [`Probing::trial`] is.
#[derive(Clone, Copy)]
enum Try {
    First,
    Second,
}

impl<M: Mask> Probing<M> {
    /// Probing for a layout of `cells` cells.
    pub(super) fn new(cells: usize) -> Probing<M> {
        Probing {
            first_try: Vec::new(),
            second_try: Vec::new(),
            covered: vec![0; cells],
            stamp: 0,
            covering: true,
            #[cfg(test)]
            skipped: 0,
        }
    }

    /// One pass of probing over a level (its `cells` and `places`, at a
    /// fixpoint) of the cells with two candidates, each candidate tried on
    /// the level itself and undone (see [`Probing::trial`]). A candidate
    /// that leads to a contradiction goes; when neither does, whatever both
    /// branches eliminated goes. Ends at a fixpoint, with no pending `work`
    /// even on a contradiction.
    ///
    /// Returns the cell to branch on, as lookahead SAT solvers choose it:
    /// the cell whose two tries eliminated the most, by the product of their
    /// counts. `None` when no cell is left with two candidates.
    ///
    /// A cell `d` with candidates `{x, y}` whose `x` one try of an earlier
    /// cell placed and whose `y` the other try placed, while the level has
    /// not changed since, is not tried (unless `covering` is off, in tests).
    /// Placing `x` starts from part of what that first try reached, so by
    /// singles it reaches no more: it holds and removes no more. The same goes
    /// for `y` and the second try. So `d`'s tries could force nothing, find no
    /// elimination the earlier cell's did not, and score no higher (only a
    /// higher score replaces the earlier cell as the choice): skipping them
    /// changes nothing but the time (about a sixth of the tries of a minimal
    /// 25×25's checks). A forced symbol or a common elimination changes the
    /// level and ends every such cover; common eliminations run with locked
    /// candidates, which may reach beyond what a try's singles did.
    pub(super) fn pass(
        &mut self,
        t: &Tables<M>,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
    ) -> Result<Option<usize>, Contradiction> {
        let mut best = None;
        let mut best_score = 0;
        self.stamp += 1;
        for c in 0..t.cells {
            let m = cells[c];
            if m.is_single() || !m.without_lowest().is_single() {
                continue;
            }
            if self.covering && self.covered[c] == self.stamp {
                #[cfg(test)]
                {
                    self.skipped += 2;
                }
                continue;
            }
            let (a, b) = (m.lowest(), m.without_lowest().lowest());
            let tries = match self.trial(t, cells, places, work, (c, a), Try::First) {
                None => Err(b),
                Some(a_len) => {
                    self.trial(t, cells, places, work, (c, b), Try::Second).map(|b_len| (a_len, b_len)).ok_or(a)
                }
            };
            let (a_len, b_len) = match tries {
                Ok(lens) => lens,
                // One try failed: the other symbol is forced, and the level changes.
                Err(forced) => {
                    self.stamp += 1;
                    t.propagate::<false>(c, forced, cells, places, work)?;
                    continue;
                }
            };
            let score = (a_len as u64 + 1) * (b_len as u64 + 1);
            if score > best_score {
                best = Some(c);
                best_score = score;
            }
            // Only a cell the first try changed can have lost a candidate in both.
            let pairs = self.first_try.iter().zip(&self.second_try);
            if pairs.clone().all(|(&(d, after_a), &after_b)| (cells[d as usize] & !(after_a | after_b)).is_zero()) {
                for (&(d, after_a), &after_b) in pairs {
                    if after_a.is_single() && after_b.is_single() && cells[d as usize] == after_a | after_b {
                        self.covered[d as usize] = self.stamp;
                    }
                }
                continue;
            }
            self.stamp += 1;
            let mut result = Ok(());
            for (&(d, after_a), &after_b) in pairs {
                let d = d as usize;
                let gone = cells[d] & !(after_a | after_b);
                for s in Members(gone) {
                    result = result.and_then(|()| t.remove::<false>(d, s, cells, places, work));
                }
            }
            if let Err(e) = result.and_then(|()| t.fixpoint::<false>(cells, places, work)) {
                work.clear();
                return Err(e);
            }
        }
        // Later eliminations in this pass may have solved it.
        Ok(best.filter(|&c| !cells[c].is_single()))
    }

    /// One try of [`Probing::pass`]: putting the candidate `(c, s)`, symbol
    /// `s` in cell `c`, in the level, with naked and hidden singles. Returns how many candidates it
    /// removed, or `None` when it led to a contradiction. The try works on
    /// the level itself, noting each change, and undoes them after: a few
    /// writes per change, where copying the level cost all of it (10 KB at
    /// 25×25) per try. Before undoing, a first try that holds keeps the cells
    /// it changed with their candidates after it in `first_try`, and a second
    /// one the candidates of those cells after it in `second_try`.
    ///
    /// The tries leave locked candidates out: a probing node then costs about
    /// half as much (45 against 85 µs on 25×25), and the witness searches of
    /// a minimal 25×25 took about as many nodes (13,700 and 18,700 against
    /// 14,300 and 13,800 on two puzzles), so their time fell by 1.4 to 2×.
    /// The node's own propagation still uses them.
    fn trial(
        &mut self,
        t: &Tables<M>,
        cells: &mut [M],
        places: &mut [M],
        work: &mut Work<M>,
        (c, s): (usize, usize),
        which: Try,
    ) -> Option<usize> {
        let holds = t.propagate::<true>(c, s, cells, places, work).is_ok();
        if holds {
            match which {
                Try::First => {
                    self.first_try.clear();
                    self.first_try.extend(work.undo_cells.iter().map(|&(d, _)| (d, cells[d as usize])));
                }
                Try::Second => {
                    self.second_try.clear();
                    self.second_try.extend(self.first_try.iter().map(|&(d, _)| cells[d as usize]));
                }
            }
        }
        let removed = work.undo_cells.len();
        for (i, before) in work.undo_places.drain(..).rev() {
            places[i as usize] = before;
        }
        for (d, before) in work.undo_cells.drain(..).rev() {
            cells[d as usize] = before;
        }
        holds.then_some(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Engine;
    use crate::bits::Mask;
    use crate::layout::{CellId, Layout};
    use crate::solver::tests::{collect, random_puzzle};
    use crate::solver::{Propagation, SearchOptions};

    /// Searches random sparse puzzles of `layout` (some with a cell's symbol
    /// excluded, as the generator's checks are) with probing, skipping the
    /// cells an earlier cell's tries showed useless and trying every cell:
    /// the reports, nodes included, and the solutions must be the same, and
    /// some tries must have been skipped.
    fn skipping_changes_nothing<M: Mask>(layout: &Layout, keep_percent: usize, seed: u64) {
        let cells = layout.cell_count();
        let mut rng = crate::seed::rng_from_seed(seed);
        let mut engines = [Engine::<M>::new(layout), Engine::<M>::new(layout)];
        engines[1].probing.covering = false;
        for round in 0..12 {
            let (grid, order, givens) = random_puzzle(layout, cells * keep_percent / 100, &mut rng);
            let exclude = [(CellId(order[cells - 1] as u32), grid[order[cells - 1]])];
            let exclude = if round % 2 == 0 { &exclude[..] } else { &[] };
            let runs = engines.each_mut().map(|engine| {
                let mut found = Vec::new();
                let options = SearchOptions {
                    propagation: Propagation::Probing,
                    node_budget: Some(300),
                    exclude,
                    prefer: (round % 3 != 0).then_some(&grid[..]),
                    ..Default::default()
                };
                let report = engine.search(&givens, options, &mut collect(&mut found, 3));
                (report, found)
            });
            assert!(runs[0] == runs[1], "round {round}: {:?} against {:?}", runs[0].0, runs[1].0);
        }
        assert_eq!(engines[1].probing.skipped, 0);
        assert!(engines[0].probing.skipped > 0, "no try was skipped");
    }

    #[test]
    fn probing_skips_only_tries_that_would_change_nothing() {
        skipping_changes_nothing::<u16>(&Layout::classic(4).unwrap(), 20, 5);
        skipping_changes_nothing::<u32>(&Layout::classic(5).unwrap(), 25, 0);
        skipping_changes_nothing::<u32>(&Layout::classic(5).unwrap(), 45, 2);
        skipping_changes_nothing::<u16>(&Layout::boxed(3, 4).unwrap().with_diagonals().unwrap(), 30, 3);
    }
}
