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
//! A 9×9 challenge without a title is 64 bytes, 86 characters. Decoding
//! checks everything and never panics: a damaged, truncated or foreign text
//! gets a [`LinkError`] saying what is wrong.
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

use crate::partition::{Edge, Instance, MAX_SIZE};
use crate::symbol::Symbol;

/// The format version this build writes and reads.
pub const VERSION: u8 = 1;

/// The kind byte of a Pseudoku challenge.
const KIND_PSEUDOKU: u8 = 1;

/// Longest title or author, in bytes of UTF-8.
pub const MAX_TEXT: usize = 255;

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

/// Decodes link text (the part after `#p=`), checking every byte.
pub fn decode(text: &str) -> Result<Challenge, LinkError> {
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
    if kind != KIND_PSEUDOKU {
        return Err(LinkError::UnknownKind { found: kind });
    }
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
    if reader.at != bytes.len() {
        return Err(LinkError::TrailingBytes { extra: bytes.len() - reader.at });
    }
    let instance = Instance::new(n, symbols, walls).expect("sizes, symbols and edges were checked");
    Ok(Challenge { instance, title, author })
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

    fn text(&mut self, part: &'static str) -> Result<String, LinkError> {
        let len = usize::from(self.byte(part)?);
        let raw = self.take(len, part)?;
        String::from_utf8(raw.to_vec()).map_err(|_| LinkError::BadText { part })
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
