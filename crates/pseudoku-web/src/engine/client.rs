//! The page's side of the worker: [`EngineWorker`] starts the engine's Web
//! Worker, sends it requests and hands its replies back.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::MessageEvent;

/// The engine in a Web Worker (this page's own module, run by
/// `web/engine.js`).
///
/// One request runs at a time. A request sent while another is still
/// running terminates the worker and hands the request to a spare one (a
/// worker busy in a search cannot read a cancel message), so a superseded
/// search never keeps a core busy and the new one need not wait for a
/// worker to load; a new spare then starts in the background. Once a
/// request's worker says it is yielding ([`crate::engine::wire::Body::Yielding`]:
/// what is left runs in short slices), the next request goes to it and
/// stops the rest, without a new worker. Requests sent before the worker is
/// ready wait, the newest replacing any older one.
pub struct EngineWorker {
    inner: Rc<RefCell<WorkerState>>,
}

/// One started worker.
struct Slot {
    worker: web_sys::Worker,
    /// Which start this was; the worker's messages carry it, so those of a
    /// worker that is gone are ignored.
    id: u64,
    ready: bool,
    _listeners: [Closure<dyn FnMut(MessageEvent)>; 2],
}

struct WorkerState {
    current: Option<Slot>,
    /// Started ahead, for the next restart.
    spare: Option<Slot>,
    started: u64,
    waiting: Option<crate::engine::wire::Request>,
    in_flight: Option<u64>,
    on_reply: Rc<dyn Fn(crate::engine::wire::Reply)>,
}

/// The worker's script (`web/engine.js`): it instantiates the page's own
/// module, whose `main` then serves the engine.
const WORKER_SCRIPT: &str = "./engine.js";

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The URL of this module's wasm-bindgen glue (`import.meta.url`).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// A module worker running this page's module: it gets the glue's URL and
/// the compiled module itself, so nothing is fetched or compiled again.
fn spawn_engine() -> Option<web_sys::Worker> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(WORKER_SCRIPT, &options).ok()?;
    let glue = GLUE_URL.with(|url| JsValue::from_str(url));
    let start = js_sys::Array::of2(&glue, &wasm_bindgen::module());
    worker.post_message(&start).ok()?;
    Some(worker)
}

impl EngineWorker {
    pub fn new(on_reply: impl Fn(crate::engine::wire::Reply) + 'static) -> EngineWorker {
        let inner = Rc::new(RefCell::new(WorkerState {
            current: None,
            spare: None,
            started: 0,
            waiting: None,
            in_flight: None,
            on_reply: Rc::new(on_reply),
        }));
        EngineWorker { inner }
    }

    /// Runs `request`, cancelling whatever runs now.
    pub fn send(&self, request: crate::engine::wire::Request) {
        let restart = {
            let state = self.inner.borrow();
            state.current.is_none() || state.in_flight.is_some()
        };
        self.inner.borrow_mut().waiting = Some(request);
        if restart {
            let mut state = self.inner.borrow_mut();
            if let Some(old) = state.current.take() {
                old.worker.terminate();
            }
            state.in_flight = None;
            let spare = state.spare.take();
            drop(state);
            let current = spare.or_else(|| start(&self.inner));
            if current.is_none() {
                let (waiting, on_reply) = {
                    let mut state = self.inner.borrow_mut();
                    (state.waiting.take(), state.on_reply.clone())
                };
                if let Some(id) = waiting.map(|r| r.id) {
                    let message = "The page could not start its engine (Web Workers are blocked).".to_owned();
                    on_reply(crate::engine::wire::Reply {
                        id,
                        last: true,
                        body: crate::engine::wire::Body::Failed { message },
                    });
                }
                return;
            }
            self.inner.borrow_mut().current = current;
        }
        flush(&self.inner);
        if self.inner.borrow().spare.is_none() {
            let spare = start(&self.inner);
            self.inner.borrow_mut().spare = spare;
        }
    }
}

impl EngineWorker {
    /// Stops what runs now (terminating its worker when it is busy) and
    /// drops what waits; the next request goes to the spare.
    pub fn stop(&self) {
        let mut state = self.inner.borrow_mut();
        state.waiting = None;
        if state.in_flight.take().is_some() {
            if let Some(old) = state.current.take() {
                old.worker.terminate();
            }
        }
    }
}

impl Drop for EngineWorker {
    fn drop(&mut self) {
        let mut state = self.inner.borrow_mut();
        for slot in [state.current.take(), state.spare.take()].into_iter().flatten() {
            slot.worker.terminate();
        }
    }
}

/// Starts a worker whose messages go to whichever place (current or
/// spare) holds it then.
fn start(inner: &Rc<RefCell<WorkerState>>) -> Option<Slot> {
    let worker = spawn_engine()?;
    let id = {
        let mut state = inner.borrow_mut();
        state.started += 1;
        state.started
    };
    let weak: Weak<RefCell<WorkerState>> = Rc::downgrade(inner);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(inner) = weak.upgrade() else { return };
        let Ok(bytes) = event.data().dyn_into::<js_sys::Uint8Array>() else { return };
        let Ok(reply) = crate::engine::wire::Reply::from_bytes(&bytes.to_vec()) else { return };
        let on_reply = {
            let mut state = inner.borrow_mut();
            if reply.body == crate::engine::wire::Body::Ready {
                let both = &mut *state;
                let slot = [both.current.as_mut(), both.spare.as_mut()].into_iter().flatten().find(|s| s.id == id);
                if let Some(slot) = slot {
                    slot.ready = true;
                }
                drop(state);
                flush(&inner);
                return;
            }
            if state.current.as_ref().map(|s| s.id) != Some(id) {
                return;
            }
            if reply.body == crate::engine::wire::Body::Yielding {
                // The worker reads requests again: the next goes to it.
                if state.in_flight == Some(reply.id) {
                    state.in_flight = None;
                }
                return;
            }
            if reply.last && state.in_flight == Some(reply.id) {
                state.in_flight = None;
            }
            state.on_reply.clone()
        };
        on_reply(reply);
    });
    let weak: Weak<RefCell<WorkerState>> = Rc::downgrade(inner);
    let on_error = Closure::<dyn FnMut(MessageEvent)>::new(move |_event: MessageEvent| {
        let Some(inner) = weak.upgrade() else { return };
        let (failed, on_reply) = {
            let mut state = inner.borrow_mut();
            if state.spare.as_ref().is_some_and(|s| s.id == id) {
                if let Some(spare) = state.spare.take() {
                    spare.worker.terminate();
                }
                return;
            }
            if state.current.as_ref().map(|s| s.id) != Some(id) {
                return;
            }
            // The next request starts a fresh worker.
            if let Some(current) = state.current.take() {
                current.worker.terminate();
            }
            // A worker that failed before it was ready fails what waits.
            let failed = state.in_flight.take().or_else(|| state.waiting.take().map(|r| r.id));
            (failed, state.on_reply.clone())
        };
        if let Some(id) = failed {
            let message = "The engine stopped with an error; change something to try again.".to_owned();
            on_reply(crate::engine::wire::Reply {
                id,
                last: true,
                body: crate::engine::wire::Body::Failed { message },
            });
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Slot { worker, id, ready: false, _listeners: [on_message, on_error] })
}

/// Posts the waiting request to the current worker once it is ready.
fn flush(inner: &Rc<RefCell<WorkerState>>) {
    let mut state = inner.borrow_mut();
    let Some(current) = state.current.as_ref().filter(|s| s.ready) else { return };
    let worker = current.worker.clone();
    let Some(request) = state.waiting.take() else { return };
    if worker.post_message(&js_sys::Uint8Array::from(&request.to_bytes()[..])).is_ok() {
        state.in_flight = Some(request.id);
    }
}
