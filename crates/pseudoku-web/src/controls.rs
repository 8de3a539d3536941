//! The parts of the page around the grid: the status line, the keypad for
//! touch screens, and the notice banner.

use pseudoku_core::symbol::Symbol;
use yew::prelude::*;

use crate::browser::seed_hash;
use crate::game::Game;

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub game: UseReducerHandle<Game>,
}

/// One line saying how the game stands; read out by screen readers when it
/// changes.
#[function_component]
pub fn Status(props: &StatusProps) -> Html {
    let game = &props.game;
    let (class, text) = if game.is_solved() {
        ("status solved", "Solved! Every row, column and box is complete.".to_owned())
    } else if game.conflict_count() > 0 {
        let n = game.conflict_count();
        ("status conflict", format!("{n} cells break a rule"))
    } else {
        let n = game.empty_count();
        ("status", format!("{n} {} to fill", if n == 1 { "cell" } else { "cells" }))
    };
    html! {
        <p {class} role="status" aria-live="polite">{ text }</p>
    }
}

#[derive(Properties, PartialEq)]
pub struct KeypadProps {
    /// How many symbols the puzzle uses.
    pub size: usize,
    pub disabled: bool,
    pub on_enter: Callback<Symbol>,
    pub on_clear: Callback<()>,
}

/// Buttons for the symbols and for erasing, for touch screens.
#[function_component]
pub fn Keypad(props: &KeypadProps) -> Html {
    // Keep focus (and so the screen reader's place) on the grid when a
    // button is pressed with the mouse.
    let keep_focus = |e: MouseEvent| e.prevent_default();
    let keys = (0..props.size).map(Symbol::new).map(|symbol| {
        let on_enter = props.on_enter.clone();
        html! {
            <button type="button" class="key" disabled={props.disabled}
                aria-label={format!("Enter {symbol}")}
                onmousedown={keep_focus}
                onclick={move |_| on_enter.emit(symbol)}>
                { symbol.to_string() }
            </button>
        }
    });
    let on_clear = props.on_clear.clone();
    html! {
        <div class="keypad" role="group" aria-label="Enter a number">
            { for keys }
            <button type="button" class="key erase" disabled={props.disabled}
                aria-label="Erase" onmousedown={keep_focus} onclick={move |_| on_clear.emit(())}>
                { "⌫" }
            </button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct SeedLinkProps {
    pub seed: u64,
}

/// The puzzle's seed, as a link that replays it.
#[function_component]
pub fn SeedLink(props: &SeedLinkProps) -> Html {
    html! {
        <p class="seed">
            { "Puzzle " }
            <a href={seed_hash(props.seed)} title="Link to this puzzle">{ format!("#{}", props.seed) }</a>
        </p>
    }
}

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    pub text: AttrValue,
    pub on_dismiss: Callback<()>,
}

/// A message that is not about the grid, such as a saved game that could
/// not be read.
#[function_component]
pub fn Notice(props: &NoticeProps) -> Html {
    let on_dismiss = props.on_dismiss.clone();
    html! {
        <div class="notice" role="alert">
            <p>{ props.text.clone() }</p>
            <button type="button" aria-label="Dismiss" onclick={move |_| on_dismiss.emit(())}>{ "×" }</button>
        </div>
    }
}
