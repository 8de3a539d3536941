//! Walls drawn on an `n × n` grid, shared by the Pseudoku setter and the
//! sudoku setter's jigsaw regions: the pointer stroke that draws or erases
//! them ([`Stroke`], driven by [`WallEdit`]s), and the areas they close off
//! ([`areas`]).

use pseudoku_core::layout::CellId;
use pseudoku_core::partition::Edge;

/// One change a pointer or a key makes to the walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallEdit {
    /// A pointer stroke starts on an edge: it toggles that wall, and the
    /// rest of the stroke draws (or erases) the same way.
    Start(Edge),
    /// The stroke moves over an edge.
    Over(Edge),
    /// The stroke ends.
    End,
    /// Toggle one wall (the keyboard).
    Toggle(Edge),
}

/// What a [`WallEdit`] does, as [`Stroke::edit`] decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallStep {
    /// Nothing changes.
    Nothing,
    /// The stroke ends; the walls stay as they are.
    Ended,
    /// Put a wall on `edge` (or take it off); `new_change` when this starts
    /// a new undoable change, rather than going on with the stroke's.
    Set { edge: Edge, on: bool, new_change: bool },
}

/// A pointer stroke over the walls: whether it draws (`Some(true)`), erases
/// (`Some(false)`), or none is under way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stroke(Option<bool>);

impl Stroke {
    /// Follows `edit`, given whether a wall stands on an edge now, and says
    /// what it does to the walls: a stroke keeps to what its first edge
    /// did, so a drag never toggles a wall back.
    pub fn edit(&mut self, edit: WallEdit, has_wall: impl Fn(Edge) -> bool) -> WallStep {
        match edit {
            WallEdit::Start(edge) => {
                let on = !has_wall(edge);
                self.0 = Some(on);
                WallStep::Set { edge, on, new_change: true }
            }
            WallEdit::Over(edge) => match self.0 {
                Some(on) if has_wall(edge) != on => WallStep::Set { edge, on, new_change: false },
                _ => WallStep::Nothing,
            },
            WallEdit::End => match self.0.take() {
                Some(_) => WallStep::Ended,
                None => WallStep::Nothing,
            },
            WallEdit::Toggle(edge) => WallStep::Set { edge, on: !has_wall(edge), new_change: true },
        }
    }
}

/// The areas of an `n × n` grid: the groups of cells that `inside` admits
/// and that edges `open` lets through join, in the order of their lowest
/// cells. Each area lists its lowest cell first.
pub fn areas(n: usize, inside: impl Fn(usize) -> bool, open: impl Fn(Edge) -> bool) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n * n];
    let mut found = Vec::new();
    for start in 0..n * n {
        if seen[start] || !inside(start) {
            continue;
        }
        seen[start] = true;
        let mut area = vec![start];
        let mut i = 0;
        while i < area.len() {
            let c = CellId(area[i] as u32);
            i += 1;
            for d in Edge::neighbours(n, c) {
                let edge = Edge::new(n, c, d).expect("a neighbour is across an edge");
                if !seen[d.index()] && inside(d.index()) && open(edge) {
                    seen[d.index()] = true;
                    area.push(d.index());
                }
            }
        }
        found.push(area);
    }
    found
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn edge(a: u32, b: u32) -> Edge {
        Edge::new(4, CellId(a), CellId(b)).unwrap()
    }

    #[test]
    fn a_stroke_keeps_to_what_its_first_edge_did() {
        let walls: BTreeSet<Edge> = [edge(0, 1)].into();
        let has = |e: Edge| walls.contains(&e);
        let mut stroke = Stroke::default();
        assert_eq!(stroke.edit(WallEdit::Over(edge(1, 2)), has), WallStep::Nothing, "no stroke yet");
        assert_eq!(stroke.edit(WallEdit::End, has), WallStep::Nothing);
        // Starting on a wall erases, and goes on erasing.
        let erase = stroke.edit(WallEdit::Start(edge(0, 1)), has);
        assert_eq!(erase, WallStep::Set { edge: edge(0, 1), on: false, new_change: true });
        assert_eq!(stroke.edit(WallEdit::Over(edge(1, 2)), has), WallStep::Nothing, "no wall there to erase");
        assert_eq!(
            stroke.edit(WallEdit::Over(edge(0, 1)), has),
            WallStep::Set { edge: edge(0, 1), on: false, new_change: false }
        );
        assert_eq!(stroke.edit(WallEdit::End, has), WallStep::Ended);
        // Starting on an open edge draws.
        assert_eq!(
            stroke.edit(WallEdit::Start(edge(1, 2)), has),
            WallStep::Set { edge: edge(1, 2), on: true, new_change: true }
        );
        assert_eq!(stroke.edit(WallEdit::Over(edge(0, 1)), has), WallStep::Nothing, "already a wall");
        // A key toggles whatever the stroke does.
        assert_eq!(
            stroke.edit(WallEdit::Toggle(edge(0, 1)), has),
            WallStep::Set { edge: edge(0, 1), on: false, new_change: true }
        );
        assert_eq!(stroke, Stroke(Some(true)));
    }

    /// Areas by brute force: two cells are in one area when a path of
    /// admitted cells through open edges joins them.
    fn oracle(n: usize, inside: &[bool], walls: &BTreeSet<Edge>) -> BTreeSet<BTreeSet<usize>> {
        let cells = n * n;
        let mut reach: Vec<Vec<bool>> = (0..cells).map(|c| (0..cells).map(|d| c == d).collect()).collect();
        for e in Edge::all(n).filter(|e| !walls.contains(e)) {
            let (a, b) = (e.a().index(), e.b().index());
            if inside[a] && inside[b] {
                reach[a][b] = true;
                reach[b][a] = true;
            }
        }
        for k in 0..cells {
            for i in 0..cells {
                for j in 0..cells {
                    if reach[i][k] && reach[k][j] {
                        reach[i][j] = true;
                    }
                }
            }
        }
        (0..cells).filter(|&c| inside[c]).map(|c| (0..cells).filter(|&d| reach[c][d]).collect()).collect()
    }

    #[test]
    fn areas_are_what_paths_join() {
        let mut state = 27u64;
        let mut random = move || {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % 3
        };
        for n in 1..6 {
            for _ in 0..20 {
                let inside: Vec<bool> = (0..n * n).map(|_| random() != 0).collect();
                let walls: BTreeSet<Edge> = Edge::all(n).filter(|_| random() == 0).collect();
                let found = areas(n, |c| inside[c], |e| !walls.contains(&e));
                let lowest: Vec<usize> = found.iter().map(|a| a[0]).collect();
                assert!(lowest.windows(2).all(|w| w[0] < w[1]), "in order of their lowest cells: {found:?}");
                assert!(found.iter().all(|a| a.iter().all(|&c| c >= a[0])), "lowest cell first: {found:?}");
                let found: BTreeSet<BTreeSet<usize>> = found.into_iter().map(|a| a.into_iter().collect()).collect();
                assert_eq!(found, oracle(n, &inside, &walls));
            }
        }
    }
}
