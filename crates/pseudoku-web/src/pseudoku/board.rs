//! The Pseudoku board: an SVG of the grid's symbols, its walls, what the
//! answers agree on, regions as colours, and a teacher's step (the cells it
//! looks at, the edges that make it so, the edges it decides), in a `viewBox` of 10 units
//! per cell. It only draws a [`BoardView`] and reports pointer strokes (on
//! edges or on cells) through callbacks; the screens own the state.
//!
//! Pointer events serve mouse, pen and touch alike. An edge is hit when the
//! pointer is within [`EDGE_TOLERANCE`] of a cell's width from it; moves
//! are followed in small steps, so a fast or diagonal drag misses nothing.

use pseudoku_core::layout::CellId;
use pseudoku_core::partition::Edge;
use pseudoku_core::symbol::index_to_char;
use web_sys::PointerEvent;
use yew::prelude::*;

use crate::pseudoku::teach::StepDraw;
use crate::shared::svg::UNIT;

/// How far from an edge (in cells) a pointer still hits it.
pub const EDGE_TOLERANCE: f64 = 0.3;

/// Near a corner of four cells no edge is hit: a stroke turning there
/// would otherwise catch the edge beyond the corner.
const CORNER: f64 = 0.2;

/// What the pointer works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Edges,
    Cells,
}

/// A hint's edge: its two cells together (else apart) in every answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintEdge {
    pub edge: Edge,
    pub together: bool,
}

/// Everything the board shows. Edges are those of an `n × n` grid. (The
/// sudoku board has its own `BoardView`: it shows cells and marks, this one
/// edges and regions; they share no field.)
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    pub n: usize,
    /// The symbol of each cell, as its character.
    pub symbols: Vec<char>,
    pub walls: Vec<Edge>,
    /// Region colour of each cell.
    pub regions: Vec<Option<u8>>,
    /// Borders the player drew, and those between two painted regions.
    pub borders: Vec<Edge>,
    /// Borders in every answer that are not walls.
    pub implied: Vec<Edge>,
    /// Inside a region in every answer.
    pub joins: Vec<Edge>,
    /// Walls that could go.
    pub redundant: Vec<Edge>,
    /// Cells of a region with a problem.
    pub bad: Vec<usize>,
    /// Cells the "no answer" reason is about.
    pub reason: Vec<usize>,
    pub hint: Option<HintEdge>,
    /// A step of the teacher's, drawn over everything else.
    pub step: Option<StepDraw>,
    pub focus: usize,
    /// What a screen reader says the grid is.
    pub label: String,
}

#[derive(Properties, PartialEq)]
pub struct PBoardProps {
    pub view: std::rc::Rc<BoardView>,
    pub target: Target,
    pub on_edge_start: Callback<Edge>,
    pub on_edge_over: Callback<Edge>,
    pub on_cell_start: Callback<usize>,
    pub on_cell_over: Callback<usize>,
    pub on_stroke_end: Callback<()>,
    pub on_focus: Callback<usize>,
}

/// The id of a cell's element, for focus.
pub fn cell_id(cell: usize) -> String {
    format!("pcell-{cell}")
}

/// A point in cell units (0..n), from a pointer event on the SVG.
fn cell_point(svg: &web_sys::Element, event: &PointerEvent, n: usize) -> (f64, f64) {
    let rect = svg.get_bounding_client_rect();
    let side = n as f64 + 0.2; // the viewBox has a 0.1-cell margin each side
    let x = (f64::from(event.client_x()) - rect.left()) / rect.width() * side - 0.1;
    let y = (f64::from(event.client_y()) - rect.top()) / rect.height() * side - 0.1;
    (x, y)
}

/// The nearest edge to a point (in cell units) within the tolerance.
pub fn edge_at(n: usize, x: f64, y: f64) -> Option<Edge> {
    if !(0.0..n as f64).contains(&x) || !(0.0..n as f64).contains(&y) {
        return None;
    }
    let (row, col) = (y.floor() as usize, x.floor() as usize);
    let (kx, ky) = (x.round(), y.round());
    let dist_v = (x - kx).abs();
    let dist_h = (y - ky).abs();
    if dist_v < CORNER && dist_h < CORNER {
        return None;
    }
    let cell = |c: usize| CellId(c as u32);
    let vertical = (kx >= 1.0 && kx < n as f64).then(|| {
        let k = kx as usize;
        (dist_v, Edge::new(n, cell(row * n + k - 1), cell(row * n + k)))
    });
    let horizontal = (ky >= 1.0 && ky < n as f64).then(|| {
        let k = ky as usize;
        (dist_h, Edge::new(n, cell((k - 1) * n + col), cell(k * n + col)))
    });
    let best = match (vertical, horizontal) {
        (Some(v), Some(h)) => Some(if v.0 <= h.0 { v } else { h }),
        (v, h) => v.or(h),
    }?;
    (best.0 <= EDGE_TOLERANCE).then_some(best.1).flatten()
}

/// The cell under a point (in cell units).
pub fn cell_at(n: usize, x: f64, y: f64) -> Option<usize> {
    let inside = (0.0..n as f64).contains(&x) && (0.0..n as f64).contains(&y);
    inside.then(|| y.floor() as usize * n + x.floor() as usize)
}

/// The points from `from` to `to` in steps of at most a fifth of a cell.
fn steps(from: (f64, f64), to: (f64, f64)) -> impl Iterator<Item = (f64, f64)> {
    let d = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
    let count = (d / 0.2).ceil().max(1.0) as usize;
    (1..=count).map(move |i| {
        let t = i as f64 / count as f64;
        (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
    })
}

#[function_component]
pub fn PBoard(props: &PBoardProps) -> Html {
    let view = &props.view;
    let n = view.n;
    let svg_ref = use_node_ref();
    // The last pointer position of a stroke in progress.
    let last = use_mut_ref(|| None::<(f64, f64)>);

    let hit = {
        let (target, svg_ref) = (props.target, svg_ref.clone());
        let (on_edge_start, on_edge_over) = (props.on_edge_start.clone(), props.on_edge_over.clone());
        let (on_cell_start, on_cell_over) = (props.on_cell_start.clone(), props.on_cell_over.clone());
        move |event: &PointerEvent, start: bool, last: &mut Option<(f64, f64)>| {
            let Some(svg) = svg_ref.cast::<web_sys::Element>() else { return };
            let point = cell_point(&svg, event, n);
            let points: Vec<(f64, f64)> = match *last {
                Some(from) if !start => steps(from, point).collect(),
                _ => vec![point],
            };
            *last = Some(point);
            for (i, (x, y)) in points.into_iter().enumerate() {
                let first = start && i == 0;
                match target {
                    Target::Edges => {
                        if let Some(edge) = edge_at(n, x, y) {
                            if first {
                                on_edge_start.emit(edge)
                            } else {
                                on_edge_over.emit(edge)
                            }
                        } else if first {
                            // A press inside a cell starts a stroke that
                            // begins at the first edge it reaches.
                            *last = Some(point);
                        }
                    }
                    Target::Cells => {
                        if let Some(cell) = cell_at(n, x, y) {
                            if first {
                                on_cell_start.emit(cell)
                            } else {
                                on_cell_over.emit(cell)
                            }
                        }
                    }
                }
            }
        }
    };
    // Set once a stroke has emitted its start.
    let started = use_mut_ref(|| false);
    let on_pointer_down = {
        let (hit, last, started) = (hit.clone(), last.clone(), started.clone());
        let (target, on_focus) = (props.target, props.on_focus.clone());
        let svg_ref = svg_ref.clone();
        Callback::from(move |event: PointerEvent| {
            if event.button() != 0 {
                return;
            }
            event.prevent_default();
            if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                let _ = svg.set_pointer_capture(event.pointer_id());
                let (x, y) = cell_point(&svg, &event, n);
                *started.borrow_mut() = target == Target::Cells || edge_at(n, x, y).is_some();
                // The keyboard goes on from the cell pressed (the press's
                // default, which would move focus, is prevented above).
                if let Some(cell) = cell_at(n, x, y) {
                    on_focus.emit(cell);
                    crate::browser::focus_within_grid(&cell_id(cell));
                }
            }
            hit(&event, true, &mut last.borrow_mut());
        })
    };
    let on_pointer_move = {
        let (hit, last, started) = (hit.clone(), last.clone(), started.clone());
        let (target, on_edge_start) = (props.target, props.on_edge_start.clone());
        let svg_ref = svg_ref.clone();
        Callback::from(move |event: PointerEvent| {
            if last.borrow().is_none() {
                return;
            }
            event.prevent_default();
            if target == Target::Edges && !*started.borrow() {
                // The press was inside a cell: start at the first edge hit.
                let Some(svg) = svg_ref.cast::<web_sys::Element>() else { return };
                let from = last.borrow().expect("checked");
                let to = cell_point(&svg, &event, n);
                if let Some(edge) = steps(from, to).find_map(|(x, y)| edge_at(n, x, y)) {
                    *started.borrow_mut() = true;
                    on_edge_start.emit(edge);
                }
                *last.borrow_mut() = Some(to);
                return;
            }
            hit(&event, false, &mut last.borrow_mut());
        })
    };
    let on_pointer_up = {
        let (last, started, on_end) = (last.clone(), started.clone(), props.on_stroke_end.clone());
        Callback::from(move |_event: PointerEvent| {
            if last.borrow_mut().take().is_some() {
                *started.borrow_mut() = false;
                on_end.emit(());
            }
        })
    };

    let size = n as f64 * UNIT;
    let line = |e: &Edge| -> String {
        let (a, b) = (e.a().index(), e.b().index());
        let (r, c) = ((a / n) as f64 * UNIT, (a % n) as f64 * UNIT);
        if b == a + 1 {
            format!("M{} {r}v{UNIT}", c + UNIT)
        } else {
            format!("M{c} {}h{UNIT}", r + UNIT)
        }
    };
    let path = |edges: &[Edge]| edges.iter().map(line).collect::<String>();
    let grid_lines: String = (1..n)
        .map(|k| {
            let p = k as f64 * UNIT;
            format!("M{p} 0v{size}M0 {p}h{size}")
        })
        .collect();

    let lit = |cell: usize| view.step.as_ref().is_some_and(|s| s.cells.contains(&cell));
    let (walls, borders) = (sides(n, &view.walls), sides(n, &view.borders));
    let cell = |cell: usize| {
        html! {
            <PCell key={cell} {cell} {n} symbol={view.symbols.get(cell).copied().unwrap_or(' ')}
                region={view.regions.get(cell).copied().flatten()} bad={view.bad.contains(&cell)}
                reason={view.reason.contains(&cell)} lit={lit(cell)} focus={view.focus == cell}
                walls={walls[cell]} borders={borders[cell]} on_focus={props.on_focus.clone()} />
        }
    };
    // Rows, as a screen reader walks a grid.
    let rows = (0..n).map(|r| {
        html! {
            <g key={format!("row{r}")} role="row" aria-rowindex={(r + 1).to_string()}>
                { for (r * n..(r + 1) * n).map(cell) }
            </g>
        }
    });
    // A join is a dot on the middle of its edge.
    let dot = |e: &Edge, class: &'static str, r: &'static str| {
        let (a, b) = (e.a().index(), e.b().index());
        let (cx, cy) = if b == a + 1 {
            (((a % n) + 1) as f64 * UNIT, (a / n) as f64 * UNIT + UNIT / 2.0)
        } else {
            ((a % n) as f64 * UNIT + UNIT / 2.0, ((a / n) + 1) as f64 * UNIT)
        };
        html! { <circle {class} cx={cx.to_string()} cy={cy.to_string()} {r} /> }
    };
    let joins = view.joins.iter().map(|e| dot(e, "join", "0.9"));
    let step = view.step.as_ref().map(|step| {
        html! {
            <g class="step" aria-hidden="true">
                <path class="step-because" d={path(&step.because)} />
                <path class="step-borders" d={path(&step.borders)} />
                { for step.joins.iter().map(|e| dot(e, "step-join", "1.5")) }
            </g>
        }
    });
    let (fr, fc) = (view.focus / n.max(1), view.focus % n.max(1));
    let view_box = format!("{} {} {} {}", -0.1 * UNIT, -0.1 * UNIT, size + 0.2 * UNIT, size + 0.2 * UNIT);
    html! {
        <svg ref={svg_ref} class="pboard" viewBox={view_box} role="grid" aria-label={view.label.clone()}
            aria-rowcount={n.to_string()} aria-colcount={n.to_string()} data-size={n.to_string()}
            onpointerdown={on_pointer_down} onpointermove={on_pointer_move}
            onpointerup={on_pointer_up.clone()} onpointercancel={on_pointer_up}>
            { for rows }
            <path class="grid-lines" d={grid_lines} aria-hidden="true" />
            <path class="implied" d={path(&view.implied)} aria-hidden="true" />
            <path class="borders" d={path(&view.borders)} aria-hidden="true" />
            <g class="joins" aria-hidden="true">{ for joins }</g>
            <path class="walls" d={path(&view.walls)} aria-hidden="true" />
            <path class="redundant" d={path(&view.redundant)} aria-hidden="true" />
            if let Some(HintEdge { edge, together }) = view.hint {
                <path class={classes!("hint", together.then_some("together"))} d={line(&edge)} aria-hidden="true" />
            }
            { for step }
            <rect class="frame" x="0" y="0" width={size.to_string()} height={size.to_string()} aria-hidden="true" />
            <rect class="cursor" x={(fc as f64 * UNIT + 0.6).to_string()} y={(fr as f64 * UNIT + 0.6).to_string()}
                width={(UNIT - 1.2).to_string()} height={(UNIT - 1.2).to_string()} rx="0.6" aria-hidden="true" />
        </svg>
    }
}

#[derive(Properties, PartialEq)]
struct PCellProps {
    cell: usize,
    n: usize,
    symbol: char,
    region: Option<u8>,
    bad: bool,
    reason: bool,
    /// A teacher's step looks at this cell.
    lit: bool,
    /// Its sides with a wall, and with a border the player drew ([`sides`]).
    walls: u8,
    borders: u8,
    focus: bool,
    on_focus: Callback<usize>,
}

/// One cell: its own component, so a change elsewhere on the board (a wall
/// drawn, a count arriving) leaves the cells' elements alone.
#[function_component]
fn PCell(props: &PCellProps) -> Html {
    let &PCellProps { cell, n, symbol, region, bad, reason, lit, focus, walls, borders, .. } = props;
    let (row, col) = (cell / n, cell % n);
    let (x, y) = (col as f64 * UNIT, row as f64 * UNIT);
    let mut label = format!("row {} column {}, {symbol}", row + 1, col + 1);
    for (mask, what) in [(walls, "wall"), (borders, "border")] {
        let named: Vec<&str> =
            SIDE_NAMES.iter().enumerate().filter(|(k, _)| mask & (1 << k) != 0).map(|(_, name)| *name).collect();
        match named.len() {
            0 => {}
            1 => label.push_str(&format!(", {what} {}", named[0])),
            _ => label.push_str(&format!(", {what}s {}", and_list(&named))),
        }
    }
    if let Some(k) = region {
        label.push_str(&format!(", region {}", k + 1));
    }
    if bad {
        label.push_str(", region has a problem");
    }
    if lit {
        label.push_str(", highlighted by the hint");
    }
    let class = classes!(
        "pcell",
        region.map(|k| format!("r{}", k % 16)),
        bad.then_some("bad"),
        reason.then_some("reason"),
        lit.then_some("lit"),
        focus.then_some("focus"),
    );
    let on_focus = props.on_focus.clone();
    html! {
        <g role="gridcell" id={cell_id(cell)} {class} aria-label={label}
            tabindex={if focus { "0" } else { "-1" }}
            data-cell={cell.to_string()} data-region={region.map(|k| k.to_string()).unwrap_or_default()}
            onfocus={move |_| on_focus.emit(cell)}>
            <rect x={x.to_string()} y={y.to_string()} width={UNIT.to_string()} height={UNIT.to_string()} />
            if bad {
                // Stripes over the cell's own colour: the setter's unfinished
                // groups keep their colours apart (the style shows them there).
                <path class="hatch" aria-hidden="true" d={hatch(x, y)} />
            }
            <text x={(x + UNIT / 2.0).to_string()} y={(y + UNIT / 2.0).to_string()} aria-hidden="true">
                { symbol.to_string() }
            </text>
        </g>
    }
}

/// Three diagonal stripes across the cell whose top left corner is
/// (`x`, `y`).
fn hatch(x: f64, y: f64) -> String {
    let h = UNIT / 2.0;
    format!(
        "M{x} {y1}L{x1} {y}M{x} {y2}L{x2} {y}M{x1} {y2}L{x2} {y1}",
        y1 = y + h,
        x1 = x + h,
        y2 = y + UNIT,
        x2 = x + UNIT,
    )
}

/// A cell's sides, as the bits of [`sides`] name them.
const SIDE_NAMES: [&str; 4] = ["above", "right", "below", "left"];

/// For each cell of an `n × n` grid, which of its sides carry one of
/// `edges`: bit 0 above, 1 right, 2 below, 3 left.
fn sides(n: usize, edges: &[Edge]) -> Vec<u8> {
    let mut out = vec![0u8; n * n];
    for e in edges {
        let (a, b) = (e.a().index(), e.b().index());
        if a >= out.len() || b >= out.len() {
            continue;
        }
        if b == a + 1 {
            out[a] |= 2;
            out[b] |= 8;
        } else {
            out[a] |= 4;
            out[b] |= 1;
        }
    }
    out
}

/// "a, b and c".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The symbol characters of an instance's cells.
pub fn symbol_chars(instance: &pseudoku_core::partition::Instance) -> Vec<char> {
    instance.symbols().iter().map(|s| s.to_char().or_else(|| index_to_char(s.index())).unwrap_or('?')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cell_knows_its_sides_with_walls_for_its_label() {
        let e = |a, b| Edge::new(3, CellId(a), CellId(b)).unwrap();
        let walls = sides(3, &[e(0, 1), e(1, 4)]);
        assert_eq!(walls, vec![2, 8 | 4, 0, 0, 1, 0, 0, 0, 0]);
        let named: Vec<&str> = (0..4).filter(|k| walls[1] & (1 << k) != 0).map(|k| SIDE_NAMES[k]).collect();
        assert_eq!(and_list(&named), "below and left");
        assert_eq!(and_list(&["above", "right", "left"]), "above, right and left");
    }

    #[test]
    fn the_nearest_edge_within_reach_is_hit() {
        let e = |a, b| Edge::new(9, CellId(a), CellId(b));
        // Just right of the line between columns 1 and 2, row 1.
        assert_eq!(edge_at(9, 1.1, 0.5), e(0, 1));
        assert_eq!(edge_at(9, 0.9, 0.5), e(0, 1));
        // Near the line below row 1, column 5.
        assert_eq!(edge_at(9, 4.5, 1.2), e(4, 13));
        // The middle of a cell is too far from every edge.
        assert_eq!(edge_at(9, 4.5, 4.5), None);
        // The outer frame is not an edge between cells.
        assert_eq!(edge_at(9, 0.05, 4.5), None);
        assert_eq!(edge_at(9, -1.0, 4.5), None);
    }

    #[test]
    fn a_stroke_around_a_corner_takes_only_the_edges_it_follows() {
        // Down the line x = 5 to the corner (5, 7), then right along y = 7.
        let mut hit: Vec<Edge> = Vec::new();
        let path =
            steps((5.0, 6.5), (5.0, 7.0)).chain(steps((5.0, 7.0), (6.0, 7.0))).chain(steps((6.0, 7.0), (6.0, 7.5)));
        for (x, y) in path {
            if let Some(e) = edge_at(9, x, y) {
                if hit.last() != Some(&e) {
                    hit.push(e);
                }
            }
        }
        let e = |a, b| Edge::new(9, CellId(a), CellId(b)).unwrap();
        assert_eq!(hit, vec![e(58, 59), e(59, 68), e(68, 69)]);
    }

    #[test]
    fn fast_moves_are_followed_in_small_steps() {
        let points: Vec<_> = steps((0.0, 0.0), (2.0, 0.0)).collect();
        assert_eq!(points.len(), 10);
        assert_eq!(points.last(), Some(&(2.0, 0.0)));
        assert_eq!(cell_at(9, 8.9, 0.1), Some(8));
        assert_eq!(cell_at(9, 9.0, 0.1), None);
    }
}
