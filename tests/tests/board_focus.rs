//! The sudoku board's keyboard focus in a real browser: a cell clicked
//! takes the focus into the grid (the board's cells are patched in place,
//! not replaced, when the selection changes), and the focus follows the
//! selection as the arrow keys move it; a double click selects every cell
//! with the same digit, and W A S D move as the arrows do.

use pseudoku_e2e::App;
use serde_json::json;

/// The id of the focused element, and whether it is inside the grid.
fn focused(app: &App) -> (String, bool) {
    let script = "const e = document.activeElement; return [e ? e.id : '', !!(e && e.closest('[role=grid]'))]";
    let answer = app.session.execute(script, json!([])).unwrap();
    (answer[0].as_str().unwrap_or_default().to_owned(), answer[1].as_bool().unwrap_or(false))
}

#[test]
fn a_clicked_cell_takes_the_focus_and_the_focus_follows_the_arrows() {
    let app = App::open_at("#seed=3");
    app.wait_until("the board", || app.exists("#cell-80"));
    app.session.execute("window.__cells = [...document.querySelectorAll('[role=gridcell]')]", json!([])).unwrap();
    app.click_cell(30);
    app.wait_until("the focus inside the grid", || focused(&app).1);
    assert!(app.exists(".board:focus-within .cursor"), "the cursor drawn as focused");
    let kept = app.session.execute("return window.__cells.filter(e => e.isConnected).length", json!([])).unwrap();
    assert!(kept.as_u64().unwrap() >= 72, "most cells' elements kept, not replaced: {kept}");
    app.press(["\u{E014}", "\u{E015}"]); // ArrowRight, ArrowDown
    let selected = app.cells().iter().position(|c| c.selected).expect("a selected cell");
    app.wait_until("the focus to follow the selection", || focused(&app).0 == format!("cell-{selected}"));
}

#[test]
fn a_double_click_selects_the_same_digit_and_wasd_moves() {
    let app = App::open_at("#seed=3");
    app.wait_until("the board", || app.exists("#cell-80"));
    let cells = app.cells();
    let given = cells.iter().position(|c| c.given).expect("a given");
    let digit = cells[given].value;
    let same = cells.iter().filter(|c| c.value == digit).count();
    assert!(same >= 2, "seed 3 has the digit twice");
    // Two presses on the cell, one right after the other.
    let script = "const r = document.querySelector(`#cell-${arguments[0]} .bg`).getBoundingClientRect(); \
                  return [r.x + r.width / 2, r.y + r.height / 2]";
    let at = app.session.execute(script, json!([given])).unwrap();
    let point = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    app.session.pointer_stroke(&[point]).unwrap();
    app.session.pointer_stroke(&[point]).unwrap();
    app.wait_until("every cell with that digit selected", || app.cells().iter().filter(|c| c.selected).count() == same);
    assert!(app.cells().iter().filter(|c| c.selected).all(|c| c.value == digit));
    // D moves right, as the right arrow does (the selection becomes one cell).
    let empty = cells.iter().position(|c| !c.given && c.col < 8).expect("an empty cell not on the right edge");
    app.click_cell(empty);
    app.press(["d"]);
    app.wait_until("the selection to move right", || app.cell(empty + 1).selected);
    assert_eq!(app.cells().iter().filter(|c| c.selected).count(), 1);
}
