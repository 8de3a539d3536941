//! `pseudoku partition` and `pseudoku construct`: Pseudoku instances (a
//! filled grid plus walls) in their one-line format.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Result;
use pseudoku_core::partition::{self, ConstructConfig, Difficulty, Instance, Partition, SolveConfig};

use crate::input::read_lines;

/// The answer as `N²` region labels on one line (`1`–`9`, `A`–`Z`).
fn labels(p: &Partition) -> String {
    p.to_string().lines().collect()
}

/// `partition [--limit K] [--all] [FILE]`: one line per instance, the count
/// (or `>=K`); with `all`, each answer follows on its own line.
pub fn partition(file: Option<&Path>, limit: u64, all: bool, budget: Option<u64>) -> Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    for line in read_lines(file)? {
        let instance = match Instance::parse(&line.text) {
            Ok(i) => i,
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: line {}: {e}", line.number)?;
                continue;
            }
        };
        let mut answers = Vec::new();
        let mut found = 0u64;
        let config = SolveConfig { node_budget: budget, ..SolveConfig::default() };
        let report = partition::solve(&instance, &config, &mut |p: &Partition| {
            found += 1;
            if all {
                answers.push(labels(p));
            }
            if found >= limit {
                partition::Flow::Stop
            } else {
                partition::Flow::Continue
            }
        });
        match report.finish {
            partition::Finish::Exhausted => writeln!(out, "{found}")?,
            partition::Finish::Stopped => writeln!(out, ">={found}")?,
            partition::Finish::OutOfBudget => {
                all_ok = false;
                writeln!(out, "error: line {}: gave up after {} nodes with {found} answers", line.number, report.nodes)?
            }
        }
        for a in answers {
            writeln!(out, "{a}")?;
        }
    }
    out.flush()?;
    Ok(all_ok)
}

/// `construct --size N [--seed S] [--count K]`: K instances with exactly one
/// answer each.
pub fn construct(size: usize, difficulty: Difficulty, first_seed: u64, count: u64) -> Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let config = ConstructConfig { difficulty, ..ConstructConfig::new(size) };
    for i in 0..count {
        let seed = first_seed.wrapping_add(i);
        let made = partition::construct(&config, seed)
            .map_err(|e| anyhow::anyhow!("cannot construct a {size}×{size} instance (seed {seed}): {e}"))?;
        writeln!(out, "{}", made.instance)?;
        out.flush()?;
    }
    Ok(true)
}
