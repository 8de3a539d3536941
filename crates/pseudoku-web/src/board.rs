//! The grid: an SVG drawn in a `viewBox` of 10 units per cell, so it scales
//! to any screen, with the roles and labels of an ARIA grid so a screen
//! reader can play.

use pseudoku_core::layout::{CellId, Geometry, Layout};
use yew::prelude::*;

use crate::game::Game;

/// Side of a cell in SVG units.
const UNIT: usize = 10;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub game: UseReducerHandle<Game>,
    /// A cell was clicked or tapped.
    pub on_select: Callback<CellId>,
}

/// The id of a cell's element, for focus.
pub fn cell_element_id(cell: CellId) -> String {
    format!("cell-{}", cell.index())
}

/// What a screen reader says for a cell: "row 3 column 5, 7" or
/// "row 3 column 5, empty", then ", given" or ", conflict" when so.
pub fn cell_label(game: &Game, cell: CellId, row: usize, col: usize) -> String {
    let value = game.value(cell).map_or_else(|| "empty".to_owned(), |s| s.to_string());
    let mut label = format!("row {} column {}, {value}", row + 1, col + 1);
    if game.is_given(cell) {
        label.push_str(", given");
    }
    if game.is_conflict(cell) {
        label.push_str(", conflict");
    }
    label
}

#[function_component]
pub fn Board(props: &BoardProps) -> Html {
    let game = &props.game;
    let layout = game.layout();
    let Geometry::Board { height, width, .. } = *layout.geometry() else {
        return html! { <p class="unsupported">{ "This puzzle has no board to draw yet." }</p> };
    };
    let selected = game.selected();
    let peers: Vec<u32> = selected.map(|s| layout.peers(s).to_vec()).unwrap_or_default();
    let selected_value = selected.and_then(|s| game.value(s));
    // The first cell takes Tab focus when none is selected (roving tabindex).
    let tab_stop = selected.or_else(|| (layout.cell_count() > 0).then_some(CellId(0)));

    let rows = (0..height).map(|row| {
        let cells = (0..width).filter_map(|col| Some((col, layout.cell_at(row, col)?))).map(|(col, cell)| {
            let value = game.value(cell);
            let class = classes!(
                "cell",
                if game.is_given(cell) { "given" } else { "entry" },
                game.is_conflict(cell).then_some("conflict"),
                (selected == Some(cell)).then_some("selected"),
                peers.contains(&cell.0).then_some("peer"),
                (value.is_some() && value == selected_value && selected != Some(cell)).then_some("same"),
            );
            let on_select = props.on_select.clone();
            let (x, y) = (col * UNIT, row * UNIT);
            html! {
                <g
                    role="gridcell"
                    id={cell_element_id(cell)}
                    {class}
                    tabindex={if tab_stop == Some(cell) { "0" } else { "-1" }}
                    aria-label={cell_label(game, cell, row, col)}
                    aria-selected={(selected == Some(cell)).to_string()}
                    aria-readonly={game.is_given(cell).then_some("true")}
                    data-row={row.to_string()}
                    data-col={col.to_string()}
                    data-value={value.map(|s| s.to_string()).unwrap_or_default()}
                    onclick={move |_| on_select.emit(cell)}
                    onfocus={let on_select = props.on_select.clone(); move |_| on_select.emit(cell)}
                >
                    <rect x={x.to_string()} y={y.to_string()} width={UNIT.to_string()} height={UNIT.to_string()} />
                    if let Some(symbol) = value {
                        <text x={(x + UNIT / 2).to_string()} y={(y + UNIT / 2).to_string()} aria-hidden="true">{ symbol.to_string() }</text>
                    }
                    if game.is_conflict(cell) {
                        <circle class="conflict-mark" cx={(x as f64 + 8.2).to_string()} cy={(y as f64 + 1.8).to_string()} r="0.9" aria-hidden="true" />
                    }
                </g>
            }
        });
        html! { <g role="row" aria-rowindex={(row + 1).to_string()}>{ for cells }</g> }
    });

    let (w, h) = (width * UNIT, height * UNIT);
    let class = classes!("board", game.is_solved().then_some("solved"));
    html! {
        <svg
            {class}
            viewBox={format!("-1 -1 {} {}", w + 2, h + 2)}
            role="grid"
            aria-label={format!("Puzzle grid, {height} rows by {width} columns")}
            aria-rowcount={height.to_string()}
            aria-colcount={width.to_string()}
        >
            { for rows }
            <path class="region-lines" d={region_lines(layout, height, width)} aria-hidden="true" />
            // The selection frame, drawn last so no neighbour covers it.
            if let Some((row, col)) = selected.and_then(|s| layout.position(s)) {
                <rect class="cursor" x={((col * UNIT) as f64 + 0.45).to_string()} y={((row * UNIT) as f64 + 0.45).to_string()}
                    width="9.1" height="9.1" rx="0.6" aria-hidden="true" />
            }
        </svg>
    }
}

/// The thick lines: every cell edge that is on the outside of the board or
/// between two different boxes (or jigsaw regions), as one SVG path.
fn region_lines(layout: &Layout, height: usize, width: usize) -> String {
    let regions = layout.regions();
    let region_at = |row: usize, col: usize| layout.cell_at(row, col).map(|c| regions[c.index()]);
    let mut d = String::new();
    for row in 0..height {
        for col in 0..width {
            let Some(here) = region_at(row, col) else { continue };
            let (x, y) = (col * UNIT, row * UNIT);
            // Each inner edge is drawn once, from the cell on its left or above.
            if col == 0 || region_at(row, col - 1).is_none() {
                d += &format!("M{x} {y}v{UNIT}");
            }
            if row == 0 || region_at(row - 1, col).is_none() {
                d += &format!("M{x} {y}h{UNIT}");
            }
            if region_at(row, col + 1) != Some(here) {
                d += &format!("M{} {y}v{UNIT}", x + UNIT);
            }
            if region_at(row + 1, col) != Some(here) {
                d += &format!("M{x} {}h{UNIT}", y + UNIT);
            }
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::classic_layout;

    #[test]
    fn classic_region_lines_are_the_box_edges() {
        let layout = classic_layout();
        let d = region_lines(&layout, 9, 9);
        // 9 cells per side on the outside, plus two inner lines of 9 cells
        // each way.
        assert_eq!(d.matches('M').count(), 4 * 9 + 2 * 2 * 9);
        assert!(d.contains("M30 0v10"), "box edge after the third column");
        assert!(!d.contains("M10 0v10"), "no thick line inside a box");
    }

    #[test]
    fn labels_say_where_and_what() {
        let game = Game::generate(classic_layout(), 3).unwrap();
        let given = CellId(game.givens().iter().position(Option::is_some).unwrap() as u32);
        let empty = CellId(game.givens().iter().position(Option::is_none).unwrap() as u32);
        let (r, c) = game.layout().position(given).unwrap();
        let label = cell_label(&game, given, r, c);
        assert!(label.starts_with(&format!("row {} column {}, ", r + 1, c + 1)), "{label}");
        assert!(label.ends_with(", given"), "{label}");
        let (r, c) = game.layout().position(empty).unwrap();
        assert_eq!(cell_label(&game, empty, r, c), format!("row {} column {}, empty", r + 1, c + 1));
    }
}
