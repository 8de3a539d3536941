//! The board leaving the page: the clipboard, an SVG or PNG file (with its
//! computed styles inlined), and printing.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The style properties an exported SVG needs inline (a file has no
/// stylesheet).
const EXPORTED_STYLE: &[&str] = &[
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-linecap",
    "opacity",
    "font-size",
    "font-weight",
    "font-family",
    "text-anchor",
    "dominant-baseline",
    "text-decoration",
];

/// The board (the first `svg[role=grid]`) as a standalone SVG file, its
/// computed styles inlined, so it looks as it does on the page.
pub fn board_svg() -> Option<String> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let board = document.query_selector("svg[role=grid]").ok()??;
    let copy: web_sys::Element = board.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    let originals = board.query_selector_all("*").ok()?;
    let copies = copy.query_selector_all("*").ok()?;
    for i in 0..originals.length() {
        let (Some(original), Some(target)) = (originals.item(i), copies.item(i)) else { continue };
        let (Ok(original), Ok(target)) =
            (original.dyn_into::<web_sys::Element>(), target.dyn_into::<web_sys::Element>())
        else {
            continue;
        };
        let Ok(Some(style)) = window.get_computed_style(&original) else { continue };
        let inline: String = EXPORTED_STYLE
            .iter()
            .filter_map(|p| style.get_property_value(p).ok().filter(|v| !v.is_empty()).map(|v| format!("{p}:{v};")))
            .collect();
        let _ = target.set_attribute("style", &inline);
    }
    let background = window
        .get_computed_style(&board)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("background-color").ok())
        .unwrap_or_default();
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    let _ = copy.set_attribute("style", &format!("background:{background}"));
    let rect = board.get_bounding_client_rect();
    let _ = copy.set_attribute("width", &format!("{}", rect.width().round()));
    let _ = copy.set_attribute("height", &format!("{}", rect.height().round()));
    Some(copy.outer_html())
}

/// Offers `data` as a file download named `name`.
fn download(name: &str, url: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(a) = document.create_element("a") else { return };
    let _ = a.set_attribute("href", url);
    let _ = a.set_attribute("download", name);
    if let Ok(a) = a.dyn_into::<web_sys::HtmlElement>() {
        a.click();
    }
}

/// Downloads the board as an SVG file.
pub fn download_svg(name: &str) {
    let Some(svg) = board_svg() else { return };
    let url = format!("data:image/svg+xml;charset=utf-8,{}", js_sys::encode_uri_component(&svg));
    download(&format!("{name}.svg"), &url);
}

/// Downloads the board as a PNG file (drawn from its SVG at twice the size
/// it has on screen).
pub fn download_png(name: &str) {
    let Some(svg) = board_svg() else { return };
    let url = format!("data:image/svg+xml;charset=utf-8,{}", js_sys::encode_uri_component(&svg));
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(image) = web_sys::HtmlImageElement::new() else { return };
    let name = format!("{name}.png");
    let loaded = image.clone();
    let on_load = Closure::once(move || {
        let (w, h) = (loaded.natural_width() * 2, loaded.natural_height() * 2);
        let Ok(canvas) =
            document.create_element("canvas").and_then(|c| Ok(c.dyn_into::<web_sys::HtmlCanvasElement>()?))
        else {
            return;
        };
        canvas.set_width(w);
        canvas.set_height(h);
        let Ok(Some(context)) = canvas.get_context("2d") else { return };
        let Ok(context) = context.dyn_into::<web_sys::CanvasRenderingContext2d>() else { return };
        let _ = context.draw_image_with_html_image_element_and_dw_and_dh(&loaded, 0.0, 0.0, w.into(), h.into());
        if let Ok(png) = canvas.to_data_url_with_type("image/png") {
            download(&name, &png);
        }
    });
    image.set_onload(Some(on_load.as_ref().unchecked_ref()));
    on_load.forget();
    image.set_src(&url);
}

/// Opens the browser's print dialog (the print stylesheet shows the puzzle alone).
pub fn print() {
    if let Some(window) = web_sys::window() {
        let _ = window.print();
    }
}

/// Copies text to the clipboard, if the browser lets the page.
pub fn copy_to_clipboard(text: &str, done: impl FnOnce(Result<(), String>) + 'static) {
    let Some(window) = web_sys::window() else {
        return done(Err("no window".into()));
    };
    let promise = window.navigator().clipboard().write_text(text);
    // One of the two runs: the other is dropped with the promise.
    let done = Rc::new(RefCell::new(Some(done)));
    let finish = move |outcome: Result<(), String>| {
        if let Some(done) = done.borrow_mut().take() {
            done(outcome);
        }
    };
    let (ok, err) = (finish.clone(), finish);
    let on_ok = Closure::once(move |_: JsValue| ok(Ok(())));
    let on_err = Closure::once(move |_: JsValue| err(Err("the browser did not allow it".into())));
    let _ = promise.then2(&on_ok, &on_err);
    on_ok.forget();
    on_err.forget();
}
