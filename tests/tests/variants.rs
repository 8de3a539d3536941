//! The sudoku player for every variant, in a real browser: each opens from
//! its link, shows its cells and givens, and is played to "solved".

use pseudoku_core::format::link::encode_sudoku;
use pseudoku_core::format::Variant;
use pseudoku_core::generate::{generate, GenerateConfig};
use pseudoku_core::layout::Layout;
use pseudoku_core::solver::Solver;
use pseudoku_e2e::{keys, App};
use serde_json::json;

fn example(name: &str) -> Variant {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../examples/variants/{name}.txt"));
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

/// A generated classic puzzle of `n` symbols (boxes as square as can be).
fn classic(n: usize, seed: u64) -> Variant {
    let base: Variant = format!("size {n}\n").parse().unwrap();
    let made = generate(base.layout(), &GenerateConfig::default(), seed).unwrap();
    base.with_givens(Some(made.givens)).unwrap()
}

fn open(variant: &Variant) -> App {
    let app = App::open_at(&format!("#p={}", encode_sudoku(variant).unwrap()));
    let cells = variant.layout().cell_count();
    app.wait_until("every cell", || app.session.find_all("[role=gridcell]").unwrap().len() == cells);
    app
}

/// Selects each empty cell with a pointer press and types its symbol of
/// the engine's solution, as key presses dispatched in the page.
fn play_to_solved(app: &App, variant: &Variant, name: &str) {
    let layout: &Layout = variant.layout();
    let givens = variant.givens().unwrap();
    let solution = Solver::new(layout).solve(givens).expect("a solution");
    let moves: Vec<(usize, String)> = (0..layout.cell_count())
        .filter(|&c| givens[c].is_none())
        .map(|c| (c, solution[c].to_char().unwrap().to_string()))
        .collect();
    let script = "
        const moves = arguments[0];
        for (const [cell, key] of moves) {
            const el = document.getElementById('cell-' + cell);
            el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0, pointerType: 'mouse'}));
            el.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, button: 0, pointerType: 'mouse'}));
            const code = /[0-9]/.test(key) ? 'Digit' + key : 'Key' + key;
            document.dispatchEvent(new KeyboardEvent('keydown', {key, code, bubbles: true, cancelable: true}));
        }";
    app.session.execute(script, json!([moves])).unwrap();
    app.wait_until(&format!("{name} solved"), || app.status().starts_with("Solved"));
    let shot = app.screenshot(&format!("variant-{name}"));
    let png = std::fs::read(shot).unwrap();
    assert!(png.len() > 15_000, "{name}: the screenshot is not blank ({} bytes)", png.len());
}

fn check_variant(variant: Variant, name: &str) {
    let app = open(&variant);
    let givens = variant.givens().unwrap().iter().filter(|g| g.is_some()).count();
    let shown = app.session.find_all(".cell.given").unwrap().len();
    assert_eq!(shown, givens, "{name}: every given is shown");
    let labels = app
        .session
        .execute(
            "return Array.from(document.querySelectorAll('[role=gridcell]')).every(e => e.getAttribute('aria-label'))",
            json!([]),
        )
        .unwrap();
    assert_eq!(labels, json!(true), "{name}: every cell is labelled");
    play_to_solved(&app, &variant, name);
}

#[test]
fn classic_grids_from_4x4_to_25x25_play_to_solved() {
    for (n, seed) in [(4, 1), (6, 2), (9, 3), (16, 4), (25, 5)] {
        check_variant(classic(n, seed), &format!("classic-{n}x{n}"));
    }
}

#[test]
fn every_example_variant_plays_to_solved() {
    for name in [
        "boxes-12x12",
        "diagonal-9x9",
        "jigsaw-9x9",
        "samurai",
        "sudoku-mix",
        "triathlon",
        "sudoku-pie",
        "sudokualt-16x16-diagonal",
        "custom-knut-vik-5x5",
    ] {
        check_variant(example(name), name);
    }
}

#[test]
fn marks_undo_redo_and_a_reload_mid_game() {
    let variant = example("samurai");
    let app = open(&variant);
    let empty = (0..variant.layout().cell_count()).find(|&c| variant.givens().unwrap()[c].is_none()).unwrap();
    app.click_cell(empty);
    // Shift+digit: a corner mark; the Centre mode and a digit: a centre mark.
    app.session.press_chord(&["\u{E008}"], "3").unwrap();
    app.wait_until("a corner mark", || app.exists(&format!("#cell-{empty} text.corner")));
    app.click_css("button.mode:nth-child(3)");
    app.press(["4", "5"]);
    // Centre marks, drawn in place (the default) or as a string: the
    // cell's label names them either way.
    let marked = || {
        let label = app.cell(empty).label;
        label.contains("centre marks 45") || label.contains("candidates 45")
    };
    app.wait_until("centre marks", marked);
    app.click_css("button.mode:nth-child(1)");
    app.press(["7"]);
    app.wait_until("the value", || app.cell(empty).value == Some('7'));
    app.click_css("button.undo");
    app.wait_until("undo", || app.cell(empty).value.is_none());
    assert!(marked(), "the marks are back under the value: {}", app.cell(empty).label);
    app.click_css("button.redo");
    app.wait_until("redo", || app.cell(empty).value == Some('7'));
    app.screenshot("variant-marks");
    app.session.refresh().unwrap();
    app.wait_until("the game after the reload", || {
        app.exists(&format!("#cell-{empty}")) && app.cell(empty).value == Some('7')
    });
    app.click_css("button.undo");
    app.wait_until("undo after the reload", || app.cell(empty).value.is_none());
}

#[test]
fn making_a_puzzle_shows_progress_and_can_be_cancelled() {
    let app = open(&classic(9, 8));
    let before = app.session.current_url().unwrap();
    app.click_css(".new-puzzle summary");
    app.session
        .execute(
            "const s = document.querySelector('select.variant'); s.value = '6'; s.dispatchEvent(new Event('change'));",
            json!([]),
        )
        .unwrap();
    app.click_css("input.minimal");
    app.click_css("button.new");
    app.wait_until("progress", || app.exists(".making progress"));
    app.screenshot("variant-making");
    app.click_css("button.cancel");
    app.wait_until("the panel to go", || !app.exists(".making"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(app.session.current_url().unwrap(), before, "the game in play stays");
    assert_eq!(app.session.find_all("[role=gridcell]").unwrap().len(), 81);
    // A new 4×4 arrives and can be played.
    app.session
        .execute(
            "const s = document.querySelector('select.variant'); s.value = '1'; s.dispatchEvent(new Event('change'));",
            json!([]),
        )
        .unwrap();
    app.click_css("input.minimal");
    app.click_css("button.new");
    app.wait_until("a 4×4", || app.session.find_all("[role=gridcell]").unwrap().len() == 16);
}

#[test]
fn a_full_storage_and_a_damaged_link_leave_the_game_playable() {
    let variant = example("jigsaw-9x9");
    let app = open(&variant);
    app.session
        .execute(
            "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); }",
            json!([]),
        )
        .unwrap();
    let empty = (0..81).find(|&c| variant.givens().unwrap()[c].is_none()).unwrap();
    app.click_cell(empty);
    app.press(["2"]);
    app.wait_until("the storage message", || app.text_of("[role=alert]").contains("storage is full"));
    app.press([keys::BACKSPACE, "3"]);
    app.wait_until("play goes on", || app.cell(empty).value == Some('3'));
    let link = encode_sudoku(&variant).unwrap();
    app.session.execute(&format!("location.hash = '#p={}'", &link[..link.len() - 8]), json!([])).unwrap();
    app.wait_until("the link alert", || app.text_of(".link-alert").contains("could not be opened"));
    assert_eq!(app.cell(empty).value, Some('3'), "the game in progress is untouched");
}

#[test]
fn a_pasted_puzzle_is_played_and_a_bad_one_says_where() {
    let app = open(&classic(9, 2));
    app.click_css(".new-puzzle summary");
    app.click_css("textarea.paste-text");
    app.type_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x");
    app.click_css("button.use-paste");
    app.wait_until("an error", || app.text_of(".new-puzzle .error").contains("could not be read"));
    assert!(app.text_of(".new-puzzle .error").contains("character 81"), "{}", app.text_of(".new-puzzle .error"));
    // Mend the last character: End, Backspace, 9.
    app.click_css("textarea.paste-text");
    app.press(["\u{E010}", keys::BACKSPACE, "9"]);
    app.click_css("button.use-paste");
    app.wait_until("the pasted puzzle", || app.cell(0).value == Some('5') && app.cell(80).value == Some('9'));
}

#[test]
fn the_board_downloads_as_svg_and_png_and_the_theme_switches() {
    let app = open(&example("samurai"));
    // Catch the download links instead of saving files.
    app.session
        .execute("window.downloads = []; HTMLAnchorElement.prototype.click = function () { window.downloads.push([this.download, this.href]); };", json!([]))
        .unwrap();
    app.click_css("button.svg");
    app.click_css("button.png");
    app.wait_until("two downloads", || {
        app.session.execute("return window.downloads.length", json!([])).unwrap() == json!(2)
    });
    let downloads = app.session.execute("return window.downloads", json!([])).unwrap();
    assert_eq!(downloads[0][0], "pseudoku.svg");
    let svg = downloads[0][1].as_str().unwrap();
    let svg = app.session.execute("return decodeURIComponent(arguments[0].split(',')[1])", json!([svg])).unwrap();
    let svg = svg.as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("xmlns=\"http://www.w3.org/2000/svg\""), "{}", &svg[..80]);
    assert_eq!(svg.matches("role=\"gridcell\"").count(), 369, "every cell is in the file");
    assert!(svg.contains("style=\"fill:"), "styles are inlined");
    assert_eq!(downloads[1][0], "pseudoku.png");
    assert!(downloads[1][1].as_str().unwrap().starts_with("data:image/png;base64,"));

    // The theme button cycles system → light → dark, and the page follows.
    let background =
        || app.session.execute("return getComputedStyle(document.body).backgroundColor", json!([])).unwrap();
    app.prefer_dark(false);
    app.click_css("button.theme");
    app.click_css("button.theme");
    let theme = || {
        app.session
            .execute("const b = document.querySelector('button.theme'); return b && b.ariaLabel", json!([]))
            .unwrap()
    };
    app.wait_until("the dark theme", || theme() == json!("Colour theme: dark"));
    assert_eq!(background(), json!("rgb(18, 22, 29)"));
    app.screenshot("variant-dark-theme");
    app.session.refresh().unwrap();
    app.wait_until("the theme after a reload", || theme() == json!("Colour theme: dark"));
    assert_eq!(background(), json!("rgb(18, 22, 29)"), "the choice is remembered");
}
