//! The textbook way to solve a Pseudoku instance, the named peer of the
//! engine's partition search: list every region that could be part of an
//! answer (a connected set of `N` cells with `N` different symbols and no
//! wall between two of its cells), then find the exact covers of the grid
//! by those regions (Algorithm X, always covering the lowest uncovered
//! cell). It shares no code with the engine, so it is also a second opinion.

use pseudoku_core::layout::CellId;
use pseudoku_core::partition::Instance;

/// Cells as a bitset (up to 256 cells: grids up to 16×16).
type Cells = [u64; 4];

/// The candidate regions of an instance, ready for exact cover.
pub struct RegionCover {
    cells: usize,
    /// The cells of each region.
    regions: Vec<Cells>,
    /// Indices of the regions whose lowest cell is `c`: `by_anchor[c]`.
    by_anchor: Vec<Vec<u32>>,
}

/// The largest grid the peer takes: 16×16 (256 cells).
pub const MAX_CELLS: usize = 256;

impl RegionCover {
    /// Lists the candidate regions of `instance`; `None` when the grid is
    /// larger than 16×16, or listing them takes more than `max_steps` steps
    /// (partial sets tried).
    pub fn new(instance: &Instance, max_steps: u64) -> Option<RegionCover> {
        let n = instance.size();
        let cells = instance.cell_count();
        if cells > MAX_CELLS || n == 0 {
            return None;
        }
        // Neighbours that no wall separates.
        let open: Vec<Vec<usize>> = (0..cells)
            .map(|c| {
                let mut next = Vec::with_capacity(4);
                let (r, col) = (c / n, c % n);
                let around = [
                    (r > 0).then(|| c - n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then(|| c + 1),
                    (r + 1 < n).then(|| c + n),
                ];
                for d in around.into_iter().flatten() {
                    if !wall_between(instance, c, d) {
                        next.push(d);
                    }
                }
                next
            })
            .collect();
        let walled: Vec<Vec<usize>> =
            (0..cells).map(|c| (0..cells).filter(|&d| wall_between(instance, c, d)).collect()).collect();
        let mut list = Enumeration {
            n,
            symbols: instance.symbols().iter().map(|s| s.index()).collect(),
            open,
            walled,
            found: Vec::new(),
            steps: max_steps,
            overflow: false,
        };
        let mut by_anchor = vec![Vec::new(); cells];
        for (anchor, listed) in by_anchor.iter_mut().enumerate() {
            let before = list.found.len();
            let mut set = vec![anchor];
            let ext: Vec<usize> = list.open[anchor].iter().copied().filter(|&d| d > anchor).collect();
            list.extend(anchor, &mut set, 1u64 << list.symbols[anchor], ext);
            if list.overflow {
                return None;
            }
            *listed = (before as u32..list.found.len() as u32).collect();
        }
        Some(RegionCover { cells, regions: list.found, by_anchor })
    }

    /// How many candidate regions there are.
    pub fn region_count(&self) -> usize {
        self.regions.len()
    }

    /// Counts the answers, stopping at `limit`; `None` when the search
    /// tries more than `max_nodes` regions first.
    pub fn count(&self, limit: u64, max_nodes: u64) -> Option<u64> {
        let mut search = Cover { found: 0, limit, nodes_left: max_nodes };
        self.cover([0; 4], &mut search);
        (search.nodes_left > 0 || search.found >= limit).then_some(search.found)
    }

    /// Whether to stop (the limit was reached, or the budget ran out).
    fn cover(&self, covered: Cells, search: &mut Cover) -> bool {
        let Some(lowest) = lowest_missing(&covered, self.cells) else {
            search.found += 1;
            return search.found >= search.limit;
        };
        if search.nodes_left == 0 {
            return true;
        }
        search.nodes_left -= 1;
        // Cells below `lowest` are covered, so a region covering it has
        // it as its lowest cell.
        for &r in &self.by_anchor[lowest] {
            let region = &self.regions[r as usize];
            if (0..4).all(|i| region[i] & covered[i] == 0) {
                let next = std::array::from_fn(|i| covered[i] | region[i]);
                if self.cover(next, search) {
                    return true;
                }
            }
        }
        false
    }
}

struct Cover {
    found: u64,
    limit: u64,
    nodes_left: u64,
}

/// True when a wall stands between cells `c` and `d` of the instance.
fn wall_between(instance: &Instance, c: usize, d: usize) -> bool {
    instance.edge(CellId(c as u32), CellId(d as u32)).is_some_and(|e| instance.has_wall(e))
}

fn lowest_missing(covered: &Cells, cells: usize) -> Option<usize> {
    (0..4)
        .find_map(|i| {
            let free = !covered[i];
            (free != 0).then(|| i * 64 + free.trailing_zeros() as usize)
        })
        .filter(|&c| c < cells)
}

/// Connected sets grown from an anchor, each listed once: the extension-set
/// method (a set grows only by neighbours above the anchor that are not
/// already next to it), pruned by symbols and walls. Its fields are the
/// engine's search's again on purpose: a peer shares no code with the engine.
struct Enumeration {
    n: usize,
    symbols: Vec<usize>,
    open: Vec<Vec<usize>>,
    walled: Vec<Vec<usize>>,
    found: Vec<Cells>,
    /// Steps left.
    steps: u64,
    overflow: bool,
}

impl Enumeration {
    fn extend(&mut self, anchor: usize, set: &mut Vec<usize>, symbols: u64, mut ext: Vec<usize>) {
        if self.steps == 0 {
            self.overflow = true;
            return;
        }
        self.steps -= 1;
        if set.len() == self.n {
            let mut bits = [0u64; 4];
            for &c in set.iter() {
                bits[c / 64] |= 1 << (c % 64);
            }
            self.found.push(bits);
            return;
        }
        while let Some(w) = ext.pop() {
            if self.overflow {
                return;
            }
            let symbol = 1u64 << self.symbols[w];
            if symbols & symbol != 0 || self.walled[w].iter().any(|d| set.contains(d)) {
                continue;
            }
            // Neighbours of `w` new to the set's neighbourhood.
            let mut next = ext.clone();
            for &u in &self.open[w] {
                let near_set = set.contains(&u) || set.iter().any(|&s| self.open[s].contains(&u));
                if u > anchor && !near_set && !ext.contains(&u) && u != w {
                    next.push(u);
                }
            }
            set.push(w);
            self.extend(anchor, set, symbols | symbol, next);
            set.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

    #[test]
    fn the_seed_has_five_answers() {
        let instance = Instance::parse(SEED).unwrap();
        let cover = RegionCover::new(&instance, 10_000_000).unwrap();
        assert_eq!(cover.count(1000, u64::MAX), Some(5));
        assert_eq!(cover.count(3, u64::MAX), Some(3));
        assert_eq!(cover.count(1000, 2), None);
    }

    #[test]
    fn agrees_with_the_engine_on_constructed_and_loosened_instances() {
        use pseudoku_core::partition::{self, ConstructConfig};
        for (size, seed) in [(5, 1), (6, 2), (7, 3), (9, 4)] {
            let made = partition::construct(&ConstructConfig::new(size), seed).unwrap();
            let cover = RegionCover::new(&made.instance, 10_000_000).unwrap();
            assert_eq!(cover.count(1000, u64::MAX), Some(1), "{size}×{size} seed {seed}");
            // Without one of its walls, it may have more answers: both must agree.
            let mut loose = made.instance.clone();
            let wall = loose.walls().next().unwrap();
            loose.remove_wall(wall);
            let peer = RegionCover::new(&loose, 10_000_000).unwrap().count(1000, u64::MAX).unwrap();
            let expected = if peer >= 1000 { partition::Count::AtLeast(1000) } else { partition::Count::Exact(peer) };
            assert_eq!(partition::count(&loose, 1000, None), expected, "{size}×{size} seed {seed}");
        }
    }

    #[test]
    fn too_many_regions_is_reported() {
        let instance = Instance::parse(SEED).unwrap();
        assert!(RegionCover::new(&instance, 10).is_none());
    }
}
