//! The address: the fragment a link opens (`#p=`, `#e=`, `#s=`, `#seed=`,
//! `#import=` with an f-puzzles or SudokuPad link),
//! the links the app makes, and the address bar, which names the work on
//! screen a moment after each change.

use std::cell::RefCell;

use pseudoku_core::format::link::{self, Challenge};
use pseudoku_core::seed::seed_from_text;
use wasm_bindgen::JsValue;

use super::storage::{load_text, store_text};

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
    /// `#import=…`: an f-puzzles or SudokuPad link, read in the worker.
    Import(String),
    /// Nothing the page knows.
    None,
}

/// Reads a fragment such as `#p=AQEJ…` with the engine's reader
/// (`link::parse_fragment`: a fragment over `link::MAX_LINK_LEN` refused
/// unread, values percent-decoded and trimmed, unknown keys named); a
/// damaged link is an error that says what is wrong.
pub fn parse_fragment(hash: &str) -> Result<Fragment, String> {
    let fragment = link::parse_fragment(hash).map_err(|e| e.to_string())?;
    if let link::Fragment::Play(link::Shared::Sudoku(v)) | link::Fragment::Edit(link::Shared::Sudoku(v)) = &fragment {
        super::fits_the_page(v)?;
    }
    Ok(match fragment {
        link::Fragment::Play(link::Shared::Pseudoku(c)) => Fragment::Play(c),
        link::Fragment::Play(link::Shared::Sudoku(v)) => Fragment::Sudoku(v),
        link::Fragment::Edit(link::Shared::Pseudoku(c)) => Fragment::Edit(c),
        link::Fragment::Edit(link::Shared::Sudoku(v)) => Fragment::EditSudoku(v),
        link::Fragment::Seed(seed) => Fragment::Seed(seed),
        link::Fragment::Import(text) => Fragment::Import(text),
        link::Fragment::None => Fragment::None,
    })
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

/// Shows the pending address, and notes it as the one its work last showed,
/// beside the one it replaces: a reload already on its way when the timer
/// fires loads the address before, and must still find the work.
fn show_pending() {
    if let Some((hash, key)) = URL_PENDING.with(|p| p.borrow_mut().take()) {
        let before = current_hash();
        show_in_url(&hash);
        let _ = store_text(&format!("{key}.shown"), &format!("{before}\n{hash}"));
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
    let now = current_hash();
    let shown = load_text(&format!("{key}.shown"))?;
    let work = load_text(key)?;
    lags(&now, &shown, &work, is_reload()).then_some(work)
}

/// Does the address `now` lag behind the `work` kept, given the addresses
/// the work `shown` (the one before the last, then the last)? Only a
/// setter's own address (`#e=…`) does: the last it showed, or after a
/// reload also the one before (a link opened afresh at that older address
/// is that link).
fn lags(now: &str, shown: &str, work: &str, reload: bool) -> bool {
    let mut addresses = shown.lines().rev().take(if reload { 2 } else { 1 });
    now.starts_with("#e=") && addresses.any(|s| s == now) && !now.ends_with(work)
}

/// Was this page loaded by a reload?
fn is_reload() -> bool {
    let Some(performance) = web_sys::window().and_then(|w| w.performance()) else { return false };
    let entry = performance.get_entries_by_type("navigation").get(0);
    js_sys::Reflect::get(&entry, &JsValue::from_str("type")).ok().and_then(|t| t.as_string()).as_deref()
        == Some("reload")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reload_finds_the_work_at_either_address_it_showed_a_fresh_link_only_at_the_last() {
        let shown = "#e=old\n#e=new";
        assert!(lags("#e=old", shown, "newest", true), "a reload under way when the bar changed");
        assert!(lags("#e=new", shown, "newest", true));
        assert!(lags("#e=new", shown, "newest", false), "a restored tab at the last address");
        assert!(!lags("#e=old", shown, "newest", false), "a link opened afresh is that link");
        assert!(!lags("#e=new", shown, "new", true), "the address names the work");
        assert!(!lags("#p=new", shown, "newest", true), "only a setter's own address");
        assert!(lags("#e=only", "#e=only", "newest", false), "a single address, as kept before a change showed");
    }

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
        let long = format!("#p={}", "A".repeat(link::MAX_LINK_LEN));
        let too_long = parse_fragment(&long).unwrap_err();
        // Just under the limit: read (and found damaged), not refused for its size.
        let under = format!("#p={}", "A".repeat(link::MAX_LINK_LEN - 4));
        assert_ne!(parse_fragment(&under).unwrap_err(), too_long);
    }

    #[test]
    fn sudoku_links_larger_than_the_page_draws_are_refused_by_name() {
        // `k`×`k` grids of 8×8 side by side: 64·k² cells.
        let link_of = |k: usize| {
            let mut text = format!("size 8\nboard {0}x{0}\n", 8 * k);
            for g in 0..k * k {
                text += &format!("grid {} {} boxes 2x4\n", g / k * 8, g % k * 8);
            }
            let variant: pseudoku_core::format::Variant = text.parse().unwrap();
            link::encode_sudoku(&variant).unwrap()
        };
        let fits = link_of(6); // 2,304 cells
        assert!(matches!(parse_fragment(&format!("#p={fits}")), Ok(Fragment::Sudoku(_))));
        let too_big = link_of(7); // 3,136 cells
        for hash in [format!("#p={too_big}"), format!("#e={too_big}")] {
            let why = parse_fragment(&hash).unwrap_err();
            assert!(why.contains("3136 cells") && why.contains("at most 2500"), "{why}");
        }
    }
}
