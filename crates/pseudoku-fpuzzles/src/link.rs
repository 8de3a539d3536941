//! Finding a puzzle's data in a link as people share it.
//!
//! Links reach Pseudoku the way chat apps, forums and video descriptions
//! pass them on, not only as f-puzzles and SudokuPad write them: in angle
//! brackets (Discord's way of hiding a preview), inside a Markdown link or
//! parentheses, after a sentence, with a full stop after them, without
//! `https://`, percent-encoded as a whole (the value of an `#import=`), with
//! SudokuPad's settings after the data (`…?setting-nogrid=1`), through
//! a `/sudoku/` path (the Cracking the Cryptic app's), or as a short link whose
//! puzzle is on a server (SudokuPad's ids, f-puzzles' `?id=`, TinyURL, which
//! f-puzzles' own short links use). [`payload`] finds the link in such a
//! text and the data in the link, or says which of these it is.

use std::borrow::Cow;

use percent_encoding::percent_decode_str;

use super::ImportError;

/// The hosts whose links [`payload`] knows, as written in a text without
/// `https://`.
const HOSTS: &[&str] = &[
    "www.f-puzzles.com",
    "f-puzzles.com",
    "beta.sudokupad.app",
    "alpha.sudokupad.app",
    "sudokupad.app",
    "app.crackingthecryptic.com",
    "tinyurl.com",
];

/// SudokuPad's format prefixes: the data is SudokuPad's own JSON.
const SCL: &[&str] = &["scl", "ctc"];
/// The prefixes of f-puzzles data in a SudokuPad link.
const FPUZZLES: &[&str] = &["fpuzzles", "fpuz"];

/// The longest a SudokuPad id runs after a format prefix's letters (its ids
/// are ten letters and digits, so `sudokupad.app/ctc4kx9q2mz` is one): real
/// compressed data is never this short.
const LONGEST_ID: usize = 12;

/// The data of a link: percent-encoding undone, a space read as the `+` a
/// chat app changed it to, and the format its prefix names.
pub(super) struct Payload {
    /// `Some(true)` after `scl`/`ctc`, `Some(false)` after `fpuzzles`,
    /// `None` with no prefix (f-puzzles data or JSON).
    pub scl: Option<bool>,
    /// The data: lz-string base64, or JSON.
    pub data: String,
}

/// The payload of a link, of bare data, or of a text that holds a link.
pub(super) fn payload(text: &str) -> Result<Payload, ImportError> {
    let link = the_link(text);
    let (host, rest) = match link.find("://") {
        Some(i) => {
            let after = &link[i + 3..];
            let (host, path) = after.split_once('/').unwrap_or((after, ""));
            let host = host.to_ascii_lowercase();
            // `/sudoku/<id>` opens as `/<id>` (the CTC app's links, and SudokuPad's).
            let path = path.strip_prefix("sudoku/").unwrap_or(path);
            let key = ["load=", "puzzleid="].iter().find_map(|k| path.find(k).map(|p| &path[p + k.len()..]));
            if host == "tinyurl.com" || host.ends_with(".tinyurl.com") {
                return Err(ImportError::ShortUrl);
            }
            if host.contains("f-puzzles") && key.is_none() && path_has_id(path) {
                return Err(ImportError::ShortLink);
            }
            // Data never holds `?`, `&` or `#`: what follows them is a setting.
            (host, key.unwrap_or(path).split(['?', '&', '#']).next().unwrap_or(""))
        }
        None => (String::new(), link.as_ref()),
    };
    let decoded = percent_decode_str(rest).decode_utf8_lossy();
    let data: String =
        decoded.chars().filter(|c| !c.is_whitespace() || *c == ' ').map(|c| if c == ' ' { '+' } else { c }).collect();
    let strip = |prefixes: &[&str]| prefixes.iter().find_map(|p| data.strip_prefix(p));
    let (scl, rest) = match (strip(SCL), strip(FPUZZLES)) {
        (Some(d), _) => (Some(true), d),
        (None, Some(d)) => (Some(false), d),
        (None, None) => (None, data.as_str()),
    };
    let sudokupad = host.contains("sudokupad") || host.contains("crackingthecryptic");
    // An id, or a setter's named link (`author/puzzle-name`): lz-string's
    // base64 has no `-` or `_`, and its data is longer.
    let id_like = rest.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/'))
        && (rest.len() <= LONGEST_ID || rest.contains(['-', '_']));
    if sudokupad && !data.is_empty() && (scl.is_none() || id_like) {
        return Err(ImportError::ShortLink);
    }
    let known = sudokupad || host.contains("f-puzzles");
    if !host.is_empty() && !known && scl.is_none() && !rest.starts_with("N4Ig") {
        return Err(ImportError::NotALink);
    }
    Ok(Payload { scl, data: rest.to_string() })
}

/// The link in a text: from its scheme (or its known host, given without
/// one) to its end, without the brackets, parentheses, quotes or full stop
/// around it; a link percent-encoded as a whole is decoded first. JSON and
/// bare data are left as they are.
fn the_link(text: &str) -> Cow<'_, str> {
    let text = text.trim();
    if text.starts_with('{') {
        return Cow::Borrowed(text);
    }
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("http%3a") || lower.starts_with("https%3a") {
        let decoded = percent_decode_str(text).decode_utf8_lossy().into_owned();
        return Cow::Owned(the_link(&decoded).into_owned());
    }
    let (start, scheme) = match lower.find("https://").or_else(|| lower.find("http://")) {
        Some(i) => (i, ""),
        None => match host_at(&lower) {
            Some(i) => (i, "https://"),
            None => return Cow::Borrowed(text),
        },
    };
    // A link after other words ends where its brackets close, or else at a
    // space; a link alone may hold spaces (a chat app's line breaks, or
    // `+` read as a space).
    let rest = &text[start..];
    let rest = match text[..start].chars().next_back() {
        Some('<') => rest.split('>').next().unwrap_or(rest),
        Some('(') => rest.split(')').next().unwrap_or(rest),
        Some(_) => rest.split(char::is_whitespace).next().unwrap_or(rest),
        None => rest,
    };
    let link = if scheme.is_empty() { Cow::Borrowed(rest) } else { Cow::Owned(format!("{scheme}{rest}")) };
    let end = link
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '>' | ')' | ']' | '"' | '\'' | '.' | ',' | ';'));
    match link {
        Cow::Borrowed(l) => Cow::Borrowed(&l[..end.len()]),
        Cow::Owned(ref l) => Cow::Owned(l[..end.len()].to_string()),
    }
}

/// Where a known host starts a link written without `https://`: at the
/// text's start or after a character that cannot be part of a host name.
fn host_at(lower: &str) -> Option<usize> {
    HOSTS.iter().find_map(|host| {
        lower.match_indices(host).map(|(i, _)| i).find(|&i| {
            !lower[..i].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
        })
    })
}

/// Whether an f-puzzles address names its puzzle by id (`?id=…`).
fn path_has_id(path: &str) -> bool {
    path.split(['?', '&']).any(|part| part.starts_with("id="))
}
