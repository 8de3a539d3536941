//! Reading a link (or the raw JSON) into an [`Imported`] puzzle.

use super::grid::{cell_id, default_map, regions_of_map};
use super::json::{Cell, Puzzle};
use super::link::{payload, Payload};
use super::meter::{unpacked_len, Meter};
use super::{
    join_names, marks_in_rules, named_in_rules, ImportError, Imported, MAX_IMPORT_LEN, MAX_SIZE, MAX_UNPACKED_LEN,
    MIN_SIZE,
};
use pseudoku_core::format::{GridSpec, Regions, Shape, Spec, Variant};
use pseudoku_core::layout::CellId;
use pseudoku_core::symbol::Symbol;

/// The f-puzzles keys that are rules the engine does not play, and how a
/// player names them, in the order a refusal lists them.
const RULES: &[(&str, &str)] = &[
    ("killercage", "killer cages"),
    ("littlekillersum", "little killer sums"),
    ("sandwichsum", "sandwich sums"),
    ("xsum", "X-sums"),
    ("skyscraper", "skyscrapers"),
    ("thermometer", "thermometers"),
    ("arrow", "arrows"),
    ("palindrome", "palindromes"),
    ("renban", "renban lines"),
    ("whispers", "German whispers"),
    ("regionsumline", "region sum lines"),
    ("entropicline", "entropic lines"),
    ("betweenline", "between lines"),
    ("between", "between lines"),
    ("lockout", "lockout lines"),
    ("difference", "kropki white dots"),
    ("ratio", "kropki black dots"),
    ("xv", "XV clues"),
    ("negative", "negative constraints"),
    ("odd", "odd cells"),
    ("even", "even cells"),
    ("minimum", "minimum cells"),
    ("maximum", "maximum cells"),
    ("clone", "clones"),
    ("quadruple", "quadruples"),
    ("antiknight", "the anti-knight rule"),
    ("antiking", "the anti-king rule"),
    ("nonconsecutive", "the non-consecutive rule"),
    ("disjointgroups", "disjoint groups"),
    ("slowthermometer", "slow thermometers"),
    ("zipperline", "zipper lines"),
    ("doublearrow", "double arrows"),
    ("rowindexer", "row indexer cells"),
    ("columnindexer", "column indexer cells"),
    ("boxindexer", "box indexer cells"),
];

/// Keys that only draw something; they are dropped with a note.
const COSMETIC: &[(&str, &str)] =
    &[("text", "text"), ("line", "lines"), ("rectangle", "rectangles"), ("circle", "circles"), ("cage", "cages")];

/// Keys that neither draw nor rule (settings of the tools).
const METADATA: &[&str] =
    &["solution", "activeConstraints", "disabledlogic", "truecandidatesoptions", "version", "encodingVersion"];

/// Reads an f-puzzles link, a SudokuPad link (of f-puzzles data or in
/// SudokuPad's own `scl` form), an address that opens one (`…#import=<the
/// link>`), or the JSON of either tool. A text longer than
/// [`MAX_IMPORT_LEN`] is refused before it is decompressed.
pub fn import(text: &str) -> Result<Imported, ImportError> {
    if text.len() > MAX_IMPORT_LEN {
        return Err(ImportError::TooLong { length: text.len() });
    }
    let text = text.trim();
    let text = text.split_once("#import=").map_or(text, |(_, link)| link);
    match source(text)? {
        Source::Fpuzzles(json) => {
            let puzzle: Puzzle = serde_json::from_str(&json).map_err(|e| ImportError::Json(e.to_string()))?;
            convert(puzzle)
        }
        Source::Scl(text) => super::scl::read(&text),
    }
}

/// Whether a text looks like something [`import`] reads rather than a
/// puzzle line or a variant file: a link of f-puzzles, SudokuPad or TinyURL (or an
/// address that opens one), the JSON of either, or bare f-puzzles data.
/// Cheap: it looks at the first characters and the address only.
pub fn looks_importable(text: &str) -> bool {
    let text = text.trim();
    let lower = text.chars().take(200).collect::<String>().to_ascii_lowercase();
    text.starts_with('{')
        || ["f-puzzles.com", "sudokupad", "crackingthecryptic", "tinyurl.com", "#import=", "puzzleid="]
            .iter()
            .any(|k| lower.contains(k))
        || ["scl", "ctc", "fpuzzles", "n4ig"].iter().any(|p| lower.starts_with(p))
}

/// What a link holds, decompressed.
enum Source {
    /// f-puzzles JSON.
    Fpuzzles(String),
    /// SudokuPad's own JSON, plain or zipped.
    Scl(String),
}

/// What a link holds: its payload ([`crate::link::payload`]), its format prefix
/// read, then JSON as it is or lz-string data decompressed.
fn source(text: &str) -> Result<Source, ImportError> {
    if text.starts_with('{') {
        return Ok(json_source(text.to_string(), None));
    }
    let Payload { scl, data } = payload(text)?;
    if data.starts_with('{') {
        return Ok(json_source(data, scl));
    }
    if data.is_empty() || !data.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')) {
        return Err(ImportError::NotALink);
    }
    let text = decompress(&data)?;
    Ok(if scl == Some(true) { Source::Scl(text) } else { Source::Fpuzzles(text) })
}

/// JSON given as it is: f-puzzles JSON has a `grid` and a `size`,
/// SudokuPad's `cells`.
fn json_source(json: String, scl: Option<bool>) -> Source {
    let fpuzzles = scl.map_or_else(
        || {
            serde_json::from_str::<serde_json::Value>(&json)
                .is_ok_and(|v| v.get("grid").is_some() || v.get("size").is_some())
        },
        |scl| !scl,
    );
    if fpuzzles {
        Source::Fpuzzles(json)
    } else {
        Source::Scl(json)
    }
}

/// lz-string `decompressFromBase64`, once the meter has found the text no
/// longer than [`MAX_UNPACKED_LEN`].
fn decompress(data: &str) -> Result<String, ImportError> {
    match unpacked_len(data, MAX_UNPACKED_LEN) {
        Err(Meter::Over) => return Err(ImportError::TooBig),
        Err(Meter::Invalid) => return Err(ImportError::Compression),
        Ok(_) => {}
    }
    let wide = lz_str::decompress_from_base64(data).ok_or(ImportError::Compression)?;
    let json = String::from_utf16(&wide).map_err(|_| ImportError::Compression)?;
    if json.is_empty() {
        return Err(ImportError::Compression);
    }
    Ok(json)
}

/// The JSON's puzzle as a variant.
fn convert(puzzle: Puzzle) -> Result<Imported, ImportError> {
    let n = puzzle.size;
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err(ImportError::BadSize(n));
    }
    let mut notes = Vec::new();
    check_rules(&puzzle, &mut notes)?;
    if puzzle.grid.len() != n || puzzle.grid.iter().any(|row| row.len() != n) {
        return Err(ImportError::Grid(format!("the grid of a {n}×{n} puzzle does not have {n} rows of {n} cells")));
    }
    let cells: Vec<&Cell> = puzzle.grid.iter().flatten().collect();
    let regions = regions(n, &cells)?;
    let mut houses = Vec::new();
    let both = puzzle.diagonal_pos && puzzle.diagonal_neg;
    if puzzle.diagonal_pos && !both {
        houses.push((0..n).map(|i| cell_id(n, n - 1 - i, i)).collect());
    }
    if puzzle.diagonal_neg && !both {
        houses.push((0..n).map(|i| cell_id(n, i, i)).collect());
    }
    for group in &puzzle.extraregion {
        let house = group.cells.iter().map(|c| parse_cell(n, c)).collect::<Result<Vec<_>, _>>()?;
        if house.len() != n {
            return Err(ImportError::Unsupported(format!(
                "an extra region of {} cells (Pseudoku's extra regions hold {n})",
                house.len()
            )));
        }
        houses.push(house);
    }
    let mut givens = Vec::with_capacity(n * n);
    let mut pencil_marks = Vec::with_capacity(n * n);
    let (mut entered, mut marked) = (false, false);
    for (i, cell) in cells.iter().enumerate() {
        let place = || format!("row {}, column {}", i / n + 1, i % n + 1);
        let symbol = |v: u64| match v {
            1.. if v <= n as u64 => Ok(Symbol::new(v as usize - 1)),
            _ => Err(ImportError::Grid(format!("the value {v} at {} is not between 1 and {n}", place()))),
        };
        givens.push(match cell.value {
            Some(v) if cell.given => Some(symbol(v)?),
            Some(_) => {
                entered = true;
                None
            }
            None => None,
        });
        let marks = cell.given_pencil_marks.as_deref().unwrap_or_default();
        pencil_marks.push(marks.iter().map(|&v| symbol(v)).collect::<Result<Vec<_>, _>>()?);
        marked |= cell.center_pencil_marks.as_ref().is_some_and(|m| !m.is_empty())
            || cell.corner_pencil_marks.as_ref().is_some_and(|m| !m.is_empty());
    }
    if entered {
        notes.push("digits entered by a solver (not givens) were dropped".to_string());
    }
    if marked {
        notes.push("a solver's centre and corner pencil marks were dropped".to_string());
    }
    let spec = Spec {
        name: puzzle.title,
        author: puzzle.author,
        rules: puzzle.ruleset,
        size: n,
        shape: Shape::Square(GridSpec { regions, diagonals: both }),
        houses,
    };
    let givens = givens.iter().any(Option::is_some).then_some(givens);
    let variant = Variant::new(spec, givens).map_err(|e| ImportError::Grid(e.to_string()))?;
    Ok(Imported { variant, pencil_marks, notes })
}

/// Refuses rules the engine does not play, and notes dropped cosmetics.
fn check_rules(puzzle: &Puzzle, notes: &mut Vec<String>) -> Result<(), ImportError> {
    let present = |key: &str| puzzle.rest.get(key).is_some_and(in_use);
    let mut rules: Vec<&str> = RULES.iter().filter(|(k, _)| present(k)).map(|&(_, name)| name).collect();
    rules.dedup();
    // A `cage` with a sum is a killer cage drawn as a plain cage; one with a
    // label (`A`) or SudokuPad's message (`msgcorrect: …`) only draws.
    let valued_cage = puzzle
        .rest
        .get("cage")
        .and_then(|v| v.as_array())
        .is_some_and(|cages| cages.iter().any(|c| c.get("value").is_some_and(is_sum)));
    if valued_cage && !rules.contains(&"killer cages") {
        rules.insert(0, "killer cages");
    }
    let known =
        |k: &str| RULES.iter().any(|(r, _)| *r == k) || COSMETIC.iter().any(|(c, _)| *c == k) || METADATA.contains(&k);
    let unknown: Vec<String> = puzzle
        .rest
        .iter()
        .filter(|(k, v)| !known(k) && v.as_array().is_some_and(|a| !a.is_empty()))
        .map(|(k, _)| format!("elements Pseudoku does not know (\"{k}\")"))
        .collect();
    rules.extend(unknown.iter().map(String::as_str));
    if !rules.is_empty() {
        return Err(ImportError::Unsupported(join_names(&rules)));
    }
    // Rules drawn with plain lines, or not drawn at all: the rules text says.
    let said = puzzle.ruleset.as_deref().map(named_in_rules).unwrap_or_default();
    let said = if said.is_empty() { puzzle.ruleset.as_deref().map(marks_in_rules).unwrap_or_default() } else { said };
    if !said.is_empty() {
        return Err(ImportError::Unsupported(format!("{} (its rules say so)", join_names(&said))));
    }
    let cosmetic: Vec<&str> = COSMETIC.iter().filter(|(k, _)| present(k)).map(|&(_, name)| name).collect();
    if !cosmetic.is_empty() {
        notes.push(format!(
            "{} drawn on the grid were dropped (they carry no rule Pseudoku plays)",
            join_names(&cosmetic)
        ));
    }
    Ok(())
}

/// Whether a cage's value is a sum: a number, or a text of one.
pub(crate) fn is_sum(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Number(_) => true,
        serde_json::Value::String(s) => !s.trim().is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    }
}

/// Whether a key's value says the element is in use.
fn in_use(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Bool(b) => *b,
        serde_json::Value::Array(a) => !a.is_empty(),
        serde_json::Value::Object(o) => !o.is_empty(),
        _ => false,
    }
}

/// The regions of the grid: the default boxes, other boxes, or a jigsaw map.
/// As SudokuPad reads f-puzzles, a cell without a `region` is in its
/// default box, cells with the same id (any integer) share a region, and a
/// `null` region puts the cell in none, which Pseudoku does not play.
fn regions(n: usize, cells: &[&Cell]) -> Result<Regions, ImportError> {
    let default = default_map(n);
    let mut ids: Vec<i64> = Vec::with_capacity(n * n);
    for (i, cell) in cells.iter().enumerate() {
        match cell.region {
            Some(Some(r)) => ids.push(r),
            None => ids.push(default[i] as i64),
            Some(None) => {
                return Err(ImportError::Unsupported(format!(
                    "cells in no region (row {}, column {} is one)",
                    i / n + 1,
                    i % n + 1
                )))
            }
        }
    }
    let mut names: Vec<i64> = Vec::new();
    let map: Vec<usize> = ids
        .iter()
        .map(|id| {
            names.iter().position(|x| x == id).unwrap_or_else(|| {
                names.push(*id);
                names.len() - 1
            })
        })
        .collect();
    Ok(regions_of_map(n, &map))
}

/// `R3C12` (any case) as a cell of an `n × n` grid.
fn parse_cell(n: usize, text: &str) -> Result<CellId, ImportError> {
    let bad = || ImportError::Grid(format!("\"{text}\" is not a cell of a {n}×{n} grid (such as R1C1)"));
    let upper = text.trim().to_ascii_uppercase();
    let rest = upper.strip_prefix('R').ok_or_else(bad)?;
    let (r, c) = rest.split_once('C').ok_or_else(bad)?;
    let r: usize = r.parse().map_err(|_| bad())?;
    let c: usize = c.parse().map_err(|_| bad())?;
    if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
        return Err(bad());
    }
    Ok(cell_id(n, r - 1, c - 1))
}
