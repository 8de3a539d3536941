//! Real links as the community shares them (`tests/data/shared_links.txt`,
//! each after a comment naming where it was found): f-puzzles and SudokuPad
//! links of many kinds, short links, and held links in the forms chats and
//! forums pass them on (in angle brackets, in Markdown, after words, without
//! `https://`, with SudokuPad's settings after the data). Each imports as
//! the data file says (its size, givens, regions, solution count, title),
//! or is refused with the sentence the file gives, which names the rules
//! Pseudoku does not play, or says the link is a short one.
//!
//! The counts this test asserts are the figure in BENCHMARKS.md:
//! `cargo test -p pseudoku-fpuzzles --test shared_links -- --nocapture`
//! prints them.

use pseudoku_core::format::Variant;
use pseudoku_core::solver::{Count, Solver};
use pseudoku_fpuzzles::{fpuzzles_link, import, ImportError, Imported};

/// What an import is, as the data file writes it: the layout in the words
/// of the engine's variant file (`size 9, boxes 3x3, diagonals`, `regions`
/// for a jigsaw, `houses=K` for extra houses), then `| givens=G`,
/// `marks=M` (cells with given pencil marks), `count=C` (solutions, counted
/// up to 2) and the title.
fn describe(imported: &Imported) -> String {
    let v = &imported.variant;
    let file = v.to_string();
    let layout_words = ["size", "boxes", "no-boxes", "regions", "diagonals"];
    let mut layout: Vec<&str> =
        file.lines().filter(|l| l.split(' ').next().is_some_and(|w| layout_words.contains(&w))).collect();
    let houses = format!("houses={}", file.lines().filter(|l| l.starts_with("house ")).count());
    if houses != "houses=0" {
        layout.push(&houses);
    }
    let givens = givens(v);
    let mut words = vec![layout.join(", "), "|".into(), format!("givens={}", givens.iter().flatten().count())];
    let marked = imported.pencil_marks.iter().filter(|m| !m.is_empty()).count();
    if marked > 0 {
        words.push(format!("marks={marked}"));
    }
    words.push(match Solver::new(v.layout()).count(&givens, 2) {
        Count::Exact(c) => format!("count={c}"),
        Count::AtLeast(c) => format!("count={c}+"),
        other => format!("count=gave-up({other:?})"),
    });
    if let Some(title) = &v.spec().name {
        words.push(format!("title={title:?}"));
    }
    words.join(" ")
}

fn givens(v: &Variant) -> Vec<Option<pseudoku_core::symbol::Symbol>> {
    v.givens().map_or_else(|| vec![None; v.layout().cell_count()], <[_]>::to_vec)
}

/// The outcome of one text, as the data file writes it.
fn outcome(text: &str) -> String {
    match import(text) {
        Ok(imported) => {
            // What was read travels back out as an f-puzzles link unchanged.
            let again = import(&fpuzzles_link(&imported.variant).unwrap()).unwrap();
            assert_eq!(
                (again.variant.layout(), again.variant.givens()),
                (imported.variant.layout(), imported.variant.givens()),
                "{text}"
            );
            format!("imports {}", describe(&imported))
        }
        Err(ImportError::ShortLink) => "short".into(),
        Err(ImportError::ShortUrl) => "tinyurl".into(),
        Err(ImportError::NotALink) => "not-a-link".into(),
        Err(e) => format!("refused={e}"),
    }
}

#[test]
fn shared_links_import_or_are_refused_by_name() {
    let data = include_str!("data/shared_links.txt");
    let mut wrong = Vec::new();
    let (mut total, mut imports, mut refused, mut short) = (0, 0, 0, 0);
    for (number, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (expect, text) = line.split_once('\t').expect("EXPECT<TAB>TEXT");
        let got = outcome(text);
        if got != expect {
            wrong.push(format!("line {}: expected {expect}\n         got {got}", number + 1));
        }
        total += 1;
        match got.split([' ', '=']).next() {
            Some("imports") => imports += 1,
            Some("short" | "tinyurl") => short += 1,
            _ => refused += 1,
        }
    }
    println!("{total} shared texts: {imports} import, {refused} refused by name, {short} short links");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(total >= 80 && imports >= 13 && refused >= 35 && short >= 30, "{total} {imports} {refused} {short}");
}
