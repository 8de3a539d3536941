//! `rate --pseudoku`, `hint --pseudoku`, `construct --difficulty LEVEL` and
//! `bench --what rate-pseudoku`: Pseudoku challenges solved as a person
//! would (`pseudoku_core::deduce`).

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use pseudoku_core::deduce::{self, DeduceConfig, End, Level, Next, PlayerState, RatedConfig, Rating, Step};
use pseudoku_core::partition::{Edge, Instance};
use serde_json::{json, Value};

use crate::input::read_lines;

fn pairs(edges: &[Edge]) -> Vec<[u32; 2]> {
    edges.iter().map(|e| [e.a().0, e.b().0]).collect()
}

/// A step as JSON: technique, its key and weight, the sentence, what it
/// decides and what it uses (cells numbered as in the input).
pub fn step_json(step: &Step) -> Value {
    json!({
        "technique": step.technique.key(),
        "name": step.technique.name(),
        "weight": f64::from(step.technique.weight()) / 10.0,
        "explanation": step.explanation(),
        "borders": pairs(&step.borders),
        "joins": pairs(&step.joins),
        "cells": step.cells.iter().map(|c| c.0).collect::<Vec<_>>(),
        "because": pairs(&step.because),
    })
}

fn rating_json(r: &Rating) -> Value {
    json!({
        "solved": r.solved,
        "level": r.level.key(),
        "score": (r.score.value() * 1000.0).round() / 1000.0,
        "hardest": r.hardest.map(|t| t.key()),
        "end": end_key(r.end),
        "open_left": r.open_left,
        "nodes": r.nodes,
        "steps": r.steps.iter().map(step_json).collect::<Vec<_>>(),
    })
}

/// How a path ended, as a key.
fn end_key(end: End) -> &'static str {
    match end {
        End::Solved => "solved",
        End::Stuck => "stuck",
        End::OutOfBudget => "out-of-budget",
        End::NoAnswer => "no-answer",
    }
}

/// `<level> <score> <hardest technique>`, then why a path stopped short.
fn rating_line(r: &Rating) -> String {
    let hardest = r.hardest.map_or("none", |t| t.key());
    let open = match r.open_left {
        1 => "1 edge left open".to_owned(),
        n => format!("{n} edges left open"),
    };
    let end = match r.end {
        End::Solved => String::new(),
        End::Stuck => format!(" (no step applies; {open})"),
        End::OutOfBudget => format!(" (out of node budget; {open})"),
        End::NoAnswer => " (the walls leave no answer)".to_owned(),
    };
    format!("{} {} {hardest}{end}", r.level.key(), r.score)
}

/// Runs `work` on each instance of the input; prints its line or JSON, or
/// `error: line N: …`. False when a line was an error.
fn each(file: Option<&Path>, json: bool, mut work: impl FnMut(&Instance) -> (String, Value)) -> Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    for line in read_lines(file)? {
        match Instance::parse(&line.text) {
            Ok(instance) if instance.size() >= 2 => {
                let (text, mut value) = work(&instance);
                if json {
                    value["line"] = json!(line.number);
                    writeln!(out, "{value}")?;
                } else {
                    writeln!(out, "{text}")?;
                }
            }
            Ok(_) => {
                all_ok = false;
                writeln!(out, "error: line {}: a challenge is at least 2×2", line.number)?;
            }
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: line {}: {e}", line.number)?;
            }
        }
        out.flush()?;
    }
    Ok(all_ok)
}

/// `rate --pseudoku [FILE] [--json]`.
pub fn rate(file: Option<&Path>, json: bool) -> Result<bool> {
    each(file, json, |instance| {
        let r = deduce::rate(instance, &DeduceConfig::new(instance.size()));
        (rating_line(&r), rating_json(&r))
    })
}

/// `hint --pseudoku [FILE] [--json]`: the first step from the walls.
pub fn hint(file: Option<&Path>, json: bool) -> Result<bool> {
    each(file, json, |instance| {
        let config = DeduceConfig::new(instance.size());
        let next = deduce::next_step(instance, &PlayerState::default(), &config).expect("no player marks");
        match next {
            Next::Step(step) => {
                let mut value = step_json(&step);
                value["solved"] = json!(false);
                (format!("{}: {}", step.technique.key(), step.explanation()), value)
            }
            Next::Solved => ("solved".into(), json!({ "solved": true, "step": null })),
            other => {
                let why = match other {
                    Next::OutOfBudget => "no step within the node budget",
                    Next::NoAnswer => "no step: the walls leave no answer",
                    _ => "no step: this needs guessing (or the challenge has several answers)",
                };
                (why.into(), json!({ "solved": false, "step": null, "why": why }))
            }
        }
    })
}

/// `construct --size N --difficulty LEVEL`: K unique challenges of that
/// level; standard error says for each how many attempts and walls it took.
pub fn construct(size: usize, level: Level, first_seed: u64, count: u64) -> Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let config = RatedConfig::new(size, level);
    let mut all_ok = true;
    for i in 0..count {
        let seed = first_seed.wrapping_add(i);
        match deduce::construct_rated(&config, seed) {
            Ok(made) => writeln!(out, "{}", made.instance)?,
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: seed {seed}: no {level} {size}×{size} challenge: {e}")?;
            }
        }
        out.flush()?;
    }
    Ok(all_ok)
}

/// Player positions asked for a hint per challenge in the bench.
const PLAYER_POSITIONS: usize = 30;

/// A coin for the bench's player positions: splitmix64 over a counter, the
/// same on every machine.
struct Coin(u64);

impl Coin {
    /// True with probability `p`.
    fn below(&mut self, p: f64) -> bool {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((z >> 11) as f64 / (1u64 << 53) as f64) < p
    }
}

/// `bench --what rate-pseudoku FILE`: rates every challenge, prints the
/// median and worst time, the levels, the time of the first hint, the time
/// of a hint from every position on the solve path (what a player who
/// follows the path and asks at any point waits for: the step is searched
/// from that board alone, its answer search included, as the app's hint
/// is; with the path's suppositions tried first, as the app asks, and
/// bare), and from players' own positions.
pub fn bench_rate(file: &Path) -> Result<bool> {
    let mut times = Vec::new();
    let mut hints = Vec::new();
    let mut path_hints = Vec::new();
    let mut bare_hints = Vec::new();
    let mut player_hints = Vec::new();
    let mut levels = [0usize; 6];
    let mut nodes = 0u64;
    for line in read_lines(Some(file))? {
        let instance = Instance::parse(&line.text).map_err(|e| anyhow::anyhow!("line {}: {e}", line.number))?;
        let config = DeduceConfig::new(instance.size());
        let start = Instant::now();
        let r = deduce::rate(&instance, &config);
        times.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let _ = deduce::next_step(&instance, &PlayerState::default(), &config);
        hints.push(start.elapsed().as_secs_f64());
        levels[Level::ALL.iter().position(|&l| l == r.level).expect("a level")] += 1;
        nodes += r.nodes;
        let first = r.supposed();
        let mut stepper = deduce::Stepper::new(&instance, &config);
        loop {
            let board = stepper.board().clone();
            let start = Instant::now();
            let _ = deduce::Stepper::from_position(&instance, board.clone(), &config).trying_first(&first).peek();
            path_hints.push(start.elapsed().as_secs_f64());
            let start = Instant::now();
            let _ = deduce::Stepper::from_position(&instance, board, &config).peek();
            bare_hints.push(start.elapsed().as_secs_f64());
            if !matches!(stepper.next(), Next::Step(_)) {
                break;
            }
        }
        // Players' own positions: a share of the answer's cells painted and
        // of its borders drawn, as the app asks (the path's suppositions
        // tried first).
        if let Some(answer) = pseudoku_core::partition::all_answers(&instance, 1).first() {
            let n = instance.size();
            for k in 0..PLAYER_POSITIONS {
                let share = [0.15, 0.3, 0.45][k % 3];
                let mut coin = Coin(line.number as u64 * 1000 + k as u64);
                let regions = answer.labels().map(|l| coin.below(share).then_some(l)).collect();
                let borders = answer.borders().filter(|_| coin.below(share)).collect();
                let player = PlayerState { borders, regions };
                let start = Instant::now();
                let _ = deduce::next_step_trying(&instance, &player, &DeduceConfig::new(n), &first);
                player_hints.push(start.elapsed().as_secs_f64());
            }
        }
    }
    if times.is_empty() {
        anyhow::bail!("{} holds no challenge", file.display());
    }
    // Median, 90th percentile and worst, in milliseconds.
    let spread = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2] * 1e3, v[v.len() * 9 / 10] * 1e3, v[v.len() - 1] * 1e3)
    };
    let count = times.len();
    let (median, p90, max) = spread(&mut times);
    println!(
        "rate {count} challenges: median {median:.2} ms, p90 {p90:.2} ms, max {max:.2} ms, {:.0} nodes each on average",
        nodes as f64 / count as f64
    );
    let (median, p90, max) = spread(&mut hints);
    println!("first hint: median {median:.2} ms, p90 {p90:.2} ms, max {max:.2} ms");
    for (what, times) in [
        ("on the paths, the path's suppositions tried first (as the app asks)", &mut path_hints),
        ("on the paths, searched bare", &mut bare_hints),
        ("of players (a share of the answer painted), as the app asks", &mut player_hints),
    ] {
        let positions = times.len();
        let slow = times.iter().filter(|&&t| t > 0.020).count();
        if positions == 0 {
            continue;
        }
        let (median, p90, max) = spread(times);
        println!(
            "hint from each of {positions} positions {what}: median {median:.2} ms, p90 {p90:.2} ms, \
             max {max:.2} ms, {slow} over 20 ms"
        );
    }
    let shares: Vec<String> = Level::ALL
        .iter()
        .zip(levels)
        .map(|(l, k)| format!("{} {k} ({:.0} %)", l.key(), 100.0 * k as f64 / count as f64))
        .collect();
    println!("levels: {}", shares.join(", "));
    Ok(true)
}
