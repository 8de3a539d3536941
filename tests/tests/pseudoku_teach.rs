//! The Pseudoku teacher in a real browser: Play's hint (a nudge, then the
//! whole step, applied to the board), the level every challenge shows, the
//! "How to solve" panel, Create's verdict and its walk through the solve
//! path, and Generate by level.

use pseudoku_core::deduce::{rate, DeduceConfig};
use pseudoku_core::format::link::{decode, encode, Challenge};
use pseudoku_core::partition::{all_answers, Instance};
use pseudoku_e2e::App;
use serde_json::json;

/// A 9×9 challenge with one answer, rated medium (hardest step: missing
/// symbol), from `pseudoku construct --size 9 --difficulty medium --seed 2026`.
const MEDIUM: &str = "163974582835469127498215376756841293214637958627153849379528614582796431941382765 \
                      1-2 3-12 4-13 5-6 10-11 11-12 14-23 16-17 22-23 22-31 23-24 25-26 25-34 28-29 36-37 39-48 \
                      42-43 45-46 46-55 47-48 48-49 49-50 49-58 51-52 56-57 56-65 59-60 67-76 70-71 70-79";

const SEED_PUZZLE: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                           4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

fn link(kind: &str, line: &str) -> String {
    let challenge = Challenge { instance: line.parse().unwrap(), title: String::new(), author: String::new() };
    format!("#{kind}={}", encode(&challenge))
}

/// The borders drawn on the board (`path.borders`) and the joins shown
/// (`circle.join`): what the player's marks look like.
fn marks(app: &App) -> (String, usize) {
    let script = "return [document.querySelector('svg.pboard path.borders').getAttribute('d'), \
                  document.querySelectorAll('svg.pboard circle.join').length];";
    let v = app.session.execute(script, json!([])).unwrap();
    (v[0].as_str().unwrap_or_default().to_owned(), v[1].as_u64().unwrap_or(0) as usize)
}

#[test]
fn a_hint_nudges_then_draws_the_step_and_applying_it_changes_the_board() {
    let app = App::open_at(&link("p", MEDIUM));
    app.wait_until("the level", || app.text_of(".title-row .level") == "Level: medium");
    assert!(!app.exists(".pcell.lit"), "nothing is highlighted before a hint");
    app.click_css("button.hint");
    app.wait_until("a nudge", || app.exists(".lesson-text.nudge"));
    let nudge = app.text_of(".lesson-text.nudge");
    assert!(nudge.starts_with("Look for “") && nudge.contains("highlighted"), "{nudge}");
    assert!(app.exists(".pcell.lit"), "the nudge shows where to look");
    assert!(!app.exists(".step-borders[d^='M']") && !app.exists("circle.step-join"), "a nudge decides nothing");
    assert_eq!(app.text_of("button.hint"), "Show the step");
    app.screenshot("pseudoku-teach-nudge");

    app.click_css("button.hint");
    app.wait_until("the whole step", || app.exists("button.apply-step"));
    let sentence = app.text_of(".lesson-text");
    assert!(sentence.contains(": The "), "{sentence}");
    assert!(app.exists(".step-borders[d^='M']") || app.exists("circle.step-join"), "the step's edges are drawn");
    // The step the page shows is the engine's first step from the start.
    let instance: Instance = MEDIUM.parse().unwrap();
    let first = &rate(&instance, &DeduceConfig::new(9)).steps[0];
    assert!(sentence.ends_with(&first.explanation()), "{sentence} / {}", first.explanation());
    app.screenshot("pseudoku-teach-step");

    let before = marks(&app);
    app.click_css("button.apply-step");
    app.wait_until("the step applied", || marks(&app) != before);
    assert!(!app.exists(".lesson"), "the step is made, the lesson gone");
    // Every border now drawn is one the answer has.
    let answer = all_answers(&instance, 1).remove(0);
    for e in &first.borders {
        assert!(!answer.joins(*e));
    }
    assert!(app.text_of(".problems").is_empty(), "an applied step breaks no rule");
    // Undo takes the step back as one move.
    app.click_css(".tools button");
    app.wait_until("undone", || marks(&app) == before);
}

#[test]
fn applying_step_after_step_solves_and_names_the_techniques() {
    let app = App::open_at(&link("p", MEDIUM));
    app.wait_until("the level", || app.text_of(".title-row .level") == "Level: medium");
    for _ in 0..200 {
        if app.text_of(".play-status").starts_with("Solved") {
            break;
        }
        app.click_css("button.hint");
        app.wait_until("a nudge", || app.exists(".lesson-text.nudge") || app.exists(".teacher-note"));
        assert!(!app.exists(".teacher-note"), "{}", app.text_of(".teacher-note"));
        app.click_css("button.hint");
        app.wait_until("the step", || app.exists("button.apply-step"));
        app.click_css("button.apply-step");
        app.wait_until("applied", || !app.exists(".lesson"));
    }
    let status = app.text_of(".play-status");
    assert!(
        status.starts_with("Solved") && status.contains("It needed: ") && status.contains("missing symbol"),
        "{status}"
    );
}

#[test]
fn every_challenge_shows_a_level_and_the_how_to_panel_explains_each_technique() {
    let app = App::open_at(&link("p", SEED_PUZZLE));
    app.wait_until("the seed's level", || {
        app.text_of(".title-row .level") == "Level: needs guessing (several answers)"
    });
    app.click_css(".how-to summary");
    app.wait_until("the panel open", || app.text_of(".how-to-list").contains("Only way out"));
    let panel = app.text_of(".how-to-list");
    for name in ["Full region", "Shared symbol", "Closed area", "Missing symbol", "Few shapes", "Contradiction"] {
        assert!(panel.contains(name), "{name} in {panel}");
    }
    assert!(panel.contains("9 cells") && !panel.contains(" N "), "{panel}");
    app.screenshot("pseudoku-teach-how-to");
    // Every built-in example shows a level once opened.
    let count = app.session.find_all(".play-example option").unwrap().len();
    assert!(count >= 5, "{count} examples");
    for i in 0..count {
        app.session.execute(&format!("document.querySelector('.play-example').value = '{i}'"), json!([])).unwrap();
        app.click_css(".new-challenge summary");
        app.click_css(".play-example-go");
        app.wait_until(&format!("example {i}'s level"), || {
            let level = app.text_of(".title-row .level");
            level.starts_with("Level: ") && !level.contains("rating")
        });
        let level = app.text_of(".title-row .level");
        assert!(
            ["easy", "medium", "hard", "expert", "extreme", "needs guessing"].iter().any(|l| level.contains(l)),
            "example {i}: {level}"
        );
    }
}

#[test]
fn create_shows_the_verdict_of_a_unique_challenge_and_walks_its_solve_path() {
    let app = App::open_at(&link("e", MEDIUM));
    app.wait_for_text(".count", "exactly one answer");
    app.wait_for_text(".verdict", "solvable by logic: medium (hardest step: missing symbol)");
    app.click_css("button.walk-start");
    app.wait_until("step 1", || app.text_of(".walk-of").starts_with("Step 1 of "));
    let total: usize = app.text_of(".walk-of").rsplit(' ').next().unwrap().parse().unwrap();
    let instance: Instance = MEDIUM.parse().unwrap();
    assert_eq!(total, rate(&instance, &DeduceConfig::new(9)).steps.len());
    assert!(app.exists(".pcell.lit"), "the step's cells are drawn");
    app.click_css("button.walk-next");
    app.wait_until("step 2", || app.text_of(".walk-of").starts_with("Step 2 of "));
    app.session.execute("window.scrollTo(0, 0)", json!([])).unwrap();
    app.screenshot("pseudoku-teach-create");
    // A wall more: counted and judged again.
    app.tap_edge(0, 1);
    app.wait_until("the walk gone with the old walls", || !app.exists(".walk-of"));
    app.wait_until("a new verdict or count", || {
        let count = app.text_of(".count");
        count != "exactly one answer" || app.text_of(".verdict").starts_with("solvable by logic")
    });
    // With several answers there is no verdict (one browser at a time).
    drop(app);
    let app = App::open_at(&link("e", SEED_PUZZLE));
    app.wait_for_text(".count", "5 answers");
    assert!(!app.exists(".verdict"));
}

#[test]
fn generate_by_level_makes_a_challenge_of_that_level() {
    let app = App::open_at(&link("e", SEED_PUZZLE));
    app.wait_for_text(".count", "5 answers");
    app.click_css("details.generate-panel summary");
    app.session
        .execute(
            "document.querySelector('.make-size').value = '9'; document.querySelector('.make-level').value = 'hard'; \
             document.querySelector('.make-seed').value = '11';",
            json!([]),
        )
        .unwrap();
    app.click_css("button.construct");
    app.wait_until("the new challenge's verdict", || app.text_of(".verdict").starts_with("solvable by logic: "));
    let verdict = app.text_of(".verdict");
    assert!(verdict.starts_with("solvable by logic: hard (hardest step: "), "{verdict}");
    // The verdict is the engine's own rating of the challenge made.
    let link = app.session.find("input.link").unwrap();
    let url = app.session.property(&link, "value").unwrap().unwrap();
    let made = decode(&url[url.find("#p=").unwrap() + 3..]).unwrap();
    assert_eq!(made.instance.size(), 9);
    assert_eq!(rate(&made.instance, &DeduceConfig::new(9)).level.key(), "hard");
}
