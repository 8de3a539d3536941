//! Puzzle sets for benchmarks: the shared 9×9 benchmark files, and larger
//! puzzles made with the engine.

use pseudoku_core::generate::{generate, GenerateConfig};
use pseudoku_core::layout::Layout;
use pseudoku_core::symbol::Symbol;
use std::path::PathBuf;

/// The shared data folder (`../shared/data` beside the repository), when
/// it is there.
pub fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    dir.is_dir().then_some(dir)
}

/// Reads up to `limit` 9×9 puzzles (81 characters, `.` or `0` empty) from a
/// benchmark file, skipping comments and anything that is not a puzzle.
pub fn read_9x9(text: &str, limit: usize) -> Vec<Vec<Option<Symbol>>> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let cells: Vec<Option<Symbol>> = l
                .chars()
                .take(81)
                .map(|c| match c {
                    '1'..='9' => Some(Some(Symbol::new(c as usize - '1' as usize))),
                    '.' | '0' => Some(None),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            (cells.len() == 81).then_some(cells)
        })
        .take(limit)
        .collect()
}

/// `count` puzzles of `layout` with one solution each, from seeds
/// `0..count`, cut until at most `givens` remain (or minimal).
pub fn generated(layout: &Layout, count: u64, givens: Option<usize>) -> Vec<Vec<Option<Symbol>>> {
    let config = GenerateConfig { target_givens: givens, ..Default::default() };
    (0..count).map(|seed| generate(layout, &config, seed).expect("generate").givens).collect()
}
