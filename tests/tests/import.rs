//! Puzzles from f-puzzles and SudokuPad (issue 30) in a real browser: a
//! real link pasted into the paste box or opened as `#import=…` shows the
//! givens the engine reads from it; a puzzle with rules Pseudoku does not
//! play is named in an alert and the game on the table stays; the export
//! buttons carry links that read back (lz-string, then the JSON fields) as
//! the same puzzle.

use pseudoku_core::format::link::encode_sudoku;
use pseudoku_core::format::Variant;
use pseudoku_e2e::App;
use pseudoku_fpuzzles::{fpuzzles_link, import, sudokupad_link};
use serde_json::json;

/// Real links, with where each came from (see the file's header).
const DATA: &str = include_str!("../../crates/pseudoku-core/tests/data/fpuzzles.txt");

/// The entries: what is expected (`count=…` or `refused=…`) and the link.
fn entries() -> Vec<(&'static str, &'static str)> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut parts = l.split('\t');
            Some((parts.next()?, parts.next()?))
        })
        .collect()
}

/// The first unique puzzle of the file and the first one refused for its rules.
fn unique_and_refused() -> ((&'static str, Variant), (&'static str, String)) {
    let all = entries();
    let unique = all.iter().find(|(e, _)| e.starts_with("count=1 ")).expect("a unique puzzle");
    let refused = all.iter().find(|(e, _)| e.starts_with("refused=this puzzle uses")).expect("a refused puzzle");
    let variant = import(unique.1).expect("the unique puzzle imports").variant;
    ((unique.1, variant), (refused.1, refused.0["refused=".len()..].to_owned()))
}

/// The givens on the board, cell by cell.
fn shown_givens(app: &App) -> Vec<Option<char>> {
    app.cells().iter().map(|c| if c.given { c.value } else { None }).collect()
}

fn givens_of(variant: &Variant) -> Vec<Option<char>> {
    variant.givens().unwrap().iter().map(|g| g.and_then(|s| s.to_char())).collect()
}

#[test]
fn a_pasted_link_and_an_import_fragment_open_the_puzzle_with_its_givens() {
    let ((link, variant), _) = unique_and_refused();
    let want = givens_of(&variant);
    let app = App::open_at("");
    app.click_css(".tab:nth-child(3)");
    app.wait_until("the sudoku screen", || app.exists(".paste-text"));
    app.paste(link);
    app.wait_until("the imported givens", || shown_givens(&app) == want);
    app.wait_until("its count and rating", || app.text_of(".title-row").contains("SE"));
    app.screenshot("import-pasted");
    drop(app);

    let app = App::open_at(&format!("#import={link}"));
    app.wait_until("the imported givens", || shown_givens(&app) == want);
    app.screenshot("import-fragment");
}

#[test]
fn a_puzzle_with_rules_pseudoku_does_not_play_is_named_and_the_game_stays() {
    let ((link, variant), (refused, sentence)) = unique_and_refused();
    let app = App::open_at(&format!("#import={link}"));
    let want = givens_of(&variant);
    app.wait_until("the imported givens", || shown_givens(&app) == want);
    app.paste(refused);
    let alerted = "return Array.from(document.querySelectorAll('[role=alert]'))
                   .some(e => e.textContent.toLowerCase().includes(arguments[0].toLowerCase()))";
    app.wait_until("the alert", || app.session.execute(alerted, json!([sentence])).is_ok_and(|v| v == json!(true)));
    assert_eq!(shown_givens(&app), want, "the game on the table stays");
    app.screenshot("import-refused");
}

#[test]
fn the_export_buttons_link_to_the_same_puzzle_in_sudokupad_and_f_puzzles() {
    for name in ["jigsaw-9x9", "diagonal-9x9"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../examples/variants/{name}.txt"));
        let variant: Variant = std::fs::read_to_string(path).unwrap().parse().unwrap();
        let app = App::open_at(&format!("#p={}", encode_sudoku(&variant).unwrap()));
        app.wait_until("the export buttons", || app.exists("a.open-sudokupad") && app.exists("a.open-fpuzzles"));
        let href =
            |css: &str| app.session.execute("return document.querySelector(arguments[0]).href", json!([css])).unwrap();
        for (css, made) in [
            ("a.open-sudokupad", sudokupad_link(&variant).unwrap()),
            ("a.open-fpuzzles", fpuzzles_link(&variant).unwrap()),
        ] {
            let shown = href(css).as_str().unwrap().to_owned();
            assert_eq!(shown, made, "{name}: {css} is the engine's link");
            let back = import(&shown).unwrap_or_else(|e| panic!("{name}: {css} reads back: {e}")).variant;
            assert_eq!(back.layout(), variant.layout(), "{name}: {css} has the same layout");
            assert_eq!(back.givens(), variant.givens(), "{name}: {css} has the same givens");
        }
        app.screenshot(&format!("export-{name}"));
    }
}
