//! The hooks every screen uses: [`use_engine`], the one place a screen's
//! requests reach the engine's worker ([`use_background_engine`] for a long
//! job that runs beside them), and [`use_keys`], the one place key presses
//! reach a screen's reducer.

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::browser;
use crate::engine::client::EngineWorker;
use crate::engine::wire::{Reply, Request};

/// Runs the request a screen's state asks for now in the engine's worker,
/// and dispatches each reply as the action `on_reply` makes of it.
///
/// The request is sent when its id changes (a new id is new work; the same
/// id is work already under way), so a state only has to say what it wants
/// run. The worker starts with the first request and is terminated when the
/// screen goes.
#[hook]
pub fn use_engine<R>(dispatcher: UseReducerDispatcher<R>, request: Option<Request>, on_reply: fn(Reply) -> R::Action)
where
    R: Reducible + 'static,
{
    use_worker(dispatcher, request, on_reply, None);
}

/// Runs a screen's one long background job (the sudoku's rating) in a
/// worker of its own, beside the screen's [`use_engine`]: a hint, a count
/// or an import sent there never stops it. A request with a new id (a new
/// puzzle) terminates the old job, as does no request at all.
///
/// With `after_ms` above 0, a request starts only once it has stood that
/// long unchanged (the old job stops at once): a setter typing givens starts no
/// rating, and no worker, for each puzzle passed on the way.
#[hook]
pub fn use_background_engine<R>(
    dispatcher: UseReducerDispatcher<R>,
    request: Option<Request>,
    on_reply: fn(Reply) -> R::Action,
    after_ms: u32,
) where
    R: Reducible + 'static,
{
    use_worker(dispatcher, request, on_reply, Some(after_ms));
}

/// Both hooks' worker: started with the first request, sent each request
/// whose id is new, terminated when the screen goes. `background` (a
/// delay, possibly 0) also stops the job when no request is asked for, and
/// sends a request only after that delay.
#[hook]
fn use_worker<R>(
    dispatcher: UseReducerDispatcher<R>,
    request: Option<Request>,
    on_reply: fn(Reply) -> R::Action,
    background: Option<u32>,
) where
    R: Reducible + 'static,
{
    let worker = use_mut_ref(|| None::<EngineWorker>);
    let timer = use_mut_ref(|| None::<gloo_timers::callback::Timeout>);
    {
        let (worker, timer) = (worker.clone(), timer.clone());
        use_effect_with(request.as_ref().map(|r| r.id), move |_| {
            timer.borrow_mut().take();
            let mut slot = worker.borrow_mut();
            let engine =
                slot.get_or_insert_with(|| EngineWorker::new(move |reply| dispatcher.dispatch(on_reply(reply))));
            match (request, background) {
                (Some(request), None | Some(0)) => engine.send(request),
                (Some(request), Some(ms)) => {
                    engine.stop();
                    let worker = worker.clone();
                    let send = move || worker.borrow().as_ref().map_or((), |engine| engine.send(request));
                    *timer.borrow_mut() = Some(gloo_timers::callback::Timeout::new(ms, send));
                }
                (None, Some(_)) => engine.stop(),
                (None, None) => {}
            }
        });
    }
    use_effect_with((), move |_| {
        move || {
            timer.borrow_mut().take();
            drop(worker.borrow_mut().take());
        }
    });
}

/// Listens to the page's key presses (not those typed into a field or a
/// menu) while the screen is shown: `keys` says which actions a press makes,
/// given `context` (the grid's size, the focused cell…); a press that makes
/// any is not passed on to the browser. The listener is renewed when
/// `context` changes.
#[hook]
pub fn use_keys<R, C>(dispatcher: UseReducerDispatcher<R>, context: C, keys: fn(&KeyboardEvent, &C) -> Vec<R::Action>)
where
    R: Reducible + 'static,
    C: Clone + PartialEq + 'static,
{
    use_effect_with(context, move |context| {
        let context = context.clone();
        let options = EventListenerOptions::enable_prevent_default();
        let listener = EventListener::new_with_options(&gloo_utils::document(), "keydown", options, move |event| {
            let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
            if browser::typing_in_field(event) {
                return;
            }
            let actions = keys(event, &context);
            if !actions.is_empty() {
                event.prevent_default();
            }
            for action in actions {
                dispatcher.dispatch(action);
            }
        });
        move || drop(listener)
    });
}
