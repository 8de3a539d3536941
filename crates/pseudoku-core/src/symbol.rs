//! Symbols and the one-character alphabet of the line formats.

use core::fmt;

/// The largest number of symbols (and so the largest house) the engine supports.
///
/// Candidate sets are bitsets of at most this many bits.
pub const MAX_SYMBOLS: usize = 256;

/// The largest number of symbols that the one-character alphabet can write.
pub const MAX_CHAR_SYMBOLS: usize = 35;

/// A symbol, stored as its 0-based index `0..N`.
///
/// It is displayed 1-based: index 0 is shown as `1`, index 9 as `A` (or `10`
/// where numbers are written out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Symbol(u8);

impl Symbol {
    /// The symbol with 0-based index `index`.
    ///
    /// # Panics
    /// When `index >= MAX_SYMBOLS`.
    #[inline]
    pub fn new(index: usize) -> Symbol {
        assert!(index < MAX_SYMBOLS, "symbol index {index} out of range");
        Symbol(index as u8)
    }

    /// The 0-based index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The 1-based number players see.
    #[inline]
    pub fn number(self) -> usize {
        self.0 as usize + 1
    }

    /// The one-character form (`1`–`9`, then `A`–`Z`), if the symbol has one.
    pub fn to_char(self) -> Option<char> {
        index_to_char(self.index())
    }

    /// Reads one character of the alphabet (`1`–`9`, `A`–`Z`, lower case
    /// accepted); `None` for anything else, including the empty markers.
    pub fn from_char(c: char) -> Option<Symbol> {
        char_to_index(c).map(Symbol::new)
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_char() {
            Some(c) => write!(f, "{c}"),
            None => write!(f, "{}", self.number()),
        }
    }
}

/// `0 → '1'`, …, `8 → '9'`, `9 → 'A'`, …, `34 → 'Z'`.
pub fn index_to_char(index: usize) -> Option<char> {
    match index {
        0..=8 => Some((b'1' + index as u8) as char),
        9..=34 => Some((b'A' + (index - 9) as u8) as char),
        _ => None,
    }
}

/// The inverse of [`index_to_char`]; lower-case letters are accepted.
pub fn char_to_index(c: char) -> Option<usize> {
    match c {
        '1'..='9' => Some(c as usize - '1' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 9),
        'a'..='z' => Some(c as usize - 'a' as usize + 9),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet_round_trips() {
        for i in 0..MAX_CHAR_SYMBOLS {
            let c = index_to_char(i).unwrap();
            assert_eq!(char_to_index(c), Some(i));
            assert_eq!(char_to_index(c.to_ascii_lowercase()), Some(i));
        }
        assert_eq!(index_to_char(35), None);
        assert_eq!(index_to_char(0), Some('1'));
        assert_eq!(index_to_char(9), Some('A'));
        assert_eq!(index_to_char(15), Some('G'));
        assert_eq!(char_to_index('0'), None);
        assert_eq!(char_to_index('.'), None);
    }
}
