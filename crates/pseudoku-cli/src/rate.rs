//! `pseudoku bench --what rate FILE`: times the logical rater on every
//! puzzle of a file and, when its lines carry a reference rating (the
//! rated sets' `hash puzzle rating` lines), compares with it: the share of
//! exact matches, the mean absolute difference, Spearman's rank
//! correlation, and the share whose level matches.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
use pseudoku_core::format::line;
use pseudoku_core::layout::Layout;
use pseudoku_core::logic::{rate, Level};

/// One puzzle of the file, with its reference rating if the line has one.
struct Rated {
    puzzle: String,
    reference: Option<f32>,
}

/// Reads `puzzle`, `puzzle rating` or `hash puzzle rating` lines.
fn read(file: &Path) -> Result<Vec<Rated>> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let (puzzle, reference) = match words.as_slice() {
                [_, puzzle, rating] => (*puzzle, rating.parse().ok()),
                [puzzle, rating] => (*puzzle, rating.parse().ok()),
                _ => (words[0], None),
            };
            Rated { puzzle: puzzle.to_owned(), reference }
        })
        .collect())
}

/// Ranks with ties sharing their average rank.
fn ranks(values: &[f32]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = rank;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation (Pearson's on the ranks).
pub fn spearman(a: &[f32], b: &[f32]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    if va == 0.0 || vb == 0.0 {
        return 0.0;
    }
    cov / (va * vb).sqrt()
}

pub fn bench_rate(file: &Path) -> Result<bool> {
    let puzzles = read(file)?;
    let mut times = Vec::with_capacity(puzzles.len());
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let mut guessing = 0;
    let mut beyond = 0;
    let mut worst_se = 0.0f32;
    let mut ses = Vec::new();
    let mut nodes = Vec::new();
    for p in &puzzles {
        let parsed = line::parse_inferred(&p.puzzle).with_context(|| format!("cannot read {}", p.puzzle))?;
        let layout: &Layout = &parsed.layout;
        let start = Instant::now();
        let rating = rate(layout, &parsed.givens).map_err(|e| anyhow::anyhow!("{e}"))?;
        times.push(start.elapsed().as_secs_f64() * 1e3);
        match rating.level {
            Level::NeedsGuessing => guessing += 1,
            Level::Beyond => beyond += 1,
            _ => {}
        }
        worst_se = worst_se.max(rating.se);
        nodes.push(rating.nodes);
        ses.push(rating.se);
        if let Some(r) = p.reference {
            // Past the techniques known, the puzzle counts as rated 10;
            // beyond the rater's budget, at its lower bound.
            ours.push(if rating.solved || rating.level == Level::Beyond { rating.se } else { 10.0 });
            theirs.push(r);
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let worst = times.last().copied().unwrap_or(0.0);
    println!("{} puzzles", puzzles.len());
    println!(
        "pseudoku rate: median {median:.3} ms, worst {worst:.3} ms; {guessing} needing guesses, {beyond} beyond the rater"
    );
    ses.sort_by(f32::total_cmp);
    if let (Some(low), Some(mid)) = (ses.first(), ses.get(ses.len() / 2)) {
        println!("ratings: lowest {low:.1}, median {mid:.1}, highest {worst_se:.1}");
    }
    nodes.sort_unstable();
    if let (Some(mid), Some(most)) = (nodes.get(nodes.len() / 2), nodes.last()) {
        println!("nested forcing chain nodes: median {mid}, most {most}");
    }
    if !theirs.is_empty() {
        let n = theirs.len() as f64;
        let exact = ours.iter().zip(&theirs).filter(|(a, b)| (*a - *b).abs() < 0.05).count() as f64 / n;
        let mad = ours.iter().zip(&theirs).map(|(a, b)| f64::from((a - b).abs())).sum::<f64>() / n;
        let level = ours.iter().zip(&theirs).filter(|(a, b)| Level::of(**a) == Level::of(**b)).count() as f64 / n;
        println!(
            "against the file's ratings: exact {:.1} %, mean absolute difference {mad:.2}, Spearman {:.3}, level right {:.1} %",
            exact * 100.0,
            spearman(&ours, &theirs),
            level * 100.0
        );
        // Issue 29's check for the hardest puzzles: within 0.2 of the
        // published rating, and none published at 10 or more rated below 9.
        let near = ours.iter().zip(&theirs).filter(|(a, b)| (*a - *b).abs() < 0.25).count();
        let ten = theirs.iter().filter(|&&b| b >= 10.0).count();
        let low = ours.iter().zip(&theirs).filter(|(a, b)| **b >= 10.0 && **a < 9.0).count();
        println!(
            "within 0.2 of the file's rating: {near} of {} ({:.1} %); published 10 or more: {ten}, rated below 9: {low}",
            theirs.len(),
            near as f64 / n * 100.0
        );
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_monotone_and_reversed_data() {
        let a = [1.0, 2.0, 3.0, 4.0];
        assert!((spearman(&a, &[10.0, 20.0, 30.0, 40.0]) - 1.0).abs() < 1e-9);
        assert!((spearman(&a, &[4.0, 3.0, 2.0, 1.0]) + 1.0).abs() < 1e-9);
        assert_eq!(ranks(&[1.0, 1.0, 2.0]), vec![1.5, 1.5, 3.0]);
    }
}
