//! Tests of variant files: every keyword and shape parses to the layout it
//! names and prints back to a file that parses to the same variant, and
//! every error names its line and column.

use super::{GridSpec, Regions, Shape, Variant};
use crate::layout::Layout;
use crate::symbol::Symbol;

fn parse(text: &str) -> Variant {
    match Variant::parse(text) {
        Ok(v) => v,
        Err(e) => panic!("{e}\n{text}"),
    }
}

fn err(text: &str) -> String {
    Variant::parse(text).unwrap_err().to_string()
}

fn round_trip(v: &Variant) {
    let printed = v.to_string();
    assert_eq!(&parse(&printed), v, "{printed}");
}

#[test]
fn a_plain_size_is_the_default_grid() {
    let v = parse("size 9\n");
    assert_eq!(v.layout(), &Layout::classic(3).unwrap());
    assert_eq!(v.givens(), None);
    assert_eq!(parse("size 6").layout(), &Layout::boxed(2, 3).unwrap());
    assert_eq!(parse("size 7").layout(), &Layout::latin(7).unwrap());
    assert_eq!(parse("boxes 3x4").layout(), &Layout::boxed(3, 4).unwrap());
    assert_eq!(parse("size 6\nno-boxes").layout(), &Layout::latin(6).unwrap());
    round_trip(&parse("# a comment\n\nSIZE 12\nboxes 3x4\ndiagonals\n"));
}

#[test]
fn givens_rows_in_every_form() {
    let chars = parse("size 4\ngivens\n1...\n..2.\n.3..\n...4\n");
    let tokens = parse("size 4\ngivens\n1 0 0 0\n0 0 2 0\n. 3 . .\n- - _ 4\n");
    let commas = parse("size 4\ngivens\n1,,,\n,,2,\n,3,,\n,,,4\n");
    let inline = parse("size 4\ngivens 1.....2..3.....4\n");
    let spaced = parse("size 4\ngivens\n1. ..\n.. 2.\n.3 ..\n.. .4\n");
    assert_eq!(chars, tokens);
    assert_eq!(chars, commas);
    assert_eq!(chars, inline);
    assert_eq!(chars, spaced);
    assert_eq!(chars.givens().unwrap()[0], Some(Symbol::new(0)));
    assert_eq!(chars.givens().unwrap()[15], Some(Symbol::new(3)));
    round_trip(&chars);
}

#[test]
fn jigsaw_regions() {
    let v = parse("regions\naaab\nacbb\nccbd\ncddd\n");
    assert_eq!(v.spec().size, 4);
    let map = vec![0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 1, 3, 2, 3, 3, 3];
    assert_eq!(v.spec().shape, Shape::Square(GridSpec { regions: Regions::Map(map), diagonals: false }));
    round_trip(&v);
    let tokens = parse("size 4\nregions\n10 10 10 11\n10 12 11 11\n12 12 11 13\n12 13 13 13\n");
    assert_eq!(tokens.spec(), v.spec());
    assert_eq!(err("regions\naaab\nacbb\nccbd\ncdd\n"), "line 5: this row has 3 cells; the region map is 4 wide");
    assert_eq!(err("size 4\nregions\naabb\nacbb\n"), "line 2: the region map needs 4 rows, found 2");
    assert_eq!(
        err("regions\nabba\nabba\ncddc\ncddc\n"),
        "line 1: region 0 is not connected: cell (row 1, column 4) is cut off from the rest"
    );
}

#[test]
fn multi_grids() {
    let samurai = parse("size 9\nboard 21x21\ngrid 0 0\ngrid 0 12\ngrid 6 6\ngrid 12 0\ngrid 12 12\n");
    assert_eq!(samurai.layout().cell_count(), 369);
    round_trip(&samurai);
    let mix = parse(
        "board 6x6\ngrid 0 0 regions\naabb\naabb\nccdd\nccdd\ngrid 2 2 diagonals\ngivens\n1...--\n....  \n..2...\n......\n--....\n  ...3\n",
    );
    assert_eq!(mix.spec().size, 4);
    assert_eq!(mix.layout().cell_count(), 28);
    let g = mix.givens().unwrap();
    assert_eq!(g.iter().filter(|s| s.is_some()).count(), 3);
    round_trip(&mix);
    // Trailing gaps may be left out; a missing cell may not.
    let text = mix.to_string();
    let short = text.replace("1...--\n", "1...\n");
    assert_ne!(short, text);
    assert_eq!(parse(&short), mix);
    let too_short = text.replace("1...--\n", "1..\n");
    assert_eq!(err(&too_short), "line 10: this row has 3 cells; the board is 6 wide");
    assert_eq!(
        err("size 4\nboard 6x6\ngrid 0 0\ngrid 2 2\ngivens\n1-----\n------\n------\n------\n------\n5-----\n"),
        "line 11, column 1: 5 stands at (row 6, column 1), which is outside every grid"
    );
    assert_eq!(
        err("size 4\nboard 6x6\ngrid 0 0\ngrid 3 3\n"),
        "line 4: grid 1 at row 3, column 3 does not fit on the 6×6 board"
    );
    assert_eq!(err("size 4\ngrid 0 0\n"), "line 2, column 1: `grid` lines need a `board HxW` line");
    assert_eq!(err("size 4\nboard 6x6\n"), "line 2: a `board` needs at least one `grid` line");
}

#[test]
fn pie_and_custom() {
    let pie = parse("pie 4 2\ngivens\n1 .\n. 2\n3,\n4 1\n");
    assert_eq!(pie.layout(), &Layout::pie(4, 2).unwrap());
    assert_eq!(pie.givens().unwrap()[7], Some(Symbol::new(0)));
    round_trip(&pie);
    let custom = parse("cells 4\nhouse 0 1\nhouse 2 3\nhouse 0,2\nhouse 1 3\ngivens 1...\n");
    assert_eq!(custom.spec().size, 2);
    assert_eq!(custom.layout().houses().len(), 4);
    round_trip(&custom);
    assert_eq!(err("cells 4\nhouse 0 1\nhouse 2 4\n"), "line 3, column 9: `4` is not a cell of this layout");
    assert_eq!(err("cells 4\nhouse 0 1\nhouse 2\n"), "line 3: the house has 1 cells; every house needs 2");
    assert_eq!(err("cells 4\nhouse 0 1\nhouse 1 2\n"), "line 1: cell 3 belongs to no house");
}

#[test]
fn extra_houses() {
    let v = parse("size 4\nhouse r1c1 r2c2 r3c3 r4c4\n");
    assert_eq!(v.layout().houses().len(), 13);
    round_trip(&v);
    let by_index = parse("size 4\nhouse 0 5 10 15\n");
    assert_eq!(by_index.layout(), v.layout());
    assert_eq!(err("size 4\nhouse r1c1 r2c2 r3c3 r1c1\n"), "line 2, column 22: the house names `r1c1` twice");
    assert_eq!(err("size 4\nhouse r1c1 r2c2 r3c3 r5c1\n"), "line 2, column 22: `r5c1` is not a cell of this layout");
    assert_eq!(
        err("size 4\nhouse r1c1 r2c2 r3c3 r4c0\n"),
        "line 2, column 22: expected a cell (r1c2, or a 0-based cell index), found `r4c0`"
    );
    assert_eq!(
        err("size 4\nhouse r1c1 r2c2 r3c3 x\n"),
        "line 2, column 22: expected a cell (r1c2, or a 0-based cell index), found `x`"
    );
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(err("size 9\nsizes 3\n"), "line 2, column 1: unknown keyword `sizes` (expected name, size, boxes, no-boxes, regions, diagonals, house, pie, cells, board, grid or givens)");
    assert_eq!(err("size nine\n"), "line 1, column 6: expected a number of symbols, found `nine`");
    assert_eq!(err("size\n"), "line 1, column 5: `size` needs a number of symbols");
    assert_eq!(err("size 9 9\n"), "line 1, column 8: unexpected `9` after the end of the keyword's arguments");
    assert_eq!(err("size 9\nsize 9\n"), "line 2, column 1: `size` was already given on line 1");
    assert_eq!(err("size 6\nboxes 3x3\n"), "line 2: the boxes means 9 symbols, but `size` says 6");
    assert_eq!(err("pie 12 6\nboxes 3x4\n"), "line 2, column 1: `boxes` cannot be used with `pie` (line 1)");
    assert_eq!(err("# c\ndiagonals\n"), "line 2: the number of symbols is not known: add `size N`");
    assert_eq!(err("size 4\ngivens\n1...\n..2.\n.3..\n"), "line 2: the givens needs 4 rows, found 3");
    assert_eq!(
        err("size 4\ngivens\n1...\n..2.\n.3..\n..1?\n"),
        "line 6, column 4: unknown symbol `?` at character 4 (cell (row 4, column 4))"
    );
    assert_eq!(
        err("size 4\ngivens\n1...\n..2.\n.3..\n..15\n"),
        "line 6, column 4: symbol 5 at character 4 (cell (row 4, column 4)) is out of range: this puzzle uses 1 to 4"
    );
    assert_eq!(
        err("size 4\ngivens\n1...\n..2.\n.3..\n1...\n"),
        "line 6, column 1: given 1 appears twice in a column: at cell (row 1, column 1) and at cell (row 4, column 1)"
    );
}

#[test]
fn rules_keep_their_paragraphs_and_a_single_line_prints_as_before() {
    // One paragraph: one line, printed as files have always had it.
    let one = parse("rules Normal sudoku rules apply.\nsize 4\n");
    assert_eq!(one.spec().rules.as_deref(), Some("Normal sudoku rules apply."));
    assert!(one.to_string().starts_with("rules Normal sudoku rules apply.\nsize 4\n"), "{one}");
    // Each `rules` line is a paragraph, wherever it stands; blank ones go.
    let text = "name Ring\nrules Normal sudoku rules apply.\nsize 4\nrules  \nrules   The ring is a house.  \n";
    let v = parse(text);
    assert_eq!(v.spec().rules.as_deref(), Some("Normal sudoku rules apply.\nThe ring is a house."));
    assert!(
        v.to_string().starts_with("name Ring\nrules Normal sudoku rules apply.\nrules The ring is a house.\nsize 4\n"),
        "{v}"
    );
    round_trip(&v);
    // Paragraphs made elsewhere (an import, a link): line breaks kept,
    // blank lines and other control characters cleaned as in a title.
    let mut spec = v.spec().clone();
    spec.rules = Some("\r\nFirst.\r\n\r\n\tSecond\u{7}part.\n \n".into());
    let made = Variant::new(spec, None).unwrap();
    assert_eq!(made.spec().rules.as_deref(), Some("First.\nSecond part."));
    round_trip(&made);
}
