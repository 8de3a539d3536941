//! Reading puzzles: input lines, the layout each one has, and a solver per
//! layout.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::fs;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{bail, Context, Result};
use pseudoku_core::format::{line, LineError, Variant};
use pseudoku_core::layout::Layout;
use pseudoku_core::solver::Solver;
use pseudoku_core::symbol::Symbol;

/// One puzzle line of the input: its 1-based line number and text.
pub struct InputLine {
    pub number: usize,
    pub text: String,
}

/// The puzzle lines of `file` (stdin when `None`), skipping blank lines and
/// `#` comments.
pub fn read_lines(file: Option<&Path>) -> Result<Vec<InputLine>> {
    let reader: Box<dyn Read> = match file {
        Some(path) => Box::new(fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?),
        None => Box::new(io::stdin()),
    };
    let mut out = Vec::new();
    for (i, text) in BufReader::new(reader).lines().enumerate() {
        let text = text.with_context(|| format!("cannot read line {}", i + 1))?;
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        out.push(InputLine { number: i + 1, text: trimmed.to_string() });
    }
    Ok(out)
}

/// Reads and checks a variant file.
pub fn read_variant(path: &Path) -> Result<Variant> {
    let text = fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Variant::parse(&text).with_context(|| format!("in {}", path.display()))
}

/// The layouts of the input lines: one fixed layout (from `--variant`), or
/// one inferred from each line's cell count, with a solver kept per layout.
pub struct Layouts {
    fixed: Option<(Layout, Solver)>,
    inferred: HashMap<usize, (Layout, Solver)>,
}

impl Layouts {
    pub fn new(variant: Option<&Variant>) -> Layouts {
        let fixed = variant.map(|v| (v.layout().clone(), Solver::new(v.layout())));
        Layouts { fixed, inferred: HashMap::new() }
    }

    /// Reads one puzzle line: its layout, solver and givens.
    pub fn parse(&mut self, text: &str) -> Result<(&Layout, &mut Solver, Vec<Option<Symbol>>), LineError> {
        let (layout, solver) = match &mut self.fixed {
            Some((layout, solver)) => (&*layout, solver),
            None => {
                let cells = line::count_cells(text);
                let (layout, solver) = match self.inferred.entry(cells) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(e) => {
                        let layout = line::infer_layout(cells)?;
                        let solver = Solver::new(&layout);
                        e.insert((layout, solver))
                    }
                };
                (&*layout, solver)
            }
        };
        let givens = line::parse(layout, text)?;
        Ok((layout, solver, givens))
    }
}

/// `RxC` as a pair, or `none` for no boxes.
pub fn parse_boxes(text: &str) -> Result<Option<(usize, usize)>> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let Some((r, c)) = text.split_once(['x', 'X', '×']) else {
        bail!("--boxes takes RxC (such as 3x3) or none, not `{text}`");
    };
    match (r.parse(), c.parse()) {
        (Ok(r), Ok(c)) if r > 0 && c > 0 => Ok(Some((r, c))),
        _ => bail!("--boxes takes RxC (such as 3x3) or none, not `{text}`"),
    }
}
