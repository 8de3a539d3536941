//! f-puzzles and SudokuPad links: reading them into a [`Variant`] of
//! `pseudoku-core` and writing a variant back as one.
//!
//! A crate of its own, beside the engine: it is the edge where JSON and
//! lz-string live (the engine has neither), and the web app's size-optimised
//! build compiles it for size while the engine stays optimised for speed.
//!
//! # Design
//! An f-puzzles link (`https://www.f-puzzles.com/?load=…`) carries a JSON
//! object compressed with lz-string's `compressToBase64`; SudokuPad links
//! (`https://sudokupad.app/fpuzzles…`, `…?puzzleid=fpuzzles…`) carry the same
//! data after the word `fpuzzles`. [`import`] finds the payload (undoing URL
//! percent-encoding), decompresses it with the `lz-str` crate and reads the
//! JSON with serde, tolerating keys it does not know. It keeps what the
//! engine plays — the size, givens, jigsaw regions (`region` per cell), the
//! diagonals, extra regions, title, author and rules, and given pencil marks
//! — and refuses a puzzle with rules the engine does not play (killer cages,
//! thermometers, …) in one sentence that names them (any key it does not
//! know that holds something is named too), rather than open a
//! different puzzle. Cosmetic elements (text, lines, shapes) are dropped with
//! a note. When the data holds no such rule, the rules text (`ruleset`) is
//! read for the names of rules a setter drew with plain lines or left to
//! another app (region sum lines, nabner lines, kropki dots, anti-knight, …),
//! and a puzzle it names one in is refused the same way.
//!
//! SudokuPad's own form (`https://sudokupad.app/scl…`, `ctc…`) is lz-string
//! compressed too, of SudokuPad's JSON with its keys shortened and its
//! quotes and literals compacted ("zipped"); `scl` undoes that and keeps
//! what the engine plays: the givens, regions, given pencil marks, title,
//! author and rules, and lines that run corner to corner as diagonals.
//! Cages, other lines, arrows and shapes drawn on the grid carry rules
//! SudokuPad does not record, so a puzzle with any is refused by naming
//! them; so is one whose rules text names a rule the grid cannot show
//! (anti-knight, anti-king, non-consecutive, disjoint groups). A short
//! link (`sudokupad.app/<id>`, f-puzzles' `?id=`, TinyURL) names a puzzle
//! on a server, which the import never fetches: that is said too.
//!
//! Links are read as people share them (`link.rs`): in angle brackets or
//! Markdown, among other words, without `https://`, percent-encoded whole,
//! with SudokuPad's settings (`?setting-…`) after the data. Regions are
//! read as SudokuPad reads f-puzzles: a cell without `region` is in its
//! default box, any integer names a region, and `null` puts the cell in
//! none, which Pseudoku does not play.
//!
//! Decompression can blow a short text up to a large one, so [`import`]
//! refuses a text longer than [`MAX_IMPORT_LEN`] before it decompresses,
//! and data that unpacks to more than [`MAX_UNPACKED_LEN`] characters: a
//! meter (`meter.rs`) walks lz-string's codes keeping only their lengths,
//! in time linear in the link, before `lz-str` unpacks the text.
//!
//! [`export_fpuzzles`] writes the JSON of a one-grid variant the way
//! f-puzzles does (a `region` only where it differs from the default boxes)
//! and compresses it; [`fpuzzles_link`] and [`sudokupad_link`] wrap it in the
//! two addresses. `import` of an export gives the same layout, givens, title,
//! author and rules.

mod grid;
mod json;
mod link;
mod meter;
mod read;
mod scl;
mod write;

use thiserror::Error;

use pseudoku_core::format::Variant;
use pseudoku_core::symbol::Symbol;

pub use read::{import, looks_importable};
pub use write::{export_fpuzzles, export_json, fpuzzles_link, sudokupad_link};

/// The smallest grid f-puzzles draws.
pub const MIN_SIZE: usize = 3;
/// The largest grid f-puzzles draws.
pub const MAX_SIZE: usize = 16;

/// The longest text [`import`] reads (32 KiB): the compressed data of the
/// largest real links is a few KiB, and a longer text could decompress to
/// hundreds of megabytes.
pub const MAX_IMPORT_LEN: usize = 32 * 1024;

/// The most UTF-16 units a link's data may unpack to (1 Mi): the JSON of
/// the largest real puzzles is tens of KiB, while 32 KiB of hostile
/// lz-string data unpacks to about a hundred million.
pub const MAX_UNPACKED_LEN: usize = 1 << 20;

/// A puzzle read from an f-puzzles or SudokuPad link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The layout, givens, title, author and rules.
    pub variant: Variant,
    /// The given pencil marks of each cell (empty for most), in cell order.
    pub pencil_marks: Vec<Vec<Symbol>>,
    /// What was dropped, one sentence each (cosmetic elements, the solver's
    /// own digits and marks).
    pub notes: Vec<String>,
}

/// Why a link or text could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportError {
    /// Nothing that looks like f-puzzles data.
    #[error("this is not an f-puzzles or SudokuPad link, nor f-puzzles JSON")]
    NotALink,
    /// A short link: the puzzle is on SudokuPad's or f-puzzles' server.
    #[error("this is a short link to a puzzle kept on SudokuPad's or f-puzzles' server, which Pseudoku cannot reach; open it there and copy the puzzle's full link")]
    ShortLink,
    /// A TinyURL link (as f-puzzles' own short links are): the puzzle's
    /// link is on TinyURL's server.
    #[error("this is a TinyURL short link, which Pseudoku does not follow (the link it stands for is kept on TinyURL's server); open it in a browser and copy the f-puzzles or SudokuPad link it leads to")]
    ShortUrl,
    /// Longer than [`MAX_IMPORT_LEN`]; not decompressed.
    #[error("the link is too long to read: {length} characters, where Pseudoku reads at most {MAX_IMPORT_LEN}")]
    TooLong {
        /// Its length in bytes.
        length: usize,
    },
    /// The data unpacks to more than [`MAX_UNPACKED_LEN`]; not unpacked.
    #[error("the link's data unpacks to more than {MAX_UNPACKED_LEN} characters, far more than any puzzle needs, so Pseudoku does not read it")]
    TooBig,
    /// The payload is not lz-string base64.
    #[error("the link's puzzle data cannot be read: it is not the compressed text f-puzzles and SudokuPad write (is the link cut short?)")]
    Compression,
    /// The decompressed text is not f-puzzles JSON.
    #[error("the puzzle's data is not f-puzzles JSON: {0}")]
    Json(String),
    /// The decompressed text is not SudokuPad's JSON.
    #[error("the puzzle's data is not SudokuPad's JSON: {0}")]
    SclJson(String),
    /// A grid size out of range.
    #[error("the grid is {0}×{0}; Pseudoku reads f-puzzles and SudokuPad grids from 3×3 to 16×16")]
    BadSize(usize),
    /// Something in the grid is wrong (a cell, a region, a value).
    #[error("{0}")]
    Grid(String),
    /// Rules the engine does not play, as one sentence.
    #[error("this puzzle uses {0}, which Pseudoku does not play yet")]
    Unsupported(String),
}

/// Why a variant cannot be written as an f-puzzles link.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ExportError(pub String);

/// Rules a setter drew with plain lines, dots or text (or that the data
/// does not hold at all) and named only in the rules text: the words that
/// name each (matched at the start of a word, ASCII case folded), and its
/// name. Both readers (f-puzzles and SudokuPad's `scl`) use it.
const RULE_WORDS: &[(&[&str], &str)] = &[
    (&["killer cage", "killer sudoku"], "killer cages"),
    (&["little killer"], "little killer sums"),
    (&["sandwich"], "sandwich sums"),
    (&["thermo"], "thermometers"),
    (&["palindrome"], "palindromes"),
    (&["renban"], "renban lines"),
    (&["whisper"], "German whispers"),
    (&["region sum"], "region sum lines"),
    (&["entropic"], "entropic lines"),
    (&["nabner"], "nabner lines"),
    (&["zipper"], "zipper lines"),
    (&["between line"], "between lines"),
    (&["kropki"], "kropki dots"),
    (&["xv ", "xv:", "xv,", "xv.", "xv-", "xvxv"], "XV clues"),
    (&["global entropy"], "global entropy"),
    (&["anti-knight", "antiknight", "anti knight", "knight's move", "knight’s move"], "the anti-knight rule"),
    (&["anti-king", "antiking", "anti king", "king's move", "king’s move"], "the anti-king rule"),
    (&["non-consecutive", "nonconsecutive", "non consecutive"], "the non-consecutive rule"),
    (&["disjoint"], "disjoint groups"),
    (&["infinity loop"], "infinity loop rings"),
];

/// Words of a rules text that speak of marks on the grid without naming a
/// rule: a rule Pseudoku does not play hangs on them ("adjacent digits
/// along green lines differ by at least 5", "digits in cages sum to the
/// total"). Read only when no rule is named.
const MARK_WORDS: &[(&[&str], &str)] = &[
    (&["line"], "a rule about lines"),
    (&["cage"], "a rule about cages"),
    (&["arrow"], "a rule about arrows"),
    (&["circle"], "a rule about circles"),
    (&["dot"], "a rule about dots"),
    (&["shaded"], "a rule about shaded cells"),
];

/// The rules [`RULE_WORDS`] finds named in a rules text.
pub(crate) fn named_in_rules(rules: &str) -> Vec<&'static str> {
    found_in(rules, RULE_WORDS)
}

/// The marks [`MARK_WORDS`] finds a rules text speaking of: asked when
/// nothing else refuses the puzzle.
pub(crate) fn marks_in_rules(rules: &str) -> Vec<&'static str> {
    found_in(rules, MARK_WORDS)
}

/// The names of `list` whose words start a word of `rules`.
fn found_in(rules: &str, list: &[(&[&str], &'static str)]) -> Vec<&'static str> {
    // ASCII lower case is enough for these words, and keeps Unicode's case
    // tables out of the web app's module.
    let lower = rules.to_ascii_lowercase();
    let starts_word = |word: &str| {
        lower.match_indices(word).any(|(i, _)| !lower[..i].chars().next_back().is_some_and(char::is_alphanumeric))
    };
    list.iter().filter(|(words, _)| words.iter().any(|w| starts_word(w))).map(|&(_, name)| name).collect()
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests;
