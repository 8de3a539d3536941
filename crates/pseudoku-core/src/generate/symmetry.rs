//! Symmetric givens: the orbits of cells that a [`Symmetry`] maps onto each
//! other, which the generator removes together.

use super::GenerateError;
use crate::layout::{CellId, Geometry, Layout};

/// Which cells are removed together, so the givens keep a symmetry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Symmetry {
    #[default]
    None,
    /// Half-turn rotation about the centre.
    Rot180,
    /// Mirror about the vertical centre line.
    Mirror,
    /// Mirror about the main diagonal (square boards only).
    Diagonal,
}

/// Groups of cells that map onto each other under `symmetry`.
pub fn symmetry_orbits(layout: &Layout, symmetry: Symmetry) -> Result<Vec<Vec<CellId>>, GenerateError> {
    let n = layout.cell_count();
    if symmetry == Symmetry::None {
        return Ok((0..n as u32).map(|c| vec![CellId(c)]).collect());
    }
    let (height, width) = match layout.geometry() {
        Geometry::Board { height, width, .. } => (*height, *width),
        _ => return Err(GenerateError::Symmetry(symmetry)),
    };
    if symmetry == Symmetry::Diagonal && height != width {
        return Err(GenerateError::Symmetry(symmetry));
    }
    let image = |c: CellId| -> CellId {
        let (r, col) = layout.position(c).expect("board cell");
        let (r2, c2) = match symmetry {
            Symmetry::Rot180 => (height - 1 - r, width - 1 - col),
            Symmetry::Mirror => (r, width - 1 - col),
            Symmetry::Diagonal => (col, r),
            Symmetry::None => (r, col),
        };
        layout.cell_at(r2, c2).unwrap_or(c)
    };
    let mut done = vec![false; n];
    let mut orbits = Vec::new();
    for c in (0..n as u32).map(CellId) {
        if !done[c.index()] {
            let mut orbit = vec![c];
            done[c.index()] = true;
            let mut next = image(c);
            while !done[next.index()] {
                done[next.index()] = true;
                orbit.push(next);
                next = image(next);
            }
            orbits.push(orbit);
        }
    }
    Ok(orbits)
}
