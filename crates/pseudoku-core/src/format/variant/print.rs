//! Printing a [`Variant`] back to a variant file ([`core::fmt::Display`]):
//! the keywords of its spec, region maps, extra houses and givens, in a form
//! that parses to the same variant.

use core::fmt;

use super::{GridSpec, Regions, Shape, Variant};
use crate::format::line;
use crate::layout::Geometry;
use crate::symbol::{index_to_char, Symbol, MAX_CHAR_SYMBOLS};

/// `AxB`, as `boxes` and `board` take it.
fn write_dims(f: &mut fmt::Formatter<'_>, a: usize, b: usize) -> fmt::Result {
    write!(f, "{a}x{b}")
}

/// The rows of a region map: a character per region up to
/// [`MAX_CHAR_SYMBOLS`] symbols, numbers separated by spaces above.
fn write_region_rows(f: &mut fmt::Formatter<'_>, size: usize, map: &[usize]) -> fmt::Result {
    for row in map.chunks(size.max(1)) {
        let cells: Vec<String> = row
            .iter()
            .map(|&r| match index_to_char(r) {
                Some(c) if size <= MAX_CHAR_SYMBOLS => c.to_string(),
                _ => (r + 1).to_string(),
            })
            .collect();
        writeln!(f, "{}", cells.join(if size <= MAX_CHAR_SYMBOLS { "" } else { " " }))?;
    }
    Ok(())
}

/// A grid's regions (`boxes RxC`, `no-boxes` or `regions`), then
/// `diagonals` after `sep` when the diagonals are houses.
fn write_grid_options(f: &mut fmt::Formatter<'_>, grid: &GridSpec, sep: &str) -> fmt::Result {
    match &grid.regions {
        Regions::Boxes { rows, cols } => {
            write!(f, "boxes ")?;
            write_dims(f, *rows, *cols)?;
        }
        Regions::None => write!(f, "no-boxes")?,
        Regions::Map(_) => write!(f, "regions")?,
    }
    if grid.diagonals {
        write!(f, "{sep}diagonals")?;
    }
    Ok(())
}

impl fmt::Display for Variant {
    /// The variant file: parsing it gives this variant back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spec = &self.spec;
        let size = spec.size;
        for (keyword, text) in [("name", &spec.name), ("author", &spec.author)] {
            if let Some(text) = text {
                writeln!(f, "{keyword} {text}")?;
            }
        }
        for paragraph in spec.rules.iter().flat_map(|r| r.lines()) {
            writeln!(f, "rules {paragraph}")?;
        }
        writeln!(f, "size {size}")?;
        match &spec.shape {
            Shape::Square(grid) => {
                write_grid_options(f, &GridSpec { diagonals: false, ..grid.clone() }, "")?;
                writeln!(f)?;
                if let Regions::Map(map) = &grid.regions {
                    write_region_rows(f, size, map)?;
                }
                if grid.diagonals {
                    writeln!(f, "diagonals")?;
                }
            }
            Shape::Board { height, width, grids } => {
                write!(f, "board ")?;
                write_dims(f, *height, *width)?;
                writeln!(f)?;
                for g in grids {
                    write!(f, "grid {} {} ", g.row, g.col)?;
                    write_grid_options(f, &g.grid, " ")?;
                    writeln!(f)?;
                    if let Regions::Map(map) = &g.grid.regions {
                        write_region_rows(f, size, map)?;
                    }
                }
            }
            Shape::Pie { sectors, rings } => writeln!(f, "pie {sectors} {rings}")?,
            Shape::Custom { cells } => writeln!(f, "cells {cells}")?,
        }
        for house in &spec.houses {
            let cells: Vec<String> = house
                .iter()
                .map(|&c| match (&spec.shape, self.layout.position(c)) {
                    (Shape::Square(_) | Shape::Board { .. }, Some((r, col))) => format!("r{}c{}", r + 1, col + 1),
                    _ => c.index().to_string(),
                })
                .collect();
            writeln!(f, "house {}", cells.join(" "))?;
        }
        let Some(givens) = &self.givens else { return Ok(()) };
        writeln!(f, "givens")?;
        let chars = size <= MAX_CHAR_SYMBOLS;
        let text = |g: Option<Symbol>| match g {
            Some(s) if chars => s.to_string(),
            Some(s) => s.number().to_string(),
            None => ".".to_string(),
        };
        let sep = if chars { "" } else { " " };
        match (&spec.shape, self.layout.geometry()) {
            (Shape::Custom { .. }, _) => writeln!(f, "{}", line::write(&self.layout, givens))?,
            (Shape::Board { .. }, Geometry::Board { height, width, .. }) => {
                for r in 0..*height {
                    let row: Vec<String> = (0..*width)
                        .map(|c| match self.layout.cell_at(r, c) {
                            Some(cell) => text(givens[cell.index()]),
                            None => "-".to_string(),
                        })
                        .collect();
                    writeln!(f, "{}", row.join(sep))?;
                }
            }
            (_, geometry) => {
                let width = match geometry {
                    Geometry::Pie { rings, .. } => *rings,
                    _ => size,
                };
                for row in givens.chunks(width.max(1)) {
                    let row: Vec<String> = row.iter().map(|&g| text(g)).collect();
                    writeln!(f, "{}", row.join(sep))?;
                }
            }
        }
        Ok(())
    }
}
