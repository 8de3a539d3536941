//! Hostile and oversized input (issue 26): layouts and links built to be
//! expensive are refused with an error that names the cap and where it was
//! passed, links made the way chat apps mangle them still open, and
//! fragments Pseudoku does not know are named instead of ignored. How fast
//! each is refused is a benchmark (`pseudoku bench --what link`), not a
//! test; these check the outcome.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use pseudoku_core::format::link::{self, parse_fragment, Fragment, LinkError, Shared, MAX_LINK_LEN};
use pseudoku_core::format::Variant;
use pseudoku_core::layout::{House, HouseKind, Layout, LayoutError, MAX_CELLS, MAX_GRIDS, MAX_HOUSES, MAX_HOUSE_CELLS};

/// The bytes of a sudoku link (format 1, kind 2) whose layout is `layout`
/// and which says it has `cells` cells, none given, untitled.
fn sudoku_link(n: u8, layout: &str, cells: u16) -> String {
    let mut bytes = vec![1, 2, n];
    bytes.extend((layout.len() as u16).to_be_bytes());
    bytes.extend(layout.as_bytes());
    bytes.extend(cells.to_be_bytes());
    bytes.extend(vec![0; usize::from(cells).div_ceil(8)]);
    bytes.push(0);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// `k` grids of size 35 on a 1024×1024 board, `step` apart, `per_row` to a
/// row of grids: 35 apart do not overlap; 1 apart overlap nearly whole.
fn board(k: usize, step: usize, per_row: usize) -> String {
    let mut text = "size 35\nboard 1024x1024\n".to_string();
    for i in 0..k {
        text += &format!("grid {} {}\n", (i / per_row) * step, (i % per_row) * step);
    }
    text
}

fn layout_error(text: &str) -> String {
    match link::decode_shared(text) {
        Err(LinkError::BadLayout(message)) => message,
        other => panic!("expected a layout error, got {other:?}"),
    }
}

#[test]
fn the_issues_board_of_200_grids_is_refused_for_its_cells() {
    // 200 grids of 35×35 apart: 245,000 cells, refused before a grid is built.
    let message = layout_error(&sudoku_link(35, &board(200, 35, 29), 1225));
    assert_eq!(message, format!("line 2: the number of cells is 245000; at most {MAX_CELLS} is supported"));
    let err = Variant::parse(&board(200, 35, 29)).unwrap_err();
    assert_eq!((err.line, err.column), (2, 0));
}

#[test]
fn a_board_of_more_grids_than_the_cap_stops_at_the_grid_past_it() {
    for k in [400, 809] {
        let message = layout_error(&sudoku_link(35, &board(k, 1, 29), 4096));
        let line = MAX_GRIDS + 3;
        assert_eq!(
            message,
            format!(
                "line {line}, column 1: the number of grids is {}; at most {MAX_GRIDS} is supported",
                MAX_GRIDS + 1
            )
        );
    }
}

#[test]
fn overlapping_grids_past_the_house_cap_are_refused() {
    // 256 grids one apart: few cells, but tens of thousands of houses.
    let message = layout_error(&sudoku_link(35, &board(256, 1, 29), 4096));
    assert!(message.contains("the number of cells of all houses together is"), "{message}");
    assert!(message.contains(&format!("at most {MAX_HOUSE_CELLS} is supported")), "{message}");
}

/// Houses without repeats, by a plain scan of every earlier house: the
/// oracle for the hashed removal of repeated houses.
fn distinct_by_scan(houses: &[House]) -> Vec<Vec<u32>> {
    let mut kept: Vec<Vec<u32>> = Vec::new();
    for h in houses {
        let mut key: Vec<u32> = h.cells.iter().map(|c| c.0).collect();
        key.sort_unstable();
        if !kept.contains(&key) {
            kept.push(key);
        }
    }
    kept
}

#[test]
fn overlapping_grids_share_their_repeated_houses_once() {
    // 17 grids one column apart (valid: under every cap), and a samurai.
    for text in [board(17, 1, 29), std::fs::read_to_string(examples("samurai.txt")).unwrap()] {
        let v = Variant::parse(&text).unwrap();
        let houses = v.layout().houses();
        let keys: Vec<Vec<u32>> = houses
            .iter()
            .map(|h| {
                let mut k: Vec<u32> = h.cells.iter().map(|c| c.0).collect();
                k.sort_unstable();
                k
            })
            .collect();
        assert_eq!(keys, distinct_by_scan(houses), "no house is repeated");
        // Each grid's houses, mapped to the board, are all there.
        let l = v.layout();
        let grid = Layout::classic(3).ok().filter(|_| l.size() == 9).unwrap_or_else(|| Layout::boxed(5, 7).unwrap());
        let pieces: Vec<(usize, usize, &Layout)> = match &v.spec().shape {
            pseudoku_core::format::Shape::Board { grids, .. } => grids.iter().map(|g| (g.row, g.col, &grid)).collect(),
            _ => unreachable!("a board"),
        };
        let (height, width) = match l.geometry() {
            pseudoku_core::layout::Geometry::Board { height, width, .. } => (*height, *width),
            _ => unreachable!("a board"),
        };
        let expected: usize = {
            let mut all = Vec::new();
            for &(row, col, g) in &pieces {
                for h in g.houses() {
                    let cells = h
                        .cells
                        .iter()
                        .map(|c| {
                            let (r, k) = g.position(*c).unwrap();
                            l.cell_at(row + r, col + k).unwrap()
                        })
                        .collect();
                    all.push(House { kind: h.kind, cells });
                }
            }
            distinct_by_scan(&all).len()
        };
        assert_eq!(houses.len(), expected, "{height}×{width}");
    }
}

fn examples(name: &str) -> String {
    format!("{}/../../examples/variants/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_link_that_declares_too_many_cells_is_refused_before_its_layout_is_read() {
    // The layout text would not even parse; the count is refused first.
    let text = sudoku_link(35, "this is not read", 40_000);
    assert_eq!(link::decode_shared(&text), Err(LinkError::TooManyCells { found: 40_000 }));
    // A count the bytes after it cannot hold is cut short, also unread.
    let mut bytes = URL_SAFE_NO_PAD.decode(sudoku_link(35, "not read either", 9000)).unwrap();
    bytes.truncate(bytes.len() - 200);
    assert_eq!(link::decode_shared(&URL_SAFE_NO_PAD.encode(bytes)), Err(LinkError::Truncated { part: "givens" }));
}

#[test]
fn the_largest_boards_under_the_caps_still_open() {
    // 13 grids of 35×35 apart: 15,925 cells.
    let text = sudoku_link(35, &board(13, 35, 29), 13 * 1225);
    match link::decode_shared(&text) {
        Ok(Shared::Sudoku(v)) => assert_eq!(v.layout().cell_count(), 13 * 1225),
        other => panic!("{other:?}"),
    }
}

#[test]
fn layouts_past_the_caps_are_refused_by_the_model_too() {
    let cells = MAX_CELLS + 1;
    let houses =
        vec![House { kind: HouseKind::Extra, cells: (0..cells as u32).map(pseudoku_core::layout::CellId).collect() }];
    let err = Layout::new(cells, cells, pseudoku_core::layout::Geometry::Abstract, houses).unwrap_err();
    assert!(matches!(err, LayoutError::BadSize(_) | LayoutError::TooLarge { .. }), "{err}");
    let err = Layout::new(2, cells, pseudoku_core::layout::Geometry::Abstract, Vec::new()).unwrap_err();
    assert_eq!(err, LayoutError::TooLarge { what: "the number of cells", found: cells, max: MAX_CELLS });
    // `cells K` and `house` lines of a variant file stop at their caps.
    let err = Variant::parse(&format!("size 2\ncells {cells}\n")).unwrap_err();
    assert_eq!((err.line, err.column), (2, 7));
    assert!(err.to_string().contains(&format!("at most {MAX_CELLS}")), "{err}");
    let mut text = "size 2\ncells 4\n".to_string();
    text += &"house 0 1\n".repeat(MAX_HOUSES + 1);
    let err = Variant::parse(&text).unwrap_err();
    assert_eq!(err.line, MAX_HOUSES + 3);
    assert!(err.to_string().contains("the number of houses"), "{err}");
}

#[test]
fn a_region_map_with_more_names_than_regions_stops_at_the_first_extra() {
    let mut text = "size 4\nregions\n".to_string();
    text += "abcd\nefgh\nijkl\nmnop\n";
    let err = Variant::parse(&text).unwrap_err();
    assert_eq!((err.line, err.column), (4, 1));
    assert!(err.to_string().contains("needs 4 regions, found 5"), "{err}");
}

#[test]
fn texts_past_the_length_cap_are_refused_unread() {
    let long = "A".repeat(MAX_LINK_LEN + 1);
    assert_eq!(link::decode_shared(&long), Err(LinkError::TooLong { length: MAX_LINK_LEN + 1 }));
    let fragment = format!("#p={}", "A".repeat(1 << 20));
    assert_eq!(parse_fragment(&fragment), Err(LinkError::TooLong { length: fragment.len() }));
}

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn classic_link() -> (String, Variant) {
    let layout = Layout::classic(3).unwrap();
    let givens = pseudoku_core::format::line::parse(&layout, CLASSIC).unwrap();
    let v: Variant = "size 9\n".parse::<Variant>().unwrap().with_givens(Some(givens)).unwrap();
    (link::encode_sudoku(&v).unwrap(), v)
}

#[test]
fn fragments_as_chat_apps_send_them_still_open() {
    let (text, v) = classic_link();
    let play = Fragment::Play(Shared::Sudoku(Box::new(v.clone())));
    for fragment in [
        format!("#p={text}"),
        format!("p={text}"),
        format!("#p={text}%20"),
        format!("#p={text}%20%20"),
        format!("#p={text} \n"),
        format!("#x=1&p={text}"),
        // An escaped character of the link itself.
        format!("#p={}%{:02X}{}", &text[..5], text.as_bytes()[5], &text[6..]),
    ] {
        assert_eq!(parse_fragment(&fragment), Ok(play.clone()), "{fragment}");
    }
    assert_eq!(parse_fragment(&format!("#e={text}")), Ok(Fragment::Edit(Shared::Sudoku(Box::new(v)))));
    assert_eq!(parse_fragment("#seed=42"), Ok(Fragment::Seed(42)));
    assert_eq!(parse_fragment("#seed=h%C3%A9llo"), Ok(Fragment::Seed(pseudoku_core::seed::seed_from_text("héllo"))));
    assert_eq!(parse_fragment(""), Ok(Fragment::None));
    assert_eq!(parse_fragment("#"), Ok(Fragment::None));
    assert_eq!(parse_fragment("#seed="), Ok(Fragment::None));
}

#[test]
fn fragments_pseudoku_does_not_know_are_named() {
    let (text, _) = classic_link();
    for (fragment, shown) in [
        (format!("#P={text}"), format!("P={}…", &text[..10])),
        (format!("#%70={text}"), format!("%70={}…", &text[..8])),
        (format!("#p%3D{text}"), format!("p%3D{}…", &text[..8])),
        ("#top".to_string(), "top".to_string()),
    ] {
        let err = parse_fragment(&fragment).unwrap_err();
        assert_eq!(err, LinkError::UnknownFragment { shown }, "{fragment}");
        assert!(err.to_string().contains("is not a link Pseudoku knows"), "{err}");
    }
    // A damaged value is still damaged, with the place of the bad character.
    let err = parse_fragment(&format!("#p={}%zz", &text)).unwrap_err();
    assert_eq!(err, LinkError::BadCharacter { position: text.len(), found: '%' });
}
