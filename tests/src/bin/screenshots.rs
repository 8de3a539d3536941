//! Screenshots of every screen at a phone and a desktop width, light and
//! dark (`cargo xtask screenshots`), into `target/screenshots/`, to look at
//! as a person would. The README's pictures come from here.

use pseudoku_core::format::link::{encode, encode_sudoku, Challenge};
use pseudoku_core::format::Variant;
use pseudoku_e2e::App;

const SEED_PUZZLE: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                           4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

/// Grids whose next step is a wing, a fish, a loop and a forcing chain.
const STEPS: [(&str, &str); 4] = [
    ("wing", "964821735005697000871000269493286157587000326010375090040000570708060900109700603"),
    ("fish", "203108500060000020000020000630810254082000960005002308956734182800251639321986005"),
    ("loop", "347128569610300728008700431800072610006503890004080250483259176792000385561837942"),
    ("forcing-chain", "054100070000400053030500200000800009002619500900704000001085090800067000070041860"),
];

/// A unique 9×9 challenge rated medium (one of the built-in examples).
const MEDIUM: &str = "163974582835469127498215376756841293214637958627153849379528614582796431941382765 \
                      1-2 3-12 4-13 5-6 10-11 11-12 14-23 16-17 22-23 22-31 23-24 25-26 25-34 28-29 36-37 39-48 \
                      42-43 45-46 46-55 47-48 48-49 49-50 49-58 51-52 56-57 56-65 59-60 67-76 70-71 70-79";

fn main() {
    let seed =
        Challenge { instance: SEED_PUZZLE.parse().unwrap(), title: "The 2014 puzzle".into(), author: "COTO".into() };
    let play = format!("#p={}", encode(&seed));
    let edit = format!("#e={}", encode(&seed));
    let medium =
        Challenge { instance: MEDIUM.parse().unwrap(), title: "A 9×9 with fewer walls".into(), author: String::new() };
    let (teach_play, teach_edit) = (format!("#p={}", encode(&medium)), format!("#e={}", encode(&medium)));
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&out).unwrap();
    // `screenshots imports` or `screenshots steps`: only those.
    let only = std::env::args().nth(1);
    for (width, height, device) in [(390, 844, "phone"), (1280, 800, "desktop")] {
        for dark in [false, true] {
            let theme = if dark { "dark" } else { "light" };
            let shot = |app: &App, name: &str| {
                let png = app.session.screenshot().expect("a screenshot");
                let path = out.join(format!("{name}-{device}-{theme}.png"));
                std::fs::write(&path, png).unwrap();
                println!("{}", path.display());
            };
            match only.as_deref() {
                Some("imports") => {
                    imports(width, height, dark, &shot);
                    continue;
                }
                Some("steps") => {
                    steps(width, height, dark, &shot);
                    continue;
                }
                _ => imports(width, height, dark, &shot),
            }
            let app = App::open_as(&play, (width, height), dark);
            app.wait_until("the count", || app.text_of(".answers-found").contains("answers"));
            // Two regions painted, one of them wrong.
            app.click_css(".swatch.r0");
            app.paint_walk(&[0, 9, 18, 27, 28, 19, 10, 1, 2]);
            app.click_css(".swatch.r1");
            app.paint_walk(&[3, 4, 5, 6, 7, 8, 17]);
            app.scroll_to_top();
            shot(&app, "play");
            app.click_css(".tab:nth-child(2)");
            app.wait_for_text(".count", "5 answers");
            app.scroll_to_top();
            shot(&app, "create");
            drop(app);
            let app = App::open_as(&edit, (width, height), dark);
            app.wait_for_text(".count", "5 answers");
            app.click_css("button.show-answers");
            app.wait_until("an answer", || app.text_of(".answer-of").starts_with("Answer 1"));
            app.scroll_to_top();
            shot(&app, "create-answer");
            drop(app);
            // The teacher: a nudge, the whole step, the how-to panel, and
            // Create's verdict with its solve path.
            let app = App::open_as(&teach_play, (width, height), dark);
            app.wait_until("the level", || app.text_of(".title-row .level") == "Level: medium");
            app.click_css("button.hint");
            app.wait_until("a nudge", || app.exists(".lesson-text.nudge"));
            app.scroll_to_top();
            shot(&app, "play-nudge");
            app.click_css("button.hint");
            app.wait_until("the step", || app.exists("button.apply-step"));
            app.scroll_to_top();
            shot(&app, "play-step");
            app.click_css(".how-to summary");
            app.session.execute("document.querySelector('.how-to').scrollIntoView()", serde_json::json!([])).unwrap();
            shot(&app, "play-how-to");
            drop(app);
            let app = App::open_as(&teach_edit, (width, height), dark);
            app.wait_until("the verdict", || app.text_of(".verdict").starts_with("solvable"));
            app.click_css("button.walk-start");
            app.click_css("button.walk-next");
            app.wait_until("step 2", || app.text_of(".walk-of").starts_with("Step 2"));
            app.scroll_to_top();
            shot(&app, "create-verdict");
            drop(app);
            let app = App::open_as("", (width, height), dark);
            app.click_css(".tab:nth-child(4)");
            app.wait_until("the setter's count", || app.text_of(".count").ends_with("solutions"));
            app.click_css("button.fill-cut");
            app.wait_until("a unique puzzle", || app.text_of(".count") == "exactly one solution");
            app.wait_until("its rating", || app.text_of(".difficulty").contains("SE"));
            app.scroll_to_top();
            shot(&app, "set-sudoku");
            // Drawing regions: the box wall after r3c3 erased, a group of 18 named.
            app.click_css("button.draw-regions");
            app.wait_until("the wall tool", || app.exists("section.set svg.pboard"));
            app.tap_edge(20, 21);
            app.wait_until("the wrong size", || app.exists(".region-problems"));
            app.scroll_to_top();
            shot(&app, "set-regions");
            drop(app);
            for name in
                ["samurai", "sudoku-pie", "jigsaw-9x9", "sudoku-mix", "custom-knut-vik-5x5", "sudokualt-16x16-diagonal"]
            {
                let path =
                    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../examples/variants/{name}.txt"));
                let mut text = std::fs::read_to_string(path).unwrap();
                if name == "jigsaw-9x9" {
                    // A setter's author and rules, as a shared link carries them.
                    text = format!("author Ada\nrules Normal sudoku rules; the regions are the thick shapes.\n{text}");
                }
                let variant: Variant = text.parse().unwrap();
                let app = App::open_as(&format!("#p={}", encode_sudoku(&variant).unwrap()), (width, height), dark);
                // A selected cell shows its peers.
                app.click_css("#cell-3 .bg");
                app.scroll_to_top();
                shot(&app, &format!("sudoku-{name}"));
            }
            steps(width, height, dark, &shot);
        }
    }
}

/// Real f-puzzles and SudokuPad links with where each came from.
const FPUZZLES: &str = include_str!("../../../crates/pseudoku-core/tests/data/fpuzzles.txt");

/// Imports (issue 30): f-puzzles data with a cosmetic element pasted (the
/// puzzle opens, a note says what was dropped), then a link whose rules
/// Pseudoku does not play (an alert; the game stays), each at the top of
/// the page; then the share panel with the export buttons.
fn imports(width: u32, height: u32, dark: bool, shot: &dyn Fn(&App, &str)) {
    use pseudoku_fpuzzles::{export_json, import};
    let entries: Vec<(&str, &str)> = FPUZZLES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .collect();
    let unique = entries.iter().find(|(e, _)| e.starts_with("count=1 ")).expect("a unique puzzle").1;
    let refused = entries.iter().find(|(e, _)| e.starts_with("refused=this puzzle uses")).expect("a refused one").1;
    let refused = refused.split('\t').next().unwrap();
    let unique = unique.split('\t').next().unwrap();
    let variant = import(unique).expect("the unique puzzle imports").variant;
    let mut json: serde_json::Value = serde_json::from_str(&export_json(&variant).unwrap()).unwrap();
    json["text"] = serde_json::json!([{ "cells": ["R1C1"], "value": "A" }]);
    let app = App::open_as("", (width, height), dark);
    app.click_css(".tab:nth-child(3)");
    app.wait_for_grid();
    app.paste(&json.to_string());
    app.wait_until("the note", || app.exists(".notice.news"));
    app.wait_until("its rating", || app.text_of(".title-row").contains("SE"));
    app.scroll_to_top();
    shot(&app, "import-note");
    app.click_css(".notice.news button");
    app.paste(refused);
    app.wait_until("the alert", || app.exists(".notice[role=alert]"));
    app.scroll_to_top();
    shot(&app, "import-refused");
    app.session
        .execute("document.querySelector('.share').scrollIntoView({block: 'center'})", serde_json::json!([]))
        .unwrap();
    shot(&app, "export-buttons");
}

/// Steps drawn: grids whose next step is a wing, a fish, a loop and a
/// forcing chain (as in `tests/steps_drawn.rs`), and the Pie's own puzzle
/// with its first step in full.
fn steps(width: u32, height: u32, dark: bool, shot: &dyn Fn(&App, &str)) {
    let show_step = |variant: &Variant, name: &str| {
        let app = App::open_as(&format!("#p={}", encode_sudoku(variant).unwrap()), (width, height), dark);
        app.click_css("button.hint");
        app.wait_until("the nudge", || app.text_of(".hint-text").starts_with("Look for"));
        app.click_css("button.hint");
        app.wait_until("the step drawn", || app.exists(".step-drawing"));
        app.scroll_to_top();
        shot(&app, name);
    };
    // Steps drawn: grids whose next step is a wing, a fish, a loop
    // and a forcing chain (as in `tests/steps_drawn.rs`).
    for (name, line) in STEPS {
        let plain: Variant = "size 9\n".parse().unwrap();
        let givens = pseudoku_core::format::line::parse(plain.layout(), line).unwrap();
        show_step(&plain.with_givens(Some(givens)).unwrap(), &format!("step-{name}"));
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/variants/sudoku-pie.txt");
    show_step(&std::fs::read_to_string(path).unwrap().parse().unwrap(), "step-pie");
}
