//! The text of a variant file as it is read: its lines one at a time,
//! skipping blank and comment lines ([`LineReader`]), and the words of one
//! keyword line with their columns ([`Words`]), whose readers of a keyword's
//! arguments (numbers, `RxC` sizes, the end of the line) say what is missing
//! or wrong, and where.

use super::{VariantError, VariantErrorKind};

/// The lines of a variant file, read one at a time: each line that is
/// neither blank nor a comment (`#`), with its 1-based number.
pub(super) struct LineReader<'a> {
    lines: core::iter::Enumerate<core::str::Lines<'a>>,
}

impl<'a> LineReader<'a> {
    /// The lines of `text`, from the first.
    pub(super) fn new(text: &'a str) -> LineReader<'a> {
        LineReader { lines: text.lines().enumerate() }
    }
}

impl<'a> Iterator for LineReader<'a> {
    /// The 1-based line number and the line as written.
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        self.lines.by_ref().map(|(i, raw)| (i + 1, raw)).find(|(_, raw)| {
            let t = raw.trim();
            !t.is_empty() && !t.starts_with('#')
        })
    }
}

/// The 1-based columns of byte offsets of one line. Asked in increasing
/// order (as a reader goes along the line), each is counted on from the one
/// before, so a line of any length costs one pass, not one per word.
pub(super) struct Columns<'a> {
    text: &'a str,
    byte: usize,
    column: usize,
}

impl<'a> Columns<'a> {
    pub(super) fn new(text: &'a str) -> Columns<'a> {
        Columns { text, byte: 0, column: 1 }
    }

    /// The 1-based column of the character at byte offset `byte`.
    pub(super) fn of(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            (self.byte, self.column) = (0, 1);
        }
        self.column += self.text[self.byte..byte].chars().count();
        self.byte = byte;
        self.column
    }
}

/// A size written `RxC` (boxes `R` rows tall and `C` wide, or a board), and
/// where.
pub(super) struct Dims {
    /// The column of the word.
    pub(super) column: usize,
    /// `R`, the number of rows.
    pub(super) rows: usize,
    /// `C`, the number of columns.
    pub(super) cols: usize,
}

/// The words of one line, with their 1-based columns.
pub(super) struct Words<'a> {
    text: &'a str,
    columns: Columns<'a>,
    /// Byte offset of the rest.
    pos: usize,
    /// The 1-based line number.
    pub(super) line: usize,
    /// The keyword whose arguments are read, named when one is missing.
    pub(super) keyword: &'static str,
}

impl<'a> Words<'a> {
    /// The words of `text`, line number `line`.
    pub(super) fn new(text: &'a str, line: usize) -> Words<'a> {
        Words { text, columns: Columns::new(text), pos: 0, line, keyword: "" }
    }

    /// The 1-based column of a byte offset.
    fn column_of(&mut self, byte: usize) -> usize {
        self.columns.of(byte)
    }

    /// The next whitespace-separated word and its column.
    pub(super) fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = &self.text[self.pos..];
        let start = self.pos + (rest.len() - rest.trim_start().len());
        let word_len = self.text[start..].find(char::is_whitespace).unwrap_or(self.text.len() - start);
        if word_len == 0 {
            return None;
        }
        self.pos = start + word_len;
        Some((self.column_of(start), &self.text[start..start + word_len]))
    }

    /// The rest of the line, trimmed, and its column.
    pub(super) fn rest(&mut self) -> (usize, &'a str) {
        let rest = &self.text[self.pos..];
        let start = self.pos + (rest.len() - rest.trim_start().len());
        self.pos = self.text.len();
        (self.column_of(start), self.text[start..].trim_end())
    }

    /// An error at `column` of this line.
    pub(super) fn err(&self, column: usize, kind: VariantErrorKind) -> VariantError {
        VariantError::at(self.line, column, kind)
    }

    /// The next word and its column, or an error saying the keyword needs
    /// `what`.
    pub(super) fn required(&mut self, what: &'static str) -> Result<(usize, &'a str), VariantError> {
        let end = self.column_of(self.text.trim_end().len());
        self.next().ok_or_else(|| self.err(end, VariantErrorKind::Missing { keyword: self.keyword, what }))
    }

    /// The next word as a number from `min` to `u32::MAX`, and its column.
    pub(super) fn number(&mut self, what: &'static str, min: usize) -> Result<(usize, usize), VariantError> {
        let (col, word) = self.required(what)?;
        match word.parse::<usize>() {
            Ok(n) if n >= min && n <= u32::MAX as usize => Ok((col, n)),
            _ => Err(self.err(col, VariantErrorKind::Expected { what, found: short(word) })),
        }
    }

    /// The next word as `RxC` (also `RXC` or `R×C`), both at least 1.
    pub(super) fn dims(&mut self, what: &'static str) -> Result<Dims, VariantError> {
        let (col, word) = self.required(what)?;
        let bad = || self.err(col, VariantErrorKind::Expected { what, found: short(word) });
        let (a, b) = word.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        match (a.parse::<usize>(), b.parse::<usize>()) {
            (Ok(a), Ok(b)) if a >= 1 && b >= 1 && a <= u32::MAX as usize && b <= u32::MAX as usize => {
                Ok(Dims { column: col, rows: a, cols: b })
            }
            _ => Err(bad()),
        }
    }

    /// Checks that nothing follows the keyword's arguments.
    pub(super) fn end(&mut self) -> Result<(), VariantError> {
        match self.next() {
            None => Ok(()),
            Some((col, word)) => Err(self.err(col, VariantErrorKind::Trailing(short(word)))),
        }
    }
}

/// `text` cut to 24 characters for a message, with `…` when cut.
pub(super) fn short(text: &str) -> String {
    let mut s: String = text.chars().take(24).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}
