//! The worker's side: runs one [`Request`] with the engine and posts its
//! replies. [`handle`] is plain Rust (tested natively); `run` (on wasm32) wires it to
//! the browser's `onmessage` inside the Web Worker.
//!
//! A long count posts [`Body::Progress`] every [`PROGRESS_NODES`] search
//! nodes. The worker cannot read a new message while it searches, so the
//! page cancels a search by terminating the worker and starting a new one
//! (`engine::client::EngineWorker`). What follows a count (explaining it, finding
//! redundant walls) is many short searches: [`handle`] returns them as a
//! [`Rest`], which the worker runs a slice at a time, reading its messages
//! in between, so a new request stops it without a new worker.
//!
//! The jobs themselves are in `pseudoku.rs` and `sudoku.rs`; this module
//! dispatches a request to them and runs the worker's loop.

mod pseudoku;
mod sudoku;
mod teach;

pub use pseudoku::Rest;
use pseudoku::*;
use sudoku::*;
use teach::*;

use pseudoku_core::format::{line, Variant};
use pseudoku_core::generate::{fill, GenerateConfig, GenerateError, Generator, Progress as GenProgress, Symmetry};
use pseudoku_core::layout::{CellId, Layout};
use pseudoku_core::logic::{self, Level};
use pseudoku_core::partition::{
    self, complete, trim_walls, wall_can_go, ConstructConfig, Difficulty, Edge, Explainer, Explanation, Flow, Instance,
    NoAnswerReason, Partition, Progress, SearchEnd, Sink, SolveConfig, Verdict,
};
use pseudoku_core::seed::rng_from_seed;
use pseudoku_core::solver::{Solver, Uniqueness};

use pseudoku_core::grid;

use crate::engine::wire::{
    Agreement, Body, CellsKind, HintWire, Job, LinkKindWire, LinkWire, Reply, Request, StepWire, WireDifficulty,
    WireSymmetry, PROTOCOL,
};

/// The most answers one count sends back to show.
const MAX_KEPT: usize = 1000;

/// Search nodes between two progress reports.
pub const PROGRESS_NODES: u64 = 1 << 14;

/// Node budget of each of `explain`'s targeted searches (an edge whose
/// search runs out is left undecided), and of completion's searches.
const EXPLAIN_BUDGET: u64 = 200_000;
const COMPLETE_BUDGET: u64 = 20_000_000;

/// Runs `request`, posting each reply; the last has `last: true`.
pub fn handle(request: &Request, post: &mut dyn FnMut(Reply)) -> Option<Rest> {
    let id = request.id;
    let mut send = |last: bool, body: Body| post(Reply { id, last, body });
    if request.protocol != PROTOCOL {
        let message = format!("the worker speaks protocol {PROTOCOL}, not {}; reload the page", request.protocol);
        send(true, Body::Failed { message });
        return None;
    }
    match &request.job {
        Job::Analyse { instance, limit, keep, redundant } => match parse(instance) {
            Ok(instance) => {
                let follow = Follow { limit: *limit, keep: *keep, redundant: *redundant };
                return Some(analyse(id, instance, follow, &mut send));
            }
            Err(message) => send(true, Body::Failed { message }),
        },
        Job::Complete { instance } => {
            let body = parse(instance).and_then(|i| {
                let done = complete(&i, Some(COMPLETE_BUDGET)).map_err(|e| format!("Could not complete: {e}."))?;
                Ok(Body::Instance { instance: done.instance.to_string(), changed: pairs(&done.added) })
            });
            send(true, body.unwrap_or_else(|message| Body::Failed { message }));
        }
        Job::Trim { instance } => {
            let body = parse(instance).and_then(|i| {
                let (fewer, removed) =
                    trim_walls(&i, Some(COMPLETE_BUDGET)).map_err(|e| format!("Could not remove walls: {e}."))?;
                Ok(Body::Instance { instance: fewer.to_string(), changed: pairs(&removed) })
            });
            send(true, body.unwrap_or_else(|message| Body::Failed { message }));
        }
        Job::Construct { size, difficulty, seed } => {
            let difficulty = match difficulty {
                WireDifficulty::Easy => Difficulty::Easy,
                WireDifficulty::Medium => Difficulty::Medium,
                WireDifficulty::Hard => Difficulty::Hard,
            };
            let config = ConstructConfig { difficulty, ..ConstructConfig::new(*size) };
            let body = match partition::construct(&config, *seed) {
                Ok(made) => Body::Instance { instance: made.instance.to_string(), changed: Vec::new() },
                Err(e) => Body::Failed { message: format!("Could not make a {size}×{size} challenge: {e}.") },
            };
            send(true, body);
        }
        Job::Teach { instance, borders, regions, joins, first } => {
            send(true, teach(instance, borders, regions, joins, first))
        }
        Job::ConstructRated { size, level, seed } => send(true, construct_to_level(*size, level, *seed)),
        Job::Fill { size, latin, seed } => send(true, fill_grid(*size, *latin, *seed)),
        Job::Solve { variant } => send(true, solve(variant)),
        Job::Generate { variant, symmetry, minimal, seed, level } => {
            let body = match level.as_deref().map(level_of) {
                Some(Some(level)) => generate_rated(variant, *symmetry, *seed, level),
                Some(None) => Body::Failed { message: format!("There is no level {:?}.", level) },
                None => generate(variant, *symmetry, *minimal, *seed, &mut |done, total| {
                    send(false, Body::Steps { done, total })
                }),
            };
            send(true, body);
        }
        Job::Rate { variant } => {
            let body = rate_with_progress(variant, &mut |body| send(false, body));
            send(true, body);
        }
        Job::Check { variant, givens, limit } => check_sudoku(variant, givens, *limit, &mut send),
        Job::MakeUnique { variant, givens } => send(true, finish_sudoku(variant, givens, true)),
        Job::Minimize { variant, givens } => send(true, finish_sudoku(variant, givens, false)),
        Job::Hint { variant, values, centre } => send(true, hint(variant, values, centre)),
        Job::Regions { size, walls, seed } => send(true, jigsaw_regions(*size, walls, *seed)),
        Job::Import { text } => send(true, import(text)),
    }
    None
}

/// [`handle`], then its [`Rest`] to the end: every reply of the request, as
/// the worker posts them when no other request comes (for tests).
#[cfg(test)]
pub fn handle_to_end(request: &Request, post: &mut dyn FnMut(Reply)) {
    if let Some(mut rest) = handle(request, post) {
        while !rest.step(post) {}
    }
}

/// The worker's entry point: handles each message posted to it.
#[cfg(target_arch = "wasm32")]
pub fn run() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent};

    /// How long a slice of a [`Rest`] runs before the worker reads its
    /// messages again (each search in it is short).
    const SLICE_MS: f64 = 4.0;

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let poster = scope.clone();
    let post = move |reply: Reply| {
        let _ = poster.post_message(&js_sys::Uint8Array::from(&reply.to_bytes()[..]));
    };
    // The request's rest, if any; a message to this channel runs its next
    // slice after whatever messages from the page came first.
    let rest: Rc<RefCell<Option<Rest>>> = Rc::new(RefCell::new(None));
    let Ok(channel) = MessageChannel::new() else { return };
    let next_slice = {
        let port = channel.port2();
        move || {
            let _ = port.post_message(&JsValue::NULL);
        }
    };
    let on_slice = {
        let (rest, post, next_slice) = (rest.clone(), post.clone(), next_slice.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| {
            let mut slot = rest.borrow_mut();
            let Some(work) = slot.as_mut() else { return };
            let start = js_sys::Date::now();
            loop {
                if work.step(&mut post.clone()) {
                    *slot = None;
                    return;
                }
                if js_sys::Date::now() - start >= SLICE_MS {
                    return next_slice();
                }
            }
        })
    };
    channel.port1().set_onmessage(Some(on_slice.as_ref().unchecked_ref()));
    on_slice.forget();
    let on_message = {
        let post = post.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            // A new request stops the rest of the last one.
            *rest.borrow_mut() = None;
            let bytes = event.data().dyn_into::<js_sys::Uint8Array>().map(|a| a.to_vec()).unwrap_or_default();
            match Request::from_bytes(&bytes) {
                Ok(request) => {
                    if let Some(work) = handle(&request, &mut post.clone()) {
                        *rest.borrow_mut() = Some(work);
                        next_slice();
                    }
                }
                Err(message) => post(Reply { id: 0, last: true, body: Body::Failed { message } }),
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(Reply { id: 0, last: true, body: Body::Ready });
}

#[cfg(test)]
mod tests;
