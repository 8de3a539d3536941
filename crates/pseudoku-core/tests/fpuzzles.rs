//! Real f-puzzles and SudokuPad links from public sources
//! (`tests/data/fpuzzles.txt`, each with where it came from) import with the
//! right givens, size, regions, title, author, rules text and solution
//! count (and the source's own solution), or are
//! refused with the sentence that names their rules, and then, read with
//! those rules taken out, still hold the source's solution: the size,
//! givens and regions were read right, not mangled. Our own exports of
//! them read back the same, and decode as the tools decode them: lz-string,
//! then the JSON's fields.
//!
//! A puzzle whose source gives its solution must have that one solution;
//! any other's solution count is checked twice: by the engine's solver and
//! by the slow reference solver of `common`.

mod common;

use common::{check_solution, reference_count};
use pseudoku_core::format::line::box_shape;
use pseudoku_core::format::{GridSpec, Regions, Shape, Variant};
use pseudoku_core::grid::is_solved;
use pseudoku_core::solver::{Count, Solver, Uniqueness};
use pseudoku_core::symbol::Symbol;
use pseudoku_fpuzzles::{export_fpuzzles, fpuzzles_link, import, sudokupad_link, Imported};

/// One entry of the data file.
struct Entry<'a> {
    expect: &'a str,
    link: &'a str,
    solution: Option<Vec<Option<Symbol>>>,
}

fn entries() -> Vec<Entry<'static>> {
    let data = include_str!("data/fpuzzles.txt");
    data.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let expect = fields.next().unwrap();
            let link = fields.next().expect("EXPECT<TAB>LINK");
            let solution = fields
                .next()
                .map(|s| s.chars().map(|c| Some(Symbol::new(c.to_digit(10).expect("a digit") as usize - 1))).collect());
            Entry { expect, link, solution }
        })
        .collect()
}

fn givens(v: &Variant) -> Vec<Option<Symbol>> {
    v.givens().map_or_else(|| vec![None; v.layout().cell_count()], <[_]>::to_vec)
}

/// The source's solution fits the variant: every rule, and every given.
fn fits(v: &Variant, solution: &[Option<Symbol>]) -> bool {
    solution.len() == v.layout().cell_count()
        && is_solved(v.layout(), solution)
        && givens(v).iter().zip(solution).all(|(g, s)| g.is_none() || g == s)
}

/// The f-puzzles JSON of bare data or a link, with only what Pseudoku plays
/// (and no rules text, which names the rules taken out).
fn without_other_rules(link: &str) -> Option<String> {
    let data = link.rsplit(['=', '/']).next().filter(|d| d.starts_with("N4Ig")).unwrap_or(link);
    let data = link.find("N4Ig").map_or(data, |i| &link[i..]);
    let json = String::from_utf16(&lz_str::decompress_from_base64(data)?).ok()?;
    let mut value: serde_json::Value = serde_json::from_str(&json).ok()?;
    let keep = ["size", "title", "author", "grid", "diagonal+", "diagonal-", "extraregion"];
    value.as_object_mut()?.retain(|k, _| keep.contains(&k.as_str()));
    Some(value.to_string())
}

/// Placements the reference solver may make on one entry.
const REFERENCE_BUDGET: u64 = 3_000_000;

/// What an import is, as the data file writes it: the solution count (up
/// to 2) and given digits, then what differs from a 9x9 classic: the size,
/// the regions (`jigsaw`, `boxes=RxC`, `latin`), both diagonals, extra
/// houses (one diagonal or an extra region each) and the cells with given
/// pencil marks.
fn describe(imported: &Imported) -> String {
    let v = &imported.variant;
    let given = givens(v);
    let count = match Solver::new(v.layout()).count(&given, 2) {
        Count::Exact(n) => n.to_string(),
        Count::AtLeast(n) | Count::GaveUp { found: n, .. } => format!("{n}+"),
    };
    let n = v.layout().size();
    let mut words = vec![format!("count={count}"), format!("givens={}", given.iter().flatten().count())];
    if n != 9 {
        words.push(format!("size={n}"));
    }
    if let Shape::Square(GridSpec { regions, diagonals }) = &v.spec().shape {
        match regions {
            Regions::Map(_) => words.push("jigsaw".into()),
            Regions::None => words.push("latin".into()),
            Regions::Boxes { rows, cols } if (*rows, *cols) != box_shape(n) => {
                words.push(format!("boxes={rows}x{cols}"))
            }
            Regions::Boxes { .. } => {}
        }
        if *diagonals {
            words.push("diagonals".into());
        }
    }
    if !v.spec().houses.is_empty() {
        words.push(format!("extra={}", v.spec().houses.len()));
    }
    let marked = imported.pencil_marks.iter().filter(|m| !m.is_empty()).count();
    if marked > 0 {
        words.push(format!("marks={marked}"));
    }
    words.join(" ")
}

/// The title, author and rules text as read: `title="…"`, `author="…"` and
/// `rules="…"` (the rules' first line, cut at 40 characters, then `…N` with
/// the whole text's length in characters), each only when present.
fn describe_meta(v: &Variant) -> String {
    let spec = v.spec();
    let mut words = Vec::new();
    if let Some(title) = &spec.name {
        words.push(format!("title={title:?}"));
    }
    if let Some(author) = &spec.author {
        words.push(format!("author={author:?}"));
    }
    if let Some(rules) = &spec.rules {
        let first: String = rules.lines().next().unwrap_or("").chars().take(40).collect();
        words.push(format!("rules={first:?}…{}", rules.chars().count()));
    }
    words.join(" ")
}

/// The reference solver's count (up to 2) agrees with the engine's. An
/// empty grid the reference cannot search within its budget is checked
/// another way: the engine's solution keeps every rule (so there is one),
/// and renaming its symbols gives another, so there are at least two.
fn reference_agrees(v: &Variant, link: &str) {
    let given = givens(v);
    let engine = match Solver::new(v.layout()).count(&given, 2) {
        Count::Exact(n) => (n as usize, false),
        Count::AtLeast(n) => (n as usize, true),
        other => panic!("{link}: the engine gave up: {other:?}"),
    };
    match reference_count(v.layout(), &given, 2, REFERENCE_BUDGET) {
        Some(reference) => {
            let reference = (reference.solutions.len(), reference.limit_reached);
            assert_eq!(reference, engine, "{link}: the reference solver counts otherwise");
        }
        None => {
            assert!(given.iter().all(Option::is_none), "{link}: the reference solver ran out of budget");
            let solution = Solver::new(v.layout()).solve(&given).unwrap_or_else(|| panic!("{link}: no solution"));
            check_solution(v.layout(), &given, &solution).unwrap_or_else(|e| panic!("{link}: {e}"));
            assert_eq!(engine, (2, true), "{link}: an empty grid with a solution has more than one");
        }
    }
}

#[test]
fn real_links_import_or_are_refused_by_name() {
    let mut checked = 0;
    let (mut opened, mut beyond_classic, mut refused_read, mut titled) = (0, 0, 0, 0);
    for Entry { expect, link, solution } in entries() {
        match expect.strip_prefix("refused=") {
            Some(sentence) => {
                assert_eq!(import(link).unwrap_err().to_string(), sentence, "{link}");
                if let Some(solution) = &solution {
                    let json = without_other_rules(link).expect("f-puzzles data");
                    let Imported { variant, .. } = import(&json).unwrap_or_else(|e| panic!("{link}: {e}"));
                    assert!(fits(&variant, solution), "{link}: the source's solution does not fit what was read");
                    refused_read += 1;
                }
            }
            None => {
                let imported = import(link).unwrap_or_else(|e| panic!("{link}: {e}"));
                let v = &imported.variant;
                let shown = describe(&imported);
                let meta = describe_meta(v);
                let described = if meta.is_empty() { shown.clone() } else { format!("{shown} {meta}") };
                assert_eq!(described, expect, "{link}");
                titled += usize::from(v.spec().name.is_some());
                if let Some(solution) = &solution {
                    let Uniqueness::Unique(found) = Solver::new(v.layout()).uniqueness(&givens(v)) else {
                        panic!("{link}: a solution is given, so it is unique")
                    };
                    let found: Vec<Option<Symbol>> = found.into_iter().map(Some).collect();
                    assert_eq!(&found, solution, "{link}: not the source's solution");
                } else {
                    reference_agrees(v, link);
                }
                // Our own export of it reads back the same, pencil marks aside.
                let again = import(&export_fpuzzles(v).unwrap()).unwrap();
                assert_eq!((again.variant.layout(), again.variant.givens()), (v.layout(), v.givens()));
                opened += 1;
                let classic_or_x = shown.split(' ').skip(2).all(|w| w == "diagonals");
                if !classic_or_x {
                    beyond_classic += 1;
                }
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 112 && opened >= 27 && beyond_classic >= 16 && refused_read >= 44 && titled >= 4,
        "{checked} {opened} {beyond_classic} {refused_read} {titled}"
    );
}

/// Our links, decoded the way f-puzzles and SudokuPad decode them: the data
/// after `?load=` or `fpuzzles`, lz-string's base64 decompression, then the
/// JSON's fields, which give back the same grid.
#[test]
fn exports_decode_as_the_tools_decode_them() {
    let jigsaw = include_str!("../../../examples/variants/jigsaw-9x9.txt");
    for text in [
        jigsaw.to_string(),
        "name Six\nauthor Me\nrules Normal rules.\nsize 6\ndiagonals\ngivens\n1.....\n......\n..3...\n......\n......\n.....2\n"
            .to_string(),
    ] {
        let v: Variant = text.parse().unwrap();
        for (link, prefix) in
            [(fpuzzles_link(&v).unwrap(), "https://www.f-puzzles.com/?load="), (sudokupad_link(&v).unwrap(), "https://sudokupad.app/fpuzzles")]
        {
            let data = link.strip_prefix(prefix).expect("the tool's address");
            let json = String::from_utf16(&lz_str::decompress_from_base64(data).unwrap()).unwrap();
            let value: serde_json::Value = serde_json::from_str(&json).unwrap();
            let n = v.layout().size();
            assert_eq!(value["size"], n);
            assert_eq!(value["title"].as_str(), v.spec().name.as_deref());
            let grid = value["grid"].as_array().unwrap();
            let given = givens(&v);
            for (r, row) in grid.iter().enumerate() {
                for (c, cell) in row.as_array().unwrap().iter().enumerate() {
                    let value = cell.get("value").and_then(serde_json::Value::as_u64);
                    assert_eq!(value, given[r * n + c].map(|s| s.number() as u64), "row {r}, column {c}");
                    assert_eq!(cell.get("given").is_some(), value.is_some());
                }
            }
            // Regions as f-puzzles numbers them (the default boxes left out):
            // the same cells share a region as in the layout.
            let region = |i: usize| {
                let cell = &grid[i / n][i % n];
                cell.get("region").and_then(serde_json::Value::as_u64).map(|r| r as usize)
            };
            let back = import(&link).unwrap().variant;
            assert_eq!(back.layout(), v.layout());
            assert_eq!(back.givens(), v.givens());
            if let Shape::Square(GridSpec { regions: Regions::Map(map), .. }) = &v.spec().shape {
                // f-puzzles' default for a cell with no `region`: its 3×3 box.
                let read = |i: usize| region(i).unwrap_or((i / n / 3) * 3 + (i % n) / 3);
                for (a, b) in (0..n * n).flat_map(|a| (0..n * n).map(move |b| (a, b))) {
                    assert_eq!(read(a) == read(b), map[a] == map[b], "cells {a} and {b}");
                }
            }
            assert_eq!(value["diagonal+"].as_bool().unwrap_or(false), text.contains("diagonals"));
        }
    }
}

/// lz-string data of 4 KiB that unpacks to 2,838,153 characters (the
/// `lz-str` crate's packing of as many `a`s; `pseudoku bench --what import`
/// builds the same worst case up to 32 KiB, a hundred million characters)
/// is refused for what it unpacks to, before it is unpacked; so is an
/// f-puzzles link that carries it.
#[test]
fn data_that_unpacks_past_the_cap_is_refused_unpacked() {
    let bomb = include_str!("data/lz-bomb-4k.txt").trim();
    assert_eq!(lz_str::decompress_from_base64(bomb).map(|v| v.len()), Some(2_838_153));
    let message = "the link's data unpacks to more than 1048576 characters, far more than any puzzle needs, so Pseudoku does not read it";
    for text in [
        bomb.to_string(),
        format!("https://www.f-puzzles.com/?load={bomb}"),
        format!("https://sudokupad.app/scl{bomb}"),
    ] {
        assert_eq!(import(&text).unwrap_err().to_string(), message);
    }
}
