//! The sudoku screen on a phone (390×844): an import's alert (a refused
//! puzzle) or note (cosmetic elements dropped) is in sight wherever the
//! page is scrolled, and never pushes the Hint button below the fold nor
//! covers it.

use pseudoku_e2e::App;
use pseudoku_fpuzzles::{export_json, import};
use serde_json::{json, Value};

/// Real links, with where each came from (see the file's header).
const DATA: &str = include_str!("../../crates/pseudoku-core/tests/data/fpuzzles.txt");

/// A unique puzzle's link and one refused for its rules.
fn unique_and_refused() -> (&'static str, &'static str) {
    let entries: Vec<(&str, &str)> = DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .map(|(e, rest)| (e, rest.split('\t').next().unwrap()))
        .collect();
    let unique = entries.iter().find(|(e, _)| e.starts_with("count=1 ")).unwrap().1;
    let refused = entries.iter().find(|(e, _)| e.starts_with("refused=this puzzle uses")).unwrap().1;
    (unique, refused)
}

/// The viewport rectangle (top, bottom, left, right) of the element matching `css`.
fn rect(app: &App, css: &str) -> [f64; 4] {
    let r = app
        .session
        .execute(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();
             return [r.top, r.bottom, r.left, r.right];",
            json!([css]),
        )
        .unwrap();
    let f = |i: usize| r[i].as_f64().unwrap();
    [f(0), f(1), f(2), f(3)]
}

/// With the page scrolled to `scroll`, the notice is in sight, and (at the
/// top) the Hint button too, uncovered.
fn check(app: &App, notice: &str, what: &str) {
    let height = app.session.execute("return innerHeight", json!([])).unwrap().as_f64().unwrap();
    for scroll in ["window.scrollTo(0, 0)", "document.querySelector('.paste-text').scrollIntoView()"] {
        app.session.execute(scroll, Value::Array(Vec::new())).unwrap();
        let n = rect(app, notice);
        assert!(n[0] >= 0.0 && n[1] <= height, "{what}: the notice {n:?} is in sight ({scroll})");
    }
    app.scroll_to_top();
    let (n, hint) = (rect(app, notice), rect(app, "button.hint"));
    assert!(hint[1] <= height, "{what}: the Hint button ({hint:?}) is above the fold ({height})");
    let apart = n[1] <= hint[0] || hint[1] <= n[0] || n[3] <= hint[2] || hint[3] <= n[2];
    assert!(apart, "{what}: the notice {n:?} does not cover the Hint button {hint:?}");
}

#[test]
fn an_import_alert_or_note_leaves_the_hint_above_the_fold_on_a_phone() {
    let (unique, refused) = unique_and_refused();
    let app = App::open();
    app.set_viewport(390, 844);
    // f-puzzles data with text drawn on the grid: a note says it was dropped.
    let variant = import(unique).unwrap().variant;
    let mut data: Value = serde_json::from_str(&export_json(&variant).unwrap()).unwrap();
    data["text"] = json!([{ "cells": ["R1C1"], "value": "A" }]);
    app.paste(&data.to_string());
    app.wait_until("the note", || app.exists(".notice.news"));
    check(&app, ".notice.news", "the note");
    app.click_css(".notice.news button");
    // A puzzle with rules Pseudoku does not play: an alert.
    app.paste(refused);
    app.wait_until("the alert", || app.exists(".notice[role=alert]"));
    check(&app, ".notice[role=alert]", "the alert");
    app.screenshot("phone-import-refused");
}
