//! `pseudoku partition`, `pseudoku construct` and `pseudoku link`: Pseudoku
//! instances (a filled grid plus walls) in their one-line format, and their
//! share links.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{bail, Context, Result};
use pseudoku_core::format::link::{self, Challenge, MAX_TEXT};
use pseudoku_core::format::{line as sudoku_line, Variant};
use pseudoku_core::partition::{
    self, ConstructConfig, Count, Difficulty, Flow, Instance, Partition, SolveConfig, MAX_SIZE,
};

use crate::input::read_lines;

/// The answer as `N²` region labels on one line (`1`–`9`, `A`–`Z`).
fn labels(p: &Partition) -> String {
    p.to_string().lines().collect()
}

/// `partition [--limit K] [--all] [FILE]`: one line per instance, the count
/// (or `>=K`); with `all`, each answer follows on its own line.
pub fn partition(file: Option<&Path>, limit: u64, all: bool, budget: Option<u64>) -> Result<crate::budget::Status> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    let mut gave_up = false;
    for line in read_lines(file)? {
        let instance = match Instance::parse(&line.text) {
            Ok(i) => i,
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: line {}: {e}", line.number)?;
                continue;
            }
        };
        let mut answers = Vec::new();
        let mut found = 0u64;
        let config = SolveConfig { node_budget: budget, ..SolveConfig::default() };
        let report = partition::solve(&instance, &config, &mut |p: &Partition| {
            found += 1;
            if all {
                answers.push(labels(p));
            }
            if found >= limit {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        match Count::of(&report) {
            Count::GaveUp { nodes, found } => {
                gave_up = true;
                writeln!(out, "error: line {}: gave up after {nodes} nodes with {found} answers", line.number)?
            }
            count => writeln!(out, "{count}")?,
        }
        for a in answers {
            writeln!(out, "{a}")?;
        }
    }
    out.flush()?;
    Ok(match (all_ok, gave_up) {
        (false, _) => crate::budget::Status::Failed,
        (true, true) => crate::budget::Status::OutOfBudget,
        (true, false) => crate::budget::Status::Done,
    })
}

/// `construct --size N [--seed S] [--count K]`: K instances with exactly one
/// answer each.
pub fn construct(size: usize, difficulty: Difficulty, first_seed: u64, count: u64) -> Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let config = ConstructConfig { difficulty, ..ConstructConfig::new(size) };
    for i in 0..count {
        let seed = first_seed.wrapping_add(i);
        let made = partition::construct(&config, seed)
            .map_err(|e| anyhow::anyhow!("cannot construct a {size}×{size} instance (seed {seed}): {e}"))?;
        writeln!(out, "{}", made.instance)?;
        out.flush()?;
    }
    Ok(true)
}

/// `link [--edit] [--base URL] [--title T] [--author A] [FILE]`: one share
/// link per instance, `<base>#p=…` (`#e=…` with `edit`, to open it in create
/// mode).
pub fn link(file: Option<&Path>, base: &str, edit: bool, title: String, author: String) -> Result<bool> {
    for (option, text) in [("--title", &title), ("--author", &author)] {
        if text.len() > MAX_TEXT {
            bail!("{option} has {} bytes, but a link holds at most {MAX_TEXT}", text.len());
        }
    }
    let base = base.split_once('#').map_or(base, |(before, _)| before);
    let key = if edit { "e" } else { "p" };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    for line in read_lines(file)? {
        match Instance::parse(&line.text) {
            Ok(instance) if instance.size() >= 2 => {
                let challenge = Challenge { instance, title: title.clone(), author: author.clone() };
                writeln!(out, "{base}#{key}={}", link::encode(&challenge))?;
            }
            Ok(_) => {
                all_ok = false;
                writeln!(
                    out,
                    "error: line {}: a link holds grids from 2×2 to {MAX_SIZE}×{MAX_SIZE}, not 1×1",
                    line.number
                )?;
            }
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: line {}: {e}", line.number)?;
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}

/// `link [--edit] --sudoku | --variant FILE [FILE]`: one share link per
/// sudoku line (the layout inferred from each line's length, or the
/// variant's), or the variant file's own puzzle when it has one and no FILE
/// is given (or when it has no givens and no line comes: its empty grid, as
/// `import` prints an imported puzzle with no givens); `#e=…` with `edit`,
/// which the web app opens in its sudoku setter.
pub fn sudoku_links(
    file: Option<&Path>,
    variant: Option<&Path>,
    base: &str,
    target: Target,
    title: String,
) -> Result<bool> {
    if title.len() > MAX_TEXT {
        bail!("--title has {} bytes, but a link holds at most {MAX_TEXT}", title.len());
    }
    let base = base.split_once('#').map_or(base, |(before, _)| before);
    let variant = variant.map(crate::input::read_variant).transpose()?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let named = |v: Variant| -> Result<Variant, String> {
        if title.is_empty() {
            return Ok(v);
        }
        let (mut spec, _, givens) = v.into_parts();
        spec.name = Some(title.clone());
        Variant::new(spec, givens).map_err(|e| e.to_string())
    };
    let print = |out: &mut dyn Write, v: Result<Variant, String>| -> Result<bool> {
        let address = |v: &Variant| match target {
            Target::Play => link::encode_sudoku(v).map(|t| format!("{base}#p={t}")).map_err(|e| e.to_string()),
            Target::Edit => link::encode_sudoku(v).map(|t| format!("{base}#e={t}")).map_err(|e| e.to_string()),
            Target::Fpuzzles => pseudoku_fpuzzles::fpuzzles_link(v).map_err(|e| e.to_string()),
            Target::Sudokupad => pseudoku_fpuzzles::sudokupad_link(v).map_err(|e| e.to_string()),
        };
        match v.and_then(|v| address(&v)) {
            Ok(text) => writeln!(out, "{text}").map(|()| true).map_err(Into::into),
            Err(e) => writeln!(out, "error: {e}").map(|()| false).map_err(Into::into),
        }
    };
    if let (Some(v), None) = (&variant, file) {
        if v.givens().is_some() {
            let ok = print(&mut out, named(v.clone()))?;
            out.flush()?;
            return Ok(ok);
        }
    }
    let lines = read_lines(file)?;
    if let (Some(v), None, true) = (&variant, file, lines.is_empty()) {
        let ok = print(&mut out, named(v.clone()))?;
        out.flush()?;
        return Ok(ok);
    }
    let mut all_ok = true;
    for line in lines {
        let parsed = match &variant {
            Some(v) => sudoku_line::parse(v.layout(), &line.text)
                .map_err(|e| e.to_string())
                .and_then(|givens| v.clone().with_givens(Some(givens)).map_err(|e| e.to_string())),
            None => sudoku_line::parse_inferred(&line.text).map_err(|e| e.to_string()).and_then(|p| {
                let plain: Variant = format!("size {}\n", p.layout.size()).parse().map_err(|e| format!("{e}"))?;
                if plain.layout() != &p.layout {
                    return Err("only plain square grids are read from a line; give their layout with --variant".into());
                }
                plain.with_givens(Some(p.givens)).map_err(|e| e.to_string())
            }),
        };
        let ok = print(&mut out, parsed.map_err(|e| format!("line {}: {e}", line.number)).and_then(named))?;
        all_ok &= ok;
    }
    out.flush()?;
    Ok(all_ok)
}

/// Where `link --sudoku` points: the web app (to play or edit), f-puzzles or
/// SudokuPad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Play,
    Edit,
    Fpuzzles,
    Sudokupad,
}

/// A sudoku as its line (after `# title:`, `# author:` and `# rules:`
/// lines for those it has, a `# rules:` line per paragraph) when its layout is the plain square grid of its
/// size, else as a variant file.
fn write_sudoku(out: &mut dyn Write, v: &Variant) -> io::Result<()> {
    let plain: Option<Variant> = format!("size {}\n", v.layout().size()).parse().ok();
    if plain.is_some_and(|p| p.layout() == v.layout()) {
        let spec = v.spec();
        for (key, text) in [("title", &spec.name), ("author", &spec.author)] {
            if let Some(text) = text {
                writeln!(out, "# {key}: {}", one_line(text))?;
            }
        }
        // A line for each paragraph of the rules, as a variant file has them.
        for paragraph in spec.rules.iter().flat_map(|r| r.lines()) {
            writeln!(out, "# rules: {}", one_line(paragraph))?;
        }
        let blank = vec![None; v.layout().cell_count()];
        writeln!(out, "{}", sudoku_line::write(v.layout(), v.givens().unwrap_or(&blank)))
    } else {
        write!(out, "{v}")
    }
}

/// `import SOURCE`: the puzzle of an f-puzzles or SudokuPad link (or of a
/// file holding one, or the JSON), printed as `link --decode` prints a
/// sudoku; notes on what was dropped go to standard error. `Ok(false)` (exit
/// 1) with the reason when it cannot be read.
pub fn import(source: &str) -> Result<bool> {
    let path = std::path::Path::new(source);
    let text = if !source.contains("://") && path.is_file() {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {source}"))?
    } else {
        source.to_string()
    };
    match pseudoku_fpuzzles::import(&text) {
        Ok(imported) => {
            for note in &imported.notes {
                eprintln!("note: {note}");
            }
            let mut out = io::BufWriter::new(io::stdout().lock());
            write_sudoku(&mut out, &imported.variant)?;
            out.flush()?;
            Ok(true)
        }
        Err(e) => {
            println!("error: {e}");
            Ok(false)
        }
    }
}

/// `link --decode URL…`: the puzzle of each link (see the option's help);
/// `error: …` for a damaged link.
pub fn decode_links(urls: &[String]) -> Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    for url in urls {
        match decode_url(url) {
            Ok(link::Shared::Sudoku(v)) => write_sudoku(&mut out, &v)?,
            Ok(link::Shared::Pseudoku(challenge)) => {
                for (label, text) in [("title", &challenge.title), ("author", &challenge.author)] {
                    if !text.is_empty() {
                        writeln!(out, "# {label}: {}", one_line(text))?;
                    }
                }
                writeln!(out, "{}", challenge.instance)?;
            }
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: {e}")?;
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}

/// The puzzle of a link given whole (`http://…#p=…`), as its fragment
/// (`#e=…`, `p=…`) or as the bare text after `=`. A fragment is read as the
/// web app reads it ([`link::parse_fragment`]); an address with no fragment
/// holds no puzzle (`LinkError::Empty`), and neither does a seed's.
pub fn decode_url(url: &str) -> Result<link::Shared, link::LinkError> {
    if url.len() > link::MAX_LINK_LEN {
        return Err(link::LinkError::TooLong { length: url.len() });
    }
    let url = url.trim();
    let fragment = match url.split_once('#') {
        Some((_, fragment)) => fragment,
        None if url.contains("://") => "",
        // Bare link text has no `=`; `p=…` and `seed=…` are fragments.
        None if !url.contains('=') => return link::decode_shared(url),
        None => url,
    };
    match link::parse_fragment(fragment)? {
        link::Fragment::Play(shared) | link::Fragment::Edit(shared) => Ok(shared),
        link::Fragment::Import(_) => Err(link::LinkError::ImportLink),
        link::Fragment::Seed(_) | link::Fragment::None => Err(link::LinkError::Empty),
    }
}

/// A title or author on one line: control characters (line breaks, tabs)
/// become spaces, so the text cannot end its `#` comment line.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}
