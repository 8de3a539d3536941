//! Tests of the forcing chains: single steps on boards taken from real
//! puzzles.

use super::quiet::Quiet;
use super::{dynamic, multiple, multiple_grid, multiple_on, nested, nested_on, nishio, Budget, Grid, Memo};
use crate::format::line;
use crate::layout::Layout;
use crate::logic::links::testing::{check, Case};
use crate::logic::{next_step, Board, Technique};

// The boards of steps 22, 24 and 26 of this puzzle differ in a few cells;
// each test writes its board out whole (two copies are clearer here): it is
// the board its step is found on, read against the puzzle at a glance.
const LINE_4: &str = "006000200900000004243000896000591000002080300400203001300000007000907000010408020";

// diabolical.first1000.txt line 4, before step 22: r5c8=6 leaves the
// 6s of a house without a place.
#[test]
fn nishio_forcing_chain() {
    check(
        &Case {
            puzzle: LINE_4,
            marks: [
                "58 7 6 38 4 9 2 1 35",
                "9 58 1 38 26 26 57 357 4",
                "2 4 3 17 17 5 8 9 6",
                "678 3 78 5 9 1 46 4678 2",
                "1 569 2 67 8 4 3 567 59",
                "4 5689 5789 2 67 3 5679 5678 1",
                "3 25689 4589 16 1256 26 14569 456 7",
                "56 25 45 9 1235 7 15 3456 8",
                "567 1 579 4 356 8 569 2 359",
            ],
            technique: Technique::NishioForcingChain,
            rating: 7.6,
            removed: &["r5c8 6"],
        },
        |board| nishio(board, u64::MAX),
    );
}

// diabolical.first1000.txt line 4, before step 24: each of 6, 7 and 8
// in r4c1 rules out 7 in r4c8.
#[test]
fn cell_forcing_chains() {
    check(
        &Case {
            puzzle: LINE_4,
            marks: [
                "58 7 6 38 4 9 2 1 35",
                "9 58 1 38 26 26 57 357 4",
                "2 4 3 17 17 5 8 9 6",
                "678 3 78 5 9 1 46 4678 2",
                "1 569 2 67 8 4 3 57 59",
                "4 5689 5789 2 67 3 5679 578 1",
                "3 25689 4589 16 1256 26 14569 456 7",
                "56 25 45 9 1235 7 15 3456 8",
                "567 1 579 4 356 8 569 2 359",
            ],
            technique: Technique::CellForcingChain,
            rating: 8.3,
            removed: &["r4c8 7"],
        },
        multiple,
    );
}

// diabolical.first1000.txt line 4, before step 26: each place of the 5
// in row 5 rules out 5 in r6c8.
#[test]
fn house_forcing_chains() {
    check(
        &Case {
            puzzle: LINE_4,
            marks: [
                "58 7 6 38 4 9 2 1 35",
                "9 58 1 38 26 26 57 357 4",
                "2 4 3 17 17 5 8 9 6",
                "678 3 78 5 9 1 46 468 2",
                "1 569 2 67 8 4 3 57 59",
                "4 5689 589 2 67 3 5679 578 1",
                "3 25689 4589 16 1256 26 14569 456 7",
                "56 25 45 9 1235 7 15 3456 8",
                "567 1 579 4 356 8 569 2 359",
            ],
            technique: Technique::HouseForcingChain,
            rating: 8.3,
            removed: &["r6c8 5"],
        },
        multiple,
    );
}

// diabolical.first1000.txt line 89 (rated 9.0), before step 15.
#[test]
fn dynamic_contradiction() {
    check(
        &Case {
            puzzle: "000500700095070006000002850100000907007010200908000005063800000700050640001004000",
            marks: [
                "2368 1 246 5 34689 3689 7 239 2349",
                "238 9 5 134 7 138 14 123 6",
                "36 7 46 1469 3469 2 8 5 1349",
                "1 2345 26 2346 348 3568 9 368 7",
                "56 345 7 369 1 35689 2 368 348",
                "9 234 8 23467 2346 367 14 136 5",
                "4 6 3 8 29 179 5 1279 129",
                "7 28 9 123 5 13 6 4 128",
                "25 258 1 2679 69 4 3 2789 289",
            ],
            technique: Technique::DynamicContradiction,
            rating: 9.0,
            removed: &["r7c8 2"],
        },
        dynamic,
    );
}

// diabolical.first1000.txt line 279, before step 15: r4c5 is 8 or not,
// and either way it is not 7.
#[test]
fn dynamic_double_forcing() {
    check(
        &Case {
            puzzle: "040860000009002500620530000150000200090000050003000048000025073002100900000098010",
            marks: [
                "357 4 157 8 6 79 137 2 179",
                "378 1378 9 47 147 2 5 368 1467",
                "6 2 178 5 3 1479 178 89 147",
                "1 5 4678 3467 478 3467 2 369 79",
                "478 9 4678 2 1478 13467 1367 5 167",
                "2 67 3 9 5 167 167 4 8",
                "9 168 1468 46 2 5 468 7 3",
                "3478 3678 2 1 47 3467 9 68 5",
                "457 367 4567 3467 9 8 46 1 2",
            ],
            technique: Technique::DynamicDoubleForcing,
            rating: 9.0,
            removed: &["r4c5 7"],
        },
        dynamic,
    );
}

// diabolical.first1000.txt line 77 (rated 8.9), before step 20.
#[test]
fn dynamic_cell_forcing_chains() {
    check(
        &Case {
            puzzle: "006704900000050000070613050002090500005000300030502060600107005900000007010040030",
            marks: [
                "1358 258 6 7 28 4 9 128 13",
                "1234 248 148 289 5 89 12467 12478 12346",
                "248 7 9 6 1 3 248 5 248",
                "478 6 2 3 9 18 5 478 148",
                "78 9 5 4 678 168 3 1278 128",
                "1478 3 1478 5 78 2 478 6 9",
                "6 248 348 1 238 7 248 9 5",
                "9 2458 348 28 2368 568 1248 1248 7",
                "2578 1 78 289 4 589 268 3 268",
            ],
            technique: Technique::DynamicCellForcingChain,
            rating: 8.9,
            removed: &["r1c8 2"],
        },
        dynamic,
    );
}

// diabolical.first1000.txt line 33 (rated 8.9), before step 16.
#[test]
fn dynamic_house_forcing_chains() {
    check(
        &Case {
            puzzle: "700040006000759000900801003000524000030000020400000007501000208080000010209000304",
            marks: [
                "7 15 58 23 4 23 1589 589 6",
                "1368 146 3468 7 5 9 18 48 2",
                "9 245 245 8 6 1 57 457 3",
                "168 1679 67 5 2 4 689 3 19",
                "168 3 568 69 1789 678 4 2 159",
                "4 12569 256 1369 139 368 5689 5689 7",
                "5 467 1 3469 379 367 2 679 8",
                "36 8 3467 2469 79 2567 5679 1 59",
                "2 67 9 16 18 568 3 567 4",
            ],
            technique: Technique::DynamicHouseForcingChain,
            rating: 8.9,
            removed: &["r4c1 1"],
        },
        dynamic,
    );
}

/// Line 1 of the forum's SE 11+ list
/// (`shared/data/bench/puzzles5_forum_hardest_1905_11plus.txt`), as given.
fn forum_first(layout: &Layout) -> Board<'_> {
    let givens =
        line::parse(layout, "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
            .unwrap();
    Board::new(layout, &givens).unwrap()
}

// The memo, and the nested chain searches that start only where an
// assumption changed something, give the same steps for the same nodes as
// searching every board in full: along the first nested steps of a forum
// SE 11 puzzle (`shared/data/bench/puzzles5_forum_hardest_1905_11plus.txt`,
// line 1), level by level, with one memo kept from step to step as the
// rater keeps it.
#[test]
fn nested_searches_with_the_memo_agree_with_full_searches() {
    let layout = Layout::classic(3).unwrap();
    let mut board = forum_first(&layout);
    let mut memo = Memo::default();
    let mut nested_steps = 0;
    while nested_steps < 3 {
        if let Some(step) = next_step(&board) {
            board.apply(&step);
            continue;
        }
        let mut found = None;
        for level in 1..=3 {
            let (mut kept, mut full) = (Budget::new(u64::MAX / 2), Budget::new(u64::MAX / 2));
            let with_memo = nested(&board, level, &mut kept, &mut memo);
            let without = nested(&board, level, &mut full, &mut Memo::off());
            assert_eq!(with_memo, without, "level {level}, nested step {nested_steps}");
            assert_eq!(kept.left(), full.left(), "the same nodes at level {level}");
            if with_memo.is_some() {
                found = with_memo;
                break;
            }
        }
        let step = found.expect("a nested step by level 3");
        board.apply(&step);
        nested_steps += 1;
    }
}

// A level takes each assumption up where the level below left it (see
// `resume`): at the first nested step of a forum SE 11 puzzle (line 1 of
// the list), the level that finds it, going on from the levels below, gives
// what it gives without memo or traces, for the same nodes, with the budget
// to finish and with one that runs out half way (then nothing found and
// none left, both ways).
#[test]
fn a_level_going_on_from_the_one_below_agrees_with_a_full_search() {
    let layout = Layout::classic(3).unwrap();
    let mut board = forum_first(&layout);
    while let Some(step) = next_step(&board) {
        board.apply(&step);
    }
    let full = || Budget::new(u64::MAX / 2);
    let (level, nodes) = (1..=3)
        .find_map(|level| {
            let mut budget = full();
            nested(&board, level, &mut budget, &mut Memo::off()).map(|_| (level, u64::MAX / 2 - budget.left()))
        })
        .expect("a nested step by level 3");
    assert!(level >= 2, "the board needs nested chains");
    for budget in [u64::MAX / 2, nodes / 2] {
        let mut memo = Memo::default();
        for below in 1..level {
            assert!(nested(&board, below, &mut full(), &mut memo).is_none());
        }
        assert!(memo.keeps_traces(), "level {} keeps its traces", level - 1);
        let (mut resumed, mut fresh) = (Budget::new(budget), Budget::new(budget));
        let found = nested(&board, level, &mut resumed, &mut memo);
        assert_eq!(found, nested(&board, level, &mut fresh, &mut Memo::off()), "budget {budget}");
        assert_eq!((resumed.left(), resumed.is_out()), (fresh.left(), fresh.is_out()), "budget {budget}");
        assert_eq!(found.is_some(), budget > nodes);
    }
}

// Level 5 (SE 11.0) searches the board where its chain stalls for dynamic
// forcing chains, then for nested ones of level 2 (SE 9.5), as Sudoku
// Explainer's `getAdvancedPotentials` does. That level-2 search looks at the
// stalled board through a grid derived from the outer one; it finds the
// same step for the same nodes as the rater's own level-2 search on a
// board with those candidates (the oracle): here the board of a forum SE 11
// puzzle (line 1 of the list) at its first nested step, and the same board
// with that step's removals made.
#[test]
fn level_two_on_a_derived_grid_agrees_with_the_search_on_its_board() {
    let layout = Layout::classic(3).unwrap();
    let mut board = forum_first(&layout);
    while let Some(step) = next_step(&board) {
        board.apply(&step);
    }
    let step = (1..=3)
        .find_map(|level| nested(&board, level, &mut Budget::new(u64::MAX / 2), &mut Memo::off()))
        .expect("a nested step by level 3");
    assert!(step.placements.is_empty() && !step.eliminations.is_empty(), "{step:?}");
    let mut after = board.clone();
    after.apply(&step);
    let cands: Vec<u64> = (0..layout.cell_count()).map(|c| after.candidates(crate::layout::CellId(c as u32))).collect();
    let grid = Grid::<2>::new(&board);
    for (cands, inner) in [(grid.cands.clone(), &board), (cands, &after)] {
        let derived = grid.derived(&cands);
        let (mut on_grid, mut on_board) = (Budget::new(u64::MAX / 2), Budget::new(u64::MAX / 2));
        let found = nested_on(&board, &derived, 2, &mut on_grid);
        let oracle = nested(inner, 2, &mut on_board, &mut Memo::off());
        assert_eq!(found, oracle);
        assert_eq!(on_grid.left(), on_board.left(), "the same nodes");
    }
}

/// Lines 1, 2,401 and 4,801 of the forum's SE 11+ list
/// (`shared/data/bench/puzzles5_forum_hardest_1905_11plus.txt`), each where
/// the everyday techniques stop (it needs nested forcing chains).
fn forum_stalls(layout: &Layout) -> Vec<Board<'_>> {
    let puzzles = [
        "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
        "98.7..6..5...9......7..4.9.3.......2.6...5.....54...8...1.4..7....1.8..3.....72..",
        "1.....7...5.1....6.69....1.....38........28..9..5...7.5..6...9...2...4......4...3",
    ];
    puzzles
        .iter()
        .map(|puzzle| {
            let mut board = Board::new(layout, &line::parse(layout, puzzle).unwrap()).unwrap();
            while let Some(step) = next_step(&board) {
                board.apply(&step);
            }
            board
        })
        .collect()
}

/// Boards made from `g`'s by taking away 1 to 12 of its candidates, chosen
/// by a fixed sequence (the same boards on every run), each from a cell
/// left with two or more (as on a board a chain stalls on, where a cell
/// with one candidate has it placed).
fn taken_away<const W: usize>(g: &Grid<W>, count: usize) -> Vec<Vec<u64>> {
    let sources = g.sources();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..count)
        .map(|round| {
            let mut cands = g.cands.clone();
            for _ in 0..1 + round % 12 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let x = sources[(state % sources.len() as u64) as usize];
                if cands[x / g.n].count_ones() >= 3 {
                    cands[x / g.n] &= !(1 << (x % g.n));
                }
            }
            cands
        })
        .collect()
}

// The static forcing chains of a board made from another by taking
// candidates away (as level 3 searches the boards its chains stall on)
// find the same step with what the other board's chains imply as bounds
// (`quiet`) as they find following every branch in full: on 80 such boards
// of each of three forum SE 11 puzzles where they need nested chains.
#[test]
fn static_chains_bounded_by_the_prior_board_agree_with_full_ones() {
    let layout = Layout::classic(3).unwrap();
    for board in forum_stalls(&layout) {
        let g = Grid::<2>::new(&board);
        let quiet = Quiet::of(&g);
        let mut found = 0;
        for cands in taken_away(&g, 80) {
            let stalled = g.derived(&cands);
            let bounded = multiple_on(&board, &stalled, Some(&quiet));
            assert_eq!(bounded, multiple_on(&board, &stalled, None));
            found += bounded.is_some() as usize;
        }
        assert!(found >= 10, "the boards have steps to find ({found})");
    }
}

// A dynamic forcing chain search that takes a candidate false as its
// partner true (see `partner`) rather than following it gives the same
// step for the same nodes as one that follows every candidate both ways
// (the memo off): on the boards of the test above, with the budget to
// finish and with one that runs out half way.
#[test]
fn dynamic_chains_sharing_partners_agree_with_following_every_candidate() {
    let layout = Layout::classic(3).unwrap();
    let full = u64::MAX / 2;
    for board in forum_stalls(&layout) {
        let g = Grid::<2>::new(&board);
        let (mut shared, mut found) = (0, 0);
        for cands in taken_away(&g, 40) {
            let stalled = g.derived(&cands);
            let mut budget = Budget::new(full);
            let step = multiple_grid(&board, &stalled, true, 0, &mut budget, &mut Memo::off(), None);
            let nodes = full - budget.left();
            for left in [full, nodes / 2] {
                let (mut with, mut without) = (Budget::new(left), Budget::new(left));
                let sharing = multiple_grid(&board, &stalled, true, 0, &mut with, &mut Memo::default(), None);
                let plain = multiple_grid(&board, &stalled, true, 0, &mut without, &mut Memo::off(), None);
                assert_eq!(sharing, plain, "budget {left}");
                assert_eq!((with.left(), with.is_out()), (without.left(), without.is_out()), "budget {left}");
                if left == full {
                    assert_eq!(sharing, step);
                }
            }
            found += step.is_some() as usize;
            shared += (0..g.cell_count * g.n).filter(|&x| super::partner(&stalled, x, |_| true).is_some()).count();
        }
        assert!(found >= 10 && shared > 0, "steps found ({found}), partners ({shared})");
    }
}
