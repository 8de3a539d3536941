//! The sudoku setter's screen: a layout, givens typed with the keyboard or
//! keypad, the live solution count from the worker, and the tools that
//! finish a puzzle (make it unique, remove what is not needed, fill and
//! cut). State lives in one [`SudokuSetter`] reducer.

use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use pseudoku_core::format::{line, link, Variant};
use pseudoku_core::layout::CellId;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

use crate::board::{Board, BoardView, HintMark};
use crate::browser::{self, EngineWorker};
use crate::controls::Keypad;
use crate::create::seed_of;
use crate::game::{key_symbol, Direction, Mode};
use crate::setsudoku::{SetAction, SudokuSetter};
use crate::sudoku::LAYOUTS;
use crate::wire::WireSymmetry;

/// Where the setter's work is kept between visits.
const SET_KEY: &str = "pseudoku.set";

#[derive(Properties, PartialEq)]
pub struct SetProps {
    /// A puzzle to edit (an `#e=` link of a sudoku), else the saved work.
    pub open: Option<Rc<Variant>>,
    /// "Play this".
    pub on_play: Callback<Variant>,
}

fn initial(open: Option<Rc<Variant>>) -> SudokuSetter {
    if let Some(v) = open {
        return SudokuSetter::new((*v).clone());
    }
    let saved = browser::load_text(SET_KEY).and_then(|k| match link::decode_shared(&k) {
        Ok(link::Shared::Sudoku(v)) => Some(v),
        _ => None,
    });
    SudokuSetter::new(saved.unwrap_or_else(|| "size 9\n".parse().expect("the plain layout")))
}

#[function_component]
pub fn SetSudoku(props: &SetProps) -> Html {
    let setter = use_reducer({
        let open = props.open.clone();
        move || initial(open)
    });
    let worker = use_mut_ref(|| None::<EngineWorker>);
    {
        let (worker, dispatcher, request) = (worker.clone(), setter.dispatcher(), setter.request());
        use_effect_with(request.id, move |_| {
            let mut slot = worker.borrow_mut();
            let engine =
                slot.get_or_insert_with(|| EngineWorker::new(move |r| dispatcher.dispatch(SetAction::Worker(r))));
            engine.send(request);
        });
    }
    {
        let worker = worker.clone();
        use_effect_with((), move |_| move || drop(worker.borrow_mut().take()));
    }
    // The work is kept (when its givens are valid) and named in the address bar.
    {
        let puzzle = setter.puzzle();
        use_effect_with(puzzle, |puzzle| {
            if let Ok(text) = link::encode_sudoku(puzzle) {
                let _ = browser::store_text(SET_KEY, &text);
                browser::show_in_url(&format!("#e={text}"));
            }
        });
    }
    // Keys: arrows move, symbols enter givens, Backspace clears, Ctrl+Z/Y.
    {
        let dispatcher = setter.dispatcher();
        let size = setter.layout().size();
        use_effect_with(size, move |&size| {
            let options = EventListenerOptions::enable_prevent_default();
            let listener = EventListener::new_with_options(&gloo_utils::document(), "keydown", options, move |event| {
                let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                if browser::typing_in_field(event) {
                    return;
                }
                let key = event.key();
                let action = if event.ctrl_key() || event.meta_key() {
                    match key.to_lowercase().as_str() {
                        "z" if event.shift_key() => Some(SetAction::Redo),
                        "z" => Some(SetAction::Undo),
                        "y" => Some(SetAction::Redo),
                        _ => None,
                    }
                } else {
                    match key.as_str() {
                        "ArrowUp" => Some(SetAction::Move(Direction::Up)),
                        "ArrowDown" => Some(SetAction::Move(Direction::Down)),
                        "ArrowLeft" => Some(SetAction::Move(Direction::Left)),
                        "ArrowRight" => Some(SetAction::Move(Direction::Right)),
                        "Backspace" | "Delete" | "0" | "." => Some(SetAction::Clear),
                        _ => key_symbol(&key, size).map(SetAction::Enter),
                    }
                };
                if let Some(action) = action {
                    event.prevent_default();
                    dispatcher.dispatch(action);
                }
            });
            move || drop(listener)
        });
    }

    let d = setter.dispatcher();
    let act = |action: SetAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    let analysis = &setter.analysis;
    let marks = |cell: CellId| {
        if analysis.differ == Some(cell) {
            Some(HintMark::Pattern)
        } else if analysis.needless.contains(&cell) {
            Some(HintMark::House)
        } else {
            None
        }
    };
    let view = Rc::new(BoardView::of_setter(
        setter.layout_rc(),
        setter.givens(),
        setter.selected,
        &marks,
        &analysis.conflicts,
    ));
    let on_press = {
        let d = d.clone();
        Callback::from(move |(cell, _)| d.dispatch(SetAction::Select(cell)))
    };
    let unique = analysis.count == Some((1, true));
    let several = analysis.count.is_some_and(|(n, exact)| n > 1 || !exact);
    let busy = setter.task.is_some();
    let puzzle = setter.puzzle();
    let share = link::encode_sudoku(&puzzle).ok().map(|k| format!("{}#p={k}", browser::page_base()));
    let layout_ref = use_node_ref();
    let (symmetry_ref, seed_ref) = (use_node_ref(), use_node_ref());
    let on_layout = {
        let (d, layout_ref) = (d.clone(), layout_ref.clone());
        Callback::from(move |_: MouseEvent| {
            let i = layout_ref.cast::<HtmlSelectElement>().and_then(|s| s.value().parse::<usize>().ok()).unwrap_or(0);
            if let Ok(v) = LAYOUTS[i.min(LAYOUTS.len() - 1)].1.parse::<Variant>() {
                let (spec, _, _) = v.into_parts();
                if let Ok(blank) = Variant::new(spec, None) {
                    d.dispatch(SetAction::Load(Box::new(blank)));
                }
            }
        })
    };
    let on_fill = {
        let (d, symmetry_ref, seed_ref) = (d.clone(), symmetry_ref.clone(), seed_ref.clone());
        Callback::from(move |_: MouseEvent| {
            let symmetry = match symmetry_ref.cast::<HtmlSelectElement>().map(|s| s.value()).as_deref() {
                Some("rot180") => WireSymmetry::Rot180,
                Some("mirror") => WireSymmetry::Mirror,
                Some("diagonal") => WireSymmetry::Diagonal,
                _ => WireSymmetry::None,
            };
            let seed = seed_of(&seed_ref.cast::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default());
            d.dispatch(SetAction::FillAndCut { symmetry, seed });
        })
    };
    let on_title = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                d.dispatch(SetAction::SetTitle(input.value()));
            }
        })
    };
    let on_play = {
        let (on_play, puzzle) = (props.on_play.clone(), puzzle.clone());
        Callback::from(move |_: MouseEvent| on_play.emit(puzzle.clone()))
    };
    let line_text = line::write(setter.layout(), setter.givens());
    let file_text = puzzle.to_string();
    let place = |c: CellId| pseudoku_core::logic::cell_name(setter.layout(), c);
    html! {
        <section class="screen set" aria-label="Set a sudoku">
            <p class="lead">{ "Type givens into a layout; the count of solutions follows every change. A puzzle is ready when it has exactly one." }</p>
            <div class="board-row">
                <div class="board-wrap">
                    <Board {view} {on_press} on_drag={Callback::noop()} />
                </div>
                <div class="side">
                    <p class="count" role="status" aria-live="polite">{ setter.count_text() }</p>
                    if analysis.count.is_none() && analysis.failed.is_none() {
                        <progress class="counting" aria-label="Counting solutions"></progress>
                    }
                    if !analysis.conflicts.is_empty() {
                        <p class="reason">{ format!("These givens break a rule: {}.", analysis.conflicts.iter().map(|&c| place(c)).collect::<Vec<_>>().join(", ")) }</p>
                    } else if analysis.count == Some((0, true)) {
                        <p class="reason">{ "No given conflicts with another directly, but the search found no solution." }</p>
                    }
                    if let (true, Some(cell)) = (several, analysis.differ) {
                        <p class="hint-text">{ format!("Two solutions differ at {} (marked).", place(cell)) }</p>
                    }
                    if unique {
                        if let Some((se, level, hardest)) = &analysis.rating {
                            <p class="difficulty">{ format!("{level} · SE {}.{} · {hardest}", se / 10, se % 10) }</p>
                        }
                        if !analysis.needless.is_empty() {
                            <p class="hint-text">{ match analysis.needless.len() {
                                1 => "1 given could go (shaded); the solution stays unique.".to_owned(),
                                n => format!("{n} givens could each go (shaded); the solution stays unique."),
                            } }</p>
                        }
                    }
                    <Keypad size={setter.layout().size()} mode={Mode::Value} modes={false} disabled={false}
                        on_mode={Callback::noop()}
                        on_enter={let d = d.clone(); Callback::from(move |s| d.dispatch(SetAction::Enter(s)))}
                        on_clear={let d = d.clone(); Callback::from(move |()| d.dispatch(SetAction::Clear))} />
                    <div class="tools" role="group" aria-label="Givens">
                        <button type="button" class="undo" disabled={!setter.can_undo()} onclick={act(SetAction::Undo)}>{ "Undo" }</button>
                        <button type="button" class="redo" disabled={!setter.can_redo()} onclick={act(SetAction::Redo)}>{ "Redo" }</button>
                        <button type="button" class="clear-givens" onclick={act(SetAction::ClearGivens)}>{ "Clear givens" }</button>
                        <button type="button" class="primary make-unique" disabled={busy || !several} onclick={act(SetAction::MakeUnique)}>{ "Make it unique" }</button>
                        <button type="button" class="minimize" disabled={busy || !unique || analysis.needless.is_empty()} onclick={act(SetAction::Minimize)}>{ "Remove what is not needed" }</button>
                    </div>
                    if let Some((_, doing)) = &setter.task {
                        <p class="task" role="status">{ *doing }</p>
                    }
                    if let Some(message) = &setter.message {
                        <div class="notice" role="alert">
                            <p>{ message.clone() }</p>
                            <button type="button" aria-label="Dismiss" onclick={act(SetAction::DismissMessage)}>{ "×" }</button>
                        </div>
                    }
                    <div class="share" role="group" aria-label="Share">
                        <label>{ "Title " }<input type="text" class="title" maxlength="80" value={setter.title()} oninput={on_title} /></label>
                        if let Some(share) = share.clone() {
                            <input type="text" class="link" readonly=true value={share.clone()} aria-label="Link to play this puzzle" />
                        }
                        <div class="buttons">
                            <button type="button" class="copy-link" disabled={share.is_none()}
                                onclick={Callback::from(move |_: MouseEvent| if let Some(s) = &share { browser::copy_to_clipboard(s) })}>{ "Copy link" }</button>
                            <button type="button" class="primary play-this" disabled={!unique} onclick={on_play}>{ "Play this" }</button>
                            <button type="button" class="svg" onclick={Callback::from(|_: MouseEvent| browser::download_svg("pseudoku"))}>{ "SVG" }</button>
                            <button type="button" class="png" onclick={Callback::from(|_: MouseEvent| browser::download_png("pseudoku"))}>{ "PNG" }</button>
                        </div>
                    </div>
                </div>
            </div>
            <details class="panel" open=true>
                <summary>{ "Layout and fill" }</summary>
                <div class="row">
                    <label>{ "Layout " }
                        <select ref={layout_ref} class="set-layout">
                            { for LAYOUTS.iter().enumerate().map(|(i, (name, _))| html! { <option value={i.to_string()} selected={i == 0}>{ *name }</option> }) }
                        </select>
                    </label>
                    <button type="button" class="use-layout" onclick={on_layout}>{ "Start blank" }</button>
                </div>
                <div class="row">
                    <label>{ "Symmetry " }
                        <select ref={symmetry_ref} class="set-symmetry">
                            <option value="none" selected=true>{ "None" }</option>
                            <option value="rot180">{ "Half turn" }</option>
                            <option value="mirror">{ "Mirror" }</option>
                            <option value="diagonal">{ "Diagonal" }</option>
                        </select>
                    </label>
                    <label>{ "Seed " }<input ref={seed_ref} type="text" class="set-seed" placeholder="random" size="8" /></label>
                    <button type="button" class="fill-cut" disabled={busy} onclick={on_fill}>{ "Fill and cut" }</button>
                </div>
            </details>
            <details class="panel export">
                <summary>{ "Export" }</summary>
                <label class="grow">{ "Line format" }<textarea class="export-line" rows="2" readonly=true value={line_text} /></label>
                <label class="grow">{ "Variant file" }<textarea class="export-file" rows="8" readonly=true value={file_text} /></label>
            </details>
            <p class="help">{ "Keys: arrows move; type a symbol to set a given; Backspace clears; Ctrl+Z undo, Ctrl+Y redo." }</p>
        </section>
    }
}
