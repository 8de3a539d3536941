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
    /// Opens the app in a new browser and waits until the grid is there.
    pub fn open() -> App {
        App::open_at("")
    }

    /// Opens the app at `fragment` (such as `#seed=42`).
    pub fn open_at(fragment: &str) -> App {
        let turn = TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let server = *SERVER.get_or_init(|| server::serve(dist_dir()).expect("start the static file server"));
        let driver = Driver::start();
        let profile = Profile::new();
        let session = Session::new(driver.addr, capabilities(&profile.0)).expect("start a browser session");
        let app =
            App { session, base_url: format!("http://{server}/"), _driver: driver, _profile: profile, _turn: turn };
        app.session.goto(&format!("{}{fragment}", app.base_url)).expect("open the page");
        app.wait_for_grid();
        app
    }

    /// Waits until the page shows all 81 cells.
    pub fn wait_for_grid(&self) {
        self.wait_until("the grid of 81 cells", || self.cells().len() == 81);
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
                row: Number(e.dataset.row), col: Number(e.dataset.col),
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
        let rect = self.session.find(&format!("#cell-{index} rect")).expect("find the cell");
        self.session.click(&rect).expect("click the cell");
        self.wait_until("the clicked cell to be selected", || self.cell(index).selected);
    }

    /// Types keys on whatever has focus.
    pub fn press<'a>(&self, keys: impl IntoIterator<Item = &'a str>) {
        self.session.press_keys(keys).expect("press keys");
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
