//! How the engine is timed, shared by the two programs that time it: the
//! CLI's `pseudoku bench` (the engine alone) and the bench crate's `peers`
//! (the engine, then a named peer on the same inputs). Both measure the
//! engine through this crate, so they print the same lines and their
//! figures compare; the peers stay in `pseudoku-bench`, out of the user's
//! binary.
//!
//! [`Timing`] is the throughput, median and worst of a list of times;
//! [`compare`] the line that sets a peer's beside it. [`runs`] holds the
//! engine's side of each timed job: it times the work alone (never the
//! checks), checks every result, prints an `error:` line for each that fails
//! and the summary lines, and returns what a peer needs to do the same work.

pub mod runs;
mod timing;

pub use runs::{check_answer, fail, Measured};
pub use timing::{compare, Timing};
