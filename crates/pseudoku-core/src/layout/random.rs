//! Random layouts of `N` connected regions of `N` cells: the region maps of
//! random jigsaw sudokus ([`crate::generate::random_jigsaw`]) and of
//! constructed Pseudoku puzzles (`partition::construct`).
//!
//! All randomness is sampled through `u32` ranges, so a seed gives the same
//! layout on every platform (wasm32 included).

use rand::Rng;

use crate::layout::CellId;
use crate::symbol::MAX_CHAR_SYMBOLS;

/// A random layout of `size` orthogonally connected regions of `size` cells
/// each: `regions[cell]` in `0..size`, numbered in order of each region's
/// lowest cell.
///
/// Two stages. First, regions are grown one at a time from the lowest free
/// cell by adding uniformly chosen free neighbours; a region that would leave
/// a pocket of free cells whose size is not a multiple of `size` is grown
/// again (and after repeated failures the whole layout restarts). Every
/// layout can come out of this stage, since each region of any layout can be
/// grown cell by cell in some order. Second, a random walk of swaps (a cell
/// moves to a neighbouring region, which gives back one of its cells, both
/// regions staying connected) mixes the shapes, so the layout does not keep
/// the row-by-row bias of the growth.
///
/// Sizes from 1 to [`MAX_CHAR_SYMBOLS`] (the most symbols the one-character
/// alphabet writes); larger sizes are clamped to it.
pub fn random_regions<R: Rng + ?Sized>(size: usize, rng: &mut R) -> Vec<usize> {
    let n = size.clamp(1, MAX_CHAR_SYMBOLS);
    let walls = Walls::none(n);
    let mut regions = loop {
        if let Some(r) = grow_regions(n, &walls, rng) {
            break r;
        }
    };
    mix_regions(n, &walls, &mut regions, 4 * n * n, rng);
    canonical(&regions)
}

/// Like [`random_regions`], but every wall given (a pair of orthogonally
/// adjacent cells of the `size × size` grid) is a border between two
/// regions: a jigsaw whose setter drew some borders, finished at random.
///
/// `None` when the walls allow no such layout (for example, when they
/// close off a pocket whose size is not a multiple of `size`), when a wall
/// is not between two neighbours, or when the size is out of range; the
/// growth gives up after a bounded number of tries, so a layout that is
/// very hard to reach can be missed too.
pub fn random_regions_keeping<R: Rng + ?Sized>(
    size: usize,
    walls: &[(CellId, CellId)],
    rng: &mut R,
) -> Option<Vec<usize>> {
    if !(1..=MAX_CHAR_SYMBOLS).contains(&size) {
        return None;
    }
    let n = size;
    let walls = Walls::new(n, walls)?;
    if !free_pockets_ok(n, &walls, &vec![UNSET; n * n]) {
        return None;
    }
    let mut regions = (0..RESTARTS).find_map(|_| grow_regions(n, &walls, rng))?;
    mix_regions(n, &walls, &mut regions, 4 * n * n, rng);
    Some(canonical(&regions))
}

/// How many times [`random_regions_keeping`] starts its growth over.
const RESTARTS: usize = 200;

/// Which edges of an `n × n` grid are walls: `right[c]` between `c` and
/// `c + 1`, `down[c]` between `c` and `c + n`.
struct Walls {
    n: usize,
    right: Vec<bool>,
    down: Vec<bool>,
}

impl Walls {
    fn none(n: usize) -> Walls {
        Walls { n, right: vec![false; n * n], down: vec![false; n * n] }
    }

    /// `None` when a pair is not two orthogonal neighbours.
    fn new(n: usize, pairs: &[(CellId, CellId)]) -> Option<Walls> {
        let mut walls = Walls::none(n);
        for &(x, y) in pairs {
            let (a, b) = (x.index().min(y.index()), x.index().max(y.index()));
            if b >= n * n {
                return None;
            }
            if b == a + 1 && b % n != 0 {
                walls.right[a] = true;
            } else if b == a + n {
                walls.down[a] = true;
            } else {
                return None;
            }
        }
        Some(walls)
    }

    /// Whether a wall stands between neighbours `a` and `b`.
    fn between(&self, a: usize, b: usize) -> bool {
        let (lo, hi) = (a.min(b), a.max(b));
        if hi == lo + self.n {
            self.down[lo]
        } else {
            self.right[lo]
        }
    }

    /// The neighbours of `c` with no wall between.
    fn open(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        neighbours(self.n, c).filter(move |&d| !self.between(c, d))
    }

    /// True when cell `c` can join region `k` with no wall inside it.
    fn may_join(&self, regions: &[usize], c: usize, k: usize) -> bool {
        neighbours(self.n, c).all(|d| regions[d] != k || !self.between(c, d))
    }

    /// True when no wall stands inside a region at `c`.
    fn respected_at(&self, regions: &[usize], c: usize) -> bool {
        neighbours(self.n, c).all(|d| !self.between(c, d) || regions[c] != regions[d])
    }
}

/// The labels renumbered `0, 1, …` in order of first appearance.
fn canonical(labels: &[usize]) -> Vec<usize> {
    let mut names: Vec<usize> = Vec::new();
    labels
        .iter()
        .map(|&l| match names.iter().position(|&x| x == l) {
            Some(k) => k,
            None => {
                names.push(l);
                names.len() - 1
            }
        })
        .collect()
}

/// The region of a cell no region has taken yet.
const UNSET: usize = usize::MAX;

/// The growing stage of [`random_regions`]: `None` when a region could not
/// be grown in 64 tries without leaving a pocket of the wrong size.
fn grow_regions<R: Rng + ?Sized>(n: usize, walls: &Walls, rng: &mut R) -> Option<Vec<usize>> {
    let cells = n * n;
    let mut regions = vec![UNSET; cells];
    for k in 0..n {
        let root = regions.iter().position(|&r| r == UNSET)?;
        let mut grown = false;
        for _ in 0..64 {
            let mut cells_of = vec![root];
            regions[root] = k;
            while cells_of.len() < n {
                let frontier: Vec<usize> =
                    cells_of.iter().flat_map(|&c| walls.open(c)).filter(|&c| regions[c] == UNSET).collect();
                // A cell walled off from any cell of the region stays out.
                let frontier: Vec<usize> = frontier.into_iter().filter(|&c| walls.may_join(&regions, c, k)).collect();
                if frontier.is_empty() {
                    break;
                }
                // Duplicates in `frontier` weight a cell by its contacts with
                // the region; that favours compact shapes a little, which the
                // mixing stage then undoes.
                let c = frontier[rng.random_range(0..frontier.len() as u32) as usize];
                regions[c] = k;
                cells_of.push(c);
            }
            if cells_of.len() == n && free_pockets_ok(n, walls, &regions) {
                grown = true;
                break;
            }
            for c in cells_of {
                regions[c] = UNSET;
            }
        }
        if !grown {
            return None;
        }
    }
    Some(regions)
}

/// True when every connected group of unset cells (walls cut groups) has
/// a multiple of `n`.
fn free_pockets_ok(n: usize, walls: &Walls, regions: &[usize]) -> bool {
    let mut seen = vec![false; regions.len()];
    let mut stack = Vec::new();
    for start in 0..regions.len() {
        if regions[start] != UNSET || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut size = 0;
        while let Some(c) = stack.pop() {
            size += 1;
            for d in walls.open(c) {
                if regions[d] == UNSET && !seen[d] {
                    seen[d] = true;
                    stack.push(d);
                }
            }
        }
        if size % n != 0 {
            return false;
        }
    }
    true
}

/// `steps` attempted swaps that keep `n` connected regions of `n` cells.
fn mix_regions<R: Rng + ?Sized>(n: usize, walls: &Walls, regions: &mut [usize], steps: usize, rng: &mut R) {
    if n < 2 {
        return;
    }
    let cells = n * n;
    for _ in 0..steps {
        let a = rng.random_range(0..cells as u32) as usize;
        let across: Vec<usize> = neighbours(n, a).filter(|&b| regions[b] != regions[a]).collect();
        if across.is_empty() {
            continue;
        }
        let (ra, rb) = (regions[a], regions[pick(&across, rng)]);
        regions[a] = rb;
        // Region rb gives back a cell next to what is left of ra.
        let back: Vec<usize> =
            (0..cells).filter(|&c| regions[c] == rb && c != a && neighbours(n, c).any(|d| regions[d] == ra)).collect();
        if back.is_empty() {
            regions[a] = ra;
            continue;
        }
        let b = pick(&back, rng);
        regions[b] = ra;
        if !region_connected(n, regions, ra)
            || !region_connected(n, regions, rb)
            || !walls.respected_at(regions, a)
            || !walls.respected_at(regions, b)
        {
            regions[a] = ra;
            regions[b] = rb;
        }
    }
}

/// Whether region `r` is orthogonally connected (true when it has no cell).
fn region_connected(n: usize, regions: &[usize], r: usize) -> bool {
    let Some(start) = regions.iter().position(|&x| x == r) else {
        return true;
    };
    let mut seen = vec![false; regions.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(c) = stack.pop() {
        reached += 1;
        for d in neighbours(n, c) {
            if regions[d] == r && !seen[d] {
                seen[d] = true;
                stack.push(d);
            }
        }
    }
    reached == regions.iter().filter(|&&x| x == r).count()
}

/// A random element of `v`, drawn with `u32`.
fn pick<T: Copy, R: Rng + ?Sized>(v: &[T], rng: &mut R) -> T {
    v[rng.random_range(0..v.len() as u32) as usize]
}

/// The orthogonal neighbours of cell `c` of an `n × n` grid.
fn neighbours(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / n, c % n);
    [(r > 0).then(|| c - n), (r + 1 < n).then(|| c + n), (col > 0).then(|| c - 1), (col + 1 < n).then(|| c + 1)]
        .into_iter()
        .flatten()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::layout::check_region_map;

    #[test]
    fn random_regions_are_n_connected_regions_of_n_cells() {
        for n in 1..=12 {
            for seed in 0..6 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let regions = random_regions(n, &mut rng);
                assert_eq!(regions.len(), n * n);
                let checked = check_region_map(n, &regions).unwrap_or_else(|e| panic!("{n}×{n}, seed {seed}: {e}"));
                assert_eq!(checked, regions, "numbered in order of first appearance");
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert!(check_region_map(20, &random_regions(20, &mut rng)).is_ok());
    }

    /// The walls of a region map: every edge between two regions.
    fn borders(n: usize, regions: &[usize]) -> Vec<(CellId, CellId)> {
        let id = |c: usize| CellId(c as u32);
        (0..n * n)
            .flat_map(|c| neighbours(n, c).filter(move |&d| d > c).map(move |d| (c, d)))
            .filter(|&(c, d)| regions[c] != regions[d])
            .map(|(c, d)| (id(c), id(d)))
            .collect()
    }

    #[test]
    fn drawn_walls_stay_borders() {
        for n in [4, 6, 9] {
            for seed in 0..8 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                // Some borders of another random layout, drawn by hand.
                let model = random_regions(n, &mut rng);
                let drawn: Vec<_> = borders(n, &model).into_iter().step_by(3).collect();
                let regions = random_regions_keeping(n, &drawn, &mut rng).expect("a layout keeps them");
                assert!(check_region_map(n, &regions).is_ok(), "{n}×{n}, seed {seed}");
                for (a, b) in &drawn {
                    assert_ne!(regions[a.index()], regions[b.index()], "{n}×{n}, seed {seed}: wall {a:?}-{b:?} inside");
                }
            }
        }
        // Every border drawn: that very layout comes back.
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let model = random_regions(9, &mut rng);
        assert_eq!(random_regions_keeping(9, &borders(9, &model), &mut rng), Some(model));
        // No walls: the same as random_regions with the same seed.
        let (mut r1, mut r2) = (ChaCha8Rng::seed_from_u64(4), ChaCha8Rng::seed_from_u64(4));
        assert_eq!(random_regions_keeping(5, &[], &mut r1), Some(random_regions(5, &mut r2)));
    }

    #[test]
    fn walls_that_allow_no_layout_are_refused() {
        let id = |c: u32| CellId(c);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        // Cell 0 of a 4×4 closed off alone: a pocket of 1 cell.
        assert_eq!(random_regions_keeping(4, &[(id(0), id(1)), (id(0), id(4))], &mut rng), None);
        // Not neighbours; out of the grid; size 0.
        assert_eq!(random_regions_keeping(4, &[(id(0), id(2))], &mut rng), None);
        assert_eq!(random_regions_keeping(4, &[(id(15), id(16))], &mut rng), None);
        assert_eq!(random_regions_keeping(0, &[], &mut rng), None);
    }

    #[test]
    fn random_regions_vary() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let layouts: BTreeSet<Vec<usize>> = (0..20).map(|_| random_regions(5, &mut rng)).collect();
        assert!(layouts.len() >= 18, "layouts repeat too often: {}", layouts.len());
    }
}
