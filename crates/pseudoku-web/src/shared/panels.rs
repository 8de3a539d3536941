//! Parts of the page that several screens show: the notice banner (news, a
//! job done, or an error, each in its own style and role), the share link
//! and its copy button (which says whether it copied), the setters' share
//! panel, the SVG and PNG buttons, the example, layout and symmetry menus, and the seed field.

use pseudoku_core::seed::seed_from_text;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::browser;
use crate::engine::wire::WireSymmetry;

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
    /// The button's words and class.
    #[prop_or(AttrValue::Static("Copy link"))]
    pub label: AttrValue,
    #[prop_or(AttrValue::Static("copy-link"))]
    pub class: AttrValue,
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
            <button type="button" class={props.class.clone()} disabled={props.link.is_none()} {onclick}>{ props.label.clone() }</button>
            <span class="copied" role="status" aria-live="polite">{ words }</span>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct ElsewhereProps {
    pub variant: pseudoku_core::format::Variant,
}

/// The sudoku in the tools everyone else uses: "Open in SudokuPad", the
/// f-puzzles link (open, or copy), made once per puzzle. A layout those
/// tools cannot hold (several grids, a pie, custom houses, a grid without
/// boxes or over 16×16) gets a line that says so instead.
#[function_component]
pub fn Elsewhere(props: &ElsewhereProps) -> Html {
    use pseudoku_fpuzzles::{fpuzzles_link, sudokupad_link};
    let links = use_memo(props.variant.clone(), |v| sudokupad_link(v).and_then(|s| Ok((s, fpuzzles_link(v)?))));
    match &*links {
        Ok((sudokupad, fpuzzles)) => html! {
            <div class="buttons elsewhere" role="group" aria-label="Open in other apps">
                <a class="button open-sudokupad" href={sudokupad.clone()} target="_blank" rel="noopener noreferrer">{ "Open in SudokuPad" }</a>
                <a class="button open-fpuzzles" href={fpuzzles.clone()} target="_blank" rel="noopener noreferrer">{ "f-puzzles link" }</a>
                <CopyLink link={AttrValue::from(fpuzzles.clone())} label="Copy f-puzzles link" class="copy-fpuzzles" />
            </div>
        },
        Err(why) => html! { <p class="elsewhere-none">{ format!("Not for SudokuPad or f-puzzles: {why}.") }</p> },
    }
}

/// A seed from a text: a number as it is, other text hashed, empty random.
pub fn seed_of(text: &str) -> u64 {
    let text = text.trim();
    if text.is_empty() {
        browser::random_seed()
    } else {
        text.parse().unwrap_or_else(|_| seed_from_text(text))
    }
}

/// The value of a `<select>`, or "" when it is not on the page.
pub fn select_value(node: &NodeRef) -> String {
    node.cast::<HtmlSelectElement>().map(|s| s.value()).unwrap_or_default()
}

/// The text of an `<input>`, or "" when it is not on the page.
pub fn input_value(node: &NodeRef) -> String {
    node.cast::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default()
}

/// The seed a seed field asks for (see [`seed_of`]).
pub fn seed_in(node: &NodeRef) -> u64 {
    seed_of(&input_value(node))
}

/// A list's names as `<option>`s, valued by their index.
pub fn name_options(list: &[(&str, &str)], selected: Option<usize>) -> Html {
    html! {
        { for list.iter().enumerate().map(|(i, (name, _))| html! { <option value={i.to_string()} selected={selected == Some(i)}>{ *name }</option> }) }
    }
}

/// The symmetry a generated sudoku's givens keep: a labelled menu.
pub fn symmetry_picker(node: NodeRef, class: &'static str) -> Html {
    html! {
        <label>{ "Symmetry " }
            <select ref={node} {class}>
                <option value="none" selected=true>{ "None" }</option>
                <option value="rot180">{ "Half turn" }</option>
                <option value="mirror">{ "Mirror" }</option>
                <option value="diagonal">{ "Diagonal" }</option>
            </select>
        </label>
    }
}

/// The symmetry chosen in a [`symmetry_picker`].
pub fn symmetry_in(node: &NodeRef) -> WireSymmetry {
    match select_value(node).as_str() {
        "rot180" => WireSymmetry::Rot180,
        "mirror" => WireSymmetry::Mirror,
        "diagonal" => WireSymmetry::Diagonal,
        _ => WireSymmetry::None,
    }
}

/// A share link to select and copy by hand.
pub fn link_field(link: AttrValue, label: &'static str) -> Html {
    html! {
        <input type="text" class="link" readonly=true value={link} aria-label={label} />
    }
}

/// What a setter's share panel shows and does.
pub struct Share {
    pub title: String,
    pub author: String,
    /// The typed title or author, as it stands after each keystroke.
    pub on_title: Callback<String>,
    pub on_author: Callback<String>,
    /// The link to play the puzzle; none (no puzzle to link yet) leaves out the
    /// field and disables the copy button.
    pub link: Option<AttrValue>,
    /// The link field's label for screen readers.
    pub link_label: &'static str,
    /// Whether "Play this" may be pressed.
    pub playable: bool,
    pub on_play: Callback<MouseEvent>,
}

/// Both setters' share panel: title and author (then `fields`, a screen's
/// own, such as the rules), the link to select or copy, "Play this", SVG and
/// PNG, then `after` (such as the links to other apps).
pub fn share_panel(share: Share, fields: Html, after: Html) -> Html {
    let Share { title, author, on_title, on_author, link, link_label, playable, on_play } = share;
    html! {
        <div class="share" role="group" aria-label="Share">
            <label>{ "Title " }<input type="text" class="title" maxlength="80" value={title} oninput={on_text(on_title)} /></label>
            <label>{ "Author " }<input type="text" class="author" maxlength="80" value={author} oninput={on_text(on_author)} /></label>
            { fields }
            if let Some(link) = link.clone() {
                { link_field(link, link_label) }
            }
            <div class="buttons">
                <CopyLink {link} />
                <button type="button" class="primary play-this" disabled={!playable} onclick={on_play}>{ "Play this" }</button>
                { export_buttons() }
            </div>
            { after }
        </div>
    }
}

/// A text field's or text area's `input` event as the text it now holds.
pub fn on_text(to: Callback<String>) -> Callback<InputEvent> {
    Callback::from(move |e: InputEvent| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            to.emit(input.value());
        } else if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
            to.emit(area.value());
        }
    })
}

/// The board as a file: SVG and PNG.
pub fn export_buttons() -> Html {
    html! {
        <>
            <button type="button" class="svg" onclick={Callback::from(|_: MouseEvent| browser::download_svg("pseudoku"))}>{ "SVG" }</button>
            <button type="button" class="png" onclick={Callback::from(|_: MouseEvent| browser::download_png("pseudoku"))}>{ "PNG" }</button>
        </>
    }
}
