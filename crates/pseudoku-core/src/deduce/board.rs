//! The state a person holds while solving: every edge between neighbours is
//! open, a border or a join, and the joins make groups.
//!
//! Edges are stored by **slot**: `2·a` for the edge from cell `a` to its
//! right neighbour, `2·a + 1` for the edge to the cell below (slots that
//! leave the grid are never used). Groups are recomputed from the joins
//! after every batch of changes ([`Board::regroup`]); on a 9×9 grid that is a
//! pass over 81 cells, cheaper than keeping a union-find undoable for the
//! assumption chains.

use std::sync::Arc;

use crate::layout::CellId;
use crate::partition::{Edge, Instance, Partition};

/// The neighbours of one cell with the slot of the edge to each, in the
/// order up, left, right, down (a table built once per board: iterating it
/// replaced four bounds checks per visit in every search's inner loop).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Around {
    len: u8,
    list: [(u32, u32); 4],
}

fn adjacency(n: usize) -> Arc<[Around]> {
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            let mut a = Around::default();
            let mut push = |nb: usize, s: usize| {
                a.list[a.len as usize] = (nb as u32, s as u32);
                a.len += 1;
            };
            if r > 0 {
                push(cell - n, 2 * (cell - n) + 1);
            }
            if c > 0 {
                push(cell - 1, 2 * (cell - 1));
            }
            if c + 1 < n {
                push(cell + 1, 2 * cell);
            }
            if r + 1 < n {
                push(cell + n, 2 * cell + 1);
            }
            a
        })
        .collect()
}

/// Every slot in use on an `n × n` grid, increasing.
fn slot_list(n: usize) -> Arc<[u32]> {
    (0..2 * n * n)
        .filter(|&s| {
            let cell = s / 2;
            if s % 2 == 0 {
                cell % n + 1 < n
            } else {
                cell / n + 1 < n
            }
        })
        .map(|s| s as u32)
        .collect()
}

/// What is known about one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Not decided yet.
    Open,
    /// The two cells are in different regions (every wall is one).
    Border,
    /// The two cells are in the same region.
    Join,
}

impl Mark {
    /// Border for Join and Join for Border.
    pub fn opposite(self) -> Mark {
        match self {
            Mark::Open => Mark::Open,
            Mark::Border => Mark::Join,
            Mark::Join => Mark::Border,
        }
    }
}

/// The marks cannot all hold in any answer: a zero-sized failure value,
/// returned with `?` inside the deductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// A player's position: the borders they drew and the cells they painted
/// as regions (`regions[cell]`, any names). Two neighbours painted with the
/// same name are joined; cells painted with different names are not taken
/// as separated (a player may paint two pieces of one region apart), only
/// drawn borders are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    pub borders: Vec<Edge>,
    pub regions: Vec<Option<usize>>,
}

/// Why a player's position could not be read as a [`Board`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    #[error("the position paints {found} cells, but the grid has {expected}")]
    RegionCount { expected: usize, found: usize },
    #[error("border {edge} is not between two neighbouring cells of a {size}×{size} grid")]
    BadBorder { edge: Edge, size: usize },
    #[error("the position contradicts itself: a region holds a symbol twice, has too many cells, or crosses a border")]
    Contradiction,
}

/// One group: cells joined together, all in one region of every answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Number of cells.
    pub size: u32,
    /// Bit `s` set when the group holds symbol `s`.
    pub mask: u64,
    /// Its lowest cell.
    pub first: u32,
}

/// The marks on every edge and the groups they make.
///
/// Invariant (after `Board::regroup` returned `Ok`): every group holds
/// each symbol at most once, has at most `N` cells and no border inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    symbols: Vec<u8>,
    marks: Vec<Mark>,
    group: Vec<u32>,
    groups: Vec<Group>,
    /// Cells grouped by group: the cells of group `g` are
    /// `members[start[g]..start[g + 1]]`, increasing.
    members: Vec<u32>,
    start: Vec<u32>,
    /// Shared by every copy of the board.
    adj: Arc<[Around]>,
    /// Every slot in use, increasing (shared too).
    slot_list: Arc<[u32]>,
}

impl Board {
    /// The start of a solve: every wall is a border, every other edge open.
    ///
    /// # Panics
    /// Never for a valid [`Instance`] (its symbols fit in a `u64` mask).
    pub fn new(instance: &Instance) -> Board {
        let n = instance.size();
        let cells = n * n;
        let mut board = Board {
            n,
            symbols: instance.symbols().iter().map(|s| s.index() as u8).collect(),
            marks: vec![Mark::Open; 2 * cells],
            group: vec![0; cells],
            groups: Vec::with_capacity(cells),
            members: vec![0; cells],
            start: Vec::with_capacity(cells + 1),
            adj: adjacency(n),
            slot_list: slot_list(n),
        };
        for w in instance.walls() {
            board.marks[slot(w)] = Mark::Border;
        }
        board.regroup().expect("walls alone never contradict");
        board
    }

    /// A player's position on `instance` (see [`PlayerState`]).
    pub fn from_player(instance: &Instance, player: &PlayerState) -> Result<Board, StateError> {
        let n = instance.size();
        let mut board = Board::new(instance);
        if !player.regions.is_empty() && player.regions.len() != n * n {
            return Err(StateError::RegionCount { expected: n * n, found: player.regions.len() });
        }
        for &edge in &player.borders {
            if !instance.is_edge(edge) {
                return Err(StateError::BadBorder { edge, size: n });
            }
            board.marks[slot(edge)] = Mark::Border;
        }
        for edge in Edge::all(n) {
            let (a, b) = (edge.a().index(), edge.b().index());
            if let (Some(x), Some(y)) =
                (player.regions.get(a).copied().flatten(), player.regions.get(b).copied().flatten())
            {
                if x == y {
                    board.set(slot(edge), Mark::Join).map_err(|_| StateError::Contradiction)?;
                }
            }
        }
        board.regroup().map_err(|_| StateError::Contradiction)?;
        Ok(board)
    }

    /// `N`.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    #[inline]
    pub(crate) fn symbol(&self, cell: usize) -> u8 {
        self.symbols[cell]
    }

    /// The mark on `edge`.
    pub fn mark(&self, edge: Edge) -> Mark {
        self.marks[slot(edge)]
    }

    /// Every slot's mark (slots off the grid open).
    pub(crate) fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// Every cell's symbol.
    pub(crate) fn symbols(&self) -> &[u8] {
        &self.symbols
    }

    #[inline]
    pub(crate) fn mark_at(&self, slot: usize) -> Mark {
        self.marks[slot]
    }

    /// The group index of `cell` (groups are renumbered by every change).
    #[inline]
    pub(crate) fn group_of(&self, cell: usize) -> usize {
        self.group[cell] as usize
    }

    pub(crate) fn groups(&self) -> &[Group] {
        &self.groups
    }

    pub(crate) fn cells_of(&self, g: usize) -> &[u32] {
        &self.members[self.start[g] as usize..self.start[g + 1] as usize]
    }

    /// The neighbours of `cell` with the slot of the edge to each.
    #[inline]
    pub(crate) fn neighbours(&self, cell: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let a = &self.adj[cell];
        a.list[..a.len as usize].iter().map(|&(nb, s)| (nb as usize, s as usize))
    }

    /// Every slot in use, increasing (the order of [`Edge::all`]).
    pub(crate) fn slots(&self) -> impl Iterator<Item = usize> + '_ {
        self.slot_list.iter().map(|&s| s as usize)
    }

    /// The two cells of a slot.
    #[inline]
    pub(crate) fn ends(&self, slot: usize) -> (usize, usize) {
        let a = slot / 2;
        (a, if slot % 2 == 0 { a + 1 } else { a + self.n })
    }

    /// The edge of a slot.
    pub(crate) fn edge(&self, slot: usize) -> Edge {
        let (a, b) = self.ends(slot);
        Edge::new(self.n, CellId(a as u32), CellId(b as u32)).expect("slots are edges")
    }

    /// Sets a mark; `Ok(true)` when it changed. Groups are not recomputed:
    /// call [`Board::regroup`] after a batch.
    pub(crate) fn set(&mut self, slot: usize, mark: Mark) -> Result<bool, Contradiction> {
        match self.marks[slot] {
            m if m == mark => Ok(false),
            Mark::Open => {
                self.marks[slot] = mark;
                Ok(true)
            }
            _ => Err(Contradiction),
        }
    }

    /// Recomputes the groups from the joins and checks them: no symbol
    /// twice, at most `N` cells, no border inside. Open edges inside a group
    /// become joins.
    pub(crate) fn regroup(&mut self) -> Result<(), Contradiction> {
        let cells = self.n * self.n;
        const NONE: u32 = u32::MAX;
        self.group.fill(NONE);
        self.groups.clear();
        self.start.clear();
        let mut top = 0;
        let adj = Arc::clone(&self.adj);
        for root in 0..cells {
            if self.group[root] != NONE {
                continue;
            }
            let g = self.groups.len() as u32;
            self.start.push(top as u32);
            self.group[root] = g;
            self.members[top] = root as u32;
            let (begin, mut read) = (top, top);
            top += 1;
            let (mut size, mut mask, mut twice) = (0u32, 0u64, false);
            while read < top {
                let cell = self.members[read] as usize;
                read += 1;
                size += 1;
                let bit = 1u64 << self.symbols[cell];
                twice |= mask & bit != 0;
                mask |= bit;
                let around = &adj[cell];
                for &(nb, s) in &around.list[..around.len as usize] {
                    let (nb, s) = (nb as usize, s as usize);
                    if self.marks[s] == Mark::Join && self.group[nb] == NONE {
                        self.group[nb] = g;
                        self.members[top] = nb as u32;
                        top += 1;
                    }
                }
            }
            self.members[begin..top].sort_unstable();
            if twice || size as usize > self.n {
                return Err(Contradiction);
            }
            self.groups.push(Group { size, mask, first: root as u32 });
        }
        self.start.push(top as u32);
        // An open edge inside a group is a join by definition: its two cells
        // are in the group's region.
        let slots = Arc::clone(&self.slot_list);
        for &s in slots.iter() {
            let s = s as usize;
            let (a, b) = self.ends(s);
            if self.group[a] == self.group[b] {
                match self.marks[s] {
                    Mark::Border => return Err(Contradiction),
                    Mark::Open => self.marks[s] = Mark::Join,
                    Mark::Join => {}
                }
            }
        }
        Ok(())
    }

    /// Open edges left.
    pub fn open_count(&self) -> usize {
        self.slots().filter(|&s| self.marks[s] == Mark::Open).count()
    }

    /// Every edge decided and every group a full region.
    pub fn is_solved(&self) -> bool {
        // The groups first: almost always the first one is not full yet.
        self.groups.iter().all(|g| g.size as usize == self.n) && self.open_count() == 0
    }

    /// The regions, once solved.
    pub fn partition(&self) -> Option<Partition> {
        let labels: Vec<usize> = self.group.iter().map(|&g| g as usize).collect();
        self.is_solved().then(|| Partition::from_labels(self.n, &labels)).flatten()
    }

    /// The edges marked `mark`, increasing.
    pub fn edges_marked(&self, mark: Mark) -> Vec<Edge> {
        self.slots().filter(|&s| self.marks[s] == mark).map(|s| self.edge(s)).collect()
    }
}

impl Board {
    /// Walks breadth-first from the cells of `queue` across edges that are
    /// not borders, appending each cell it enters to `queue`; `enter(cell)`
    /// says whether to enter a cell (and marks it seen: the walk keeps no
    /// record of its own).
    pub(crate) fn spread(&self, queue: &mut Vec<u32>, mut enter: impl FnMut(usize) -> bool) {
        let mut read = 0;
        while read < queue.len() {
            let c = queue[read] as usize;
            read += 1;
            for (nb, s) in self.neighbours(c) {
                if self.marks[s] != Mark::Border && enter(nb) {
                    queue.push(nb as u32);
                }
            }
        }
    }
}

/// The slot of an edge.
#[inline]
pub(crate) fn slot(edge: Edge) -> usize {
    2 * edge.a().index() + usize::from(!edge.in_row())
}

impl Board {
    /// Marks `edge` a border (as a new wall would), checking the groups.
    pub fn add_border(&mut self, edge: Edge) -> Result<(), Contradiction> {
        self.set(slot(edge), Mark::Border)?;
        self.regroup()
    }
}
