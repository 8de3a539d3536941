//! Pseudoku solved as a person solves it: named deductions on the edges
//! between cells, a solve path that always takes the easiest, a rating, and
//! hints from a player's position.
//!
//! # The state
//!
//! A [`Board`] marks every edge between orthogonal neighbours as
//! [`Mark::Open`], [`Mark::Border`] (different regions; walls start so) or
//! [`Mark::Join`] (same region). Joined cells form **groups**, each with its
//! symbols. A board starts from an [`Instance`](crate::partition::Instance)
//! ([`Board::new`]) or from a player's position ([`Board::from_player`]).
//!
//! # The techniques
//!
//! Each [`Technique`] has a weight and lives with its family: `basic.rs`
//! (full region, shared symbol, too big, already separated, only way out),
//! `areas.rs` (closed areas, missing symbols), `shapes.rs` (every region a
//! group can still become, listed within a budget), `assume.rs`
//! (suppositions followed to a contradiction). A technique hands what it
//! finds to a collector: the first step for a solve path, or every decision
//! at once when a supposition is followed (`follow.rs`). A found
//! deduction is a [`Step`]: the technique, the cells and edges that make it
//! so, the borders and joins it decides, and a sentence
//! ([`Step::explanation`]).
//!
//! # The rating
//!
//! [`rate`] follows the path that always takes the easiest step
//! ([`Stepper`]); the [`Level`] and [`Score`] are those of its hardest step.
//! Every technique is monotone (more borders and joins never stop it from
//! deciding what it decided), so the level is the easiest level whose
//! techniques alone solve the challenge, and a wall that agrees with the
//! answer never makes a challenge harder. [`construct_rated`] makes
//! challenges of a level.
//!
//! **Invariant:** every step holds in every answer that agrees with the
//! board it was found on (so from a challenge's walls: in every answer).
//! Budgets count nodes (shapes tried, suppositions made), never time.
//! `partition` knows nothing of this module.

mod answers;
mod areas;
mod assume;
mod basic;
mod board;
mod cells;
mod construct;
mod ctx;
mod fits;
mod follow;
mod known;
mod memo;
mod path;
mod prior;
mod runs;
mod scratch;
mod settle;
mod shapes;
mod step;
mod technique;

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

pub use board::{Board, Contradiction, Mark, PlayerState, StateError};
pub use construct::{construct_rated, RatedConfig, RatedConstruction};
pub use path::{
    next_step, next_step_trying, rate, solve_path, supposed, DeduceConfig, End, Next, Rating, Score, Stepper,
};
pub use step::{name as cell_name, Step};
pub use technique::{Level, Technique};
