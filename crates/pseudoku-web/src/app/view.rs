//! The root component: the page's frame, the tabs that open screens, and
//! the screen the [`Shell`] says is open. Each screen owns its own
//! reducer: [`Play`] (a Pseudoku challenge), [`Create`] (its setter),
//! [`Sudoku`] (a sudoku of any variant) and [`SetSudoku`] (its setter).

use gloo_events::EventListener;
use pseudoku_core::format::link;
use yew::prelude::*;

use crate::app::state::{Screen, Shell, ShellAction, Theme};
use crate::browser::{self, storage};
use crate::pseudoku::play::view::Play;
use crate::pseudoku::set::view::Create;
use crate::sudoku::play::view::Sudoku;
use crate::sudoku::set::view::SetSudoku;

#[function_component]
pub fn App() -> Html {
    let shell = use_reducer(|| {
        let last = browser::load_text(browser::LAST_PLAYED_KEY).and_then(|t| link::decode(&t).ok());
        let theme = Theme::from_name(browser::load_text(storage::THEME_KEY).as_deref());
        Shell { theme, ..Shell::from_fragment(browser::url_fragment(), last) }
    });
    // The theme is set on the page and remembered.
    use_effect_with(shell.theme, |&theme| {
        browser::set_theme(theme.name());
        let _ = browser::store_text(storage::THEME_KEY, theme.name().unwrap_or("system"));
    });
    use_effect_with((), |_| {
        browser::remove_boot_message();
        browser::register_service_worker();
    });
    // A link pasted into the address bar opens its puzzle.
    {
        let dispatcher = shell.dispatcher();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo_utils::window(), "hashchange", move |_| {
                dispatcher.dispatch(ShellAction::Open(browser::url_fragment()));
            });
            move || drop(listener)
        });
    }
    let d = shell.dispatcher();
    let tab = |screen: Screen, label: &'static str| {
        let d = d.clone();
        let current = shell.screen == screen;
        html! {
            <button type="button" role="tab" class={classes!("tab", current.then_some("current"))}
                aria-selected={current.to_string()}
                onclick={move |_| d.dispatch(ShellAction::Show(screen.clone()))}>{ label }</button>
        }
    };
    let on_play = {
        let d = d.clone();
        Callback::from(move |c| d.dispatch(ShellAction::Play(c)))
    };
    let on_edit = {
        let d = d.clone();
        Callback::from(move |c| d.dispatch(ShellAction::Edit(c)))
    };
    let on_open = on_play.clone();
    let on_dismiss = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(ShellAction::DismissAlert))
    };
    let play_key = link::encode(&shell.play);
    let theme_name = match shell.theme {
        Theme::System => "Colour theme: system",
        Theme::Light => "Colour theme: light",
        Theme::Dark => "Colour theme: dark",
    };
    html! {
        <main class="app">
            <header>
                <h1>{ "Pseudoku" }</h1>
                <nav role="tablist" aria-label="Screens">
                    { tab(Screen::Play, "Play") }
                    { tab(Screen::Create, "Create") }
                    { tab(Screen::Sudoku, "Sudoku") }
                    { tab(Screen::Set, "Set sudoku") }
                </nav>
                <button type="button" class="theme" title={format!("{theme_name} (click for the next: system, light, dark)")}
                    aria-label={theme_name}
                    onclick={let d = d.clone(); move |_| d.dispatch(ShellAction::CycleTheme)}>
                    { match shell.theme { Theme::System => "◐", Theme::Light => "☀", Theme::Dark => "☾" } }
                </button>
            </header>
            if let Some(alert) = &shell.alert {
                <div class="notice link-alert" role="alert">
                    <p>{ alert.clone() }</p>
                    <button type="button" aria-label="Dismiss" onclick={on_dismiss}>{ "×" }</button>
                </div>
            }
            {
                match shell.screen {
                    Screen::Play => html! { <Play key={play_key} challenge={shell.play.clone()} {on_edit} {on_open} /> },
                    Screen::Create => html! { <Create key={shell.edits.to_string()} open={shell.edit.clone()} {on_play} /> },
                    Screen::Sudoku => {
                        let on_edit = {
                            let d = d.clone();
                            Callback::from(move |v| d.dispatch(ShellAction::EditSudoku(Box::new(v))))
                        };
                        html! { <Sudoku key={shell.sudokus.to_string()} opening={shell.sudoku.clone()} {on_edit} /> }
                    }
                    Screen::Set => {
                        let on_play = {
                            let d = d.clone();
                            Callback::from(move |v| d.dispatch(ShellAction::PlaySudoku(Box::new(v))))
                        };
                        html! { <SetSudoku key={shell.sets.to_string()} open={shell.set.clone()} {on_play} /> }
                    }
                }
            }
        </main>
    }
}
