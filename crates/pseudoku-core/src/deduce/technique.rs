//! The named techniques, their weights and the levels they make.
//!
//! The weight of a technique is its difficulty on one scale from 1.0 (a full
//! region closes its borders) to 7.0 (a chain of assumptions two deep); a
//! challenge is as hard as the hardest step its easiest solve path needs.

use core::fmt;

/// A deduction a person makes, easiest first. The order of the variants is
/// the order the solver tries them in, and their weights increase with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A group of `N` cells is a whole region: every edge out of it is a border. (1.0)
    FullRegion,
    /// Two groups that hold the same symbol cannot join. (1.1)
    SharedSymbol,
    /// Two groups whose sizes add up to more than `N` cannot join. (1.2)
    TooBig,
    /// Two groups already separated by a border somewhere are different regions. (1.3)
    Separated,
    /// A group with a single open edge out must grow through it. (1.5)
    OnlyWayOut,
    /// An area closed off by borders with exactly `N` cells is one region. (2.0)
    ClosedArea,
    /// A group that can reach only one cell of a symbol it lacks must take it, and the cells on every way there. (2.5)
    MissingSymbol,
    /// Every region a group can still become (at most 3 shapes) agrees on an edge. (3.0)
    FewShapes,
    /// As [`Technique::FewShapes`], with up to 20 shapes to try. (3.5)
    SomeShapes,
    /// As [`Technique::FewShapes`], with up to 300 shapes to try. (4.5)
    ManyShapes,
    /// Assuming an edge one way leads, by the easy and medium techniques, to a contradiction. (5.0)
    Contradiction,
    /// Assuming an edge one way leads, with shapes of up to 3 tries, to a contradiction. (6.0)
    ShapeContradiction,
    /// Assuming an edge one way leads, with assumptions inside, to a contradiction. (7.0)
    DeepContradiction,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 13] = [
        Technique::FullRegion,
        Technique::SharedSymbol,
        Technique::TooBig,
        Technique::Separated,
        Technique::OnlyWayOut,
        Technique::ClosedArea,
        Technique::MissingSymbol,
        Technique::FewShapes,
        Technique::SomeShapes,
        Technique::ManyShapes,
        Technique::Contradiction,
        Technique::ShapeContradiction,
        Technique::DeepContradiction,
    ];

    /// The difficulty of one step, in tenths (10 = 1.0).
    pub fn weight(self) -> u32 {
        match self {
            Technique::FullRegion => 10,
            Technique::SharedSymbol => 11,
            Technique::TooBig => 12,
            Technique::Separated => 13,
            Technique::OnlyWayOut => 15,
            Technique::ClosedArea => 20,
            Technique::MissingSymbol => 25,
            Technique::FewShapes => 30,
            Technique::SomeShapes => 35,
            Technique::ManyShapes => 45,
            Technique::Contradiction => 50,
            Technique::ShapeContradiction => 60,
            Technique::DeepContradiction => 70,
        }
    }

    /// The level a challenge has when this is its hardest step.
    pub fn level(self) -> Level {
        match self.weight() {
            0..=20 => Level::Easy,
            21..=25 => Level::Medium,
            26..=35 => Level::Hard,
            36..=50 => Level::Expert,
            _ => Level::Extreme,
        }
    }

    /// The name, in words (`"only way out"`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullRegion => "full region",
            Technique::SharedSymbol => "shared symbol",
            Technique::TooBig => "too big",
            Technique::Separated => "already separated",
            Technique::OnlyWayOut => "only way out",
            Technique::ClosedArea => "closed area",
            Technique::MissingSymbol => "missing symbol",
            Technique::FewShapes => "few shapes",
            Technique::SomeShapes => "some shapes",
            Technique::ManyShapes => "many shapes",
            Technique::Contradiction => "contradiction",
            Technique::ShapeContradiction => "contradiction with shapes",
            Technique::DeepContradiction => "deep contradiction",
        }
    }

    /// The name as a key (`"only-way-out"`), for JSON and command lines.
    pub fn key(self) -> &'static str {
        match self {
            Technique::FullRegion => "full-region",
            Technique::SharedSymbol => "shared-symbol",
            Technique::TooBig => "too-big",
            Technique::Separated => "already-separated",
            Technique::OnlyWayOut => "only-way-out",
            Technique::ClosedArea => "closed-area",
            Technique::MissingSymbol => "missing-symbol",
            Technique::FewShapes => "few-shapes",
            Technique::SomeShapes => "some-shapes",
            Technique::ManyShapes => "many-shapes",
            Technique::Contradiction => "contradiction",
            Technique::ShapeContradiction => "shape-contradiction",
            Technique::DeepContradiction => "deep-contradiction",
        }
    }

    /// How the technique works, in one line a newcomer understands.
    pub fn how(self) -> &'static str {
        match self {
            Technique::FullRegion => "A group with N cells is a whole region: draw a border all around it.",
            Technique::SharedSymbol => {
                "Two groups holding the same symbol can never be one region: border between them."
            }
            Technique::TooBig => "Two groups with more than N cells together cannot join: border between them.",
            Technique::Separated => {
                "Two groups already split by a border are different regions: border everywhere they touch."
            }
            Technique::OnlyWayOut => "A group too small to be a region with one open side left must grow through it.",
            Technique::ClosedArea => "An area walled off with exactly N cells is one region: join all of it.",
            Technique::MissingSymbol => {
                "A group lacking a symbol that can reach just one cell with it must take that cell and the way there."
            }
            Technique::FewShapes | Technique::SomeShapes | Technique::ManyShapes => {
                "List every region a group can still become: what they all agree on is certain."
            }
            Technique::Contradiction | Technique::ShapeContradiction | Technique::DeepContradiction => {
                "Suppose an edge goes one way; if that leads to something impossible, it goes the other way."
            }
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a challenge is for a person, by the hardest step it needs.
///
/// | level | hardest step (weight) |
/// |---|---|
/// | easy | full region, shared symbol, too big, already separated, only way out, closed area (≤ 2.0) |
/// | medium | missing symbol (≤ 2.5) |
/// | hard | few or some shapes (≤ 3.5) |
/// | expert | many shapes, a contradiction by easy and medium steps (≤ 5.0) |
/// | extreme | contradictions that need shapes or assumptions inside (≤ 7.0) |
/// | needs guessing | no technique applies before the end (or the challenge has several answers) |
///
/// A twin of the sudoku [`crate::logic::Level`] on purpose: that one has
/// `Beyond` (a rater that stopped) and is cut on the Sudoku Explainer scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
    NeedsGuessing,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 6] =
        [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::NeedsGuessing];

    /// The name as a key (`"needs-guessing"`).
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::NeedsGuessing => "needs-guessing",
        }
    }

    /// The hardest technique a challenge of this level may need (`None`:
    /// beyond every technique).
    pub fn hardest(self) -> Option<Technique> {
        Technique::ALL.iter().rev().copied().find(|t| t.level() <= self).filter(|_| self != Level::NeedsGuessing)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::NeedsGuessing => "needs guessing",
            other => other.key(),
        })
    }
}
