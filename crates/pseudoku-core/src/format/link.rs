//! Share links: a puzzle packed into a short, URL-safe, versioned text for
//! the fragment of a link (`#p=…`), so the puzzle itself travels with the
//! link (a seed would stop naming the same puzzle when the generator
//! changes).
//!
//! # Format, version 1
//!
//! The text is unpadded base64 with the URL-safe alphabet (`A–Z a–z 0–9 - _`),
//! which messaging apps and servers leave alone, of these bytes:
//!
//! ```text
//! byte 0      format version (1)
//! byte 1      kind: 1 = Pseudoku challenge
//! byte 2      N, the side of the grid (2 to 35)
//! bits        the N² symbols, row-major, each in ⌈log₂ N⌉ bits (value = index),
//!             then one bit per edge of `Edge::all(N)` (1 = wall),
//!             most significant bit first, padded with zero bits to a byte
//! text ×2     title, then author: a length byte, then that many bytes of UTF-8
//! ```
//!
//! A 9×9 challenge without a title is 64 bytes, 86 characters.
//!
//! A sudoku of any variant (kind 2) is the variant's layout and givens:
//!
//! ```text
//! byte 0..3   version (1), kind 2, N
//! 2 bytes     length L of the layout text (big-endian); 0 for the plain N × N grid
//!             with the squarest boxes (`size N` alone)
//! L bytes     the variant file of the layout (no name, no givens), UTF-8
//! 2 bytes     the number of cells C
//! bits        C bits, 1 for a given; then each given's symbol index in
//!             ⌈log₂ N⌉ bits; zero bits to a byte
//! text        the title (the variant's `name`): a length byte and UTF-8
//! text ×2     optional (both or neither): the author, then the rules, each
//!             a length byte and UTF-8; the rules, last, may run on: a
//!             part of 255 bytes is followed by the next part while bytes
//!             are left (parts are cut anywhere, even inside a character)
//! ```
//!
//! A classic 9×9 with 25 givens is 40 characters. Decoding checks
//! everything and never panics: a damaged, truncated or foreign text gets a
//! [`LinkError`] saying what is wrong. Its cost is linear in the text: a
//! text longer than [`MAX_LINK_LEN`] is refused before it is decoded, the
//! cell count a sudoku link declares is checked against the layout caps
//! ([`MAX_CELLS`]) and the bytes left before its layout is read, and the
//! layout's own caps (grids, houses) are checked as it is read.
//!
//! # Fragments
//!
//! [`parse_fragment`] reads the fragment of an address as the web app and
//! the CLI both do: `p=…` (play) or `e=…` (edit) with the link text, or
//! `seed=…`, parts separated by `&`; or `import=<a link>`, an f-puzzles or
//! SudokuPad link (everything after `import=`, `&`s included), which is
//! only handed back as text: reading it is the work of
//! `pseudoku_fpuzzles::import` (a crate of its own), so a page can do it
//! off its start-up path. The value's percent-escapes are decoded
//! and surrounding whitespace dropped (chat apps append `%20`); the keys
//! are exact, so `P=…`, `%70=…` or `p%3D…` are named as not a link Pseudoku
//! knows rather than ignored.
//!
//! ```
//! use pseudoku_core::format::link::{decode, encode, Challenge};
//! use pseudoku_core::partition::Instance;
//!
//! let instance: Instance = "1221 0-1".parse().unwrap();
//! let challenge = Challenge { instance, title: "Tiny".into(), author: String::new() };
//! let text = encode(&challenge);
//! assert_eq!(decode(&text).unwrap(), challenge);
//! ```

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::format::variant::Variant;
use crate::layout::MAX_CELLS;
use crate::partition::{Edge, Instance, MAX_SIZE};
use crate::seed::seed_from_text;
use crate::symbol::Symbol;

/// The longest link text, and the longest fragment, that is read (64 KiB):
/// a longer one is refused at once, before any decoding. Every link
/// [`encode_sudoku`] writes is shorter.
pub const MAX_LINK_LEN: usize = 64 * 1024;

/// The format version this build writes and reads.
pub const VERSION: u8 = 1;

/// The kind byte of a Pseudoku challenge.
const KIND_PSEUDOKU: u8 = 1;

/// The kind byte of a sudoku of any variant.
const KIND_SUDOKU: u8 = 2;

/// What a link holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shared {
    Pseudoku(Challenge),
    /// A sudoku: its layout, givens and title (the variant's name).
    Sudoku(Box<Variant>),
}

/// Longest title or author, in bytes of UTF-8.
pub const MAX_TEXT: usize = 255;

/// Longest rules text a sudoku link carries, in bytes of UTF-8 (in parts
/// of [`MAX_TEXT`]); longer rules are cut at a character boundary.
pub const MAX_RULES: usize = 4096;

/// A Pseudoku challenge as shared: the grid and walls, and who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub instance: Instance,
    /// Shown as plain text, never as markup; at most [`MAX_TEXT`] bytes are
    /// kept (cut at a character boundary).
    pub title: String,
    pub author: String,
}

/// Why a link's text is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("the link holds no puzzle (its puzzle part is empty)")]
    Empty,
    #[error("the link is damaged: character {found:?} at position {position} is not part of a link")]
    BadCharacter { position: usize, found: char },
    #[error("the link is damaged: its puzzle part has a length no link has ({length} characters)")]
    BadLength { length: usize },
    #[error(
        "the link was made by a newer version of Pseudoku (link format {found}); this page reads format {VERSION}"
    )]
    NewerVersion { found: u8 },
    #[error("the link is damaged: it says link format 0, which does not exist")]
    ZeroVersion,
    #[error("the link holds a kind of puzzle this page does not know (kind {found})")]
    UnknownKind { found: u8 },
    #[error("the link is damaged: a {found}×{found} grid is not between 2×2 and {MAX_SIZE}×{MAX_SIZE}")]
    BadSize { found: usize },
    #[error("the link is cut short: it ends inside the {part}")]
    Truncated { part: &'static str },
    #[error("the link is damaged: cell {cell} (row {}, column {}) holds symbol number {value}, but a {size}×{size} grid has {size} symbols", cell / size + 1, cell % size + 1)]
    BadSymbol { cell: usize, value: usize, size: usize },
    #[error("the link is damaged: its {part} is not valid text (UTF-8)")]
    BadText { part: &'static str },
    #[error("the link is damaged: it has {extra} bytes after the puzzle")]
    TrailingBytes { extra: usize },
    #[error("the link is damaged: its padding bits are not zero")]
    BadPadding,
    #[error("the link is damaged: its layout does not read ({0})")]
    BadLayout(String),
    #[error("the link is damaged: it has {found} cells where its layout has {expected}")]
    CellCount { found: usize, expected: usize },
    #[error("the link is damaged: its givens break the rules ({0})")]
    BadGivens(String),
    #[error("this is a link to a sudoku, not to a Pseudoku challenge")]
    NotPseudoku,
    #[error("a link holds sudokus with up to {MAX_SIZE} symbols and {MAX_CELLS} cells, in at most {MAX_LINK_LEN} characters")]
    TooLarge,
    #[error("the link is too long to be a puzzle: {length} characters, where no link is longer than {MAX_LINK_LEN}")]
    TooLong { length: usize },
    #[error("the link says its puzzle has {found} cells; Pseudoku plays layouts of at most {MAX_CELLS}")]
    TooManyCells { found: usize },
    #[error("this address opens an f-puzzles or SudokuPad link (`#import=…`); read it with `pseudoku import`")]
    ImportLink,
    #[error("“#{shown}” is not a link Pseudoku knows: its links begin #p=, #e=, #seed= or #import=")]
    UnknownFragment { shown: String },
}

/// What the fragment of an address asks for (see [`parse_fragment`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fragment {
    /// `p=…`: play this puzzle.
    Play(Shared),
    /// `e=…`: open this puzzle in its setter.
    Edit(Shared),
    /// `seed=…`: the classic sudoku of this seed (a number as written, any
    /// other text hashed with [`seed_from_text`]).
    Seed(u64),
    /// `import=…`: an f-puzzles or SudokuPad link (percent-decoded and
    /// trimmed, not yet read).
    Import(String),
    /// An empty fragment (or an empty seed): nothing to open.
    None,
}

/// Reads the fragment of an address, with or without its `#`: the first
/// `p=` or `e=` part (parts are separated by `&`), else a `seed=` part. The
/// value's percent-escapes are decoded and surrounding whitespace dropped
/// before it is decoded; an `import=` part is the rest of the fragment,
/// handed back as text ([`Fragment::Import`]). A fragment longer than
/// [`MAX_LINK_LEN`] is refused before anything else; one with text but no part Pseudoku knows is
/// [`LinkError::UnknownFragment`].
pub fn parse_fragment(fragment: &str) -> Result<Fragment, LinkError> {
    if fragment.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLong { length: fragment.len() });
    }
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let parts = || fragment.split('&').filter_map(|part| part.split_once('='));
    let value = |raw: &str| -> String {
        let decoded = percent_encoding::percent_decode_str(raw).decode_utf8_lossy();
        decoded.trim().to_string()
    };
    let import = fragment.strip_prefix("import=").or_else(|| fragment.split_once("&import=").map(|(_, l)| l));
    if let Some(raw) = import {
        let text = value(raw);
        return if text.is_empty() { Err(LinkError::Empty) } else { Ok(Fragment::Import(text)) };
    }
    for (key, raw) in parts() {
        match key {
            "p" => return decode_shared(&value(raw)).map(Fragment::Play),
            "e" => return decode_shared(&value(raw)).map(Fragment::Edit),
            _ => {}
        }
    }
    if let Some((_, raw)) = parts().find(|&(key, _)| key == "seed") {
        let text = value(raw);
        return Ok(match text.parse() {
            _ if text.is_empty() => Fragment::None,
            Ok(number) => Fragment::Seed(number),
            Err(_) => Fragment::Seed(seed_from_text(&text)),
        });
    }
    if fragment.trim().is_empty() {
        return Ok(Fragment::None);
    }
    let mut shown: String = fragment.chars().take(12).collect();
    if shown.len() < fragment.len() {
        shown.push('…');
    }
    Err(LinkError::UnknownFragment { shown })
}

/// Encodes a challenge as link text. Titles and authors longer than
/// [`MAX_TEXT`] bytes are cut.
///
/// # Panics
/// Never for a valid [`Instance`] (2 ≤ N ≤ 35); a 1×1 instance has no link
/// and panics.
pub fn encode(challenge: &Challenge) -> String {
    let instance = &challenge.instance;
    let n = instance.size();
    assert!((2..=MAX_SIZE).contains(&n), "a link holds grids from 2×2 to {MAX_SIZE}×{MAX_SIZE}");
    let mut bytes = vec![VERSION, KIND_PSEUDOKU, n as u8];
    let mut bits = BitWriter::default();
    let width = symbol_bits(n);
    for &s in instance.symbols() {
        bits.push(s.index() as u32, width);
    }
    for edge in Edge::all(n) {
        bits.push(u32::from(instance.has_wall(edge)), 1);
    }
    bytes.extend(bits.finish());
    for text in [&challenge.title, &challenge.author] {
        let text = truncate(text, MAX_TEXT);
        bytes.push(text.len() as u8);
        bytes.extend_from_slice(text.as_bytes());
    }
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Decodes the link text of a Pseudoku challenge (the part after `#p=`),
/// checking every byte.
pub fn decode(text: &str) -> Result<Challenge, LinkError> {
    match decode_shared(text)? {
        Shared::Pseudoku(c) => Ok(c),
        Shared::Sudoku(_) => Err(LinkError::NotPseudoku),
    }
}

/// Decodes any link text, checking every byte; a text longer than
/// [`MAX_LINK_LEN`] is refused before anything else.
pub fn decode_shared(text: &str) -> Result<Shared, LinkError> {
    if text.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLong { length: text.len() });
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(LinkError::Empty);
    }
    if let Some((position, found)) =
        text.chars().enumerate().find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
    {
        return Err(LinkError::BadCharacter { position, found });
    }
    let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| LinkError::BadLength { length: text.len() })?;
    let mut reader = Bytes { bytes: &bytes, at: 0 };
    let version = reader.byte("format version")?;
    match version {
        0 => return Err(LinkError::ZeroVersion),
        VERSION => {}
        found => return Err(LinkError::NewerVersion { found }),
    }
    let kind = reader.byte("kind of puzzle")?;
    match kind {
        KIND_PSEUDOKU => decode_pseudoku(reader).map(Shared::Pseudoku),
        KIND_SUDOKU => decode_sudoku(reader).map(|v| Shared::Sudoku(Box::new(v))),
        found => Err(LinkError::UnknownKind { found }),
    }
}

fn decode_pseudoku(mut reader: Bytes<'_>) -> Result<Challenge, LinkError> {
    let n = usize::from(reader.byte("grid size")?);
    if !(2..=MAX_SIZE).contains(&n) {
        return Err(LinkError::BadSize { found: n });
    }
    let width = symbol_bits(n);
    let edges: Vec<Edge> = Edge::all(n).collect();
    let bit_count = n * n * width as usize + edges.len();
    let packed = reader.take(bit_count.div_ceil(8), "grid")?;
    let mut bits = BitReader { bytes: packed, at: 0 };
    let mut symbols = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        let value = bits.read(width) as usize;
        if value >= n {
            return Err(LinkError::BadSymbol { cell, value, size: n });
        }
        symbols.push(Symbol::new(value));
    }
    let walls: Vec<Edge> = edges.into_iter().filter(|_| bits.read(1) == 1).collect();
    if bits.rest_nonzero() {
        return Err(LinkError::BadPadding);
    }
    let title = reader.text("title")?;
    let author = reader.text("author")?;
    reader.end()?;
    let instance = Instance::new(n, symbols, walls).expect("sizes, symbols and edges were checked");
    Ok(Challenge { instance, title, author })
}

/// The layout text of the plain `N × N` grid with the squarest boxes.
fn plain_layout(n: usize) -> Option<String> {
    let plain: Variant = format!("size {n}\n").parse().ok()?;
    Some(plain.to_string())
}

/// Encodes a sudoku of any variant: its layout, givens (none when the
/// variant has none) and name.
///
/// # Errors
/// [`LinkError::TooLarge`] past 35 symbols or 65,535 cells (the one-character
/// alphabet and the two-byte cell count).
pub fn encode_sudoku(variant: &Variant) -> Result<String, LinkError> {
    let n = variant.layout().size();
    let cells = variant.layout().cell_count();
    if !(2..=MAX_SIZE).contains(&n) || cells > usize::from(u16::MAX) {
        return Err(LinkError::TooLarge);
    }
    let mut spec = variant.spec().clone();
    let name = spec.name.take().unwrap_or_default();
    let author = spec.author.take().unwrap_or_default();
    let rules = spec.rules.take().unwrap_or_default();
    let layout = Variant::new(spec, None).expect("the spec of a variant builds").to_string();
    let layout = if plain_layout(n).as_deref() == Some(layout.as_str()) { String::new() } else { layout };
    if layout.len() > usize::from(u16::MAX) {
        return Err(LinkError::TooLarge);
    }
    let mut bytes = vec![VERSION, KIND_SUDOKU, n as u8];
    bytes.extend((layout.len() as u16).to_be_bytes());
    bytes.extend(layout.as_bytes());
    bytes.extend((cells as u16).to_be_bytes());
    let givens = variant.givens().map(<[_]>::to_vec).unwrap_or_else(|| vec![None; cells]);
    let mut bits = BitWriter::default();
    for g in &givens {
        bits.push(u32::from(g.is_some()), 1);
    }
    let width = symbol_bits(n);
    for s in givens.iter().flatten() {
        bits.push(s.index() as u32, width);
    }
    bytes.extend(bits.finish());
    let with_rules = !author.is_empty() || !rules.is_empty();
    let mut texts = vec![name];
    if with_rules {
        texts.push(author);
    }
    for text in &texts {
        let text = truncate(text, MAX_TEXT);
        bytes.push(text.len() as u8);
        bytes.extend_from_slice(text.as_bytes());
    }
    if with_rules {
        // The rules last, in parts of 255 bytes: a part of 255 bytes is
        // followed by the next while any are left, so rules of up to 255
        // bytes are written as links always wrote them.
        let rules = truncate(&rules, MAX_RULES).as_bytes();
        if rules.is_empty() {
            bytes.push(0);
        }
        for part in rules.chunks(MAX_TEXT) {
            bytes.push(part.len() as u8);
            bytes.extend_from_slice(part);
        }
    }
    let text = URL_SAFE_NO_PAD.encode(bytes);
    if text.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLarge);
    }
    Ok(text)
}

fn decode_sudoku(mut reader: Bytes<'_>) -> Result<Variant, LinkError> {
    let n = usize::from(reader.byte("grid size")?);
    if !(2..=MAX_SIZE).contains(&n) {
        return Err(LinkError::BadSize { found: n });
    }
    let len = usize::from(u16::from_be_bytes([reader.byte("layout")?, reader.byte("layout")?]));
    let raw = reader.take(len, "layout")?;
    // The declared cell count is checked before the layout is read: against
    // the cap on cells, and against the bytes left for its givens.
    let found = usize::from(u16::from_be_bytes([reader.byte("cell count")?, reader.byte("cell count")?]));
    if found > MAX_CELLS {
        return Err(LinkError::TooManyCells { found });
    }
    if reader.bytes.len() - reader.at < found.div_ceil(8) {
        return Err(LinkError::Truncated { part: "givens" });
    }
    let text = if len == 0 {
        plain_layout(n).ok_or_else(|| LinkError::BadLayout(format!("no plain {n}×{n} grid")))?
    } else {
        String::from_utf8(raw.to_vec()).map_err(|_| LinkError::BadText { part: "layout" })?
    };
    let keyword = |l: &str| l.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    if text.lines().any(|l| matches!(keyword(l).as_str(), "givens" | "name" | "author" | "rules")) {
        return Err(LinkError::BadLayout("a layout in a link has no name, author, rules or givens lines".into()));
    }
    let layout: Variant = text.parse().map_err(|e: crate::format::VariantError| LinkError::BadLayout(e.to_string()))?;
    if layout.layout().size() != n {
        return Err(LinkError::BadLayout(format!("it has {} symbols, the link says {n}", layout.layout().size())));
    }
    let expected = layout.layout().cell_count();
    if found != expected {
        return Err(LinkError::CellCount { found, expected });
    }
    // The bitmap's ones say how many symbols follow.
    let bitmap_bytes = expected.div_ceil(8);
    let map = reader.bytes.get(reader.at..reader.at + bitmap_bytes).ok_or(LinkError::Truncated { part: "givens" })?;
    let given_count = {
        let mut r = BitReader { bytes: map, at: 0 };
        (0..expected).filter(|_| r.read(1) == 1).count()
    };
    let width = symbol_bits(n) as usize;
    let packed = reader.take((expected + given_count * width).div_ceil(8), "givens")?;
    let mut bits = BitReader { bytes: packed, at: 0 };
    let present: Vec<bool> = (0..expected).map(|_| bits.read(1) == 1).collect();
    let mut givens = Vec::with_capacity(expected);
    for (cell, &p) in present.iter().enumerate() {
        if !p {
            givens.push(None);
            continue;
        }
        givens.push(Some(cell));
    }
    let mut out = vec![None; expected];
    for cell in givens.into_iter().flatten() {
        let value = bits.read(width as u32) as usize;
        if value >= n {
            return Err(LinkError::BadSymbol { cell, value, size: n });
        }
        out[cell] = Some(Symbol::new(value));
    }
    if bits.rest_nonzero() {
        return Err(LinkError::BadPadding);
    }
    let name = reader.text("title")?;
    let (author, rules) = match reader.at < reader.bytes.len() {
        true => (reader.text("author")?, reader.long_text("rules")?),
        false => (String::new(), String::new()),
    };
    reader.end()?;
    let (mut spec, layout, _) = layout.into_parts();
    let some = |t: String| (!t.is_empty()).then_some(t);
    (spec.name, spec.author, spec.rules) = (some(name), some(author), some(rules));
    // The title, author and rules do not change the layout: it is not built again.
    Variant::with_layout(spec, layout, Some(out)).map_err(|e| LinkError::BadGivens(e.to_string()))
}

/// Bits per symbol: enough for the indices `0..n`.
fn symbol_bits(n: usize) -> u32 {
    usize::BITS - (n - 1).leading_zeros()
}

/// The longest prefix of `text` of at most `max` bytes that ends on a
/// character boundary.
fn truncate(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn push(&mut self, value: u32, width: u32) {
        for i in (0..width).rev() {
            if self.used % 8 == 0 {
                self.bytes.push(0);
            }
            let bit = (value >> i) & 1;
            *self.bytes.last_mut().expect("pushed above") |= (bit as u8) << (7 - self.used % 8);
            self.used += 1;
        }
    }

    fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    /// The next `width` bits; the caller asked for no more than there are.
    fn read(&mut self, width: u32) -> u32 {
        let mut value = 0;
        for _ in 0..width {
            let bit = (self.bytes[self.at / 8] >> (7 - self.at % 8)) & 1;
            value = (value << 1) | u32::from(bit);
            self.at += 1;
        }
        value
    }

    fn rest_nonzero(&mut self) -> bool {
        let total = self.bytes.len() * 8;
        (self.at..total).any(|_| self.read(1) == 1)
    }
}

struct Bytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    fn take(&mut self, count: usize, part: &'static str) -> Result<&'a [u8], LinkError> {
        let out = self.bytes.get(self.at..self.at + count).ok_or(LinkError::Truncated { part })?;
        self.at += count;
        Ok(out)
    }

    fn byte(&mut self, part: &'static str) -> Result<u8, LinkError> {
        Ok(self.take(1, part)?[0])
    }

    fn end(&self) -> Result<(), LinkError> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            extra => Err(LinkError::TrailingBytes { extra }),
        }
    }

    fn text(&mut self, part: &'static str) -> Result<String, LinkError> {
        let len = usize::from(self.byte(part)?);
        let raw = self.take(len, part)?;
        String::from_utf8(raw.to_vec()).map_err(|_| LinkError::BadText { part })
    }

    /// A text that ends the link, in parts: one of 255 bytes is followed by
    /// another while bytes are left.
    fn long_text(&mut self, part: &'static str) -> Result<String, LinkError> {
        let mut raw = Vec::new();
        loop {
            let len = usize::from(self.byte(part)?);
            raw.extend_from_slice(self.take(len, part)?);
            if len < MAX_TEXT || self.at == self.bytes.len() {
                break;
            }
        }
        String::from_utf8(raw).map_err(|_| LinkError::BadText { part })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                        4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

    fn seed() -> Challenge {
        Challenge { instance: SEED.parse().unwrap(), title: String::new(), author: String::new() }
    }

    #[test]
    fn the_seed_instance_fits_in_a_short_fragment() {
        let text = encode(&seed());
        assert_eq!(text.len(), 86);
        assert!(format!("#p={text}").len() < 100);
        assert_eq!(decode(&text).unwrap(), seed());
    }

    #[test]
    fn a_titled_9x9_link_is_as_long_as_the_readme_says() {
        // README, "Share": 89 characters of fragment untitled, 4 more for every 3
        // bytes of title and author (a 19-letter title: 114).
        for (title, author) in [("", ""), ("A nineteen letter t", ""), ("My first puzzle", "Ann"), ("é", "")] {
            let c = Challenge { title: title.into(), author: author.into(), ..seed() };
            let fragment = format!("#p={}", encode(&c));
            let bytes = 64 + title.len() + author.len();
            assert_eq!(fragment.len(), 3 + (bytes * 4).div_ceil(3), "{title:?} {author:?}");
        }
        let titled = Challenge { title: "A nineteen letter t".into(), ..seed() };
        assert_eq!(format!("#p={}", encode(&titled)).len(), 114);
    }

    #[test]
    fn titles_are_cut_at_a_character_boundary() {
        let long = "é".repeat(200);
        let c = Challenge { title: long, ..seed() };
        let back = decode(&encode(&c)).unwrap();
        assert_eq!(back.title.len(), 254);
        assert!(back.title.chars().all(|c| c == 'é'));
    }

    #[test]
    fn damaged_links_say_what_is_wrong() {
        let good = encode(&seed());
        assert_eq!(decode(""), Err(LinkError::Empty));
        assert_eq!(decode("ab+c"), Err(LinkError::BadCharacter { position: 2, found: '+' }));
        assert_eq!(decode("<script>"), Err(LinkError::BadCharacter { position: 0, found: '<' }));
        assert!(matches!(decode(&good[..good.len() - 10]), Err(LinkError::Truncated { .. })));
        assert_eq!(decode("A"), Err(LinkError::BadLength { length: 1 }));
        let newer = URL_SAFE_NO_PAD.encode([2u8, 1, 9]);
        let message = decode(&newer).unwrap_err().to_string();
        assert!(message.contains("newer version"), "{message}");
        assert_eq!(decode(&URL_SAFE_NO_PAD.encode([1u8, 7, 9])), Err(LinkError::UnknownKind { found: 7 }));
        assert_eq!(decode(&URL_SAFE_NO_PAD.encode([1u8, 1, 40])), Err(LinkError::BadSize { found: 40 }));
        let mut bytes = URL_SAFE_NO_PAD.decode(&good).unwrap();
        bytes.push(0);
        assert_eq!(decode(&URL_SAFE_NO_PAD.encode(&bytes)), Err(LinkError::TrailingBytes { extra: 1 }));
        // The first cell of a 9×9 as symbol number 15.
        let mut bytes = URL_SAFE_NO_PAD.decode(&good).unwrap();
        bytes[3] |= 0xF0;
        let err = decode(&URL_SAFE_NO_PAD.encode(&bytes)).unwrap_err();
        assert_eq!(err, LinkError::BadSymbol { cell: 0, value: 15, size: 9 });
        assert!(err.to_string().contains("row 1, column 1"));
    }

    fn challenge() -> impl Strategy<Value = Challenge> {
        (2usize..=MAX_SIZE)
            .prop_flat_map(|n| {
                let edges = 2 * n * (n - 1);
                (
                    Just(n),
                    proptest::collection::vec(0..n, n * n),
                    proptest::collection::vec(any::<bool>(), edges),
                    ".{0,20}",
                    ".{0,20}",
                )
            })
            .prop_map(|(n, symbols, walls, title, author)| {
                let symbols = symbols.into_iter().map(Symbol::new).collect();
                let walls = Edge::all(n).zip(walls).filter(|&(_, w)| w).map(|(e, _)| e);
                Challenge { instance: Instance::new(n, symbols, walls).unwrap(), title, author }
            })
    }

    fn variant(text: &str) -> Variant {
        text.parse().unwrap()
    }

    #[test]
    fn every_example_variant_round_trips() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let v = variant(&std::fs::read_to_string(&path).unwrap());
            let text = encode_sudoku(&v).unwrap();
            let back = match decode_shared(&text).unwrap() {
                Shared::Sudoku(back) => back,
                other => panic!("{path:?}: {other:?}"),
            };
            assert_eq!(back.layout(), v.layout(), "{path:?}");
            let blank = vec![None; v.layout().cell_count()];
            assert_eq!(back.givens().unwrap(), v.givens().unwrap_or(&blank), "{path:?}");
            assert_eq!(back.spec().name, v.spec().name, "{path:?}");
            assert_eq!((&back.spec().author, &back.spec().rules), (&v.spec().author, &v.spec().rules), "{path:?}");
        }
    }

    #[test]
    fn a_classic_9x9_fits_in_a_short_fragment() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let givens = crate::format::line::parse(&crate::format::line::square_layout(9).unwrap(), line).unwrap();
        let v = variant("size 9\n").with_givens(Some(givens)).unwrap();
        let text = encode_sudoku(&v).unwrap();
        assert!(format!("#p={text}").len() <= 60, "{} characters", text.len());
        assert_eq!(decode_shared(&text).unwrap(), Shared::Sudoku(Box::new(v)));
        assert_eq!(decode(&text), Err(LinkError::NotPseudoku));
    }

    #[test]
    fn author_and_rules_travel_with_a_sudoku_and_older_links_still_read() {
        let v = variant("name Ring\nauthor Ada\nrules Normal sudoku rules; the ring is a house.\nsize 4\n");
        let text = encode_sudoku(&v).unwrap();
        let Ok(Shared::Sudoku(back)) = decode_shared(&text) else { panic!("a sudoku") };
        assert_eq!(back.spec().author.as_deref(), Some("Ada"));
        assert_eq!(back.spec().rules.as_deref(), Some("Normal sudoku rules; the ring is a house."));
        assert_eq!(*back, v.with_givens(Some(vec![None; 16])).unwrap());
        // A link without them (as written before they existed) ends at the title.
        let plain = encode_sudoku(&variant("name Ring\nsize 4\n")).unwrap();
        let Ok(Shared::Sudoku(back)) = decode_shared(&plain) else { panic!("a sudoku") };
        assert_eq!((back.spec().author.as_ref(), back.spec().rules.as_ref()), (None, None));
        // An author without the rules is cut short.
        let mut bytes = URL_SAFE_NO_PAD.decode(&plain).unwrap();
        bytes.extend([1, b'x']);
        let err = decode_shared(&URL_SAFE_NO_PAD.encode(&bytes)).unwrap_err();
        assert_eq!(err, LinkError::Truncated { part: "rules" });
    }

    #[test]
    fn long_rules_travel_in_parts_and_rules_of_a_part_are_written_as_before() {
        let rules_of = |text: &str| {
            let Ok(Shared::Sudoku(back)) = decode_shared(text) else { panic!("a sudoku") };
            back.spec().rules.clone().unwrap_or_default()
        };
        let with_rules = |rules: &str| variant(&format!("rules {rules}\nsize 4\n"));
        // Three-byte characters, so parts of 255 bytes split one.
        for len in [84, 85, 86, 170, 300] {
            let rules: String = "€".repeat(len);
            let text = encode_sudoku(&with_rules(&rules)).unwrap();
            assert_eq!(rules_of(&text), rules, "{len} characters");
        }
        // Up to 255 bytes: one part, the bytes older builds wrote (length, text, end).
        let rules = "r".repeat(255);
        let bytes = URL_SAFE_NO_PAD.decode(encode_sudoku(&with_rules(&rules)).unwrap()).unwrap();
        assert_eq!(bytes[bytes.len() - 256..], [&[255u8][..], rules.as_bytes()].concat()[..]);
        // Past the cap: cut at a character boundary.
        let rules = "€".repeat(MAX_RULES);
        let back = rules_of(&encode_sudoku(&with_rules(&rules)).unwrap());
        assert_eq!(back, "€".repeat(MAX_RULES / 3));
        // Paragraphs (a `rules` line each) travel as paragraphs.
        let v = variant(&format!("rules {}\nrules Second.\nsize 4\n", "p".repeat(300)));
        assert_eq!(rules_of(&encode_sudoku(&v).unwrap()), format!("{}\nSecond.", "p".repeat(300)));
    }

    #[test]
    fn a_sudoku_link_with_repeated_givens_is_refused() {
        let v = variant("size 4\n");
        let mut bytes = URL_SAFE_NO_PAD.decode(encode_sudoku(&v).unwrap()).unwrap();
        // Cells 0 and 1 given, both symbol 0: a repeat in row 1.
        // Version, kind, N, the layout's length (0: plain), then the cell count.
        let cells_at = 3 + 2;
        assert_eq!(&bytes[cells_at..cells_at + 2], &[0, 16]);
        bytes.truncate(cells_at + 2);
        bytes.extend([0b1100_0000, 0, 0b0000_0000, 0]);
        let err = decode_shared(&URL_SAFE_NO_PAD.encode(&bytes)).unwrap_err();
        assert!(matches!(err, LinkError::BadGivens(_)), "{err:?}");
    }

    proptest! {
        #[test]
        fn every_challenge_round_trips(c in challenge()) {
            let text = encode(&c);
            prop_assert_eq!(decode(&text), Ok(c));
        }

        #[test]
        fn no_byte_string_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let text = URL_SAFE_NO_PAD.encode(&bytes);
            if let Ok(c) = decode(&text) {
                // Whatever decodes is the one link of its challenge.
                prop_assert_eq!(encode(&c), text);
            }
        }

        #[test]
        fn no_text_panics(text in ".{0,120}") {
            let _ = decode(&text);
        }

        #[test]
        fn a_changed_byte_never_panics(c in challenge(), at in any::<prop::sample::Index>(), byte in any::<u8>()) {
            let mut bytes = URL_SAFE_NO_PAD.decode(encode(&c)).unwrap();
            let i = at.index(bytes.len());
            bytes[i] = byte;
            let _ = decode(&URL_SAFE_NO_PAD.encode(&bytes));
        }
    }
}
