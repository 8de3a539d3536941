//! The answers of a challenge, found before its logic by `partition`'s
//! search, used only to skip work that cannot find anything.
//!
//! Every technique is sound: on a board that agrees with an answer, a
//! supposition that agrees with that answer too follows only to marks of
//! the answer, so it never breaks a rule. The suppositions on such a board
//! are tried only against the answers it agrees with (`assume.rs` marks
//! the marks of those answers as known to break nothing). The first
//! supposition that breaks a rule is the same as without the answers, so
//! the steps are too; only nodes are saved.

use super::board::{Board, Mark};
use crate::partition::{first_answers, Instance, Partition};

/// The most nodes of `partition`'s search spent looking for an answer:
/// tens of milliseconds at worst (a 12×12 challenge with minimal walls
/// takes up to a million to be proved unique, far fewer to be solved).
const NODES: u64 = 1_000_000;

/// An answer of `instance` as a mark per slot, or none when the search
/// finds none within [`NODES`]. One is enough: with several answers, the
/// suppositions that agree with the one known are skipped, the others are
/// followed as without it.
pub(crate) fn known(instance: &Instance) -> Vec<Vec<Mark>> {
    let board = Board::new(instance);
    first_answers(instance, &[], 1, Some(NODES)).0.iter().map(|p| marks(&board, p)).collect()
}

/// `answer` as a mark per slot of `board`'s grid.
pub(crate) fn marks(board: &Board, answer: &Partition) -> Vec<Mark> {
    let n = board.size();
    let mut out = vec![Mark::Open; 2 * n * n];
    for s in board.slots() {
        out[s] = if answer.joins(board.edge(s)) { Mark::Join } else { Mark::Border };
    }
    out
}

/// True when every mark of `b` is the answer's.
pub(crate) fn agrees(b: &Board, answer: &[Mark]) -> bool {
    b.slots().all(|s| b.mark_at(s) == Mark::Open || b.mark_at(s) == answer[s])
}
