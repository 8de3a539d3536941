//! Pseudoku in a real browser: setting a challenge with the pointer,
//! counting its answers in the worker, sharing it, and playing it.

use pseudoku_core::format::link::{decode, encode, Challenge};
use pseudoku_core::partition::{all_answers, Instance, Partition};
use pseudoku_e2e::{keys, App};
use serde_json::json;

const SEED_GRID: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318";
const SEED_WALLS: [(usize, usize); 12] = [
    (4, 13),
    (13, 14),
    (17, 26),
    (22, 23),
    (33, 34),
    (37, 38),
    (37, 46),
    (42, 43),
    (46, 55),
    (58, 59),
    (59, 68),
    (68, 69),
];

/// A 16×16 Latin square with no walls: few answers, a long search.
const SLOW_16: &str = "6EG9D21B38F57CA4B43159DAECG728F6784GAF5D291C6B3EEDF42897BGC6A153472CG1E58DAB936FCG7AF3B61428D9E52A836CG15FE4B79D31C6EB72DA4GF5895392BEC4G76A8FD1F6579A3841BDEGC21BAD876FC39E542G9F6B3G8E75D1C24AG9BE15A3628F4D7C851F4D2CA6793EGBD2E8C649FB53GA17ACD574FG9E3216B8";

fn challenge(line: &str) -> Challenge {
    Challenge { instance: line.parse().unwrap(), title: String::new(), author: String::new() }
}

fn edit_link(line: &str) -> String {
    format!("#e={}", encode(&challenge(line)))
}

/// The cells of a region in a walk through orthogonal neighbours that
/// visits each (going back over visited cells where it must), so one
/// stroke paints exactly the region.
fn walk(n: usize, region: &[usize]) -> Vec<usize> {
    fn visit(n: usize, cell: usize, region: &[usize], seen: &mut Vec<usize>, out: &mut Vec<usize>) {
        seen.push(cell);
        out.push(cell);
        let (r, c) = (cell / n, cell % n);
        let near = [
            (r > 0).then(|| cell - n),
            (r + 1 < n).then(|| cell + n),
            (c > 0).then(|| cell - 1),
            (c + 1 < n).then(|| cell + 1),
        ];
        for next in near.into_iter().flatten() {
            if region.contains(&next) && !seen.contains(&next) {
                visit(n, next, region, seen, out);
                out.push(cell);
            }
        }
    }
    let mut out = Vec::new();
    visit(n, region[0], region, &mut Vec::new(), &mut out);
    out
}

/// Paints a partition, one stroke per region in its own colour.
fn paint(app: &App, answer: &Partition) {
    let n = answer.size();
    for (k, cells) in answer.regions().iter().enumerate() {
        app.click_css(&format!(".swatch.r{k}"));
        let cells: Vec<usize> = cells.iter().map(|c| c.index()).collect();
        app.paint_walk(&walk(n, &cells));
    }
}

#[test]
fn drawing_the_seed_walls_with_the_pointer_counts_five_answers_then_completes_to_one() {
    let app = App::open_at(&edit_link(SEED_GRID));
    app.wait_until("the count of the bare grid", || app.text_of(".count").ends_with("answers"));
    // Nine walls one tap each, the last three in one stroke around two corners.
    for &(a, b) in &SEED_WALLS[..9] {
        app.tap_edge(a, b);
    }
    app.stroke(&[(5.0, 6.5), (5.0, 7.0), (6.0, 7.0), (6.0, 7.5)]);
    app.wait_for_text(".count", "5 answers");
    let link = app.session.find("input.link").unwrap();
    let url = app.session.property(&link, "value").unwrap().unwrap();
    let drawn = decode(url.split("#p=").nth(1).unwrap()).unwrap().instance;
    let expected: Instance =
        format!("{SEED_GRID} {}", SEED_WALLS.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" "))
            .parse()
            .unwrap();
    assert_eq!(drawn, expected, "exactly the 12 walls were drawn");
    app.screenshot("pseudoku-setter-5-answers");

    // Cycle through the answers: each is coloured on the grid.
    app.click_css("button.show-answers");
    app.wait_for_text(".answer-of", "Answer 1 of 5");
    let first = app.regions();
    assert!(first.iter().all(Option::is_some));
    app.click_css("button.next");
    app.wait_for_text(".answer-of", "Answer 2 of 5");
    assert_ne!(app.regions(), first);
    let answers = all_answers(&expected, 10);
    let shown: Vec<usize> = app.regions().into_iter().map(Option::unwrap).collect();
    assert_eq!(Partition::from_labels(9, &shown).as_ref(), Some(&answers[1]), "answer 2 in the engine's order");

    // Undo takes the last stroke back as one change.
    app.session
        .execute(
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'z', ctrlKey: true, bubbles: true}))",
            json!([]),
        )
        .unwrap();
    app.wait_until("undo", || !app.text_of(".count").starts_with('5'));
    app.session
        .execute(
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'y', ctrlKey: true, bubbles: true}))",
            json!([]),
        )
        .unwrap();
    app.wait_for_text(".count", "5 answers");

    app.click_css("button.complete");
    app.wait_for_text(".count", "exactly one answer");
    app.screenshot("pseudoku-setter-completed");
}

#[test]
fn a_shared_link_opens_in_a_fresh_browser_and_painting_the_answer_solves_it() {
    // Set and complete in one browser…
    let url = {
        let app = App::open_at(&edit_link(&format!(
            "{SEED_GRID} {}",
            SEED_WALLS.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" ")
        )));
        app.wait_for_text(".count", "5 answers");
        app.click_css("input.title");
        app.type_text("<b>Mine</b>");
        app.click_css("button.complete");
        app.wait_for_text(".count", "exactly one answer");
        app.click_css("button.copy-link");
        let link = app.session.find("input.link").unwrap();
        app.session.property(&link, "value").unwrap().unwrap()
    };
    let fragment = &url[url.find('#').unwrap()..];
    assert!(fragment.len() < 100 + 12, "{fragment}");
    // …and play it in another, with a fresh profile.
    let app = App::open_at(fragment);
    app.wait_for_text(".challenge-title", "<b>Mine</b>");
    assert!(!app.exists(".challenge-title b"), "a title is text, never markup");
    let challenge = decode(&fragment[3..]).unwrap();
    let answers = all_answers(&challenge.instance, 2);
    assert_eq!(answers.len(), 1);
    app.wait_until("the answer count", || app.text_of(".answers-found").contains("exactly one answer"));
    paint(&app, &answers[0]);
    app.wait_until("solved", || app.text_of(".play-status").starts_with("Solved"));
    app.screenshot("pseudoku-solved");
}

#[test]
fn a_wrong_region_says_what_is_wrong_and_progress_survives_a_reload() {
    let app = App::open_at(&format!(
        "#p={}",
        encode(&challenge(&format!(
            "{SEED_GRID} {}",
            SEED_WALLS.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" ")
        )))
    ));
    // Row 1 and half of row 2: 13 cells, too many, with repeated symbols.
    let mut cells: Vec<usize> = (0..9).collect();
    cells.extend([17, 16, 15, 14]);
    app.click_css(".swatch.r2");
    app.paint_walk(&cells);
    app.wait_until("a problem", || !app.text_of(".problems").is_empty());
    let problems = app.text_of(".problems");
    assert!(problems.contains("region 3 has 13 cells"), "{problems}");
    assert!(app.exists(".pcell.bad"));
    app.screenshot("pseudoku-wrong-region");
    let before = app.regions();
    assert_eq!(before.iter().filter(|r| **r == Some(2)).count(), 13);

    app.session.refresh().unwrap();
    app.wait_until("the grid after the reload", || app.exists(".pcell"));
    assert_eq!(app.regions(), before, "the regions are back");
    app.click_css(".tools button");
    app.wait_until("undo after the reload", || app.regions().iter().all(Option::is_none));
}

#[test]
fn a_damaged_link_shows_an_alert_and_keeps_the_game_in_progress() {
    let app = App::open_at(&format!("#p={}", encode(&challenge(SEED_GRID))));
    app.click_css(".swatch.r4");
    app.paint_walk(&[0, 1, 2]);
    app.wait_until("painted", || app.regions()[2] == Some(4));
    let good = app.session.current_url().unwrap();
    // A link cut short, and one with hostile text, pasted into the address bar.
    app.session.execute("location.hash = '#p=AQEJc3Rh'", json!([])).unwrap();
    app.wait_until("an alert", || app.text_of("[role=alert]").contains("could not be opened"));
    assert!(app.text_of("[role=alert]").contains("cut short"), "{}", app.text_of("[role=alert]"));
    assert_eq!(app.regions()[..3], [Some(4); 3], "the game in progress is untouched");
    app.session.execute("location.hash = '#p=<img src=x onerror=alert(1)>'", json!([])).unwrap();
    app.wait_until("a second alert", || app.text_of("[role=alert]").contains("not part of a link"));
    assert!(!app.exists(".link-alert img"));
    app.screenshot("pseudoku-damaged-link");

    // Opening a damaged link in a new tab: the alert, and the last game. (A blank page first, so this is a
    // load and not a hash change; the running clock rewrites the address to the game in progress.)
    app.session.goto("about:blank").unwrap();
    app.session.goto(&format!("{}#p=AQEJ", app.base_url)).unwrap();
    app.wait_until("the alert after a load", || app.text_of("[role=alert]").contains("could not be opened"));
    assert_eq!(app.regions()[..3], [Some(4); 3], "the last game is back");
    assert!(good.contains("#p="));
}

#[test]
fn a_long_16x16_count_shows_progress_and_never_blocks_a_key() {
    let app = App::open_at(&edit_link(SLOW_16));
    app.wait_until("progress", || {
        app.text_of(".count").starts_with("counting…") && app.text_of(".count").contains("nodes")
    });
    // A key during the count moves the focus at once.
    app.session.execute("document.activeElement && document.activeElement.blur()", json!([])).unwrap();
    app.press([keys::RIGHT]);
    app.wait_until("the focus to move", || app.exists("#pcell-1.focus"));
    assert!(app.text_of(".count").starts_with("counting…"), "still counting: {}", app.text_of(".count"));
    // A wall drawn during the count starts a new one (the old is dropped).
    app.tap_edge(0, 1);
    app.wait_until("a new count", || app.text_of(".count").starts_with("counting…"));
    app.screenshot("pseudoku-16x16-counting");
}

#[test]
fn a_bad_pasted_grid_gets_the_engines_error_and_its_place() {
    let app = App::open_at(&edit_link(SEED_GRID));
    app.click_css("textarea.paste-text");
    app.type_text("12x4");
    app.click_css("button.use-paste");
    app.wait_until("an error", || app.text_of(".error").contains("position 2"));
    assert!(app.text_of(".error").contains("'x'"));
    assert_eq!(app.regions().len(), 81, "the grid is still the one being set");
}

#[test]
fn a_full_storage_says_so_and_play_goes_on() {
    let app = App::open_at(&format!("#p={}", encode(&challenge(SEED_GRID))));
    app.session
        .execute(
            "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); }",
            json!([]),
        )
        .unwrap();
    app.click_css(".swatch.r1");
    app.paint_walk(&[0, 1]);
    app.wait_until("the storage message", || app.text_of("[role=alert]").contains("storage is full"));
    app.paint_walk(&[2, 3]);
    app.wait_until("play goes on", || app.regions()[3] == Some(1));
    app.screenshot("pseudoku-storage-full");
}

#[test]
fn another_challenge_can_be_generated_from_the_play_screen() {
    let app = App::open_at(&format!("#p={}", encode(&challenge(SEED_GRID))));
    app.click_css(".new-challenge summary");
    app.session
        .execute(
            "const s = document.querySelector('.play-size'); s.value = '6'; s.dispatchEvent(new Event('change'));",
            json!([]),
        )
        .unwrap();
    app.click_css(".play-seed");
    app.type_text("7");
    app.click_css("button.generate");
    app.wait_until("a 6×6 challenge", || app.regions().len() == 36);
    app.wait_until("its answer count", || app.text_of(".answers-found").contains("exactly one answer"));
    let url = app.session.current_url().unwrap();
    let made = decode(&url[url.find("#p=").unwrap() + 3..]).unwrap();
    assert_eq!(all_answers(&made.instance, 2).len(), 1, "a generated challenge has one answer");
}

#[test]
fn the_hint_on_the_seed_nudges_towards_a_step_then_draws_it() {
    let app = App::open_at(&format!(
        "#p={}",
        encode(&challenge(&format!(
            "{SEED_GRID} {}",
            SEED_WALLS.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" ")
        )))
    ));
    app.wait_until("the count", || app.text_of(".answers-found").contains("5 answers"));
    app.click_css("button.hint");
    app.wait_until("a nudge", || app.text_of(".lesson-text").starts_with("Look for “"));
    assert!(app.exists("svg.pboard .pcell.lit"), "where to look is highlighted");
    app.click_css("button.hint");
    app.wait_until("the step", || app.exists("button.apply-step"));
    assert!(app.exists("svg.pboard .step"), "the step is drawn on the grid");
}

#[test]
fn a_reload_right_after_a_wall_is_drawn_keeps_the_wall_and_its_undo() {
    let app = App::open_at(&edit_link(SEED_GRID));
    app.wait_until("the count of the bare grid", || app.text_of(".count").ends_with("answers"));
    let drawn_link = |app: &App| {
        let link = app.session.find("input.link").unwrap();
        let url = app.session.property(&link, "value").unwrap().unwrap();
        decode(url.split("#p=").nth(1).unwrap()).unwrap().instance
    };
    // The address bar catches up with the work a moment after each change;
    // a reload at once must still open the work, not the older address.
    app.tap_edge(0, 1);
    app.wait_until("the wall in the share link", || drawn_link(&app).wall_count() == 1);
    app.session.execute("location.reload()", json!([])).unwrap();
    app.wait_until("the grid after the reload", || app.exists(".pcell"));
    app.wait_until("the link", || app.exists("input.link"));
    assert_eq!(drawn_link(&app).wall_count(), 1, "the wall drawn just before the reload");
    // Undo survives the reload too.
    app.click_css("button.undo");
    app.wait_until("the wall undone", || drawn_link(&app).wall_count() == 0);
    app.session.execute("location.reload()", json!([])).unwrap();
    app.wait_until("the link after another reload", || app.exists("input.link"));
    app.wait_until("redo after the reload", || app.exists("button.redo:not([disabled])"));
    app.click_css("button.redo");
    app.wait_until("the wall redone", || drawn_link(&app).wall_count() == 1);
    // Once the address has caught up, it names the work.
    app.tap_edge(1, 2);
    app.wait_until("the address to name the work", || {
        let url = app.session.current_url().unwrap();
        url.split("#e=").nth(1).and_then(|l| decode(l).ok()).is_some_and(|c| c.instance.wall_count() == 2)
    });
    // A link opened in a new tab is that link, whatever work is kept.
    app.session.goto("about:blank").unwrap();
    app.session.goto(&format!("{}{}", app.base_url, edit_link(SEED_GRID))).unwrap();
    app.wait_until("the link", || app.exists("input.link"));
    assert_eq!(drawn_link(&app).wall_count(), 0, "the link's own challenge");
}

#[test]
fn a_pressed_cell_takes_the_keyboard_focus_in_create() {
    let app = App::open_at(&edit_link(SEED_GRID));
    app.wait_until("the count of the bare grid", || app.text_of(".count").ends_with("answers"));
    // A press in the middle of r4c4 (cell 30), then Shift+→: the wall goes
    // on r4c4's right, not where the focus was before.
    app.stroke(&[(3.5, 3.5)]);
    app.wait_until("the focus on the pressed cell", || app.exists("#pcell-30.focus"));
    app.session.press_chord(&["\u{E008}"], keys::RIGHT).unwrap();
    app.wait_until("the wall", || {
        let url = app.session.current_url().unwrap();
        url.split("#e=").nth(1).and_then(|l| decode(l).ok()).is_some_and(|c| c.instance.wall_count() == 1)
    });
    let link = app.session.find("input.link").unwrap();
    let url = app.session.property(&link, "value").unwrap().unwrap();
    let walls: Vec<(u32, u32)> =
        decode(url.split("#p=").nth(1).unwrap()).unwrap().instance.walls().map(|e| (e.a().0, e.b().0)).collect();
    assert_eq!(walls, [(30, 31)]);
}
