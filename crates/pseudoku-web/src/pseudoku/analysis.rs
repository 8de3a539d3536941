//! What the worker says about a Pseudoku instance's answers (the count, the
//! first answers, the rating when unique, what they agree on, walls that
//! could go), and the words
//! the screens show for it.

use pseudoku_core::layout::CellId;
use pseudoku_core::partition::{Edge, Partition};

use crate::engine::wire::{Agreement, Body};
use crate::pseudoku::teach::Verdict;
use crate::shared::count::{count_of, count_words as shared_words, nodes_text, Count};

/// Answers are counted up to this many.
pub const COUNT_LIMIT: u64 = 1000;

/// What is known about the answers of the current walls.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The last progress report of the count, while it runs.
    pub progress: Option<(u64, u64)>,
    /// Answers found and whether that is all of them.
    pub count: Option<Count>,
    /// The first answers, for showing.
    pub answers: Vec<Partition>,
    pub agreement: Option<Agreement>,
    /// Walls that could each go with the answer staying unique.
    pub redundant: Vec<Edge>,
    /// A unique challenge rated as a person solves it.
    pub verdict: Option<Verdict>,
    /// The analysis failed.
    pub failed: Option<String>,
}

impl Analysis {
    /// Takes in a worker's reply about the answers of an `n × n` instance
    /// (progress, the count and first answers, what they agree on, walls
    /// that could go, a failure); gives back any other body untouched.
    pub fn receive(&mut self, n: usize, body: Body) -> Result<(), Box<Body>> {
        match body {
            Body::Progress { nodes, answers } => self.progress = Some((nodes, answers)),
            Body::Counted { answers_found, exact, answers } => {
                self.count = Some(count_of(answers_found, exact));
                self.answers = answers
                    .iter()
                    .filter_map(|labels| {
                        Partition::from_labels(n, &labels.iter().map(|&l| usize::from(l)).collect::<Vec<_>>())
                    })
                    .collect();
            }
            Body::Explained(agreement) => self.agreement = Some(agreement),
            Body::Judged(judgement) => self.verdict = Verdict::from_wire(n, &judgement),
            Body::Redundant { walls } => {
                self.redundant = walls.iter().filter_map(|&(a, b)| Edge::new(n, CellId(a), CellId(b))).collect();
            }
            Body::Failed { message } => self.failed = Some(message),
            other => return Err(Box::new(other)),
        }
        Ok(())
    }
}

/// `no answer`, `exactly one answer`, `N answers`, `at least K answers`,
/// or how the count is going.
pub fn count_words(analysis: &Analysis) -> String {
    match (analysis.count, analysis.progress, &analysis.failed) {
        (_, _, Some(message)) => message.clone(),
        (Some(count), _, _) => shared_words(count, "answer"),
        (None, Some((nodes, answers)), _) => {
            let found = match answers {
                1 => "1 answer so far".to_owned(),
                n => format!("{n} answers so far"),
            };
            format!("counting… {found}, {} nodes searched", nodes_text(nodes))
        }
        (None, None, None) => "counting…".into(),
    }
}
