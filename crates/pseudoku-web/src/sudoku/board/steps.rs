//! A step drawn on the board as sudokuwiki draws it: candidates in their
//! place inside the cell, the pattern's in one colour, the removed ones
//! struck out in another, the step's houses outlined, and a chain's links
//! as arrows from candidate to candidate (strong solid, weak dashed, a
//! pattern's dotted), numbered in order when the chain is long.
//!
//! Every drawn element carries data attributes (`data-cand`, `data-link`,
//! `data-from`, `data-to`, `data-order`, `data-house`) so tests and tools
//! can read what is drawn; the drawing itself is hidden from screen
//! readers, which hear each cell's part in its label and the step's
//! sentence.

use pseudoku_core::layout::{CellId, Geometry, Layout};
use pseudoku_core::symbol::index_to_char;
use yew::prelude::*;

use super::{shape, CellView, Shape, StepDrawing};
use crate::engine::wire::LinkWire;
use crate::shared::svg::UNIT;
use crate::sudoku::play::game::abstract_columns;

/// Chains with more links than this have each link numbered.
pub const NUMBERED_FROM: usize = 5;

/// The columns and rows of the positional grid of `n` symbols: as square
/// as it can be (3×3 for 9, 4×4 for 16, 3×2 for 6).
pub fn grid_of(n: usize) -> (usize, usize) {
    let cols = (1..=n.max(1)).find(|c| c * c >= n).unwrap_or(1);
    (cols, n.max(1).div_ceil(cols))
}

/// Where symbol `s` sits in a cell: its centre and the font size.
fn spot(sh: &Shape, n: usize, s: usize) -> (f64, f64, f64) {
    let (cols, rows) = grid_of(n);
    let pitch = sh.side * 0.9 / cols.max(rows) as f64;
    let (col, row) = (s % cols, s / cols);
    let x = sh.cx + (col as f64 - (cols as f64 - 1.0) / 2.0) * pitch;
    let y = sh.cy + (row as f64 - (rows as f64 - 1.0) / 2.0) * pitch;
    (x, y, pitch * 0.8)
}

/// A cell's candidates in place; those of the pattern on a coloured disc,
/// those removed struck out.
pub(super) fn candidates(v: &CellView, sh: &Shape, n: usize) -> Html {
    let list = (0..n.min(64)).filter(|&s| v.candidates & (1 << s) != 0);
    let items = list.map(|s| {
        let (x, y, font) = spot(sh, n, s);
        let symbol = index_to_char(s).map(String::from).unwrap_or_default();
        let (pattern, struck) = (v.pattern & (1 << s) != 0, v.struck & (1 << s) != 0);
        let corner = v.corner_in_place & (1 << s) != 0;
        let class =
            classes!("cand", pattern.then_some("pattern"), struck.then_some("struck"), corner.then_some("corner"));
        let r = font * 0.62;
        html! {
            <g {class} data-cand={symbol.clone()} aria-hidden="true">
                if pattern || struck {
                    <circle class="cand-disc" cx={format!("{x:.2}")} cy={format!("{y:.2}")} r={format!("{r:.2}")} />
                }
                <text x={format!("{x:.2}")} y={format!("{y:.2}")} font-size={format!("{font:.2}")}>{ symbol }</text>
                if struck {
                    <line class="strike" x1={format!("{:.2}", x - r)} y1={format!("{:.2}", y + r)}
                        x2={format!("{:.2}", x + r)} y2={format!("{:.2}", y - r)} />
                }
            </g>
        }
    });
    html! { <>{ for items }</> }
}

/// The row and column of a cell on a square grid of cells (a board, or a
/// custom layout's grid by index); `None` on the Pie.
fn grid_place(layout: &Layout, cell: CellId) -> Option<(usize, usize)> {
    match layout.geometry() {
        Geometry::Board { .. } => layout.position(cell),
        Geometry::Abstract => {
            let cols = abstract_columns(layout.cell_count());
            Some((cell.index() / cols, cell.index() % cols))
        }
        Geometry::Pie { .. } => None,
    }
}

/// The outline of a set of cells: on a grid, the edges between a cell in
/// the set and one outside it; on the Pie, each cell's own outline.
fn outline(layout: &Layout, cells: &[u32]) -> String {
    let inside: Vec<(usize, usize)> = cells.iter().filter_map(|&c| grid_place(layout, CellId(c))).collect();
    if inside.len() != cells.len() {
        return cells.iter().map(|&c| shape(layout, CellId(c)).d).collect();
    }
    let has = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) => inside.contains(&(r, c)),
        _ => false,
    };
    let u = UNIT;
    let mut d = String::new();
    for &(r, c) in &inside {
        let (x, y) = (c as f64 * u, r as f64 * u);
        if !has(r.checked_sub(1), Some(c)) {
            d += &format!("M{x} {y}h{u}");
        }
        if !has(Some(r + 1), Some(c)) {
            d += &format!("M{x} {}h{u}", y + u);
        }
        if !has(Some(r), c.checked_sub(1)) {
            d += &format!("M{x} {y}v{u}");
        }
        if !has(Some(r), Some(c + 1)) {
            d += &format!("M{} {y}v{u}", x + u);
        }
    }
    d
}

/// Where a candidate's arrow ends: its place in its cell, and the radius
/// of its disc (an arrow stops at the disc's edge).
fn candidate_at(layout: &Layout, (c, s): (u32, u8)) -> (f64, f64, f64) {
    let (x, y, font) = spot(&shape(layout, CellId(c)), layout.size(), s.into());
    (x, y, font * 0.62)
}

/// Which side each link bends to (1 or -1, to the left or right of its
/// direction): away from the middle of the chain's candidates, so that a
/// chain crowded into one box bows outwards rather than every arrow onto
/// the next; a link between two candidates already joined bends to the
/// other side.
fn sides(layout: &Layout, links: &[LinkWire]) -> Vec<f64> {
    let ends: Vec<(f64, f64)> =
        links.iter().flat_map(|l| [l.from, l.to]).map(|e| candidate_at(layout, e)).map(|(x, y, _)| (x, y)).collect();
    let count = ends.len().max(1) as f64;
    let (cx, cy) = ends.iter().fold((0.0, 0.0), |(sx, sy), &(x, y)| (sx + x / count, sy + y / count));
    // Each link drawn so far: its two candidates and its side.
    type Drawn = ((u32, u8), (u32, u8), f64);
    let mut drawn: Vec<Drawn> = Vec::new();
    links
        .iter()
        .map(|l| {
            let ((x1, y1, _), (x2, y2, _)) = (candidate_at(layout, l.from), candidate_at(layout, l.to));
            // The left of the direction, and whether the middle lies there.
            let (px, py) = (-(y2 - y1), x2 - x1);
            let (mx, my) = ((x1 + x2) / 2.0 - cx, (y1 + y2) / 2.0 - cy);
            let mut side = if px * mx + py * my >= 0.0 { 1.0 } else { -1.0 };
            // The same two candidates joined before: the other side of them.
            let before = drawn.iter().find(|(a, b, _)| (*a, *b) == (l.from, l.to) || (*a, *b) == (l.to, l.from));
            if let Some(&(a, _, earlier)) = before {
                let same_way = if a == l.from { earlier } else { -earlier };
                side = -same_way;
            }
            drawn.push((l.from, l.to, side));
            side
        })
        .collect()
}

/// One link as a curved arrow between its candidates' places, from the
/// edge of one candidate's disc to the edge of the other's, bent to `side`.
fn arrow(layout: &Layout, link: &LinkWire, order: usize, numbered: bool, side: f64) -> Html {
    let ((x1, y1, r1), (x2, y2, r2)) = (candidate_at(layout, link.from), candidate_at(layout, link.to));
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(0.01);
    let (ux, uy) = (dx / len, dy / len);
    // Bend: a short link (inside a cell or a box) bows out clearly, a long
    // one enough to miss the candidates along its line.
    let bend = side * (len * 0.2).clamp(1.4, UNIT * 1.2);
    let (mx, my) = ((x1 + x2) / 2.0 - uy * bend, (y1 + y2) / 2.0 + ux * bend);
    // Start and stop at the discs' edges, leaving towards the bend.
    let leave = |x: f64, y: f64, r: f64| {
        let (vx, vy) = (mx - x, my - y);
        let l = (vx * vx + vy * vy).sqrt().max(0.01);
        (x + vx / l * (r + 0.1), y + vy / l * (r + 0.1))
    };
    let ((ax, ay), (bx, by)) = (leave(x1, y1, r1), leave(x2, y2, r2));
    let kind = link.kind.name();
    let name = |(c, s): (u32, u8)| format!("{c}:{}", index_to_char(s.into()).unwrap_or('?'));
    // The number sits on the curve's middle.
    let (nx, ny) = ((ax + bx) / 4.0 + mx / 2.0, (ay + by) / 4.0 + my / 2.0);
    html! {
        <g class={classes!("link", kind)} data-link={kind} data-from={name(link.from)} data-to={name(link.to)}
            data-order={(order + 1).to_string()}>
            <path d={format!("M{ax:.2} {ay:.2}Q{mx:.2} {my:.2} {bx:.2} {by:.2}")} marker-end={format!("url(#arrow-{kind})")} />
            if numbered {
                <circle class="link-number" cx={format!("{nx:.2}")} cy={format!("{ny:.2}")} r="1.05" />
                <text class="link-number" x={format!("{nx:.2}")} y={format!("{ny:.2}")} font-size="1.4">{ (order + 1).to_string() }</text>
            }
        </g>
    }
}

/// The step's houses outlined and its links as arrows.
pub(super) fn drawing(layout: &Layout, step: &StepDrawing) -> Html {
    let houses = step.houses.iter().enumerate().map(|(i, cells)| {
        html! { <path class="step-house" data-house={i.to_string()} d={outline(layout, cells)} /> }
    });
    let numbered = step.links.len() > NUMBERED_FROM;
    let sides = sides(layout, &step.links);
    let links = step.links.iter().zip(sides).enumerate().map(|(i, (l, side))| arrow(layout, l, i, numbered, side));
    let marker = |kind: &'static str| {
        html! {
            <marker id={format!("arrow-{kind}")} class={classes!("arrowhead", kind)} viewBox="0 0 10 10" refX="8" refY="5"
                markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                <path d="M0 0L10 5L0 10Z" />
            </marker>
        }
    };
    html! {
        <g class="step-drawing" aria-hidden="true">
            if !step.links.is_empty() {
                <defs>{ marker("strong") }{ marker("weak") }{ marker("pattern") }</defs>
            }
            { for houses }
            { for links }
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_positional_grid_is_as_square_as_it_can_be() {
        assert_eq!(grid_of(9), (3, 3));
        assert_eq!(grid_of(16), (4, 4));
        assert_eq!(grid_of(6), (3, 2));
        assert_eq!(grid_of(4), (2, 2));
        assert_eq!(grid_of(25), (5, 5));
        for n in 1..=64 {
            let (c, r) = grid_of(n);
            assert!(c * r >= n && c * (r - 1) < n, "{n}: {c}×{r} holds every symbol, no empty row");
        }
    }

    #[test]
    fn nine_candidates_sit_in_a_three_by_three_grid_inside_the_cell() {
        let sh = Shape::square(0, 0);
        let spots: Vec<(f64, f64)> = (0..9).map(|s| spot(&sh, 9, s)).map(|(x, y, _)| (x, y)).collect();
        assert_eq!(spots[0].1, spots[2].1, "1 and 3 on the top row");
        assert_eq!(spots[0].0, spots[6].0, "1 and 7 in the left column");
        assert!((spots[4].0 - sh.cx).abs() < 1e-9 && (spots[4].1 - sh.cy).abs() < 1e-9, "5 in the middle");
        assert!(spots.iter().all(|&(x, y)| (0.0..UNIT).contains(&x) && (0.0..UNIT).contains(&y)));
    }

    #[test]
    fn links_between_the_same_candidates_bend_to_either_side() {
        use crate::engine::wire::LinkKindWire;
        let layout = Layout::classic(3).unwrap();
        let link = |from, to| LinkWire { from, to, kind: LinkKindWire::Weak };
        // There and back between two candidates of one cell, then on to a
        // third: the way back takes the other side of the pair.
        let links = [link((0, 0), (0, 4)), link((0, 4), (0, 0)), link((0, 0), (1, 0))];
        let s = sides(&layout, &links);
        // A side is relative to a link's direction: the same side of the
        // pair, walked the other way, is the opposite sign.
        assert_eq!(s[1], s[0], "back the other way on the other side of the pair");
        assert!(s.iter().all(|x| x.abs() == 1.0));
    }

    #[test]
    fn a_house_outline_follows_its_border() {
        let layout = Layout::classic(3).unwrap();
        let row: Vec<u32> = (9..18).collect();
        let d = outline(&layout, &row);
        // A row: nine tops, nine bottoms and its two ends.
        assert_eq!(d.matches('M').count(), 20);
        let box0: Vec<u32> = [0, 1, 2, 9, 10, 11, 18, 19, 20].to_vec();
        assert_eq!(outline(&layout, &box0).matches('M').count(), 12, "a box: three cells a side");
        let pie = Layout::pie(12, 6).unwrap();
        assert_eq!(outline(&pie, &[0, 1]).matches('Z').count(), 2, "on the Pie, each cell's outline");
    }
}
