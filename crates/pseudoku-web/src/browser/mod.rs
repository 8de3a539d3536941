//! Everything that talks to the browser outside the component tree: local
//! storage, the URL fragment (`#p=`, `#e=`, `#seed=`), the clipboard, the
//! random seed of a new puzzle, keyboard focus, and the engine's Web Worker
//! ([`EngineWorker`]).
//!
//! Each function copes with a missing API (no `window`, storage disabled)
//! by doing nothing, so a locked-down browser still gets a working page.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_storage::{LocalStorage, Storage};
use pseudoku_core::format::link::{self, Challenge, LinkError};
use pseudoku_core::seed::seed_from_text;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::MessageEvent;

/// Seeds of new puzzles are below this, so they are short to read and type.
const SEED_LIMIT: f64 = 1e9;

/// A fresh seed for "New puzzle". The engine never reads a clock or a
/// global RNG; the page does, here.
pub fn random_seed() -> u64 {
    let r = js_sys::Math::random();
    (r * SEED_LIMIT) as u64 % SEED_LIMIT as u64
}

/// `window.localStorage` throws when storage is disabled, and gloo-storage
/// would panic on it: ask first.
fn storage_available() -> bool {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).is_some()
}

/// The seed named by the URL: `#seed=123` is the number 123, any other text
/// (`#seed=hello`) is hashed with the engine's `seed_from_text`.
pub fn url_seed() -> Option<u64> {
    let hash = web_sys::window()?.location().hash().ok()?;
    seed_in_hash(&hash)
}

/// Parses the `seed` entry of a URL fragment such as `#seed=42&x=1`.
pub fn seed_in_hash(hash: &str) -> Option<u64> {
    let value = hash.trim_start_matches('#').split('&').find_map(|kv| kv.strip_prefix("seed="))?;
    let value = percent_encoding::percent_decode_str(value).decode_utf8_lossy();
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    Some(value.parse().unwrap_or_else(|_| seed_from_text(value)))
}

/// The link fragment for a seed.
pub fn seed_hash(seed: u64) -> String {
    format!("#seed={seed}")
}

/// Moves keyboard focus to the element with this id, but only when focus is
/// already inside the grid (so typing after "New puzzle" does not jump).
pub fn focus_within_grid(id: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let in_grid = document.active_element().and_then(|e| e.closest("[role=grid]").ok().flatten()).is_some();
    if !in_grid {
        return;
    }
    if let Some(element) = document.get_element_by_id(id).and_then(|e| e.dyn_into::<web_sys::SvgElement>().ok()) {
        let _ = element.focus();
    }
}

/// What the URL fragment asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fragment {
    /// `#p=…` of a Pseudoku challenge: play it.
    Play(Challenge),
    /// `#p=…` of a sudoku: play it.
    Sudoku(Box<pseudoku_core::format::Variant>),
    /// `#e=…` of a sudoku: open it in the sudoku setter.
    EditSudoku(Box<pseudoku_core::format::Variant>),
    /// `#e=…`: open this challenge in the setter.
    Edit(Challenge),
    /// `#seed=…`: the classic sudoku of this seed.
    Seed(u64),
    /// Nothing the page knows.
    None,
}

/// The longest fragment the page reads: a longer one is refused before
/// any of it is decoded, so no link can hold the page for long.
pub const MAX_FRAGMENT: usize = 64 * 1024;

/// Reads a fragment such as `#p=AQEJ…`; a damaged link is an error that
/// says what is wrong. The value is percent-decoded and stripped of the
/// spaces chat apps add at the end; the key is matched as it is, so a
/// fragment with no key the page knows (`#P=…`, `#p%3D…`) is refused with
/// a reason, not ignored.
pub fn parse_fragment(hash: &str) -> Result<Fragment, String> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    if hash.len() > MAX_FRAGMENT {
        return Err(format!(
            "it is {} characters long, and links of up to {MAX_FRAGMENT} characters are read",
            hash.len()
        ));
    }
    let value = |text: &str| percent_encoding::percent_decode_str(text).decode_utf8_lossy().trim().to_owned();
    let decode = |text: &str| link::decode_shared(&value(text)).map_err(|e: LinkError| e.to_string());
    for part in hash.split('&') {
        if let Some(text) = part.strip_prefix("p=") {
            return decode(text).map(|shared| match shared {
                link::Shared::Pseudoku(c) => Fragment::Play(c),
                link::Shared::Sudoku(v) => Fragment::Sudoku(v),
            });
        }
        if let Some(text) = part.strip_prefix("e=") {
            return decode(text).map(|shared| match shared {
                link::Shared::Pseudoku(c) => Fragment::Edit(c),
                link::Shared::Sudoku(v) => Fragment::EditSudoku(v),
            });
        }
    }
    if let Some(seed) = seed_in_hash(hash) {
        return Ok(Fragment::Seed(seed));
    }
    if value(hash).is_empty() {
        return Ok(Fragment::None);
    }
    let shown: String = hash.chars().take(12).collect();
    let more = if shown.len() < hash.len() { "…" } else { "" };
    Err(format!("“#{shown}{more}” is not a link Pseudoku knows (its links start with #p=, #e= or #seed=)"))
}

/// The fragment of the page's URL.
pub fn url_fragment() -> Result<Fragment, String> {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    parse_fragment(&hash)
}

/// The fragment of a challenge's link: `#p=…` to play, `#e=…` to edit.
pub fn challenge_hash(challenge: &Challenge, edit: bool) -> String {
    format!("#{}={}", if edit { "e" } else { "p" }, link::encode(challenge))
}

/// The page's address without its fragment.
pub fn page_base() -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_owned()
}

/// The whole link of a challenge, from the page's own address.
pub fn challenge_url(challenge: &Challenge, edit: bool) -> String {
    format!("{}{}", page_base(), challenge_hash(challenge, edit))
}

/// Registers the service worker (`sw.js`) that keeps the app working
/// offline after one visit; a browser without service workers just goes on.
pub fn register_service_worker() {
    if let Some(window) = web_sys::window() {
        let container = window.navigator().service_worker();
        let _ = container.register("./sw.js");
    }
}

/// Sets `data-theme` on the page (`None`: follow the system).
pub fn set_theme(name: Option<&str>) {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let _ = match name {
        Some(name) => root.set_attribute("data-theme", name),
        None => root.remove_attribute("data-theme"),
    };
}

/// The style properties an exported SVG needs inline (a file has no
/// stylesheet).
const EXPORTED_STYLE: &[&str] = &[
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-linecap",
    "opacity",
    "font-size",
    "font-weight",
    "font-family",
    "text-anchor",
    "dominant-baseline",
    "text-decoration",
];

/// The board (the first `svg[role=grid]`) as a standalone SVG file, its
/// computed styles inlined, so it looks as it does on the page.
pub fn board_svg() -> Option<String> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let board = document.query_selector("svg[role=grid]").ok()??;
    let copy: web_sys::Element = board.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    let originals = board.query_selector_all("*").ok()?;
    let copies = copy.query_selector_all("*").ok()?;
    for i in 0..originals.length() {
        let (Some(original), Some(target)) = (originals.item(i), copies.item(i)) else { continue };
        let (Ok(original), Ok(target)) =
            (original.dyn_into::<web_sys::Element>(), target.dyn_into::<web_sys::Element>())
        else {
            continue;
        };
        let Ok(Some(style)) = window.get_computed_style(&original) else { continue };
        let inline: String = EXPORTED_STYLE
            .iter()
            .filter_map(|p| style.get_property_value(p).ok().filter(|v| !v.is_empty()).map(|v| format!("{p}:{v};")))
            .collect();
        let _ = target.set_attribute("style", &inline);
    }
    let background = window
        .get_computed_style(&board)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("background-color").ok())
        .unwrap_or_default();
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    let _ = copy.set_attribute("style", &format!("background:{background}"));
    let rect = board.get_bounding_client_rect();
    let _ = copy.set_attribute("width", &format!("{}", rect.width().round()));
    let _ = copy.set_attribute("height", &format!("{}", rect.height().round()));
    Some(copy.outer_html())
}

/// Offers `data` as a file download named `name`.
fn download(name: &str, url: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(a) = document.create_element("a") else { return };
    let _ = a.set_attribute("href", url);
    let _ = a.set_attribute("download", name);
    if let Ok(a) = a.dyn_into::<web_sys::HtmlElement>() {
        a.click();
    }
}

/// Downloads the board as an SVG file.
pub fn download_svg(name: &str) {
    let Some(svg) = board_svg() else { return };
    let url = format!("data:image/svg+xml;charset=utf-8,{}", js_sys::encode_uri_component(&svg));
    download(&format!("{name}.svg"), &url);
}

/// Downloads the board as a PNG file (drawn from its SVG at twice the size
/// it has on screen).
pub fn download_png(name: &str) {
    let Some(svg) = board_svg() else { return };
    let url = format!("data:image/svg+xml;charset=utf-8,{}", js_sys::encode_uri_component(&svg));
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(image) = web_sys::HtmlImageElement::new() else { return };
    let name = format!("{name}.png");
    let loaded = image.clone();
    let on_load = Closure::once(move || {
        let (w, h) = (loaded.natural_width() * 2, loaded.natural_height() * 2);
        let Ok(canvas) =
            document.create_element("canvas").and_then(|c| Ok(c.dyn_into::<web_sys::HtmlCanvasElement>()?))
        else {
            return;
        };
        canvas.set_width(w);
        canvas.set_height(h);
        let Ok(Some(context)) = canvas.get_context("2d") else { return };
        let Ok(context) = context.dyn_into::<web_sys::CanvasRenderingContext2d>() else { return };
        let _ = context.draw_image_with_html_image_element_and_dw_and_dh(&loaded, 0.0, 0.0, w.into(), h.into());
        if let Ok(png) = canvas.to_data_url_with_type("image/png") {
            download(&name, &png);
        }
    });
    image.set_onload(Some(on_load.as_ref().unchecked_ref()));
    on_load.forget();
    image.set_src(&url);
}

/// Opens the browser's print dialog (the print stylesheet shows the puzzle alone).
pub fn print() {
    if let Some(window) = web_sys::window() {
        let _ = window.print();
    }
}

/// Shows `hash` in the address bar without a history entry (and drops any
/// address [`keep_work`] was about to show).
pub fn show_in_url(hash: &str) {
    URL_PENDING.with(|p| p.borrow_mut().take());
    let Some(window) = web_sys::window() else { return };
    if window.location().hash().ok().as_deref() == Some(hash) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(hash));
    }
}

thread_local! {
    /// The address [`keep_work`] will show, and the key of the work it names.
    static URL_PENDING: RefCell<Option<(String, &'static str)>> = const { RefCell::new(None) };
    /// Its timer (kept after it fires, until the next one replaces it).
    static URL_TIMER: RefCell<Option<gloo_timers::callback::Timeout>> = const { RefCell::new(None) };
    /// Shows a pending address before the page goes.
    static URL_FLUSH: RefCell<Option<gloo_events::EventListener>> = const { RefCell::new(None) };
}

/// How long [`keep_work`] waits to show the work's address.
const URL_DELAY_MS: u32 = 250;

/// The current address's fragment (`#…`), or "".
fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Shows the pending address, and notes it as the one its work last showed.
fn show_pending() {
    if let Some((hash, key)) = URL_PENDING.with(|p| p.borrow_mut().take()) {
        show_in_url(&hash);
        let _ = store_text(&format!("{key}.shown"), &hash);
    }
}

/// Shows the pending address as the page goes, without noting it: a reload
/// may already have taken the old address, and must then find the work.
fn show_pending_at_exit() {
    if let Some((hash, _)) = URL_PENDING.with(|p| p.borrow_mut().take()) {
        show_in_url(&hash);
    }
}

/// Keeps a setter's work under `key` (now) and names it in the address bar
/// as `hash` (a moment later: the browser's `replaceState` can take
/// milliseconds, which would delay the edit's count on screen; a newer
/// address replaces a pending one, and one still pending when the page goes
/// is shown then). The address the bar showed is noted with the work, so a
/// reload that comes before the bar caught up opens the work
/// ([`lagging_work`]). Fails as [`store_text`] does.
pub fn keep_work(key: &'static str, text: &str, hash: &str) -> Result<(), String> {
    let kept = store_text(key, text).and_then(|()| store_text(&format!("{key}.shown"), &current_hash()));
    URL_FLUSH.with(|l| {
        l.borrow_mut().get_or_insert_with(|| {
            gloo_events::EventListener::new(&gloo_utils::window(), "pagehide", |_| show_pending_at_exit())
        });
    });
    let waiting = URL_PENDING.with(|p| p.borrow_mut().replace((hash.to_owned(), key)).is_some());
    if !waiting {
        let timer = gloo_timers::callback::Timeout::new(URL_DELAY_MS, show_pending);
        URL_TIMER.with(|t| *t.borrow_mut() = Some(timer));
    }
    kept
}

/// The work kept under `key` when the page was loaded at an address that
/// lagged behind it (the address the work last showed, before its newest
/// change reached the bar); `None` otherwise, when the address is what to
/// open.
pub fn lagging_work(key: &str) -> Option<String> {
    // Only a setter's own address (`#e=…`) lags behind its work.
    let now = current_hash();
    let shown = load_text(&format!("{key}.shown"))?;
    let work = load_text(key)?;
    (now.starts_with("#e=") && shown == now && !now.ends_with(&work)).then_some(work)
}

/// Copies text to the clipboard, if the browser lets the page.
pub fn copy_to_clipboard(text: &str, done: impl FnOnce(Result<(), String>) + 'static) {
    let Some(window) = web_sys::window() else {
        return done(Err("no window".into()));
    };
    let promise = window.navigator().clipboard().write_text(text);
    // One of the two runs: the other is dropped with the promise.
    let done = Rc::new(RefCell::new(Some(done)));
    let finish = move |outcome: Result<(), String>| {
        if let Some(done) = done.borrow_mut().take() {
            done(outcome);
        }
    };
    let (ok, err) = (finish.clone(), finish);
    let on_ok = Closure::once(move |_: JsValue| ok(Ok(())));
    let on_err = Closure::once(move |_: JsValue| err(Err("the browser did not allow it".into())));
    let _ = promise.then2(&on_ok, &on_err);
    on_ok.forget();
    on_err.forget();
}

/// Reads a stored text; `None` when absent or storage is unavailable.
pub fn load_text(key: &str) -> Option<String> {
    if !storage_available() {
        return None;
    }
    LocalStorage::raw().get_item(key).ok().flatten()
}

/// Stores a text; the reason when the browser refuses (full or blocked).
pub fn store_text(key: &str, value: &str) -> Result<(), String> {
    if !storage_available() {
        return Err("this browser does not let the page store anything".into());
    }
    LocalStorage::raw().set_item(key, value).map_err(|e| {
        let name = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.name())).unwrap_or_default();
        if name == "QuotaExceededError" {
            "the browser's storage is full".to_owned()
        } else {
            "the browser refused to store it".to_owned()
        }
    })
}

/// The storage key of a challenge's progress.
pub fn play_key(challenge_key: &str) -> String {
    format!("pseudoku.play.{challenge_key}")
}

/// Where the setter's work and the last challenge played are kept.
pub const SETTER_KEY: &str = "pseudoku.setter";
pub const LAST_PLAYED_KEY: &str = "pseudoku.play.last";

/// True when a key event comes from a text field or a menu, where keys
/// are the field's own.
pub fn typing_in_field(event: &web_sys::Event) -> bool {
    let Some(element) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return false };
    matches!(element.tag_name().to_ascii_lowercase().as_str(), "input" | "textarea" | "select")
}

/// Whether the page is hidden (another tab, a minimised window).
pub fn page_hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

/// The engine in a Web Worker (this page's own module, run by
/// `web/engine.js`).
///
/// One request runs at a time. A request sent while another is still
/// running terminates the worker and hands the request to a spare one (a
/// worker busy in a search cannot read a cancel message), so a superseded
/// search never keeps a core busy and the new one need not wait for a
/// worker to load; a new spare then starts in the background. Once a
/// request's worker says it is yielding ([`crate::engine::wire::Body::Yielding`]:
/// what is left runs in short slices), the next request goes to it and
/// stops the rest, without a new worker. Requests sent before the worker is
/// ready wait, the newest replacing any older one.
pub struct EngineWorker {
    inner: Rc<RefCell<WorkerState>>,
}

/// One started worker.
struct Slot {
    worker: web_sys::Worker,
    /// Which start this was; the worker's messages carry it, so those of a
    /// worker that is gone are ignored.
    id: u64,
    ready: bool,
    _listeners: [Closure<dyn FnMut(MessageEvent)>; 2],
}

struct WorkerState {
    current: Option<Slot>,
    /// Started ahead, for the next restart.
    spare: Option<Slot>,
    started: u64,
    waiting: Option<crate::engine::wire::Request>,
    in_flight: Option<u64>,
    on_reply: Rc<dyn Fn(crate::engine::wire::Reply)>,
}

/// The worker's script (`web/engine.js`): it instantiates the page's own
/// module, whose `main` then serves the engine.
const WORKER_SCRIPT: &str = "./engine.js";

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The URL of this module's wasm-bindgen glue (`import.meta.url`).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// A module worker running this page's module: it gets the glue's URL and
/// the compiled module itself, so nothing is fetched or compiled again.
fn spawn_engine() -> Option<web_sys::Worker> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(WORKER_SCRIPT, &options).ok()?;
    let glue = GLUE_URL.with(|url| JsValue::from_str(url));
    let start = js_sys::Array::of2(&glue, &wasm_bindgen::module());
    worker.post_message(&start).ok()?;
    Some(worker)
}

impl EngineWorker {
    pub fn new(on_reply: impl Fn(crate::engine::wire::Reply) + 'static) -> EngineWorker {
        let inner = Rc::new(RefCell::new(WorkerState {
            current: None,
            spare: None,
            started: 0,
            waiting: None,
            in_flight: None,
            on_reply: Rc::new(on_reply),
        }));
        EngineWorker { inner }
    }

    /// Runs `request`, cancelling whatever runs now.
    pub fn send(&self, request: crate::engine::wire::Request) {
        let restart = {
            let state = self.inner.borrow();
            state.current.is_none() || state.in_flight.is_some()
        };
        self.inner.borrow_mut().waiting = Some(request);
        if restart {
            let mut state = self.inner.borrow_mut();
            if let Some(old) = state.current.take() {
                old.worker.terminate();
            }
            state.in_flight = None;
            let spare = state.spare.take();
            drop(state);
            let current = spare.or_else(|| start(&self.inner));
            if current.is_none() {
                let (waiting, on_reply) = {
                    let mut state = self.inner.borrow_mut();
                    (state.waiting.take(), state.on_reply.clone())
                };
                if let Some(id) = waiting.map(|r| r.id) {
                    let message = "The page could not start its engine (Web Workers are blocked).".to_owned();
                    on_reply(crate::engine::wire::Reply {
                        id,
                        last: true,
                        body: crate::engine::wire::Body::Failed { message },
                    });
                }
                return;
            }
            self.inner.borrow_mut().current = current;
        }
        flush(&self.inner);
        if self.inner.borrow().spare.is_none() {
            let spare = start(&self.inner);
            self.inner.borrow_mut().spare = spare;
        }
    }
}

impl Drop for EngineWorker {
    fn drop(&mut self) {
        let mut state = self.inner.borrow_mut();
        for slot in [state.current.take(), state.spare.take()].into_iter().flatten() {
            slot.worker.terminate();
        }
    }
}

/// Starts a worker whose messages go to whichever place (current or
/// spare) holds it then.
fn start(inner: &Rc<RefCell<WorkerState>>) -> Option<Slot> {
    let worker = spawn_engine()?;
    let id = {
        let mut state = inner.borrow_mut();
        state.started += 1;
        state.started
    };
    let weak: Weak<RefCell<WorkerState>> = Rc::downgrade(inner);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(inner) = weak.upgrade() else { return };
        let Ok(bytes) = event.data().dyn_into::<js_sys::Uint8Array>() else { return };
        let Ok(reply) = crate::engine::wire::Reply::from_bytes(&bytes.to_vec()) else { return };
        let on_reply = {
            let mut state = inner.borrow_mut();
            if reply.body == crate::engine::wire::Body::Ready {
                let both = &mut *state;
                let slot = [both.current.as_mut(), both.spare.as_mut()].into_iter().flatten().find(|s| s.id == id);
                if let Some(slot) = slot {
                    slot.ready = true;
                }
                drop(state);
                flush(&inner);
                return;
            }
            if state.current.as_ref().map(|s| s.id) != Some(id) {
                return;
            }
            if reply.body == crate::engine::wire::Body::Yielding {
                // The worker reads requests again: the next goes to it.
                if state.in_flight == Some(reply.id) {
                    state.in_flight = None;
                }
                return;
            }
            if reply.last && state.in_flight == Some(reply.id) {
                state.in_flight = None;
            }
            state.on_reply.clone()
        };
        on_reply(reply);
    });
    let weak: Weak<RefCell<WorkerState>> = Rc::downgrade(inner);
    let on_error = Closure::<dyn FnMut(MessageEvent)>::new(move |_event: MessageEvent| {
        let Some(inner) = weak.upgrade() else { return };
        let (failed, on_reply) = {
            let mut state = inner.borrow_mut();
            if state.spare.as_ref().is_some_and(|s| s.id == id) {
                if let Some(spare) = state.spare.take() {
                    spare.worker.terminate();
                }
                return;
            }
            if state.current.as_ref().map(|s| s.id) != Some(id) {
                return;
            }
            // The next request starts a fresh worker.
            if let Some(current) = state.current.take() {
                current.worker.terminate();
            }
            // A worker that failed before it was ready fails what waits.
            let failed = state.in_flight.take().or_else(|| state.waiting.take().map(|r| r.id));
            (failed, state.on_reply.clone())
        };
        if let Some(id) = failed {
            let message = "The engine stopped with an error; change something to try again.".to_owned();
            on_reply(crate::engine::wire::Reply {
                id,
                last: true,
                body: crate::engine::wire::Body::Failed { message },
            });
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Slot { worker, id, ready: false, _listeners: [on_message, on_error] })
}

/// Posts the waiting request to the current worker once it is ready.
fn flush(inner: &Rc<RefCell<WorkerState>>) {
    let mut state = inner.borrow_mut();
    let Some(current) = state.current.as_ref().filter(|s| s.ready) else { return };
    let worker = current.worker.clone();
    let Some(request) = state.waiting.take() else { return };
    if worker.post_message(&js_sys::Uint8Array::from(&request.to_bytes()[..])).is_ok() {
        state.in_flight = Some(request.id);
    }
}

/// Removes the "Loading…" text that index.html shows until the app starts,
/// and marks the moment (`performance.mark("pseudoku-rendered")`, read by
/// the browser benchmark).
pub fn remove_boot_message() {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("pseudoku-rendered");
    }
    if let Some(boot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_in_links() {
        assert_eq!(seed_in_hash("#seed=42"), Some(42));
        assert_eq!(seed_in_hash("seed=42"), Some(42));
        assert_eq!(seed_in_hash("#x=1&seed=7"), Some(7));
        assert_eq!(seed_in_hash("#seed=hello"), Some(seed_from_text("hello")));
        assert_eq!(seed_in_hash("#seed=h%C3%A9llo"), Some(seed_from_text("héllo")));
        assert_eq!(seed_in_hash("#seed=%zz"), Some(seed_from_text("%zz")));
        assert_eq!(seed_in_hash("#seed="), None);
        assert_eq!(seed_in_hash(""), None);
        assert_eq!(seed_in_hash(&seed_hash(123)), Some(123));
    }

    #[test]
    fn fragments_name_what_to_open() {
        let challenge = Challenge {
            instance: crate::pseudoku::examples::SEED_PUZZLE.parse().unwrap(),
            title: "<b>x</b>".into(),
            author: String::new(),
        };
        let play = challenge_hash(&challenge, false);
        assert!(play.starts_with("#p="));
        assert_eq!(parse_fragment(&play), Ok(Fragment::Play(challenge.clone())));
        assert_eq!(parse_fragment(&challenge_hash(&challenge, true)), Ok(Fragment::Edit(challenge)));
        assert_eq!(parse_fragment("#seed=5"), Ok(Fragment::Seed(5)));
        assert_eq!(parse_fragment(""), Ok(Fragment::None));
        assert!(parse_fragment(&play[..40]).is_err(), "a cut link is refused");
    }

    #[test]
    fn fragments_as_chat_apps_and_servers_pass_them_on() {
        let challenge = Challenge {
            instance: crate::pseudoku::examples::SEED_PUZZLE.parse().unwrap(),
            title: "A title".into(),
            author: String::new(),
        };
        let play = challenge_hash(&challenge, false);
        let opened = Ok(Fragment::Play(challenge));
        assert_eq!(parse_fragment(&format!("{play}%20")), opened, "a space added at the end");
        assert_eq!(parse_fragment(&format!("{play} \n")), opened);
        for unknown in [play.replacen("#p=", "#P=", 1), play.replacen("#p=", "#%70=", 1), play.replacen("=", "%3D", 1)]
        {
            let why = parse_fragment(&unknown).unwrap_err();
            assert!(why.contains("not a link Pseudoku knows"), "{unknown}: {why}");
        }
        assert_eq!(parse_fragment("#"), Ok(Fragment::None));
    }

    #[test]
    fn a_fragment_past_the_limit_is_refused_before_it_is_read() {
        let long = format!("#p={}", "A".repeat(MAX_FRAGMENT));
        let why = parse_fragment(&long).unwrap_err();
        assert!(why.contains(&MAX_FRAGMENT.to_string()), "{why}");
        // Just under the limit: read (and found damaged), not refused for its size.
        let under = format!("#p={}", "A".repeat(MAX_FRAGMENT - 3));
        assert!(!parse_fragment(&under).unwrap_err().contains("characters are read"));
    }
}
