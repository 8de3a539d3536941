//! Counts as both engines report them, and their words: how many answers
//! or solutions a search found, a node count for people, "3 cells".

/// How many answers (or solutions) a count found: all of them when
/// `exact`, else it stopped at its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub found: u64,
    pub exact: bool,
}

impl Count {
    /// Exactly one.
    pub fn unique(self) -> bool {
        self == Count { found: 1, exact: true }
    }

    /// More than one (or at least as many as the limit).
    pub fn several(self) -> bool {
        self.found > 1 || !self.exact
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
