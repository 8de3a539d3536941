//! The parts of the screens around the grid: the status line, the entry
//! modes and keypad for touch screens, the notice banner (news, a job done,
//! or an error, each in its own style and role), the copy button that says
//! whether it copied, and counted words (`1 cell`, `2 cells`).

use pseudoku_core::symbol::Symbol;
use yew::prelude::*;

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

/// `1 cell`, `2 cells`: a count and its noun (plural by an `s`).
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// How a message reads, which sets its style and its role: news and a job
/// done are a `status` (read out politely), only an error is an `alert`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tone {
    News,
    Done,
    #[default]
    Error,
}

/// A message for the banner, with its tone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

impl Message {
    pub fn done(text: impl Into<String>) -> Message {
        Message { text: text.into(), tone: Tone::Done }
    }

    pub fn error(text: impl Into<String>) -> Message {
        Message { text: text.into(), tone: Tone::Error }
    }
}

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    pub text: AttrValue,
    #[prop_or_default]
    pub tone: Tone,
    pub on_dismiss: Callback<()>,
}

/// A message that is not about the grid: a job done, or what went wrong
/// (a saved game that could not be read, a task that failed).
#[function_component]
pub fn Notice(props: &NoticeProps) -> Html {
    let on_dismiss = props.on_dismiss.clone();
    let (class, role) = match props.tone {
        Tone::News => ("news", "status"),
        Tone::Done => ("done", "status"),
        Tone::Error => ("error", "alert"),
    };
    html! {
        <div class={classes!("notice", class)} {role}>
            <p>{ props.text.clone() }</p>
            <button type="button" aria-label="Dismiss" onclick={move |_| on_dismiss.emit(())}>{ "×" }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CopyLinkProps {
    /// The link to copy; none disables the button.
    pub link: Option<AttrValue>,
}

/// "Copy link", then for a few seconds beside it "Copied" or why not (a
/// `status`, so a screen reader hears it too). The words are this button's
/// own passing state, not the screen's.
#[function_component]
pub fn CopyLink(props: &CopyLinkProps) -> Html {
    let said = use_state(|| None::<Result<(), String>>);
    let timer = use_mut_ref(|| None::<gloo_timers::callback::Timeout>);
    let onclick = {
        let (link, said, timer) = (props.link.clone(), said.clone(), timer.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(link) = &link else { return };
            let (said, timer) = (said.clone(), timer.clone());
            crate::browser::copy_to_clipboard(link, move |outcome| {
                said.set(Some(outcome));
                let said = said.clone();
                *timer.borrow_mut() = Some(gloo_timers::callback::Timeout::new(3000, move || said.set(None)));
            });
        })
    };
    let words = match &*said {
        None => String::new(),
        Some(Ok(())) => "Copied".to_owned(),
        Some(Err(why)) => format!("Not copied ({why}): select the link and copy it."),
    };
    html! {
        <>
            <button type="button" class="copy-link" disabled={props.link.is_none()} {onclick}>{ "Copy link" }</button>
            <span class="copied" role="status" aria-live="polite">{ words }</span>
        </>
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
