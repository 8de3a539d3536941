//! End-to-end tests of the built app: the release build in `dist/`, served
//! on 127.0.0.1, in headless Chromium driven through ChromeDriver.
//!
//! `cargo xtask test` builds `dist/`, makes sure Chromium and ChromeDriver
//! are installed, and runs these tests. To run them by hand after
//! `cargo xtask build`: `cargo test -p pseudoku-e2e`.
//!
//! Settings, all optional: `PSEUDOKU_DIST` (the built app, default
//! `dist/`), `PSEUDOKU_CHROME` and `PSEUDOKU_CHROMEDRIVER` (the browser and
//! its driver, default `chromium` and `chromedriver` on `PATH`).
//!
//! Every test opens its own browser with a fresh profile (so local storage
//! starts empty) and saves screenshots under `target/e2e-screenshots/`.

pub mod server;
pub mod webdriver;

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use serde_json::{json, Value};

pub use webdriver::{keys, Element, Session};

/// How long to wait for the page to react.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// One browser at a time: the machine has two cores.
static TURN: Mutex<()> = Mutex::new(());

/// What a cell shows, read from the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
    pub value: Option<char>,
    pub given: bool,
    pub conflict: bool,
    pub selected: bool,
    pub label: String,
}

/// The app open in a browser.
pub struct App {
    // Fields drop in this order: the session (closing Chromium), then the
    // driver, then the profile folder; then the next test may start.
    pub session: Session,
    pub base_url: String,
    _driver: Driver,
    _profile: Profile,
    _turn: MutexGuard<'static, ()>,
}

impl App {
    /// Opens the app in a new browser on its classic sudoku screen and
    /// waits until the grid is there.
    pub fn open() -> App {
        let app = App::open_at("");
        app.click_css(".tab:nth-child(3)");
        app.wait_for_grid();
        app
    }

    /// Opens the app at `fragment` (such as `#seed=42` or `#p=…`) and waits
    /// until a grid is there.
    pub fn open_at(fragment: &str) -> App {
        let turn = TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let server = *SERVER.get_or_init(|| server::serve(dist_dir()).expect("start the static file server"));
        let driver = Driver::start();
        let profile = Profile::new();
        let session = Session::new(driver.addr, capabilities(&profile.0)).expect("start a browser session");
        let app =
            App { session, base_url: format!("http://{server}/"), _driver: driver, _profile: profile, _turn: turn };
        app.session.goto(&format!("{}{fragment}", app.base_url)).expect("open the page");
        app.wait_until("a grid", || app.exists("[role=grid] [role=gridcell]"));
        app
    }

    /// Clicks the element matching `css`.
    pub fn click_css(&self, css: &str) {
        let element = self.session.find(css).unwrap_or_else(|e| panic!("find {css}: {e}"));
        self.session.click(&element).unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    /// The text of the element matching `css`, or "" when there is none.
    pub fn text_of(&self, css: &str) -> String {
        match self.session.find_all(css).expect("query the page").first() {
            Some(e) => self.session.text(e).unwrap_or_default(),
            None => String::new(),
        }
    }

    /// Waits until the element matching `css` says `text`.
    pub fn wait_for_text(&self, css: &str, text: &str) {
        self.wait_until(&format!("{css} to say {text:?} (it says {:?})", self.text_of(css)), || {
            self.text_of(css) == text
        });
    }

    /// Where the Pseudoku board is in the viewport: left, top, cell side
    /// in pixels, and `N`. Scrolls it into view first.
    pub fn pboard(&self) -> (f64, f64, f64, usize) {
        let script = r#"
            const svg = document.querySelector('svg.pboard');
            svg.scrollIntoView({block: 'center'});
            const r = svg.getBoundingClientRect();
            const n = Number(svg.dataset.size);
            const side = r.width / (n + 0.2);
            return [r.left + 0.1 * side, r.top + 0.1 * side, side, n];"#;
        let v = self.session.execute(script, json!([])).expect("measure the board");
        let f = |i: usize| v[i].as_f64().unwrap_or(0.0);
        (f(0), f(1), f(2), f(3) as usize)
    }

    /// The viewport point at cell coordinates (column `x`, row `y`, in cells).
    pub fn board_point(&self, x: f64, y: f64) -> (f64, f64) {
        let (left, top, side, _) = self.pboard();
        (left + x * side, top + y * side)
    }

    /// The middle of the edge between cells `a` and `b` (orthogonal
    /// neighbours of an `n × n` grid), in cell coordinates.
    pub fn edge_middle(n: usize, a: usize, b: usize) -> (f64, f64) {
        let (a, b) = (a.min(b), a.max(b));
        let (row, col) = ((a / n) as f64, (a % n) as f64);
        if b == a + 1 {
            (col + 1.0, row + 0.5)
        } else {
            (col + 0.5, row + 1.0)
        }
    }

    /// Draws a stroke through these points (cell coordinates).
    pub fn stroke(&self, points: &[(f64, f64)]) {
        let (left, top, side, _) = self.pboard();
        let px: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (left + x * side, top + y * side)).collect();
        self.session.pointer_stroke(&px).expect("draw a stroke");
    }

    /// Taps the edge between cells `a` and `b`.
    pub fn tap_edge(&self, a: usize, b: usize) {
        let n = self.pboard().3;
        let p = App::edge_middle(n, a, b);
        self.stroke(&[p]);
    }

    /// Paints `cells` (a walk of orthogonal neighbours) in one stroke,
    /// through the middle of each cell.
    pub fn paint_walk(&self, cells: &[usize]) {
        let n = self.pboard().3;
        let points: Vec<(f64, f64)> = cells.iter().map(|&c| ((c % n) as f64 + 0.5, (c / n) as f64 + 0.5)).collect();
        self.stroke(&points);
    }

    /// The region number (`data-region`) of every Pseudoku cell.
    pub fn regions(&self) -> Vec<Option<usize>> {
        let script = "return Array.from(document.querySelectorAll('.pcell')).map(e => e.dataset.region);";
        let v = self.session.execute(script, json!([])).expect("read the regions");
        v.as_array().into_iter().flatten().map(|r| r.as_str().and_then(|s| s.parse().ok())).collect()
    }

    /// Makes the page's viewport (`innerWidth` × `innerHeight`) exactly this
    /// size, as a phone or a desktop window shows it: the window is resized,
    /// then grown by whatever its frame takes.
    pub fn set_viewport(&self, width: u32, height: u32) {
        self.session.set_window_size(width, height).expect("resize the window");
        let inner = self.session.execute("return [innerWidth, innerHeight]", json!([])).expect("the viewport");
        let frame = |i: usize, want: u32| want.saturating_sub(inner[i].as_u64().unwrap_or(u64::from(want)) as u32);
        let (dw, dh) = (frame(0, width), frame(1, height));
        if dw > 0 || dh > 0 {
            self.session.set_window_size(width + dw, height + dh).expect("resize the window");
        }
    }

    /// Shows the page as with a dark (or light) system theme.
    pub fn prefer_dark(&self, dark: bool) {
        let value = if dark { "dark" } else { "light" };
        self.session
            .cdp(
                "Emulation.setEmulatedMedia",
                json!({ "features": [{ "name": "prefers-color-scheme", "value": value }] }),
            )
            .expect("emulate the colour scheme");
    }

    /// Waits until the page shows all 81 cells.
    pub fn wait_for_grid(&self) {
        self.wait_until("the grid of 81 cells", || self.exists("#cell-80") && self.cells().len() == 81);
    }

    /// Polls `ok` until it holds, or fails the test with a screenshot.
    pub fn wait_until(&self, what: &str, mut ok: impl FnMut() -> bool) {
        if let Err(err) = self.session.wait_for(what, TIMEOUT, || Ok(ok().then_some(()))) {
            self.screenshot("timeout");
            panic!("{err}");
        }
    }

    /// Every cell of the grid, in row-major order.
    pub fn cells(&self) -> Vec<Cell> {
        let script = r#"
            return Array.from(document.querySelectorAll('[role=gridcell]')).map(e => ({
                row: Number(e.closest('[role=row]')?.getAttribute('aria-rowindex')) - 1,
                col: Number(e.getAttribute('aria-colindex')) - 1,
                value: e.dataset.value || null,
                given: e.classList.contains('given'),
                conflict: e.classList.contains('conflict'),
                selected: e.getAttribute('aria-selected') === 'true',
                label: e.getAttribute('aria-label') || '',
            }));"#;
        let list = self.session.execute(script, json!([])).expect("read the grid");
        list.as_array()
            .into_iter()
            .flatten()
            .map(|c| Cell {
                row: c["row"].as_u64().unwrap_or(0) as usize,
                col: c["col"].as_u64().unwrap_or(0) as usize,
                value: c["value"].as_str().and_then(|s| s.chars().next()),
                given: c["given"] == Value::Bool(true),
                conflict: c["conflict"] == Value::Bool(true),
                selected: c["selected"] == Value::Bool(true),
                label: c["label"].as_str().unwrap_or_default().to_owned(),
            })
            .collect()
    }

    /// The cell at row-major index `index`.
    pub fn cell(&self, index: usize) -> Cell {
        self.cells().swap_remove(index)
    }

    /// Clicks a cell, as a person would.
    pub fn click_cell(&self, index: usize) {
        let rect = self.session.find(&format!("#cell-{index} .bg")).expect("find the cell");
        self.session.click(&rect).expect("click the cell");
        self.wait_until("the clicked cell to be selected", || self.cell(index).selected);
    }

    /// Types keys on whatever has focus.
    pub fn press<'a>(&self, keys: impl IntoIterator<Item = &'a str>) {
        self.session.press_keys(keys).expect("press keys");
    }

    /// Opens the app at `fragment` with the viewport `(width, height)` and a dark (or light) system theme.
    pub fn open_as(fragment: &str, (width, height): (u32, u32), dark: bool) -> App {
        let app = App::open_at(fragment);
        app.set_viewport(width, height);
        app.prefer_dark(dark);
        app
    }

    /// Pastes `text` into the Sudoku screen's paste box and uses it.
    pub fn paste(&self, text: &str) {
        self.session
            .execute(
                "const t = document.querySelector('.paste-text'); t.value = arguments[0];
                 t.dispatchEvent(new Event('input', {bubbles: true}));
                 document.querySelector('button.use-paste').click();",
                json!([text]),
            )
            .expect("paste into the paste box");
    }

    /// Scrolls the page back to its top.
    pub fn scroll_to_top(&self) {
        self.session.execute("window.scrollTo(0, 0)", json!([])).expect("scroll to the top");
    }

    /// Types text, one key per character, on whatever has focus.
    pub fn type_text(&self, text: &str) {
        let chars: Vec<String> = text.chars().map(String::from).collect();
        self.session.press_keys(chars.iter().map(String::as_str)).expect("type text");
    }

    /// The status line.
    pub fn status(&self) -> String {
        let status = self.session.find("[role=status]").expect("find the status line");
        self.session.text(&status).expect("read the status line")
    }

    /// Does the element matching `css` exist?
    pub fn exists(&self, css: &str) -> bool {
        !self.session.find_all(css).expect("query the page").is_empty()
    }

    /// Saves a screenshot as `target/e2e-screenshots/NAME.png` and returns
    /// its path.
    pub fn screenshot(&self, name: &str) -> PathBuf {
        let dir = target_dir().join("e2e-screenshots");
        std::fs::create_dir_all(&dir).expect("create the screenshot folder");
        let path = dir.join(format!("{name}.png"));
        match self.session.screenshot() {
            Ok(png) => std::fs::write(&path, png).expect("write the screenshot"),
            Err(err) => eprintln!("no screenshot {name}: {err}"),
        }
        path
    }
}

static SERVER: OnceLock<SocketAddr> = OnceLock::new();

/// The browser options: headless, no network but loopback, a fresh profile.
fn capabilities(profile: &Path) -> Value {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
        "--no-default-browser-check",
        "--window-size=900,1100",
        &format!("--user-data-dir={}", profile.display()),
    ];
    json!({
        "browserName": "chrome",
        "goog:chromeOptions": { "binary": on_path(&program("PSEUDOKU_CHROME", "chromium")), "args": args },
    })
}

/// A program named by an environment variable, or its usual name.
fn program(var: &str, default: &str) -> String {
    std::env::var(var).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_owned())
}

/// The full path of a program named without one (ChromeDriver wants the
/// browser's full path).
fn on_path(name: &str) -> String {
    if name.contains('/') {
        return name.to_owned();
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .map_or_else(|| name.to_owned(), |p| p.display().to_string())
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is inside the workspace").to_owned()
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| workspace_root().join("target"))
}

/// The built app; fails with a hint when it has not been built.
fn dist_dir() -> PathBuf {
    let dist = std::env::var_os("PSEUDOKU_DIST").map(PathBuf::from).unwrap_or_else(|| workspace_root().join("dist"));
    assert!(
        dist.join("index.html").is_file(),
        "no web build in {}: run `cargo xtask build` first (or `cargo xtask test`, which does it)",
        dist.display()
    );
    dist
}

/// A ChromeDriver process on a free port; killed on drop.
struct Driver {
    addr: SocketAddr,
    child: Child,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("find a free port").port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let log = target_dir().join("e2e-chromedriver.log");
        let name = program("PSEUDOKU_CHROMEDRIVER", "chromedriver");
        let child = Command::new(&name)
            .arg(format!("--port={port}"))
            .arg(format!("--log-path={}", log.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("could not start {name} ({e}); install chromium-driver or set PSEUDOKU_CHROMEDRIVER")
            });
        let mut driver = Driver { addr, child };
        for _ in 0..200 {
            if webdriver::is_ready(addr) {
                return driver;
            }
            if let Ok(Some(status)) = driver.child.try_wait() {
                panic!("{name} exited at start ({status}); see {}", log.display());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{name} did not become ready on {addr}; see {}", log.display());
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh, empty browser profile folder; removed on drop.
struct Profile(PathBuf);

impl Profile {
    fn new() -> Profile {
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("pseudoku-e2e-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a browser profile folder");
        Profile(dir)
    }
}

impl Drop for Profile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
