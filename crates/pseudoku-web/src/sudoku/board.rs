//! The sudoku board of any variant: one SVG renderer driven by the layout's
//! geometry. A board (square grids, multi-grids with their gaps, jigsaw,
//! diagonals, extra houses) draws cells at their positions with thick lines
//! between boxes or regions; the Pie draws annular cells in sectors and
//! rings; a custom layout draws its cells in a square-ish grid by index.
//! Every cell is an element with `role="gridcell"` and an `aria-label`.
//!
//! Candidates are drawn in place (a positional grid: 3×3 for nine
//! symbols, 4×4 for sixteen), or as the player's centre marks. A hint shown
//! in full is drawn on top (`board/steps.rs`): its pattern's candidates,
//! the ones it removes struck out, the value it places, its houses
//! outlined and a chain's links as arrows.
//!
//! It draws a [`BoardView`] and reports pointer presses and drags on cells;
//! the screen owns the state.

mod cell;
mod steps;

pub use cell::{cell_label, place};
pub use steps::NUMBERED_FROM;

use std::f64::consts::PI;
use std::rc::Rc;

use pseudoku_core::layout::{CellId, Geometry, HouseKind, Layout};
use pseudoku_core::symbol::index_to_char;
use web_sys::PointerEvent;
use yew::prelude::*;

use crate::engine::wire::{HintWire, LinkWire, StepWire};
use crate::shared::svg::UNIT;
use crate::sudoku::play::game::{abstract_columns, Checked, Game};
use cell::{BoardCell, CellFrame, Frame};

/// What one cell shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellView {
    pub value: Option<char>,
    pub given: bool,
    pub corner: Vec<char>,
    pub centre: Vec<char>,
    pub colours: u16,
    pub conflict: bool,
    pub wrong: bool,
    pub selected: bool,
    pub peer: bool,
    pub same: bool,
    /// In a diagonal or another extra house (shaded).
    pub extra: bool,
    /// Soft colour of its jigsaw region, if any.
    pub region_tint: Option<usize>,
    /// How a hint marks it.
    pub hint: Option<HintMark>,
    /// Candidates drawn in place, one bit per symbol (0: none drawn).
    pub candidates: u64,
    /// Of those, the ones a step's pattern is made of, and the ones it
    /// removes (struck out).
    pub pattern: u64,
    pub struck: u64,
    /// The value a step places here.
    pub placed: Option<char>,
    /// Of the candidates drawn in place, the player's corner marks (a cell
    /// with centre marks draws its corner marks in place too, marked as
    /// the player's, rather than hide them).
    pub corner_in_place: u64,
}

/// A cell's part in the hint shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintMark {
    /// In the house the nudge points at.
    House,
    /// In the step's pattern.
    Pattern,
    /// Loses candidates.
    Eliminated,
    /// Gets its value.
    Placed,
    /// Holds a wrong value, or marks that miss the answer.
    Wrong,
}

/// Everything the board shows (cells and marks; the Pseudoku board's own
/// `BoardView` shows edges and regions, and they share no field).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub layout: Rc<pseudoku_core::layout::Layout>,
    pub cells: Vec<CellView>,
    pub cursor: Option<CellId>,
    pub solved: bool,
    /// The houses and links of the step drawn, if one is.
    pub step: Option<StepDrawing>,
}

/// What a step draws over the cells.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepDrawing {
    /// Each house's cells, outlined.
    pub houses: Vec<Vec<u32>>,
    /// A chain's links in order, as arrows.
    pub links: Vec<LinkWire>,
}

impl BoardView {
    /// The view of a game: its entries and every highlight; centre marks
    /// drawn in place when `positional`.
    pub fn of(game: &Game, layout: Rc<Layout>, positional: bool) -> BoardView {
        let cursor = game.selected();
        let peers: Vec<CellId> = cursor.map(|c| layout.peers(c).to_vec()).unwrap_or_default();
        let cursor_value = cursor.and_then(|c| game.value(c));
        let wrong: Vec<CellId> = match &game.checked {
            Some(Checked::Wrong(cells)) => cells.clone(),
            _ => Vec::new(),
        };
        let (extra, tint) = shading(&layout);
        let mut hint = vec![None; layout.cell_count()];
        if let Some((wire, full)) = &game.hint {
            let mut mark = |cells: &mut dyn Iterator<Item = u32>, m: HintMark| {
                cells.for_each(|c| {
                    if let Some(slot) = hint.get_mut(c as usize) {
                        *slot = Some(m);
                    }
                })
            };
            match wire {
                HintWire::Wrong { cells } | HintWire::MarksMissing { cells } => {
                    mark(&mut cells.iter().copied(), HintMark::Wrong)
                }
                HintWire::Step(step) => {
                    let StepWire { house, cells, placements, eliminations, .. } = &**step;
                    mark(&mut house.iter().copied(), HintMark::House);
                    if *full {
                        mark(&mut cells.iter().copied(), HintMark::Pattern);
                        mark(&mut eliminations.iter().map(|e| e.0), HintMark::Eliminated);
                        mark(&mut placements.iter().map(|p| p.0), HintMark::Placed);
                    }
                }
                HintWire::Solved | HintWire::Stuck => {}
            }
        }
        // A step in full: the candidates it was found on, drawn in place.
        let drawn = match &game.hint {
            Some((HintWire::Step(step), true)) => {
                let StepWire { candidates, pattern, eliminations, placements, houses, links, .. } = &**step;
                let n = layout.cell_count();
                let bits = |list: &[(u32, u8)]| {
                    let mut masks = vec![0u64; n];
                    list.iter().filter(|(c, _)| (*c as usize) < n).for_each(|&(c, s)| masks[c as usize] |= 1 << s);
                    masks
                };
                let (pattern, struck) = (bits(pattern), bits(eliminations));
                let mut placed = vec![None; n];
                placements.iter().filter(|(c, _)| (*c as usize) < n).for_each(|&(c, s)| {
                    placed[c as usize] = index_to_char(s.into());
                });
                let step = StepDrawing { houses: houses.clone(), links: links.clone() };
                Some((candidates.clone(), pattern, struck, placed, step))
            }
            _ => None,
        };
        let chars = |mask: u64| (0..64).filter(|b| mask & (1 << b) != 0).filter_map(index_to_char).collect();
        let cells = (0..layout.cell_count())
            .map(|i| {
                let cell = CellId(i as u32);
                let value = game.value(cell);
                let (candidates, pattern, struck, placed) = match &drawn {
                    Some((cands, pattern, struck, placed, _)) if value.is_none() => {
                        (cands.get(i).copied().unwrap_or(0), pattern[i], struck[i], placed[i])
                    }
                    Some(_) => (0, 0, 0, None),
                    // Centre marks in place, with the cell's corner marks
                    // among them (a cell of corner marks alone keeps them
                    // in its corners).
                    None if positional && value.is_none() && game.centre(cell) != 0 => {
                        (game.centre(cell) | game.corner(cell), 0, 0, None)
                    }
                    None => (0, 0, 0, None),
                };
                let corner_in_place = if drawn.is_none() { candidates & game.corner(cell) } else { 0 };
                CellView {
                    value: value.and_then(|s| s.to_char()),
                    given: game.is_given(cell),
                    corner: chars(game.corner(cell)),
                    centre: if candidates == 0 { chars(game.centre(cell)) } else { Vec::new() },
                    colours: game.colours(cell),
                    conflict: game.is_conflict(cell),
                    wrong: wrong.contains(&cell),
                    selected: game.is_selected(cell),
                    peer: peers.contains(&cell),
                    same: value.is_some() && value == cursor_value && cursor != Some(cell),
                    extra: extra[i],
                    region_tint: tint[i],
                    hint: hint[i],
                    candidates,
                    pattern,
                    struck,
                    placed,
                    corner_in_place,
                }
            })
            .collect();
        let step = drawn.map(|(_, _, _, _, step)| step);
        BoardView { layout, cells, cursor, solved: game.is_solved(), step }
    }
}

/// Which cells are shaded as extra houses, and the soft tint of each
/// jigsaw region's cells.
fn shading(layout: &Layout) -> (Vec<bool>, Vec<Option<usize>>) {
    let mut extra = vec![false; layout.cell_count()];
    let mut tint = vec![None; layout.cell_count()];
    let custom = matches!(layout.geometry(), Geometry::Abstract);
    for (i, house) in layout.houses().iter().enumerate() {
        match house.kind {
            // A custom layout's houses are all "extra": none is shaded.
            HouseKind::Diagonal | HouseKind::AntiDiagonal | HouseKind::Extra if !custom => {
                house.cells.iter().for_each(|c| extra[c.index()] = true)
            }
            HouseKind::Region => house.cells.iter().for_each(|c| tint[c.index()] = Some(i % 6)),
            _ => {}
        }
    }
    (extra, tint)
}

impl BoardView {
    /// The view of a puzzle being set: its givens, the selection, givens
    /// that conflict, a cell where two solutions differ and givens that
    /// could go.
    pub fn of_setter(
        layout: Rc<Layout>,
        givens: &[Option<pseudoku_core::symbol::Symbol>],
        selected: Option<CellId>,
        marks: &dyn Fn(CellId) -> Option<HintMark>,
        conflicts: &[CellId],
    ) -> BoardView {
        let (extra, tint) = shading(&layout);
        let cells = (0..layout.cell_count())
            .map(|i| {
                let cell = CellId(i as u32);
                CellView {
                    value: givens[i].and_then(|s| s.to_char()),
                    given: givens[i].is_some(),
                    conflict: conflicts.contains(&cell),
                    selected: selected == Some(cell),
                    extra: extra[i],
                    region_tint: tint[i],
                    hint: marks(cell),
                    ..CellView::default()
                }
            })
            .collect();
        BoardView { layout, cells, cursor: selected, solved: false, step: None }
    }
}

/// A press on a cell; `add` (Ctrl or Shift held) adds it to the selection;
/// `double`: the second press on the same cell within 0.4 s (mouse, pen or
/// finger alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub cell: CellId,
    pub add: bool,
    pub double: bool,
}

/// How soon a second press on a cell makes a double press, in ms.
const DOUBLE_PRESS_MS: f64 = 400.0;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub view: Rc<BoardView>,
    pub on_press: Callback<Press>,
    /// A drag moved onto a cell.
    pub on_drag: Callback<CellId>,
    /// Keyboard focus came to a cell.
    pub on_focus: Callback<CellId>,
}

/// The id of a cell's element, for focus.
pub fn cell_element_id(cell: CellId) -> String {
    format!("cell-{}", cell.index())
}

/// The outline of one cell, its text anchor, and the size of its text.
struct Shape {
    outline: Html,
    cx: f64,
    cy: f64,
    /// The width a cell offers its text, in SVG units.
    side: f64,
    rect: Option<(f64, f64)>,
    /// Its outline as path data.
    d: String,
}

impl Shape {
    /// The square cell at `row`, `col` of a board (or of a custom layout's
    /// grid by index).
    fn square(row: usize, col: usize) -> Shape {
        let (x, y) = (col as f64 * UNIT, row as f64 * UNIT);
        let d = format!("M{x} {y}h{UNIT}v{UNIT}h-{UNIT}Z");
        Shape {
            // A path: one attribute to set where a rect takes four, which
            // counts on the largest boards (2,304 cells drawn at once).
            outline: html! { <path class="bg" d={d.clone()} /> },
            cx: x + UNIT / 2.0,
            cy: y + UNIT / 2.0,
            side: UNIT,
            rect: Some((x, y)),
            d,
        }
    }
}

fn pie_point(cx: f64, r: f64, angle: f64) -> (f64, f64) {
    (cx + r * angle.cos(), cx + r * angle.sin())
}

/// Inner radius of the Pie's ring 0, in SVG units.
const PIE_HOLE: f64 = 14.0;

fn shape(layout: &Layout, cell: CellId) -> Shape {
    match layout.geometry() {
        Geometry::Board { .. } => {
            let (row, col) = layout.position(cell).unwrap_or((0, 0));
            Shape::square(row, col)
        }
        Geometry::Pie { sectors, rings } => {
            let (s, r) = (cell.index() / rings, cell.index() % rings);
            let c = PIE_HOLE + *rings as f64 * UNIT;
            let step = 2.0 * PI / *sectors as f64;
            let (a0, a1) = (s as f64 * step - PI / 2.0, (s + 1) as f64 * step - PI / 2.0);
            let (r0, r1) = (PIE_HOLE + r as f64 * UNIT, PIE_HOLE + (r + 1) as f64 * UNIT);
            let p = |r, a| pie_point(c, r, a);
            let ((x0, y0), (x1, y1), (x2, y2), (x3, y3)) = (p(r0, a0), p(r1, a0), p(r1, a1), p(r0, a1));
            let d = format!(
                "M{x0:.2} {y0:.2}L{x1:.2} {y1:.2}A{r1} {r1} 0 0 1 {x2:.2} {y2:.2}L{x3:.2} {y3:.2}A{r0} {r0} 0 0 0 {x0:.2} {y0:.2}Z"
            );
            let (cx, cy) = p((r0 + r1) / 2.0, (a0 + a1) / 2.0);
            let side = ((r0 + r1) / 2.0 * step).min(UNIT);
            Shape { outline: html! { <path class="bg" d={d.clone()} /> }, cx, cy, side, rect: None, d }
        }
        Geometry::Abstract => {
            let cols = abstract_columns(layout.cell_count());
            let (row, col) = (cell.index() / cols, cell.index() % cols);
            Shape::square(row, col)
        }
    }
}

/// The board's size in SVG units (width, height).
fn extent(layout: &Layout) -> (f64, f64) {
    match layout.geometry() {
        Geometry::Board { height, width, .. } => (*width as f64 * UNIT, *height as f64 * UNIT),
        Geometry::Pie { rings, .. } => {
            let d = 2.0 * (PIE_HOLE + *rings as f64 * UNIT);
            (d, d)
        }
        Geometry::Abstract => {
            let cols = abstract_columns(layout.cell_count());
            let rows = layout.cell_count().div_ceil(cols);
            (cols as f64 * UNIT, rows as f64 * UNIT)
        }
    }
}

/// What the board draws the same while its layout stays: each cell's
/// frame, the cells of each row of the ARIA grid, and the thick lines.
struct Frames {
    cells: Vec<Frame>,
    /// Rows for the ARIA grid (board rows, Pie sectors, custom rows): each
    /// row's number and its cells.
    rows: Vec<(usize, Vec<usize>)>,
    lines: Html,
}

impl Frames {
    fn of(layout: &Layout) -> Frames {
        let cells = (0..layout.cell_count()).map(|i| Frame(Rc::new(CellFrame::of(layout, CellId(i as u32))))).collect();
        let row_of = |i: usize| match layout.geometry() {
            Geometry::Board { .. } => layout.position(CellId(i as u32)).map_or(0, |(r, _)| r),
            Geometry::Pie { rings, .. } => i / rings,
            Geometry::Abstract => i / abstract_columns(layout.cell_count()),
        };
        let mut rows: Vec<Vec<usize>> = Vec::new();
        for i in 0..layout.cell_count() {
            let r = row_of(i);
            if rows.len() <= r {
                rows.resize(r + 1, Vec::new());
            }
            rows[r].push(i);
        }
        let rows = rows.into_iter().enumerate().filter(|(_, cells)| !cells.is_empty()).collect();
        let lines = match layout.geometry() {
            Geometry::Board { height, width, .. } => {
                html! { <path class="region-lines" d={region_lines(layout, *height, *width)} aria-hidden="true" /> }
            }
            Geometry::Pie { sectors, rings } => pie_lines(*sectors, *rings),
            Geometry::Abstract => html! {},
        };
        Frames { cells, rows, lines }
    }
}

/// The cell whose element holds `target` (from its id, `cell-N`).
fn cell_of(target: &web_sys::Element) -> Option<CellId> {
    let cell = target.closest("[role=gridcell]").ok().flatten()?;
    cell.id().strip_prefix("cell-")?.parse::<u32>().ok().map(CellId)
}

/// The board: one `BoardCell` (`board/cell.rs`) per cell, each re-rendered only when its
/// own view changes, under the lines, the step drawn and the cursor. The
/// board itself renders only when its props change, so the screens pass
/// callbacks that stay the same (`use_callback`) and a message that
/// changes nothing on the board (a rating's progress, the clock) leaves it
/// alone.
#[function_component]
pub fn Board(props: &BoardProps) -> Html {
    let view = &props.view;
    let layout = &view.layout;
    let svg_ref = use_node_ref();
    let dragging = use_mut_ref(|| false);
    // `Rc<Layout>` compares by pointer first: the screens keep one `Rc` per
    // puzzle, so this is a pointer comparison while the puzzle stays.
    let frames = use_memo(layout.clone(), |layout| Frames::of(layout));
    let tab_stop = view.cursor.or_else(|| (layout.cell_count() > 0).then_some(CellId(0)));
    let symbols = layout.size();
    let cells = frames.rows.iter().map(|(r, cells)| {
        // Unkeyed: the cells never move, and with keys yew replaced every
        // cell's element on a new selection, dropping the focus.
        let cells = cells.iter().map(|&i| {
            let cell = CellId(i as u32);
            html! {
                <BoardCell {cell} view={view.cells[i].clone()} frame={frames.cells[i].clone()} {symbols}
                    tab_stop={tab_stop == Some(cell)} />
            }
        });
        html! { <g role="row" aria-rowindex={(r + 1).to_string()}>{ for cells }</g> }
    });

    // A press on a cell selects it; a drag selects every cell it passes over.
    let last_press = use_mut_ref(|| None::<(CellId, f64)>);
    let on_down = {
        let (dragging, on_press) = (dragging.clone(), props.on_press.clone());
        Callback::from(move |e: PointerEvent| {
            if e.button() != 0 {
                return;
            }
            if let Some(cell) = e.target_dyn_into::<web_sys::Element>().and_then(|el| cell_of(&el)) {
                *dragging.borrow_mut() = true;
                let add = e.ctrl_key() || e.meta_key() || e.shift_key();
                let now = e.time_stamp();
                let double = !add && last_press.borrow().is_some_and(|(c, at)| c == cell && now - at < DOUBLE_PRESS_MS);
                *last_press.borrow_mut() = (!double).then_some((cell, now));
                on_press.emit(Press { cell, add, double });
            }
        })
    };
    let on_move = {
        let (dragging, on_drag, svg_ref) = (dragging.clone(), props.on_drag.clone(), svg_ref.clone());
        Callback::from(move |e: PointerEvent| {
            if !*dragging.borrow() {
                return;
            }
            let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
            let Some(svg) = svg_ref.cast::<web_sys::Element>() else { return };
            let _ = svg.release_pointer_capture(e.pointer_id());
            let hit = document.element_from_point(e.client_x() as f32, e.client_y() as f32);
            if let Some(cell) = hit.and_then(|el| cell_of(&el)) {
                on_drag.emit(cell);
            }
        })
    };
    let on_up = {
        let dragging = dragging.clone();
        Callback::from(move |_: PointerEvent| *dragging.borrow_mut() = false)
    };
    // Tab onto a cell: the screen selects it when nothing is selected.
    let on_focus = {
        let on_focus = props.on_focus.clone();
        Callback::from(move |e: FocusEvent| {
            let id = e.target_dyn_into::<web_sys::Element>().map(|t| t.id()).unwrap_or_default();
            if let Some(cell) = id.strip_prefix("cell-").and_then(|i| i.parse().ok()) {
                on_focus.emit(CellId(cell));
            }
        })
    };

    let (w, h) = extent(layout);
    let cursor = view.cursor.and_then(|c| frames.cells.get(c.index())).map(|frame| {
        let sh = &frame.0.shape;
        match sh.rect {
            Some((x, y)) => html! { <rect class="cursor" x={(x + 0.45).to_string()} y={(y + 0.45).to_string()} width="9.1" height="9.1" rx="0.6" aria-hidden="true" /> },
            None => html! { <circle class="cursor" cx={format!("{:.2}", sh.cx)} cy={format!("{:.2}", sh.cy)} r="3.6" aria-hidden="true" /> },
        }
    });
    let class = classes!(
        "board",
        view.solved.then_some("solved"),
        matches!(layout.geometry(), Geometry::Pie { .. }).then_some("pie")
    );
    let (rows, cols) = match layout.geometry() {
        Geometry::Board { height, width, .. } => (*height, *width),
        _ => (1, layout.cell_count()),
    };
    html! {
        <svg ref={svg_ref} {class} viewBox={format!("-1 -1 {} {}", w + 2.0, h + 2.0)} role="grid"
            aria-label={format!("Puzzle grid, {} cells", layout.cell_count())}
            aria-rowcount={rows.to_string()} aria-colcount={cols.to_string()}
            onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up.clone()} onpointercancel={on_up.clone()}
            onpointerleave={on_up} onfocusin={on_focus}>
            { for cells }
            { frames.lines.clone() }
            if let Some(step) = &view.step {
                { steps::drawing(layout, step) }
            }
            { for cursor }
        </svg>
    }
}

/// The thick lines of a board: cell edges on the board's outside or
/// between two different boxes (or jigsaw regions), as one SVG path.
fn region_lines(layout: &Layout, height: usize, width: usize) -> String {
    let regions = layout.regions();
    let region_at = |row: usize, col: usize| layout.cell_at(row, col).map(|c| regions[c.index()]);
    let u = UNIT as usize;
    let mut d = String::new();
    for row in 0..height {
        for col in 0..width {
            let Some(here) = region_at(row, col) else { continue };
            let (x, y) = (col * u, row * u);
            // Each inner edge is drawn once, from the cell on its left or above.
            if col == 0 || region_at(row, col - 1).is_none() {
                d += &format!("M{x} {y}v{u}");
            }
            if row == 0 || region_at(row - 1, col).is_none() {
                d += &format!("M{x} {y}h{u}");
            }
            if region_at(row, col + 1) != Some(here) {
                d += &format!("M{} {y}v{u}", x + u);
            }
            if region_at(row + 1, col) != Some(here) {
                d += &format!("M{x} {}h{u}", y + u);
            }
        }
    }
    d
}

/// The Pie's lines: the rings' circles (thin), and radial lines, thick
/// between two sector pairs.
fn pie_lines(sectors: usize, rings: usize) -> Html {
    let c = PIE_HOLE + rings as f64 * UNIT;
    let step = 2.0 * PI / sectors as f64;
    let circles = (0..=rings).map(|r| {
        let radius = PIE_HOLE + r as f64 * UNIT;
        let class = if r == 0 || r == rings { "pie-edge" } else { "pie-ring" };
        html! { <circle {class} cx={c.to_string()} cy={c.to_string()} r={radius.to_string()} aria-hidden="true" /> }
    });
    let radials = (0..sectors).map(|s| {
        let a = s as f64 * step - PI / 2.0;
        let (x0, y0) = pie_point(c, PIE_HOLE, a);
        let (x1, y1) = pie_point(c, c, a);
        let class = if s % 2 == 0 { "pie-edge" } else { "pie-ring" };
        html! { <line {class} x1={format!("{x0:.2}")} y1={format!("{y0:.2}")} x2={format!("{x1:.2}")} y2={format!("{y1:.2}")} aria-hidden="true" /> }
    });
    html! { <g>{ for circles }{ for radials }</g> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_region_lines_are_the_box_edges() {
        let layout = Layout::classic(3).unwrap();
        let d = region_lines(&layout, 9, 9);
        // 9 cells per side on the outside, plus two inner lines of 9 cells each way.
        assert_eq!(d.matches('M').count(), 4 * 9 + 2 * 2 * 9);
        assert!(d.contains("M30 0v10"), "box edge after the third column");
        assert!(!d.contains("M10 0v10"), "no thick line inside a box");
    }

    #[test]
    fn corner_marks_are_drawn_in_place_beside_centre_marks_not_hidden() {
        use crate::sudoku::play::game::{Action, Mode, Puzzle};
        use pseudoku_core::symbol::Symbol;
        let variant: pseudoku_core::format::Variant = "size 4\n".parse().unwrap();
        let game = Game::new(Puzzle::new(variant).unwrap(), None);
        let enter =
            |g: &Game, s: usize, mode| g.apply(Action::Enter { symbol: Symbol::new(s), mode: Some(mode) }).unwrap();
        let game = game.apply(Action::Select { cell: CellId(0), add: false }).unwrap();
        let game = enter(&enter(&game, 0, Mode::Centre), 2, Mode::Corner);
        let game = game.apply(Action::Select { cell: CellId(1), add: false }).unwrap();
        let game = enter(&game, 3, Mode::Corner);
        let layout = Rc::new(game.layout().clone());
        let view = BoardView::of(&game, layout.clone(), true);
        let (both, corner_only) = (&view.cells[0], &view.cells[1]);
        assert_eq!(both.candidates, 0b101, "the centre mark 1 and the corner mark 3, in place");
        assert_eq!(both.corner_in_place, 0b100, "3 marked as the player's corner mark");
        assert_eq!(corner_only.candidates, 0, "corner marks alone stay in the corners");
        assert_eq!(corner_only.corner, vec!['4']);
        let said = cell_label(&layout, CellId(0), both);
        assert_eq!(said, "row 1 column 1, empty, candidates 1, corner marks 3", "each mark said once, as what it is");
        let written = BoardView::of(&game, layout, false);
        assert_eq!((written.cells[0].candidates, written.cells[0].corner_in_place), (0, 0), "as written");
        assert_eq!(written.cells[0].corner, vec!['3']);
    }

    #[test]
    fn the_grid_rows_hold_every_cell_once_in_its_row() {
        let samurai: pseudoku_core::format::Variant =
            include_str!("../../../../examples/variants/samurai.txt").parse().unwrap();
        let layouts = [Layout::classic(3).unwrap(), Layout::pie(12, 6).unwrap(), samurai.layout().clone()];
        for layout in layouts {
            let frames = Frames::of(&layout);
            let mut cells: Vec<usize> = frames.rows.iter().flat_map(|(_, cells)| cells.iter().copied()).collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..layout.cell_count()).collect::<Vec<_>>(), "each cell once");
            assert!(frames.rows.windows(2).all(|w| w[0].0 < w[1].0), "rows numbered upwards");
            for (i, frame) in frames.cells.iter().enumerate() {
                let (r, _) = frames.rows.iter().find(|(_, cells)| cells.contains(&i)).unwrap();
                let position = frame.0.position;
                assert!(position.is_none_or(|(row, _)| row == *r), "cell {i} sits in its row");
            }
        }
    }

    #[test]
    fn every_geometry_has_an_extent() {
        assert_eq!(extent(&Layout::classic(3).unwrap()), (90.0, 90.0));
        let pie = extent(&Layout::pie(12, 6).unwrap());
        assert_eq!(pie, (148.0, 148.0));
    }
}
