//! The classic sudoku screen: owns its one [`Game`] reducer, wires the
//! keyboard, the `#seed=` URL and local storage to it.

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::board::{cell_element_id, Board};
use crate::browser;
use crate::controls::{Keypad, Notice, SeedLink, Status};
use crate::game::{key_action, Action, Game};

#[function_component]
pub fn Sudoku() -> Html {
    let game = use_reducer(browser::initial_game);
    let size = game.layout().size();

    // Keyboard first: keys anywhere on the page play, unless a modifier is
    // held (browser shortcuts) or a button has focus and the key is its own.
    {
        let dispatcher = game.dispatcher();
        use_effect_with(size, move |&size| {
            let document = gloo_utils::document();
            let options = EventListenerOptions::enable_prevent_default();
            let listener = EventListener::new_with_options(&document, "keydown", options, move |event| {
                let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                if event.ctrl_key() || event.meta_key() || event.alt_key() || browser::typing_in_field(event) {
                    return;
                }
                if let Some(action) = key_action(&event.key(), size) {
                    event.prevent_default();
                    dispatcher.dispatch(action);
                }
            });
            move || drop(listener)
        });
    }

    // A changed `#seed=` (a pasted link) opens that puzzle.
    {
        let dispatcher = game.dispatcher();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo_utils::window(), "hashchange", move |_| {
                if let Some(seed) = browser::url_seed() {
                    dispatcher.dispatch(Action::OpenSeed(seed));
                }
            });
            move || drop(listener)
        });
    }

    // Progress survives a reload; the address bar names the puzzle.
    use_effect_with((game.seed(), game.cells().to_vec()), {
        let game = game.clone();
        move |_| {
            browser::save(&game);
            browser::show_seed_in_url(game.seed());
        }
    });

    // Focus follows the selection, for screen readers.
    use_effect_with(game.selected(), |selected| {
        if let Some(cell) = selected {
            browser::focus_within_grid(&cell_element_id(*cell));
        }
    });

    let dispatcher = game.dispatcher();
    let on_select = send(&dispatcher, Action::Select);
    let on_enter = send(&dispatcher, Action::Enter);
    let on_clear = send(&dispatcher, |()| Action::Clear);
    let on_dismiss = send(&dispatcher, |()| Action::DismissNotice);
    let on_new = send(&dispatcher, |_: MouseEvent| Action::NewPuzzle(browser::random_seed()));

    html! {
        <section class="screen sudoku" aria-label="Classic sudoku">
            <div class="title-row">
                <h2>{ "Classic sudoku" }</h2>
                <button type="button" class="new" onclick={on_new}>{ "New puzzle" }</button>
            </div>
            if let Some(text) = game.notice() {
                <Notice text={AttrValue::from(text.to_owned())} {on_dismiss} />
            }
            <Board game={game.clone()} {on_select} />
            <Status game={game.clone()} />
            <Keypad {size} disabled={game.is_solved()} {on_enter} {on_clear} />
            <SeedLink seed={game.seed()} />
            <p class="help">{ "Arrow keys move, 1–9 fill, Backspace or Delete clears." }</p>
        </section>
    }
}

/// A callback that turns its input into an action and dispatches it.
fn send<T: 'static>(dispatcher: &UseReducerDispatcher<Game>, make: impl Fn(T) -> Action + 'static) -> Callback<T> {
    let dispatcher = dispatcher.clone();
    Callback::from(move |input| dispatcher.dispatch(make(input)))
}
