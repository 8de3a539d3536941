//! Hints and difficulty in a real browser: the nudge then the full step of
//! a naked pair, a wrong entry caught before any step, the rating shown.

use pseudoku_core::format::link::encode_sudoku;
use pseudoku_core::format::{line, Variant};
use pseudoku_core::logic::{next_step, Board, Technique};
use pseudoku_core::solver::Solver;
use pseudoku_e2e::App;
use serde_json::json;

/// Rated 3.0 (a naked pair) by Sukaku Explainer: the Sudoku Exchange puzzle
/// bank, `shared/data/rated/hard.first1000.txt`.
const NAKED_PAIR: &str = "000050000000206000064000390045000810000020000000107000053000980090804060100030004";

fn open(text: &str) -> (App, Variant) {
    let plain: Variant = "size 9\n".parse().unwrap();
    let givens = line::parse(plain.layout(), text).unwrap();
    let variant = plain.with_givens(Some(givens)).unwrap();
    let app = App::open_at(&format!("#p={}", encode_sudoku(&variant).unwrap()));
    app.wait_until("the board", || app.exists("#cell-80"));
    (app, variant)
}

/// Types values into cells with in-page key presses.
fn enter(app: &App, moves: &[(usize, char)]) {
    let moves: Vec<(usize, String)> = moves.iter().map(|&(c, s)| (c, s.to_string())).collect();
    let script = "
        for (const [cell, key] of arguments[0]) {
            const el = document.getElementById('cell-' + cell);
            el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));
            el.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, button: 0}));
            document.dispatchEvent(new KeyboardEvent('keydown', {key, code: 'Digit' + key, bubbles: true}));
        }";
    app.session.execute(script, json!([moves])).unwrap();
}

#[test]
fn a_naked_pair_hint_nudges_then_shows_its_cells() {
    let (app, variant) = open(NAKED_PAIR);
    // Play the placements the engine finds first, up to the naked pair. The
    // page knows only values, so each step is found from the values alone,
    // as the hint's worker does.
    let layout = variant.layout();
    let mut values = variant.givens().unwrap().to_vec();
    let mut moves = Vec::new();
    let pair = loop {
        let board = Board::new(layout, &values).unwrap();
        let step = next_step(&board).expect("the pair comes before the end");
        if step.technique == Technique::NakedPair {
            break step;
        }
        assert!(!step.placements.is_empty(), "a step before the pair places a value: {:?}", step.technique);
        for &(c, s) in &step.placements {
            values[c.index()] = Some(s);
            moves.push((c.index(), s.to_char().unwrap()));
        }
    };
    enter(&app, &moves);
    let last = moves.last().unwrap().0;
    app.wait_until("the singles", || app.cell(last).value.is_some());
    app.wait_until("the rating", || app.text_of(".difficulty").contains("SE 3.0"));
    app.click_css("button.hint");
    app.wait_until("the nudge", || app.text_of(".hint-text").starts_with("Look for a naked pair in"));
    assert!(app.exists(".cell.hint-house"), "the house to look at is shaded");
    assert!(!app.exists(".cell.hint-pattern"), "a nudge does not give the cells away");
    app.click_css("button.hint");
    app.wait_until("the whole step", || app.text_of(".hint-text").contains("naked pair"));
    let text = app.text_of(".hint-text");
    assert!(text.contains("so remove"), "{text}");
    let shown = app.session.find_all(".cell.hint-pattern").unwrap().len();
    assert_eq!(shown, pair.cells.len(), "the pair's cells are marked");
    let eliminated: std::collections::BTreeSet<usize> = pair.eliminations.iter().map(|e| e.0.index()).collect();
    assert_eq!(app.session.find_all(".cell.hint-eliminated").unwrap().len(), eliminated.len());
    app.screenshot("hint-naked-pair");
}

#[test]
fn a_wrong_entry_is_caught_before_any_step() {
    let (app, variant) = open(NAKED_PAIR);
    let layout = variant.layout();
    let solution = Solver::new(layout).solve(variant.givens().unwrap()).unwrap();
    let cell = (0..81).find(|&c| variant.givens().unwrap()[c].is_none()).unwrap();
    let wrong = char::from_digit(((solution[cell].index() + 1) % 9 + 1) as u32, 10).unwrap();
    app.wait_until("the rating", || app.text_of(".difficulty").contains("SE"));
    enter(&app, &[(cell, wrong)]);
    app.wait_until("the entry", || app.cell(cell).value == Some(wrong));
    app.click_css("button.hint");
    app.wait_until("the hint", || app.text_of(".hint-text").contains("wrong value"));
    assert!(app.exists(&format!("#cell-{cell}.hint-wrong")), "the wrong cell is marked");
    app.screenshot("hint-wrong-entry");
}
