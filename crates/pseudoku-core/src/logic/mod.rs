//! Solving as a person does: one named step at a time, each with the cells,
//! symbols and houses that explain it, and a difficulty rating on the
//! Sudoku Explainer (SE) scale.
//!
//! A [`Board`] holds values and candidates (up to 64 symbols). [`next_step`]
//! returns the easiest [`Step`] available: the techniques are tried from the
//! lowest rating up, each family in its own file, generic over houses so
//! they work on every variant. [`rate()`] applies easiest steps until the
//! grid is solved; the rating is the hardest step on that path, as Sudoku
//! Explainer rates, and the [`Level`] follows from it.
//!
//! ```
//! use pseudoku_core::layout::Layout;
//! use pseudoku_core::format::line;
//! use pseudoku_core::logic::{rate, Level};
//!
//! let layout = Layout::classic(3).unwrap();
//! let givens = line::parse(&layout,
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let rating = rate(&layout, &givens).unwrap();
//! assert!(rating.solved);
//! assert_eq!(rating.level, Level::Easy);
//! ```

mod board;
mod chains;
mod colouring;
mod explain;
mod finned_fish;
mod fish;
mod forcing;
mod intersections;
mod links;
mod rate;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod technique;
mod uniqueness;
mod wings;

pub(crate) use board::symbols_of;
pub use board::{Board, LogicError, MAX_SYMBOLS};
pub use explain::{cell_name, house_name};
pub use forcing::{Budget, MAX_LEVEL};
pub(crate) use rate::symbols_among;
pub use rate::{next_step, rate, rate_with, Level, RateConfig, Rater, Rating, DEFAULT_BUDGET};
pub(crate) use step::direct;
pub use step::{Link, LinkKind, Step};
pub use technique::{ForcingForm, Technique};

#[cfg(test)]
mod tests;
