//! One cell of the sudoku board, as a component of its own: the board
//! hands each cell its [`CellView`] and its [`Frame`] (what stays while the
//! layout stays: its shape and its place), so a keystroke re-renders the
//! cells whose view changed and leaves every other cell's elements alone.
//!
//! A cell draws its background, its colours, its value (or the value a
//! step places, or its marks or candidates in place) and a mark for a
//! conflict; it says all of it in its `aria-label`. Presses reach the
//! board, which finds the cell under the pointer (by its id).

use std::rc::Rc;

use pseudoku_core::layout::{CellId, Geometry, Layout};
use pseudoku_core::symbol::index_to_char;
use yew::prelude::*;

use super::{cell_element_id, shape, steps, CellView, HintMark, Shape};
use crate::shared::svg::UNIT;

/// What a cell's element keeps while the layout stays.
pub(super) struct CellFrame {
    pub shape: Shape,
    /// Where the cell is, as a screen reader says it.
    pub place: String,
    /// Its row and column on a board (none on the Pie or a custom layout).
    pub position: Option<(usize, usize)>,
}

impl CellFrame {
    pub fn of(layout: &Layout, cell: CellId) -> CellFrame {
        CellFrame { shape: shape(layout, cell), place: place(layout, cell), position: layout.position(cell) }
    }
}

/// A cell's frame, compared by identity: the board makes the frames once
/// per layout, so the same frame is the same cell of the same layout, and
/// comparing it costs a pointer.
#[derive(Clone)]
pub(super) struct Frame(pub Rc<CellFrame>);

impl PartialEq for Frame {
    fn eq(&self, other: &Frame) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct CellProps {
    pub cell: CellId,
    pub view: CellView,
    pub frame: Frame,
    /// The layout's number of symbols (how candidates sit in a cell).
    pub symbols: usize,
    /// The cell the keyboard's Tab reaches.
    pub tab_stop: bool,
}

#[function_component]
pub(super) fn BoardCell(props: &CellProps) -> Html {
    let CellProps { cell, view: v, frame, symbols, tab_stop } = props;
    let CellFrame { shape: sh, place, position } = &*frame.0;
    let class = classes!(
        "cell",
        if v.given { "given" } else { "entry" },
        v.conflict.then_some("conflict"),
        v.wrong.then_some("wrong"),
        v.selected.then_some("selected"),
        v.peer.then_some("peer"),
        v.same.then_some("same"),
        v.extra.then_some("extra"),
        v.region_tint.map(|t| format!("tint{t}")),
        v.hint.map(|h| match h {
            HintMark::House => "hint-house",
            HintMark::Pattern => "hint-pattern",
            HintMark::Eliminated => "hint-eliminated",
            HintMark::Placed => "hint-placed",
            HintMark::Wrong => "hint-wrong",
        }),
    );
    let font = sh.side * if *symbols > 9 { 0.6 } else { 0.64 };
    let colours = colour_stripes(v.colours, sh);
    let marks = if v.candidates != 0 { steps::candidates(v, sh, *symbols) } else { marks(v, sh) };
    html! {
        <g role="gridcell" id={cell_element_id(*cell)} {class}
            tabindex={if *tab_stop { "0" } else { "-1" }}
            aria-label={label_at(place, v)}
            aria-selected={v.selected.to_string()}
            aria-readonly={v.given.then_some("true")}
            aria-colindex={position.map(|(_, c)| (c + 1).to_string())}
            data-value={v.value.map(|c| c.to_string())}>
            { sh.outline.clone() }
            { colours }
            if let Some(c) = v.value {
                <text class="value" x={format!("{:.2}", sh.cx)} y={format!("{:.2}", sh.cy)}
                    font-size={format!("{font:.2}")} aria-hidden="true">{ c.to_string() }</text>
            } else if let Some(c) = v.placed {
                <text class="value placed" data-placed={c.to_string()} x={format!("{:.2}", sh.cx)} y={format!("{:.2}", sh.cy)}
                    font-size={format!("{font:.2}")} aria-hidden="true">{ c.to_string() }</text>
            } else {
                { marks }
            }
            // A mark that is not only colour.
            if v.conflict || v.wrong {
                <circle class="conflict-mark" cx={format!("{:.2}", sh.cx + sh.side * 0.32)} cy={format!("{:.2}", sh.cy - sh.side * 0.32)}
                    r={format!("{:.2}", sh.side * 0.09)} aria-hidden="true" />
            }
        </g>
    }
}

/// Where a cell is, as a screen reader says it.
pub fn place(layout: &Layout, cell: CellId) -> String {
    match layout.geometry() {
        Geometry::Board { .. } => match layout.position(cell) {
            Some((r, c)) => format!("row {} column {}", r + 1, c + 1),
            None => format!("cell {}", cell.index() + 1),
        },
        Geometry::Pie { rings, .. } => {
            format!("sector {} ring {}", cell.index() / rings + 1, cell.index() % rings + 1)
        }
        Geometry::Abstract => format!("cell {}", cell.index() + 1),
    }
}

/// What a screen reader says for a cell.
pub fn cell_label(layout: &Layout, cell: CellId, view: &CellView) -> String {
    label_at(&place(layout, cell), view)
}

/// What a screen reader says for the cell at `place`.
fn label_at(place: &str, view: &CellView) -> String {
    let value = view.value.map_or_else(|| "empty".to_owned(), |c| c.to_string());
    let mut label = format!("{place}, {value}");
    if view.given {
        label.push_str(", given");
    }
    if !view.centre.is_empty() {
        label.push_str(&format!(", centre marks {}", view.centre.iter().collect::<String>()));
    }
    let symbols = |mask: u64| (0..64).filter(|b| mask & (1 << b) != 0).filter_map(index_to_char).collect::<String>();
    // Corner marks drawn among the candidates are said once, as corner marks.
    let candidates = view.candidates & !view.corner_in_place;
    if candidates != 0 {
        label.push_str(&format!(", candidates {}", symbols(candidates)));
    }
    if view.pattern != 0 {
        label.push_str(&format!(", pattern {}", symbols(view.pattern)));
    }
    if view.struck != 0 {
        label.push_str(&format!(", removes {}", symbols(view.struck)));
    }
    if let Some(c) = view.placed {
        label.push_str(&format!(", place {c}"));
    }
    if !view.corner.is_empty() {
        label.push_str(&format!(", corner marks {}", view.corner.iter().collect::<String>()));
    }
    // Colours as the palette names them (Colour 1, Colour 2, …).
    let colours: Vec<String> = (0..16).filter(|k| view.colours & (1 << k) != 0).map(|k| (k + 1).to_string()).collect();
    match colours.as_slice() {
        [] => {}
        [one] => label.push_str(&format!(", colour {one}")),
        [rest @ .., last] => label.push_str(&format!(", colours {} and {last}", rest.join(", "))),
    }
    if view.conflict {
        label.push_str(", conflict");
    }
    if view.wrong {
        label.push_str(", wrong");
    }
    label
}

/// A cell's colours as vertical stripes (one per colour it has).
fn colour_stripes(colours: u16, sh: &Shape) -> Html {
    let list: Vec<u16> = (0..16).filter(|k| colours & (1 << k) != 0).collect();
    if list.is_empty() {
        return html! {};
    }
    match sh.rect {
        Some((x, y)) => {
            let w = UNIT / list.len() as f64;
            list.iter()
                .enumerate()
                .map(|(i, k)| {
                    html! {
                        <rect class={format!("paint c{k}")} x={format!("{:.2}", x + i as f64 * w)} y={y.to_string()}
                            width={format!("{w:.2}")} height={UNIT.to_string()} aria-hidden="true" />
                    }
                })
                .collect::<Html>()
        }
        None => html! {
            <circle class={format!("paint c{}", list[0])} cx={format!("{:.2}", sh.cx)} cy={format!("{:.2}", sh.cy)} r="4" aria-hidden="true" />
        },
    }
}

/// Corner marks round the edge, centre marks in the middle.
fn marks(v: &CellView, sh: &Shape) -> Html {
    let small = sh.side * 0.26;
    let spots =
        [(-0.33, -0.3), (0.33, -0.3), (-0.33, 0.33), (0.33, 0.33), (0.0, -0.3), (0.0, 0.33), (-0.33, 0.0), (0.33, 0.0)];
    let corner = v.corner.iter().enumerate().map(|(i, c)| {
        let (dx, dy) = spots.get(i).copied().unwrap_or((0.0, -0.3 + 0.1 * (i as f64 - 8.0)));
        html! {
            <text class="corner" x={format!("{:.2}", sh.cx + dx * sh.side)} y={format!("{:.2}", sh.cy + dy * sh.side)}
                font-size={format!("{small:.2}")} aria-hidden="true">{ c.to_string() }</text>
        }
    });
    let centre: String = v.centre.iter().collect();
    let centre_size = (sh.side * 0.9 / (centre.chars().count().max(3) as f64 * 0.6)).min(sh.side * 0.3);
    html! {
        <>
            { for corner }
            if !centre.is_empty() {
                <text class="centre" x={format!("{:.2}", sh.cx)} y={format!("{:.2}", sh.cy)}
                    font-size={format!("{centre_size:.2}")} aria-hidden="true">{ centre }</text>
            }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_named_by_the_geometry() {
        let pie = Layout::pie(12, 6).unwrap();
        assert_eq!(place(&pie, CellId(7)), "sector 2 ring 2");
        let classic = Layout::classic(3).unwrap();
        assert_eq!(place(&classic, CellId(10)), "row 2 column 2");
        let view = CellView { value: Some('7'), given: true, conflict: true, ..CellView::default() };
        assert_eq!(cell_label(&classic, CellId(0), &view), "row 1 column 1, 7, given, conflict");
        let painted = CellView { colours: 0b101, ..CellView::default() };
        assert_eq!(cell_label(&classic, CellId(1), &painted), "row 1 column 2, empty, colours 1 and 3");
    }
}
