//! Jigsaw regions drawn as walls in the sudoku setter: the groups of cells
//! that no wall separates, which of them are not yet regions (the wrong
//! size, or a wall that ends inside one), and the walls of a region map.
//! Pure functions of an `n × n` grid, and the [`RegionDraft`] the setter's
//! reducer keeps while regions are drawn.

use std::collections::BTreeSet;

use pseudoku_core::layout::CellId;
use pseudoku_core::partition::Edge;

use crate::shared::walls::areas;

/// What the walls drawn so far make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The group of each cell, numbered by each group's lowest cell.
    pub groups: Vec<usize>,
    /// The groups that are not regions yet, each with what is wrong.
    pub problems: Vec<Problem>,
}

/// A group of cells that is not a region yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub group: usize,
    pub cells: Vec<CellId>,
    pub kind: ProblemKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// It has this many cells, not `n`.
    Size(usize),
    /// It has `n` cells, but a wall stands inside it (between these two).
    WallInside(CellId, CellId),
}

impl Drawn {
    /// The region map, when every group is a region of `n` cells with no
    /// wall inside.
    pub fn map(&self) -> Option<&[usize]> {
        self.problems.is_empty().then_some(&self.groups)
    }

    /// Each problem in a sentence, named by its first cell (`at(cell)`).
    pub fn messages(&self, n: usize, at: impl Fn(CellId) -> String) -> Vec<String> {
        self.problems
            .iter()
            .map(|p| match p.kind {
                ProblemKind::Size(1) => format!("{}: this region has 1 cell; it needs {n}.", at(p.cells[0])),
                ProblemKind::Size(k) => format!("{}: this region has {k} cells; it needs {n}.", at(p.cells[0])),
                ProblemKind::WallInside(a, b) => {
                    format!("{}: a wall ends inside this region, between {} and {}.", at(p.cells[0]), at(a), at(b))
                }
            })
            .collect()
    }
}

/// The groups the walls make on an `n × n` grid, and what keeps each from
/// being a region.
pub fn drawn(n: usize, walls: &BTreeSet<Edge>) -> Drawn {
    let mut groups = vec![usize::MAX; n * n];
    let mut members: Vec<Vec<CellId>> = Vec::new();
    for (g, area) in areas(n, |_| true, |e| !walls.contains(&e)).into_iter().enumerate() {
        let mut list: Vec<CellId> = area.into_iter().map(|c| CellId(c as u32)).collect();
        for c in &list {
            groups[c.index()] = g;
        }
        list.sort_unstable();
        members.push(list);
    }
    let mut problems = Vec::new();
    for (g, cells_of) in members.into_iter().enumerate() {
        let kind = if cells_of.len() != n {
            Some(ProblemKind::Size(cells_of.len()))
        } else {
            walls
                .iter()
                .find(|e| groups[e.a().index()] == g && groups[e.b().index()] == g)
                .map(|e| ProblemKind::WallInside(e.a(), e.b()))
        };
        if let Some(kind) = kind {
            problems.push(Problem { group: g, cells: cells_of, kind });
        }
    }
    Drawn { groups, problems }
}

/// The walls of a region map: every edge between two regions.
pub fn borders(n: usize, map: &[usize]) -> BTreeSet<Edge> {
    Edge::borders(n, map).collect()
}

/// Jigsaw regions being drawn: the walls on the `n × n` grid, the groups
/// they make, and the colour each cell is shown in.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionDraft {
    pub n: usize,
    pub walls: BTreeSet<Edge>,
    pub drawn: Drawn,
    /// Per cell, its group's colour (one of [`COLOURS`]).
    pub colours: Vec<u8>,
}

/// The colours the board has for groups.
pub const COLOURS: usize = 16;

impl RegionDraft {
    /// A fresh draft: each group's colour follows its number.
    pub fn new(n: usize, walls: BTreeSet<Edge>) -> RegionDraft {
        let drawn = drawn(n, &walls);
        let colours = drawn.groups.iter().map(|&g| (g % COLOURS) as u8).collect();
        RegionDraft { n, walls, drawn, colours }
    }

    /// The draft after `walls` replaced `before`'s: a group keeps the colour
    /// most of its cells had, largest groups first, so an edit changes the
    /// colours only where it changed the groups (a group split in two keeps
    /// its colour on the larger part, and the other takes a colour no group
    /// has).
    pub fn after(before: &RegionDraft, walls: BTreeSet<Edge>) -> RegionDraft {
        let n = before.n;
        let drawn = drawn(n, &walls);
        let groups = drawn.groups.iter().copied().max().map_or(0, |g| g + 1);
        let mut cells: Vec<Vec<usize>> = vec![Vec::new(); groups];
        for (cell, &g) in drawn.groups.iter().enumerate() {
            cells[g].push(cell);
        }
        let mut order: Vec<usize> = (0..groups).collect();
        order.sort_by_key(|&g| (std::cmp::Reverse(cells[g].len()), g));
        let mut colour_of = vec![None; groups];
        let mut taken = [false; COLOURS];
        for &g in &order {
            let mut votes = [0usize; COLOURS];
            for &c in &cells[g] {
                votes[usize::from(before.colours[c]) % COLOURS] += 1;
            }
            let kept =
                (0..COLOURS).filter(|&k| votes[k] > 0 && !taken[k]).max_by_key(|&k| (votes[k], std::cmp::Reverse(k)));
            if let Some(k) = kept.or_else(|| (0..COLOURS).find(|&k| !taken[k])) {
                taken[k] = true;
                colour_of[g] = Some(k as u8);
            }
        }
        // Past 16 groups, the rest share colours by number.
        let colours = drawn.groups.iter().map(|&g| colour_of[g].unwrap_or((g % COLOURS) as u8)).collect();
        RegionDraft { n, walls, drawn, colours }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes(n: usize, side: usize) -> Vec<usize> {
        (0..n * n).map(|c| (c / n) / side * (n / side) + (c % n) / side).collect()
    }

    #[test]
    fn the_borders_of_a_map_draw_it_back() {
        let map = boxes(9, 3);
        let d = drawn(9, &borders(9, &map));
        assert!(d.problems.is_empty());
        assert_eq!(d.map(), Some(&map[..]));
        assert_eq!(borders(9, &map).len(), 2 * 2 * 9, "two inner lines each way");
    }

    #[test]
    fn an_edit_keeps_the_colours_of_the_groups_it_leaves_alone() {
        let boxes9 = boxes(9, 3);
        let start = RegionDraft::new(9, borders(9, &boxes9));
        // Split the first box: column 1 apart from columns 2 and 3.
        let mut walls = start.walls.clone();
        for r in 0..3u32 {
            walls.insert(Edge::new(9, CellId(9 * r), CellId(9 * r + 1)).unwrap());
        }
        let split = RegionDraft::after(&start, walls);
        // Every other box keeps its colour.
        for c in (0..81).filter(|&c| boxes9[c] != 0) {
            assert_eq!(split.colours[c], start.colours[c], "cell {c}");
        }
        // The larger part keeps the box's colour; the smaller takes one no
        // other group has.
        assert_eq!(split.colours[1], start.colours[0]);
        let apart = split.colours[0];
        assert!((1..81).all(|c| c % 9 == 0 && c < 27 || split.colours[c] != apart), "{:?}", split.colours);
        // Closing it again: one group, in the box's colour.
        let back = RegionDraft::after(&split, start.walls.clone());
        assert_eq!(back.colours, start.colours);
    }

    #[test]
    fn groups_of_the_wrong_size_and_stray_walls_are_named() {
        let mut walls = borders(9, &boxes(9, 3));
        // Open the wall between r3c3 and r3c4: boxes 1 and 2 become one group of 18.
        walls.remove(&Edge::new(9, CellId(20), CellId(21)).unwrap());
        let d = drawn(9, &walls);
        assert_eq!(d.problems.len(), 1);
        assert_eq!(d.problems[0].kind, ProblemKind::Size(18));
        let at = |c: CellId| format!("r{}c{}", c.index() / 9 + 1, c.index() % 9 + 1);
        assert_eq!(d.messages(9, at), vec!["r1c1: this region has 18 cells; it needs 9."]);
        // Move r3c3 to the second box: 8 and 10.
        walls.insert(Edge::new(9, CellId(11), CellId(20)).unwrap());
        walls.insert(Edge::new(9, CellId(19), CellId(20)).unwrap());
        let d = drawn(9, &walls);
        let sizes: Vec<_> = d.problems.iter().map(|p| p.kind).collect();
        assert_eq!(sizes, vec![ProblemKind::Size(8), ProblemKind::Size(10)]);
        assert!(d.map().is_none());
        // A wall that closes nothing: nine cells, but not a region yet.
        let mut walls = borders(9, &boxes(9, 3));
        walls.insert(Edge::new(9, CellId(0), CellId(1)).unwrap());
        let d = drawn(9, &walls);
        assert_eq!(d.problems[0].kind, ProblemKind::WallInside(CellId(0), CellId(1)));
        assert!(d.messages(9, at)[0].contains("a wall ends inside this region"));
    }
}
