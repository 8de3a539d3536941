//! The Pseudoku teacher's jobs: the rating of a unique challenge, run one
//! step at a time inside an analysis ([`Judge`]), the next step from a
//! player's position ([`teach()`]), and challenges made to a level
//! ([`construct_to_level`]).

use pseudoku_core::deduce::{self, DeduceConfig, Level, Next, PlayerState, Score, Step, Stepper};

use super::pseudoku::pairs;
use super::*;
use crate::engine::wire::{level_of_key, DeductionWire, Judgement, Lesson};

/// A step as the page draws it.
pub(super) fn step_wire(step: &Step) -> DeductionWire {
    DeductionWire {
        technique: step.technique.key().to_owned(),
        sentence: step.explanation(),
        cells: step.cells.iter().map(|c| c.0).collect(),
        because: pairs(&step.because),
        borders: pairs(&step.borders),
        joins: pairs(&step.joins),
    }
}

/// A rating under way: one easiest step per [`Judge::step`], so the worker
/// reads its messages between steps.
pub struct Judge {
    stepper: Stepper,
    steps: Vec<Step>,
}

impl Judge {
    pub(super) fn new(instance: &Instance) -> Judge {
        Judge { stepper: Stepper::new(instance, &DeduceConfig::new(instance.size())), steps: Vec::new() }
    }

    /// Takes the next step; the judgement once the path has ended.
    pub(super) fn step(&mut self) -> Option<Judgement> {
        match self.stepper.next() {
            Next::Step(step) => {
                self.steps.push(step);
                None
            }
            end => Some(self.judgement(end == Next::Solved)),
        }
    }

    /// The rating as `deduce::rate` gives it: the hardest step's level and
    /// score when the path reached every edge, else needs guessing.
    fn judgement(&self, solved: bool) -> Judgement {
        let hardest = self.steps.iter().map(|s| s.technique).max();
        let (level, score) = match (solved, hardest) {
            (true, Some(t)) => {
                let count = self.steps.iter().filter(|s| s.technique.weight() == t.weight()).count() as u32;
                (t.level(), Score { hardest: t.weight(), count })
            }
            (true, None) => (Level::Easy, Score::default()),
            (false, _) => {
                (Level::NeedsGuessing, Score { hardest: 100, count: self.stepper.board().open_count() as u32 })
            }
        };
        Judgement {
            solved,
            level: level.key().to_owned(),
            score: score.to_string(),
            hardest: hardest.map(|t| t.key().to_owned()),
            steps: self.steps.iter().map(step_wire).collect(),
            supposed: pairs(&deduce::supposed(&self.steps)),
        }
    }
}

/// The easiest next step from a player's borders, painted regions and
/// joins, trying the suppositions on `first` before the others.
pub(super) fn teach(
    instance: &str,
    borders: &[(u32, u32)],
    regions: &[Option<u8>],
    joins: &[(u32, u32)],
    first: &[(u32, u32)],
) -> Body {
    let instance = match parse(instance) {
        Ok(i) => i,
        Err(message) => return Body::Failed { message },
    };
    let n = instance.size();
    if regions.len() != n * n {
        return Body::Failed { message: format!("The position paints {} cells, not {}.", regions.len(), n * n) };
    }
    let edges = |pairs: &[(u32, u32)]| pairs.iter().filter_map(|&(a, b)| Edge::new(n, CellId(a), CellId(b))).collect();
    let player = PlayerState { borders: edges(borders), regions: groups(n, regions, &edges(joins)) };
    let lesson = match deduce::next_step_trying(&instance, &player, &DeduceConfig::new(n), &edges(first)) {
        Ok(Next::Step(step)) => Lesson::Step(Box::new(step_wire(&step))),
        Ok(Next::Solved) => Lesson::Solved,
        Ok(Next::Stuck | Next::OutOfBudget) => Lesson::Stuck,
        Ok(Next::NoAnswer) | Err(_) => Lesson::Wrong,
    };
    Body::Taught(lesson)
}

/// Names the groups of a player's position: neighbours painted alike, and
/// cells joined, share a name (the lowest cell of their group); a cell
/// neither painted nor joined has none.
fn groups(n: usize, regions: &[Option<u8>], joins: &[Edge]) -> Vec<Option<usize>> {
    fn root(parent: &mut [usize], mut c: usize) -> usize {
        while parent[c] != c {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        c
    }
    let mut parent: Vec<usize> = (0..n * n).collect();
    let painted = Edge::all(n).filter(|e| {
        let (a, b) = (regions[e.a().index()], regions[e.b().index()]);
        a.is_some() && a == b
    });
    for e in painted.chain(joins.iter().copied()) {
        let (a, b) = (root(&mut parent, e.a().index()), root(&mut parent, e.b().index()));
        parent[a.max(b)] = a.min(b);
    }
    let joined: Vec<bool> = (0..n * n)
        .map(|c| regions[c].is_some() || joins.iter().any(|e| e.a().index() == c || e.b().index() == c))
        .collect();
    (0..n * n).map(|c| joined[c].then(|| root(&mut parent, c))).collect()
}

/// A unique challenge rated at `level`.
pub(super) fn construct_to_level(size: usize, level: &str, seed: u64) -> Body {
    let Some(level) = level_of_key(level) else {
        return Body::Failed { message: format!("There is no level {level:?}.") };
    };
    if !(4..=16).contains(&size) {
        return Body::Failed { message: format!("Challenges are made from 4×4 to 16×16, not {size}×{size}.") };
    }
    match deduce::construct_rated(&deduce::RatedConfig::new(size, level), seed) {
        Ok(made) => Body::Instance { instance: made.instance.to_string(), changed: Vec::new() },
        Err(e) => Body::Failed {
            message: format!("Could not make a {size}×{size} challenge of level {level}: {e}. Try another seed."),
        },
    }
}
