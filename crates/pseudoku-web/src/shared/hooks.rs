//! The hooks every screen uses: [`use_engine`], the one place a screen's
//! requests reach the engine's worker.

use yew::prelude::*;

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
    let worker = use_mut_ref(|| None::<EngineWorker>);
    {
        let worker = worker.clone();
        use_effect_with(request.as_ref().map(|r| r.id), move |_| {
            let mut slot = worker.borrow_mut();
            let engine =
                slot.get_or_insert_with(|| EngineWorker::new(move |reply| dispatcher.dispatch(on_reply(reply))));
            if let Some(request) = request {
                engine.send(request);
            }
        });
    }
    use_effect_with((), move |_| move || drop(worker.borrow_mut().take()));
}
