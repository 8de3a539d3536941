//! What both boards' SVG drawings share: the unit they are drawn in.

/// The side of a square cell in SVG units, on every board; the page's
/// styles (`web/style.css`) size strokes and text in these units.
pub const UNIT: f64 = 10.0;
