//! Wall placement: walls on the borders of an answer until it is the only
//! one, then every wall that is not needed removed ([`place_walls`], as a
//! [`WallStrategy`] says, with a [`Difficulty`]'s extra walls), and the check
//! that a set of walls is minimal ([`is_minimal`]).

use rand_chacha::ChaCha8Rng;

use super::solve::{first_answers, uniqueness};
use super::{Edge, Instance, Partition};
use crate::search::{SearchEnd, Uniqueness};
use crate::seed::shuffle;

/// How many answers one search of the adding phase collects at most.
const SAMPLE: usize = 4;

/// Sets of border edges of the answer being made unique, by their index in
/// the (shuffled) border list.
#[derive(Clone, PartialEq, Eq)]
struct EdgeSet(Vec<u64>);

impl EdgeSet {
    fn new(len: usize) -> EdgeSet {
        EdgeSet(vec![0; len.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    fn intersects(&self, other: &EdgeSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    /// True when `self ∩ other` is exactly `{i}`.
    fn meets_only_at(&self, other: &EdgeSet, i: usize) -> bool {
        self.contains(i)
            && other.contains(i)
            && self.0.iter().zip(&other.0).enumerate().all(|(k, (a, b))| {
                let both = a & b;
                if k == i / 64 {
                    both == 1 << (i % 64)
                } else {
                    both == 0
                }
            })
    }
}

/// The walls being placed on the borders of `answer`, and every other
/// answer of the grid met along the way (the border edges each puts inside
/// one of its regions). A cached answer that crosses only one wall proves,
/// without a search, that the wall is needed.
struct Walls<'a> {
    answer: &'a Partition,
    borders: Vec<Edge>,
    inst: Instance,
    on: EdgeSet,
    others: Vec<EdgeSet>,
    budget: Option<u64>,
}

impl Walls<'_> {
    fn add(&mut self, i: usize) {
        self.inst.add_wall(self.borders[i]).expect("a border edge of the grid");
        self.on.insert(i);
    }

    fn remove(&mut self, i: usize) {
        self.inst.remove_wall(self.borders[i]);
        self.on.remove(i);
    }

    /// Remembers another answer; false when it was known (or is the answer).
    fn note(&mut self, p: &Partition) -> bool {
        if p == self.answer {
            return false;
        }
        let mut crossed = EdgeSet::new(self.borders.len());
        for (i, &e) in self.borders.iter().enumerate() {
            if p.joins(e) {
                crossed.insert(i);
            }
        }
        if self.others.contains(&crossed) {
            return false;
        }
        self.others.push(crossed);
        true
    }

    /// The unwalled border edge crossed by the most known answers that the
    /// walls do not already exclude (ties: the first in the shuffled list).
    fn most_crossed(&self) -> Option<usize> {
        let alive: Vec<&EdgeSet> = self.others.iter().filter(|c| !c.intersects(&self.on)).collect();
        (0..self.borders.len())
            .filter(|&i| !self.on.contains(i))
            .map(|i| (alive.iter().filter(|c| c.contains(i)).count(), i))
            .filter(|&(hits, _)| hits > 0)
            .max_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)))
            .map(|(_, i)| i)
    }

    /// Adds walls until the answer is unique: each round looks for other
    /// answers and walls the edge most of the known ones cross. When a
    /// search runs out of budget, a quarter of the free borders (the most
    /// crossed first) are walled at once; with every border walled the
    /// answer is trivially unique, so this ends.
    fn add_until_unique(&mut self, rng: &mut ChaCha8Rng) {
        loop {
            // Shut out every known answer first: each search then learns
            // something new.
            while let Some(i) = self.most_crossed() {
                self.add(i);
            }
            let (found, report) = first_answers(&self.inst, &[], SAMPLE + 1, self.budget);
            let mut new = false;
            for p in &found {
                new |= self.note(p);
            }
            if new {
                continue;
            }
            if report.end != SearchEnd::OutOfBudget {
                debug_assert_eq!(found.first(), Some(self.answer));
                return;
            }
            // Out of budget: wall a quarter of the free borders.
            let mut free: Vec<usize> = (0..self.borders.len()).filter(|&i| !self.on.contains(i)).collect();
            if free.is_empty() {
                return;
            }
            shuffle(&mut free, rng);
            let batch = free.len().div_ceil(4);
            for &i in &free[..batch] {
                self.add(i);
            }
        }
    }

    /// Removes every wall that is not needed. A wall is needed when a known
    /// answer crosses it and no other wall, or when a search finds an
    /// answer joining its two cells with it removed (any new answer must
    /// cross it, since with it the answer is unique). A wall needed now is
    /// needed in every subset of the walls, so one pass leaves a minimal
    /// set, except where a search ran out of budget (that wall stays).
    ///
    /// Most walls turn out not to be needed, and proving that takes a full
    /// search, so walls are tried in groups: one search proves a whole
    /// group removable. A group that lets another answer in goes back, and
    /// the groups shrink (down to single walls); after each success they
    /// grow again. Walls no known answer crosses, the likeliest to go, are
    /// tried first; otherwise `order` decides.
    fn trim(&mut self, order: &[usize]) {
        // By crossings, ties in `order`'s order (the position breaks them). Pairs of `usize` sorted by their own
        // order, as the search sorts its regions: one copy of the sort code in the web bundle, not three.
        let on: Vec<usize> = order.iter().copied().filter(|&i| self.on.contains(i)).collect();
        let mut keyed: Vec<(usize, usize)> =
            on.iter().enumerate().map(|(position, &i)| (self.crossings(i), position)).collect();
        keyed.sort_unstable();
        let mut todo: Vec<usize> = keyed.into_iter().map(|(_, position)| on[position]).collect();
        todo.reverse(); // a stack: the next wall is last
        let mut size = 4usize;
        let mut group = Vec::new();
        while !todo.is_empty() {
            group.clear();
            while group.len() < size {
                let Some(i) = todo.pop() else { break };
                if !self.others.iter().any(|c| c.meets_only_at(&self.on, i)) {
                    group.push(i);
                }
            }
            match group[..] {
                [] => {}
                [i] => {
                    let w = self.borders[i];
                    self.remove(i);
                    let (found, report) = first_answers(&self.inst, &[w], 1, self.budget);
                    match found.first() {
                        Some(p) => {
                            self.note(p);
                            self.add(i);
                        }
                        None if report.end == SearchEnd::OutOfBudget => self.add(i),
                        None => size *= 2,
                    }
                }
                _ => {
                    for &i in &group {
                        self.remove(i);
                    }
                    let (found, report) = first_answers(&self.inst, &[], 2, self.budget);
                    let other = found.iter().find(|p| *p != self.answer);
                    if other.is_none() && report.end != SearchEnd::OutOfBudget {
                        size *= 2;
                        continue;
                    }
                    if let Some(p) = other {
                        let p = p.clone();
                        self.note(&p);
                    }
                    for &i in &group {
                        self.add(i);
                    }
                    todo.extend(group.iter().rev());
                    size = if other.is_some() { group.len() / 2 } else { 1 };
                }
            }
        }
    }

    /// How many known answers cross each border edge.
    fn crossings(&self, i: usize) -> usize {
        self.others.iter().filter(|c| c.contains(i)).count()
    }
}

/// How much help the walls give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// A minimal set of walls plus `N` more on the answer's borders, at the
    /// contested spots: the edges that other answers put inside a region
    /// while the walls were being placed, most contested first.
    Easy,
    /// A minimal set plus `N / 2` more contested walls.
    #[default]
    Medium,
    /// A minimal set of walls: removing any one of them lets another answer
    /// in.
    Hard,
}

impl Difficulty {
    pub(super) fn extra_walls(self, size: usize) -> usize {
        match self {
            Difficulty::Easy => size,
            Difficulty::Medium => size / 2,
            Difficulty::Hard => 0,
        }
    }
}

/// How the walls are found; both end with a minimal set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WallStrategy {
    /// Add walls where other answers cross the answer's borders until it is
    /// unique, then remove the walls not needed. Usually fewer walls, but the
    /// first searches (few walls, many answers) are slow on large grids.
    AddThenTrim,
    /// Wall every border of the answer (trivially unique), then remove walls
    /// one by one while the answer stays unique. No search ever sees a
    /// nearly wall-free grid, but there are many searches.
    TrimFromBorders,
    /// Wall this percentage of the answer's borders (chosen at random), then
    /// as [`WallStrategy::AddThenTrim`]: the first searches are already
    /// constrained, and there are fewer walls to trim than from all borders.
    SeedThenTrim { percent: u8 },
}

/// The heart of construction: walls on `answer`'s borders until it is the
/// only answer of `grid`, then a pass removing every wall that is not
/// needed, then the difficulty's extra walls at the most contested border
/// edges (those other answers crossed most often).
/// Gives the walled instance and the minimal set its walls were built from.
/// Each uniqueness search has `node_budget` nodes.
pub(super) fn place_walls(
    grid: &Instance,
    answer: &Partition,
    strategy: WallStrategy,
    difficulty: Difficulty,
    node_budget: u64,
    rng: &mut ChaCha8Rng,
) -> Option<(Instance, Vec<Edge>)> {
    let n = grid.size();
    let mut borders: Vec<Edge> = answer.borders().collect();
    shuffle(&mut borders, rng);
    let len = borders.len();
    let mut walls = Walls {
        answer,
        borders,
        inst: grid.with_walls([]).expect("the same grid"),
        on: EdgeSet::new(len),
        others: Vec::new(),
        budget: Some(node_budget),
    };
    let seeded = match strategy {
        WallStrategy::AddThenTrim => 0,
        WallStrategy::TrimFromBorders => len,
        WallStrategy::SeedThenTrim { percent } => len * usize::from(percent.min(100)) / 100,
    };
    for i in 0..seeded {
        walls.add(i);
    }
    walls.add_until_unique(rng);
    let mut order: Vec<usize> = (0..len).filter(|&i| walls.on.contains(i)).collect();
    shuffle(&mut order, rng);
    walls.trim(&order);
    let core_walls: Vec<Edge> = walls.inst.walls().collect();
    let extra = difficulty.extra_walls(n);
    // Most crossings first (`!` reverses the order of a count), ties by index.
    let mut ranked: Vec<(usize, usize)> =
        (0..len).filter(|&i| !walls.on.contains(i)).map(|i| (!walls.crossings(i), i)).collect();
    ranked.sort_unstable();
    for &(_, i) in ranked.iter().take(extra) {
        walls.add(i);
    }
    Some((walls.inst, core_walls))
}

/// Whether the instance has exactly one answer and loses that with any one
/// wall removed. `None` when a search ran out of budget.
pub fn is_minimal(instance: &Instance, node_budget: Option<u64>) -> Option<bool> {
    match uniqueness(instance, node_budget) {
        Uniqueness::Unique(_) => {}
        Uniqueness::Unknown { .. } => return None,
        _ => return Some(false),
    }
    // With the instance unique, removing a wall lets another answer in
    // exactly when some answer joins the wall's two cells.
    for w in instance.walls() {
        let mut fewer = instance.clone();
        fewer.remove_wall(w);
        let (found, report) = first_answers(&fewer, &[w], 1, node_budget);
        match (found.first(), report.end) {
            (Some(_), _) => {}
            (None, SearchEnd::OutOfBudget) => return None,
            (None, _) => return Some(false),
        }
    }
    Some(true)
}
