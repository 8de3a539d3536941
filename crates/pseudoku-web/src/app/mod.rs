//! The page's frame: which screen is open, the tabs that open screens, and
//! the theme.

pub mod view;

pub use view::App;
