//! Links shared by an earlier build still open the same puzzle, and encode
//! to the same text: the web app keys a player's saved progress by that
//! text, so a link that encoded differently would lose their game.

use std::process::Command;

use pseudoku_core::format::link::{decode_shared, encode, encode_sudoku, Shared};

/// `(link, what the build that wrote it printed for `link --decode`)`.
fn entries() -> Vec<(String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/links-2026-11-25.txt");
    let text = std::fs::read_to_string(path).expect("the links file is there");
    text.split("\n\n")
        .filter_map(|block| {
            let (first, rest) = block.split_once('\n')?;
            let link = first.strip_prefix("link ")?;
            Some((link.to_owned(), format!("{}\n", rest.trim_end_matches('\n'))))
        })
        .collect()
}

#[test]
fn every_kind_of_link_is_on_file() {
    let entries = entries();
    assert_eq!(entries.len(), 21, "a block of the file was not read");
    let count = |f: &dyn Fn(&str, &str) -> bool| entries.iter().filter(|(l, d)| f(l, d)).count();
    assert!(count(&|l, _| l.contains("#p=AQEJ")) >= 2, "9×9 Pseudoku challenges");
    assert!(count(&|l, _| l.contains("#e=AQE")) >= 1, "a challenge opened to edit");
    assert!(count(&|l, _| l.contains("#p=AQIJAAAA")) >= 2, "plain 9×9 sudokus");
    // Every example variant but the plain grids, printed as a variant file.
    assert!(count(&|_, d| d.lines().any(|line| line.starts_with("size "))) >= 8, "variant layouts");
}

#[test]
fn links_of_the_first_sudoku_build_decode_as_that_build_decoded_them() {
    for (link, expected) in entries() {
        let out = Command::new(env!("CARGO_BIN_EXE_pseudoku")).args(["link", "--decode", &link]).output().unwrap();
        assert!(out.status.success(), "{link}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{link}");
    }
}

#[test]
fn links_of_the_first_sudoku_build_encode_to_the_same_text() {
    for (link, _) in entries() {
        let text = link.split_once('=').map(|(_, t)| t).unwrap();
        let again = match decode_shared(text).unwrap_or_else(|e| panic!("{link}: {e}")) {
            Shared::Pseudoku(challenge) => encode(&challenge),
            Shared::Sudoku(variant) => encode_sudoku(&variant).unwrap(),
        };
        assert_eq!(again, text, "{link}");
    }
}
