//! Cycles (X-, Y- and mixed): chains that come back to their assumption,
//! found by a breadth-first tree of literals from each source.

use super::{cap, clean, cycle_eliminations, weak_from, Found, Key, Literal, Mode, Search, StrongLinks, NONE, XY, Y};
use crate::logic::links::{length_tenths, literal, two_bits, Grid};

/// Cycles through every source, as Sudoku Explainer finds them: a
/// breadth-first tree from the source true, where a true literal is
/// reached once but a false one again from each parent (not its own
/// ancestor); every way back to the source closes a cycle.
pub(super) fn cycles<const W: usize>(
    search: &mut Search<W>,
    sources: &[usize],
    mode: Mode,
    base: u32,
    best: &mut Option<(Key, Found)>,
) {
    let g = search.g;
    let n = g.n;
    let mut tree = search.tree.take().unwrap_or_else(|| Tree::new(g.cell_count * n * 2));
    let strong = search.strong.take().unwrap_or_else(|| StrongLinks::new(g));
    // A cycle that removes anything gives a chain through its source.
    let clean = clean::Clean::<W>::after(g, mode, search.prior);
    for &cand in sources {
        let c = cand / n;
        if clean.has(n, cand, true) {
            continue;
        }
        // Y-cycles start in a bivalue cell (as in Sudoku Explainer), and a
        // cycle comes back through a strong link.
        let bivalue = two_bits(g.cands[c]);
        if (mode == Y && !bivalue) || !((mode.house && !g.conjugates[cand].is_empty()) || (mode.cell && bivalue)) {
            continue;
        }
        let max = cap(best, base, mode.sort_key, cand, 0, n);
        if max < 4 {
            continue;
        }
        // How far each literal is from getting back to the source: the
        // literals the source false reaches, read in reverse. (Worth its
        // cost only where both kinds of links make the tree wide.)
        let back = if mode == XY {
            search.distances(mode, Literal { cand, on: false }, max - 1);
            Some(&search.dist[..])
        } else {
            None
        };
        let mut seq = 0;
        tree.cycles(g, mode, &strong, cand, max, back, &mut |path| {
            seq += 1;
            let k = path.len();
            let key = Key {
                tenths: base + length_tenths(k),
                links: k,
                sort_key: mode.sort_key,
                cell: c,
                symbol: cand % n,
                kind: 0,
                seq,
            };
            if best.as_ref().is_none_or(|(b, _)| key < *b) && !cycle_eliminations(g, path).is_empty() {
                *best = Some((key, Found::Cycle { mode, path: path.to_vec() }));
            }
        });
    }
    search.tree = Some(tree);
    search.strong = Some(strong);
}

/// The search tree of [`cycles`]: literals with their parent node.
pub(in crate::logic::chains) struct Tree {
    nodes: Vec<(u32, u32)>,
    /// Per literal: the source whose tree reached it true (a stamp).
    reached: Vec<u32>,
    stamp: u32,
    path: Vec<Literal>,
    implied: Vec<usize>,
}

impl Tree {
    fn new(literals: usize) -> Tree {
        Tree { nodes: Vec::new(), reached: vec![0; literals], stamp: 0, path: Vec::new(), implied: Vec::new() }
    }

    /// Calls `found` with every cycle of at most `max` literals from
    /// `source` true back to it, in the order found.
    #[allow(clippy::too_many_arguments)]
    fn cycles<const W: usize>(
        &mut self,
        g: &Grid<W>,
        mode: Mode,
        strong: &StrongLinks,
        source: usize,
        max: usize,
        back: Option<&[u16]>,
        found: &mut dyn FnMut(&[Literal]),
    ) {
        // A literal `length` links from the source that needs more than
        // `max - length` links to get back cannot be on a short cycle.
        let near =
            |q: usize, on: bool, length: usize| back.is_none_or(|back| length + back[literal(q, !on)] as usize <= max);
        self.stamp += 1;
        self.nodes.clear();
        let root = literal(source, true) as u32;
        self.nodes.push((root, NONE));
        self.reached[root as usize] = self.stamp;
        let (mut from, mut to) = (0, 1);
        let mut length = 0;
        let mut implied = std::mem::take(&mut self.implied);
        while from < to {
            // From true literals to false ones.
            length += 1;
            if length > max {
                break;
            }
            for i in from..to {
                let cand = self.nodes[i].0 as usize / 2;
                weak_from(g, mode, cand, &mut implied);
                for &q in &implied {
                    let lit = literal(q, false) as u32;
                    // A false literal with no strong link out leads nowhere.
                    if !strong.of(q, mode).is_empty() && near(q, false, length) && !self.is_ancestor(i, lit) {
                        self.nodes.push((lit, i as u32));
                    }
                }
            }
            (from, to) = (to, self.nodes.len());
            // From false literals to true ones.
            length += 1;
            if length > max {
                break;
            }
            for i in from..to {
                let cand = self.nodes[i].0 as usize / 2;
                for &q in strong.of(cand, mode) {
                    let q = q as usize;
                    let lit = literal(q, true) as u32;
                    if length >= 4 && lit == root {
                        self.path.clear();
                        let mut at = i as u32;
                        while at != NONE {
                            let (l, parent) = self.nodes[at as usize];
                            self.path.push(Literal { cand: l as usize / 2, on: l % 2 == 1 });
                            at = parent;
                        }
                        self.path.reverse();
                        found(&self.path);
                    }
                    if self.reached[lit as usize] != self.stamp && near(q, true, length) {
                        self.reached[lit as usize] = self.stamp;
                        self.nodes.push((lit, i as u32));
                    }
                }
            }
            (from, to) = (to, self.nodes.len());
        }
        self.implied = implied;
    }

    /// Whether `lit` is node `i` or one of its ancestors.
    fn is_ancestor(&self, i: usize, lit: u32) -> bool {
        let mut at = i as u32;
        while at != NONE {
            let (l, parent) = self.nodes[at as usize];
            if l == lit {
                return true;
            }
            at = parent;
        }
        false
    }
}
