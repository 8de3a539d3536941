//! `pseudoku import` and the f-puzzles and SudokuPad links of `link`, run as
//! a user would: our links round trip, real links of several sizes import
//! and link back, and a ruleset keeps its paragraphs.

use pseudoku_core::format::{line, Variant};
use pseudoku_core::layout::Layout;
use pseudoku_core::symbol::Symbol;

mod common;
use common::{repo_root, run, temp_file, CLASSIC};

#[test]
fn fpuzzles_and_sudokupad_links_round_trip_through_import() {
    for flag in ["--fpuzzles", "--sudokupad"] {
        let r = run(&["link", flag, "--sudoku"], &format!("{CLASSIC}\n"));
        assert_eq!(r.code, 0, "{}", r.stderr);
        let url = r.stdout.trim_end();
        assert!(
            url.starts_with("https://www.f-puzzles.com/?load=N4Ig")
                || url.starts_with("https://sudokupad.app/fpuzzlesN4Ig")
        );
        let back = run(&["import", url], "");
        assert_eq!((back.code, back.stdout.as_str()), (0, format!("{CLASSIC}\n").as_str()));
    }
    // A jigsaw comes back as a variant file with the same layout and givens.
    let r = run(&["link", "--fpuzzles", "--variant", "examples/variants/jigsaw-9x9.txt"], "");
    let back = run(&["import", r.stdout.trim_end()], "");
    assert_eq!(back.code, 0, "{}", back.stdout);
    let original: Variant =
        std::fs::read_to_string(repo_root().join("examples/variants/jigsaw-9x9.txt")).unwrap().parse().unwrap();
    let imported: Variant = back.stdout.parse().unwrap();
    assert_eq!((imported.layout(), imported.givens()), (original.layout(), original.givens()));
    // A samurai cannot be written; a killer is refused by name.
    let r = run(&["link", "--fpuzzles", "--variant", "examples/variants/samurai.txt"], "");
    assert_eq!(r.code, 1);
    assert!(r.stdout.starts_with("error: f-puzzles holds one square grid"), "{}", r.stdout);
    let killer = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=";
    let r = run(&["import", killer], "");
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (1, "error: this puzzle uses killer cages, which Pseudoku does not play yet\n")
    );
}

#[test]
fn imported_rules_print_a_line_per_paragraph() {
    let grid: Vec<serde_json::Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
    let json =
        serde_json::json!({"size": 4, "title": "Two", "ruleset": "Normal rules.\n\nA second paragraph.", "grid": grid});
    let r = run(&["import", &json.to_string()], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "# title: Two\n# rules: Normal rules.\n# rules: A second paragraph.\n................\n");
}

/// Real links of several sizes and features from the engine's test data
/// (`crates/pseudoku-core/tests/data/fpuzzles.txt`, where each one's source
/// is named): the entry after the comment that holds `marker`.
fn real_link(marker: &str) -> String {
    let data = std::fs::read_to_string(repo_root().join("crates/pseudoku-core/tests/data/fpuzzles.txt")).unwrap();
    let mut lines = data.lines().skip_while(|l| !(l.starts_with('#') && l.contains(marker)));
    lines.find(|l| !l.starts_with('#')).and_then(|l| l.split('\t').nth(1)).expect("an entry").to_string()
}

/// The layout and givens of a puzzle line or a variant file.
fn printed_parts(text: &str) -> (Layout, Vec<Option<Symbol>>) {
    if text.trim().lines().count() == 1 {
        line::parse_inferred(text.trim()).map(|p| (p.layout, p.givens)).unwrap()
    } else {
        variant_parts(&text.parse().unwrap())
    }
}

fn variant_parts(v: &Variant) -> (Layout, Vec<Option<Symbol>>) {
    (v.layout().clone(), v.givens().map_or_else(|| vec![None; v.layout().cell_count()], <[_]>::to_vec))
}

#[test]
fn real_links_of_several_sizes_import_and_link_back() {
    use pseudoku_fpuzzles::import;
    // A 9x9 jigsaw, a windoku, a 6x6 with given pencil marks, an 8x8 of 4x2 boxes.
    for marker in ["test_irregular", "test_windowku", "line 367,", "line 317,"] {
        let link = real_link(marker);
        let expected = variant_parts(&import(&link).unwrap().variant);
        let r = run(&["import", &link], "");
        assert_eq!(r.code, 0, "{marker}: {}", r.stdout);
        assert_eq!(printed_parts(&r.stdout), expected, "{marker}");
        // A plain square grid comes as a line, anything else as a variant file.
        let (args, stdin) = if r.stdout.trim().lines().count() == 1 {
            (vec!["--sudoku".to_string()], r.stdout.clone())
        } else {
            let file = temp_file(&format!("imported-{}.txt", marker.replace([' ', ','], "")), &r.stdout);
            (vec!["--variant".to_string(), file.to_str().unwrap().to_string()], String::new())
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // Both tools' links read back as the same puzzle.
        for flag in ["--fpuzzles", "--sudokupad"] {
            let link = run(&[&["link", flag][..], &args].concat(), &stdin);
            assert_eq!(link.code, 0, "{marker} {flag}: {}", link.stdout);
            assert_eq!(variant_parts(&import(link.stdout.trim()).unwrap().variant), expected, "{marker} {flag}");
        }
        // Our own edit link opens it in the setter and decodes back.
        let edit = run(&[&["link", "--edit"][..], &args].concat(), &stdin);
        assert!(edit.code == 0 && edit.stdout.contains("#e="), "{marker}: {}{}", edit.stdout, edit.stderr);
        let decoded = run(&["link", "--decode", edit.stdout.trim()], "");
        assert_eq!(printed_parts(&decoded.stdout), expected, "{marker} --edit");
    }
}
