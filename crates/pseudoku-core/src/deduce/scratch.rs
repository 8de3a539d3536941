//! Buffers the area, reach and shape searches reuse from step to step (held
//! by `Ctx`, so a solve allocates only while they grow). They sit below
//! both `ctx.rs` and the techniques that fill them.

/// Buffers of the area and reach passes (`areas.rs`).
#[derive(Default)]
pub(crate) struct Reach {
    pub label: Vec<u32>,
    pub queue: Vec<u32>,
    pub dist: Vec<u32>,
    pub seen: Vec<u32>,
    /// `way[c] == stamp` when cell `c` is on the one way found to a target.
    pub way: Vec<u32>,
    /// The cell each cell of a way was reached from.
    pub parent: Vec<u32>,
    pub counts: Vec<u32>,
    pub holder: Vec<u32>,
    /// `split[h] == stamp` when group `h` is split from the group reaching out.
    pub split: Vec<u32>,
    pub stamp: u32,
}

/// Far: not reached (a distance or label no cell has).
pub(crate) const FAR: u32 = u32::MAX;

impl Reach {
    /// Sized for `cells` cells and `n` symbols, nothing labelled or reached.
    pub fn ready(&mut self, cells: usize, n: usize) {
        for v in [&mut self.label, &mut self.dist, &mut self.seen, &mut self.way, &mut self.parent] {
            v.clear();
            v.resize(cells, FAR);
        }
        self.counts.clear();
        self.counts.resize(n, 0);
        self.queue.clear();
    }
}

/// Buffers of the shape enumeration (`shapes.rs`).
#[derive(Default)]
pub(crate) struct Shapes {
    /// The groups to list, in turn.
    pub order: Vec<usize>,
    /// The cells of the set, in the order they were taken.
    pub list: Vec<u32>,
}
