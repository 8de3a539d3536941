//! Grids as people paste them, turned into the one-line format: a picture
//! of the grid over several lines (one row per line, with or without the
//! frame that HoDoKu, sudokuwiki and most books draw), or a link whose
//! query holds the grid (sudokuwiki's `?bd=`, and any other `name=value`
//! whose value is a square grid in the char-per-cell form).
//!
//! [`line_of`] only rewrites: the line it returns is read by
//! [`line::parse_inferred`](super::line::parse_inferred), which names any problem with its place.

use super::is_empty_marker;

/// Characters that draw a frame or a box border, never a cell.
fn is_frame(c: char) -> bool {
    matches!(c, '|' | '+' | '=' | '!' | ':') || ('\u{2500}'..='\u{257F}').contains(&c)
}

/// A cell's character: a symbol or an empty marker.
fn is_cell(c: char) -> bool {
    !c.is_whitespace() && !is_frame(c) && super::read_char(c).is_some()
}

/// The one-line form of `text` when it is a picture of a grid or a link
/// holding one; `None` when it is neither (then read it as it is).
pub fn line_of(text: &str) -> Option<String> {
    let text = text.trim();
    if text.contains(',') {
        return None;
    }
    if let Some(grid) = query_grid(text) {
        return Some(grid);
    }
    picture(text)
}

/// A square grid in a link's query: the first `name=value` whose value is
/// `N²` cells (N ≥ 4) in the char-per-cell form.
fn query_grid(text: &str) -> Option<String> {
    if text.contains(char::is_whitespace) || !text.contains('=') {
        return None;
    }
    let query = text.split_once('?').map_or(text, |(_, q)| q);
    query.split(['&', '#', ';', '?']).find_map(|pair| {
        let (_, value) = pair.split_once('=')?;
        let cells = value.chars().count();
        let n = cells.isqrt();
        // Every symbol in range: other data (a compressed puzzle) is not
        // taken for a grid by chance.
        let in_range = |c: char| match super::read_char(c) {
            Some(super::Entry::Number(k)) => k as usize <= n,
            Some(super::Entry::Empty) => true,
            None => false,
        };
        (n >= 4 && n * n == cells && value.chars().all(in_range)).then(|| value.to_owned())
    })
}

/// The rows of a grid drawn over several lines: frame characters dropped,
/// lines without a cell's worth (a frame's top, a box border) skipped.
fn picture(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let has_frame = text.chars().any(is_frame);
    if lines.len() < 2 && !has_frame {
        return None;
    }
    let cells_of = |l: &str| -> Option<String> {
        let kept: String = l.chars().filter(|&c| !c.is_whitespace() && !is_frame(c)).collect();
        kept.chars().all(is_cell).then_some(kept)
    };
    // Rows holding a symbol set the row length; a line with none is a row
    // of empty cells only when it has that length and draws no frame
    // (`---+---+---` and `*-----*` are borders, `.........` a row).
    let symbol_row = |l: &str| l.chars().any(|c| is_cell(c) && !is_empty_marker(c));
    let width = lines.iter().filter(|l| symbol_row(l)).filter_map(|l| cells_of(l)).map(|r| r.chars().count()).max()?;
    let mut rows = String::new();
    for l in &lines {
        let row = if symbol_row(l) {
            cells_of(l)?
        } else {
            match cells_of(l) {
                Some(r) if r.chars().count() == width && !l.chars().any(is_frame) => r,
                _ if l.chars().all(|c| c.is_whitespace() || is_frame(c) || matches!(c, '-' | '*' | '_' | '~')) => {
                    continue
                }
                _ => return None,
            }
        };
        rows.push_str(&row);
    }
    let cells = rows.chars().count();
    (cells.isqrt().pow(2) == cells).then_some(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn rows_on_lines_of_their_own() {
        let rows: Vec<&str> = (0..9).map(|r| &LINE[r * 9..r * 9 + 9]).collect();
        assert_eq!(line_of(&rows.join("\n")).as_deref(), Some(LINE));
        assert_eq!(line_of(&rows.join("\r\n")).as_deref(), Some(LINE), "Windows line ends");
        let spaced: Vec<String> = rows.iter().map(|r| r.chars().map(|c| format!("{c} ")).collect()).collect();
        assert_eq!(line_of(&spaced.join("\n")).as_deref(), Some(LINE));
    }

    #[test]
    fn framed_pictures_as_hodoku_and_books_draw_them() {
        let row = |r: usize| {
            let s = &LINE[r * 9..r * 9 + 9];
            format!("| {} | {} | {} |", &s[..3], &s[3..6], &s[6..])
        };
        let mut hodoku = vec!["*-----------*".to_owned()];
        for band in 0..3 {
            hodoku.extend((0..3).map(|k| row(band * 3 + k).replace(' ', "")));
            hodoku.push(if band < 2 { "|---+---+---|" } else { "*-----------*" }.to_owned());
        }
        assert_eq!(line_of(&hodoku.join("\n")).as_deref(), Some(LINE));
        let mut book = Vec::new();
        for r in 0..9 {
            let s: Vec<String> = LINE[r * 9..r * 9 + 9].chars().map(|c| c.to_string()).collect();
            book.push(format!("{} | {} | {}", s[..3].join(" "), s[3..6].join(" "), s[6..].join(" ")));
            if r == 2 || r == 5 {
                book.push("------+-------+------".to_owned());
            }
        }
        assert_eq!(line_of(&book.join("\n")).as_deref(), Some(LINE));
        let boxed = book.join("\n").replace('|', "│").replace("------+-------+------", "──────┼───────┼──────");
        assert_eq!(line_of(&boxed).as_deref(), Some(LINE), "box-drawing characters");
    }

    #[test]
    fn a_row_of_empty_cells_is_a_row_and_a_border_is_not() {
        let mut rows: Vec<String> = (0..9).map(|r| LINE[r * 9..r * 9 + 9].to_owned()).collect();
        rows[4] = "---------".into();
        let expected = format!("{}---------{}", &LINE[..36], &LINE[45..]);
        assert_eq!(line_of(&rows.join("\n")).as_deref(), Some(expected.as_str()));
        rows.insert(3, "---+---+---".into());
        assert_eq!(line_of(&rows.join("\n")).as_deref(), Some(expected.as_str()));
    }

    #[test]
    fn a_links_query_holding_the_grid() {
        let sudokuwiki = format!("https://www.sudokuwiki.org/sudoku.htm?bd={}", LINE.replace('.', "0"));
        assert_eq!(line_of(&sudokuwiki), Some(LINE.replace('.', "0")));
        let other = format!("example.org/play?lang=en&p={LINE}#top");
        assert_eq!(line_of(&other).as_deref(), Some(LINE));
        assert_eq!(line_of("https://example.org/?id=abc"), None, "no grid in it");
        let data = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l0+xq1xrjtp7m+htfmwFdh/PqLFCOwmoO6zJRZSvZyaGji1W0tOilu1LtpWu3Y9u3AaL2HQB2vRtg5w7OGhbt0iZLx2NjgDc5OmpPLZLYQ";
        let square = &data[..data.len().isqrt().pow(2)];
        assert_eq!(line_of(&format!("https://f-puzzles.com/?load={square}")), None, "compressed data");
    }

    #[test]
    fn anything_else_is_left_alone() {
        assert_eq!(line_of(LINE), None, "a plain line reads as it is");
        assert_eq!(line_of("size 9\ngivens\n..."), None, "a variant file");
        assert_eq!(line_of("1,2,3\n4,5,6"), None, "the comma form");
        assert_eq!(line_of("53..7....\n6..19x...\n"), None, "a stray character");
        assert_eq!(line_of("12\n34\n5"), None, "not square");
    }
}
