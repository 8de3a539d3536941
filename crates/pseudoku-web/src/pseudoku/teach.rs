//! The teacher's words and drawings, shared by Play and Create: a rated
//! challenge's [`Verdict`] (from the worker's `Judged`), a step as the board
//! draws it ([`PageStep`], a nudge or the whole step), and the one-line
//! explanation of each technique for the "How to solve" panel.

use pseudoku_core::deduce::{cell_name, Level, Technique};
use pseudoku_core::layout::CellId;
use pseudoku_core::partition::Edge;

use crate::engine::wire::{level_of_key, technique_of_key, DeductionWire, Judgement};

/// One deduction, in the page's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageStep {
    pub technique: Technique,
    pub sentence: String,
    /// The group (or groups, or area) it looks at.
    pub cells: Vec<usize>,
    /// Edges that make it so.
    pub because: Vec<Edge>,
    /// Edges it decides.
    pub borders: Vec<Edge>,
    pub joins: Vec<Edge>,
}

impl PageStep {
    /// The worker's step on an `n × n` grid; `None` if it names an edge or
    /// a technique this page does not know.
    pub fn from_wire(n: usize, step: &DeductionWire) -> Option<PageStep> {
        let edges = |pairs: &[(u32, u32)]| {
            pairs.iter().map(|&(a, b)| Edge::new(n, CellId(a), CellId(b))).collect::<Option<Vec<_>>>()
        };
        Some(PageStep {
            technique: technique_of_key(&step.technique)?,
            sentence: step.sentence.clone(),
            cells: step.cells.iter().map(|&c| c as usize).filter(|&c| c < n * n).collect(),
            because: edges(&step.because)?,
            borders: edges(&step.borders)?,
            joins: edges(&step.joins)?,
        })
    }

    /// Where to look and what to look for, without giving the step away.
    pub fn nudge(&self, n: usize) -> String {
        let at = self.cells.first().map_or_else(String::new, |&c| format!(" near {}", cell_name(n, CellId(c as u32))));
        format!(
            "Look for “{}”{at} (highlighted). {} “Show the step” shows it in full.",
            self.technique.name(),
            how(self.technique, n)
        )
    }

    /// The step as the board draws it: only where to look (a nudge), or
    /// everything.
    pub fn draw(&self, full: bool) -> StepDraw {
        StepDraw {
            cells: self.cells.clone(),
            because: if full { self.because.clone() } else { Vec::new() },
            borders: if full { self.borders.clone() } else { Vec::new() },
            joins: if full { self.joins.clone() } else { Vec::new() },
        }
    }
}

/// What the board draws of a step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepDraw {
    /// Highlighted cells.
    pub cells: Vec<usize>,
    pub because: Vec<Edge>,
    /// Edges the step decides.
    pub borders: Vec<Edge>,
    pub joins: Vec<Edge>,
}

/// A unique challenge rated as a person solves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub level: Level,
    pub hardest: Option<Technique>,
    pub score: String,
    /// The path, easiest step first at every point.
    pub steps: Vec<PageStep>,
    /// The edges its suppositions decided, as the worker gave them: a hint
    /// sends them back to be tried first.
    pub supposed: Vec<(u32, u32)>,
}

impl Verdict {
    pub fn from_wire(n: usize, judgement: &Judgement) -> Option<Verdict> {
        Some(Verdict {
            level: level_of_key(&judgement.level)?,
            hardest: judgement.hardest.as_deref().and_then(technique_of_key),
            score: judgement.score.clone(),
            steps: judgement.steps.iter().map(|s| PageStep::from_wire(n, s)).collect::<Option<_>>()?,
            supposed: judgement.supposed.clone(),
        })
    }

    /// "solvable by logic: medium (hardest step: only way out)" or "needs
    /// guessing".
    pub fn words(&self) -> String {
        match (self.level, self.hardest) {
            (Level::NeedsGuessing, _) => "needs guessing".to_owned(),
            (level, Some(t)) => format!("solvable by logic: {level} (hardest step: {})", t.name()),
            (level, None) => format!("solvable by logic: {level}"),
        }
    }

    /// The techniques the path used, easiest first, each once.
    pub fn techniques(&self) -> Vec<Technique> {
        let mut used: Vec<Technique> = self.steps.iter().map(|s| s.technique).collect();
        used.sort_unstable();
        used.dedup();
        used
    }
}

/// A technique's one line, for an `n × n` grid.
fn how(t: Technique, n: usize) -> String {
    t.how().replace(" N ", &format!(" {n} "))
}

/// The "How to solve" panel's lines: each family of techniques with the
/// level it starts at, and its one-line explanation for an `n × n` grid.
pub fn how_to(n: usize) -> Vec<(String, Level, String)> {
    let mut lines: Vec<(String, Level, String)> = Vec::new();
    for t in Technique::ALL {
        let how = how(t, n);
        match lines.iter_mut().find(|(_, _, h)| *h == how) {
            Some((names, _, _)) => {
                names.push_str(", ");
                names.push_str(t.name());
            }
            None => lines.push((t.name().to_owned(), t.level(), how)),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_is_explained_once_and_in_the_grids_size() {
        let lines = how_to(9);
        for t in Technique::ALL {
            assert_eq!(lines.iter().filter(|(names, _, _)| names.split(", ").any(|n| n == t.name())).count(), 1);
        }
        assert!(lines.iter().any(|(_, _, how)| how.contains("9 cells")), "{lines:?}");
        assert!(lines.iter().all(|(_, _, how)| !how.contains(" N ")), "{lines:?}");
    }

    #[test]
    fn verdicts_say_the_level_and_the_hardest_step() {
        let judgement = Judgement {
            solved: true,
            level: "medium".into(),
            score: "2.501".into(),
            hardest: Some("missing-symbol".into()),
            steps: vec![DeductionWire { technique: "only-way-out".into(), ..DeductionWire::default() }],
            supposed: Vec::new(),
        };
        let v = Verdict::from_wire(9, &judgement).unwrap();
        assert_eq!(v.words(), "solvable by logic: medium (hardest step: missing symbol)");
        assert_eq!(v.techniques(), [Technique::OnlyWayOut]);
        let guess = Judgement { solved: false, level: "needs-guessing".into(), hardest: None, ..judgement };
        assert_eq!(Verdict::from_wire(9, &guess).unwrap().words(), "needs guessing");
        let bad = DeductionWire { technique: "guesswork".into(), ..DeductionWire::default() };
        assert_eq!(PageStep::from_wire(9, &bad), None, "an unknown technique is refused");
    }
}
