//! Properties of the text formats: no input makes a parser panic, and what
//! is printed parses back to the same value.

use proptest::prelude::*;
use proptest::sample::select;

use pseudoku_core::format::{line, GridSpec, PlacedGrid, Regions, Shape, Spec, Variant};
use pseudoku_core::layout::{CellId, Layout};
use pseudoku_core::symbol::Symbol;

/// Characters a puzzle line or a variant file is made of, and a few others.
const PLAUSIBLE: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'G', 'Z', 'a', 'r', 'c', 'x', '.', '-', '_', '*', ',', ' ',
    '\t', '\n', '#', '?', '×', 'é',
];

fn plausible_text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(select(PLAUSIBLE), 0..max).prop_map(|v| v.into_iter().collect())
}

fn any_text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..max).prop_map(|v| v.into_iter().collect())
}

/// Lines made of the keywords of the variant format with random arguments,
/// and random rows.
fn plausible_variant() -> impl Strategy<Value = String> {
    let word = select(vec![
        "size",
        "boxes",
        "no-boxes",
        "regions",
        "diagonals",
        "house",
        "pie",
        "cells",
        "board",
        "grid",
        "givens",
        "name",
        "r1c1",
        "r2c3",
        "r10c1",
        "3x3",
        "2x3",
        "21x21",
        "6x6",
        "0",
        "1",
        "2",
        "3",
        "4",
        "6",
        "9",
        "12",
        "16",
        "99999",
        "18446744073709551616",
        "x",
        "-1",
        "1x0",
    ]);
    let keyword_line = prop::collection::vec(word, 1..6).prop_map(|w| w.join(" "));
    let line = prop_oneof![3 => keyword_line, 1 => plausible_text(24)];
    prop::collection::vec(line, 0..24).prop_map(|lines| lines.join("\n"))
}

fn layouts() -> Vec<Layout> {
    let g4 = Layout::classic(2).unwrap();
    vec![
        Layout::classic(2).unwrap(),
        Layout::classic(3).unwrap(),
        Layout::boxed(2, 3).unwrap(),
        Layout::latin(5).unwrap(),
        Layout::latin(37).unwrap(),
        Layout::pie(4, 2).unwrap(),
        Layout::multigrid(6, 6, &[(0, 0, &g4), (2, 2, &g4)]).unwrap(),
    ]
}

/// Random cells of a layout, each empty or any symbol in range.
fn cells_of(layout: &Layout) -> impl Strategy<Value = Vec<Option<Symbol>>> {
    let n = layout.size();
    prop::collection::vec(prop::option::of((0..n).prop_map(Symbol::new)), layout.cell_count())
}

/// Drops every given that repeats one kept before it, so the rest break no rule.
fn without_repeats(layout: &Layout, mut cells: Vec<Option<Symbol>>) -> Vec<Option<Symbol>> {
    for c in 0..cells.len() {
        if let Some(s) = cells[c] {
            if layout.peers(CellId(c as u32)).iter().any(|&p| p.index() < c && cells[p.index()] == Some(s)) {
                cells[c] = None;
            }
        }
    }
    cells
}

/// A jigsaw map: runs of `n` cells along a path that snakes through pairs
/// of rows, so most regions bend; plain rows when that is not connected.
fn snake_map(n: usize) -> Vec<usize> {
    let mut path = Vec::with_capacity(n * n);
    let mut top = 0;
    while top < n {
        let rows: Vec<usize> = (top..(top + 2).min(n)).collect();
        let cols: Vec<usize> = if (top / 2) % 2 == 0 { (0..n).collect() } else { (0..n).rev().collect() };
        for (k, &c) in cols.iter().enumerate() {
            let mut rs = rows.clone();
            if k % 2 == 1 {
                rs.reverse();
            }
            path.extend(rs.into_iter().map(|r| r * n + c));
        }
        top += 2;
    }
    let mut map = vec![0; n * n];
    for (k, &cell) in path.iter().enumerate() {
        map[cell] = k / n;
    }
    match pseudoku_core::layout::check_region_map(n, &map) {
        Ok(map) => map,
        Err(_) => (0..n * n).map(|i| i / n).collect(),
    }
}

fn grid_spec(size: usize) -> impl Strategy<Value = GridSpec> {
    let mut options = vec![Regions::None, Regions::Map(snake_map(size))];
    let (r, c) = line::box_shape(size);
    if r > 1 {
        options.push(Regions::Boxes { rows: r, cols: c });
        options.push(Regions::Boxes { rows: c, cols: r });
    }
    (select(options), any::<bool>()).prop_map(|(regions, diagonals)| GridSpec { regions, diagonals })
}

fn shape() -> impl Strategy<Value = (usize, Shape)> {
    let square = (1usize..=9).prop_flat_map(|n| grid_spec(n).prop_map(move |g| (n, Shape::Square(g))));
    let board = (prop::collection::vec((0usize..4, 0usize..4, grid_spec(4)), 1..4), 0usize..3, 0usize..3).prop_map(
        |(grids, dh, dw)| {
            let height = grids.iter().map(|g| g.0 + 4).max().unwrap() + dh;
            let width = grids.iter().map(|g| g.1 + 4).max().unwrap() + dw;
            let grids = grids.into_iter().map(|(row, col, grid)| PlacedGrid { row, col, grid }).collect();
            (4, Shape::Board { height, width, grids })
        },
    );
    let pie = (1usize..=6).prop_map(|k| (2 * k, Shape::Pie { sectors: 2 * k, rings: k }));
    let custom = (1usize..=4, 1usize..=4).prop_map(|(n, m)| (n, Shape::Custom { cells: n * m }));
    prop_oneof![square, board, pie, custom]
}

/// A valid spec: a shape, extra houses of distinct cells, maybe a name.
fn spec() -> impl Strategy<Value = Spec> {
    (shape(), prop::option::of("[a-zA-Z][a-zA-Z0-9 ]{0,12}"), any::<u64>()).prop_filter_map(
        "no layout",
        |((size, shape), name, salt)| {
            let author = name.as_ref().map(|n| format!("by {n}"));
            let mut spec = Spec { name, author, rules: None, size, shape, houses: Vec::new() };
            let cells = match &spec.shape {
                Shape::Custom { cells } => *cells,
                _ => spec.build().ok()?.cell_count(),
            };
            // Extra houses: a few windows of a shuffled cell order; for a
            // custom layout, enough to cover every cell.
            let mut order: Vec<u32> = (0..cells as u32).collect();
            let mut x = salt | 1;
            for i in (1..order.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                order.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let windows = match spec.shape {
                Shape::Custom { .. } => cells / size,
                _ => (salt % 3) as usize,
            };
            for w in 0..windows.min(cells / size) {
                spec.houses.push(order[w * size..(w + 1) * size].iter().map(|&c| CellId(c)).collect());
            }
            spec.build().ok()?;
            Some(spec)
        },
    )
}

fn variant() -> impl Strategy<Value = Variant> {
    (spec(), any::<bool>(), prop::collection::vec(any::<u16>(), 0..400)).prop_filter_map(
        "no variant",
        |(spec, with_givens, noise)| {
            let layout = spec.build().ok()?;
            let givens = with_givens.then(|| {
                let cells = (0..layout.cell_count())
                    .map(|i| {
                        let x = noise.get(i).copied().unwrap_or(0) as usize;
                        (x % 3 == 0).then(|| Symbol::new(x / 3 % layout.size()))
                    })
                    .collect();
                without_repeats(&layout, cells)
            });
            Variant::new(spec, givens).ok()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn line_parser_never_panics(text in prop_oneof![any_text(300), plausible_text(300)]) {
        let _ = line::parse_inferred(&text);
        for layout in layouts() {
            let _ = line::parse(&layout, &text);
        }
    }

    #[test]
    fn line_parser_never_panics_on_right_lengths(n in select(vec![16usize, 36, 81, 72, 28]), seed in plausible_text(400)) {
        // Lines of the right length reach the symbol and rule checks.
        let chars: String = seed.chars().filter(|c| !c.is_whitespace() && *c != ',').cycle().take(n).collect();
        let _ = line::parse_inferred(&chars);
        for layout in layouts() {
            let _ = line::parse(&layout, &chars);
        }
    }

    #[test]
    fn variant_parser_never_panics(text in prop_oneof![any_text(400), plausible_text(400), plausible_variant()]) {
        if let Ok(v) = Variant::parse(&text) {
            // Whatever parses prints back to itself.
            prop_assert_eq!(Variant::parse(&v.to_string()), Ok(v));
        }
    }

    #[test]
    fn lines_round_trip(layout in select(layouts()).prop_flat_map(|l| (Just(l.clone()), cells_of(&l)))) {
        let (layout, cells) = layout;
        let text = line::write(&layout, &cells);
        prop_assert_eq!(line::read(&layout, &text), Ok(cells.clone()));
        let cells = without_repeats(&layout, cells);
        prop_assert_eq!(line::parse(&layout, &line::write(&layout, &cells)), Ok(cells));
    }

    #[test]
    fn inferred_lines_round_trip(n in 1usize..=40, noise in prop::collection::vec(any::<u16>(), 1600)) {
        let layout = line::infer_layout(n * n).unwrap();
        prop_assert_eq!(&layout, &line::square_layout(n).unwrap());
        let cells = noise[..n * n].iter().map(|&x| (x % 2 == 0).then(|| Symbol::new(x as usize / 2 % n))).collect();
        let cells = without_repeats(&layout, cells);
        let text = line::write(&layout, &cells);
        let puzzle = line::parse_inferred(&text).unwrap();
        prop_assert_eq!(puzzle.layout, layout);
        prop_assert_eq!(puzzle.givens, cells);
    }
}

/// A printed variant with a few characters replaced, inserted or deleted.
fn mutated_variant() -> impl Strategy<Value = String> {
    (variant(), prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, select(PLAUSIBLE)), 1..6)).prop_map(
        |(v, edits)| {
            let mut chars: Vec<char> = v.to_string().chars().collect();
            for (at, op, c) in edits {
                if chars.is_empty() {
                    break;
                }
                let i = at.index(chars.len());
                match op {
                    0 => chars[i] = c,
                    1 => chars.insert(i, c),
                    _ => {
                        chars.remove(i);
                    }
                }
            }
            chars.into_iter().collect()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn mutated_variants_never_panic(text in mutated_variant()) {
        if let Ok(v) = Variant::parse(&text) {
            prop_assert_eq!(Variant::parse(&v.to_string()), Ok(v));
        }
    }

    #[test]
    fn variants_round_trip(v in variant()) {
        let text = v.to_string();
        let back = Variant::parse(&text);
        prop_assert_eq!(back.as_ref(), Ok(&v), "{}", text);
        prop_assert_eq!(v.spec().build(), Ok(v.layout().clone()));
    }
}
