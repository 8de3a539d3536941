//! The public queries of the answer search: [`solve`] to a sink, [`count`],
//! [`uniqueness`], [`all_answers`], and the crate's own `run` with joined
//! edges. The search itself is `engine.rs`.

use super::engine::{engine, SolveConfig};
use super::{Edge, Instance, Partition};
use crate::search::{Count, Flow, SearchEnd, SearchReport, Sink, Uniqueness};

/// Gives `sink` the answers of `instance`, canonically labelled, until it
/// says stop, the budget runs out, or there are no more.
pub fn solve(instance: &Instance, config: &SolveConfig, sink: &mut dyn Sink<Partition>) -> SearchReport {
    run(instance, &[], config, sink)
}

/// [`solve`] restricted to the answers that put the two cells of each edge
/// of `joins` in the same region (a wall on such an edge leaves none).
pub fn solve_joined(
    instance: &Instance,
    joins: &[Edge],
    config: &SolveConfig,
    sink: &mut dyn Sink<Partition>,
) -> SearchReport {
    run(instance, joins, config, sink)
}

/// Counts answers up to `limit` (at least 1), within an optional budget.
pub fn count(instance: &Instance, limit: u64, node_budget: Option<u64>) -> Count {
    count_with(instance, &[], limit, node_budget)
}

pub(crate) fn count_with(instance: &Instance, joins: &[Edge], limit: u64, node_budget: Option<u64>) -> Count {
    let limit = limit.max(1);
    let mut found = 0u64;
    let mut sink = |_: &Partition| {
        found += 1;
        if found >= limit {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let config = SolveConfig { node_budget, progress_interval: 0 };
    Count::of(&run(instance, joins, &config, &mut sink))
}

/// Searches for two answers.
pub fn uniqueness(instance: &Instance, node_budget: Option<u64>) -> Uniqueness<Partition> {
    let (answers, report) = first_answers(instance, &[], 2, node_budget);
    Uniqueness::of(answers, &report)
}

/// Up to `limit` answers, in search order.
pub fn all_answers(instance: &Instance, limit: usize) -> Vec<Partition> {
    first_answers(instance, &[], limit, None).0
}

pub(crate) fn first_answers(
    instance: &Instance,
    joins: &[Edge],
    limit: usize,
    node_budget: Option<u64>,
) -> (Vec<Partition>, SearchReport) {
    let mut out = Vec::new();
    if limit == 0 {
        let report = SearchReport { found: 0, nodes: 0, end: SearchEnd::Stopped };
        return (out, report);
    }
    let mut sink = |p: &Partition| {
        out.push(p.clone());
        if out.len() >= limit {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let config = SolveConfig { node_budget, progress_interval: 0 };
    let report = run(instance, joins, &config, &mut sink);
    (out, report)
}

/// The search, with extra "must be in the same region" edges (`joins`, used
/// by [`explain`](super::explain())).
pub(crate) fn run(
    instance: &Instance,
    joins: &[Edge],
    config: &SolveConfig,
    sink: &mut dyn Sink<Partition>,
) -> SearchReport {
    engine(instance, joins).search(config, sink)
}
