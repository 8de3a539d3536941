//! Which screen is open and with what: the [`Shell`] reducer (the screen,
//! the puzzle each screen opens, the theme, a link that could not be
//! opened), changed only by [`Shell::apply`] of a [`ShellAction`].

use std::rc::Rc;

use pseudoku_core::format::link::Challenge;

use crate::browser::Fragment;
use crate::pseudoku::examples::example;
use crate::shared::reducer::reducer;
use crate::sudoku::play::view::Opening;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Play,
    Create,
    Sudoku,
    /// The sudoku setter.
    Set,
}

/// Which screen is open, with what.
#[derive(Clone, Debug, PartialEq)]
pub struct Shell {
    pub screen: Screen,
    /// The challenge being played.
    pub play: Challenge,
    /// A challenge to open in the setter, and a counter that makes the
    /// setter start afresh with it.
    pub edit: Option<Challenge>,
    pub edits: u32,
    /// What the sudoku screen opens with, and a counter that makes it start
    /// afresh with it.
    pub sudoku: Opening,
    pub sudokus: u32,
    /// A sudoku to open in the setter, and a counter that makes it start
    /// afresh with it.
    pub set: Option<Rc<pseudoku_core::format::Variant>>,
    pub sets: u32,
    /// A link could not be opened: why (shown with `role="alert"`).
    pub alert: Option<String>,
    pub theme: Theme,
}

/// The colour theme: the system's, or one chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    /// The name kept in storage and in `data-theme` (none for the system's).
    pub fn name(self) -> Option<&'static str> {
        match self {
            Theme::System => None,
            Theme::Light => Some("light"),
            Theme::Dark => Some("dark"),
        }
    }

    pub fn from_name(name: Option<&str>) -> Theme {
        match name {
            Some("light") => Theme::Light,
            Some("dark") => Theme::Dark,
            _ => Theme::System,
        }
    }

    fn next(self) -> Theme {
        match self {
            Theme::System => Theme::Light,
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::System,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ShellAction {
    Show(Screen),
    Play(Challenge),
    Edit(Challenge),
    /// The address changed (a pasted link).
    Open(Result<Fragment, String>),
    DismissAlert,
    /// The next theme: system, light, dark.
    CycleTheme,
    /// Play a sudoku (from the setter).
    PlaySudoku(Box<pseudoku_core::format::Variant>),
    /// Open a sudoku in the setter (from the player).
    EditSudoku(Box<pseudoku_core::format::Variant>),
}

impl Shell {
    /// The screen for the page's URL; a damaged link leaves everything else
    /// as it was and says why.
    pub fn from_fragment(fragment: Result<Fragment, String>, last_played: Option<Challenge>) -> Shell {
        let example = || example(0).expect("the seed puzzle parses");
        let shell = Shell {
            screen: Screen::Play,
            play: last_played.unwrap_or_else(example),
            edit: None,
            edits: 0,
            sudoku: Opening::Resume,
            sudokus: 0,
            set: None,
            sets: 0,
            alert: None,
            theme: Theme::System,
        };
        shell.apply(ShellAction::Open(fragment)).unwrap_or(shell)
    }

    pub fn apply(&self, action: ShellAction) -> Option<Shell> {
        let mut next = self.clone();
        match action {
            ShellAction::Show(screen) => {
                if screen == self.screen {
                    return None;
                }
                next.screen = screen;
            }
            ShellAction::Play(challenge) => {
                next.play = challenge;
                next.screen = Screen::Play;
            }
            ShellAction::Edit(challenge) => {
                next.edit = Some(challenge);
                next.edits += 1;
                next.screen = Screen::Create;
            }
            ShellAction::Open(Ok(Fragment::Play(c))) => return self.apply(ShellAction::Play(c)),
            ShellAction::Open(Ok(Fragment::Edit(c))) => return self.apply(ShellAction::Edit(c)),
            ShellAction::Open(Ok(Fragment::Seed(seed))) => next.open_sudoku(Opening::Seed(seed)),
            ShellAction::Open(Ok(Fragment::Sudoku(variant))) => next.open_sudoku(Opening::Link(variant)),
            ShellAction::Open(Ok(Fragment::Import(text))) => next.open_sudoku(Opening::Import(text)),
            ShellAction::Open(Ok(Fragment::EditSudoku(variant))) | ShellAction::EditSudoku(variant) => {
                next.set = Some(Rc::new(*variant));
                next.sets += 1;
                next.screen = Screen::Set;
            }
            ShellAction::PlaySudoku(variant) => next.open_sudoku(Opening::Link(variant)),
            ShellAction::Open(Ok(Fragment::None)) => return None,
            ShellAction::Open(Err(why)) => {
                next.alert = Some(format!("This link could not be opened: {why}. Nothing else was changed."))
            }
            ShellAction::CycleTheme => next.theme = self.theme.next(),
            ShellAction::DismissAlert => {
                self.alert.as_ref()?;
                next.alert = None;
            }
        }
        // The alert is about a link that failed: once another screen or
        // puzzle is opened it is old news.
        let opened = next.sudokus != self.sudokus || next.edits != self.edits || next.sets != self.sets;
        if next.screen != self.screen || opened || next.play != self.play {
            next.alert = None;
        }
        Some(next)
    }
}

impl Shell {
    fn open_sudoku(&mut self, opening: Opening) {
        self.sudoku = opening;
        self.sudokus += 1;
        self.screen = Screen::Sudoku;
    }
}

reducer!(Shell, ShellAction);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browser;

    #[test]
    fn a_damaged_link_keeps_the_game_and_says_why() {
        let shell = Shell::from_fragment(Ok(Fragment::None), None);
        assert_eq!(shell.screen, Screen::Play);
        let broken = browser::parse_fragment("#p=AQEJ");
        let after = shell.apply(ShellAction::Open(broken)).unwrap();
        assert_eq!(after.play, shell.play, "the game in progress is untouched");
        assert!(after.alert.as_ref().unwrap().contains("cut short"));
        let moved = after.apply(ShellAction::Show(Screen::Sudoku)).unwrap();
        assert_eq!(moved.alert, None, "another screen: the alert is old news");
    }

    #[test]
    fn links_open_their_screens() {
        let c = Challenge { instance: "1221 0-1".parse().unwrap(), title: String::new(), author: String::new() };
        let edit = Shell::from_fragment(Ok(Fragment::Edit(c.clone())), None);
        assert_eq!((edit.screen, edit.edit), (Screen::Create, Some(c.clone())));
        let play = Shell::from_fragment(Ok(Fragment::Play(c.clone())), None);
        assert_eq!((play.screen, play.play), (Screen::Play, c));
        assert_eq!(Shell::from_fragment(Ok(Fragment::Seed(4)), None).screen, Screen::Sudoku);
        let import = Shell::from_fragment(browser::parse_fragment("#import=https://f-puzzles.com/?load=N4Ig"), None);
        assert_eq!(
            (import.screen, import.sudoku),
            (Screen::Sudoku, Opening::Import("https://f-puzzles.com/?load=N4Ig".into()))
        );
    }
}
