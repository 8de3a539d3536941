//! The logical solver against an oracle: every step of thousands of
//! generated puzzles of several variants is checked against the unique
//! solution, and ratings against puzzles rated by Sukaku Explainer.

use super::*;
use crate::format::line;
use crate::generate::{generate, GenerateConfig};
use crate::layout::{CellId, Layout};
use crate::solver::Solver;
use crate::symbol::Symbol;

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
    // The rater goes on past the everyday techniques (nested forcing
    // chains), with steps as right.
    let rating = rate(layout, givens).unwrap();
    assert!(rating.solved || !board.is_solved());
    for step in &rating.steps {
        for &(c, s) in &step.placements {
            assert_eq!(solution[c.index()], s, "{:?} placed a wrong symbol: {}", step.technique, step.explain(layout));
        }
        for &(c, s) in &step.eliminations {
            assert_ne!(solution[c.index()], s, "{:?} removed the answer: {}", step.technique, step.explain(layout));
        }
    }
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
        (include_str!("../../../../examples/variants/sudoku-pie.txt"), 20),
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

/// Puzzles whose hardest step is each of the techniques past the subsets:
/// `(puzzle, technique, rating, eliminations, placements)` of that step (the
/// first of the highest rating), each checked by hand (see the comments)
/// as well as against the solution. From `shared/data/rated/`; the rating
/// is Sukaku Explainer's for the puzzle but where said.
const HARDEST: &[(&str, Technique, f32, &str, &str)] = &[
    // hard.first1000.txt, line 8. Row 2 has its 2 in r2c1 or r2c5, row 8 in
    // r8c3 or r8c5; both cannot take column 5, and r1c3 sees r2c1 and r8c3.
    (
        "040000000086100034001500260000305840000040000058902000095008300160009450000000010",
        Technique::Skyscraper,
        4.0,
        "r1c3#2",
        "",
    ),
    // hard, line 4. 5 in row 5: r5c3 or r5c7; in column 9: r4c9 or r9c9;
    // r5c7 and r4c9 share box 6; r9c3 sees r5c3 and r9c9.
    (
        "024000650100000007008010900000000000260090083080501070600903008002854700000070000",
        Technique::TwoStringKite,
        4.1,
        "r9c3#5",
        "",
    ),
    // hard, line 144. 1 in row 8: r8c5 or r8c8; in box 2: r2c4 or r3c5;
    // r8c5 and r3c5 share column 5; r2c8 sees r8c8 and r2c4.
    (
        "000002043008004200200607090007300060040090030050008400010809004009400700460200000",
        Technique::TurbotFish,
        4.1,
        "r2c8#1",
        "",
    ),
    // hard, line 100. 2 in row 5: r5c7, or r5c1/r5c3 (a group in box 4);
    // in column 2: r4c2 or r9c2; the group sees r4c2; r9c7 sees r5c7 and
    // r9c2. A grouped kite: 4.0 + 0.3.
    (
        "080926004509008000000000003006010000070409080000080100600000000000200601900361070",
        Technique::TwoStringKite,
        4.3,
        "r9c7#2",
        "",
    ),
    // hard, line 357. 3 in box 3 lies in row 2 and column 7 (r2c7, r2c8,
    // r2c9, r3c7); in column 5: r2c5 or r8c5. If r8c7 were 3, r8c5 is not,
    // r2c5 is, row 2 of box 3 is not, r3c7 is: two 3s in column 7.
    (
        "026190047700500000000060029000280490000000000091076000910040000000005008530017960",
        Technique::EmptyRectangle,
        4.3,
        "r8c7#3",
        "",
    ),
    // hard, line 29. 4 in column 3: r4c3, r8c3; in column 9: r4c9, r8c9 and
    // the fins r5c9, r6c9 (box 6): r4c8 is in row 4 and box 6.
    (
        "490001300060009008007380090080000700036070520002000010010047900800600030009100087",
        Technique::FinnedXWing,
        4.3,
        "r4c8#4",
        "",
    ),
    // hard, line 26. 4 in column 1: r2c1, r7c1; in column 5: r7c5 and the
    // fins r1c5, r3c5 (box 2), r2c5 being filled: r2c6 is in row 2 and box 2.
    (
        "090000006006890000203706090100020000054908320000070004020607809000035600300000050",
        Technique::SashimiXWing,
        4.3,
        "r2c6#4",
        "",
    ),
    // hard, line 13. Pivot r2c7 {1,2}, pincers r2c1 {1,5} and r4c7 {2,5}:
    // r4c1 sees both pincers.
    (
        "060050030000306000007000400030000060014020790700000001000000000900147005051609870",
        Technique::XYWing,
        4.2,
        "r4c1#5",
        "",
    ),
    // hard, line 22. Pivot r2c6 {2,3,5}, pincers r2c5 {2,3} and r9c6 {3,5}:
    // r3c6 sees all three.
    (
        "024009030000600974000080020001040000207050809000060700070090000539006000080100290",
        Technique::XYZWing,
        4.4,
        "r3c6#3",
        "",
    ),
    // diabolical, line 186 (SE 7.1, the rating of its forcing chain). A
    // W-Wing is there (r3c2 and r6c4 hold {6,7}, the 6 of row 9 in r9c2 or
    // r9c4), but the chains, tried before the W-Wing, find an alternating
    // inference chain of the same rating first: r3c2≠6 → r3c2=7 → r6c2≠7 →
    // r6c4=7 → r6c4≠6 → r9c4=6 → r9c2≠6 → r3c2=6 refutes itself.
    (
        "502400003001060000003805492006030701020109040104020900438901200000040300200003104",
        Technique::Aic,
        7.1,
        "r3c2#7",
        "",
    ),
    // hard, line 10. r2c7, r6c7, r6c9 hold {4,8} (rows 2 and 6, columns 7 and
    // 9, boxes 3 and 6): r2c9, the fourth corner, is neither.
    (
        "900801005000607000870000069490000057080000020000375000040000070008060900109000603",
        Technique::UniqueRectangle1,
        4.5,
        "r2c9#4 r2c9#8",
        "",
    ),
    // hard, line 17. r7c2, r9c2 {6,9}, r7c4, r9c4 {3,6,9}: one of the last
    // two is 3; r1c4 and r8c5 see both.
    (
        "600040001030008700009700000003096000906000103000120500000002400002400080400010002",
        Technique::UniqueRectangle2,
        4.5,
        "r1c4#3 r8c5#3",
        "",
    ),
    // hard, line 175. r1c2, r2c2 {2,7}, r1c7 {1,2,7,8}, r2c7 {2,7,8}: the
    // last two hold one of 2 and 7 at most, so column 7 takes the other in
    // r9c7, its only other place for them (hidden set, 4.5).
    (
        "400009000600010004085000960000430008007050300500092000012000650700020001000600002",
        Technique::UniqueRectangle3,
        4.5,
        "r9c7#4 r9c7#8",
        "",
    ),
    // hard, line 80. r5c4, r5c6 {3,5}, r2c4 {3,4,5}, r2c6 {3,5,7,9}: the last
    // two hold one of 3 and 5 at most, so 1, 3, 5 of row 2 fill r2c1, r2c9
    // and one of them (hidden triple, 4.6).
    (
        "003108500060000020000020000630000054082000960005000300906734102800050009000906000",
        Technique::UniqueRectangle3,
        4.6,
        "r2c1#4 r2c1#7 r2c9#7",
        "",
    ),
    // hard, line 120. r2c1, r2c3 {1,7}, r5c1, r5c3 with more; 7 of box 4 is
    // only in r5c1 or r5c3, so neither is 1.
    (
        "400000008090030040806201507005000700000305000200080009000070000024000170508000902",
        Technique::UniqueRectangle4,
        4.5,
        "r5c3#1 r5c1#1",
        "",
    ),
    // hard, line 25. The loop r4c2-r4c9-r5c9-r5c5-r6c5-r6c2 on {6,7}, each
    // house meeting it twice: r4c9, the only cell with more, is 2.
    (
        "030000080000791000005000700004080500001204300200305008002508600000000000503010809",
        Technique::UniqueLoop1,
        4.6,
        "r4c9#6 r4c9#7",
        "",
    ),
    // hard, line 119. The loop r2c7-r2c8-r7c8-r7c9-r6c9-r6c7 on {4,5}; r2c8
    // and r6c9 have a 7 more, one is 7: r2c9 and r5c8 see both.
    (
        "004000390120000000003042806000053089000201000310860000701620900000000038045000200",
        Technique::UniqueLoop2,
        4.6,
        "r2c9#7 r5c8#7",
        "",
    ),
    // hard, line 187. The loop r1c3-r1c7-r4c7-r4c9-r3c9-r3c3 on {3,6}: r4c7
    // and r4c9 hold one of 3 and 6 at most, so row 4 has its other in r4c6.
    (
        "000005010000603008000000540080700090309504801060008050034000000600401000050900000",
        Technique::UniqueLoop3,
        4.6,
        "r4c6#2",
        "",
    ),
    // diabolical, line 252. Every empty cell holds two candidates but r3c4
    // {1,2,5}; the 1 has three places in row 3, column 4 and box 2.
    (
        "240900001005074009000000080010020005030405060800010040020000000700340500400002078",
        Technique::BugPlusOne,
        5.6,
        "",
        "r3c4#1",
    ),
    // diabolical, line 507. 9 in rows 1, 5, 9 lies in columns 1, 7, 9 but
    // for the fin r1c8 (box 3, grouped with r1c7 and r1c9: 5.4 + 0.3).
    (
        "080304000045020370002000000700090500010040020004080001000000700079030410000806050",
        Technique::FinnedSwordfish,
        5.7,
        "r2c9#9",
        "",
    ),
    // diabolical, line 28. 7 in rows 2, 5, 9 lies in columns 3, 6, 8 but for
    // the fin r9c2 (alone in box 7: three strong links, 5.4); r9c3 is filled.
    (
        "000030600040800901006700005083000200600040008005000490900005800501008030004090000",
        Technique::SashimiSwordfish,
        5.4,
        "r7c3#7",
        "",
    ),
    // diabolical, line 843 (SE 6.6). 6 in rows 2, 4, 6, 7 lies in columns
    // 1, 3, 6, 9 but for the fins r2c7, r2c8 (box 3): 5.8 + 0.3.
    (
        "927580000030000000008030920040002009801000402300700010014050800000000090000063251",
        Technique::FinnedJellyfish,
        6.1,
        "r1c9#6",
        "",
    ),
];

fn named(layout: &Layout, list: &[(CellId, Symbol)]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|&(c, s)| format!("{}#{s}", cell_name(layout, c))).collect();
    out.sort();
    out
}

fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    out.sort();
    out
}

#[test]
fn each_technique_as_the_hardest_step() {
    let layout = Layout::classic(3).unwrap();
    for &(text, technique, se, eliminations, placements) in HARDEST {
        let givens = line::parse(&layout, text).unwrap();
        let solution = Solver::new(&layout).solve(&givens).unwrap();
        let rating = check_steps(&layout, &givens, &solution);
        assert!(rating.solved, "{text}");
        assert_eq!(rating.se, se, "{text}: {:?}", rating.hardest);
        let step = rating.steps.iter().find(|s| s.rating == rating.se).unwrap();
        assert_eq!(step.technique, technique, "{text}: {}", step.explain(&layout));
        assert_eq!(named(&layout, &step.eliminations), words(eliminations), "{text}");
        assert_eq!(named(&layout, &step.placements), words(placements), "{text}");
    }
}

/// Colouring finds what Sudoku Explainer reads as three strong links; a
/// sashimi Swordfish (tried first, at the same rating) often finds it too,
/// as on these puzzles: `(puzzle, technique, rating, eliminations)` of the
/// colouring family on the board of the hardest step.
const COLOURED: &[(&str, Technique, f32, &str)] = &[
    // diabolical, line 172. The strong links of 1 r3c2=r3c4=r8c4=r8c5=r6c5=
    // r6c3 (three of them in rows: 5.4) colour r3c2 and r6c3 apart, and
    // r1c3 sees both. The solver takes the sashimi Swordfish of rows 3, 6,
    // 8 (fin r3c2), with the same elimination.
    (
        "300000050040600070507038600009000001053000960600000800005890702030005080090000006",
        Technique::ColourTrap,
        5.4,
        "r1c3#1",
    ),
    // diabolical, line 8. One colour of the 7s meets itself in row 8 (r8c1,
    // r8c4) and column 6 (r4c6, r7c6), so it is false everywhere. The
    // solver removes r2c2 first by a sashimi Swordfish.
    (
        "103070002000000040090005001020100503007000200405002060200800030050000000800020709",
        Technique::ColourWrap,
        5.4,
        "r2c2#7 r3c8#7 r4c6#7 r6c9#7 r7c6#7 r8c1#7 r8c4#7",
    ),
];

#[test]
fn colouring_finds_three_strong_links() {
    let layout = Layout::classic(3).unwrap();
    for &(text, technique, se, eliminations) in COLOURED {
        let givens = line::parse(&layout, text).unwrap();
        let solution = Solver::new(&layout).solve(&givens).unwrap();
        let rating = check_steps(&layout, &givens, &solution);
        let mut board = Board::new(&layout, &givens).unwrap().assume_unique();
        for step in rating.steps.iter().take_while(|s| s.rating < rating.se) {
            board.apply(step);
        }
        let step = colouring::three_links(&board, u64::MAX).unwrap();
        assert_eq!((step.technique, step.rating), (technique, se), "{text}: {}", step.explain(&layout));
        assert_eq!(named(&layout, &step.eliminations), words(eliminations), "{text}");
        assert!(step.eliminations.iter().all(|&(c, s)| solution[c.index()] != s));
    }
}

#[test]
fn uniqueness_techniques_need_a_unique_puzzle() {
    let layout = Layout::classic(3).unwrap();
    // hard, line 10: a unique rectangle is its hardest step; without the
    // flag, other (harder) techniques take its place.
    let givens = line::parse(&layout, HARDEST[10].0).unwrap();
    let mut board = Board::new(&layout, &givens).unwrap();
    let mut hardest: f32 = 0.0;
    while let Some(step) = next_step(&board) {
        assert!(!matches!(step.technique, Technique::UniqueRectangle1 | Technique::BugPlusOne), "{step:?}");
        hardest = hardest.max(step.rating);
        board.apply(&step);
    }
    assert!(hardest > 4.5);
    assert_eq!(rate(&layout, &givens).unwrap().hardest, Some(Technique::UniqueRectangle1));
}

/// A forum "hardest" puzzle, published SE 11 or more
/// (`shared/data/bench/puzzles5_forum_hardest_1905_11plus.txt`, line 1).
const FORUM_11: &str = "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2";

#[test]
fn a_rater_out_of_budget_ranks_the_puzzle_above_all_it_rated() {
    let layout = Layout::classic(3).unwrap();
    let givens = line::parse(&layout, FORUM_11).unwrap();
    let rating = rate_with(&layout, &givens, RateConfig { budget: 1_000 }).unwrap();
    assert!(!rating.solved && rating.at_least);
    assert_eq!(rating.level, Level::Beyond);
    // It was searching SE 9.0 when the budget ran out: no easier step was
    // left, so the puzzle is at least that, whatever the steps before.
    assert!(rating.se >= 9.0, "{}", rating.se);
    assert!(Level::Beyond > Level::Extreme && Level::Beyond < Level::NeedsGuessing);
    assert!(rating.nodes >= 1_000);
}

#[test]
fn a_puzzle_with_many_solutions_needs_guessing() {
    let layout = Layout::classic(3).unwrap();
    // The hardest puzzle without its last given has many solutions.
    let mut givens = line::parse(&layout, FORUM_11).unwrap();
    givens[80] = None;
    let rating = rate(&layout, &givens).unwrap();
    assert_eq!((rating.level, rating.solved), (Level::NeedsGuessing, false));
}

#[test]
fn nested_forcing_chains_agree_with_the_solution() {
    let layout = Layout::classic(3).unwrap();
    let givens = line::parse(&layout, FORUM_11).unwrap();
    let solution = Solver::new(&layout).solve(&givens).unwrap();
    let mut rater = Rater::new(&layout, &givens, RateConfig { budget: 3_000_000 }).unwrap();
    let mut nested = 0;
    while let Some(step) = rater.step() {
        let text = step.explain(&layout);
        for &(c, s) in &step.eliminations {
            assert_ne!(solution[c.index()], s, "{text}");
        }
        for &(c, s) in &step.placements {
            assert_eq!(solution[c.index()], s, "{text}");
        }
        if let Technique::NestedForcingChain { level, .. } = step.technique {
            nested += 1;
            assert!(step.rating >= 8.5 + 0.5 * f32::from(level), "{text}");
            assert!(!step.links.is_empty() && step.complexity > 0, "{text}");
            assert!(text.contains(step.technique.name()), "{text}");
        }
    }
    let rating = rater.finish();
    // Either it got through (with nested chains), or it says it stopped.
    assert!(nested > 0 || rating.level == Level::Beyond, "{rating:?}");
    assert!(rating.se >= 9.0);
}
