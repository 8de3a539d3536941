//! The sudoku screen, for every variant the engine knows: owns its one
//! [`Table`] reducer, wires the keyboard, the worker, the URL and local
//! storage to it, and lays out the board, the keypad and the panels.

use std::rc::Rc;

use gloo_timers::callback::Interval;
use pseudoku_core::format::{link, Variant};
use pseudoku_core::layout::Geometry;
use serde::{Deserialize, Serialize};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::browser::{self, storage};
use crate::engine::wire::{HintWire, WireSymmetry};
use crate::shared::hooks::{use_background_engine, use_engine, use_keys};
use crate::shared::panels::{
    export_buttons, link_field, name_options, seed_in, symmetry_in, symmetry_picker, CopyLink, Elsewhere, Notice, Tone,
};
use crate::sudoku::board::{cell_element_id, Board, BoardView, Press};
use crate::sudoku::catalogue::{parse_puzzle, LAYOUTS};
use crate::sudoku::keys::key_action;
use crate::sudoku::play::controls::{houses_of, Keypad, Status};
use crate::sudoku::play::game::{Action, Game, Puzzle, SavedGame};
use crate::sudoku::play::table::{Table, TableAction};

/// What the screen opens with.
#[derive(Clone, Debug, PartialEq)]
pub enum Opening {
    /// A shared puzzle.
    Link(Box<Variant>),
    /// The classic 9×9 made from this seed (`#seed=` links).
    Seed(u64),
    /// The last game played, else a new classic 9×9.
    Resume,
    /// An f-puzzles or SudokuPad link (`#import=`), read in the worker
    /// over the last game played.
    Import(String),
}

/// The level of a newcomer's first sudoku.
pub const FIRST_LEVEL: &str = "easy";
const RECENT_MAX: usize = 12;

/// A puzzle in the recent list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Recent {
    key: String,
    title: String,
    /// [`Game::summary`] when last saved (absent in older lists).
    #[serde(default)]
    about: String,
}

fn recent() -> Vec<Recent> {
    browser::load_text(storage::RECENT_SUDOKUS_KEY).and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
}

/// The game of a puzzle with its saved progress, if any; a damaged save is
/// reported and left alone (it is overwritten only by new moves).
fn with_saved(game: Game) -> Game {
    let Some(text) = browser::load_text(&storage::sudoku_key(game.puzzle().key())) else { return game };
    let restored = serde_json::from_str::<SavedGame>(&text)
        .map_err(|e| format!("it is damaged ({e})"))
        .and_then(|saved| game.clone().restore(saved));
    match restored {
        Ok(g) => g,
        Err(reason) => game.with_notice(format!("Your saved game could not be read: {reason}. It starts afresh.")),
    }
}

fn open_variant(variant: Variant, seed: Option<u64>) -> Result<Game, String> {
    Ok(with_saved(Game::new(Puzzle::new(variant)?, seed)))
}

fn initial(opening: &Opening) -> Table {
    // A seed's link is the same puzzle it always was (of any level); a
    // newcomer starts on an easy one.
    let classic = |seed, level: Option<&str>| {
        Table::new(None)
            .apply(TableAction::New {
                layout: "size 9\n".into(),
                symmetry: WireSymmetry::None,
                minimal: false,
                seed,
                level: level.map(str::to_owned),
            })
            .expect("a new puzzle is a change")
    };
    let new_classic = |seed| classic(seed, Some(FIRST_LEVEL));
    match opening {
        Opening::Link(variant) => match open_variant((**variant).clone(), None) {
            Ok(game) => Table::new(Some(game)),
            Err(e) => {
                let mut t = new_classic(browser::random_seed());
                t.notice = Some(format!("This puzzle could not be opened: {e}."));
                t
            }
        },
        Opening::Seed(seed) => classic(*seed, None),
        Opening::Import(text) => {
            let resumed = initial(&Opening::Resume);
            resumed.apply(TableAction::Import(text.clone())).unwrap_or(resumed)
        }
        Opening::Resume => {
            let last = browser::load_text(storage::LAST_SUDOKU_KEY).and_then(|k| link::decode_shared(&k).ok());
            let saved_seed = |key: &str| {
                browser::load_text(&storage::sudoku_key(key))
                    .and_then(|t| serde_json::from_str::<SavedGame>(&t).ok())
                    .and_then(|s| s.seed)
            };
            match last {
                Some(link::Shared::Sudoku(v)) => {
                    let key = link::encode_sudoku(&v).unwrap_or_default();
                    match open_variant(*v, saved_seed(&key)) {
                        Ok(game) => Table::new(Some(game)),
                        Err(_) => new_classic(browser::random_seed()),
                    }
                }
                _ => new_classic(browser::random_seed()),
            }
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct SudokuProps {
    pub opening: Opening,
    /// "Edit": open the puzzle in the setter.
    pub on_edit: Callback<Variant>,
}

#[function_component]
pub fn Sudoku(props: &SudokuProps) -> Html {
    let table = use_reducer({
        let opening = props.opening.clone();
        move || initial(&opening)
    });
    // The worker runs what the table asks for: a new puzzle, a hint, else
    // the solve; the rating runs beside it in a worker of its own.
    use_engine(table.dispatcher(), table.request(), TableAction::Worker);
    use_background_engine(table.dispatcher(), table.rating_request(), TableAction::Worker, 0);
    // A puzzle made from a seed may have been played before: its progress.
    {
        let dispatcher = table.dispatcher();
        let fresh = table.game.as_ref().filter(|g| !g.can_undo() && g.elapsed_ms == 0).cloned();
        let key = table.game.as_ref().map(|g| g.puzzle().key().to_owned());
        use_effect_with(key, move |_| {
            if let Some(game) = fresh {
                let restored = with_saved(game.clone());
                if restored != game {
                    dispatcher.dispatch(TableAction::Open(Box::new(restored)));
                }
            }
        });
    }
    // Saved after every move; the address bar names the puzzle.
    {
        let dispatcher = table.dispatcher();
        // A classic 9×9 made from a seed is named by its seed.
        let classic = |g: &Game| {
            let layout = g.layout();
            layout.cell_count() == 81 && pseudoku_core::layout::Layout::classic(3).is_ok_and(|c| &c == layout)
        };
        let saved = table.game.as_ref().map(|g| {
            let title = g.puzzle().title().unwrap_or("").to_owned();
            (g.puzzle().key().to_owned(), title, g.summary(), g.saved(), classic(g))
        });
        use_effect_with(saved, move |saved| {
            let Some((key, title, about, saved, classic)) = saved else { return };
            let json = serde_json::to_string(saved).expect("saved games serialize");
            let mut list = recent();
            list.retain(|r| &r.key != key);
            list.insert(0, Recent { key: key.clone(), title: title.clone(), about: about.clone() });
            list.truncate(RECENT_MAX);
            let stored = storage::store_evicting(&storage::sudoku_key(key), &json)
                .and_then(|removed| browser::store_text(storage::LAST_SUDOKU_KEY, key).map(|()| removed))
                .and_then(|removed| {
                    let list = serde_json::to_string(&list).unwrap_or_default();
                    browser::store_text(storage::RECENT_SUDOKUS_KEY, &list).map(|()| removed)
                });
            match stored {
                Ok(0) => {}
                Ok(removed) => dispatcher.dispatch(TableAction::Game(Action::Notice(storage::evicted_notice(removed)))),
                Err(reason) => dispatcher.dispatch(TableAction::Game(Action::Notice(format!(
                    "Your game could not be saved: {reason}. You can keep playing."
                )))),
            }
            let classic_seed = saved.seed.filter(|_| *classic);
            match classic_seed {
                Some(seed) => browser::show_in_url(&browser::seed_hash(seed)),
                None => browser::show_in_url(&format!("#p={key}")),
            }
        });
    }
    // The clock runs while the page is visible.
    {
        let dispatcher = table.dispatcher();
        use_effect_with((), move |_| {
            let interval = Interval::new(1000, move || {
                if !browser::page_hidden() {
                    dispatcher.dispatch(TableAction::Game(Action::Tick(1000)));
                }
            });
            move || drop(interval)
        });
    }
    // Keyboard first.
    let size = table.game.as_ref().map_or(9, |g| g.layout().size());
    use_keys(table.dispatcher(), size, |event, &size| {
        key_action(event, size).map(TableAction::Game).into_iter().collect()
    });
    // Focus follows the selection, for screen readers.
    use_effect_with(table.game.as_ref().and_then(Game::selected), |selected| {
        if let Some(cell) = selected {
            browser::focus_within_grid(&cell_element_id(*cell));
        }
    });

    let d = table.dispatcher();
    let game_action = |make: fn(()) -> Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(TableAction::Game(make(()))))
    };

    // The "new puzzle" panel.
    let (layout_ref, seed_ref, symmetry_ref, minimal_ref, paste_ref) =
        (use_node_ref(), use_node_ref(), use_node_ref(), use_node_ref(), use_node_ref());
    let level_ref = use_node_ref();
    let on_new = {
        let (d, layout_ref, seed_ref, symmetry_ref, minimal_ref, level_ref) = (
            d.clone(),
            layout_ref.clone(),
            seed_ref.clone(),
            symmetry_ref.clone(),
            minimal_ref.clone(),
            level_ref.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let index =
                layout_ref.cast::<HtmlSelectElement>().and_then(|s| s.value().parse::<usize>().ok()).unwrap_or(0);
            let (_, layout) = LAYOUTS[index.min(LAYOUTS.len() - 1)];
            let symmetry = symmetry_in(&symmetry_ref);
            let minimal = minimal_ref.cast::<HtmlInputElement>().is_some_and(|i| i.checked());
            let seed = seed_in(&seed_ref);
            let level =
                level_ref.cast::<HtmlSelectElement>().map(|s| s.value()).filter(|v| !v.is_empty() && v != "any");
            d.dispatch(TableAction::New { layout: layout.to_owned(), symmetry, minimal, seed, level });
        })
    };
    let on_example = {
        let (d, layout_ref) = (d.clone(), layout_ref.clone());
        Callback::from(move |_: MouseEvent| {
            let index =
                layout_ref.cast::<HtmlSelectElement>().and_then(|s| s.value().parse::<usize>().ok()).unwrap_or(0);
            let (_, text) = LAYOUTS[index.min(LAYOUTS.len() - 1)];
            match text.parse::<Variant>().map_err(|e| e.to_string()).and_then(|v| open_variant(v, None)) {
                Ok(game) => d.dispatch(TableAction::Open(Box::new(game))),
                Err(e) => d.dispatch(TableAction::Game(Action::Notice(e))),
            }
        })
    };
    let paste_error = use_state(|| None::<String>);
    let on_paste = {
        let (d, paste_ref, paste_error) = (d.clone(), paste_ref.clone(), paste_error.clone());
        Callback::from(move |_: MouseEvent| {
            let text = paste_ref.cast::<HtmlTextAreaElement>().map(|t| t.value()).unwrap_or_default();
            if pseudoku_fpuzzles::looks_importable(&text) {
                paste_error.set(None);
                d.dispatch(TableAction::Import(text));
                return;
            }
            match parse_puzzle(&text).and_then(|v| open_variant(v, None)) {
                Ok(game) => {
                    paste_error.set(None);
                    d.dispatch(TableAction::Open(Box::new(game)));
                }
                Err(e) => paste_error.set(Some(e)),
            }
        })
    };
    let recent_list = recent();
    // Candidates in place, or the player's centre marks as written: a
    // setting kept with the theme.
    let positional = use_state(|| browser::load_text(storage::CANDIDATES_KEY).as_deref() != Some("centre"));
    let on_positional = {
        let positional = positional.clone();
        Callback::from(move |e: Event| {
            let on = e.target_dyn_into::<HtmlInputElement>().is_some_and(|i| i.checked());
            let _ = browser::store_text(storage::CANDIDATES_KEY, if on { "positional" } else { "centre" });
            positional.set(on);
        })
    };

    // The same callbacks every render, so the board renders only when its view changes.
    let on_press = use_callback(d.clone(), |Press { cell, add, double }, d| {
        d.dispatch(TableAction::Game(match (add, double) {
            (true, _) => Action::Toggle(cell),
            (false, true) => Action::SelectSame(cell),
            (false, false) => Action::Select { cell, add: false },
        }))
    });
    let on_drag = use_callback(d.clone(), |cell, d| d.dispatch(TableAction::Game(Action::Select { cell, add: true })));
    let on_focus = use_callback(d.clone(), |cell, d| d.dispatch(TableAction::Game(Action::Focus(cell))));

    let Some(game) = table.game.as_ref() else {
        return html! {
            <section class="screen sudoku" aria-label="Sudoku">
                { making_panel(&table, &d) }
                { importing_status(&table) }
                if let Some(notice) = &table.notice {
                    <Notice text={AttrValue::from(notice.clone())} on_dismiss={let d = d.clone(); Callback::from(move |()| d.dispatch(TableAction::DismissNotice))} />
                }
            </section>
        };
    };
    let layout = game.layout_rc();
    let view = Rc::new(BoardView::of(game, layout.clone(), *positional));
    let secs = game.elapsed_ms / 1000;
    let clock = format!("{}:{:02}", secs / 60, secs % 60);
    let share = format!("{}#p={}", browser::page_base(), game.puzzle().key());
    let custom = matches!(layout.geometry(), Geometry::Abstract);
    html! {
        <section class="screen sudoku" aria-label="Sudoku">
            <div class="title-row">
                <h2 class="puzzle-title">{ game.puzzle().title().unwrap_or("Sudoku").to_owned() }</h2>
                if let Some(author) = &game.puzzle().variant().spec().author {
                    <span class="author">{ format!("by {author}") }</span>
                }
                if let Some(rating) = &game.rating {
                    <span class={classes!("difficulty", rating.at_least.then_some("beyond"))} title={format!("Hardest step: {}", rating.hardest)}>
                        { rating.label() }
                    </span>
                } else if let Some((se, steps)) = game.rating_so_far {
                    <span class="difficulty rating" aria-live="polite" title={format!("{steps} steps so far")}>
                        { format!("rating… {}.{} so far", se / 10, se % 10) }
                    </span>
                } else if table.rating_request().is_some() {
                    // Before the first step is rated (the hardest may come first).
                    <span class="difficulty rating" aria-live="polite">{ "rating…" }</span>
                }
                <span class="clock" aria-label="Time">{ clock.clone() }</span>
                <button type="button" class="pause" onclick={game_action(|()| Action::TogglePause)}>{ if game.paused { "Resume" } else { "Pause" } }</button>
            </div>
            if let Some(rules) = &game.puzzle().variant().spec().rules {
                <p class="rules"><strong>{ "Rules: " }</strong>{ rules.clone() }</p>
            }
            if let Some(notice) = game.notice.as_ref().or(table.notice.as_ref()) {
                <Notice text={AttrValue::from(notice.clone())} on_dismiss={let d = d.clone(); Callback::from(move |()| { d.dispatch(TableAction::DismissNotice); d.dispatch(TableAction::Game(Action::DismissNotice)); })} />
            }
            if let Some(note) = &table.note {
                <Notice text={AttrValue::from(note.clone())} tone={Tone::News} on_dismiss={let d = d.clone(); Callback::from(move |()| d.dispatch(TableAction::DismissNotice))} />
            }
            { importing_status(&table) }
            <div class="board-row">
                <div class={classes!("board-wrap", game.paused.then_some("paused"))}>
                    <Board {view} {on_press} {on_drag} {on_focus} />
                    if game.paused {
                        <p class="paused-note">{ "Paused" }</p>
                    }
                    // Under the board, so a phone shows the step beside its drawing.
                    if let Some(text) = hint_text(game) {
                        <p class="hint-text" role="status">{ text }</p>
                    }
                    { step_buttons(game, &d) }
                </div>
                <div class="side">
                    <Status solved={game.is_solved()} conflicts={game.conflict_count()} empty={game.empty_count()}
                        checked={game.checked.clone()} solutions={game.solutions.clone()} clock={clock} />
                    <Keypad size={layout.size()} mode={game.mode} disabled={game.is_solved()}
                        on_mode={let d = d.clone(); Callback::from(move |m| d.dispatch(TableAction::Game(Action::SetMode(m))))}
                        on_enter={let d = d.clone(); Callback::from(move |s| d.dispatch(TableAction::Game(Action::Enter { symbol: s, mode: None })))}
                        on_clear={let d = d.clone(); Callback::from(move |()| d.dispatch(TableAction::Game(Action::Clear)))} />
                    <div class="tools" role="group" aria-label="Moves">
                        <button type="button" class="undo" disabled={!game.can_undo()} onclick={game_action(|()| Action::Undo)} title="Ctrl+Z">{ "Undo" }</button>
                        <button type="button" class="redo" disabled={!game.can_redo()} onclick={game_action(|()| Action::Redo)} title="Ctrl+Y">{ "Redo" }</button>
                        <button type="button" class="check" onclick={game_action(|()| Action::Check)}>{ "Check" }</button>
                        <button type="button" class="auto" onclick={game_action(|()| Action::AutoCandidates)}>{ "Candidates" }</button>
                        <button type="button" class="hint" disabled={game.is_solved()}
                            onclick={let d = d.clone(); move |_| d.dispatch(TableAction::Hint)}>
                            { if matches!(game.hint, Some((_, false))) { "More" } else { "Hint" } }
                        </button>
                    </div>
                    <label class="setting"><input type="checkbox" class="positional" checked={*positional} onchange={on_positional} />
                        { " Candidates in place" }</label>
                    if custom {
                        <p class="houses">{ houses_of(game).unwrap_or_else(|| "Select a cell to see its houses.".into()) }</p>
                    }
                    <div class="share" role="group" aria-label="Share">
                        { link_field(AttrValue::from(share.clone()), "Link to this puzzle") }
                        <div class="buttons">
                            <CopyLink link={AttrValue::from(share)} />
                            <button type="button" class="edit" onclick={
                                let (on_edit, variant) = (props.on_edit.clone(), game.puzzle().variant().clone());
                                move |_| on_edit.emit(variant.clone())
                            }>{ "Edit" }</button>
                            <button type="button" class="print" onclick={Callback::from(|_: MouseEvent| browser::print())}>{ "Print" }</button>
                            { export_buttons() }
                        </div>
                        <Elsewhere variant={game.puzzle().variant().clone()} />
                    </div>
                    if let Some(seed) = game.seed() {
                        <p class="seed">{ "Puzzle " }<a href={browser::seed_hash(seed)} title="Link to this puzzle">{ format!("#{seed}") }</a></p>
                    }
                </div>
            </div>
            { making_panel(&table, &d) }
            <details class="panel new-puzzle">
                <summary>{ "New puzzle" }</summary>
                <div class="row">
                    <label>{ "Variant " }
                        <select ref={layout_ref} class="variant">
                            { name_options(LAYOUTS, Some(0)) }
                        </select>
                    </label>
                    { symmetry_picker(symmetry_ref.clone(), "symmetry") }
                    <label>{ "Seed " }<input ref={seed_ref} type="text" class="seed-text" placeholder="random" size="8" /></label>
                    <label>{ "Difficulty " }
                        <select ref={level_ref} class="level">
                            <option value="any" selected=true>{ "Any" }</option>
                            <option value="easy">{ "Easy" }</option>
                            <option value="medium">{ "Medium" }</option>
                            <option value="hard">{ "Hard" }</option>
                            <option value="expert">{ "Expert" }</option>
                            <option value="extreme">{ "Extreme" }</option>
                        </select>
                    </label>
                    <label><input ref={minimal_ref} type="checkbox" class="minimal" />{ " Minimal" }</label>
                    <button type="button" class="new primary" disabled={table.making.is_some()} onclick={on_new}>{ "New puzzle" }</button>
                    <button type="button" class="open-example" onclick={on_example} title="Open the example's own puzzle">{ "Example" }</button>
                </div>
                <div class="row paste">
                    <label class="grow">{ "Type or paste a puzzle (a line, a grid, a variant file, or an f-puzzles, SudokuPad or sudokuwiki link)" }
                        <textarea ref={paste_ref} class="paste-text" rows="2" spellcheck="false"
                            placeholder="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" />
                    </label>
                    <button type="button" class="use-paste" onclick={on_paste}>{ "Play this" }</button>
                </div>
                if let Some(error) = (*paste_error).clone() {
                    <p class="error" role="alert">{ error }</p>
                }
            </details>
            if recent_list.len() > 1 {
                <details class="panel recent">
                    <summary>{ "Recent puzzles" }</summary>
                    <ul>
                        { for recent_list.iter().map(|r| {
                            let d = d.clone();
                            let key = r.key.clone();
                            let title = if r.title.is_empty() { "Untitled" } else { r.title.as_str() };
                            let label = if r.about.is_empty() { title.to_owned() } else { format!("{title} · {}", r.about) };
                            html! { <li><button type="button" onclick={move |_| {
                                if let Ok(link::Shared::Sudoku(v)) = link::decode_shared(&key) {
                                    if let Ok(game) = open_variant(*v, None) {
                                        d.dispatch(TableAction::Open(Box::new(game)));
                                    }
                                }
                            }}>{ label }</button></li> }
                        }) }
                    </ul>
                </details>
            }
            <p class="help">{ "Click, drag or Ctrl+click to select (Ctrl+click again to unselect); double-click a digit to select all the same; arrows or W A S D move (Shift extends). Type a symbol; hold Shift for corner marks, Ctrl for centre marks, Ctrl+Shift for colours, or use Z X C V. Backspace clears, Escape deselects, Ctrl+Z undo, Ctrl+Y redo." }</p>
        </section>
    }
}

/// What the hint says: the nudge, or the whole step.
fn hint_text(game: &Game) -> Option<String> {
    let (wire, full) = game.hint.as_ref()?;
    let layout = game.layout();
    let names = |cells: &[u32]| {
        cells
            .iter()
            .map(|&c| pseudoku_core::logic::cell_name(layout, pseudoku_core::layout::CellId(c)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Some(match wire {
        HintWire::Wrong { cells } => {
            format!("Not that way: {} {} a wrong value.", names(cells), if cells.len() == 1 { "holds" } else { "hold" })
        }
        HintWire::MarksMissing { cells } => {
            format!("Your centre marks in {} miss a candidate that is really there.", names(cells))
        }
        HintWire::Step(step) => {
            let (nudge, sentence) = (&step.nudge, &step.sentence);
            if *full {
                sentence.clone()
            } else {
                nudge.clone()
            }
        }
        HintWire::Solved => "Solved: there is nothing left to find.".into(),
        HintWire::Stuck => "No technique the solver knows applies here; this grid needs a guess.".into(),
    })
}

/// "Show me", "Next step" and "Back": step through the solve path (shown
/// when a step is drawn in full, or one can be gone back to).
fn step_buttons(game: &Game, d: &UseReducerDispatcher<Table>) -> Html {
    let full = matches!(game.hint, Some((HintWire::Step(_), true)));
    if !full && !game.can_step_back() {
        return html! {};
    }
    let send = |action: TableAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    html! {
        <div class="steps" role="group" aria-label="Steps">
            <button type="button" class="step-back" disabled={!game.can_step_back()}
                onclick={send(TableAction::Game(Action::StepBack))}>{ "Back" }</button>
            <button type="button" class="show-me" disabled={!full} onclick={send(TableAction::Game(Action::ShowMe))}>{ "Show me" }</button>
            <button type="button" class="next-step" disabled={game.is_solved()} onclick={send(TableAction::NextStep)}>{ "Next step" }</button>
        </div>
    }
}

/// "Opening the puzzle…" while a link is read in the worker.
fn importing_status(table: &Table) -> Html {
    if !table.importing() {
        return html! {};
    }
    html! { <p class="making importing" role="status">{ "Opening the puzzle…" }</p> }
}

/// The progress of a puzzle being made, with Cancel.
fn making_panel(table: &Table, d: &UseReducerDispatcher<Table>) -> Html {
    let Some(making) = &table.making else { return html! {} };
    let d = d.clone();
    let (value, max, text) = match making.progress {
        Some((done, total)) if total > 0 => {
            (Some(done.to_string()), total.to_string(), format!("Making a puzzle… {done} of {total} steps"))
        }
        _ => (None, "1".into(), "Making a puzzle…".into()),
    };
    html! {
        <div class="making" role="status">
            <span>{ text }</span>
            <progress class="making-progress" {value} {max} aria-label="Making a puzzle"></progress>
            <button type="button" class="cancel" onclick={move |_| d.dispatch(TableAction::Cancel)}>{ "Cancel" }</button>
        </div>
    }
}
