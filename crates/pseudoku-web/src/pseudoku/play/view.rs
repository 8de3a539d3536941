//! The Pseudoku player's screen: paint regions (or draw borders) on a
//! challenge, with gentle checking, hints, a timer, and progress saved per
//! challenge. State lives in one [`Player`] reducer; this component reads it
//! and dispatches.

use std::rc::Rc;

use gloo_timers::callback::Interval;
use pseudoku_core::format::link::Challenge;
use pseudoku_core::layout::CellId;
use pseudoku_core::partition::{Edge, Problem};
use pseudoku_core::symbol::{char_to_index, index_to_char};
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::browser;
use crate::pseudoku::board::{symbol_chars, BoardView, HintEdge, PBoard, Target};
use crate::pseudoku::examples::{example, EXAMPLES};
use crate::pseudoku::play::state::{PlayAction, Player, SavedPlay, Tool};
use crate::pseudoku::teach::how_to;
use crate::shared::count::Count;
use crate::shared::hooks::{use_engine, use_keys};
use crate::shared::panels::{export_buttons, link_field, name_options, seed_in, CopyLink, Notice};
use pseudoku_core::deduce::Level;
use web_sys::HtmlSelectElement;

#[derive(Properties, PartialEq)]
pub struct PlayProps {
    pub challenge: Challenge,
    /// "Edit": open this challenge in the setter.
    pub on_edit: Callback<Challenge>,
    /// Play another challenge.
    pub on_open: Callback<Challenge>,
}

/// The player for a challenge, with its saved progress when there is some.
fn initial(challenge: Challenge) -> Player {
    let player = Player::new(challenge);
    let Some(text) = browser::load_text(&browser::play_key(player.key())) else { return player };
    let restored = serde_json::from_str::<SavedPlay>(&text)
        .map_err(|e| format!("it is damaged ({e})"))
        .and_then(|saved| player.clone().restore(saved));
    match restored {
        Ok(p) => p,
        Err(reason) => {
            let mut fresh = player;
            fresh.notice =
                Some(format!("Your saved progress on this challenge could not be read: {reason}. It starts afresh."));
            fresh
        }
    }
}

#[function_component]
pub fn Play(props: &PlayProps) -> Html {
    let player = use_reducer({
        let challenge = props.challenge.clone();
        move || initial(challenge)
    });
    // The worker counts the answers (and learns what they agree on), or
    // makes a new challenge.
    use_engine(player.dispatcher(), player.request(), PlayAction::Worker);
    // A challenge made here opens at once.
    {
        let on_open = props.on_open.clone();
        use_effect_with(player.made.clone(), move |made| {
            if let Some(made) = made {
                on_open.emit(made.clone());
            }
        });
    }
    // Progress is saved after every move; the link names the challenge.
    {
        let (key, saved, dispatcher) = (player.key().to_owned(), player.saved(), player.dispatcher());
        use_effect_with((key, saved), move |(key, saved)| {
            let json = serde_json::to_string(saved).expect("saved games serialize");
            let stored = browser::store_evicting(&browser::play_key(key), &json)
                .and_then(|removed| browser::store_text(browser::LAST_PLAYED_KEY, key).map(|()| removed));
            match stored {
                Ok(0) => {}
                Ok(removed) => dispatcher.dispatch(PlayAction::Notice(browser::evicted_notice(removed))),
                Err(reason) => dispatcher.dispatch(PlayAction::Notice(format!(
                    "Your progress could not be saved: {reason}. You can keep playing."
                ))),
            }
            browser::show_in_url(&format!("#p={key}"));
        });
    }
    // The clock runs while the page is visible and the puzzle unsolved.
    {
        let dispatcher = player.dispatcher();
        use_effect_with((), move |_| {
            let interval = Interval::new(1000, move || {
                if !browser::page_hidden() {
                    dispatcher.dispatch(PlayAction::Tick(1000));
                }
            });
            move || drop(interval)
        });
    }
    // Keys: arrows move; a colour's number (1–9, then letters) paints the
    // cell; Backspace clears it; Ctrl+Z / Ctrl+Y undo and redo.
    use_keys(player.dispatcher(), (player.instance().size(), player.focus), |event, &(n, focus)| {
        play_keys(event, n, focus)
    });

    let d = player.dispatcher();
    let dispatch = |action: PlayAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    let target = if player.tool == Tool::Border { Target::Edges } else { Target::Cells };
    let view = Rc::new(board_view(&player));
    // Callbacks that stay the same from render to render, so the board's
    // cells are left alone when they do not change (the clock ticks).
    let on_edge_start = use_callback(d.clone(), |e, d| d.dispatch(PlayAction::BorderStart(e)));
    let on_edge_over = use_callback(d.clone(), |e, d| d.dispatch(PlayAction::BorderOver(e)));
    let on_cell_start = use_callback(d.clone(), |c, d| d.dispatch(PlayAction::PaintStart(c)));
    let on_cell_over = use_callback(d.clone(), |c, d| d.dispatch(PlayAction::PaintOver(c)));
    let on_stroke_end = use_callback(d.clone(), |(), d| d.dispatch(PlayAction::StrokeEnd));
    let on_focus = use_callback(d.clone(), |c, d| d.dispatch(PlayAction::Focus(c)));
    let board = html! {
        <PBoard {view} {target} {on_edge_start} {on_edge_over} {on_cell_start} {on_cell_over} {on_stroke_end} {on_focus} />
    };

    let n = player.instance().size();
    let challenge = player.challenge();
    let swatches = (0..n as u8).map(|k| {
        let chosen = player.tool == Tool::Paint(k);
        let name = index_to_char(usize::from(k)).unwrap_or('?');
        html! {
            <button type="button" class={classes!("swatch", format!("r{}", k % 16), chosen.then_some("chosen"))}
                aria-label={format!("Region colour {}", k + 1)} aria-pressed={chosen.to_string()}
                onclick={dispatch(PlayAction::SetTool(Tool::Paint(k)))}>{ name.to_string() }</button>
        }
    });
    let validation = player.validation();
    let problems = validation.messages();
    let solved = player.is_solved();
    let count = player.analysis.count;
    let answers_text = match count {
        Some(Count::Exact(1)) => "This challenge has exactly one answer.".to_owned(),
        Some(Count::Exact(k)) => match player.found_numbers().as_slice() {
            [] => format!("This challenge has {k} answers; you have found none yet."),
            [one] => format!("This challenge has {k} answers; you have found answer {one}."),
            found => format!(
                "This challenge has {k} answers; you have found {} of them: answers {}.",
                found.len(),
                found.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
            ),
        },
        Some(Count::AtLeast(k) | Count::GaveUp { found: k, .. }) => {
            format!("This challenge has at least {k} answers; you have found {}.", player.found_count())
        }
        None => format!("Counting this challenge's answers… ({})", player.count_text()),
    };
    let hint_text = player.hint.as_ref().map(|h| {
        let at = |c: CellId| format!("r{}c{}", c.index() / n + 1, c.index() % n + 1);
        let (a, b) = (at(h.edge.a()), at(h.edge.b()));
        match (h.together, h.contradicts) {
            (true, true) => format!("Look again at {a} and {b}: every answer puts them in the same region."),
            (false, true) => format!("Look again at {a} and {b}: every answer puts them in different regions."),
            (true, false) => format!("Hint: {a} and {b} are in the same region in every answer."),
            (false, false) => format!("Hint: {a} and {b} are in different regions in every answer."),
        }
    });
    let level_text = level_words(&player);
    let verdict = player.analysis.verdict.as_ref();
    let needed = verdict.map(|v| v.techniques().iter().map(|t| t.name()).collect::<Vec<_>>().join(", "));
    let lesson = player.teacher.lesson.as_ref();
    let hint_label = match lesson {
        Some((_, false)) => "Show the step",
        _ => "Hint",
    };
    let asking = player.teacher.asking.is_some() || player.hint_pending;
    let secs = player.elapsed_ms / 1000;
    let clock = format!("{}:{:02}", secs / 60, secs % 60);
    let link = browser::challenge_url(challenge, false);
    let on_edit = {
        let (on_edit, challenge) = (props.on_edit.clone(), challenge.clone());
        Callback::from(move |_: MouseEvent| on_edit.emit(challenge.clone()))
    };
    let example_ref = use_node_ref();
    let on_example = {
        let (on_open, example_ref) = (props.on_open.clone(), example_ref.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(select) = example_ref.cast::<HtmlSelectElement>() else { return };
            if let Some(challenge) = select.value().parse().ok().and_then(example) {
                on_open.emit(challenge);
            }
        })
    };
    let (make_size, make_level, make_seed) = (use_node_ref(), use_node_ref(), use_node_ref());
    let on_generate = {
        let (d, size, level, seed) = (d.clone(), make_size.clone(), make_level.clone(), make_seed.clone());
        Callback::from(move |_: MouseEvent| {
            let size = size.cast::<HtmlSelectElement>().and_then(|s| s.value().parse().ok()).unwrap_or(9);
            let level = level.cast::<HtmlSelectElement>().map_or_else(|| "medium".to_owned(), |s| s.value());
            let seed = seed_in(&seed);
            d.dispatch(PlayAction::GenerateRated { size, level, seed });
        })
    };

    html! {
        <section class={classes!("screen", "play", lesson.is_some().then_some("teaching"))} aria-label="Play a Pseudoku challenge">
            <div class="title-row">
                <h2 class="challenge-title">{ if challenge.title.is_empty() { "Untitled challenge".to_owned() } else { challenge.title.clone() } }</h2>
                if !challenge.author.is_empty() {
                    <span class="challenge-author">{ format!("by {}", challenge.author) }</span>
                }
                <span class="level" data-level={verdict.map(|v| v.level.key()).unwrap_or_default()}>{ level_text }</span>
                <span class="clock" aria-label="Time">{ clock.clone() }</span>
            </div>
            <p class="lead">
                { format!("Split the grid into {n} connected regions of {n} cells, each holding every symbol once. ") }
                { "Walls only stand between regions. Pick a colour and drag across cells, or draw borders." }
            </p>
            if let Some(notice) = &player.notice {
                <Notice text={AttrValue::from(notice.clone())} on_dismiss={
                    let d = player.dispatcher();
                    Callback::from(move |()| d.dispatch(PlayAction::DismissNotice))
                } />
            }
            // The lesson stands above the board, in sight with it on a phone.
            if let Some((step, full)) = lesson {
                <div class="lesson" role="status">
                    if *full {
                        <p class="lesson-text"><strong>{ format!("{}: ", capitalised(step.technique.name())) }</strong>{ step.sentence.clone() }</p>
                        <button type="button" class="primary apply-step" onclick={dispatch(PlayAction::ApplyStep)}>{ "Apply this step" }</button>
                    } else {
                        <p class="lesson-text nudge">{ step.nudge(n) }</p>
                    }
                </div>
            }
            <div class="board-row">
                { board }
                <div class="side">
                    <div class="palette" role="group" aria-label="Tools">
                        { for swatches }
                        <button type="button" class={classes!("tool", "erase", (player.tool == Tool::Erase).then_some("chosen"))}
                            aria-pressed={(player.tool == Tool::Erase).to_string()} onclick={dispatch(PlayAction::SetTool(Tool::Erase))}>{ "Erase" }</button>
                        <button type="button" class={classes!("tool", "border", (player.tool == Tool::Border).then_some("chosen"))}
                            aria-pressed={(player.tool == Tool::Border).to_string()} onclick={dispatch(PlayAction::SetTool(Tool::Border))}>{ "Borders" }</button>
                    </div>
                    <div class="tools" role="group" aria-label="Moves">
                        <button type="button" disabled={!player.can_undo()} onclick={dispatch(PlayAction::Undo)} title="Ctrl+Z">{ "Undo" }</button>
                        <button type="button" disabled={!player.can_redo()} onclick={dispatch(PlayAction::Redo)} title="Ctrl+Y">{ "Redo" }</button>
                        <button type="button" onclick={dispatch(PlayAction::Reset)}>{ "Start over" }</button>
                        <button type="button" class="hint" disabled={solved || asking || matches!(lesson, Some((_, true)))}
                            onclick={dispatch(PlayAction::Hint)}>{ hint_label }</button>
                    </div>
                    if let Some(note) = &player.teacher.note {
                        <p class="hint-text teacher-note" role="status">{ note.clone() }</p>
                    }
                    if solved {
                        <p class="play-status solved" role="status" aria-live="polite">
                            { format!("Solved in {clock}!") }
                            if let Some(needed) = needed.filter(|t| !t.is_empty()) {
                                { format!(" It needed: {needed}.") }
                            }
                        </p>
                    } else {
                        <p class="play-status" role="status" aria-live="polite">
                            { format!("{} of {} cells in a region", validation.size * validation.size - validation.unassigned.len(), n * n) }
                        </p>
                    }
                    <p class="answers-found">{ answers_text }</p>
                    if let Some(text) = hint_text {
                        <p class="hint-text" role="status">{ text }</p>
                    } else if player.hint_pending {
                        <p class="hint-text" role="status">{ "The hint is on its way: the answers are still being counted." }</p>
                    } else if player.teacher.asking.is_some() {
                        <p class="hint-text" role="status">{ "Looking for the next step…" }</p>
                    }
                    if !problems.is_empty() {
                        <ul class="problems" aria-label="Problems">
                            { for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }
                        </ul>
                    }
                    <div class="share" role="group" aria-label="Share">
                        { link_field(AttrValue::from(link.clone()), "Link to this challenge") }
                        <div class="buttons">
                            <CopyLink link={AttrValue::from(link)} />
                            <button type="button" class="edit" onclick={on_edit}>{ "Edit" }</button>
                            { export_buttons() }
                        </div>
                    </div>
                </div>
            </div>
            <details class="panel how-to">
                <summary>{ "How to solve" }</summary>
                <p>{ format!("Borders split cells into different regions; cells in one region are joined. Cells joined together form a group. Each step below decides borders or joins; they are listed from easy to hard.") }</p>
                <ul class="how-to-list">
                    { for how_to(n).into_iter().map(|(names, level, how)| html! {
                        <li><strong>{ capitalised(&names) }</strong>{ format!(" ({level}): {how}") }</li>
                    }) }
                </ul>
                <p>{ "Hint shows where to look first; press it again to see the whole step, and Apply to make it." }</p>
            </details>
            <details class="panel new-challenge">
                <summary>{ "Another challenge" }</summary>
                <div class="row">
                    <label>{ "Example " }
                        <select ref={example_ref} class="play-example">
                            { name_options(EXAMPLES, Some(0)) }
                        </select>
                    </label>
                    <button type="button" class="play-example-go" onclick={on_example}>{ "Play" }</button>
                </div>
                <div class="row">
                    <label>{ "Size " }
                        <select ref={make_size} class="play-size">
                            { for (4..=12).map(|s| html! { <option value={s.to_string()} selected={s == 9}>{ format!("{s}×{s}") }</option> }) }
                        </select>
                    </label>
                    <label>{ "Level " }
                        <select ref={make_level} class="play-level">
                            { level_options() }
                        </select>
                    </label>
                    <label>{ "Seed " }<input ref={make_seed} type="text" class="play-seed" placeholder="random" size="8" /></label>
                    <button type="button" class="generate" disabled={player.making.is_some()} onclick={on_generate}>
                        { if player.making.is_some() { "Making…" } else { "Generate" } }
                    </button>
                </div>
            </details>
            <p class="help">{ "Keys: arrows move; a colour's number paints the cell; Backspace clears it; Ctrl+Z undo, Ctrl+Y redo." }</p>
        </section>
    }
}

/// The levels a challenge can be made to, medium chosen.
pub fn level_options() -> Html {
    Level::ALL
        .into_iter()
        .filter(|l| *l != Level::NeedsGuessing)
        .map(|l| html! { <option value={l.key()} selected={l == Level::Medium}>{ capitalised(&l.to_string()) }</option> })
        .collect()
}

/// The text (a level's English name) with its first letter in capitals.
/// ASCII only: Unicode's case tables would add 25 KB to the page's module.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| std::iter::once(first.to_ascii_uppercase()).chain(chars).collect())
}

/// "Level: medium", "Level: needs guessing (5 answers)", "rating…".
fn level_words(player: &Player) -> String {
    let analysis = &player.analysis;
    match (analysis.count, &analysis.verdict) {
        (_, Some(v)) => format!("Level: {}", v.level),
        (Some(Count::Exact(0)), _) => "Level: no answer".to_owned(),
        (Some(Count::Exact(1)), None) if analysis.agreement.is_some() => "Level: unknown".to_owned(),
        (Some(c), None) if c.is_several() => "Level: needs guessing (several answers)".to_owned(),
        _ if analysis.failed.is_some() => "Level: unknown".to_owned(),
        _ => "Level: rating…".to_owned(),
    }
}

/// The actions for a key in the player.
fn play_keys(event: &KeyboardEvent, n: usize, focus: usize) -> Vec<PlayAction> {
    let key = event.key();
    if event.ctrl_key() || event.meta_key() {
        return match key.to_ascii_lowercase().as_str() {
            "z" if event.shift_key() => vec![PlayAction::Redo],
            "z" => vec![PlayAction::Undo],
            "y" => vec![PlayAction::Redo],
            _ => Vec::new(),
        };
    }
    if event.alt_key() {
        return Vec::new();
    }
    let (r, c) = (focus / n, focus % n);
    let moved = match key.as_str() {
        "ArrowUp" => Some((r > 0).then(|| focus - n)),
        "ArrowDown" => Some((r + 1 < n).then(|| focus + n)),
        "ArrowLeft" => Some((c > 0).then(|| focus - 1)),
        "ArrowRight" => Some((c + 1 < n).then(|| focus + 1)),
        _ => None,
    };
    if let Some(next) = moved {
        return next.map(PlayAction::Focus).into_iter().collect();
    }
    match key.as_str() {
        "Backspace" | "Delete" | "0" => vec![PlayAction::ClearFocus],
        " " | "Enter" => vec![PlayAction::PaintFocus],
        _ => {
            let mut chars = key.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) => match char_to_index(ch.to_ascii_uppercase()).filter(|&k| k < n) {
                    Some(k) => vec![PlayAction::SetTool(Tool::Paint(k as u8)), PlayAction::PaintFocus],
                    None => Vec::new(),
                },
                _ => Vec::new(),
            }
        }
    }
}

/// What the board shows for the player's state.
fn board_view(player: &Player) -> BoardView {
    let instance = player.instance();
    let n = instance.size();
    let regions: Vec<Option<u8>> = (0..n * n).map(|c| player.label(c)).collect();
    // Borders: the ones drawn, and those between two painted regions.
    let mut borders: Vec<Edge> = player.borders().iter().copied().collect();
    borders.extend(Edge::all(n).filter(|e| {
        let (a, b) = (regions[e.a().index()], regions[e.b().index()]);
        a.is_some() && b.is_some() && a != b && !player.borders().contains(e)
    }));
    let mut bad = Vec::new();
    for problem in &player.validation().problems {
        match problem {
            Problem::NotConnected { pieces, .. } => bad.extend(pieces.iter().flatten().map(|c| c.index())),
            Problem::TooLarge { cells, .. }
            | Problem::TooSmall { cells, .. }
            | Problem::RepeatedSymbol { cells, .. }
            | Problem::MissingSymbols { cells, .. } => bad.extend(cells.iter().map(|c| c.index())),
            Problem::WallInside { walls, .. } => bad.extend(walls.iter().flat_map(|w| [w.a().index(), w.b().index()])),
            Problem::TooManyRegions { .. } => {}
        }
    }
    BoardView {
        n,
        symbols: symbol_chars(instance),
        walls: instance.walls().collect(),
        regions,
        borders,
        implied: Vec::new(),
        joins: player.joins().iter().copied().collect(),
        redundant: Vec::new(),
        bad,
        reason: Vec::new(),
        hint: player.hint.as_ref().map(|h| HintEdge { edge: h.edge, together: h.together }),
        step: player.teacher.lesson.as_ref().map(|(step, full)| step.draw(*full)),
        focus: player.focus,
        label: format!("Pseudoku grid, {n} by {n}"),
    }
}
