//! SudokuPad's own puzzle form (`scl…`): its JSON, plain or "zipped", read
//! into an [`Imported`] puzzle.
//!
//! # The zipped form
//! SudokuPad shortens its JSON before compressing it: keys are bare words
//! and long keys have short names (`ce` for `cells`, `re` for `regions`,
//! [`KEYS`]); strings are in single quotes when the text has no double
//! quote (a quote inside one is `\'`); `t` and `f` after a colon are true
//! and false; colours lose their quotes and `#` (`#0`, `#F`, or six hex
//! digits after a colon); and an empty object in a list is left out
//! (`[{v:5},,{v:3}]`). [`unzip`] undoes each of these outside
//! strings, so the text is JSON again.
//!
//! # What is read
//! `cells` (rows of cells; a given has a `value`, given pencil marks are
//! `centremarks` and `pencilMarks`), `regions` (lists of `[row, col]`),
//! title, author and rules (in `metadata`, at the top, or as SudokuPad
//! writes them, cages with no cells whose value is `title: …`), `lines`
//! that run from corner to corner of the grid, which are its diagonals (as
//! SudokuPad draws f-puzzles' `diagonal+` and `diagonal-`), and cages of
//! style `extraregion` (f-puzzles' extra regions). Everything else
//! SudokuPad draws (cages, other lines, arrows, shapes over or under the
//! grid) carries a rule the data does not name, so the puzzle is refused
//! with a sentence that names what it has.

use serde_json::{Map, Value};

use super::grid::{cell_id, regions_of_map};
use super::{join_names, marks_in_rules, named_in_rules, ImportError, Imported, MAX_SIZE, MIN_SIZE};
use pseudoku_core::format::{GridSpec, Regions, Shape, Spec, Variant};
use pseudoku_core::layout::CellId;
use pseudoku_core::symbol::Symbol;

/// SudokuPad's short keys and the keys they stand for.
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Top-level keys that neither draw nor rule.
const METADATA: &[&str] = &[
    "id", "cellSize", "metadata", "settings", "title", "author", "rules", "solution", "duration", "videos", "version",
];

/// Reads SudokuPad's JSON (plain or zipped).
pub(super) fn read(text: &str) -> Result<Imported, ImportError> {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(_) => serde_json::from_str(&unzip(text)).map_err(|e| ImportError::SclJson(e.to_string()))?,
    };
    let Value::Object(puzzle) = expand_keys(value) else {
        return Err(ImportError::SclJson("it is not an object".into()));
    };
    convert(&puzzle)
}

/// The zipped text as JSON (see the module's documentation).
pub(super) fn unzip(text: &str) -> String {
    let single = !text.contains('"');
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let word_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '#' | '-' | '.' | '_' | '+');
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' || (single && c == '\'') {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != c {
                match chars[i] {
                    '\\' if i + 1 < chars.len() => {
                        if single && chars[i + 1] == '\'' {
                            out.push('\'');
                        } else {
                            out.push('\\');
                            out.push(chars[i + 1]);
                        }
                        i += 1;
                    }
                    '"' => out.push_str("\\\""),
                    other => out.push(other),
                }
                i += 1;
            }
            out.push('"');
            i += 1;
        } else if matches!(c, ',' | '{' | '[') {
            out.push(c);
            // SudokuPad also fills `[]`, which its zipper never writes (it
            // drops empty lists); it stays an empty list here.
            let next = chars.get(i + 1).copied();
            let elided = match c {
                ',' => matches!(next, Some(',' | ']' | '}')),
                _ => next == Some(','),
            } || (c == '{' && next == Some(']'));
            if elided {
                out.push_str("{}");
            }
            i += 1;
        } else if word_char(c) {
            let start = i;
            while i < chars.len() && word_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let after_colon = out.ends_with(':');
            if chars.get(i) == Some(&':') {
                out.push('"');
                out.push_str(&word);
                out.push('"');
            } else {
                match word.as_str() {
                    "t" if after_colon => out.push_str("true"),
                    "f" if after_colon => out.push_str("false"),
                    "#0" => out.push_str("\"#000000\""),
                    "#F" => out.push_str("\"#FFFFFF\""),
                    w if after_colon && w.len() == 6 && w.chars().all(|c| c.is_ascii_hexdigit()) => {
                        out.push_str(&format!("\"#{w}\""))
                    }
                    w if w.starts_with('#') => out.push_str(&format!("\"{w}\"")),
                    w => out.push_str(w),
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Every object's short keys as their long names.
fn expand_keys(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(expand_keys).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let long = KEYS.iter().find(|(short, _)| *short == k).map_or(k, |(_, long)| (*long).to_string());
                    (long, expand_keys(v))
                })
                .collect(),
        ),
        other => other,
    }
}

/// A value that holds something: a non-empty list or object, true, or a
/// non-empty text.
fn in_use(value: &Value) -> bool {
    match value {
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        Value::String(s) => !s.is_empty(),
        _ => false,
    }
}

/// A number, or a text of digits.
fn number(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        _ => None,
    }
}

/// Title, author and rules, and what else the cages say.
#[derive(Default)]
struct Meta {
    title: Option<String>,
    author: Option<String>,
    rules: Option<String>,
}

fn convert(puzzle: &Map<String, Value>) -> Result<Imported, ImportError> {
    let rows = match puzzle.get("cells") {
        Some(Value::Array(rows)) => rows,
        _ => return Err(ImportError::SclJson("it has no grid of cells".into())),
    };
    let n = rows.len();
    let widths: Vec<usize> = rows.iter().map(|r| r.as_array().map_or(0, Vec::len)).collect();
    if widths.iter().any(|&w| w != n) {
        let width = widths.iter().copied().max().unwrap_or(0);
        return Err(ImportError::Unsupported(format!(
            "a grid of {n} rows and {width} columns (Pseudoku plays square grids)"
        )));
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err(ImportError::BadSize(n));
    }
    let mut meta =
        Meta { title: text(puzzle.get("title")), author: text(puzzle.get("author")), rules: text(puzzle.get("rules")) };
    if let Some(Value::Object(m)) = puzzle.get("metadata") {
        meta.title = meta.title.or_else(|| text(m.get("title")));
        meta.author = meta.author.or_else(|| text(m.get("author")));
        meta.rules = meta.rules.or_else(|| text(m.get("rules")));
    }
    let (mut names, diagonals, extra) = drawn(puzzle, n, &mut meta)?;
    if let Some(rules) = &meta.rules {
        for name in named_in_rules(rules) {
            if !names.iter().any(|n| n == name) {
                names.push(format!("{name} (its rules say so)"));
            }
        }
        if names.is_empty() {
            names.extend(marks_in_rules(rules).into_iter().map(|name| format!("{name} (its rules say so)")));
        }
    }
    if !names.is_empty() {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        return Err(ImportError::Unsupported(join_names(&names)));
    }
    let regions = regions(puzzle, n)?;
    let mut givens = Vec::with_capacity(n * n);
    let mut pencil_marks = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let place = || format!("row {}, column {}", r + 1, c + 1);
            let symbol = |v: &Value| match number(v) {
                Some(k) if (1..=n as u64).contains(&k) => Ok(Symbol::new(k as usize - 1)),
                _ => Err(ImportError::Grid(format!("the value {v} at {} is not a number from 1 to {n}", place()))),
            };
            givens.push(match cell.get("value") {
                Some(v) if in_use(v) || v.is_number() => Some(symbol(v)?),
                _ => None,
            });
            let mut marks = Vec::new();
            for key in ["centremarks", "pencilMarks"] {
                let items = match cell.get(key) {
                    Some(Value::Array(items)) => items.clone(),
                    Some(Value::String(s)) if n <= 9 => {
                        s.chars().filter(|c| !c.is_whitespace()).map(|c| Value::String(c.to_string())).collect()
                    }
                    Some(v @ (Value::Number(_) | Value::String(_))) => vec![v.clone()],
                    _ => Vec::new(),
                };
                for item in &items {
                    let s = symbol(item)?;
                    if !marks.contains(&s) {
                        marks.push(s);
                    }
                }
            }
            marks.sort();
            pencil_marks.push(marks);
        }
    }
    let mut houses: Vec<Vec<CellId>> = extra;
    let (main, anti) = diagonals;
    if main && !anti {
        houses.push((0..n).map(|i| cell_id(n, i, i)).collect());
    }
    if anti && !main {
        houses.push((0..n).map(|i| cell_id(n, n - 1 - i, i)).collect());
    }
    let spec = Spec {
        name: meta.title,
        author: meta.author,
        rules: meta.rules,
        size: n,
        shape: Shape::Square(GridSpec { regions, diagonals: main && anti }),
        houses,
    };
    let givens = givens.iter().any(Option::is_some).then_some(givens);
    let variant = Variant::new(spec, givens).map_err(|e| ImportError::Grid(e.to_string()))?;
    Ok(Imported { variant, pencil_marks, notes: Vec::new() })
}

/// What is drawn on the grid: the names of what the engine does not play,
/// whether the two diagonals (top-left to bottom-right, then bottom-left to
/// top-right) are lines, and the extra regions. Cages with no cells are
/// read for their metadata.
fn drawn(puzzle: &Map<String, Value>, n: usize, meta: &mut Meta) -> Result<Drawn, ImportError> {
    let mut extra = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut name = |s: &str| {
        if !names.iter().any(|x| x == s) {
            names.push(s.to_string());
        }
    };
    for cage in puzzle.get("cages").and_then(Value::as_array).into_iter().flatten() {
        let cells = cage.get("cells").is_some_and(in_use);
        let value = cage.get("value").filter(|v| in_use(v) || v.is_number());
        if cells && cage.get("style").and_then(Value::as_str) == Some("extraregion") {
            let house =
                cage["cells"].as_array().into_iter().flatten().map(|c| cell_of(c, n)).collect::<Result<Vec<_>, _>>()?;
            if house.len() != n {
                return Err(ImportError::Unsupported(format!(
                    "an extra region of {} cells (Pseudoku's extra regions hold {n})",
                    house.len()
                )));
            }
            extra.push(house);
            continue;
        }
        let killer = value.is_some_and(super::read::is_sum)
            || cage.get("sum").is_some()
            || cage.get("unique").is_some_and(in_use);
        match (cells, value) {
            (false, Some(Value::String(s))) => {
                if let Some((key, rest)) = s.split_once(':') {
                    let rest = Some(rest.trim().to_string()).filter(|r| !r.is_empty());
                    match key.trim().to_ascii_lowercase().as_str() {
                        "title" => meta.title = meta.title.take().or(rest),
                        "author" => meta.author = meta.author.take().or(rest),
                        "rules" => meta.rules = meta.rules.take().or(rest),
                        _ => {}
                    }
                }
            }
            (false, _) => {}
            (true, _) if killer => name("killer cages"),
            (true, _) => name("cages"),
        }
    }
    let (mut main, mut anti) = (false, false);
    for line in puzzle.get("lines").and_then(Value::as_array).into_iter().flatten() {
        match diagonal(line, n) {
            Some(true) => main = true,
            Some(false) => anti = true,
            None => name("lines (such as thermometers, whispers or renban)"),
        }
    }
    if puzzle.get("arrows").is_some_and(in_use) {
        name("arrows");
    }
    if ["overlays", "underlays"].iter().any(|k| puzzle.get(*k).is_some_and(in_use)) {
        name("shapes drawn on the grid (such as dots, circles or shading)");
    }
    if ["foglight", "triggers"].iter().any(|k| puzzle.get(*k).is_some_and(in_use)) {
        name("fog of war");
    }
    let known = ["cells", "regions", "cages", "lines", "arrows", "overlays", "underlays", "foglight", "triggers"];
    for (key, value) in puzzle {
        if !known.contains(&key.as_str()) && !METADATA.contains(&key.as_str()) && in_use(value) && !value.is_string() {
            name(&format!("elements Pseudoku does not know (\"{key}\")"));
        }
    }
    Ok((names, (main, anti), extra))
}

/// The names of what the engine does not play, the two diagonals, and the
/// extra regions.
type Drawn = (Vec<String>, (bool, bool), Vec<Vec<CellId>>);

/// `[row, col]` as a cell of an `n × n` grid.
fn cell_of(cell: &Value, n: usize) -> Result<CellId, ImportError> {
    let at = |i: usize| cell.get(i).and_then(Value::as_u64).map(|x| x as usize).filter(|&x| x < n);
    match (at(0), at(1)) {
        (Some(r), Some(c)) => Ok(cell_id(n, r, c)),
        _ => Err(ImportError::Grid(format!("{cell} is not a cell of a {n}×{n} grid"))),
    }
}

/// `Some(true)` for a line along the diagonal from the top-left corner to
/// the bottom-right one, `Some(false)` for the other diagonal, `None` for
/// any other line. Way points are `[row, col]` with corners at whole
/// numbers and cell centres at halves; the line must reach the first and
/// last cells.
fn diagonal(line: &Value, n: usize) -> Option<bool> {
    let points: Vec<(f64, f64)> = line
        .get("wayPoints")?
        .as_array()?
        .iter()
        .map(|p| Some((p.get(0)?.as_f64()?, p.get(1)?.as_f64()?)))
        .collect::<Option<_>>()?;
    let n = n as f64;
    let spans = |rows: Vec<f64>| {
        let low = rows.iter().copied().fold(f64::INFINITY, f64::min);
        let high = rows.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        low <= 0.5 + 1e-6 && high >= n - 0.5 - 1e-6
    };
    let rows = || points.iter().map(|p| p.0).collect::<Vec<_>>();
    if points.len() < 2 {
        None
    } else if points.iter().all(|(r, c)| (r - c).abs() < 1e-6) && spans(rows()) {
        Some(true)
    } else if points.iter().all(|(r, c)| (r + c - n).abs() < 1e-6) && spans(rows()) {
        Some(false)
    } else {
        None
    }
}

/// The regions from `regions` (lists of `[row, col]`); none when there
/// are none (a Latin square).
fn regions(puzzle: &Map<String, Value>, n: usize) -> Result<Regions, ImportError> {
    let Some(regions) = puzzle.get("regions").and_then(Value::as_array).filter(|r| !r.is_empty()) else {
        return Ok(Regions::None);
    };
    let mut map = vec![usize::MAX; n * n];
    for (k, region) in regions.iter().enumerate() {
        let cells = region.as_array().map_or(&[][..], Vec::as_slice);
        if cells.len() != n {
            return Err(ImportError::Unsupported(format!(
                "a region of {} cells (Pseudoku's regions hold {n})",
                cells.len()
            )));
        }
        for cell in cells {
            let i = cell_of(cell, n)?.index();
            if map[i] != usize::MAX {
                return Err(ImportError::Grid(format!("row {}, column {} is in two regions", i / n + 1, i % n + 1)));
            }
            map[i] = k;
        }
    }
    if let Some(i) = map.iter().position(|&k| k == usize::MAX) {
        return Err(ImportError::Unsupported(format!(
            "cells in no region (row {}, column {} is one)",
            i / n + 1,
            i % n + 1
        )));
    }
    Ok(regions_of_map(n, &map))
}
