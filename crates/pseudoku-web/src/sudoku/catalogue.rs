//! The layouts the sudoku screens offer (the engine's example variant
//! files), and reading a pasted puzzle: a line, a variant file, a picture
//! of the grid or a link holding one.

use pseudoku_core::format::variant::VariantErrorKind;
use pseudoku_core::format::{line, picture, Variant};

/// Layouts for "new puzzle": a name and a variant file (its givens, if
/// any, are a ready puzzle to open).
pub const LAYOUTS: &[(&str, &str)] = &[
    ("Classic 9×9", "size 9\n"),
    ("Classic 4×4", "size 4\n"),
    ("6×6, 2×3 boxes", "size 6\n"),
    ("8×8, 2×4 boxes", "size 8\n"),
    ("12×12, 3×4 boxes", "size 12\n"),
    ("Classic 16×16", "size 16\n"),
    ("Classic 25×25", "size 25\n"),
    ("Diagonal 9×9", include_str!("../../../../examples/variants/diagonal-9x9.txt")),
    ("Jigsaw 9×9", include_str!("../../../../examples/variants/jigsaw-9x9.txt")),
    ("Samurai", include_str!("../../../../examples/variants/samurai.txt")),
    ("Sudoku Mix (15×15)", include_str!("../../../../examples/variants/sudoku-mix.txt")),
    ("Triathlon", include_str!("../../../../examples/variants/triathlon.txt")),
    ("Sudoku Pie (12 sectors, 6 rings)", include_str!("../../../../examples/variants/sudoku-pie.txt")),
    ("16×16 with diagonals (sudokuAlt)", include_str!("../../../../examples/variants/sudokualt-16x16-diagonal.txt")),
    ("12×12 boxes (example)", include_str!("../../../../examples/variants/boxes-12x12.txt")),
    ("Knut Vik 5×5 (custom houses)", include_str!("../../../../examples/variants/custom-knut-vik-5x5.txt")),
];

/// A puzzle typed or pasted: a line (layout inferred from its length), a
/// variant file, a picture of the grid over several lines (with or
/// without a frame), or a link whose query holds the grid (sudokuwiki's
/// `?bd=`): the last two as [`picture::line_of`] reads them.
pub fn parse_puzzle(text: &str) -> Result<Variant, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Type or paste a puzzle first.".into());
    }
    // A variant file, unless its first word is not one of the format's
    // keywords (the engine's parser says so): then a picture of the grid,
    // or one line of givens.
    let as_file = text.parse::<Variant>();
    let unknown_first_word =
        matches!(&as_file, Err(e) if e.line == 1 && matches!(e.kind, VariantErrorKind::UnknownKeyword(_)));
    match unknown_first_word.then(|| picture::line_of(text)).flatten() {
        Some(line) => parse_line(&line),
        None => parse_one(text, as_file, unknown_first_word),
    }
}

/// `text` as a variant file (`as_file`, already parsed) or one line.
fn parse_one(
    text: &str,
    as_file: Result<Variant, pseudoku_core::format::VariantError>,
    unknown_first_word: bool,
) -> Result<Variant, String> {
    let first = text.split_whitespace().next().unwrap_or_default();
    let is_file =
        text.lines().filter(|l| !l.trim().is_empty()).count() > 1 || first.starts_with('#') || !unknown_first_word;
    if is_file {
        let v = as_file.map_err(|e| format!("This puzzle could not be read: {e}."))?;
        crate::browser::fits_the_page(&v).map_err(|e| format!("This puzzle could not be opened: {e}."))?;
        if v.givens().is_none() {
            return Err("This variant file has no givens; use “New puzzle” to make a puzzle of its layout.".into());
        }
        Ok(v)
    } else {
        parse_line(text)
    }
}

/// One line of givens, its layout inferred from its length.
fn parse_line(text: &str) -> Result<Variant, String> {
    let puzzle = line::parse_inferred(text).map_err(|e| format!("This puzzle could not be read: {e}."))?;
    let layout_text = format!("size {}\n", puzzle.layout.size());
    let base: Variant = layout_text.parse().map_err(|e| format!("{e}"))?;
    if base.layout() != &puzzle.layout {
        return Err("Only square grids with the squarest boxes are read from one line; paste a variant file.".into());
    }
    base.with_givens(Some(puzzle.givens)).map_err(|e| format!("This puzzle breaks its rules: {e}."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pseudoku_core::format::link;

    #[test]
    fn pasted_puzzles_are_lines_or_variant_files() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let classic = parse_puzzle(line).unwrap();
        assert_eq!(classic.layout().size(), 9);
        let samurai = include_str!("../../../../examples/variants/samurai.txt");
        assert_eq!(parse_puzzle(samurai).unwrap().layout().cell_count(), 369);
        let rows: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
        assert_eq!(parse_puzzle(&rows.join("\n")).unwrap().givens(), classic.givens(), "a row per line");
        let framed = format!("*---*\n{}\n*---*", rows.iter().map(|r| format!("|{r}|")).collect::<Vec<_>>().join("\n"));
        assert_eq!(parse_puzzle(&framed).unwrap().givens(), classic.givens(), "a framed picture");
        let wiki = format!("https://www.sudokuwiki.org/sudoku.htm?bd={}", line.replace('.', "0"));
        assert_eq!(parse_puzzle(&wiki).unwrap().givens(), classic.givens(), "a sudokuwiki link");
        assert_eq!(parse_puzzle("  ").unwrap_err(), "Type or paste a puzzle first.");
        let err = parse_puzzle("53..7....6..195").unwrap_err();
        assert!(err.contains("could not be read"), "{err}");
        let err = parse_puzzle("size 9\n").unwrap_err();
        assert!(err.contains("no givens"), "{err}");
        let err = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x")
            .unwrap_err();
        assert!(err.contains("character 81"), "{err}");
        let err = parse_puzzle("55..............").unwrap_err();
        assert!(err.contains("breaks its rules") || err.contains("could not be read"), "{err}");
    }

    #[test]
    fn every_layout_of_the_panel_reads() {
        for (name, text) in LAYOUTS {
            let v: Variant = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(link::encode_sudoku(&v).is_ok(), "{name} has a link");
        }
    }
}
