//! Tests of f-puzzles import and export: round trips over the examples and
//! random grids, the JSON as f-puzzles reads it, and refusals.

use proptest::prelude::*;

use super::*;
use pseudoku_core::format::{GridSpec, Regions, Shape, Spec};
use pseudoku_core::solver::Solver;

/// The parts a round trip keeps: layout, givens, title, author, rules.
type Kept<'a> = (&'a pseudoku_core::layout::Layout, Option<&'a [Option<Symbol>]>, [Option<&'a str>; 3]);

/// What a round trip keeps of `v`; givens that are all empty are no
/// givens (an f-puzzles grid with no values says nothing more).
fn kept(v: &Variant) -> Kept<'_> {
    let s = v.spec();
    let givens = v.givens().filter(|g| g.iter().any(Option::is_some));
    (v.layout(), givens, [s.name.as_deref(), s.author.as_deref(), s.rules.as_deref()])
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

/// The f-puzzles `grid` of an empty `n × n` puzzle.
fn empty_grid(n: usize) -> String {
    format!("[{}]", vec![format!("[{}]", vec!["{}"; n].join(",")); n].join(","))
}

#[test]
fn refusals_name_the_rules_in_one_sentence() {
    let json = format!(
        r#"{{"size":4,"grid":{},"thermometer":[{{"lines":[["R1C1","R1C2"]]}}],"killercage":[{{"cells":["R1C1"],"value":"3"}}],"antiknight":true}}"#,
        empty_grid(4)
    );
    assert_eq!(
        import(&json).unwrap_err().to_string(),
        "this puzzle uses killer cages, thermometers and the anti-knight rule, which Pseudoku does not play yet"
    );
    let cosmetic = format!(
        r#"{{"size":4,"grid":{},"text":[{{"cells":["R1C1"],"value":"hi"}}],"newthing":[],"odd":[]}}"#,
        empty_grid(4)
    );
    let imported = import(&cosmetic).unwrap();
    assert_eq!(imported.notes, ["text drawn on the grid were dropped (they carry no rule Pseudoku plays)"]);
    assert_eq!(imported.variant.layout().size(), 4);
    assert_eq!(import("https://sudokupad.app/psxczr0jpr").unwrap_err(), ImportError::ShortLink);
    assert_eq!(import(&format!(r#"{{"size":17,"grid":{}}}"#, empty_grid(17))).unwrap_err(), ImportError::BadSize(17));
    assert!(matches!(import("https://www.f-puzzles.com/?load=N4Ig!!"), Err(ImportError::NotALink)));
    assert!(matches!(import("{\"size\": 4}"), Err(ImportError::Json(_))));
    let bad = r#"{"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    assert!(import(bad).unwrap_err().to_string().contains("the value 5 at row 1, column 1"));
}

/// A rule drawn with plain lines (or not drawn) and named only in the rules
/// text is named too, once the data names none; words inside other words
/// ("narrow", "unthermostatic") and rules Pseudoku plays name nothing.
#[test]
fn rules_named_only_in_the_rules_text_are_named() {
    let with = |rules: &str, extra: &str| {
        import(&format!(r#"{{"size":4,"ruleset":{},"grid":{}{extra}}}"#, serde_json::json!(rules), empty_grid(4)))
    };
    let lines = r#","line":[{"lines":[["R1C1","R1C2"]]}]"#;
    assert_eq!(
        with("Normal sudoku rules apply.\nBlue lines are Region Sum lines; orange lines are nabner lines.", lines)
            .unwrap_err()
            .to_string(),
        "this puzzle uses region sum lines and nabner lines (its rules say so), which Pseudoku does not play yet"
    );
    assert_eq!(
        with("Cells a knight's move apart hold different digits; so do cells a king’s move apart.", "")
            .unwrap_err()
            .to_string(),
        "this puzzle uses the anti-knight rule and the anti-king rule (its rules say so), which Pseudoku does not play yet"
    );
    // The data's own rules come first, and alone.
    assert_eq!(
        with("Kropki dots.", r#","antiking":true"#).unwrap_err().to_string(),
        "this puzzle uses the anti-king rule, which Pseudoku does not play yet"
    );
    assert_eq!(
        with("- Global Entropy: every 2x2 holds a low, a middle and a high digit.\n- XVXV: X sums to 10 or 15.", "")
            .unwrap_err()
            .to_string(),
        "this puzzle uses XV clues and global entropy (its rules say so), which Pseudoku does not play yet"
    );
    for plain in [
        "Normal sudoku rules apply.",
        "A narrow path; an unthermostatic room.",
        "Digits on diagonals don't repeat (Sudoku XVI).",
    ] {
        let imported = with(plain, lines).unwrap();
        assert_eq!(imported.variant.spec().rules.as_deref(), Some(plain));
    }
    // Paragraphs stay paragraphs (blank lines between them dropped), and
    // travel back out in the f-puzzles data.
    let imported = with("Normal sudoku rules apply.\r\n\r\nA narrow path.", lines).unwrap();
    assert_eq!(imported.variant.spec().rules.as_deref(), Some("Normal sudoku rules apply.\nA narrow path."));
    let back = import(&crate::export_json(&imported.variant).unwrap()).unwrap();
    assert_eq!(back.variant.spec().rules, imported.variant.spec().rules);
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
    assert_eq!(spec.houses, [(0..4).map(|i| pseudoku_core::layout::CellId(i * 5)).collect::<Vec<_>>()]);
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
            vec![(0..n).map(|i| pseudoku_core::layout::CellId(((n - 1 - i) * n + i) as u32)).collect()]
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

/// A 4×4 in SudokuPad's zipped form: boxes, two givens (one a text),
/// centre marks, the title and author as SudokuPad writes them (cages with
/// no cells, one with a quote), one diagonal line, a colour, elided cells.
const ZIPPED: &str = "{id:'x',cs:64,ce:[[{v:1},{centremarks:[3,4]},,],[,,,],[,,,],[,,,{v:'2'}]],\
re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
ca:[{v:'title: It\\'s mine'},{v:'author: Me'}],l:[{c:34BBE6,th:2,wp:[[0,0],[4,4]]}]}";

#[test]
fn sudokupad_zipped_json_reads_as_json() {
    let json: serde_json::Value = serde_json::from_str(&scl::unzip(ZIPPED)).unwrap();
    assert_eq!(json["ce"][0].as_array().unwrap().len(), 4, "elided cells are empty objects");
    assert_eq!(json["ce"][1][0], serde_json::json!({}));
    assert_eq!(json["ce"][3][3]["v"], "2");
    assert_eq!(json["ca"][0]["v"], "title: It's mine");
    assert_eq!(json["l"][0]["c"], "#34BBE6");
    let flags: serde_json::Value =
        serde_json::from_str(&scl::unzip("{a:t,b:f,c:#0,d:#F,e:[1.5,-2],f:'say \\'hi\\' \\\\',g:[]}")).unwrap();
    assert_eq!(
        flags,
        serde_json::json!({"a": true, "b": false, "c": "#000000", "d": "#FFFFFF", "e": [1.5, -2], "f": "say 'hi' \\", "g": []})
    );
}

#[test]
fn sudokupad_links_of_its_own_form_are_read() {
    let data = lz_str::compress_to_base64(ZIPPED);
    let encoded = data.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D");
    for link in [
        format!("https://sudokupad.app/scl{data}"),
        format!("https://sudokupad.app/?puzzleid=scl{encoded}"),
        format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=ctc{data}&setting-x=1"),
        format!("scl{}", data.replace('+', " ")),
        format!("https://pseudoku.example/#import=https://sudokupad.app/scl{encoded}"),
    ] {
        let imported = import(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
        let v = &imported.variant;
        let spec = v.spec();
        assert_eq!((spec.name.as_deref(), spec.author.as_deref()), (Some("It's mine"), Some("Me")));
        assert_eq!(
            spec.shape,
            Shape::Square(GridSpec { regions: Regions::Boxes { rows: 2, cols: 2 }, diagonals: false })
        );
        assert_eq!(
            spec.houses,
            [[0u32, 5, 10, 15].map(pseudoku_core::layout::CellId).to_vec()],
            "the line is a diagonal"
        );
        let givens = v.givens().unwrap();
        assert_eq!((givens[0], givens[15]), (Some(Symbol::new(0)), Some(Symbol::new(1))));
        assert_eq!(givens.iter().flatten().count(), 2);
        assert_eq!(imported.pencil_marks[1], [Symbol::new(2), Symbol::new(3)]);
    }
    // The same puzzle as plain JSON, and both diagonals as SudokuPad draws them.
    let both = r#"{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "lines":[{"wayPoints":[[0,4],[4,0]]},{"wayPoints":[[0.5,0.5],[3.5,3.5]]}],
        "cages":[{"style":"extraregion","cells":[[0,1],[1,0],[2,3],[3,2]]}]}"#;
    let imported = import(both).unwrap();
    let spec = imported.variant.spec();
    assert_eq!(spec.shape, Shape::Square(GridSpec { regions: Regions::None, diagonals: true }));
    assert_eq!(spec.houses, [[1u32, 4, 11, 14].map(pseudoku_core::layout::CellId).to_vec()], "the extra region");
}

#[test]
fn sudokupad_rules_it_does_not_record_are_named() {
    let grid = r#""cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let refused = |extra: &str| import(&format!("{{{grid},{extra}}}")).unwrap_err().to_string();
    assert_eq!(
        refused(r#""cages":[{"cells":[[0,0],[0,1]],"value":"3"},{"value":"title: T"}],"lines":[{"wayPoints":[[0.5,0.5],[0.5,2.5]]}],"arrows":[{"wayPoints":[]}]"#),
        "this puzzle uses killer cages, lines (such as thermometers, whispers or renban) and arrows, which Pseudoku does not play yet"
    );
    assert_eq!(
        refused(r#""underlays":[{"center":[0.5,0.5]}],"metadata":{"rules":"Normal sudoku rules. Anti-knight."}"#),
        "this puzzle uses shapes drawn on the grid (such as dots, circles or shading) and the anti-knight rule (its rules say so), which Pseudoku does not play yet"
    );
    assert_eq!(
        refused(r#""newthing":[1]"#),
        "this puzzle uses elements Pseudoku does not know (\"newthing\"), which Pseudoku does not play yet"
    );
    assert!(matches!(import(r#"{"cells":[[{},{}],[{},{}],[{},{}]]}"#), Err(ImportError::Unsupported(_))));
    assert_eq!(import("https://sudokupad.app/sclN4Ig!!").unwrap_err(), ImportError::NotALink);
    assert!(matches!(
        import("https://sudokupad.app/sclN4IgAAAAAAAAAAAAAAAA"),
        Err(ImportError::Compression | ImportError::SclJson(_))
    ));
    assert_eq!(import("https://app.crackingthecryptic.com/sudoku/jN9pL3"), Err(ImportError::ShortLink));
    let long = format!("https://sudokupad.app/scl{}", "A".repeat(MAX_IMPORT_LEN));
    assert!(matches!(import(&long), Err(ImportError::TooLong { .. })));
}

/// f-puzzles region ids read as SudokuPad reads them: any integer names a
/// region (here the boxes numbered 1 to 4), and `null` puts a cell in none,
/// which is refused by name (puzzletv's puzzles hold `-1` and absent ids
/// mixed; tests/shared_links.rs reads those).
#[test]
fn region_ids_are_any_integer_and_null_is_no_region() {
    let grid = |region: &dyn Fn(usize, usize) -> String| {
        let rows: Vec<String> = (0..4)
            .map(|r| format!("[{}]", (0..4).map(|c| format!("{{{}}}", region(r, c))).collect::<Vec<_>>().join(",")))
            .collect();
        format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","))
    };
    let boxes = import(&grid(&|r, c| format!(r#""region":{}"#, (r / 2) * 2 + c / 2 + 1))).unwrap();
    let shape = Shape::Square(GridSpec { regions: Regions::Boxes { rows: 2, cols: 2 }, diagonals: false });
    assert_eq!(boxes.variant.spec().shape, shape);
    let negative = import(&grid(&|r, c| format!(r#""region":{}"#, ((r / 2) * 2 + c / 2) as i64 - 2))).unwrap();
    assert_eq!(negative.variant.spec().shape, shape);
    let none = grid(&|r, c| if (r, c) == (1, 2) { r#""region":null"#.into() } else { String::new() });
    assert_eq!(
        import(&none).unwrap_err().to_string(),
        "this puzzle uses cells in no region (row 2, column 3 is one), which Pseudoku does not play yet"
    );
}

/// A cage's label (`A`, clone pairs) or SudokuPad's message
/// (`msgcorrect: …`) draws; a sum makes it a killer cage.
#[test]
fn only_a_cage_with_a_sum_is_a_killer_cage() {
    let grid = empty_grid(4);
    let with = |value: &str| {
        import(&format!(r#"{{"size":4,"grid":{grid},"cage":[{{"cells":["R1C1","R1C2"],"value":{value}}}]}}"#))
    };
    for label in [r#""A""#, r#""msgcorrect: Well done!""#, r#""""#] {
        assert_eq!(
            with(label).unwrap().notes,
            ["cages drawn on the grid were dropped (they carry no rule Pseudoku plays)"]
        );
    }
    for sum in [r#""7""#, "7", r#"" 12 ""#] {
        assert_eq!(
            with(sum).unwrap_err().to_string(),
            "this puzzle uses killer cages, which Pseudoku does not play yet"
        );
    }
}

/// SudokuPad ids that happen to start like a format prefix, and setters'
/// named links, are short links; TinyURL links (f-puzzles' own short links)
/// say so; a link of another site is not read as data.
#[test]
fn short_links_of_every_kind_are_named() {
    for id in
        ["https://sudokupad.app/ctc4kx9q2mz", "https://sudokupad.app/sclubby/a-puzzle", "sudokupad.app/fpuzzles/abc123"]
    {
        assert_eq!(import(id), Err(ImportError::ShortLink), "{id}");
    }
    for tiny in ["https://tinyurl.com/37ptjjtn", "tinyurl.com/zu6zwajs", "<https://tinyurl.com/yknp9mea>"] {
        assert_eq!(import(tiny), Err(ImportError::ShortUrl), "{tiny}");
    }
    assert_eq!(import("https://lisudoku.xyz/p/4pyPjYdnlzJyUvFPVToy"), Err(ImportError::NotALink));
}

#[test]
fn a_rule_that_hangs_on_dropped_marks_is_refused() {
    let with_rules = |rules: &str, extra: &str| {
        let grid = vec![["{}"; 4].join(","); 4].iter().map(|r| format!("[{r}]")).collect::<Vec<_>>().join(",");
        let json = format!(r#"{{"size":4,"grid":[{grid}],"ruleset":"{rules}"{extra}}}"#);
        crate::import(&format!("https://www.f-puzzles.com/?load={}", lz_str::compress_to_base64(&json)))
    };
    let line = r#","line":[{"lines":[["R1C1","R1C2","R1C3"]],"outlineC":"green"}]"#;
    let refused = with_rules("Adjacent digits along green lines differ by at least 5.", line).unwrap_err().to_string();
    assert!(refused.contains("a rule about lines"), "{refused}");
    let refused = with_rules("Digits in cages sum to the total.", "").unwrap_err().to_string();
    assert!(refused.contains("a rule about cages"), "{refused}");
    // A line with plain rules is only drawing: it is dropped, and said so.
    let kept = with_rules("Normal sudoku rules apply.", line).expect("plain rules");
    assert!(kept.notes.iter().any(|n| n.starts_with("lines drawn on the grid were dropped")), "{:?}", kept.notes);
}
