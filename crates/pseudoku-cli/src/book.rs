//! `pseudoku book`: a self-contained, print-ready HTML file of puzzles, each
//! an inline SVG, a few per page, with their answers at the end. Sudokus of
//! any board layout (square grids, jigsaw, diagonals, multi-grids), or
//! Pseudoku challenges with `--pseudoku`.

use std::fmt::Write as _;
use std::io::{self, Write};

use anyhow::{bail, Result};
use pseudoku_core::layout::{CellId, Geometry, HouseKind, Layout};
use pseudoku_core::partition::{self, ConstructConfig, Difficulty, Instance, Partition};
use pseudoku_core::symbol::Symbol;

/// Side of a cell in SVG units.
const U: usize = 10;

/// One puzzle of the book and its answer, as SVG.
pub struct Page {
    pub title: String,
    pub puzzle: String,
    pub answer: String,
}

/// The SVG of a sudoku of a board layout: the values (givens bold, the
/// rest, for an answer, lighter), thin cell lines, thick box or region
/// lines, and shaded diagonals or extra houses.
pub fn sudoku_svg(layout: &Layout, givens: &[Option<Symbol>], solution: Option<&[Symbol]>) -> Result<String> {
    let Geometry::Board { height, width, .. } = *layout.geometry() else {
        bail!("the book draws board layouts (square grids, jigsaw, diagonals, multi-grids), not this one");
    };
    let mut shaded = vec![false; layout.cell_count()];
    for h in layout.houses() {
        if matches!(h.kind, HouseKind::Diagonal | HouseKind::AntiDiagonal | HouseKind::Extra) {
            h.cells.iter().for_each(|c| shaded[c.index()] = true);
        }
    }
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 {} {}" class="grid">"#,
        width * U + 2,
        height * U + 2
    );
    for cell in (0..layout.cell_count() as u32).map(CellId) {
        let Some((r, c)) = layout.position(cell) else { continue };
        let (x, y) = (c * U, r * U);
        let fill = if shaded[cell.index()] { "#eeeeee" } else { "#ffffff" };
        write!(
            svg,
            r##"<rect x="{x}" y="{y}" width="{U}" height="{U}" fill="{fill}" stroke="#999" stroke-width="0.25"/>"##
        )?;
        let (text, class) = match (givens[cell.index()], solution) {
            (Some(s), _) => (s.to_string(), "g"),
            (None, Some(sol)) => (sol[cell.index()].to_string(), "a"),
            (None, None) => continue,
        };
        write!(svg, r#"<text x="{}" y="{}" class="{class}">{text}</text>"#, x + U / 2, y + U / 2)?;
    }
    // Thick lines: edges between two boxes or regions, or on the outside.
    let regions = layout.regions();
    let region_at = |r: usize, c: usize| layout.cell_at(r, c).map(|cell| regions[cell.index()]);
    let mut d = String::new();
    for r in 0..height {
        for c in 0..width {
            let Some(here) = region_at(r, c) else { continue };
            let (x, y) = (c * U, r * U);
            if c == 0 || region_at(r, c - 1).is_none() {
                write!(d, "M{x} {y}v{U}")?;
            }
            if r == 0 || region_at(r - 1, c).is_none() {
                write!(d, "M{x} {y}h{U}")?;
            }
            if region_at(r, c + 1) != Some(here) {
                write!(d, "M{} {y}v{U}", x + U)?;
            }
            if region_at(r + 1, c) != Some(here) {
                write!(d, "M{x} {}h{U}", y + U)?;
            }
        }
    }
    write!(svg, r##"<path d="{d}" fill="none" stroke="#000" stroke-width="0.8" stroke-linecap="square"/></svg>"##)?;
    Ok(svg)
}

/// Soft colours for the regions of a Pseudoku answer.
const TINTS: [&str; 12] = [
    "#f7c6c7", "#c6e2f7", "#d4f0c0", "#fde8a8", "#e0cdf5", "#bfeee8", "#fbd3b0", "#d9d9d9", "#f5c6e8", "#c9d3f9",
    "#e8f5a8", "#b8e0c8",
];

/// The SVG of a Pseudoku challenge: symbols and walls; with an answer, its
/// regions coloured and outlined.
pub fn pseudoku_svg(instance: &Instance, answer: Option<&Partition>) -> Result<String> {
    let n = instance.size();
    let mut svg =
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 {0} {0}" class="grid">"#, n * U + 2);
    for cell in (0..(n * n) as u32).map(CellId) {
        let (x, y) = ((cell.index() % n) * U, (cell.index() / n) * U);
        let fill = answer.map_or("#ffffff", |p| TINTS[p.region_of(cell) % TINTS.len()]);
        write!(
            svg,
            r##"<rect x="{x}" y="{y}" width="{U}" height="{U}" fill="{fill}" stroke="#999" stroke-width="0.25"/>"##
        )?;
        write!(svg, r#"<text x="{}" y="{}" class="g">{}</text>"#, x + U / 2, y + U / 2, instance.symbol(cell))?;
    }
    let line = |e: partition::Edge| {
        let a = e.a().index();
        let (x, y) = ((a % n) * U, (a / n) * U);
        if e.in_row() {
            format!("M{} {y}v{U}", x + U)
        } else {
            format!("M{x} {}h{U}", y + U)
        }
    };
    if let Some(p) = answer {
        let borders: String = p.borders().map(line).collect();
        write!(svg, r##"<path d="{borders}" fill="none" stroke="#555" stroke-width="0.6"/>"##)?;
    }
    let walls: String = instance.walls().map(line).collect();
    write!(svg, r##"<path d="{walls}" fill="none" stroke="#000" stroke-width="1.6" stroke-linecap="round"/>"##)?;
    write!(
        svg,
        r##"<rect x="0" y="0" width="{0}" height="{0}" fill="none" stroke="#000" stroke-width="1.2"/></svg>"##,
        n * U
    )?;
    Ok(svg)
}

/// `K` Pseudoku challenges of side `size`, with their answers.
pub fn pseudoku_pages(size: usize, difficulty: Difficulty, first_seed: u64, count: u64) -> Result<Vec<Page>> {
    let config = ConstructConfig { difficulty, ..ConstructConfig::new(size) };
    (0..count)
        .map(|i| {
            let seed = first_seed.wrapping_add(i);
            let made = partition::construct(&config, seed)
                .map_err(|e| anyhow::anyhow!("cannot construct a {size}×{size} challenge (seed {seed}): {e}"))?;
            Ok(Page {
                title: format!("Pseudoku {} (seed {seed})", i + 1),
                puzzle: pseudoku_svg(&made.instance, None)?,
                answer: pseudoku_svg(&made.instance, Some(&made.answer))?,
            })
        })
        .collect()
}

/// The book: puzzles two to a printed page, then the answers, smaller.
pub fn write_book(title: &str, pages: &[Page], out: &mut dyn Write) -> io::Result<()> {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    writeln!(
        out,
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{t}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5rem; color: #000; background: #fff; }}
h1 {{ font-size: 1.4rem; }} h2 {{ font-size: 1rem; margin: 0 0 0.4rem; }}
.puzzle {{ break-inside: avoid; margin: 0 0 2rem; }}
.puzzle svg {{ width: 100%; max-width: 15cm; height: auto; display: block; }}
.answers {{ break-before: page; display: grid; grid-template-columns: repeat(3, 1fr); gap: 1rem; }}
.answer {{ break-inside: avoid; }} .answer svg {{ width: 100%; height: auto; }}
text {{ text-anchor: middle; dominant-baseline: central; font-size: 6px; font-family: system-ui, sans-serif; }}
text.g {{ font-weight: 700; }} text.a {{ fill: #555; }}
@media print {{ body {{ margin: 0; }} .puzzle:nth-of-type(2n) {{ break-after: page; }} }}
</style></head><body>
<h1>{t}</h1>"#,
        t = escape(title)
    )?;
    for p in pages {
        writeln!(out, r#"<section class="puzzle"><h2>{}</h2>{}</section>"#, escape(&p.title), p.puzzle)?;
    }
    writeln!(out, r#"<h1 class="answers-title">Answers</h1><div class="answers">"#)?;
    for p in pages {
        writeln!(out, r#"<div class="answer"><h2>{}</h2>{}</div>"#, escape(&p.title), p.answer)?;
    }
    writeln!(out, "</div></body></html>")
}
