//! The parts of the sudoku screen around the grid: the status line, and
//! the entry modes and keypad for touch screens (the sudoku setter types
//! givens with the same keypad).

use pseudoku_core::symbol::Symbol;
use yew::prelude::*;

use crate::shared::count::counted;
use crate::sudoku::play::game::{Checked, Game, Mode, Solutions, COLOURS};

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub solved: bool,
    pub conflicts: usize,
    pub empty: usize,
    pub checked: Option<Checked>,
    pub solutions: Solutions,
    pub clock: String,
}

/// One line saying how the game stands; read out by screen readers when it
/// changes.
#[function_component]
pub fn Status(props: &StatusProps) -> Html {
    let (class, text) = if props.solved {
        ("status solved", format!("Solved in {}! Every house is complete.", props.clock))
    } else if let Some(checked) = &props.checked {
        match checked {
            Checked::CorrectSoFar => ("status", "Correct so far.".to_owned()),
            Checked::Wrong(cells) => {
                let verb = if cells.len() == 1 { "is" } else { "are" };
                ("status conflict", format!("{} {verb} wrong (marked).", counted(cells.len(), "cell")))
            }
            Checked::Unknown => ("status", "The solution is not known yet, so only the rules are checked.".to_owned()),
        }
    } else if props.conflicts > 0 {
        let verb = if props.conflicts == 1 { "breaks" } else { "break" };
        ("status conflict", format!("{} {verb} a rule", counted(props.conflicts, "cell")))
    } else {
        ("status", format!("{} to fill", counted(props.empty, "cell")))
    };
    let warning = match &props.solutions {
        Solutions::None => Some("This puzzle has no solution."),
        Solutions::Several => Some("This puzzle has more than one solution."),
        _ => None,
    };
    html! {
        <>
            <p {class} role="status" aria-live="polite">{ text }</p>
            if let Some(warning) = warning {
                <p class="warning" role="alert">{ warning }</p>
            }
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct KeypadProps {
    /// How many symbols the puzzle uses.
    pub size: usize,
    pub mode: Mode,
    /// Show the entry-mode buttons (not for a setter, who types givens).
    #[prop_or(true)]
    pub modes: bool,
    pub disabled: bool,
    pub on_mode: Callback<Mode>,
    pub on_enter: Callback<Symbol>,
    pub on_clear: Callback<()>,
}

/// Mode buttons, then a button per symbol (or colour) and one for erasing.
#[function_component]
pub fn Keypad(props: &KeypadProps) -> Html {
    // Keep focus (and so the screen reader's place) on the grid.
    let keep_focus = |e: MouseEvent| e.prevent_default();
    let modes = [
        (Mode::Value, "Digit", "Z"),
        (Mode::Corner, "Corner", "X"),
        (Mode::Centre, "Centre", "C"),
        (Mode::Colour, "Colour", "V"),
    ];
    let mode_buttons = modes.iter().map(|&(mode, label, key)| {
        let on_mode = props.on_mode.clone();
        let current = props.mode == mode;
        html! {
            <button type="button" class={classes!("mode", current.then_some("current"))} aria-pressed={current.to_string()}
                title={format!("{label} mode ({key})")} onmousedown={keep_focus} onclick={move |_| on_mode.emit(mode)}>{ label }</button>
        }
    });
    let count = if props.mode == Mode::Colour { COLOURS } else { props.size };
    let keys = (0..count).map(Symbol::new).map(|symbol| {
        let on_enter = props.on_enter.clone();
        let (class, label, text) = if props.mode == Mode::Colour {
            (
                classes!("key", "colour-key", format!("c{}", symbol.index())),
                format!("Colour {}", symbol.index() + 1),
                String::new(),
            )
        } else {
            (classes!("key"), format!("Enter {symbol}"), symbol.to_string())
        };
        html! {
            <button type="button" {class} disabled={props.disabled} aria-label={label}
                onmousedown={keep_focus} onclick={move |_| on_enter.emit(symbol)}>{ text }</button>
        }
    });
    let on_clear = props.on_clear.clone();
    let columns = if count > 12 { "wide" } else { "" };
    html! {
        <div class="entry">
            if props.modes {
                <div class="modes" role="group" aria-label="Entry mode">{ for mode_buttons }</div>
            }
            <div class={classes!("keypad", columns)} role="group" aria-label="Enter a symbol">
                { for keys }
                <button type="button" class="key erase" disabled={props.disabled}
                    aria-label="Erase" onmousedown={keep_focus} onclick={move |_| on_clear.emit(())}>{ "⌫" }</button>
            </div>
        </div>
    }
}

/// The houses of the selected cell of a custom layout, for the side panel.
pub fn houses_of(game: &Game) -> Option<String> {
    let cell = game.selected()?;
    let layout = game.layout();
    let houses: Vec<String> = layout
        .houses_of(cell)
        .map(|h| {
            let cells: Vec<String> = layout.house(h).cells.iter().map(|c| (c.index() + 1).to_string()).collect();
            format!("{{{}}}", cells.join(" "))
        })
        .collect();
    Some(format!("Cell {} is in houses {}", cell.index() + 1, houses.join(", ")))
}
