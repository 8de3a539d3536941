//! Random layouts of `N` connected regions of `N` cells: the region maps of
//! random jigsaw sudokus ([`crate::generate::random_jigsaw`]) and of
//! constructed Pseudoku puzzles (`partition::construct`).
//!
//! All randomness is sampled through `u32` ranges, so a seed gives the same
//! layout on every platform (wasm32 included).

use rand::Rng;

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
    let mut regions = loop {
        if let Some(r) = grow_regions(n, rng) {
            break r;
        }
    };
    mix_regions(n, &mut regions, 4 * n * n, rng);
    canonical(&regions)
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
fn grow_regions<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Option<Vec<usize>> {
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
                    cells_of.iter().flat_map(|&c| neighbours(n, c)).filter(|&c| regions[c] == UNSET).collect();
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
            if cells_of.len() == n && free_pockets_ok(n, &regions) {
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

/// True when every connected group of unset cells has a multiple of `n`.
fn free_pockets_ok(n: usize, regions: &[usize]) -> bool {
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
            for d in neighbours(n, c) {
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
fn mix_regions<R: Rng + ?Sized>(n: usize, regions: &mut [usize], steps: usize, rng: &mut R) {
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
        if !region_connected(n, regions, ra) || !region_connected(n, regions, rb) {
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

    #[test]
    fn random_regions_vary() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let layouts: BTreeSet<Vec<usize>> = (0..20).map(|_| random_regions(5, &mut rng)).collect();
        assert!(layouts.len() >= 18, "layouts repeat too often: {}", layouts.len());
    }
}
