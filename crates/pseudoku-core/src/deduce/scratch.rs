//! Buffers the area, reach and shape searches reuse from step to step (held
//! by `Ctx`, so a solve allocates only while they grow). They sit below
//! both `ctx.rs` and the techniques that fill them.

/// Buffers of the closed-area pass (`areas.rs`).
#[derive(Default)]
pub(crate) struct Reach {
    pub label: Vec<u32>,
    pub queue: Vec<u32>,
    pub counts: Vec<u32>,
}

/// Far: not labelled (a label no cell has).
pub(crate) const FAR: u32 = u32::MAX;

impl Reach {
    /// Sized for `cells` cells and `n` symbols, nothing labelled.
    pub fn ready(&mut self, cells: usize, n: usize) {
        self.label.clear();
        self.label.resize(cells, FAR);
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
