//! The page's frame: which screen is open ([`state`]: the `Shell` reducer,
//! the theme) and the root component with its tabs ([`view`]).

pub mod state;
pub mod view;

pub use view::App;
