//! Playing the release build in a real browser.

use pseudoku_core::generate::{generate, GenerateConfig};
use pseudoku_core::layout::Layout;
use pseudoku_core::solver::Solver;
use pseudoku_core::symbol::Symbol;
use pseudoku_e2e::{keys, App, Cell};
use serde_json::json;

fn first(cells: &[Cell], given: bool) -> usize {
    cells.iter().position(|c| c.given == given).expect("a puzzle has givens and empty cells")
}

/// A digit different from `c`'s.
fn other_digit(c: &Cell) -> &'static str {
    if c.value == Some('1') {
        "2"
    } else {
        "1"
    }
}

#[test]
fn the_page_loads_and_shows_81_cells() {
    let app = App::open();
    let cells = app.cells();
    assert_eq!(cells.len(), 81);
    assert!(app.exists("svg[role=grid][viewBox]"), "an ARIA grid drawn in a scalable SVG");
    assert_eq!(app.session.find_all("[role=row]").unwrap().len(), 9);
    for (i, cell) in cells.iter().enumerate() {
        assert_eq!((cell.row, cell.col), (i / 9, i % 9));
        let place = format!("row {} column {}, ", i / 9 + 1, i % 9 + 1);
        assert!(cell.label.starts_with(&place), "{:?}", cell.label);
        match cell.value {
            Some(v) => assert!(cell.label.contains(&format!(", {v}")), "{:?}", cell.label),
            None => assert!(cell.label.ends_with(", empty"), "{:?}", cell.label),
        }
    }
    assert!(cells.iter().all(|c| c.given == c.value.is_some()), "a new puzzle shows only its givens");
    assert!(cells.iter().filter(|c| c.given).count() >= 17);
    assert!(app.status().contains("to fill"), "{}", app.status());
    assert!(!app.exists("#boot"), "the loading message is gone");
    app.screenshot("loads");

    // At phone width the grid still fits, with no sideways scrolling.
    app.session.set_window_size(390, 844).unwrap();
    let fit = app
        .session
        .execute(
            "const r = document.querySelector('svg.board').getBoundingClientRect();
             return [r.width, window.innerWidth, document.documentElement.scrollWidth];",
            json!([]),
        )
        .unwrap();
    let [board, inner, scroll] = [0, 1, 2].map(|i| fit[i].as_f64().unwrap());
    assert!(scroll <= inner && board <= inner && board > 0.8 * inner, "board {board}, window {inner}, page {scroll}");
    app.screenshot("loads-phone");
}

#[test]
fn a_digit_typed_into_the_selected_cell_appears() {
    let app = App::open();
    let empty = first(&app.cells(), false);
    app.click_cell(empty);
    app.press(["7"]);
    app.wait_until("the 7 to appear", || app.cell(empty).value == Some('7'));
    assert!(app.cell(empty).label.ends_with(", 7") || app.cell(empty).label.contains(", 7,"));
    app.screenshot("typed-digit");
    app.press([keys::BACKSPACE]);
    app.wait_until("Backspace to clear it", || app.cell(empty).value.is_none());
    app.press(["3", keys::DELETE]);
    app.wait_until("Delete to clear it", || app.cell(empty).value.is_none());
}

#[test]
fn a_conflicting_digit_is_marked() {
    let app = App::open();
    let cells = app.cells();
    // An empty cell and a given in the same row.
    let (empty, given) = (0..81)
        .filter(|&i| !cells[i].given)
        .find_map(|e| (0..9).map(|c| cells[e].row * 9 + c).find(|&g| cells[g].given).map(|g| (e, g)))
        .expect("some row has a given and an empty cell");
    let digit = cells[given].value.unwrap().to_string();
    app.click_cell(empty);
    app.press([digit.as_str()]);
    app.wait_until("both cells to be marked", || {
        let cells = app.cells();
        cells[empty].conflict && cells[given].conflict
    });
    assert!(app.cell(empty).label.ends_with(", conflict"), "{}", app.cell(empty).label);
    // The other marked cells (a given in the same column or box may also
    // hold the digit) are all givens with that digit.
    let marked: Vec<Cell> = app.cells().into_iter().filter(|c| c.conflict).collect();
    assert!(marked.iter().all(|c| c.value == cells[given].value), "{marked:?}");
    assert!(marked.iter().filter(|c| !c.given).count() == 1, "{marked:?}");
    assert!(app.status().contains("break a rule"), "{}", app.status());
    assert!(app.exists(".conflict-mark"), "a mark that is not only colour");
    app.screenshot("conflict");
    app.press([keys::BACKSPACE]);
    app.wait_until("the marks to go", || app.cells().iter().all(|c| !c.conflict));
}

#[test]
fn entering_the_full_solution_shows_solved() {
    let app = App::open();
    let cells = app.cells();
    let givens: Vec<Option<Symbol>> = cells.iter().map(|c| c.value.and_then(Symbol::from_char)).collect();
    let layout = Layout::classic(3).unwrap();
    let solution = Solver::new(&layout).solve(&givens).expect("the puzzle has a solution");

    // Walk the grid with the arrow keys, typing into every empty cell.
    let digits: Vec<String> = solution.iter().map(Symbol::to_string).collect();
    let mut typed: Vec<&str> = Vec::new();
    for row in 0..9 {
        for col in 0..9 {
            let i = row * 9 + col;
            if !cells[i].given {
                typed.push(&digits[i]);
            }
            if col < 8 {
                typed.push(keys::RIGHT);
            }
        }
        if row < 8 {
            typed.push(keys::DOWN);
            typed.extend([keys::LEFT; 8]);
        }
    }
    app.click_cell(0);
    assert!(!app.status().contains("Solved"));
    app.press(typed);
    app.wait_until("the solved state", || app.status().contains("Solved"));
    assert!(app.exists("svg.board.solved"));
    let shown: String = app.cells().iter().map(|c| c.value.unwrap_or('.')).collect();
    assert_eq!(shown, digits.concat());
    app.screenshot("solved");
}

#[test]
fn a_given_cannot_be_overwritten() {
    let app = App::open();
    let cells = app.cells();
    let given = first(&cells, true);
    let before = cells[given].value;
    app.click_cell(given);
    app.press([other_digit(&cells[given]), keys::BACKSPACE, keys::DELETE]);
    // Prove the keys were handled: move on and type into an empty cell.
    let empty = first(&cells, false);
    app.click_cell(empty);
    app.press(["5"]);
    app.wait_until("the 5 in the empty cell", || app.cell(empty).value == Some('5'));
    assert_eq!(app.cell(given).value, before);
    let element = app.session.find(&format!("#cell-{given}")).unwrap();
    assert_eq!(app.session.attribute(&element, "aria-readonly").unwrap().as_deref(), Some("true"));
    app.screenshot("given-unchanged");
}

#[test]
fn progress_survives_a_reload() {
    let app = App::open();
    let empty = first(&app.cells(), false);
    app.click_cell(empty);
    app.press(["4"]);
    app.wait_until("the 4", || app.cell(empty).value == Some('4'));
    let url = app.session.current_url().unwrap();
    assert!(url.contains("#p="), "a newcomer's easy puzzle is named by its link: {url}");
    let givens: Vec<_> = app.cells().iter().map(|c| c.given).collect();
    app.session.refresh().unwrap();
    app.wait_for_grid();
    assert_eq!(app.cell(empty).value, Some('4'));
    assert_eq!(app.cells().iter().map(|c| c.given).collect::<Vec<_>>(), givens);
}

#[test]
fn a_seed_link_opens_that_puzzle() {
    let app = App::open_at("#seed=12345");
    let layout = Layout::classic(3).unwrap();
    let expected = generate(&layout, &GenerateConfig::default(), 12345).unwrap();
    let shown: Vec<Option<Symbol>> = app.cells().iter().map(|c| c.value.and_then(Symbol::from_char)).collect();
    assert_eq!(shown, expected.givens, "the browser makes the same puzzle from a seed as the core");
    let seed = app.session.find(".seed a").unwrap();
    assert_eq!(app.session.text(&seed).unwrap(), "#12345");

    // "New puzzle" makes another one, with a new seed in the URL.
    app.click_css(".new-puzzle summary");
    let new = app.session.find("button.new").unwrap();
    app.session.click(&new).unwrap();
    app.wait_until("a new puzzle", || !app.session.current_url().unwrap().ends_with("#seed=12345"));
    assert_ne!(
        app.cells().iter().map(|c| c.value).collect::<Vec<_>>(),
        shown.iter().map(|s| s.and_then(Symbol::to_char)).collect::<Vec<_>>()
    );
}

#[test]
fn a_broken_save_shows_a_message_not_a_blank_page() {
    let app = App::open();
    // Damage the saved game of this puzzle (the one key that is neither the
    // last puzzle nor the recent list).
    let damaged = app
        .session
        .execute(
            "const k = Object.keys(localStorage).filter(k => k.startsWith('pseudoku.sudoku.')
                 && !k.endsWith('.last') && !k.endsWith('.recent'));
             k.forEach(k => localStorage.setItem(k, '{broken'));
             return k.length;",
            json!([]),
        )
        .unwrap();
    assert_eq!(damaged, json!(1));
    app.session.refresh().unwrap();
    app.wait_for_grid();
    let alert = app.session.find("[role=alert]").expect("a notice");
    let text = app.session.text(&alert).unwrap();
    assert!(text.contains("could not be read"), "{text}");
    app.screenshot("broken-save");
}
