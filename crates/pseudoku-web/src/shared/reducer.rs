//! Every screen's state is a reducer of the same shape: `apply(&self,
//! action) -> Option<Self>` gives the next state, or `None` when the
//! action changes nothing (then Yew keeps the old state and renders
//! nothing). `reducer!` makes such a type Yew's `Reducible`.

/// `reducer!(State, Action)`: `impl yew::Reducible for State` through
/// `State::apply`, keeping the old state when it returns `None`.
macro_rules! reducer {
    ($state:ty, $action:ty) => {
        impl yew::Reducible for $state {
            type Action = $action;

            fn reduce(self: std::rc::Rc<Self>, action: $action) -> std::rc::Rc<Self> {
                match self.apply(action) {
                    Some(next) => std::rc::Rc::new(next),
                    None => self,
                }
            }
        }
    };
}

pub(crate) use reducer;
