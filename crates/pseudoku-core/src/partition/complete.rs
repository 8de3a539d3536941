//! Finishing a setter's walls: add walls until the answer is unique
//! ([`complete`]), and find or drop the walls a unique instance does not
//! need ([`redundant_walls`], [`trim_walls`]). The setter's own walls are
//! never moved: completion only adds, trimming only removes.

use super::solve::{first_answers, uniqueness};
use super::{Edge, Instance, Partition};
use crate::search::{SearchEnd, Uniqueness};

/// How many answers [`complete`] samples to choose each wall.
const SAMPLE: usize = 64;

/// Why the walls could not be completed or trimmed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompleteError {
    #[error("the grid has no answer with these walls, so no added wall can give it one")]
    NoAnswer,
    #[error("the walls must give exactly one answer first")]
    NotUnique,
    #[error("a search ran out of its budget of {budget} nodes")]
    GaveUp { budget: u64 },
}

/// The instance after [`complete`]: the setter's walls plus `added`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// Exactly one answer.
    pub instance: Instance,
    pub answer: Partition,
    /// The walls added, none of which can be dropped again without a second
    /// answer coming back.
    pub added: Vec<Edge>,
}

/// Adds walls to `instance` until it has exactly one answer, keeping every
/// wall it has. Greedy: the answer kept is the first in search order, and
/// each added wall is the border of that answer that the most sampled other
/// answers cross; then every added wall not needed any more is dropped
/// again, so no added wall is superfluous (though another choice of answer
/// may need fewer).
pub fn complete(instance: &Instance, node_budget: Option<u64>) -> Result<Completion, CompleteError> {
    let budget = node_budget.unwrap_or(u64::MAX);
    let gave_up = CompleteError::GaveUp { budget };
    let mut current = instance.clone();
    let mut added = Vec::new();
    let target = loop {
        let (sample, report) = first_answers(&current, &[], SAMPLE, node_budget);
        let Some(target) = sample.first() else {
            return Err(if report.end == SearchEnd::OutOfBudget { gave_up } else { CompleteError::NoAnswer });
        };
        if sample.len() == 1 {
            if report.end == SearchEnd::OutOfBudget {
                return Err(gave_up);
            }
            break target.clone();
        }
        // The border of the target that the most other answers cross.
        let wall = target
            .borders()
            .filter(|&e| !current.has_wall(e))
            .max_by_key(|&e| (sample.iter().filter(|p| p.joins(e)).count(), std::cmp::Reverse(e)))
            .expect("another answer crosses some border of the target");
        current.add_wall(wall).expect("a border is an edge");
        added.push(wall);
    };
    // Drop added walls that later ones made unnecessary, newest last.
    let mut kept = Vec::new();
    for &wall in &added {
        current.remove_wall(wall);
        match uniqueness(&current, node_budget) {
            Uniqueness::Unique(_) => {}
            Uniqueness::Unknown { .. } => return Err(gave_up),
            _ => {
                current.add_wall(wall).expect("it was there");
                kept.push(wall);
            }
        }
    }
    Ok(Completion { instance: current, answer: target, added: kept })
}

/// The walls of a uniquely answered `instance` that could each go on its
/// own with the answer staying unique (removing several at once may not
/// keep it so: see [`trim_walls`]).
pub fn redundant_walls(instance: &Instance, node_budget: Option<u64>) -> Result<Vec<Edge>, CompleteError> {
    let gave_up = CompleteError::GaveUp { budget: node_budget.unwrap_or(u64::MAX) };
    match uniqueness(instance, node_budget) {
        Uniqueness::Unique(_) => {}
        Uniqueness::Unknown { .. } => return Err(gave_up),
        Uniqueness::None => return Err(CompleteError::NoAnswer),
        Uniqueness::Multiple(..) => return Err(CompleteError::NotUnique),
    }
    let mut out = Vec::new();
    for wall in instance.walls() {
        if wall_can_go(instance, wall, node_budget)? {
            out.push(wall);
        }
    }
    Ok(out)
}

/// Whether `wall` of a uniquely answered `instance` could go with the answer
/// staying unique: one search, so a caller can check walls one at a time
/// (as the browser's worker does, reading its messages in between).
pub fn wall_can_go(instance: &Instance, wall: Edge, node_budget: Option<u64>) -> Result<bool, CompleteError> {
    // With the instance unique, the wall can go exactly when no answer
    // joins its two cells.
    let mut fewer = instance.clone();
    fewer.remove_wall(wall);
    let (found, report) = first_answers(&fewer, &[wall], 1, node_budget);
    match (found.is_empty(), report.end) {
        (false, _) => Ok(false),
        (true, SearchEnd::OutOfBudget) => Err(CompleteError::GaveUp { budget: node_budget.unwrap_or(u64::MAX) }),
        (true, _) => Ok(true),
    }
}

/// Removes redundant walls one at a time (in increasing order), checking
/// again after each, until every wall left is needed. Returns the smaller
/// instance (still uniquely answered) and the walls removed.
pub fn trim_walls(instance: &Instance, node_budget: Option<u64>) -> Result<(Instance, Vec<Edge>), CompleteError> {
    let mut current = instance.clone();
    let mut removed = Vec::new();
    for wall in redundant_walls(instance, node_budget)? {
        current.remove_wall(wall);
        let (found, report) = first_answers(&current, &[wall], 1, node_budget);
        match (found.is_empty(), report.end) {
            (true, SearchEnd::OutOfBudget) => {
                return Err(CompleteError::GaveUp { budget: node_budget.unwrap_or(u64::MAX) })
            }
            (true, _) => removed.push(wall),
            (false, _) => {
                current.add_wall(wall).expect("it was there");
            }
        }
    }
    Ok((current, removed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partition::{all_answers, count, is_minimal, Count};

    const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                        4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

    #[test]
    fn completing_the_seed_keeps_its_walls_and_one_of_its_answers() {
        let seed: Instance = SEED.parse().unwrap();
        let answers = all_answers(&seed, 10);
        assert_eq!(answers.len(), 5);
        let done = complete(&seed, None).unwrap();
        assert_eq!(count(&done.instance, 10, None), Count::Exact(1));
        assert!(seed.walls().all(|w| done.instance.has_wall(w)), "the setter's walls stay");
        assert_eq!(done.instance.wall_count(), seed.wall_count() + done.added.len());
        assert!(answers.contains(&done.answer));
        // Each added wall is needed.
        for &w in &done.added {
            let mut fewer = done.instance.clone();
            fewer.remove_wall(w);
            assert_ne!(count(&fewer, 10, None), Count::Exact(1), "wall {w} was not needed");
        }
    }

    #[test]
    fn a_grid_without_answers_cannot_be_completed() {
        // Two 1s in a 2×2: no region holds both symbols.
        let bad: Instance = "1111".parse().unwrap();
        assert_eq!(complete(&bad, None), Err(CompleteError::NoAnswer));
    }

    #[test]
    fn trimming_leaves_a_minimal_unique_instance() {
        let seed: Instance = SEED.parse().unwrap();
        let done = complete(&seed, None).unwrap();
        // Wall every border of the answer: unique, and very redundant.
        let full = done.instance.with_walls(done.answer.borders()).unwrap();
        let redundant = redundant_walls(&full, None).unwrap();
        assert!(!redundant.is_empty());
        let (trimmed, removed) = trim_walls(&full, None).unwrap();
        assert_eq!(trimmed.wall_count() + removed.len(), full.wall_count());
        assert_eq!(is_minimal(&trimmed, None), Some(true));
        assert_eq!(redundant_walls(&seed, None), Err(CompleteError::NotUnique));
    }
}
