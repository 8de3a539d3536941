//! Steps drawn on the board as sudokuwiki draws them, in a real browser: a
//! wing, a fish, a loop and a forcing chain, each checked against the
//! engine's own step (its pattern cells, the candidates it removes struck
//! out, its houses outlined, a chain's links as arrows of the right kind in
//! order); and "Show me", "Next step" and "Back" walking the solve path.

use std::collections::BTreeSet;

use pseudoku_core::format::link::encode_sudoku;
use pseudoku_core::format::{line, Variant};
use pseudoku_core::logic::{next_step, Board, LinkKind, Step};
use pseudoku_e2e::App;
use serde_json::{json, Value};

/// Grids (entries as givens) whose easiest next step is a wing, a fish, a
/// loop and a forcing chain: puzzles of `shared/data/rated/`, their singles
/// played (found with `pseudoku hint --json`).
const WING: &str = "964821735005697000871000269493286157587000326010375090040000570708060900109700603";
const FISH: &str = "203108500060000020000020000630810254082000960005002308956734182800251639321986005";
const LOOP: &str = "347128569610300728008700431800072610006503890004080250483259176792000385561837942";
const FORCING: &str = "054100070000400053030500200000800009002619500900704000001085090800067000070041860";

/// Opens `line` and asks for its hint in full; the engine's step beside it.
fn hint_in_full(line_text: &str) -> (App, Step) {
    let plain: Variant = "size 9\n".parse().unwrap();
    let givens = line::parse(plain.layout(), line_text).unwrap();
    let step = next_step(&Board::new(plain.layout(), &givens).unwrap().assume_unique()).expect("a step");
    let variant = plain.with_givens(Some(givens)).unwrap();
    let app = App::open_at(&format!("#p={}", encode_sudoku(&variant).unwrap()));
    app.wait_until("the board", || app.exists("#cell-80"));
    app.click_css("button.hint");
    app.wait_until("the nudge", || app.text_of(".hint-text").starts_with("Look for"));
    assert!(!app.exists(".step-drawing"), "a nudge draws nothing");
    app.click_css("button.hint");
    app.wait_until("the step drawn", || app.exists(".step-drawing"));
    (app, step)
}

/// The candidates drawn with `class` (`pattern` or `struck`), as (cell, symbol).
fn drawn(app: &App, class: &str) -> BTreeSet<(usize, char)> {
    let script = "return Array.from(document.querySelectorAll('.cand.' + arguments[0])).map(e =>
        [Number(e.closest('[role=gridcell]').id.slice(5)), e.dataset.cand]);";
    let list = app.session.execute(script, json!([class])).unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap() as usize, p[1].as_str().unwrap().chars().next().unwrap()))
        .collect()
}

fn candidates(list: &[(pseudoku_core::layout::CellId, pseudoku_core::symbol::Symbol)]) -> BTreeSet<(usize, char)> {
    list.iter().map(|&(c, s)| (c.index(), s.to_char().unwrap())).collect()
}

/// The arrows drawn, in order: kind, from and to (`cell:symbol`), the
/// dashes their line is drawn with, and whether each has its number.
fn arrows(app: &App) -> Vec<Value> {
    let script = "return Array.from(document.querySelectorAll('.step-drawing .link')).map(e => ({
        kind: e.dataset.link, from: e.dataset.from, to: e.dataset.to, order: Number(e.dataset.order),
        dash: getComputedStyle(e.querySelector('path')).strokeDasharray,
        numbered: e.querySelector('text.link-number') !== null,
    }));";
    app.session.execute(script, json!([])).unwrap().as_array().unwrap().clone()
}

/// The struck candidates and the houses outlined are the step's.
fn check_changes(app: &App, step: &Step) {
    assert_eq!(drawn(app, "struck"), candidates(&step.eliminations), "{:?}: the removed candidates", step.technique);
    assert_eq!(app.session.find_all(".step-house").unwrap().len(), step.houses.len(), "a house outlined each");
    let placed = app.session.find_all("text.placed").unwrap().len();
    assert_eq!(placed, step.placements.len(), "the values placed");
}

/// A pattern's cells hold its candidates drawn in the pattern's colour.
fn check_pattern(app: &App, step: &Step) {
    let pattern = drawn(app, "pattern");
    let cells: BTreeSet<usize> = pattern.iter().map(|p| p.0).collect();
    let want: BTreeSet<usize> = step.cells.iter().map(|c| c.index()).collect();
    assert_eq!(cells, want, "{:?}: the pattern's cells", step.technique);
    assert!(pattern.iter().all(|&(_, s)| step.symbols.iter().any(|t| t.to_char() == Some(s))));
    assert!(arrows(app).is_empty(), "a pattern, not a chain");
}

/// A chain's links are drawn in order, as arrows from candidate to candidate,
/// strong solid, weak dashed, numbered when the chain is long.
fn check_links(app: &App, step: &Step) {
    let drawn = arrows(app);
    assert_eq!(drawn.len(), step.links.len(), "{:?}: one arrow a link", step.technique);
    let name = |(c, s): (pseudoku_core::layout::CellId, pseudoku_core::symbol::Symbol)| {
        format!("{}:{}", c.index(), s.to_char().unwrap())
    };
    let numbered = step.links.len() > 5;
    for (i, (arrow, link)) in drawn.iter().zip(&step.links).enumerate() {
        assert_eq!(arrow["kind"], link.kind.name(), "link {i}");
        assert_eq!(arrow["from"], name(link.from), "link {i}");
        assert_eq!(arrow["to"], name(link.to), "link {i}");
        assert_eq!(arrow["order"], i + 1);
        let dashed = arrow["dash"] != "none";
        assert_eq!(dashed, link.kind != LinkKind::Strong, "link {i}: {arrow}");
        assert_eq!(arrow["numbered"], numbered, "link {i}");
    }
    // The chain's own candidates are drawn in the pattern's colour, those
    // it removes struck out.
    let pattern = crate::drawn(app, "pattern");
    for link in &step.links {
        for (c, s) in [link.from, link.to] {
            let end = (c.index(), s.to_char().unwrap());
            assert!(pattern.contains(&end) || step.eliminations.contains(&(c, s)), "{end:?} is drawn");
        }
    }
}

#[test]
fn a_wing_is_drawn_with_its_cells_and_what_it_removes() {
    let (app, step) = hint_in_full(WING);
    assert!(step.technique.to_string().contains("Wing"), "{}", step.technique);
    check_pattern(&app, &step);
    check_changes(&app, &step);
    app.screenshot("step-wing");
}

#[test]
fn a_fish_is_drawn_with_its_corners_and_what_it_removes() {
    let (app, step) = hint_in_full(FISH);
    assert_eq!(step.technique.to_string(), "X-Wing");
    check_pattern(&app, &step);
    check_changes(&app, &step);
    app.screenshot("step-fish");
}

#[test]
fn a_loop_is_drawn_as_arrows_round_the_loop() {
    let (app, step) = hint_in_full(LOOP);
    assert!(step.technique.to_string().contains("cycle"), "{}", step.technique);
    check_links(&app, &step);
    check_changes(&app, &step);
    let drawn = arrows(&app);
    assert_eq!(drawn.first().unwrap()["from"], drawn.last().unwrap()["to"], "the loop closes");
    app.screenshot("step-loop");
}

#[test]
fn a_forcing_chain_is_drawn_as_numbered_arrows() {
    let (app, step) = hint_in_full(FORCING);
    assert!(step.technique.to_string().contains("forcing"), "{}", step.technique);
    check_links(&app, &step);
    check_changes(&app, &step);
    app.screenshot("step-forcing-chain");
}

#[test]
fn show_me_next_step_and_back_walk_the_solve_path() {
    let (app, step) = hint_in_full(FISH);
    let struck = candidates(&step.eliminations);
    let labels = |app: &App| app.cells().into_iter().map(|c| c.label).collect::<Vec<_>>();
    let before = labels(&app);
    // Show me: the step is applied, its candidates gone from the cells.
    app.click_css("button.show-me");
    app.wait_until("the step applied", || !app.exists(".step-drawing"));
    let applied = labels(&app);
    for &(cell, symbol) in &struck {
        let label = &applied[cell];
        let marks = label.split(", candidates ").nth(1).unwrap_or_default();
        assert!(!marks.contains(symbol) && !marks.is_empty(), "{label}: {symbol} is gone");
    }
    // Back: the grid as it was, the step drawn again.
    app.click_css("button.step-back");
    app.wait_until("the step again", || app.exists(".step-drawing"));
    assert_eq!(drawn(&app, "struck"), struck);
    // Next step: applies it and draws the next one; again, and the grid
    // has moved on twice; Back twice returns to the start.
    app.click_css("button.next-step");
    app.wait_until("the next step", || app.exists(".step-drawing") && drawn(&app, "struck") != struck);
    let second = app.text_of(".hint-text");
    app.click_css("button.next-step");
    app.wait_until("the third step", || app.exists(".step-drawing") && app.text_of(".hint-text") != second);
    app.click_css("button.step-back");
    app.wait_until("the second step again", || app.text_of(".hint-text") == second);
    app.click_css("button.step-back");
    app.wait_until("the first step again", || drawn(&app, "struck") == struck);
    // Back at the start: nothing further back, the grid as it was.
    assert!(app.exists("button.step-back[disabled]"), "nothing further back");
    assert_eq!(labels(&app), before, "the grid as it was, the first step drawn");
    app.screenshot("steps-walked");
}

#[test]
fn candidates_are_drawn_in_place_or_as_centre_marks_and_the_choice_is_kept() {
    let plain: Variant = "size 9\n".parse().unwrap();
    let givens = line::parse(plain.layout(), FISH).unwrap();
    let variant = plain.with_givens(Some(givens)).unwrap();
    let fragment = format!("#p={}", encode_sudoku(&variant).unwrap());
    let app = App::open_at(&fragment);
    app.wait_until("the board", || app.exists("#cell-80"));
    app.click_css("button.auto");
    app.wait_until("candidates in place", || app.exists(".cand"));
    assert!(!app.exists("text.centre"), "no centre string while in place");
    // In place: 1 top left, 9 bottom right of its cell.
    let script = "const c = document.querySelector('.cand[data-cand]').closest('[role=gridcell]');
        const b = c.querySelector('.bg').getBBox();
        return Array.from(c.querySelectorAll('.cand')).map(e => {
            const t = e.querySelector('text').getBBox();
            return [e.dataset.cand, (t.x + t.width / 2 - b.x) / b.width, (t.y + t.height / 2 - b.y) / b.height];
        });";
    let spots = app.session.execute(script, json!([])).unwrap();
    for spot in spots.as_array().unwrap() {
        let s = spot[0].as_str().unwrap().chars().next().unwrap().to_digit(10).unwrap() as usize - 1;
        let (x, y) = (spot[1].as_f64().unwrap(), spot[2].as_f64().unwrap());
        let want = ((s % 3) as f64 / 3.0 + 1.0 / 6.0, (s / 3) as f64 / 3.0 + 1.0 / 6.0);
        assert!((x - want.0).abs() < 0.08 && (y - want.1).abs() < 0.08, "{spot}: in its third of the cell");
    }
    app.click_css("input.positional");
    app.wait_until("centre marks", || app.exists("text.centre") && !app.exists(".cand"));
    // The choice is kept with the other settings: read back after a reload.
    app.session.execute("location.reload()", json!([])).unwrap();
    app.wait_until("the board again", || app.exists("#cell-80"));
    let checked = app.session.execute("return document.querySelector('input.positional').checked", json!([])).unwrap();
    assert_eq!(checked, json!(false), "the setting was stored and read back");
    app.wait_until("centre marks again", || app.exists("text.centre") && !app.exists(".cand"));
}
