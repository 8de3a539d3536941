//! Simple colouring: the strong links of a symbol (houses where it has two
//! places) chain cells that alternate between holding it and not; colour
//! them in two colours, one of which is true.
//!
//! * Colour trap: a cell outside the chain that sees both colours loses the
//!   symbol.
//! * Colour wrap: two cells of one colour share a house, so that colour is
//!   false everywhere.
//!
//! Sudoku Explainer has no colouring; it finds the same eliminations as
//! chains of strong links (see [`links_rating`]): a chain of `L`
//! strong links between the two cells a trapped cell sees reads as
//! `(L + 1) / 2` strong links joined by weak ones, and a wrap of two cells
//! `L` links apart as `L / 2`. Two are Skyscrapers and Kites, found before;
//! the families here take three (with Sudoku Explainer's three strong
//! links), four, and more (as its forcing X-chains).

use core::ops::RangeInclusive;

use super::single_digit::{kind_bit, links_rating};
use super::{symbols_among, Board, Step, Technique};
use crate::layout::CellId;
use crate::symbol::Symbol;

const NONE: usize = usize::MAX;

pub(super) fn three_links(board: &Board, symbols: u64) -> Option<Step> {
    find(board, 3..=3, symbols)
}
pub(super) fn four_links(board: &Board, symbols: u64) -> Option<Step> {
    find(board, 4..=4, symbols)
}
pub(super) fn long_chains(board: &Board, symbols: u64) -> Option<Step> {
    find(board, 5..=usize::MAX, symbols)
}

/// The strong links of one symbol as a graph, with shortest paths.
struct Graph {
    cells: Vec<CellId>,
    /// `dist[a][b]`, `NONE` across components.
    dist: Vec<Vec<usize>>,
    /// `kinds[a][b]`: the masks (see [`kind_bit`]) that the links at even
    /// places (`[0]`, from `a`) or at odd places (`[1]`) make on the shortest
    /// paths from `a` to `b`; bit `m` set when mask `m` occurs.
    kinds: Vec<Vec<[u16; 2]>>,
}

/// The masks of `set`, each with `bit` added.
fn with_kind(set: u16, bit: u8) -> u16 {
    (0..16).filter(|m| set & (1 << m) != 0).fold(0, |out, m| out | 1 << (m | bit as u16))
}

impl Graph {
    fn new(board: &Board, s: Symbol, node: &mut [usize]) -> Graph {
        let layout = board.layout();
        let mut cells: Vec<CellId> = Vec::new();
        let mut adjacent: Vec<Vec<(usize, u8)>> = Vec::new();
        for h in board.house_ids() {
            let mut places = board.places(h, s);
            let (Some(a), Some(b), None) = (places.next(), places.next(), places.next()) else { continue };
            let mut index = |c: CellId| {
                if node[c.index()] == NONE {
                    node[c.index()] = cells.len();
                    cells.push(c);
                    adjacent.push(Vec::new());
                }
                node[c.index()]
            };
            let (i, j) = (index(a), index(b));
            let kind = kind_bit(layout.house(h).kind);
            adjacent[i].push((j, kind));
            adjacent[j].push((i, kind));
        }
        let n = cells.len();
        let (mut dist, mut kinds) = (vec![vec![NONE; n]; n], vec![vec![[0u16; 2]; n]; n]);
        for start in 0..n {
            let (dist, kinds) = (&mut dist[start], &mut kinds[start]);
            dist[start] = 0;
            kinds[start] = [1, 1];
            let mut queue = vec![start];
            let mut head = 0;
            while head < queue.len() {
                let u = queue[head];
                head += 1;
                let place = dist[u] % 2;
                for &(v, kind) in &adjacent[u] {
                    if dist[v] == NONE {
                        dist[v] = dist[u] + 1;
                        queue.push(v);
                    }
                    if dist[v] == dist[u] + 1 {
                        let mut next = kinds[u];
                        next[place] = with_kind(next[place], kind);
                        kinds[v][0] |= next[0];
                        kinds[v][1] |= next[1];
                    }
                }
            }
        }
        Graph { cells, dist, kinds }
    }
}

/// The lowest rating of `n` strong links over the masks of `set`.
fn cheapest(n: usize, set: u16) -> f32 {
    (0..16u8).filter(|m| set & (1 << m) != 0).map(|m| links_rating(n, m, false)).fold(f32::MAX, f32::min)
}

/// The lowest rated colouring step (then the most eliminations) whose chain
/// counts `links` strong links.
fn find(board: &Board, links: RangeInclusive<usize>, symbols: u64) -> Option<Step> {
    let layout = board.layout();
    let mut best: Option<Step> = None;
    let mut node = vec![NONE; layout.cell_count()];
    for s in symbols_among(layout.size(), symbols) {
        node.iter_mut().for_each(|n| *n = NONE);
        let graph = Graph::new(board, s, &mut node);
        let n = graph.cells.len();
        let mut done = vec![false; n];
        for root in 0..n {
            if done[root] {
                continue;
            }
            let members: Vec<usize> = (0..n).filter(|&v| graph.dist[root][v] != NONE).collect();
            for &m in &members {
                done[m] = true;
            }
            if members.len() < 3 {
                continue;
            }
            let colour = |v: usize| graph.dist[root][v] % 2;
            let mut consider = |step: Step| {
                let better = match &best {
                    None => true,
                    Some(b) => {
                        step.rating < b.rating
                            || (step.rating == b.rating && step.eliminations.len() > b.eliminations.len())
                    }
                };
                if better {
                    best = Some(step);
                }
            };
            let chain: Vec<CellId> = members.iter().map(|&m| graph.cells[m]).collect();
            // Wrap: a pair of one colour sharing a house; the chain that
            // removes one of them runs from its neighbour to the other.
            let mut wrap: Option<(f32, usize)> = None;
            for (x, &i) in members.iter().enumerate() {
                for &j in &members[x + 1..] {
                    let length = graph.dist[i][j];
                    if colour(i) != colour(j)
                        || !board.sees(graph.cells[i], graph.cells[j])
                        || !links.contains(&(length / 2))
                    {
                        continue;
                    }
                    let [even, odd] = graph.kinds[i][j];
                    let rating = cheapest(length / 2, even | odd);
                    if wrap.is_none_or(|w| rating < w.0) {
                        wrap = Some((rating, i));
                    }
                }
            }
            if let Some((rating, i)) = wrap {
                let mut step = Step::new(Technique::ColourWrap);
                step.rating = rating;
                step.eliminations =
                    members.iter().filter(|&&m| colour(m) == colour(i)).map(|&m| (graph.cells[m], s)).collect();
                step.cells = chain.clone();
                step.symbols.push(s);
                consider(step);
                continue;
            }
            // Trap: cells outside the chain seeing both colours, each rated by
            // its cheapest chain; the step takes those of the lowest rating.
            let mut traps: Vec<(CellId, f32)> = Vec::new();
            let mut candidates: Vec<CellId> = chain
                .iter()
                .flat_map(|&c| layout.peers(c).iter().copied())
                .filter(|&c| board.has(c, s) && node[c.index()] == NONE)
                .collect();
            candidates.sort_unstable();
            candidates.dedup();
            for t in candidates {
                let seen: Vec<usize> = members.iter().copied().filter(|&m| board.sees(t, graph.cells[m])).collect();
                let rating = seen
                    .iter()
                    .flat_map(|&i| seen.iter().filter(move |&&j| i < j && colour(i) != colour(j)).map(move |&j| (i, j)))
                    .filter(|&(i, j)| links.contains(&graph.dist[i][j].div_ceil(2)))
                    .map(|(i, j)| cheapest(graph.dist[i][j].div_ceil(2), graph.kinds[i][j][0]))
                    .min_by(f32::total_cmp);
                if let Some(rating) = rating {
                    traps.push((t, rating));
                }
            }
            if let Some(lowest) = traps.iter().map(|t| t.1).min_by(f32::total_cmp) {
                let mut step = Step::new(Technique::ColourTrap);
                step.rating = lowest;
                step.eliminations = traps.iter().filter(|t| t.1 == lowest).map(|t| (t.0, s)).collect();
                step.cells = chain;
                step.symbols.push(s);
                consider(step);
            }
        }
    }
    best
}
