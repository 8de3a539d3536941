//! Tests of the chains and cycles: whole puzzles rated as Sudoku Explainer
//! rates them, and single steps on boards taken from real puzzles.

use super::{find, find_with, Prior};
use crate::format::line;
use crate::generate::{generate_rated, GenerateConfig};
use crate::layout::Layout;
use crate::logic::links::testing::{check, Case};
use crate::logic::links::Grid;
use crate::logic::{next_step, Board, Level, Technique};

/// Whole puzzles of diabolical.first1000.txt (its line, the puzzle, its
/// SE rating, our hardest step) that Sukaku Explainer rates the same
/// with or without the techniques this solver lacks.
const FILE: &[(usize, &str, f32, Technique)] = &[
    (40, "000080000002000500000702000500000003036000740900000002300801007008040900095030680", 6.6, Technique::YCycle),
    (87, "360075004000308006008060700740000090805000407090000053002030500500704000900250071", 7.0, Technique::NiceLoop),
    (1, "083020090000800100029300008000098700070000060006740000300006980002005000010030540", 7.2, Technique::Aic),
    (
        18,
        "040062000900000020026300480000004870007000600052800000085001360030000008000530010",
        7.7,
        Technique::NishioForcingChain,
    ),
    (
        24,
        "024600007006070000003800560000200800300000004002001000069002100000030600100006240",
        8.2,
        Technique::HouseForcingChain,
    ),
    (
        26,
        "003010800900050006700040003000104000070000050090578020040000080107000905502090407",
        8.3,
        Technique::CellForcingChain,
    ),
    (
        99,
        "200000009300090008005603200070040050160000047500108006003060400000501000000000000",
        8.8,
        Technique::DynamicCellForcingChain,
    ),
    (
        243,
        "006401500300509001000030000205000703030040020670000058060907080000050000002304900",
        9.1,
        Technique::DynamicContradiction,
    ),
];

#[test]
fn whole_puzzles_rate_as_sudoku_explainer() {
    let layout = Layout::classic(3).unwrap();
    for &(line, text, se, hardest) in FILE {
        let givens = crate::format::line::parse(&layout, text).unwrap();
        let rating = crate::logic::rate(&layout, &givens).unwrap();
        assert!(rating.solved, "line {line}");
        assert_eq!((rating.se, rating.hardest), (se, Some(hardest)), "line {line}");
    }
}

/// Extreme puzzles (SE 7.0 and up) of other layouts, made by the
/// generator: chains and forcing chains solve them, and no step
/// contradicts the solution.
#[test]
fn chains_work_on_every_layout() {
    let jigsaw: crate::format::Variant =
        include_str!("../../../../../examples/variants/jigsaw-9x9.txt").parse().unwrap();
    let samurai: crate::format::Variant = include_str!("../../../../../examples/variants/samurai.txt").parse().unwrap();
    let layouts = [
        Layout::classic(3).unwrap().with_diagonals().unwrap(),
        jigsaw.layout().clone(),
        samurai.layout().clone(),
        Layout::pie(12, 6).unwrap(),
        Layout::boxed(2, 3).unwrap(),
    ];
    for layout in &layouts {
        let made = generate_rated(layout, &GenerateConfig::default(), Level::Extreme, 3).unwrap();
        let (givens, solution) = (&made.generated.givens, &made.generated.solution);
        let mut board = Board::new(layout, givens).unwrap();
        let mut chained = false;
        while let Some(step) = next_step(&board) {
            for &(c, s) in &step.eliminations {
                assert_ne!(solution[c.index()], s, "{}", step.explain(layout));
            }
            for &(c, s) in &step.placements {
                assert_eq!(solution[c.index()], s, "{}", step.explain(layout));
            }
            chained |= step.rating >= 6.5;
            board.apply(&step);
        }
        assert!(board.is_solved() && chained, "{:?}", made.rating.hardest);
    }
}

// diabolical.first1000.txt line 28, before step 20: a loop of 2s
// through r2c3, r3c1, r3c5, r8c5, r8c2 and r7c3.
#[test]
fn x_cycle() {
    check(
        &Case {
            puzzle: "000030600040800901006700005083000200600040008005000490900005800501008030004090000",
            marks: [
                "127 5 8 129 3 129 6 247 247",
                "3 4 27 8 5 6 9 27 1",
                "12 9 6 7 12 4 3 8 5",
                "4 8 3 159 17 179 2 1567 67",
                "6 127 9 1235 4 1237 15 157 8",
                "27 127 5 6 8 127 4 9 3",
                "9 2367 27 123 1267 5 8 1246 246",
                "5 26 1 4 26 8 7 3 9",
                "8 2367 4 123 9 1237 15 1256 26",
            ],
            technique: Technique::XCycle,
            rating: 6.5,
            removed: &["r1c1 2", "r7c2 2", "r7c5 2", "r9c2 2"],
        },
        find,
    );
}

// diabolical.first1000.txt line 1, before step 44: a loop of nine
// bivalue cells (18 literals, 6.5 + 0.4).
#[test]
fn y_cycle() {
    check(
        &Case {
            puzzle: "083020090000800100029300008000098700070000060006740000300006980002005000010030540",
            marks: [
                "1 8 3 5 2 4 6 9 7",
                "5 46 47 8 67 9 1 2 3",
                "67 2 9 3 16 17 4 5 8",
                "2 35 15 6 9 8 7 13 4",
                "48 7 14 12 5 3 28 6 9",
                "89 39 6 7 4 12 28 13 5",
                "3 45 457 14 17 6 9 8 2",
                "469 469 2 49 8 5 3 7 1",
                "79 1 8 29 3 27 5 4 6",
            ],
            technique: Technique::YCycle,
            rating: 6.9,
            removed: &["r8c2 4"],
        },
        find,
    );
}

// diabolical.first1000.txt line 2, before step 35: a turbot fish on
// the 4s (6 literals, no length increment).
#[test]
fn x_chain() {
    check(
        &Case {
            puzzle: "200050006010000090600801003007090600000703000900080002100000005060902010003060200",
            marks: [
                "2 478 48 3 5 9 1 478 6",
                "3 1 458 6 2 7 458 9 48",
                "6 57 9 8 4 1 57 2 3",
                "58 358 7 2 9 4 6 358 1",
                "458 2 6 7 1 3 9 458 48",
                "9 34 1 5 8 6 47 347 2",
                "1 9 2 4 7 8 3 6 5",
                "458 6 458 9 3 2 48 1 7",
                "7 48 3 1 6 5 2 48 9",
            ],
            technique: Technique::XChain,
            rating: 6.6,
            removed: &["r5c8 4"],
        },
        find,
    );
}

// diabolical.first1000.txt line 9, before step 26: a continuous loop
// mixing conjugate pairs and bivalue cells.
#[test]
fn nice_loop() {
    check(
        &Case {
            puzzle: "850000031000070000000809000003000600970301052000020000100407006205000307000080000",
            marks: [
                "8 5 79 26 46 24 79 3 1",
                "46 169 12469 15 7 3 2489 469 458",
                "37 136 12467 8 15 9 247 467 45",
                "45 2 3 7 59 458 6 1 489",
                "9 7 468 3 46 1 48 5 2",
                "456 168 1468 569 2 458 4789 479 3",
                "1 89 89 4 3 7 5 2 6",
                "2 4 5 19 19 6 3 8 7",
                "37 36 67 25 8 25 1 49 49",
            ],
            technique: Technique::NiceLoop,
            rating: 7.1,
            removed: &["r2c9 4"],
        },
        find,
    );
}

// The boards of steps 15 and 16 of this puzzle differ in one cell (r3c1);
// each test writes its board out whole (two copies are clearer here): it is
// the board its step is found on.
const LINE_1: &str = "083020090000800100029300008000098700070000060006740000300006980002005000010030540";

// diabolical.first1000.txt line 1, before step 16: bivalue cells only.
#[test]
fn xy_chain() {
    check(
        &Case {
            puzzle: LINE_1,
            marks: [
                "1567 8 3 15 2 147 46 9 57",
                "4567 456 457 8 567 9 1 2 3",
                "167 2 9 3 1567 147 46 57 8",
                "2 345 145 6 9 8 7 135 145",
                "489 7 148 125 15 3 28 6 149",
                "589 359 6 7 4 12 28 135 159",
                "3 45 457 124 17 6 9 8 127",
                "4679 469 2 149 8 5 3 17 167",
                "6789 1 78 29 3 27 5 4 267",
            ],
            technique: Technique::XYChain,
            rating: 7.1,
            removed: &["r5c5 1"],
        },
        find,
    );
}

// diabolical.first1000.txt line 1, before step 15 (the file rates the
// puzzle 7.2): conjugate pairs and bivalue cells, 8 literals.
#[test]
fn alternating_inference_chain() {
    check(
        &Case {
            puzzle: LINE_1,
            marks: [
                "1567 8 3 15 2 147 46 9 57",
                "4567 456 457 8 567 9 1 2 3",
                "1567 2 9 3 1567 147 46 57 8",
                "2 345 145 6 9 8 7 135 145",
                "489 7 148 125 15 3 28 6 149",
                "589 359 6 7 4 12 28 135 159",
                "3 45 457 124 17 6 9 8 127",
                "4679 469 2 149 8 5 3 17 167",
                "6789 1 78 29 3 27 5 4 267",
            ],
            technique: Technique::Aic,
            rating: 7.1,
            removed: &["r3c1 5"],
        },
        find,
    );
}

/// Looking at the mixed links first (and taking what they show into the
/// X-chains' search) gives the step of the plain order, X-chains first:
/// on every board of the solve paths of forum SE 11 puzzles (lines 1 and
/// 2,401 of `shared/data/bench/puzzles5_forum_hardest_1905_11plus.txt`)
/// and of a few with chains, alone and, where the board before had no
/// chain, given that board as the nested searches give it.
#[test]
fn mixed_links_first_agree_with_the_plain_order() {
    let layout = Layout::classic(3).unwrap();
    let puzzles = [
        "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
        "98.7..6..5...9......7..4.9.3.......2.6...5.....54...8...1.4..7....1.8..3.....72..",
        FILE[1].1,
        FILE[2].1,
        FILE[5].1,
    ];
    let (mut boards, mut with_prior, mut found) = (0, 0, 0);
    for puzzle in puzzles {
        let puzzle = puzzle.replace('0', ".");
        let givens = line::parse(&layout, &puzzle).unwrap();
        let mut board = Board::new(&layout, &givens).unwrap();
        let mut before: Option<Grid<2>> = None;
        while let Some(step) = next_step(&board) {
            let g = Grid::<2>::new(&board);
            let plain = find_with(&g, None, false);
            assert_eq!(find_with(&g, None, true), plain, "board {boards}");
            if let Some(p) = before.as_ref().filter(|p| find_with(p, None, false).is_none()) {
                let prior = Prior { cands: &p.cands, places: &p.places };
                assert_eq!(find_with(&g, Some(prior), true), plain, "board {boards}, after one without chain");
                assert_eq!(find_with(&g, Some(prior), false), plain, "board {boards}, the plain order");
                with_prior += 1;
            }
            found += plain.is_some() as usize;
            boards += 1;
            board.apply(&step);
            before = Some(g);
        }
    }
    // The paths are long, and meet boards of both kinds.
    assert!(
        boards > 150 && with_prior > 30 && found > 100,
        "{boards} boards, {with_prior} after one without chain, {found} with a chain"
    );
}
