//! Counts as the worker reports them, and their words: how many answers
//! or solutions a search found, a node count for people, "3 cells".

pub use pseudoku_core::search::Count;

/// The count a worker's `Counted` reply carries: `exact` unless the search
/// stopped at its limit (the app's counts have no node budget).
pub fn count_of(found: u64, exact: bool) -> Count {
    if exact {
        Count::Exact(found)
    } else {
        Count::AtLeast(found)
    }
}

/// `no answer`, `exactly one answer`, `5 answers`, `at least 1000 answers`
/// (with `noun` "answer"; "solution" for a sudoku).
pub fn count_words(count: Count, noun: &str) -> String {
    match count {
        Count::Exact(0) => format!("no {noun}"),
        Count::Exact(1) => format!("exactly one {noun}"),
        Count::Exact(n) => format!("{n} {noun}s"),
        Count::AtLeast(n) | Count::GaveUp { found: n, .. } => format!("at least {n} {noun}s"),
    }
}

/// `12 k`, `3.4 M`: a node count for people.
pub fn nodes_text(nodes: u64) -> String {
    match nodes {
        0..=9_999 => nodes.to_string(),
        10_000..=999_999 => format!("{} k", nodes / 1000),
        _ => format!("{:.1} M", nodes as f64 / 1e6),
    }
}

/// `1 cell`, `2 cells`: a count and its noun (plural by an `s`).
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
