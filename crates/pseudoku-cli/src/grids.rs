//! `pseudoku canon` and `pseudoku design`: transforms of square box grids.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Result;
use pseudoku_core::format::line;
use pseudoku_core::transform::{canonical9, design_csv};

use crate::input::read_lines;

/// Runs `work` on each line's `(box_rows, box_cols, cells)` and prints what
/// it returns, or `error: …`; false when any line was an error.
fn each_grid(
    file: Option<&Path>,
    mut work: impl FnMut(
        usize,
        usize,
        &pseudoku_core::layout::Layout,
        &[Option<pseudoku_core::symbol::Symbol>],
    ) -> Result<String, String>,
) -> Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    for input in read_lines(file)? {
        let result = line::parse_inferred(&input.text).map_err(|e| e.to_string()).and_then(|p| {
            if !p.layout.is_square() {
                return Err("not a square grid".to_string());
            }
            let (r, c) = line::box_shape(p.layout.size());
            work(r, c, &p.layout, &p.givens)
        });
        match result {
            Ok(text) => write!(out, "{text}")?,
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: line {}: {e}", input.number)?;
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}

/// `canon [FILE]`: the canonical representative of each 9×9 grid or puzzle.
pub fn canon(file: Option<&Path>) -> Result<bool> {
    each_grid(file, |_, _, layout, cells| {
        if layout.size() != 9 {
            return Err(format!("canonical forms are for 9×9 grids; this one is {0}×{0}", layout.size()));
        }
        Ok(format!("{}\n", line::write(layout, &canonical9(cells))))
    })
}

/// `design [FILE]`: each grid as a `Row,Col,Box,Symbol` table; tables of
/// several grids are separated by a blank line.
pub fn design(file: Option<&Path>) -> Result<bool> {
    let mut first = true;
    each_grid(file, |r, c, _, cells| {
        let sep = if first { "" } else { "\n" };
        first = false;
        Ok(format!("{sep}{}", design_csv(cells, r, c)))
    })
}
