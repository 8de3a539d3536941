//! Everything that talks to the browser outside the component tree, so
//! that the screens stay plain: [`storage`] (local storage and every key),
//! [`url`] (the address and the links), [`export`] (clipboard, files,
//! print) and [`page`] (seed, focus, theme, visibility). The engine's
//! worker has its own client (`crate::engine::client`).
//!
//! Each function copes with a missing API (no `window`, storage disabled)
//! by doing nothing, so a locked-down browser still gets a working page.

pub mod export;
pub mod page;
pub mod storage;
pub mod url;

pub use export::{board_svg, copy_to_clipboard, download_png, download_svg, print};
pub use page::{
    fits_the_page, focus_within_grid, page_hidden, random_seed, register_service_worker, remove_boot_message,
    set_theme, typing_in_field,
};
pub use storage::{
    evicted_notice, keep_history, load_history, load_text, play_key, store_evicting, store_text, LAST_PLAYED_KEY,
    SETTER_KEY,
};
pub use url::{
    challenge_hash, challenge_url, keep_work, lagging_work, page_base, parse_fragment, seed_hash, seed_in_hash,
    show_in_url, url_fragment, url_seed, Fragment,
};
