//! The logical solver against an oracle: every step of thousands of
//! generated puzzles of several variants is checked against the unique
//! solution, and ratings against puzzles rated by Sukaku Explainer.

use super::*;
use crate::format::line;
use crate::generate::{generate, GenerateConfig};
use crate::solver::Solver;

/// Applies easiest steps to the end, checking each against `solution`, the
/// puzzle's only one (so the uniqueness techniques take part).
fn check_steps(layout: &Layout, givens: &[Option<Symbol>], solution: &[Symbol]) -> Rating {
    let mut board = Board::new(layout, givens).unwrap().assume_unique();
    while let Some(step) = next_step(&board) {
        for &(c, s) in &step.placements {
            assert_eq!(solution[c.index()], s, "{:?} placed a wrong symbol: {}", step.technique, step.explain(layout));
        }
        for &(c, s) in &step.eliminations {
            assert_ne!(solution[c.index()], s, "{:?} removed the answer: {}", step.technique, step.explain(layout));
        }
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "a step changes something");
        board.apply(&step);
    }
    let rating = rate(layout, givens).unwrap();
    assert_eq!(rating.solved, board.is_solved());
    rating
}

#[test]
fn no_step_ever_contradicts_the_solution() {
    let variants = [
        ("size 9\n", 120),
        ("size 6\n", 40),
        ("size 16\n", 6),
        ("size 9\ndiagonals\n", 40),
        (include_str!("../../../../examples/variants/jigsaw-9x9.txt"), 40),
        (include_str!("../../../../examples/variants/samurai.txt"), 4),
    ];
    for (text, count) in variants {
        let variant: crate::format::Variant = text.parse().unwrap();
        let layout = variant.layout();
        for seed in 0..count {
            let made = generate(layout, &GenerateConfig::default(), seed).unwrap();
            check_steps(layout, &made.givens, &made.solution);
        }
    }
}

/// Puzzles rated by Sukaku Explainer: `(puzzle, SE rating)`, copied from
/// the Sudoku Exchange puzzle bank (public domain) as kept in
/// `shared/data/rated/` (easy, medium and hard files, first 200 lines): one
/// for each rating the techniques here reach, each hardest step of a kind.
const RATED: &[(&str, f32)] = &[
    ("050703060007000800000816000000030000005000100730040086906000204840572093000409000", 1.2),
    ("002806100000090000300000007003000200600704008820000045000010000140080063030050080", 1.5),
    ("802600009000058000006000401090406005020000040600203090205000900000970000100002804", 1.7),
    ("100800570000009210090040000300900050007000300020006008000020040071400000064007003", 2.0),
    ("020900000048000031000063020009407003003080200400105600030570000250000180000006050", 2.3),
    ("570060003030005060601007000053000001000080000900000270000800402080100030200040019", 2.5),
    ("600050007030000000080409200015300000008000300000007590009501030000000080200070004", 2.6),
    ("000709000200080003070204050800000001000501000160070045050000030030000010604090508", 2.8),
    ("000050000000206000064000390045000810000020000000107000053000980090804060100030004", 3.0),
    ("970306042805000109000050000207000304010020080400738001000905000000000000100847003", 3.2),
    ("080200400570000100002300000820090005000715000700020041000006700003000018007009050", 3.4),
    ("013090460800000005000040000200000001970010043060705090089403710000000000000678000", 3.6),
    ("009603004010700080400080003000000641005000200164000000600010002050002060300407500", 3.8),
];

#[test]
fn published_ratings() {
    let layout = Layout::classic(3).unwrap();
    for &(text, se) in RATED {
        let givens = line::parse(&layout, text).unwrap();
        let solution = Solver::new(&layout).solve(&givens).unwrap();
        let rating = check_steps(&layout, &givens, &solution);
        assert!(rating.solved, "{text}");
        assert_eq!(rating.se, se, "{text}: {:?}", rating.hardest);
    }
}

#[test]
fn explanations_name_cells_and_houses() {
    let layout = Layout::classic(3).unwrap();
    let givens = line::parse(&layout, RATED[0].0).unwrap();
    let board = Board::new(&layout, &givens).unwrap();
    let step = next_step(&board).unwrap();
    let text = step.explain(&layout);
    assert!(text.contains("r") && text.contains("so place"), "{text}");
}
