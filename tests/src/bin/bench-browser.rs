//! The browser benchmark (`cargo xtask bench-browser`): the release build in
//! headless Chromium, timed inside the page with `performance.now()`.
//!
//! - Wall toggle to answer count on screen, 9×9 challenges with 8+ walls
//!   (the 2014 puzzle and constructed ones): goal a median ≤ 20 ms.
//! - A long 16×16 count: toggle to the first progress on screen (goal
//!   ≤ 100 ms), and a key pressed during it to the moved focus on screen
//!   (goal ≤ 50 ms).
//! - The sudoku player: a key typed to the cell repainted, on a 25×25 and
//!   on the samurai (goal ≤ 16 ms).
//! - The sudoku setter: a given typed or erased to the solution count on
//!   screen, on a 9×9 (goal ≤ 20 ms) and on the samurai (goal ≤ 50 ms).
//! - The hardest ratings (five of the forum's SE 11+ puzzles, in
//!   `tests/data/forum-11plus.txt`): from the puzzle opened (its link set
//!   in the address bar) to the first progress on screen ("rating… 11.1 so
//!   far") and to the final rating on screen, each checked against the
//!   engine's own rating; and a key typed during the rating to the cell
//!   repainted (the rating never blocks play: goal ≤ 16 ms, as above).
//! - Pseudoku hints in Play: minimal-wall 9×9 challenges solved hint by
//!   hint, each Hint press to its nudge on screen (goal ≤ 20 ms).
//! - First render on localhost (goal ≤ 1 s) and the bundle's gzipped size
//!   (goal ≤ 500 KB).
//! - Hostile links: a 64 KB link, a 1 MB fragment, the 200-grid layout
//!   and the engine's largest layout set in the address bar, to the alert
//!   on screen; the largest layout the page draws, to its last cell on
//!   screen (goal ≤ 200 ms each). As page loads, from navigation start: a
//!   1 MB fragment, and the largest layout's saved game after a reload
//!   (goal ≤ 1 s, as for the first render).
//!
//! `bench-browser N` runs each timed input N times (default 20);
//! `bench-browser N ratings` runs the hardest ratings alone, and
//! `bench-browser N sudoku` the sudoku player and setter alone, and
//! `bench-browser N hints` the Pseudoku hints alone.
//!
//! Each time ends at the first animation frame after the page shows the
//! result, so it includes the worker round trip and Yew's render.

use std::path::PathBuf;
use std::process::Command;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use pseudoku_core::format::link::{encode, encode_sudoku, Challenge, VERSION};
use pseudoku_core::format::Variant;
use pseudoku_core::generate::{generate, GenerateConfig};
use pseudoku_core::layout::CellId;
use pseudoku_core::partition::{construct, ConstructConfig, Difficulty, Edge, Instance};
use pseudoku_e2e::App;
use serde_json::json;

const SEED_PUZZLE: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                           4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";
const SLOW_16: &str = "6EG9D21B38F57CA4B43159DAECG728F6784GAF5D291C6B3EEDF42897BGC6A153472CG1E58DAB936FCG7AF3B61428D9E52A836CG15FE4B79D31C6EB72DA4GF5895392BEC4G76A8FD1F6579A3841BDEGC21BAD876FC39E542G9F6B3G8E75D1C24AG9BE15A3628F4D7C851F4D2CA6793EGBD2E8C649FB53GA17ACD574FG9E3216B8";

/// Toggles the edge at viewport point (x, y) with synthetic pointer
/// events, then waits for `done(text of .count)` and one frame.
const TOGGLE: &str = r#"
const [x, y, until, callback] = arguments;
const svg = document.querySelector('svg.pboard');
const count = document.querySelector('.count');
const done = new RegExp(until);
const ev = (type, buttons) => new PointerEvent(type, {bubbles: true, cancelable: true, clientX: x, clientY: y,
    pointerId: 1, button: 0, buttons, pointerType: 'mouse', isPrimary: true});
let seenChange = false;
const before = count.textContent;
const t0 = performance.now();
const check = () => {
  if (count.textContent !== before) seenChange = true;
  if (seenChange && done.test(count.textContent)) {
    observer.disconnect();
    requestAnimationFrame(() => callback(performance.now() - t0));
    return true;
  }
  return false;
};
const observer = new MutationObserver(check);
observer.observe(count, {subtree: true, childList: true, characterData: true});
svg.dispatchEvent(ev('pointerdown', 1));
svg.dispatchEvent(ev('pointerup', 0));
check();
"#;

/// Sets the address's fragment and waits for the element `until` (the
/// link alert, or the last cell of the opened puzzle), then one frame.
/// Answers two times: from the assignment to `location.hash`, which for a
/// long fragment is mostly the browser's own work on the address, and from
/// the `hashchange` event (a capturing listener, so before the app's) on,
/// which is the page's.
const HOSTILE: &str = r#"
const [fragment, until, callback] = arguments;
let event = null;
const seen = () => { event = performance.now(); };
window.addEventListener('hashchange', seen, {capture: true, once: true});
const go = () => {
  const t0 = performance.now();
  location.hash = fragment;
  const poll = () => {
    if (document.querySelector(until) && event !== null) {
      requestAnimationFrame(() => callback([performance.now() - t0, performance.now() - event]));
    } else {
      setTimeout(poll, 0);
    }
  };
  poll();
};
// The last alert is dismissed first, so the next one is new.
const gone = () => document.querySelector('.link-alert') ? setTimeout(gone, 0) : go();
const old = document.querySelector('.link-alert button');
if (old) old.click();
gone();
"#;

/// Waits for the element `until` after a page load, then one frame: the
/// time since navigation started.
const LOADED: &str = r#"
const [until, callback] = arguments;
const poll = () => {
  if (document.querySelector(until)) {
    requestAnimationFrame(() => callback(performance.now()));
  } else {
    setTimeout(poll, 0);
  }
};
poll();
"#;

/// Clicks tab `tab` and waits for the element `until`, then one frame.
const TAB: &str = r#"
const [tab, until, callback] = arguments;
const t0 = performance.now();
document.querySelector('.tab:nth-child(' + tab + ')').click();
const poll = () => {
  if (document.querySelector(until)) {
    requestAnimationFrame(() => callback(performance.now() - t0));
  } else {
    setTimeout(poll, 0);
  }
};
poll();
"#;

/// Presses ArrowRight (ArrowLeft at the end of a row) and waits for the
/// focus ring to move to the next cell. The focus is read from the page: a
/// press on the board (the wall toggles) moves it there.
const KEY: &str = r#"
const [callback] = arguments;
const from = Number(document.querySelector('.pcell.focus').dataset.cell);
const n = Math.round(Math.sqrt(document.querySelectorAll('.pcell').length));
const right = from % n < n - 1;
const cell = right ? from + 1 : from - 1;
const t0 = performance.now();
document.dispatchEvent(new KeyboardEvent('keydown', {key: right ? 'ArrowRight' : 'ArrowLeft', bubbles: true, cancelable: true}));
const poll = () => {
  if (document.querySelector('#pcell-' + cell + '.focus')) {
    requestAnimationFrame(() => callback(performance.now() - t0));
  } else {
    setTimeout(poll, 0);
  }
};
poll();
"#;

/// Types `key` into the selected cell and waits until cell `cell` shows
/// `shown` ("" for empty), then one frame.
const TYPE: &str = r#"
const [cell, key, shown, callback] = arguments;
const el = document.getElementById('cell-' + cell);
const t0 = performance.now();
const code = /[0-9]/.test(key) ? 'Digit' + key : key;
document.dispatchEvent(new KeyboardEvent('keydown', {key, code, bubbles: true, cancelable: true}));
const poll = () => {
  if ((el.dataset.value || '') === shown) {
    requestAnimationFrame(() => callback(performance.now() - t0));
  } else {
    setTimeout(poll, 0);
  }
};
poll();
"#;

/// Presses `key` in the setter and waits for the count to match `until`
/// (after it changed), then one frame.
const SET: &str = r#"
const [key, until, callback] = arguments;
const count = document.querySelector('.count');
const done = new RegExp(until);
const before = count.textContent;
let changed = false;
const t0 = performance.now();
const check = () => {
  if (count.textContent !== before) changed = true;
  if (changed && done.test(count.textContent) && !count.textContent.startsWith('counting')) {
    observer.disconnect();
    requestAnimationFrame(() => callback(performance.now() - t0));
  }
};
const observer = new MutationObserver(check);
observer.observe(count, {subtree: true, childList: true, characterData: true});
const code = /[0-9]/.test(key) ? 'Digit' + key : key;
document.dispatchEvent(new KeyboardEvent('keydown', {key, code, bubbles: true, cancelable: true}));
"#;

/// Opens a puzzle by its fragment and answers when its rating's first
/// progress is on screen (then one frame); the start is kept in
/// `window.__rateT0` for [`RATED`].
const RATE: &str = r#"
const [fragment, callback] = arguments;
window.__rateT0 = performance.now();
location.hash = fragment;
const poll = () => {
  const e = document.querySelector('.title-row .difficulty.rating');
  if (e && e.textContent.includes('so far')) {
    requestAnimationFrame(() => callback(performance.now() - window.__rateT0));
  } else {
    setTimeout(poll, 0);
  }
};
poll();
"#;

/// Waits for the final rating on screen (then one frame): the time since
/// [`RATE`] opened the puzzle, and the rating's text.
const RATED: &str = r#"
const [callback] = arguments;
const poll = () => {
  const e = document.querySelector('.title-row .difficulty:not(.rating)');
  if (e) {
    requestAnimationFrame(() => callback([performance.now() - window.__rateT0, e.textContent]));
  } else {
    setTimeout(poll, 20);
  }
};
poll();
"#;

/// Solves the open Pseudoku challenge with hints: Hint, then "Show the
/// step", then "Apply this step", until none is left. Answers the time of
/// each Hint press to its nudge on screen (then one frame), and the
/// technique each nudge names.
const HINTS: &str = r#"
const [callback] = arguments;
const button = (text) => [...document.querySelectorAll('button')].find(b => b.textContent.trim() === text);
const frame = () => new Promise(r => requestAnimationFrame(r));
(async () => {
  const out = [];
  for (let i = 0; i < 400; i++) {
    const hint = button('Hint');
    if (!hint || hint.disabled) break;
    const t0 = performance.now();
    hint.click();
    while (!button('Show the step')) await new Promise(r => setTimeout(r, 0));
    await frame();
    const t = performance.now() - t0;
    const said = document.querySelector('.lesson').textContent;
    out.push([t, (said.match(/“([^”]+)”/) || [])[1] || '']);
    button('Show the step').click();
    await frame();
    button('Apply this step').click();
    await frame();
  }
  callback(out);
})();
"#;

const FINAL: &str = r"^(no answer|exactly one answer|\d+ answers|at least \d+ answers)$";

/// Pseudoku hints in Play: minimal-wall 9×9 challenges (`rounds` of them,
/// at most 5) solved hint by hint, each Hint press to its nudge on screen
/// (goal: a median ≤ 20 ms; the worst and the slowest technique said too).
fn pseudoku_hints(rounds: usize) {
    let config = ConstructConfig { difficulty: Difficulty::Hard, ..ConstructConfig::new(9) };
    let (mut times, mut slowest) = (Vec::new(), (0.0, String::new()));
    let challenges = rounds.clamp(1, 5);
    for seed in 1..=challenges as u64 {
        let instance = construct(&config, seed).expect("a 9×9 construction").instance;
        let link = encode(&Challenge { instance, title: String::new(), author: String::new() });
        let app = App::open_at(&format!("#p={link}"));
        app.session.set_script_timeout(120_000).unwrap();
        app.wait_until("the level", || {
            app.text_of(".level").starts_with("Level: ") && !app.text_of(".level").contains('…')
        });
        let said = app.session.execute_async(HINTS, json!([])).expect("hints to the end");
        for pair in said.as_array().expect("a list") {
            let t = ms(pair[0].clone());
            if t > slowest.0 {
                slowest = (t, pair[1].as_str().unwrap_or_default().to_owned());
            }
            times.push(t);
        }
        assert!(app.text_of(".play-status").starts_with("Solved"), "the hints solve challenge {seed}");
    }
    let over = times.iter().filter(|&&t| t > 20.0).count();
    println!("Pseudoku hints in Play, {challenges} minimal-wall 9×9 challenges solved hint by hint:");
    report(&format!("  Hint → nudge on screen ({over} over 20 ms; the slowest a {})", slowest.1), &times, 20.0);
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn ms(value: serde_json::Value) -> f64 {
    value.as_f64().unwrap_or(f64::NAN)
}

fn edit(instance: &Instance) -> String {
    format!("#e={}", encode(&Challenge { instance: instance.clone(), title: String::new(), author: String::new() }))
}

fn report(what: &str, times: &[f64], goal: f64) {
    let m = median(times.to_vec());
    let worst = times.iter().copied().fold(0.0, f64::max);
    let verdict = if m <= goal { "meets" } else { "MISSES" };
    println!("{what}: median {m:.1} ms, worst {worst:.1} ms over {} runs; goal ≤ {goal} ms: {verdict}", times.len());
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    // `bench-browser N ratings` (or `sudoku`): that part alone.
    match std::env::args().nth(2).as_deref() {
        Some("ratings") => return hardest_ratings(rounds),
        Some("sudoku") => return sudoku_screens(rounds),
        Some("hints") => return pseudoku_hints(rounds),
        _ => {}
    }
    // 9×9 challenges with 8 or more walls: the 2014 puzzle and the first
    // four medium constructions (seeds 1, 2, …) that have as many.
    let mut instances: Vec<Instance> = vec![SEED_PUZZLE.parse().unwrap()];
    let config = ConstructConfig { difficulty: Difficulty::Medium, ..ConstructConfig::new(9) };
    let made = (1..).map(|seed| construct(&config, seed).expect("a 9×9 construction").instance);
    instances.extend(made.filter(|i| i.wall_count() >= 8).take(4));

    let mut toggles = Vec::new();
    for instance in &instances {
        let app = App::open_at(&edit(instance));
        app.session.set_script_timeout(60_000).unwrap();
        app.wait_until("the first count", || regex_like(&app.text_of(".count")));
        // An edge that is not a wall, toggled on and off.
        let edge = Edge::all(9).find(|e| !instance.has_wall(*e) && e.a() >= CellId(10)).unwrap();
        let (x, y) = App::edge_middle(9, edge.a().index(), edge.b().index());
        let (px, py) = app.board_point(x, y);
        for _ in 0..rounds {
            let t = app.session.execute_async(TOGGLE, json!([px, py, FINAL])).expect("toggle");
            toggles.push(ms(t));
        }
    }
    println!("Pseudoku in headless Chromium (release build), {} 9×9 challenges with 8+ walls:", instances.len());
    report("  wall toggle → answer count on screen", &toggles, 20.0);

    let slow: Instance = SLOW_16.parse().unwrap();
    let app = App::open_at(&edit(&slow));
    app.session.set_script_timeout(60_000).unwrap();
    let mut progress = Vec::new();
    let mut keys = Vec::new();
    for i in 0..rounds.min(10) {
        let edge = Edge::new(16, CellId((16 * i + 3) as u32), CellId((16 * i + 4) as u32)).unwrap();
        let (x, y) = App::edge_middle(16, edge.a().index(), edge.b().index());
        let (px, py) = app.board_point(x, y);
        let t = app.session.execute_async(TOGGLE, json!([px, py, "nodes searched"])).expect("toggle on a 16×16");
        progress.push(ms(t));
        let t = app.session.execute_async(KEY, json!([])).expect("a key during the count");
        keys.push(ms(t));
        let count = app.text_of(".count");
        assert!(count.starts_with("counting"), "the key came during the count, not after: {count}");
        // The wall goes again, so each round has one wall and a long count.
        app.session.execute_async(TOGGLE, json!([px, py, "nodes searched"])).expect("the wall back off");
    }
    println!("A 16×16 with a long count (16×16 Latin square, no walls):");
    report("  wall toggle → first progress on screen", &progress, 100.0);
    report("  key pressed during the count → focus moved on screen", &keys, 50.0);
    drop(app);

    sudoku_screens(rounds);

    pseudoku_hints(rounds);

    hardest_ratings(rounds);

    let mut renders = Vec::new();
    for _ in 0..5 {
        let app = App::open_at("");
        let t = app
            .session
            .execute("return performance.getEntriesByName('pseudoku-rendered')[0].startTime", json!([]))
            .expect("the render mark");
        renders.push(ms(t));
    }
    println!("Page load:");
    report("  first render (navigation start → first grid rendered), fresh profile", &renders, 1000.0);

    // Hostile links: a fragment set in the address bar to the alert on
    // screen, all on the page's thread (goal ≤ 200 ms for any link up to
    // 64 KB; longer ones are refused before they are read).
    println!("Hostile links (the page's part: hashchange event → alert or puzzle on screen):");
    let app = App::open_at("");
    app.session.set_script_timeout(60_000).unwrap();
    let junk64: String = (0..64 * 1024 - 3).map(|i| ['A', 'B', 'Q', 'w', '-', '_'][i % 6]).collect();
    // The layout that took 7 s to refuse: 200 grids of 35×35 on a
    // 1024×1024 board, about 3 KB of link text.
    let many_grids = variant_link(1024, 35, (5, 7), 200, 29);
    // The largest layout the engine reads (256 grids of 8×8, 16,384 cells),
    // too large for the page to draw; and the largest the page draws (36
    // grids, 2,304 cells, under its cap of 2,500).
    let engines_largest = variant_link(128, 8, (2, 4), 256, 16);
    let largest = variant_link(48, 8, (2, 4), 36, 6);
    let alert = ".link-alert";
    let last_cell = format!("#cell-{}", 48 * 48 - 1);
    for (name, fragment, until, goal) in [
        ("64 KB of link text, refused", format!("#p={junk64}"), alert, 200.0),
        ("a 1 MB fragment, refused", format!("#p={}", "A".repeat(1 << 20)), alert, 200.0),
        ("200 grids of 35×35 (3 KB), refused", many_grids, alert, 200.0),
        ("the largest layout the engine reads (16,384 cells, 10 KB), refused", engines_largest, alert, 200.0),
        ("the largest layout the page draws (2,304 cells), opened", largest.clone(), &last_cell, 200.0),
    ] {
        let (mut totals, mut times) = (Vec::new(), Vec::new());
        for round in 0..rounds.min(5) {
            // A different fragment each round, so each is a change (a
            // link may end in spaces, as chat apps pass them on).
            let fragment = format!("{fragment}{}", ["", "%20"][round % 2]);
            let both = app.session.execute_async(HOSTILE, json!([fragment, until])).expect("a hostile link");
            totals.push(ms(both[0].clone()));
            times.push(ms(both[1].clone()));
            if until != alert {
                app.session.execute("location.hash = ''", json!([])).unwrap();
            }
        }
        let total = median(totals);
        report(&format!("  {name} (hashchange → on screen; from the address set: {total:.0} ms)"), &times, goal);
    }
    drop(app);

    // As page loads: the time from navigation start (the app's own start-up
    // included) to the alert; and with the largest layout's game saved, a
    // load without a link to the first render, then the Sudoku tab to the
    // saved game on screen.
    println!("Hostile links as page loads (navigation start → alert or first render):");
    let app = App::open_at("");
    app.session.set_script_timeout(60_000).unwrap();
    let base = app.base_url.clone();
    let (mut refused, mut reloaded, mut resumed) = (Vec::new(), Vec::new(), Vec::new());
    let mut browser_alone = Vec::new();
    // Each load comes from a blank page, so that it is a load and not a
    // change of fragment.
    let load = |url: &str| {
        app.session.goto("about:blank").unwrap();
        app.session.goto(url).unwrap();
    };
    for _ in 0..rounds.min(5) {
        // The browser's own share: the same fragment on a static file (the
        // app's icon), to the first moment a script can run there.
        load(&format!("{base}icon.svg#p={}", "A".repeat(1 << 20)));
        browser_alone.push(ms(app.session.execute("return performance.now()", json!([])).unwrap()));
        load(&format!("{base}#p={}", "A".repeat(1 << 20)));
        refused.push(ms(app.session.execute_async(LOADED, json!([alert])).expect("the alert on load")));
        load(&format!("{base}{largest}"));
        app.session.execute_async(LOADED, json!([last_cell])).expect("the largest layout");
        load(&base);
        let rendered = "return performance.getEntriesByName('pseudoku-rendered')[0]?.startTime ?? null";
        app.wait_until("the first render", || app.session.execute(rendered, json!([])).is_ok_and(|t| t.is_number()));
        reloaded.push(ms(app.session.execute(rendered, json!([])).unwrap()));
        resumed.push(ms(app.session.execute_async(TAB, json!([3, last_cell])).expect("the saved game")));
    }
    let alone = median(browser_alone);
    report(
        &format!("  a 1 MB fragment, refused (the browser alone, on a static file: {alone:.0} ms)"),
        &refused,
        1000.0,
    );
    report("  the largest layout's game saved: first render of a load without a link", &reloaded, 1000.0);
    report("  … then the Sudoku tab → the saved game on screen", &resumed, 200.0);
    drop(app);

    let dist = std::env::var_os("PSEUDOKU_DIST").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("dist"));
    let mut total = 0;
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&dist).expect("read dist/") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "wasm" || e == "js") {
            let out = Command::new("gzip").arg("-9c").arg(&path).output().expect("run gzip");
            total += out.stdout.len();
            files.push(format!(
                "{} {:.0} KB",
                path.file_name().unwrap().to_string_lossy(),
                out.stdout.len() as f64 / 1000.0
            ));
        }
    }
    files.sort();
    let verdict = if total <= 500_000 { "meets" } else { "MISSES" };
    println!(
        "  bundle, all wasm and JS gzipped -9: {:.0} KB ({}); goal ≤ 500 KB: {verdict}",
        total as f64 / 1000.0,
        files.join(", ")
    );
}

/// The sudoku screens: a key typed to the cell repainted on the largest
/// boards, and a given typed or erased in the setter to the solution count.
fn sudoku_screens(rounds: usize) {
    // Input to repaint on the largest boards: a digit typed, then erased.
    println!("Sudoku player:");
    let samurai: Variant =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/variants/samurai.txt"))
            .unwrap()
            .parse()
            .unwrap();
    let big: Variant = "size 25\n".parse().unwrap();
    let made = generate(big.layout(), &GenerateConfig::default(), 1).unwrap();
    let big = big.with_givens(Some(made.givens)).unwrap();
    for (name, variant) in [("25×25", &big), ("samurai", &samurai)] {
        let app = App::open_at(&format!("#p={}", encode_sudoku(variant).unwrap()));
        app.session.set_script_timeout(60_000).unwrap();
        let cells = variant.layout().cell_count();
        app.wait_until("the board", || app.session.find_all("[role=gridcell]").unwrap().len() == cells);
        let empty = (0..cells).find(|&c| variant.givens().unwrap()[c].is_none()).unwrap();
        app.session
            .execute(
                "document.getElementById('cell-' + arguments[0]).dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));",
                json!([empty]),
            )
            .unwrap();
        let mut times = Vec::new();
        for _ in 0..rounds {
            times.push(ms(app.session.execute_async(TYPE, json!([empty, "1", "1"])).expect("type")));
            times.push(ms(app.session.execute_async(TYPE, json!([empty, "Backspace", ""])).expect("erase")));
        }
        report(&format!("  input → repaint, {name} ({cells} cells), a digit typed and erased"), &times, 16.0);
    }

    // The sudoku setter: a given typed to the solution count on screen.
    println!("Sudoku setter:");
    for (name, variant, goal) in [("9×9", None, 20.0), ("samurai", Some(&samurai), 50.0)] {
        let fragment = match variant {
            Some(v) => format!("#e={}", encode_sudoku(v).unwrap()),
            None => {
                let plain: Variant = "size 9\n".parse().unwrap();
                let made = generate(plain.layout(), &GenerateConfig::default(), 7).unwrap();
                format!("#e={}", encode_sudoku(&plain.with_givens(Some(made.givens)).unwrap()).unwrap())
            }
        };
        let app = App::open_at(&fragment);
        app.session.set_script_timeout(60_000).unwrap();
        app.wait_until("the first count", || app.text_of(".count") == "exactly one solution");
        let givens = match variant {
            Some(v) => v.givens().unwrap().to_vec(),
            None => {
                let line = app.session.find("textarea.export-line").unwrap();
                let text = app.session.property(&line, "value").unwrap().unwrap();
                pseudoku_core::format::line::parse(&pseudoku_core::layout::Layout::classic(3).unwrap(), &text).unwrap()
            }
        };
        let given = (0..givens.len()).find(|&c| givens[c].is_some()).unwrap();
        let symbol = givens[given].unwrap().to_string();
        app.session
            .execute(
                "document.getElementById('cell-' + arguments[0]).dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));",
                json!([given]),
            )
            .unwrap();
        let mut times = Vec::new();
        for _ in 0..rounds {
            // Erase the given (several solutions), then type it back (one).
            times.push(ms(app.session.execute_async(SET, json!(["Backspace", r"solutions$"])).expect("erase")));
            times.push(ms(app.session.execute_async(SET, json!([symbol, "^exactly one solution$"])).expect("type")));
        }
        // Erasing comes while the worker may still be rating the unique
        // puzzle typed before (then it is terminated for a spare).
        let erased = median(times.iter().step_by(2).copied().collect());
        let typed = median(times.iter().skip(1).step_by(2).copied().collect());
        report(
            &format!("  keystroke → solution count on screen, {name} (erase {erased:.1} ms, type {typed:.1} ms)"),
            &times,
            goal,
        );
    }
}

/// The forum's hardest puzzles rated in the worker, each once (a rating
/// takes seconds, and is the same every time): open to first progress and
/// to the final rating on screen, and keys typed while it runs.
fn hardest_ratings(rounds: usize) {
    use pseudoku_core::logic::{RateConfig, Rater};
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/forum-11plus.txt")).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
    let plain: Variant = "size 9\n".parse().unwrap();
    let app = App::open();
    app.session.set_script_timeout(300_000).unwrap();
    app.wait_until("the first puzzle", || app.exists(".title-row .difficulty:not(.rating)"));
    let (mut firsts, mut finals, mut keys) = (Vec::new(), Vec::new(), Vec::new());
    println!(
        "The hardest ratings in the worker ({} forum SE 11+ puzzles, tests/data/forum-11plus.txt):",
        puzzles.len()
    );
    for puzzle in puzzles {
        let givens = pseudoku_core::format::line::parse(plain.layout(), puzzle).unwrap();
        let mut rater = Rater::new(plain.layout(), &givens, RateConfig::default()).unwrap();
        while rater.step().is_some() {}
        let native = rater.finish();
        let variant = plain.clone().with_givens(Some(givens.clone())).unwrap();
        let fragment = format!("#p={}", encode_sudoku(&variant).unwrap());
        firsts.push(ms(app.session.execute_async(RATE, json!([fragment])).expect("the rating's progress")));
        // Keys typed into an empty cell while the rating runs.
        let empty = (0..81).find(|&c| givens[c].is_none()).unwrap();
        app.session
            .execute(
                "document.getElementById('cell-' + arguments[0]).dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));",
                json!([empty]),
            )
            .unwrap();
        for _ in 0..rounds {
            let typed = ms(app.session.execute_async(TYPE, json!([empty, "1", "1"])).expect("type"));
            let erased = ms(app.session.execute_async(TYPE, json!([empty, "Backspace", ""])).expect("erase"));
            if !app.exists(".title-row .difficulty.rating") {
                break;
            }
            keys.extend([typed, erased]);
        }
        let done = app.session.execute_async(RATED, json!([])).expect("the rating");
        let shown = done[1].as_str().unwrap_or_default().to_owned();
        let se = format!("{:.1}", native.se);
        assert!(shown.contains(&se), "the browser rates {puzzle} {shown:?}, the engine natively {se}");
        println!(
            "    {puzzle}: {shown}, first progress {:.0} ms, rated in {:.2} s",
            firsts.last().unwrap(),
            ms(done[0].clone()) / 1000.0
        );
        finals.push(ms(done[0].clone()));
    }
    report("  puzzle opened → first progress on screen", &firsts, 1000.0);
    report("  puzzle opened → final rating on screen", &finals, 5000.0);
    if keys.is_empty() {
        println!("  a key typed during the rating: no rating lasted long enough to type into");
    } else {
        report("  a key typed during the rating → cell repainted", &keys, 16.0);
    }
}

/// A play link (`#p=…`) of an empty sudoku on a `board`×`board` board with
/// `grids` grids of `size` (boxes `rows`×`cols`), `per_row` to a row.
fn variant_link(board: usize, size: usize, (rows, cols): (usize, usize), grids: usize, per_row: usize) -> String {
    let mut text = format!("size {size}\nboard {board}x{board}\n");
    for g in 0..grids {
        text += &format!("grid {} {} boxes {rows}x{cols}\n", g / per_row * size, g % per_row * size);
    }
    match text.parse::<Variant>() {
        Ok(variant) => format!("#p={}", encode_sudoku(&variant).expect("a link of the layout")),
        // Too large for the engine to encode: the bytes are written by hand
        // as `encode_sudoku` lays them out (version, kind 2, size, the
        // layout, the cell count, no givens, no title), for the app to refuse.
        Err(_) => {
            let mut bytes = vec![VERSION, 2, size as u8];
            bytes.extend((text.len() as u16).to_be_bytes());
            bytes.extend(text.as_bytes());
            bytes.extend([0xff, 0xff, 0]);
            format!("#p={}", URL_SAFE_NO_PAD.encode(bytes))
        }
    }
}

/// A final count text.
fn regex_like(text: &str) -> bool {
    text == "no answer"
        || text == "exactly one answer"
        || text.strip_suffix(" answers").is_some_and(|n| n.trim_start_matches("at least ").parse::<u64>().is_ok())
}
