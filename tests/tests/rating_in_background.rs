//! A long rating runs in a worker of its own: a hint asked while one of the
//! forum's hardest sudokus (SE 11+) is being rated shows, and the rating
//! goes on from where it was (its steps never go back) to the rating the
//! engine gives natively.

use std::time::Duration;

use pseudoku_core::format::link::encode_sudoku;
use pseudoku_core::format::{line, Variant};
use pseudoku_core::logic::{RateConfig, Rater};
use pseudoku_e2e::App;
use serde_json::json;

/// Records every text the title row's rating shows (`rating… 9.5 so far`,
/// with its steps in the title, then the label), in order.
const RECORD: &str = r#"
window.__ratings = [];
const note = () => {
  const e = document.querySelector('.title-row .difficulty');
  if (!e) return;
  const seen = e.textContent + '|' + (e.getAttribute('title') || '');
  if (window.__ratings[window.__ratings.length - 1] !== seen) window.__ratings.push(seen);
};
new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
note();
"#;

/// The forum's hardest puzzles kept in the repository (`tests/data/`).
fn hardest() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/forum-11plus.txt")).unwrap();
    text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).map(str::to_owned).collect()
}

#[test]
fn a_hint_during_a_long_rating_leaves_the_rating_running() {
    let puzzle = &hardest()[0];
    let plain: Variant = "size 9\n".parse().unwrap();
    let givens = line::parse(plain.layout(), puzzle).unwrap();
    // The oracle: the engine's own rating, natively, as the worker makes it.
    let mut rater = Rater::new(plain.layout(), &givens, RateConfig::default()).unwrap();
    while rater.step().is_some() {}
    let native = rater.finish();
    let label = format!("{} · SE {:.1}", native.level.name(), native.se);
    assert!(native.se >= 10.0, "a puzzle of the top of the scale: {label}");

    let variant = plain.with_givens(Some(givens)).unwrap();
    let app = App::open_at(&format!("#p={}", encode_sudoku(&variant).unwrap()));
    app.session.execute(RECORD, json!([])).unwrap();
    // A few steps into the rating (a rating started again would go back
    // to its first step), a hint.
    let steps_so_far = || {
        let title = app
            .session
            .execute("return document.querySelector('.difficulty.rating')?.getAttribute('title') ?? ''", json!([]));
        let title = title.ok().and_then(|t| t.as_str().map(str::to_owned)).unwrap_or_default();
        title.strip_suffix(" steps so far").and_then(|n| n.parse::<u32>().ok()).unwrap_or(0)
    };
    app.wait_until("the rating a few steps on", || steps_so_far() >= 3);
    app.click_css("button.hint");
    app.wait_until("the hint", || !app.text_of(".hint-text").is_empty());
    let hint = app.text_of(".hint-text");
    assert!(hint.starts_with("Look for a"), "the nudge names the technique: {hint}");
    app.screenshot("hint-during-rating");
    // The rating finishes, without starting again.
    // (Shown with a capital letter by the style sheet.)
    let done = || app.text_of(".title-row .difficulty").to_lowercase() == label.to_lowercase();
    if let Err(e) = app.session.wait_for("the rating", Duration::from_secs(120), || Ok(done().then_some(()))) {
        app.screenshot("rating-timeout");
        panic!("{e}: the rating says {:?}", app.text_of(".title-row .difficulty"));
    }
    let seen = app.session.execute("return window.__ratings", json!([])).unwrap();
    let seen: Vec<String> = seen.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect();
    let steps: Vec<u32> = seen
        .iter()
        .filter_map(|s| s.split_once('|').and_then(|(_, t)| t.strip_suffix(" steps so far")))
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(steps.len() >= 2, "the rating's progress was seen on the way: {seen:?}");
    assert!(steps.windows(2).all(|w| w[0] <= w[1]), "the rating never went back to its start: {steps:?}");
    assert_eq!(seen.last().map(|s| s.split('|').next().unwrap().to_lowercase()), Some(label.to_lowercase()));
    // The hint is still there, beside the rating.
    assert_eq!(app.text_of(".hint-text"), hint);
}
