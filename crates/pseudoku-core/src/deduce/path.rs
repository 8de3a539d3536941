//! The solve path: always the easiest step next ([`Stepper`]), the
//! [`Rating`] it gives, and the hint from a player's position.

use core::fmt;

use super::answers;
use super::board::{Board, Mark, PlayerState, StateError};
use super::ctx::Ctx;
use super::follow::find;
use super::step::{FirstStep, Step};
use super::technique::{Level, Technique};
use crate::partition::{Edge, Instance};

/// Limits of one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeduceConfig {
    /// Nodes for the whole solve (shape listing and suppositions spend them;
    /// the easy and medium techniques are free). Once spent, the searching
    /// techniques find nothing more.
    pub node_budget: u64,
    /// The hardest technique tried.
    pub hardest: Technique,
}

impl DeduceConfig {
    /// Every technique, and a budget that grows with the grid: 2 million
    /// nodes up to 9×9, 4 million to 12×12, 16 million beyond.
    pub fn new(size: usize) -> DeduceConfig {
        let node_budget = match size {
            0..=9 => 2_000_000,
            10..=12 => 4_000_000,
            _ => 16_000_000,
        };
        DeduceConfig { node_budget, hardest: Technique::DeepContradiction }
    }
}

/// What the next step of a solve is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// This step (already applied by [`Stepper::next`]).
    Step(Step),
    /// Every edge is decided.
    Solved,
    /// No technique applies: the rest needs guessing (or the challenge has
    /// several answers, where logic must stop).
    Stuck,
    /// The node budget ran out before a step was found.
    OutOfBudget,
    /// The position breaks a rule: no answer agrees with it.
    NoAnswer,
}

/// Walks a solve path one easiest step at a time.
pub struct Stepper {
    board: Board,
    cx: Ctx,
    config: DeduceConfig,
}

impl Stepper {
    /// From the start of `instance` (its walls as borders).
    pub fn new(instance: &Instance, config: &DeduceConfig) -> Stepper {
        Stepper::from_position(instance, Board::new(instance), config)
    }

    /// From any position of `instance`. An answer is searched for first
    /// (`partition`, within a fixed budget of its own nodes, not counted in
    /// [`Stepper::nodes`]): while the board agrees with it, a supposition
    /// that agrees with it too cannot break a rule and is not followed. The
    /// steps are the same as [`Stepper::from_board`]'s, found with fewer
    /// nodes.
    pub fn from_position(instance: &Instance, board: Board, config: &DeduceConfig) -> Stepper {
        let mut stepper = Stepper::from_board(board, config);
        stepper.cx.answers = answers::known(instance);
        stepper
    }

    /// From any position, knowing no answer.
    pub fn from_board(board: Board, config: &DeduceConfig) -> Stepper {
        Stepper { board, cx: Ctx::new(config.node_budget), config: *config }
    }

    /// The same stepper knowing `answer` (an answer of the challenge its
    /// board is from), as [`Stepper::from_position`] would find it.
    pub(crate) fn knowing(mut self, answer: &crate::partition::Partition) -> Stepper {
        self.cx.answers = vec![answers::marks(&self.board, answer)];
        self
    }

    /// The same stepper trying the suppositions on `edges` before the
    /// others (a hint's guesses: the edges where the challenge's own solve
    /// path supposed, [`Rating::supposed`]). A step is still of the easiest
    /// technique that has one; among its steps, one on these edges comes
    /// first, found after fewer suppositions.
    pub fn trying_first(mut self, edges: &[Edge]) -> Stepper {
        let n = self.board.size();
        // Edges of another grid's size are left out.
        let fits = |e: &&Edge| Edge::new(n, e.a(), e.b()) == Some(**e);
        self.cx.first = edges.iter().filter(fits).map(|&e| super::board::slot(e)).collect();
        self
    }

    /// The same stepper knowing no answer, for tests that check the
    /// answers change no step.
    #[cfg(test)]
    pub(crate) fn without_answers(mut self) -> Stepper {
        self.cx.answers.clear();
        self
    }

    /// The same stepper listing every shape afresh (the memo of listings
    /// off), for tests that check the memo changes nothing.
    #[cfg(test)]
    pub(crate) fn without_memo(mut self) -> Stepper {
        self.cx.memo_on = false;
        self
    }

    /// The same stepper listing even the shapes of groups known to have
    /// more than the cap (`known.rs` off), for tests that check the steps.
    #[cfg(test)]
    pub(crate) fn without_known(mut self) -> Stepper {
        self.cx.known_on = false;
        self
    }

    /// The same stepper following every resumed supposition with a sweep
    /// (`settle.rs` off), for tests that check settling changes nothing.
    #[cfg(test)]
    pub(crate) fn without_settle(mut self) -> Stepper {
        self.cx.settle_on = false;
        self
    }

    /// The same stepper walking every group in every run of the
    /// missing-symbol rule (`runs.rs` off), for tests that check the
    /// records change nothing.
    #[cfg(test)]
    pub(crate) fn without_runs(mut self) -> Stepper {
        self.cx.runs_on = false;
        self
    }

    /// Groups the missing-symbol rule did not walk again so far.
    #[cfg(test)]
    pub(crate) fn walks_skipped(&self) -> u64 {
        self.cx.walks_skipped
    }

    /// Suppositions settled without a sweep so far.
    #[cfg(test)]
    pub(crate) fn settled(&self) -> u64 {
        self.cx.settled
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Nodes spent so far.
    pub fn nodes(&self) -> u64 {
        self.cx.nodes
    }

    /// Finds the easiest step, without applying it.
    pub fn peek(&mut self) -> Next {
        if self.board.is_solved() {
            return Next::Solved;
        }
        for &t in Technique::ALL.iter().take_while(|&&t| t <= self.config.hardest) {
            let mut first = FirstStep::default();
            if find(t, &self.board, &mut self.cx, &mut first).is_err() {
                return Next::NoAnswer;
            }
            if let Some(step) = first.0 {
                return Next::Step(step);
            }
        }
        if self.cx.out_of_budget {
            Next::OutOfBudget
        } else {
            Next::Stuck
        }
    }

    /// Finds the easiest step and applies it.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Next {
        let next = self.peek();
        if let Next::Step(step) = &next {
            if self.apply(step).is_err() {
                return Next::NoAnswer;
            }
        }
        next
    }

    fn apply(&mut self, step: &Step) -> Result<(), super::board::Contradiction> {
        for &e in &step.borders {
            self.board.set(super::board::slot(e), Mark::Border)?;
        }
        for &e in &step.joins {
            self.board.set(super::board::slot(e), Mark::Join)?;
        }
        self.board.regroup()
    }
}

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Solved,
    Stuck,
    OutOfBudget,
    NoAnswer,
}

/// A challenge's difficulty: the hardest step of its easiest path, then how
/// many steps are that hard.
///
/// As a number ([`Score::value`]): the hardest weight plus a thousandth per
/// step at that weight (up to 999), so `3.504` is four "some shapes" steps.
/// A path that stops short scores `10` plus a thousandth per edge left open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score {
    /// Tenths (35 = 3.5); 100 when the path stops short.
    pub hardest: u32,
    /// Steps at that weight (edges left open when the path stops short).
    pub count: u32,
}

impl Score {
    pub fn value(self) -> f64 {
        f64::from(self.hardest) / 10.0 + f64::from(self.count.min(999)) / 1000.0
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.3}", self.value())
    }
}

/// The result of [`rate`].
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The path reached every edge.
    pub solved: bool,
    pub level: Level,
    pub score: Score,
    /// The hardest technique used, if any step was made.
    pub hardest: Option<Technique>,
    /// The path, easiest step first at every point.
    pub steps: Vec<Step>,
    pub end: End,
    /// Open edges when the path ended.
    pub open_left: usize,
    pub nodes: u64,
}

/// Rates a challenge by solving it as a person would: always the easiest
/// step next. Deterministic; the work is bounded by `config.node_budget`.
///
/// With several answers the path must stop short (no step can decide an
/// edge the answers disagree on): the rating is then
/// [`Level::NeedsGuessing`], `solved` is false, and `steps` holds what all
/// answers share that logic found.
pub fn rate(instance: &Instance, config: &DeduceConfig) -> Rating {
    solve_path(Stepper::new(instance, config))
}

impl Rating {
    /// The edges the path's suppositions decided, in path order: what a
    /// hint tries first ([`next_step_trying`]).
    pub fn supposed(&self) -> Vec<Edge> {
        supposed(&self.steps)
    }
}

/// The edges that the suppositions among `steps` decided, in order.
pub fn supposed(steps: &[Step]) -> Vec<Edge> {
    steps
        .iter()
        .filter(|s| s.technique >= Technique::Contradiction)
        .flat_map(|s| s.borders.iter().chain(&s.joins).copied())
        .collect()
}

/// Runs a [`Stepper`] to the end and rates the path.
pub fn solve_path(mut stepper: Stepper) -> Rating {
    let mut steps = Vec::new();
    let end = loop {
        match stepper.next() {
            Next::Step(step) => steps.push(step),
            Next::Solved => break End::Solved,
            Next::Stuck => break End::Stuck,
            Next::OutOfBudget => break End::OutOfBudget,
            Next::NoAnswer => break End::NoAnswer,
        }
    };
    rating_of(steps, end, &stepper)
}

/// The rating of a path: `steps`, all the steps `stepper` took from its
/// start, ending so.
pub(crate) fn rating_of(steps: Vec<Step>, end: End, stepper: &Stepper) -> Rating {
    let hardest = steps.iter().map(|s| s.technique).max();
    let open_left = stepper.board.open_count();
    let solved = end == End::Solved;
    let (level, score) = match (solved, hardest) {
        (true, Some(t)) => {
            let count = steps.iter().filter(|s| s.technique.weight() == t.weight()).count() as u32;
            (t.level(), Score { hardest: t.weight(), count })
        }
        (true, None) => (Level::Easy, Score::default()),
        (false, _) => (Level::NeedsGuessing, Score { hardest: 100, count: open_left as u32 }),
    };
    Rating { solved, level, score, hardest, steps, end, open_left, nodes: stepper.nodes() }
}

/// The easiest next step from a player's position (their borders and
/// painted regions; see [`PlayerState`]). The step follows from the
/// player's marks: when those are wrong, so may the step be, so check the
/// marks against the answers first ([`crate::partition::explain`]).
pub fn next_step(instance: &Instance, player: &PlayerState, config: &DeduceConfig) -> Result<Next, StateError> {
    next_step_trying(instance, player, config, &[])
}

/// [`next_step`], trying the suppositions on `first` before the others
/// ([`Stepper::trying_first`]): given the edges where the challenge's solve
/// path supposed ([`Rating::supposed`]), a hint that needs a supposition
/// usually finds one at once.
pub fn next_step_trying(
    instance: &Instance,
    player: &PlayerState,
    config: &DeduceConfig,
    first: &[Edge],
) -> Result<Next, StateError> {
    let board = Board::from_player(instance, player)?;
    Ok(Stepper::from_position(instance, board, config).trying_first(first).peek())
}
