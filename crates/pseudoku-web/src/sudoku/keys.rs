//! The keyboard on a sudoku: which symbol a typed key names (both sudoku
//! screens), and what a key press does to a game (arrows or W A S D move,
//! as in SudokuPad).

use pseudoku_core::symbol::Symbol;
use web_sys::KeyboardEvent;

use crate::sudoku::play::game::{Action, Direction, Mode};

/// The key a typed character stands for, for a puzzle of `size` symbols:
/// `1`–`9`, then `A`–`Z` (either case); `0`-based symbol.
pub fn key_symbol(key: &str, size: usize) -> Option<Symbol> {
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    Symbol::from_char(c.to_ascii_uppercase()).filter(|s| s.index() < size)
}

/// The action for a key press, for a puzzle of `size` symbols.
pub fn key_action(event: &KeyboardEvent, size: usize) -> Option<Action> {
    let key = event.key();
    let (ctrl, shift) = (event.ctrl_key() || event.meta_key(), event.shift_key());
    if ctrl && (!shift || key.eq_ignore_ascii_case("z")) {
        match key.to_ascii_lowercase().as_str() {
            "z" if shift => return Some(Action::Redo),
            "z" => return Some(Action::Undo),
            "y" => return Some(Action::Redo),
            "a" => return Some(Action::SelectAll),
            _ => {}
        }
    }
    if event.alt_key() {
        return None;
    }
    let direction = match key.as_str() {
        "ArrowUp" => Some(Direction::Up),
        "ArrowDown" => Some(Direction::Down),
        "ArrowLeft" => Some(Direction::Left),
        "ArrowRight" => Some(Direction::Right),
        _ => None,
    };
    if let Some(direction) = direction {
        return Some(Action::Move { direction, extend: shift || ctrl });
    }
    match key.as_str() {
        "Backspace" | "Delete" => return Some(Action::Clear),
        "Escape" => return Some(Action::Deselect),
        _ => {}
    }
    // With Shift held, a digit key's `key` is its shifted character: read
    // the physical key instead.
    let code = event.code();
    let typed = code
        .strip_prefix("Digit")
        .or_else(|| code.strip_prefix("Numpad"))
        .filter(|d| d.len() == 1)
        .map(str::to_owned)
        .unwrap_or(key.clone());
    if typed == "0" || typed == "." {
        return Some(Action::Clear);
    }
    if let Some(symbol) = key_symbol(&typed, size) {
        // Shift with a letter symbol is only its capital: not a corner mark.
        let letter = typed.chars().all(|c| c.is_ascii_alphabetic());
        let corner = shift && (size <= 9 || !letter);
        let mode = match (corner, ctrl) {
            (true, true) => Some(Mode::Colour),
            (true, false) => Some(Mode::Corner),
            (false, true) => Some(Mode::Centre),
            (false, false) => None,
        };
        return Some(Action::Enter { symbol, mode });
    }
    // W A S D move as the arrows do, while no letter is a symbol.
    let wasd = match typed.to_ascii_lowercase().as_str() {
        _ if size > 9 => None,
        "w" => Some(Direction::Up),
        "a" => Some(Direction::Left),
        "s" => Some(Direction::Down),
        "d" => Some(Direction::Right),
        _ => None,
    };
    if let Some(direction) = wasd {
        return Some(Action::Move { direction, extend: shift });
    }
    // Z X C V choose the mode, unless the letter is one of the puzzle's symbols.
    let mode = match typed.to_ascii_lowercase().as_str() {
        "z" => Mode::Value,
        "x" => Mode::Corner,
        "c" => Mode::Centre,
        "v" => Mode::Colour,
        _ => return None,
    };
    Some(Action::SetMode(mode))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_symbols_by_the_puzzles_alphabet() {
        assert_eq!(key_symbol("5", 9), Some(Symbol::new(4)));
        assert_eq!(key_symbol("a", 9), None, "A is the tenth symbol");
        assert_eq!(key_symbol("a", 16), Some(Symbol::new(9)));
        assert_eq!(key_symbol("F5", 9), None);
    }
}
