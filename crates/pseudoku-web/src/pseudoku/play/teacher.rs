//! The Play screen's teacher: what a Hint press shows (a nudge, then the
//! whole step, which the player can apply), held in a [`Teacher`] inside the
//! [`Player`](super::state::Player) and changed only by its actions.
//!
//! A border or region the player drew that no answer has is pointed out
//! first, from what the answers agree on; otherwise the worker finds the
//! easiest step from the player's own marks (`deduce::next_step`).

use pseudoku_core::partition::Edge;

use crate::engine::wire::{Lesson, Request};
use crate::pseudoku::teach::PageStep;

/// What the teacher is doing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Teacher {
    /// The request for the next step, while the worker finds it.
    pub asking: Option<Request>,
    /// The step found, and whether it is shown whole (else only a nudge).
    pub lesson: Option<(PageStep, bool)>,
    /// What the teacher says when there is no step to show.
    pub note: Option<String>,
}

/// What the teacher says instead of a step.
pub enum Said {
    /// A step: shown as a nudge first.
    Step(PageStep),
    /// Nothing to add ("every edge is decided"), or no step a person takes
    /// (the caller falls back on what all answers agree on).
    Note(String),
    Stuck,
}

impl Teacher {
    /// The worker's lesson on an `n × n` grid, in words.
    pub fn hear(n: usize, lesson: Lesson) -> Said {
        match lesson {
            Lesson::Step(step) => match PageStep::from_wire(n, &step) {
                Some(step) => Said::Step(step),
                None => Said::Stuck,
            },
            Lesson::Solved => Said::Note(
                "Your borders and regions already decide every edge: paint each region they close off.".to_owned(),
            ),
            Lesson::Stuck => Said::Stuck,
            Lesson::Wrong => Said::Note(
                "Your regions break a rule somewhere (a symbol twice, too many cells, or a border inside): \
                 see the problems listed."
                    .to_owned(),
            ),
        }
    }

    /// Forget everything (the player's marks changed).
    pub fn clear(&mut self) {
        *self = Teacher::default();
    }
}

/// Puts cells `a` and `b` in one region by painting: an unpainted cell
/// takes its neighbour's colour, two colours become one (the second's
/// cells repainted), and two unpainted cells take the first colour no cell
/// has when `new` allows. False when nothing was painted.
pub fn join_labels(labels: &mut [Option<u8>], n: usize, edge: Edge, new: bool) -> bool {
    let (a, b) = (edge.a().index(), edge.b().index());
    match (labels[a], labels[b]) {
        (Some(x), Some(y)) if x == y => {}
        (Some(x), Some(y)) => labels.iter_mut().filter(|l| **l == Some(y)).for_each(|l| *l = Some(x)),
        (Some(x), None) => labels[b] = Some(x),
        (None, Some(y)) => labels[a] = Some(y),
        (None, None) => {
            let free = (0..n as u8).find(|k| !labels.contains(&Some(*k))).filter(|_| new);
            let Some(free) = free else { return false };
            labels[a] = Some(free);
            labels[b] = Some(free);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use pseudoku_core::format::link::Challenge;
    use pseudoku_core::layout::CellId;
    use pseudoku_core::partition::{all_answers, Instance};

    use super::*;
    use crate::engine::wire::Reply;
    use crate::pseudoku::play::state::{PlayAction, Player};

    /// A medium 9×9 challenge with one answer.
    const MEDIUM: &str = "163974582835469127498215376756841293214637958627153849379528614582796431941382765 \
                          1-2 3-12 4-13 5-6 10-11 11-12 14-23 16-17 22-23 22-31 23-24 25-26 25-34 28-29 36-37 \
                          39-48 42-43 45-46 46-55 47-48 48-49 49-50 49-58 51-52 56-57 56-65 59-60 67-76 70-71 70-79";

    fn run(mut p: Player, actions: impl IntoIterator<Item = PlayAction>) -> Player {
        for a in actions {
            if let Some(next) = p.apply(a) {
                p = next;
            }
        }
        p
    }

    /// Runs what the player asks of the worker until it asks nothing more.
    fn settle(mut p: Player) -> Player {
        while let Some(request) = p.request() {
            let mut out: Vec<Reply> = Vec::new();
            crate::engine::worker::handle_to_end(&request, &mut |r| out.push(r));
            let before = p.clone();
            p = run(p, out.into_iter().map(PlayAction::Worker));
            assert_ne!(p, before, "each request's answer changes something");
        }
        p
    }

    fn medium() -> Player {
        Player::new(Challenge { instance: MEDIUM.parse().unwrap(), title: String::new(), author: String::new() })
    }

    #[test]
    fn a_hint_nudges_then_shows_the_step_and_applying_it_follows_the_answer() {
        let p = settle(medium());
        assert_eq!(p.analysis.verdict.as_ref().map(|v| v.level.key()), Some("medium"));
        let p = settle(run(p, [PlayAction::Hint]));
        let (step, full) = p.teacher.lesson.clone().expect("a step");
        assert!(!full, "a nudge first");
        let p = run(p, [PlayAction::Hint]);
        assert_eq!(p.teacher.lesson, Some((step.clone(), true)), "then the whole step");
        assert!(p.request().is_none(), "no new request for the second press");
        let p = run(p, [PlayAction::ApplyStep]);
        assert!(p.teacher.lesson.is_none());
        let instance: Instance = MEDIUM.parse().unwrap();
        let answer = all_answers(&instance, 1).remove(0);
        for e in &step.borders {
            assert!(
                p.borders().contains(e)
                    || matches!((p.label(e.a().index()), p.label(e.b().index())), (Some(x), Some(y)) if x != y)
            );
            assert!(!answer.joins(*e));
        }
        for e in &step.joins {
            let painted = p.label(e.a().index()).is_some() && p.label(e.a().index()) == p.label(e.b().index());
            assert!(painted || p.joins().contains(e));
            assert!(answer.joins(*e));
        }
        assert!(p.can_undo(), "applying a step is one move");
    }

    #[test]
    fn applying_every_step_solves_the_challenge() {
        let mut p = settle(medium());
        for _ in 0..400 {
            if p.is_solved() {
                break;
            }
            p = settle(run(p, [PlayAction::Hint]));
            assert!(
                p.teacher.lesson.is_some(),
                "a step while unsolved: {:?} {:?} {:?}",
                p.teacher.note,
                p.hint,
                p.marks()
            );
            p = run(p, [PlayAction::Hint, PlayAction::ApplyStep]);
        }
        assert!(p.is_solved(), "{:?} {:?}", p.marks(), p.teacher.lesson);
    }

    #[test]
    fn a_wrong_mark_is_pointed_out_before_any_step() {
        let p = settle(medium());
        let instance: Instance = MEDIUM.parse().unwrap();
        let answer = all_answers(&instance, 1).remove(0);
        // A border across an edge inside a region of the answer.
        let inside = Edge::all(9).find(|e| answer.joins(*e)).unwrap();
        let p = run(
            p,
            [
                PlayAction::SetTool(crate::pseudoku::play::state::Tool::Border),
                PlayAction::BorderStart(inside),
                PlayAction::StrokeEnd,
                PlayAction::Hint,
            ],
        );
        let hint = p.hint.clone().expect("the wrong border pointed out");
        assert!(hint.contradicts && hint.together);
        assert!(p.request().is_none() && p.teacher.lesson.is_none(), "no step is asked for");
    }

    #[test]
    fn joining_cells_paints_them_alike() {
        let e = |a, b| Edge::new(4, CellId(a), CellId(b)).unwrap();
        let mut labels = vec![None; 16];
        assert!(!join_labels(&mut labels, 4, e(0, 1), false), "no new colour unless asked");
        assert!(join_labels(&mut labels, 4, e(0, 1), true));
        assert_eq!(labels[..2], [Some(0), Some(0)]);
        assert!(join_labels(&mut labels, 4, e(2, 3), true));
        assert_eq!(labels[2..4], [Some(1), Some(1)]);
        assert!(join_labels(&mut labels, 4, e(1, 2), false));
        assert_eq!(labels[..4], [Some(0); 4], "two colours become one");
        assert!(join_labels(&mut labels, 4, e(4, 8), true));
        assert_eq!(labels[4], Some(1), "the first free colour");
        assert!(join_labels(&mut labels, 4, e(8, 12), false));
        assert_eq!(labels[12], Some(1), "a piece grows");
    }
}
