//! Tests of f-puzzles import and export: round trips over the examples and
//! random grids, the JSON as f-puzzles reads it, and refusals.

use proptest::prelude::*;

use super::*;
use crate::format::{GridSpec, Regions, Shape, Spec};
use crate::solver::Solver;

/// The parts a round trip keeps: layout, givens, title, author, rules.
type Kept<'a> = (&'a crate::layout::Layout, Option<&'a [Option<Symbol>]>, [Option<&'a str>; 3]);

fn kept(v: &Variant) -> Kept<'_> {
    let s = v.spec();
    (v.layout(), v.givens(), [s.name.as_deref(), s.author.as_deref(), s.rules.as_deref()])
}

fn round_trip(v: &Variant) {
    for link in [fpuzzles_link(v).unwrap(), sudokupad_link(v).unwrap(), export_json(v).unwrap()] {
        let back = import(&link).unwrap();
        assert_eq!(kept(&back.variant), kept(v), "{link}");
        assert!(back.notes.is_empty());
    }
}

#[test]
fn examples_round_trip_or_are_refused_by_name() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants");
    let mut squares = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let v: Variant = std::fs::read_to_string(&path).unwrap().parse().unwrap();
        match &v.spec().shape {
            Shape::Square(GridSpec { regions: Regions::None, .. }) if v.spec().size != 5 => {
                assert!(export_fpuzzles(&v).is_err())
            }
            Shape::Square(_) if v.spec().houses.iter().all(|h| h.len() == v.spec().size) => {
                round_trip(&v);
                squares += 1;
            }
            Shape::Square(_) => {}
            _ => {
                let e = export_fpuzzles(&v).unwrap_err();
                assert!(e.0.starts_with("f-puzzles holds one square grid"), "{}: {e}", path.display());
            }
        }
    }
    assert!(squares >= 6, "{squares}");
}

#[test]
fn the_json_reads_as_f_puzzles_reads_it() {
    let v: Variant = "name Mine\nauthor Me\nsize 4\ndiagonals\ngivens\n1...\n....\n....\n...2\n".parse().unwrap();
    let data = export_fpuzzles(&v).unwrap();
    let json = String::from_utf16(&lz_str::decompress_from_base64(&data).unwrap()).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["size"], 4);
    assert_eq!(value["title"], "Mine");
    assert_eq!(value["author"], "Me");
    assert_eq!(value["diagonal+"], true);
    assert_eq!(value["diagonal-"], true);
    assert_eq!(value["grid"][0][0]["value"], 1);
    assert_eq!(value["grid"][0][0]["given"], true);
    assert_eq!(value["grid"][3][3]["value"], 2);
    assert!(value["grid"][1][1].get("value").is_none());
    assert!(value["grid"][1][1].get("region").is_none());
}

#[test]
fn links_of_every_form_and_percent_encoding_read_the_same() {
    let v: Variant = "size 6\ngivens\n1.....\n......\n......\n......\n......\n.....2\n".parse().unwrap();
    let data = export_fpuzzles(&v).unwrap();
    let encoded = data.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D");
    for text in [
        format!("https://www.f-puzzles.com/?load={data}"),
        format!("https://f-puzzles.com/?load={encoded}&other=1"),
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{encoded}"),
        format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{data}"),
        format!("  {data}\n"),
    ] {
        assert_eq!(kept(&import(&text).unwrap().variant), kept(&v), "{text}");
    }
}

#[test]
fn refusals_name_the_rules_in_one_sentence() {
    let grid = |n: usize| format!("[{}]", vec![format!("[{}]", vec!["{}"; n].join(",")); n].join(","));
    let json = format!(
        r#"{{"size":4,"grid":{},"thermometer":[{{"lines":[["R1C1","R1C2"]]}}],"killercage":[{{"cells":["R1C1"],"value":"3"}}],"antiknight":true}}"#,
        grid(4)
    );
    assert_eq!(
        import(&json).unwrap_err().to_string(),
        "this puzzle uses killer cages, thermometers and the anti-knight rule, which Pseudoku does not play yet"
    );
    let cosmetic =
        format!(r#"{{"size":4,"grid":{},"text":[{{"cells":["R1C1"],"value":"hi"}}],"newthing":[],"odd":[]}}"#, grid(4));
    let imported = import(&cosmetic).unwrap();
    assert_eq!(imported.notes, ["text drawn on the grid were dropped (they carry no rule Pseudoku plays)"]);
    assert_eq!(imported.variant.layout().size(), 4);
    assert_eq!(import("https://sudokupad.app/sclN4Ig").unwrap_err(), ImportError::SudokuPadFormat);
    assert_eq!(import(&format!(r#"{{"size":17,"grid":{}}}"#, grid(17))).unwrap_err(), ImportError::BadSize(17));
    assert!(matches!(import("https://www.f-puzzles.com/?load=N4Ig!!"), Err(ImportError::NotALink)));
    assert!(matches!(import("{\"size\": 4}"), Err(ImportError::Json(_))));
    let bad = r#"{"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    assert!(import(bad).unwrap_err().to_string().contains("the value 5 at row 1, column 1"));
}

#[test]
fn given_pencil_marks_one_diagonal_and_jigsaw_regions_are_read() {
    let mut rows = Vec::new();
    for r in 0..4 {
        let cells: Vec<String> = (0..4)
            .map(|c| {
                // Regions are the rows, with given marks in the first cell.
                let marks = if r == 0 && c == 0 { r#","givenPencilMarks":[1,2]"# } else { "" };
                format!(r#"{{"region":{r}{marks}}}"#)
            })
            .collect();
        rows.push(format!("[{}]", cells.join(",")));
    }
    let json = format!(r#"{{"size":4,"grid":[{}],"diagonal-":true}}"#, rows.join(","));
    let imported = import(&json).unwrap();
    assert_eq!(imported.pencil_marks[0], [Symbol::new(0), Symbol::new(1)]);
    let spec = imported.variant.spec();
    assert_eq!(spec.shape, Shape::Square(GridSpec { regions: Regions::Boxes { rows: 1, cols: 4 }, diagonals: false }));
    assert_eq!(spec.houses, [(0..4).map(|i| crate::layout::CellId(i * 5)).collect::<Vec<_>>()]);
}

/// The box shapes `rows × cols` of sizes 3 to 16.
fn shapes() -> Vec<(usize, usize)> {
    (3..=16usize).flat_map(|n| (1..=n).filter(move |r| n % r == 0).map(move |r| (r, n / r))).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_grids_round_trip(
        shape in proptest::sample::select(shapes()),
        diagonals in any::<bool>(),
        anti in any::<bool>(),
        keep in proptest::collection::vec(any::<bool>(), 256),
        title in proptest::option::of("[a-zA-Z \"'\\\\é{}]{1,12}"),
    ) {
        let (rows, cols) = shape;
        let n = rows * cols;
        prop_assume!(rows > 1 || n == 3 || n == 5 || n == 7 || n == 11 || n == 13);
        let regions = if rows == 1 { Regions::None } else { Regions::Boxes { rows, cols } };
        let houses = if anti && !diagonals {
            vec![(0..n).map(|i| crate::layout::CellId(((n - 1 - i) * n + i) as u32)).collect()]
        } else {
            vec![]
        };
        let spec = Spec { name: title.clone(), author: Some("A. Setter".into()), rules: title, size: n,
            shape: Shape::Square(GridSpec { regions, diagonals }), houses };
        let empty = Variant::new(spec.clone(), None).unwrap();
        let Some(solution) = Solver::new(empty.layout()).solve(&vec![None; n * n]) else { return Ok(()); };
        let givens: Vec<Option<Symbol>> = solution.iter().zip(&keep).map(|(s, k)| k.then_some(*s)).collect();
        let v = Variant::new(spec, Some(givens)).unwrap();
        round_trip(&v);
    }
}
