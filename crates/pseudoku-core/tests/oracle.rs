//! The solver against the reference solver of `common`, on random small
//! puzzles of every variant.
//!
//! A puzzle is a random filled grid ([`generate::fill`] with a proptest-chosen
//! seed) with a random share of its cells kept as givens, and sometimes one
//! given overwritten with a random symbol, so that puzzles with no solution,
//! one, and many all occur. For each, `Solver::count(limit)` must equal the
//! reference's count, and every solution the solver reports must keep the
//! givens and fill every house with every symbol once. When the count is
//! below the limit the two solvers must list the same solutions.

mod common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::sample::Index;

use common::{check_solution, random_jigsaw, reference_count, show, TestRng};
use pseudoku_core::generate::fill;
use pseudoku_core::layout::{CellId, Geometry, House, HouseKind, Layout};
use pseudoku_core::seed::rng_from_seed;
use pseudoku_core::solver::{Count, Flow, SearchOptions, Solver};
use pseudoku_core::symbol::Symbol;

/// Placements the reference may make before a case is skipped.
const REFERENCE_BUDGET: u64 = 3_000_000;

#[derive(Clone, Debug)]
struct Case {
    seed: u64,
    keep_percent: u64,
    wrong: Option<(Index, Index)>,
    limit: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (any::<u64>(), 0u64..=100, prop::option::weighted(0.25, (any::<Index>(), any::<Index>())), 1u64..=40)
        .prop_map(|(seed, keep_percent, wrong, limit)| Case { seed, keep_percent, wrong, limit })
}

/// The givens of a case: kept cells of a filled grid, or of random symbols
/// when the layout could not be filled.
fn givens(layout: &Layout, case: &Case) -> Vec<Option<Symbol>> {
    let n = layout.cell_count();
    let mut rng = TestRng::new(case.seed);
    let full = fill(layout, &vec![None; n], &mut rng_from_seed(case.seed)).ok();
    let mut givens: Vec<Option<Symbol>> = (0..n)
        .map(|c| {
            let keep = rng.below(100) < case.keep_percent as usize;
            let symbol = match &full {
                Some(full) => full[c],
                None => Symbol::new(rng.below(layout.size())),
            };
            keep.then_some(symbol)
        })
        .collect();
    if let Some((cell, symbol)) = &case.wrong {
        givens[cell.index(n)] = Some(Symbol::new(symbol.index(layout.size())));
    }
    givens
}

fn check(layout: &Layout, case: &Case) -> Result<(), TestCaseError> {
    let givens = givens(layout, case);
    let limit = case.limit;
    let reference = reference_count(layout, &givens, limit as usize, REFERENCE_BUDGET);
    prop_assume!(reference.is_some(), "the reference ran out of budget");
    let reference = reference.unwrap();
    let expected =
        if reference.limit_reached { Count::AtLeast(limit) } else { Count::Exact(reference.solutions.len() as u64) };
    for (name, mut solver) in [("solver", Solver::new(layout)), ("generic", Solver::generic(layout))] {
        let count = solver.count(&givens, limit);
        prop_assert_eq!(count, expected, "{} on {}", name, show(layout, &givens));
        let mut found: Vec<Vec<Symbol>> = Vec::new();
        solver.search(&givens, SearchOptions::default(), &mut |s: &[Symbol]| {
            found.push(s.to_vec());
            if found.len() as u64 >= limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        for s in &found {
            if let Err(e) = check_solution(layout, &givens, s) {
                return Err(TestCaseError::fail(format!("{name}: bad solution of {}: {e}", show(layout, &givens))));
            }
        }
        let distinct: BTreeSet<&Vec<Symbol>> = found.iter().collect();
        prop_assert_eq!(distinct.len(), found.len(), "{} reported a solution twice", name);
        if !reference.limit_reached {
            let listed: BTreeSet<&Vec<Symbol>> = reference.solutions.iter().collect();
            prop_assert_eq!(distinct, listed.clone(), "{} and the reference list different solutions", name);
            // Trying a known solution's symbols first changes the order only.
            if let Some(preferred) = reference.solutions.last() {
                let mut again: BTreeSet<Vec<Symbol>> = BTreeSet::new();
                let options = SearchOptions { prefer: Some(preferred), ..SearchOptions::default() };
                solver.search(&givens, options, &mut |s: &[Symbol]| {
                    again.insert(s.to_vec());
                    Flow::Continue
                });
                prop_assert_eq!(again.iter().collect::<BTreeSet<_>>(), listed, "{} with a preferred grid", name);
            }
        }
    }
    Ok(())
}

/// `layout` with its houses kept but drawn as abstract cells: a custom layout.
fn as_custom(layout: &Layout, extra: Vec<House>) -> Layout {
    let mut houses = layout.houses().to_vec();
    houses.extend(extra);
    Layout::new(layout.size(), layout.cell_count(), Geometry::Abstract, houses).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn classic_4x4(case in case()) {
        check(&Layout::classic(2).unwrap(), &case)?;
    }

    #[test]
    fn boxes_2x3(case in case()) {
        check(&Layout::boxed(2, 3).unwrap(), &case)?;
    }

    #[test]
    fn boxes_3x2(case in case()) {
        check(&Layout::boxed(3, 2).unwrap(), &case)?;
    }

    #[test]
    fn latin_5x5(case in case()) {
        check(&Layout::latin(5).unwrap(), &case)?;
    }

    #[test]
    fn jigsaw(n in 4usize..=6, map_seed in any::<u64>(), case in case()) {
        let layout = Layout::jigsaw(n, &random_jigsaw(n, map_seed)).unwrap();
        check(&layout, &case)?;
    }

    #[test]
    fn diagonal_4x4(case in case()) {
        check(&Layout::classic(2).unwrap().with_diagonals().unwrap(), &case)?;
    }

    #[test]
    fn diagonal_6x6(case in case()) {
        check(&Layout::boxed(2, 3).unwrap().with_diagonals().unwrap(), &case)?;
    }

    #[test]
    fn two_grids_sharing_a_box(case in case()) {
        let g = Layout::classic(2).unwrap();
        check(&Layout::multigrid(6, 6, &[(0, 0, &g), (2, 2, &g)]).unwrap(), &case)?;
    }

    #[test]
    fn three_grids_in_a_chain(case in case()) {
        let g = Layout::classic(2).unwrap();
        check(&Layout::multigrid(8, 8, &[(0, 0, &g), (2, 2, &g), (4, 4, &g)]).unwrap(), &case)?;
    }

    #[test]
    fn tiny_pie(case in case()) {
        check(&Layout::pie(4, 2).unwrap(), &case)?;
    }

    #[test]
    fn pie_6_3(case in case()) {
        check(&Layout::pie(6, 3).unwrap(), &case)?;
    }

    #[test]
    fn custom_houses(extra in prop::collection::vec(prop::sample::subsequence((0u32..16).collect::<Vec<_>>(), 4), 0..3), case in case()) {
        let extra = extra.into_iter().map(|cells| House { kind: HouseKind::Extra, cells: cells.into_iter().map(CellId).collect() }).collect();
        check(&as_custom(&Layout::latin(4).unwrap(), extra), &case)?;
    }

    #[test]
    fn classic_9x9_dense(seed in any::<u64>(), keep in 55u64..=100, wrong in prop::option::weighted(0.25, (any::<Index>(), any::<Index>())), limit in 1u64..=10) {
        // Dense enough for the reference's plain backtracking; exercises the
        // solver's fast path for the classic grid.
        check(&Layout::classic(3).unwrap(), &Case { seed, keep_percent: keep, wrong, limit })?;
    }
}

#[test]
fn random_jigsaws_are_not_all_boxes() {
    let boxes = |n: usize| pseudoku_core::format::line::square_layout(n).unwrap();
    for n in [4, 6] {
        let shapes: BTreeSet<Vec<usize>> = (0..20).map(|seed| random_jigsaw(n, seed)).collect();
        assert!(shapes.len() > 10, "{n}: only {} shapes", shapes.len());
        assert!(shapes.iter().any(|m| Layout::jigsaw(n, m).unwrap().houses() != boxes(n).houses()));
    }
}
