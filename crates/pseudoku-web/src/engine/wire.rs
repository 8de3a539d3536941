//! What crosses between the page and its Web Worker: small, versioned
//! messages of this crate's own (serde types, as postcard bytes), so the engine's internals can change
//! without breaking the protocol. Puzzles travel in the engine's line
//! format (`Instance`'s `Display`/`parse`), the same text the CLI reads.
//!
//! Every [`Request`] carries an id; every [`Reply`] names the id it answers,
//! and the last reply to a request has `last: true`. The page drops replies
//! whose id is not the one it waits for (a stale answer is never shown).

use pseudoku_core::deduce::{Level, Technique};
use serde::{Deserialize, Serialize};

/// The protocol version; the worker and the page come from one build.
pub const PROTOCOL: u32 = 3;

/// How many answers a count sends back for the setter to show.
pub const ANSWERS_KEPT: usize = 50;

/// A job for the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub protocol: u32,
    pub id: u64,
    pub job: Job,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// Count answers up to `limit` (progress on the way), keeping the first
    /// `keep` to show; when unique, rate it as a person solves it
    /// ([`Body::Judged`]); then explain what all answers agree on, then
    /// (when unique and `redundant`) which walls could go.
    Analyse { instance: String, limit: u64, keep: usize, redundant: bool },
    /// The easiest next step from a player's position on a challenge: the
    /// borders they drew (`a-b`), the region painted on each cell, and the
    /// joins made by steps applied (`a-b`); the suppositions on `first`
    /// (where the challenge's rated path supposed) are tried first.
    Teach {
        instance: String,
        borders: Vec<(u32, u32)>,
        regions: Vec<Option<u8>>,
        joins: Vec<(u32, u32)>,
        first: Vec<(u32, u32)>,
    },
    /// A new challenge whose rating is `level` (a level's key, `easy` …
    /// `extreme`).
    ConstructRated { size: usize, level: String, seed: u64 },
    /// Add walls until the answer is unique (the setter's walls stay).
    Complete { instance: String },
    /// Remove walls a unique instance does not need.
    Trim { instance: String },
    /// A new challenge: a grid and walls with one answer.
    Construct { size: usize, difficulty: WireDifficulty, seed: u64 },
    /// A filled grid with no walls: a sudoku grid (boxes as square as the
    /// size allows) or only a Latin square.
    Fill { size: usize, latin: bool, seed: u64 },
    /// Solve a sudoku (a variant file with givens) and say whether its
    /// solution is unique.
    Solve { variant: String },
    /// A new sudoku of a layout (a variant file; its givens are ignored),
    /// with progress on the way; of a difficulty level when one is named
    /// (`easy` … `extreme`).
    Generate { variant: String, symmetry: WireSymmetry, minimal: bool, seed: u64, level: Option<String> },
    /// Rate a sudoku (a variant file with givens) by the logical solver,
    /// one step at a time: [`Body::RatingSoFar`] between steps, then
    /// [`Body::Rated`].
    Rate { variant: String },
    /// The next step from a player's grid: its values (line format, givens
    /// included) and centre marks (one bit per symbol, 0 for none).
    Hint { variant: String, values: String, centre: Vec<u64> },
    /// For a sudoku being set (a layout's variant file, and the givens in
    /// the line format, which may break a rule): count its solutions up to
    /// `limit` with progress, then say where two differ, or (when unique)
    /// which givens could go and how hard it is, or (when none) which
    /// givens conflict.
    Check { variant: String, givens: String, limit: u64 },
    /// Add the givens that make the solution unique.
    MakeUnique { variant: String, givens: String },
    /// Remove givens until none can go.
    Minimize { variant: String, givens: String },
    /// Random jigsaw regions of an `size × size` grid that keep the walls
    /// drawn (`a-b` pairs of cells) as borders, and admit a full grid.
    Regions { size: usize, walls: Vec<(u32, u32)>, seed: u64 },
    /// Read an f-puzzles or SudokuPad link (or either tool's JSON): its
    /// decompression can be large, so it runs here.
    Import { text: String },
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireSymmetry {
    #[default]
    None,
    Rot180,
    Mirror,
    Diagonal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireDifficulty {
    Easy,
    Medium,
    Hard,
}

/// One message from the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u64,
    /// No more replies to this request follow.
    pub last: bool,
    pub body: Body,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    /// The worker has started and reads requests (sent once, id 0).
    Ready,
    /// The rest of this request runs one search at a time, and the worker
    /// reads new requests in between: a new one can go to it, and stops
    /// this one (no need to start another worker).
    Yielding,
    /// A search is under way.
    Progress {
        nodes: u64,
        answers: u64,
    },
    /// The count: `exact` unless it stopped at its limit. `answers` holds
    /// the first answers (as many as the request keeps) as `N²` region
    /// labels.
    Counted {
        answers_found: u64,
        exact: bool,
        answers: Vec<Vec<u8>>,
    },
    /// What all answers agree on.
    Explained(Agreement),
    /// Walls of a unique instance that could each go on their own (`a-b`).
    Redundant {
        walls: Vec<(u32, u32)>,
    },
    /// A new instance (completed, trimmed, constructed or filled), in the
    /// line format, with the walls added or removed.
    Instance {
        instance: String,
        changed: Vec<(u32, u32)>,
    },
    /// A solution (line format) if there is one, and whether it is the
    /// only one.
    Solved {
        solution: Option<String>,
        unique: bool,
    },
    /// A generator's steps: `done` of `total`.
    Steps {
        done: u64,
        total: u64,
    },
    /// A new sudoku, as a variant file with its givens.
    Puzzle {
        variant: String,
    },
    /// A jigsaw region map: the region of each cell.
    Regions {
        regions: Vec<u32>,
    },
    /// A rating: Sudoku Explainer tenths (34 for 3.4), the level and the
    /// hardest technique.
    Rated {
        se_tenths: u16,
        level: String,
        hardest: String,
        /// The rater stopped short: the puzzle is at least this hard.
        at_least: bool,
    },
    /// A rating under way: the hardest step so far, and steps taken.
    RatingSoFar {
        se_tenths: u16,
        steps: u32,
    },
    Hint(HintWire),
    /// A Pseudoku challenge rated as a person solves it.
    Judged(Box<Judgement>),
    /// The next step from a player's Pseudoku position.
    Taught(Lesson),
    /// A sudoku's cells: where two solutions differ, the givens that could
    /// each go, or the givens that break a rule.
    Cells {
        kind: CellsKind,
        cells: Vec<u32>,
    },
    /// The job could not be done; a sentence for the person.
    Failed {
        message: String,
    },
    /// An imported puzzle: a variant file with its givens, the given pencil
    /// marks of each cell (one bit per symbol), and what was dropped.
    Imported {
        variant: String,
        marks: Vec<u64>,
        notes: Vec<String>,
    },
}

/// What [`Body::Cells`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellsKind {
    Differ,
    Needless,
    Conflicts,
}

/// What a hint says, most urgent first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HintWire {
    /// These cells hold a wrong value.
    Wrong {
        cells: Vec<u32>,
    },
    /// The centre marks of these cells miss the value that goes there.
    MarksMissing {
        cells: Vec<u32>,
    },
    /// The easiest next step (boxed: it is far larger than the rest).
    Step(Box<StepWire>),
    Solved,
    /// No technique the solver knows applies.
    Stuck,
}

/// A step as the page shows and draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepWire {
    pub technique: String,
    /// "Look for a naked pair in row 4."
    pub nudge: String,
    pub sentence: String,
    /// The pattern's cells, the cells of the house to look at, and the
    /// changes: `(cell, symbol index)`.
    pub cells: Vec<u32>,
    pub house: Vec<u32>,
    pub placements: Vec<(u32, u8)>,
    pub eliminations: Vec<(u32, u8)>,
    /// The candidates that make the pattern (for a chain, each of its
    /// candidates), drawn in the pattern's colour.
    pub pattern: Vec<(u32, u8)>,
    /// Every house the pattern lives in, as its cells (outlined).
    pub houses: Vec<Vec<u32>>,
    /// A chain's links in the order they are followed.
    pub links: Vec<LinkWire>,
    /// The candidates of every cell the step was found on (one bit per
    /// symbol; 0 for a filled cell): the board the drawing shows.
    pub candidates: Vec<u64>,
}

/// One link of a chain: from one candidate `(cell, symbol index)` to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkWire {
    pub from: (u32, u8),
    pub to: (u32, u8),
    pub kind: LinkKindWire,
}

/// How a link infers: weak (true ⇒ false, drawn dashed), strong (false ⇒
/// true, solid) or a pattern on the board the chain has left (dotted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LinkKindWire {
    Weak,
    Strong,
    Pattern,
}

impl LinkKindWire {
    pub fn name(self) -> &'static str {
        match self {
            LinkKindWire::Weak => "weak",
            LinkKindWire::Strong => "strong",
            LinkKindWire::Pattern => "pattern",
        }
    }
}

/// A Pseudoku rating: the path that always takes the easiest step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    /// The path reached every edge.
    pub solved: bool,
    /// The level's key (`medium`, `needs-guessing`).
    pub level: String,
    /// The score, as the CLI prints it (`2.504`).
    pub score: String,
    /// The hardest technique's key, when any step was made.
    pub hardest: Option<String>,
    pub steps: Vec<DeductionWire>,
    /// The edges the path's suppositions decided (`deduce::supposed`): a
    /// hint tries those suppositions first.
    pub supposed: Vec<(u32, u32)>,
}

/// One Pseudoku deduction: its technique's key, its sentence, the cells it
/// looks at, the edges that make it so and the edges it decides (`a-b`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeductionWire {
    pub technique: String,
    pub sentence: String,
    pub cells: Vec<u32>,
    pub because: Vec<(u32, u32)>,
    pub borders: Vec<(u32, u32)>,
    pub joins: Vec<(u32, u32)>,
}

/// What the teacher says about a player's Pseudoku position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lesson {
    Step(Box<DeductionWire>),
    /// Every edge is decided.
    Solved,
    /// No technique applies from here (or the search ran out).
    Stuck,
    /// The position breaks a rule: no answer agrees with it.
    Wrong,
}

/// The Pseudoku level of a key (`easy` … `extreme`, `needs-guessing`).
pub fn level_of_key(key: &str) -> Option<Level> {
    Level::ALL.into_iter().find(|l| l.key() == key)
}

/// The Pseudoku technique of a key (`only-way-out`).
pub fn technique_of_key(key: &str) -> Option<Technique> {
    Technique::ALL.into_iter().find(|t| t.key() == key)
}

/// The engine's `explain`, as edges `(a, b)` (cell indices, `a < b`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agreement {
    /// Borders in every answer (walls included).
    pub apart: Vec<(u32, u32)>,
    /// Inside one region in every answer.
    pub together: Vec<(u32, u32)>,
    /// Why there is no answer, when there is none.
    pub reason: Option<String>,
    /// The cells the reason is about.
    pub reason_cells: Vec<u32>,
}

impl Request {
    pub fn new(id: u64, job: Job) -> Request {
        Request { protocol: PROTOCOL, id, job }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("requests always serialize")
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Request, String> {
        postcard::from_bytes(bytes).map_err(|e| format!("not a request: {e}"))
    }
}

impl Reply {
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("replies always serialize")
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Reply, String> {
        postcard::from_bytes(bytes).map_err(|e| format!("not a reply: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let r = Request::new(7, Job::Fill { size: 9, latin: true, seed: 3 });
        assert_eq!(Request::from_bytes(&r.to_bytes()), Ok(r));
        let reply = Reply { id: 7, last: true, body: Body::Redundant { walls: vec![(4, 13)] } };
        assert_eq!(Reply::from_bytes(&reply.to_bytes()), Ok(reply));
        assert!(Request::from_bytes(&[]).is_err());
        assert!(Request::from_bytes(&[2, 7, 99]).is_err(), "no job 99");
    }
}
