//! The Pseudoku setter's screen: a grid to set on, walls drawn with the
//! pointer or the keyboard, the live answer count and what all answers
//! agree on, the worker's tools (complete, trim, generate), and the share
//! link. State lives in one [`Setter`] reducer; this component reads it and
//! dispatches.

use std::rc::Rc;

use pseudoku_core::format::link::Challenge;
use pseudoku_core::layout::CellId;
use pseudoku_core::partition::{Edge, Instance};
use web_sys::{HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent};
use yew::prelude::*;

use crate::browser;
use crate::engine::wire::ANSWERS_KEPT;
use crate::pseudoku::board::{symbol_chars, BoardView, PBoard, Target};
use crate::pseudoku::examples::{EXAMPLES, SEED_PUZZLE};
use crate::pseudoku::play::view::level_options;
use crate::pseudoku::set::state::{Setter, SetterAction};
use crate::shared::count::{counted, nodes_text, Count};
use crate::shared::hooks::{use_engine, use_keys};
use crate::shared::panels::{name_options, seed_in, select_value, share_panel, Notice, Share};
use crate::shared::walls::WallEdit;

#[derive(Properties, PartialEq)]
pub struct CreateProps {
    /// A challenge to open (from an `#e=` link), else the saved work.
    pub open: Option<Challenge>,
    /// "Play this".
    pub on_play: Callback<Challenge>,
}

/// The setter to start with: the challenge of the link (or the work kept
/// after it, when the address had not caught up with the work), else the
/// saved work, else the 2014 puzzle.
fn initial(open: Option<Challenge>) -> Setter {
    let lagging =
        || browser::lagging_work(browser::SETTER_KEY).and_then(|t| pseudoku_core::format::link::decode(&t).ok());
    let setter = if let Some(c) = open {
        Setter::from_challenge(lagging().unwrap_or(c))
    } else {
        let saved = browser::load_text(browser::SETTER_KEY).and_then(|t| pseudoku_core::format::link::decode(&t).ok());
        match saved {
            Some(c) => Setter::from_challenge(c),
            None => Setter::new(SEED_PUZZLE.parse().expect("the example parses")),
        }
    };
    // Undo and redo come back when they were kept behind this very work.
    match browser::load_history(browser::SETTER_KEY) {
        Some(saved) => setter.with_saved_history(saved),
        None => setter,
    }
}

#[function_component]
pub fn Create(props: &CreateProps) -> Html {
    let setter = use_reducer({
        let open = props.open.clone();
        move || initial(open)
    });
    // The worker runs whatever request the state asks for now.
    use_engine(setter.dispatcher(), setter.request(), SetterAction::Worker);
    // The work is saved and shown in the address bar after every change,
    // and its undo and redo are kept beside it.
    {
        let challenge = setter.challenge();
        let setter = setter.clone();
        use_effect_with((challenge, setter.history_len()), move |(challenge, _)| {
            if challenge.instance.size() >= 2 {
                let text = pseudoku_core::format::link::encode(challenge);
                let _ = browser::keep_work(browser::SETTER_KEY, &text, &format!("#e={text}"));
                browser::keep_history(browser::SETTER_KEY, &setter.saved_history(text));
            }
        });
    }
    // Keys: arrows move, Shift+arrow toggles that side's wall, Ctrl+Z / Ctrl+Y undo and redo.
    use_keys(setter.dispatcher(), (setter.instance().size(), setter.focus), |event, &(n, focus)| {
        setter_key(event, n, focus).into_iter().collect()
    });

    let dispatch = |action: SetterAction| {
        let d = setter.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    // Stepping through the solve path: the keyboard goes on at Next (the
    // button pressed to start is gone).
    let walk_next = use_node_ref();
    use_effect_with((setter.walk.is_some(), walk_next.clone()), |(walking, next)| {
        if *walking {
            if let Some(button) = next.cast::<web_sys::HtmlElement>() {
                let lost = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.active_element())
                    .is_none_or(|e| e.tag_name() == "BODY");
                if lost {
                    let _ = button.focus();
                }
            }
        }
    });
    // A challenge just generated: its count and the top of its grid come
    // into view (Generate sits below the board).
    use_effect_with(setter.generated, |&generated| {
        if generated {
            let bar = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(".create .status-bar").ok().flatten());
            if let Some(bar) = bar {
                bar.scroll_into_view();
            }
        }
    });
    let view = Rc::new(board_view(&setter));
    let d = setter.dispatcher();
    // Callbacks that stay the same from render to render, so the board's
    // cells are left alone when only the walls or the count change.
    let on_edge_start = use_callback(d.clone(), |e, d| d.dispatch(SetterAction::Wall(WallEdit::Start(e))));
    let on_edge_over = use_callback(d.clone(), |e, d| d.dispatch(SetterAction::Wall(WallEdit::Over(e))));
    let on_stroke_end = use_callback(d.clone(), |(), d| d.dispatch(SetterAction::Wall(WallEdit::End)));
    let on_focus = use_callback(d.clone(), |c, d| d.dispatch(SetterAction::Focus(c)));
    let board = html! {
        <PBoard {view} target={Target::Edges} {on_edge_start} {on_edge_over}
            on_cell_start={Callback::noop()} on_cell_over={Callback::noop()} {on_stroke_end} {on_focus} />
    };

    let analysis = &setter.analysis;
    let counting = analysis.count.is_none() && analysis.failed.is_none();
    let unique = analysis.count.is_some_and(Count::is_unique);
    let reason = analysis.agreement.as_ref().and_then(|a| a.reason.clone());
    let answers = analysis.answers.len();
    let progress = analysis.progress.filter(|_| counting);

    // Grid sources.
    let example_ref = use_node_ref();
    let on_example = {
        let (d, example_ref) = (d.clone(), example_ref.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(select) = example_ref.cast::<HtmlSelectElement>() else { return };
            let Some((_, line)) = select.value().parse::<usize>().ok().and_then(|i| EXAMPLES.get(i)) else { return };
            if let Ok(instance) = line.parse::<Instance>() {
                d.dispatch(SetterAction::Load(instance));
            }
        })
    };
    let fill_size = use_node_ref();
    let fill_kind = use_node_ref();
    let fill_seed = use_node_ref();
    let on_fill = {
        let (d, size, kind, seed) = (d.clone(), fill_size.clone(), fill_kind.clone(), fill_seed.clone());
        Callback::from(move |_: MouseEvent| {
            let size = select_value(&size).parse().unwrap_or(9);
            let latin = select_value(&kind) == "latin";
            d.dispatch(SetterAction::Fill { size, latin, seed: seed_in(&seed) });
        })
    };
    let make_size = use_node_ref();
    let make_level = use_node_ref();
    let make_seed = use_node_ref();
    let on_construct = {
        let (d, size, level, seed) = (d.clone(), make_size.clone(), make_level.clone(), make_seed.clone());
        Callback::from(move |_: MouseEvent| {
            let size = select_value(&size).parse().unwrap_or(9);
            let level = select_value(&level);
            d.dispatch(SetterAction::ConstructRated { size, level, seed: seed_in(&seed) });
        })
    };
    let on_paste_input = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
                d.dispatch(SetterAction::SetPaste(area.value()));
            }
        })
    };
    let on_title = {
        let d = d.clone();
        Callback::from(move |text| d.dispatch(SetterAction::SetTitle(text)))
    };
    let on_author = {
        let d = d.clone();
        Callback::from(move |text| d.dispatch(SetterAction::SetAuthor(text)))
    };
    let challenge = setter.challenge();
    let link = browser::challenge_url(&challenge, false);
    let on_play = {
        let (on_play, challenge) = (props.on_play.clone(), challenge.clone());
        Callback::from(move |_: MouseEvent| on_play.emit(challenge.clone()))
    };
    let busy = setter.task.is_some();
    let n = setter.instance().size();
    let sizes = |selected: usize| {
        (4..=16)
            .map(|s| html! { <option value={s.to_string()} selected={s == selected}>{ format!("{s}×{s}") }</option> })
            .collect::<Html>()
    };

    let redundant = setter.redundant().len();
    let more = analysis.count.filter(|c| (answers as u64) < c.found() && answers > 0);
    // Why "Complete for me" cannot run now, said on the button.
    let complete_blocked = if unique {
        Some("The answer is already unique")
    } else if analysis.count.is_some_and(|c| c.found() == 0) {
        Some("There is no answer to complete: take a wall away first")
    } else if busy || counting {
        Some("Wait for the count")
    } else {
        None
    };
    html! {
        <section class="screen create" aria-label="Create a Pseudoku challenge">
            <p class="lead">
                { "Draw walls on a filled grid (drag along the grid lines, or tap an edge) until its cells split into " }
                { format!("{n} connected regions of {n} cells, each holding every symbol once, in exactly one way.") }
            </p>
            // The count and why there is no answer stay above the board, in
            // sight while walls are drawn on a phone.
            <div class="status-bar">
                <p class="count" role="status" aria-live="polite">{ setter.count_text() }</p>
                if unique {
                    <p class="verdict" role="status" aria-live="polite"
                        data-level={analysis.verdict.as_ref().map(|v| v.level.key()).unwrap_or_default()}>
                        { analysis.verdict.as_ref().map_or_else(|| "rating…".to_owned(), |v| v.words()) }
                    </p>
                }
                if counting {
                    <progress class="counting" aria-label="Counting answers"></progress>
                }
                if let Some(reason) = &reason {
                    <p class="reason">{ reason.clone() }</p>
                }
            </div>
            <div class="board-row">
                { board }
                <div class="side">
                    if let Some((nodes, _)) = progress.filter(|(nodes, _)| *nodes >= 1 << 18) {
                        <p class="progress-note">
                            { format!("Still counting ({} nodes so far); it goes on in the background, and you can keep drawing.", nodes_text(nodes)) }
                        </p>
                    }
                    if let Some(verdict) = analysis.verdict.as_ref().filter(|v| !v.steps.is_empty()) {
                        <div class="walk" role="group" aria-label="Solve path">
                            if let Some(i) = setter.walk {
                                <span class="walk-of">{ format!("Step {} of {}", i + 1, verdict.steps.len()) }</span>
                                <button type="button" class="walk-prev" disabled={i == 0} onclick={dispatch(SetterAction::Walk(Some(i.saturating_sub(1))))}>{ "Previous" }</button>
                                <button type="button" class="walk-next" ref={walk_next.clone()} disabled={i + 1 >= verdict.steps.len()} onclick={dispatch(SetterAction::Walk(Some(i + 1)))}>{ "Next" }</button>
                                <button type="button" class="walk-hide" onclick={dispatch(SetterAction::Walk(None))}>{ "Hide" }</button>
                                <p class="walk-text">
                                    <strong>{ format!("{} ({}): ", verdict.steps[i].technique.name(), verdict.steps[i].technique.level()) }</strong>
                                    { verdict.steps[i].sentence.clone() }
                                </p>
                            } else {
                                <button type="button" class="walk-start" onclick={dispatch(SetterAction::Walk(Some(0)))}>
                                    { format!("Step through the solve ({})", counted(verdict.steps.len(), "step")) }
                                </button>
                            }
                        </div>
                    }
                    <p class="legend" aria-hidden="true">
                        <span class="legend-item"><span class="key key-wall"></span>{ " wall" }</span>
                        <span class="legend-item"><span class="key key-implied"></span>{ " border in every answer" }</span>
                        <span class="legend-item"><span class="key key-join"></span>{ " one region in every answer" }</span>
                    </p>
                    if unique && redundant > 0 {
                        <p class="hint-text redundant-note">{ redundant_words(redundant) }</p>
                    }
                    if answers > 0 && !unique {
                        <div class="answers" role="group" aria-label="Answers">
                            if let Some(i) = setter.shown {
                                <span class="answer-of">{ format!("Answer {} of {}", i + 1, count_label(analysis.count, answers)) }</span>
                                <button type="button" class="prev" disabled={i == 0} onclick={dispatch(SetterAction::Show(Some(i.saturating_sub(1))))}>{ "Previous" }</button>
                                <button type="button" class="next" disabled={i + 1 >= answers} onclick={dispatch(SetterAction::Show(Some(i + 1)))}>{ "Next" }</button>
                                <button type="button" onclick={dispatch(SetterAction::Show(None))}>{ "Hide answers" }</button>
                                if let Some(count) = more {
                                    <p class="more-note">
                                        { format!("Answers come {ANSWERS_KEPT} at a time: {answers} of {} are here. ", count_label(Some(count), answers)) }
                                        <button type="button" class="more-answers" disabled={busy} onclick={dispatch(SetterAction::MoreAnswers)}>{ format!("Show {ANSWERS_KEPT} more") }</button>
                                    </p>
                                }
                            } else {
                                <button type="button" class="show-answers" onclick={dispatch(SetterAction::Show(Some(0)))}>{ "Show answers" }</button>
                            }
                        </div>
                    }
                    <div class="tools" role="group" aria-label="Walls">
                        <button type="button" class="undo" disabled={!setter.can_undo()} onclick={dispatch(SetterAction::Undo)} title="Ctrl+Z">{ "Undo" }</button>
                        <button type="button" class="redo" disabled={!setter.can_redo()} onclick={dispatch(SetterAction::Redo)} title="Ctrl+Y">{ "Redo" }</button>
                        <button type="button" disabled={setter.instance().wall_count() == 0} onclick={dispatch(SetterAction::ClearWalls)}>{ "Clear walls" }</button>
                        <button type="button" class="primary complete" disabled={complete_blocked.is_some()}
                            title={complete_blocked.unwrap_or("Add walls until the answer is unique, keeping yours")}
                            onclick={dispatch(SetterAction::Complete)}>{ "Complete for me" }</button>
                        <button type="button" class="trim" disabled={busy || !unique || analysis.redundant.is_empty()}
                            onclick={dispatch(SetterAction::Trim)}>{ "Remove redundant walls" }</button>
                    </div>
                    if let Some(task) = &setter.task {
                        <p class="task" role="status">
                            { task.doing }
                            <button type="button" class="cancel" onclick={dispatch(SetterAction::Cancel)}>{ "Cancel" }</button>
                        </p>
                    }
                    if let Some(message) = &setter.message {
                        <Notice text={AttrValue::from(message.text.clone())} tone={message.tone} on_dismiss={
                            let d = setter.dispatcher();
                            Callback::from(move |()| d.dispatch(SetterAction::DismissMessage))
                        } />
                    }
                    { share_panel(Share {
                        title: setter.title.clone(),
                        author: setter.author.clone(),
                        on_title,
                        on_author,
                        link: Some(AttrValue::from(link)),
                        link_label: "Link to play this challenge",
                        playable: true,
                        on_play,
                    }, Html::default(), Html::default()) }
                </div>
            </div>
            <details class="panel" open=true>
                <summary>{ "A grid to set on" }</summary>
                <div class="row">
                    <label>{ "Example " }
                        <select ref={example_ref} class="example">
                            { name_options(EXAMPLES, Some(0)) }
                        </select>
                    </label>
                    <button type="button" class="open-example" onclick={on_example}>{ "Open" }</button>
                </div>
                <div class="row">
                    <label>{ "Size " }<select ref={fill_size} class="fill-size">{ sizes(9) }</select></label>
                    <label>{ "Kind " }
                        <select ref={fill_kind} class="fill-kind">
                            <option value="sudoku" selected=true>{ "Sudoku grid" }</option>
                            <option value="latin">{ "Latin square" }</option>
                        </select>
                    </label>
                    <label>{ "Seed " }<input ref={fill_seed} type="text" class="fill-seed" placeholder="random" size="8" /></label>
                    <button type="button" class="fill" disabled={busy} onclick={on_fill}>{ "New grid" }</button>
                </div>
                <div class="row paste">
                    <label class="grow">{ "Type or paste a grid (and walls)" }
                        <textarea class="paste-text" rows="2" value={setter.paste.clone()} oninput={on_paste_input}
                            placeholder="731298564495186723… 4-13 13-14" spellcheck="false" />
                    </label>
                    <button type="button" class="use-paste" onclick={dispatch(SetterAction::UsePaste)}>{ "Use this grid" }</button>
                </div>
                if let Some(error) = &setter.paste_error {
                    <p class="error" role="alert">{ error.clone() }</p>
                }
            </details>
            <details class="panel generate-panel">
                <summary>{ "Generate a challenge" }</summary>
                <div class="row">
                    <label>{ "Size " }<select ref={make_size} class="make-size">{ sizes(9) }</select></label>
                    <label>{ "Level " }
                        <select ref={make_level} class="make-level">{ level_options() }</select>
                    </label>
                    <label>{ "Seed " }<input ref={make_seed} type="text" class="make-seed" placeholder="random" size="8" /></label>
                    <button type="button" class="construct" disabled={busy} onclick={on_construct}>{ "Generate" }</button>
                </div>
            </details>
            <p class="help">{ "Keys: arrows move; Shift+arrow toggles the wall on that side; Ctrl+Z undo, Ctrl+Y redo." }</p>
        </section>
    }
}

/// "5", or "at least 1000": how many answers there are.
fn count_label(count: Option<Count>, shown: usize) -> String {
    match count {
        Some(Count::Exact(n)) => n.to_string(),
        Some(count) => format!("at least {}", count.found()),
        None => shown.to_string(),
    }
}

/// What the walls that could go alone mean: each alone, not all together.
fn redundant_words(k: usize) -> String {
    if k == 1 {
        "1 wall could go (shown faded) and the answer would stay unique.".to_owned()
    } else {
        format!(
            "Any one of {} (shown faded) could go and the answer would stay unique, but not all of them \
             together: Remove redundant walls takes away as many as can go at once.",
            counted(k, "wall")
        )
    }
}

/// The action for a key in the setter, if any.
fn setter_key(event: &KeyboardEvent, n: usize, focus: usize) -> Option<SetterAction> {
    let ctrl = event.ctrl_key() || event.meta_key();
    let key = event.key();
    if ctrl {
        return match key.to_ascii_lowercase().as_str() {
            "z" if event.shift_key() => Some(SetterAction::Redo),
            "z" => Some(SetterAction::Undo),
            "y" => Some(SetterAction::Redo),
            _ => None,
        };
    }
    if event.alt_key() {
        return None;
    }
    let (r, c) = (focus / n, focus % n);
    let neighbour = match key.as_str() {
        "ArrowUp" => (r > 0).then(|| focus - n),
        "ArrowDown" => (r + 1 < n).then(|| focus + n),
        "ArrowLeft" => (c > 0).then(|| focus - 1),
        "ArrowRight" => (c + 1 < n).then(|| focus + 1),
        _ => return None,
    };
    let neighbour = neighbour?;
    if event.shift_key() {
        Edge::new(n, CellId(focus as u32), CellId(neighbour as u32)).map(|e| SetterAction::Wall(WallEdit::Toggle(e)))
    } else {
        Some(SetterAction::Focus(neighbour))
    }
}

/// What the board shows for the setter's state.
fn board_view(setter: &Setter) -> BoardView {
    let instance = setter.instance();
    let n = instance.size();
    let walls: Vec<Edge> = instance.walls().collect();
    let agreement = setter.analysis.agreement.as_ref();
    let edge = |&(a, b): &(u32, u32)| Edge::new(n, CellId(a), CellId(b));
    let mut implied = agreement
        .map(|a| a.apart.iter().filter_map(edge).filter(|e| !instance.has_wall(*e)).collect())
        .unwrap_or_default();
    // With an answer shown, its borders say it all; else the agreed joins.
    let shown = setter.shown_answer();
    let mut joins = match (agreement, shown) {
        (Some(a), None) => a.together.iter().filter_map(edge).collect(),
        _ => Vec::new(),
    };
    // Walking the solve path: what the steps before this one decided.
    let path = setter.analysis.verdict.as_ref().map(|v| v.steps.as_slice()).unwrap_or_default();
    let walked = setter.walk.and_then(|i| path.get(i));
    if let Some(i) = setter.walk.filter(|_| walked.is_some()) {
        implied = path[..i].iter().flat_map(|s| s.borders.iter().copied()).collect();
        joins = path[..i].iter().flat_map(|s| s.joins.iter().copied()).collect();
    }
    let regions = match shown {
        Some(p) => p.labels().map(|l| Some(l as u8)).collect(),
        None => vec![None; n * n],
    };
    let borders = shown.map(|p| p.borders().collect()).unwrap_or_default();
    BoardView {
        n,
        symbols: symbol_chars(instance),
        walls,
        regions,
        borders,
        implied,
        joins,
        redundant: setter.redundant().to_vec(),
        bad: Vec::new(),
        reason: agreement.map(|a| a.reason_cells.iter().map(|&c| c as usize).collect()).unwrap_or_default(),
        hint: None,
        step: walked.map(|step| step.draw(true)),
        focus: setter.focus,
        label: format!("Pseudoku grid being set, {n} by {n}, {} walls", instance.wall_count()),
    }
}
