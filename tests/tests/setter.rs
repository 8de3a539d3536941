//! The sudoku setter in a real browser: givens typed into a blank grid
//! with a live count, made unique, reduced to a minimal puzzle (checked by
//! the engine), filled and cut, and played from its link.

use pseudoku_core::format::line;
use pseudoku_core::format::link::{decode_shared, Shared};
use pseudoku_core::generate::needless_givens;
use pseudoku_core::layout::Layout;
use pseudoku_core::solver::{Solver, Uniqueness};
use pseudoku_e2e::App;
use serde_json::json;

fn open_setter() -> App {
    let app = App::open_at("");
    app.click_css(".tab:nth-child(4)");
    app.wait_until("the setter", || app.exists("section.set #cell-80"));
    app
}

#[test]
fn givens_typed_into_a_blank_grid_are_counted_made_unique_and_minimal() {
    let app = open_setter();
    app.wait_until("the blank count", || app.text_of(".count") == "at least 1000 solutions");
    app.click_cell(0);
    app.press(["1", "\u{E014}", "2", "\u{E014}", "3"]);
    app.wait_until("three givens", || app.cell(2).value == Some('3'));
    app.wait_until("still many", || app.text_of(".count") == "at least 1000 solutions");
    // A repeat: no solution, and the two givens are named.
    app.press(["\u{E014}", "1"]);
    app.wait_until("no solution", || app.text_of(".count") == "no solution");
    assert!(app.text_of(".reason").contains("r1c1"), "{}", app.text_of(".reason"));
    // A clash is work too: it survives a reload, and so does undo.
    app.session.execute("location.reload()", json!([])).unwrap();
    app.wait_until("the setter after the reload", || app.exists("section.set #cell-80"));
    app.wait_until("the clash after the reload", || {
        app.cell(3).value == Some('1') && app.text_of(".count") == "no solution"
    });
    app.click_css("button.undo");
    app.wait_until("many again", || app.text_of(".count") == "at least 1000 solutions");
    app.click_css("button.make-unique");
    app.wait_until("unique", || app.text_of(".count") == "exactly one solution");
    app.screenshot("setter-unique");
    let givens = |app: &App| {
        let area = app.session.find("textarea.export-line").unwrap();
        app.session.property(&area, "value").unwrap().unwrap()
    };
    let layout = Layout::classic(3).unwrap();
    let unique = line::parse(&layout, &givens(&app)).unwrap();
    let typed: String = unique[..3].iter().map(|g| g.map_or('.', |s| s.to_char().unwrap())).collect();
    assert_eq!(typed, "123", "the setter's givens stay");
    app.click_css("button.minimize");
    app.wait_until("still unique, nothing more to remove", || {
        app.text_of(".count") == "exactly one solution" && app.text_of(".difficulty").contains("SE")
    });
    let minimal = line::parse(&layout, &givens(&app)).unwrap();
    assert!(matches!(Solver::new(&layout).uniqueness(&minimal), Uniqueness::Unique(_)));
    assert_eq!(needless_givens(&layout, &minimal).unwrap(), vec![], "the engine finds it minimal");
    assert!(minimal.iter().flatten().count() < unique.iter().flatten().count());

    play_from_link(app, None);
}

/// Opens the setter's share link in a fresh browser and plays the puzzle
/// (solved by the engine) to `solved` with key presses.
fn play_from_link(app: App, rules: Option<&str>) {
    let link = app.session.find("input.link").unwrap();
    let url = app.session.property(&link, "value").unwrap().unwrap();
    drop(app); // one browser at a time
    let fragment = &url[url.find('#').unwrap()..];
    let Ok(Shared::Sudoku(variant)) = decode_shared(fragment.trim_start_matches("#p=")) else {
        panic!("a sudoku link: {url}")
    };
    let layout = variant.layout();
    let givens = variant.givens().unwrap().to_vec();
    let solution = Solver::new(layout).solve(&givens).unwrap();
    let play = App::open_at(fragment);
    play.wait_until("the puzzle", || play.exists("#cell-80"));
    if let Some(rules) = rules {
        assert_eq!(play.text_of(".rules"), format!("Rules: {rules}"));
        play.screenshot("setter-played-with-rules");
    }
    let moves: Vec<(usize, String)> =
        (0..81).filter(|&c| givens[c].is_none()).map(|c| (c, solution[c].to_string())).collect();
    play.session
        .execute(
            "for (const [cell, key] of arguments[0]) {
                 const el = document.getElementById('cell-' + cell);
                 el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));
                 document.dispatchEvent(new KeyboardEvent('keydown', {key, code: 'Digit' + key, bubbles: true}));
             }",
            serde_json::json!([moves]),
        )
        .unwrap();
    play.wait_until("solved", || play.status().starts_with("Solved"));
}

#[test]
fn typing_a_17_clue_puzzle_given_by_given_ends_at_exactly_one_solution() {
    // The first puzzle of the 17-clue set (Gordon Royle's collection).
    let puzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let app = open_setter();
    app.wait_until("the blank count", || app.text_of(".count") == "at least 1000 solutions");
    let givens: Vec<(usize, String)> =
        puzzle.chars().enumerate().filter(|(_, c)| *c != '.').map(|(i, c)| (i, c.to_string())).collect();
    let type_givens = |givens: &[(usize, String)]| {
        app.session
            .execute(
                "for (const [cell, key] of arguments[0]) {
                     const el = document.getElementById('cell-' + cell);
                     el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));
                     document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
                 }",
                serde_json::json!([givens]),
            )
            .unwrap();
    };
    type_givens(&givens[..16]);
    app.wait_until("sixteen givens counted", || {
        let count = app.text_of(".count");
        count.ends_with("solutions") && count != "exactly one solution" && !count.starts_with("counting")
    });
    type_givens(&givens[16..]);
    app.wait_until("the seventeenth makes it unique", || app.text_of(".count") == "exactly one solution");
}

#[test]
fn fill_and_cut_makes_a_unique_puzzle_of_the_layout() {
    let app = open_setter();
    app.session
        .execute("const s = document.querySelector('select.set-layout'); s.value = '8'; s.dispatchEvent(new Event('change'));", serde_json::json!([]))
        .unwrap();
    app.click_css("button.use-layout");
    app.wait_until("the jigsaw", || app.exists(".cell.tint0"));
    app.click_css("button.fill-cut");
    app.wait_until("a unique puzzle", || app.text_of(".count") == "exactly one solution");
    app.screenshot("setter-jigsaw");
}

#[test]
fn a_jigsaw_drawn_by_dragging_is_filled_cut_and_played_from_its_link() {
    let app = open_setter();
    app.click_css("button.draw-regions");
    app.wait_until("the wall tool on the boxes' borders", || app.exists("section.set svg.pboard"));
    let problems =
        |app: &App| if app.exists(".region-problems") { app.text_of(".region-problems") } else { String::new() };
    // Erase the wall between r3c3 and r3c4: two boxes make one group of 18.
    app.tap_edge(20, 21);
    app.wait_until("the wrong size named", || problems(&app).contains("r1c1: this region has 18 cells; it needs 9."));
    assert_eq!(app.text_of(".count"), "the regions are not finished");
    // One stroke round a corner walls r3c3 off from the first box: 8 and 10.
    app.stroke(&[(2.5, 2.0), (2.0, 2.0), (2.0, 2.5)]);
    app.wait_until("8 and 10", || problems(&app).contains("this region has 8 cells; it needs 9."));
    // The two unfinished groups keep their colours apart, both striped.
    let region_of = |cell: usize| {
        let script = format!("return document.getElementById('pcell-{cell}').dataset.region");
        app.session.execute(&script, serde_json::json!([])).unwrap()
    };
    assert_ne!(region_of(0), region_of(20), "the 8 and the 10 are coloured apart");
    assert!(app.exists("#pcell-0.bad .hatch") && app.exists("#pcell-20.bad .hatch"), "both striped");
    app.screenshot("setter-regions-wrong-size");
    // Another gives r1c4 to the first box, and a tap opens its old border.
    app.stroke(&[(4.0, 0.5), (4.0, 1.0), (3.5, 1.0)]);
    app.tap_edge(2, 3);
    app.wait_until("nine regions", || app.exists(".region-tools .hint-text") && problems(&app).is_empty());
    app.wait_until("counted as a jigsaw", || app.text_of(".count") == "at least 1000 solutions");
    app.click_css("button.regions-done");
    app.wait_until("the sudoku board", || app.exists("section.set .cell.tint0"));
    // A named seed: the same fill and cut on every run (a random one made
    // some runs wait on a slow cut).
    app.session.execute("document.querySelector('input.set-seed').value = '1'", serde_json::json!([])).unwrap();
    app.click_css("button.fill-cut");
    app.wait_until("a unique puzzle", || app.text_of(".count") == "exactly one solution");
    let file = app.session.find("textarea.export-file").unwrap();
    let text = app.session.property(&file, "value").unwrap().unwrap();
    let variant: pseudoku_core::format::Variant = text.parse().unwrap();
    let regions = variant.layout().regions();
    assert_eq!(regions[3], regions[0], "r1c4 is in the first region: {text}");
    assert_eq!(regions[20], regions[21], "r3c3 is in the second: {text}");
    // Rules text travels with the link.
    let rules = "Normal jigsaw sudoku rules.\nA second paragraph.";
    app.session
        .execute(
            "const i = document.querySelector('textarea.rules'); i.value = arguments[0];
             i.dispatchEvent(new Event('input', {bubbles: true}));",
            serde_json::json!([rules]),
        )
        .unwrap();
    app.screenshot("setter-jigsaw-drawn");
    play_from_link(app, Some(rules));
}

/// Sets the server back online when the test ends, even by a panic.
struct Online;

impl Drop for Online {
    fn drop(&mut self) {
        pseudoku_e2e::server::OFFLINE.store(false, std::sync::atomic::Ordering::SeqCst);
    }
}

#[test]
fn after_one_visit_the_app_works_with_the_server_down() {
    let app = App::open_at("");
    app.wait_until("the service worker in control", || {
        app.session.execute("return !!navigator.serviceWorker.controller", serde_json::json!([])).unwrap()
            == serde_json::json!(true)
    });
    let _online = Online;
    pseudoku_e2e::server::OFFLINE.store(true, std::sync::atomic::Ordering::SeqCst);
    app.session.refresh().unwrap();
    app.wait_until("the page, offline", || app.exists(".pcell"));
    // The engine's worker runs offline too: the challenge's answers are counted.
    app.wait_until("the count, offline", || app.text_of(".answers-found").contains("answers"));
    app.click_css(".swatch.r0");
    app.paint_walk(&[0, 1]);
    app.wait_until("a move, offline", || app.regions()[1] == Some(0));
    app.screenshot("offline");
}

/// The CLI binary, built if need be (`cargo xtask test` has built it).
fn pseudoku_binary() -> std::path::PathBuf {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(std::path::PathBuf::from).unwrap_or_else(|| root.join("target"));
    let binary = target.join("debug/pseudoku");
    if !binary.is_file() {
        let status = std::process::Command::new(env!("CARGO"))
            .args(["build", "-p", "pseudoku-cli"])
            .current_dir(&root)
            .status()
            .expect("run cargo");
        assert!(status.success(), "build the CLI");
    }
    binary
}

#[test]
fn a_printed_book_shows_its_puzzles_and_their_answers() {
    let binary = pseudoku_binary();
    let dir = std::env::temp_dir().join(format!("pseudoku-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (args, name, count) in [
        (vec!["book", "--size", "9", "--count", "5", "--seed", "1", "--difficulty", "medium"], "sudoku.html", 5),
        (vec!["book", "--pseudoku", "--size", "6", "--count", "3", "--seed", "2"], "pseudoku.html", 3),
    ] {
        let out = std::process::Command::new(&binary).args(&args).output().expect("run pseudoku book");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let path = dir.join(name);
        std::fs::write(&path, &out.stdout).unwrap();
        let app = App::open_at("");
        app.session.goto(&format!("file://{}", path.display())).unwrap();
        app.wait_until("the book", || app.exists(".answers"));
        assert_eq!(app.session.find_all(".puzzle svg").unwrap().len(), count, "{name}: the puzzles");
        assert_eq!(app.session.find_all(".answer svg").unwrap().len(), count, "{name}: the answers");
        app.screenshot(&format!("book-{name}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
