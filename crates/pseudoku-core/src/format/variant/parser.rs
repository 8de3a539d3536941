//! Reading a variant file. [`parse`] hands each keyword line to its reader
//! in [`keywords`], which records what it read in a [`Parser`];
//! [`Parser::finish`] then makes the record into a [`Spec`], its [`Layout`]
//! and the givens, with errors that point at the lines that described what
//! is wrong.

use super::build::{add_houses, build_base, cell_count, CellSource, HouseSource, SpecLines};
use super::keywords;
use super::record::{CellRef, HouseCell, Parser};
use super::rows::read_givens;
use super::text::{short, LineReader, Words};
use super::{
    clean_name, clean_rules, GridSpec, PlacedGrid, Regions, Shape, Spec, Variant, VariantError, VariantErrorKind,
};
use crate::format::line;
use crate::layout::{CellId, Layout};
use crate::symbol::MAX_SYMBOLS;

/// Reads a variant file.
pub(super) fn parse(text: &str) -> Result<Variant, VariantError> {
    let mut lines = LineReader::new(text);
    let mut parser = Parser::default();
    while let Some((no, raw)) = lines.next() {
        if parser.first == 0 {
            parser.first = no;
        }
        let mut words = Words::new(raw, no);
        let (col, keyword) = words.next().expect("a non-blank line has a word");
        keywords::read(&mut parser, keyword, col, &mut words, &mut lines)?;
    }
    parser.finish()
}

impl Parser<'_> {
    /// The spec, layout and givens of what was read.
    fn finish(mut self) -> Result<Variant, VariantError> {
        let size = self.symbol_count()?;
        let mut lines = SpecLines::default();
        let shape = self.spec_shape(size, &mut lines)?;
        let text = |t: &Option<(usize, String)>| t.as_ref().and_then(|(_, text)| clean_name(text));
        let (name, author) = (text(&self.name), text(&self.author));
        let rules = self.rules.as_ref().and_then(|(_, text)| clean_rules(text));
        let mut spec = Spec { name, author, rules, size, shape, houses: Vec::new() };
        let base = build_base(&spec, &lines)?;
        spec.houses = self.spec_houses(&spec, &base, &mut lines)?;
        let layout = add_houses(&spec, base, &lines)?;
        let givens = match &self.givens {
            None => None,
            Some(g) => Some(read_givens(&spec, &layout, g.line, g.inline, &g.rows)?),
        };
        Ok(Variant { spec, layout, givens })
    }

    /// The number of symbols: `size`, or else the first size another keyword
    /// implies, or else the length of a custom layout's first house. Every
    /// implied size must agree with it.
    fn symbol_count(&self) -> Result<usize, VariantError> {
        let size = match (self.size, self.implied.first()) {
            (Some((_, n)), _) => n,
            (None, Some(implied)) => implied.size,
            (None, None) => match self.houses.first() {
                Some(house) if self.cells.is_some() => house.cells.len(),
                _ => return Err(VariantError::at(self.first.max(1), 0, VariantErrorKind::NoSize)),
            },
        };
        if size > MAX_SYMBOLS {
            return Err(VariantError::at(
                0,
                0,
                VariantErrorKind::TooLarge { what: "the number of symbols", found: size, max: MAX_SYMBOLS },
            ));
        }
        for implied in &self.implied {
            if implied.size != size {
                return Err(VariantError::at(
                    implied.line,
                    0,
                    VariantErrorKind::SizeMismatch { what: implied.what, implied: implied.size, size },
                ));
            }
        }
        Ok(size)
    }

    /// The shape, and the lines of its keyword and grids. Grids without
    /// regions get the default boxes of `size`.
    fn spec_shape(&mut self, size: usize, lines: &mut SpecLines) -> Result<Shape, VariantError> {
        let default_regions = || match line::box_shape(size) {
            (1, _) => Regions::None,
            (rows, cols) => Regions::Boxes { rows, cols },
        };
        let shape = match self.shape {
            Some(("pie", l)) => {
                lines.shape = l;
                let (sectors, rings) = self.pie.expect("pie was read");
                Shape::Pie { sectors, rings }
            }
            Some(("cells", l)) => {
                lines.shape = l;
                Shape::Custom { cells: self.cells.expect("cells was read") }
            }
            Some((_, l)) => {
                lines.shape = l;
                let (height, width) = self.board.expect("board was read");
                let grids = self
                    .grids
                    .drain(..)
                    .map(|g| {
                        lines.grids.push(g.line);
                        let regions = g.regions.unwrap_or_else(default_regions);
                        PlacedGrid { row: g.row, col: g.col, grid: GridSpec { regions, diagonals: g.diagonals } }
                    })
                    .collect();
                Shape::Board { height, width, grids }
            }
            None => {
                if let Some(g) = self.grids.first() {
                    return Err(VariantError::at(g.line, 1, VariantErrorKind::GridWithoutBoard));
                }
                lines.shape = self.top_regions.as_ref().map(|r| r.line).or(self.top.map(|t| t.1)).unwrap_or(0);
                let regions = self.top_regions.take().map_or_else(default_regions, |r| r.regions);
                Shape::Square(GridSpec { regions, diagonals: self.top_diagonals.is_some() })
            }
        };
        Ok(shape)
    }

    /// The cells of each `house` line in the base layout (or, by index, of a
    /// custom layout), and where each house and cell was written.
    fn spec_houses(
        &self,
        spec: &Spec,
        base: &Option<Layout>,
        lines: &mut SpecLines,
    ) -> Result<Vec<Vec<CellId>>, VariantError> {
        let cells = cell_count(spec, base);
        let mut houses = Vec::with_capacity(self.houses.len());
        for written in &self.houses {
            let mut house = Vec::with_capacity(written.cells.len());
            let mut source = HouseSource { line: written.line, cells: Vec::with_capacity(written.cells.len()) };
            for HouseCell { column, text, cell } in &written.cells {
                let id = match (cell, base) {
                    (CellRef::Index(i), _) if *i < cells => Some(CellId(*i as u32)),
                    (CellRef::RowCol(r, c), Some(layout)) => layout.cell_at(*r, *c),
                    _ => None,
                };
                let id = id.ok_or_else(|| {
                    VariantError::at(written.line, *column, VariantErrorKind::NoSuchCell(short(text)))
                })?;
                house.push(id);
                source.cells.push(CellSource { column: *column, text: short(text) });
            }
            houses.push(house);
            lines.houses.push(source);
        }
        Ok(houses)
    }
}
