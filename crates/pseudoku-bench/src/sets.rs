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

/// Reads up to `limit` 9×9 puzzles from a rated file (`hash puzzle
/// rating` lines, as in `../shared/data/rated/`).
pub fn read_rated(text: &str, limit: usize) -> Vec<Vec<Option<Symbol>>> {
    let puzzles: Vec<&str> = text.lines().filter_map(|l| l.split_whitespace().nth(1)).collect();
    read_9x9(&puzzles.join("\n"), limit)
}

/// `count` puzzles of `layout` with one solution each, from seeds
/// `0..count`, cut until at most `givens` remain (or minimal).
pub fn generated(layout: &Layout, count: u64, givens: Option<usize>) -> Vec<Vec<Option<Symbol>>> {
    let config = GenerateConfig { target_givens: givens, ..Default::default() };
    (0..count).map(|seed| generate(layout, &config, seed).expect("generate").givens).collect()
}

/// The lines of a puzzle file that hold something, with their 1-based
/// numbers: blank lines and `#` comments are skipped, the rest trimmed.
pub fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_lines_skip_blanks_and_comments() {
        let text = "# a set\n\n 12 \n#34\n56";
        assert_eq!(numbered_lines(text), [(3, "12"), (5, "56")]);
    }

    #[test]
    fn rated_lines_give_their_puzzle() {
        let puzzle = "4".repeat(81);
        let text = format!("00005f662e09 {puzzle}  3.4\nnot a puzzle\n");
        assert_eq!(read_rated(&text, 10), [vec![Some(Symbol::new(3)); 81]]);
    }
}
