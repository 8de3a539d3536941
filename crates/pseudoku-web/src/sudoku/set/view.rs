//! The sudoku setter's screen: a layout, givens typed with the keyboard or
//! keypad, the live solution count from the worker, and the tools that
//! finish a puzzle (make it unique, remove what is not needed, fill and
//! cut), and the layout's own tools: jigsaw regions drawn as walls (the
//! Pseudoku board's wall tool), diagonals and extra houses. State lives in
//! one [`SudokuSetter`] reducer.

use std::rc::Rc;

use pseudoku_core::format::{line, link, Variant};
use pseudoku_core::layout::{CellId, Layout};
use pseudoku_core::partition::Edge;
use web_sys::{HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

use crate::browser::{self, storage};
use crate::pseudoku::board::{self as pboard, PBoard, Target};
use crate::shared::count::Count;
use crate::shared::hooks::{use_background_engine, use_engine, use_keys};
use crate::shared::panels::{
    name_options, on_text, seed_in, share_panel, symmetry_in, symmetry_picker, Elsewhere, Notice, Share,
};
use crate::shared::walls::WallEdit;
use crate::sudoku::board::{cell_element_id, Board, BoardView, HintMark, Press};
use crate::sudoku::catalogue::LAYOUTS;
use crate::sudoku::keys::key_symbol;
use crate::sudoku::play::controls::Keypad;
use crate::sudoku::play::game::{Direction, Mode};
use crate::sudoku::set::jigsaw::RegionDraft;
use crate::sudoku::set::state::{SavedWork, SetAction, SudokuSetter};

/// How long a unique puzzle's givens stand unchanged before it is rated.
const RATE_AFTER_MS: u32 = 300;

#[derive(Properties, PartialEq)]
pub struct SetProps {
    /// A puzzle to edit (an `#e=` link of a sudoku), else the saved work.
    pub open: Option<Rc<Variant>>,
    /// "Play this".
    pub on_play: Callback<Variant>,
}

/// The setter to start with: the puzzle of the link (or the work kept after
/// it, when the address had not caught up with the work), else the saved
/// work, else a blank 9×9.
fn initial(open: Option<Rc<Variant>>) -> SudokuSetter {
    // Saved work the page cannot draw (from before its cap) is left unread.
    let decode =
        |k: String| SudokuSetter::from_saved_work(&k).filter(|s| browser::fits_the_page(s.layout_variant()).is_ok());
    let setter = match open {
        Some(v) => browser::lagging_work(storage::SUDOKU_SETTER_KEY)
            .and_then(decode)
            .unwrap_or_else(|| SudokuSetter::new((*v).clone())),
        None => browser::load_text(storage::SUDOKU_SETTER_KEY)
            .and_then(decode)
            .unwrap_or_else(|| SudokuSetter::new("size 9\n".parse().expect("the plain layout"))),
    };
    // Undo and redo come back when they were kept behind this very work.
    match storage::load_history(storage::SUDOKU_SETTER_KEY) {
        Some(saved) => setter.with_saved_history(saved),
        None => setter,
    }
}

#[function_component]
pub fn SetSudoku(props: &SetProps) -> Html {
    let setter = use_reducer({
        let open = props.open.clone();
        move || initial(open)
    });
    use_engine(setter.dispatcher(), Some(setter.request()), SetAction::Worker);
    // A unique puzzle's rating runs beside the checks, in a worker of its
    // own, once the givens have stood still a moment: the next keystroke's
    // count never waits for it.
    use_background_engine(setter.dispatcher(), setter.rating_request(), SetAction::Worker, RATE_AFTER_MS);
    // The work is kept and, when a link holds it (no given breaks a rule),
    // named in the address bar; its undo and redo are kept beside it.
    {
        let work = setter.saved_work();
        let setter = setter.clone();
        use_effect_with((work, setter.history_len()), move |(work, _)| {
            let key = storage::SUDOKU_SETTER_KEY;
            let _ = match work {
                SavedWork::Link(text) => browser::keep_work(key, text, &format!("#e={text}")),
                SavedWork::Text(text) => browser::store_text(key, text),
            };
            storage::keep_history(key, &setter.saved_history(work));
        });
    }
    // Keys: arrows move, symbols enter givens, Backspace clears, Ctrl+Z/Y.
    let focus = setter.selected.map_or(0, CellId::index);
    let drawing = setter.draft.as_ref().map(|d| d.n);
    use_keys(setter.dispatcher(), (setter.layout().size(), focus, drawing), |event, &(size, focus, drawing)| {
        set_key(event, size, focus, drawing).into_iter().collect()
    });

    // Focus follows the selection, for screen readers.
    use_effect_with(setter.selected, |selected| {
        if let Some(cell) = selected {
            browser::focus_within_grid(&cell_element_id(*cell));
        }
    });

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
    // The same callbacks every render, so the board renders only when its view changes.
    let on_press = use_callback(d.clone(), |Press { cell, add, .. }, d| {
        d.dispatch(if add { SetAction::Choose(cell) } else { SetAction::Select(cell) })
    });
    let on_drag = use_callback(d.clone(), |cell, d| d.dispatch(SetAction::Choose(cell)));
    let on_focus = use_callback(d.clone(), |cell, d| d.dispatch(SetAction::Focus(cell)));
    let board = match &setter.draft {
        Some(draft) => region_board(draft, &setter, &d),
        None => html! { <Board {view} {on_press} {on_drag} {on_focus} /> },
    };
    let unique = analysis.count.is_some_and(Count::is_unique);
    let several = analysis.count.is_some_and(Count::is_several);
    let busy = setter.task.is_some();
    let puzzle = setter.puzzle();
    let share = link::encode_sudoku(&puzzle).ok().map(|k| format!("{}#p={k}", browser::page_base()));
    let layout_ref = use_node_ref();
    let current = known_layout(setter.layout());
    let (symmetry_ref, seed_ref) = (use_node_ref(), use_node_ref());
    let on_layout = {
        let (d, layout_ref) = (d.clone(), layout_ref.clone());
        Callback::from(move |_: MouseEvent| {
            let chosen = layout_ref.cast::<HtmlSelectElement>().and_then(|s| s.value().parse::<usize>().ok());
            // "Custom" (the layout drawn here) has no blank to start from.
            let Some((_, text)) = chosen.and_then(|i| LAYOUTS.get(i)) else { return };
            if let Ok(v) = text.parse::<Variant>() {
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
            let symmetry = symmetry_in(&symmetry_ref);
            let seed = seed_in(&seed_ref);
            d.dispatch(SetAction::FillAndCut { symmetry, seed });
        })
    };
    let to_action = |make: fn(String) -> SetAction| {
        let d = d.clone();
        Callback::from(move |text| d.dispatch(make(text)))
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
                    { board }
                </div>
                <div class="side">
                    <p class="count" role="status" aria-live="polite">{ setter.count_text() }</p>
                    if let Some(draft) = &setter.draft {
                        { region_tools(draft, &d, busy, seed_ref.clone()) }
                    }
                    if analysis.count.is_none() && analysis.failed.is_none() && !setter.regions_unfinished() {
                        <progress class="counting" aria-label="Counting solutions"></progress>
                    }
                    if !analysis.conflicts.is_empty() {
                        <p class="reason">{ format!("These givens break a rule: {}.", analysis.conflicts.iter().map(|&c| place(c)).collect::<Vec<_>>().join(", ")) }</p>
                    } else if analysis.count == Some(Count::Exact(0)) {
                        <p class="reason">{ "No given conflicts with another directly, but the search found no solution." }</p>
                    }
                    if let (true, Some(cell)) = (several, analysis.differ) {
                        <p class="hint-text">{ format!("Two solutions differ at {} (marked).", place(cell)) }</p>
                    }
                    if unique {
                        if let Some((se, level, hardest)) = &analysis.rating {
                            <p class="difficulty">{ format!("{level} · SE {}.{} · {hardest}", se / 10, se % 10) }</p>
                        } else if let Some(reason) = &analysis.rating_failed {
                            <p class="difficulty">{ reason.clone() }</p>
                        } else {
                            <p class="difficulty rating">{ match analysis.rating_so_far {
                                Some(se) => format!("rating… {}.{} so far", se / 10, se % 10),
                                None => "rating…".to_owned(),
                            } }</p>
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
                        <Notice text={AttrValue::from(message.clone())} on_dismiss={
                            let d = setter.dispatcher();
                            Callback::from(move |()| d.dispatch(SetAction::DismissMessage))
                        } />
                    }
                    { share_panel(Share {
                        title: setter.title(),
                        author: setter.author(),
                        on_title: to_action(SetAction::SetTitle),
                        on_author: to_action(SetAction::SetAuthor),
                        link: share.map(AttrValue::from),
                        link_label: "Link to play this puzzle",
                        playable: unique,
                        on_play,
                    }, html! {
                        // A thousand UTF-16 units are at most 3,000 bytes: the rules fit a link whole.
                        <label>{ "Rules " }<textarea class="rules" rows="3" maxlength="1000" value={setter.rules()}
                            placeholder="Normal sudoku rules apply. (A line for each paragraph.)"
                            oninput={on_text(to_action(SetAction::SetRules))} /></label>
                    }, html! { <Elsewhere variant={puzzle.clone()} /> }) }
                </div>
            </div>
            <details class="panel" open=true>
                <summary>{ "Layout and fill" }</summary>
                <div class="row">
                    <label>{ "Layout " }
                        <select ref={layout_ref} class="set-layout">
                            { name_options(LAYOUTS, current) }
                            if current.is_none() {
                                <option value="custom" selected=true disabled=true>{ "Custom" }</option>
                            }
                        </select>
                    </label>
                    <button type="button" class="use-layout" onclick={on_layout}>{ "Start blank" }</button>
                </div>
                <div class="row">
                    { symmetry_picker(symmetry_ref.clone(), "set-symmetry") }
                    <label>{ "Seed " }<input ref={seed_ref} type="text" class="set-seed" placeholder="random" size="8" /></label>
                    <button type="button" class="fill-cut" disabled={busy || setter.draft.as_ref().is_some_and(|d| d.drawn.map().is_none())} onclick={on_fill}>{ "Fill and cut" }</button>
                </div>
                { house_tools(&setter, &d) }
            </details>
            <details class="panel export">
                <summary>{ "Export" }</summary>
                <label class="grow">{ "Line format" }<textarea class="export-line" rows="2" readonly=true value={line_text} /></label>
                <label class="grow">{ "Variant file" }<textarea class="export-file" rows="8" readonly=true value={file_text} /></label>
            </details>
            <p class="help">{ "Keys: arrows move; type a symbol to set a given; Backspace clears; Ctrl+Z undo, Ctrl+Y redo. Drawing regions: drag along grid lines, or Shift+arrow toggles the wall on that side." }</p>
        </section>
    }
}

/// The board while regions are drawn: the wall tool of the Pseudoku board,
/// each finished region in its colour, the groups that are not regions yet
/// marked.
fn region_board(draft: &RegionDraft, setter: &SudokuSetter, d: &UseReducerDispatcher<SudokuSetter>) -> Html {
    let n = draft.n;
    let bad: Vec<usize> = draft.drawn.problems.iter().flat_map(|p| p.cells.iter().map(|c| c.index())).collect();
    // Every group in its colour, the unfinished ones striped as well, so
    // the halves of a split region look apart.
    let colour: Vec<Option<u8>> = draft.colours.iter().map(|&k| Some(k)).collect();
    let symbols = setter.givens().iter().map(|g| g.and_then(|s| s.to_char()).unwrap_or(' ')).collect();
    let view = Rc::new(pboard::BoardView {
        n,
        symbols,
        walls: draft.walls.iter().copied().collect(),
        regions: colour,
        bad,
        focus: setter.selected.map_or(0, CellId::index),
        label: format!("Regions being drawn, {n} by {n}"),
        ..pboard::BoardView::default()
    });
    let dispatch = |make: fn(Edge) -> SetAction| {
        let d = d.clone();
        Callback::from(move |e: Edge| d.dispatch(make(e)))
    };
    let on_focus = {
        let d = d.clone();
        Callback::from(move |cell: usize| d.dispatch(SetAction::Select(CellId(cell as u32))))
    };
    let on_end = {
        let d = d.clone();
        Callback::from(move |()| d.dispatch(SetAction::Wall(WallEdit::End)))
    };
    html! {
        <PBoard {view} target={Target::Edges} on_edge_start={dispatch(|e| SetAction::Wall(WallEdit::Start(e)))}
            on_edge_over={dispatch(|e| SetAction::Wall(WallEdit::Over(e)))} on_cell_start={Callback::noop()}
            on_cell_over={Callback::noop()} on_stroke_end={on_end} {on_focus} />
    }
}

/// What the walls drawn make, and the region tools.
fn region_tools(draft: &RegionDraft, d: &UseReducerDispatcher<SudokuSetter>, busy: bool, seed: NodeRef) -> Html {
    let n = draft.n;
    let at = |c: CellId| format!("r{}c{}", c.index() / n + 1, c.index() % n + 1);
    let messages = draft.drawn.messages(n, at);
    let act = |action: SetAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    let on_random = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            let seed = seed_in(&seed);
            d.dispatch(SetAction::RandomRegions { seed })
        })
    };
    html! {
        <div class="region-tools" role="group" aria-label="Regions">
            if messages.is_empty() {
                <p class="hint-text">{ format!("{n} regions of {n} cells: the layout is a jigsaw.") }</p>
            } else {
                <ul class="region-problems" role="status">
                    { for messages.into_iter().map(|m| html! { <li>{ m }</li> }) }
                </ul>
            }
            <div class="tools">
                <button type="button" class="random-regions" disabled={busy} onclick={on_random}>{ "Random regions" }</button>
                <button type="button" class="clear-walls" onclick={act(SetAction::ClearWalls)}>{ "Clear walls" }</button>
                <button type="button" class="primary regions-done" onclick={act(SetAction::DrawRegions(false))}>{ "Done" }</button>
            </div>
        </div>
    }
}

/// Regions, diagonals and extra houses of a square layout.
fn house_tools(setter: &SudokuSetter, d: &UseReducerDispatcher<SudokuSetter>) -> Html {
    let act = |action: SetAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    let on_diagonals = {
        let d = d.clone();
        Callback::from(move |_: Event| d.dispatch(SetAction::ToggleDiagonals))
    };
    let size = setter.layout().size();
    let square = setter.square().is_some();
    let drawing = setter.draft.is_some();
    let chosen = setter.chosen.len();
    let houses = setter.extra_houses();
    let place = |c: &CellId| pseudoku_core::logic::cell_name(setter.layout(), *c);
    html! {
        <>
            <div class="row">
                <button type="button" class="draw-regions" aria-pressed={drawing.to_string()} disabled={!square}
                    onclick={act(SetAction::DrawRegions(!drawing))}>{ if drawing { "Stop drawing regions" } else { "Draw regions" } }</button>
                <label><input type="checkbox" class="diagonals" checked={setter.diagonals()} disabled={!square}
                    onchange={on_diagonals} />{ " Diagonals" }</label>
                <button type="button" class="make-house" disabled={chosen != size || drawing}
                    title={format!("Ctrl+click or drag to choose {size} cells")}
                    onclick={act(SetAction::MakeHouse)}>{ format!("Make a house of the chosen cells ({chosen} of {size})") }</button>
            </div>
            if !houses.is_empty() {
                <ul class="houses" aria-label="Extra houses">
                    { for houses.iter().enumerate().map(|(i, cells)| html! {
                        <li>
                            { cells.iter().map(place).collect::<Vec<_>>().join(" ") }
                            <button type="button" class="remove-house" aria-label={format!("Remove extra house {}", i + 1)}
                                onclick={act(SetAction::RemoveHouse(i))}>{ "×" }</button>
                        </li>
                    }) }
                </ul>
            }
        </>
    }
}

/// Which of the listed layouts this is, if any (else it is the setter's own:
/// "Custom"). The listed layouts are read once.
fn known_layout(layout: &Layout) -> Option<usize> {
    thread_local! {
        static KNOWN: Vec<Option<Layout>> =
            LAYOUTS.iter().map(|(_, text)| text.parse::<Variant>().ok().map(|v| v.layout().clone())).collect();
    }
    KNOWN.with(|known| {
        known.iter().position(|l| l.as_ref().is_some_and(|l| l.cell_count() == layout.cell_count() && l == layout))
    })
}

/// The action for a key press on the sudoku setter: `focus` is the selected
/// cell, `drawing` the side of the grid while regions are drawn.
fn set_key(event: &KeyboardEvent, size: usize, focus: usize, drawing: Option<usize>) -> Option<SetAction> {
    let key = event.key();
    let action = if event.ctrl_key() || event.meta_key() {
        match key.to_ascii_lowercase().as_str() {
            "z" if event.shift_key() => Some(SetAction::Redo),
            "z" => Some(SetAction::Undo),
            "y" => Some(SetAction::Redo),
            _ => None,
        }
    } else if let (Some(n), true) = (drawing, event.shift_key()) {
        // Drawing regions: Shift+arrow toggles that side's wall.
        let (row, col) = (focus / n, focus % n);
        let other = match key.as_str() {
            "ArrowUp" if row > 0 => Some(focus - n),
            "ArrowDown" if row + 1 < n => Some(focus + n),
            "ArrowLeft" if col > 0 => Some(focus - 1),
            "ArrowRight" if col + 1 < n => Some(focus + 1),
            _ => None,
        };
        other
            .and_then(|o| Edge::new(n, CellId(focus as u32), CellId(o as u32)))
            .map(|e| SetAction::Wall(WallEdit::Toggle(e)))
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
    action
}
