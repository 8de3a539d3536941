//! The f-puzzles JSON object, as far as Pseudoku reads and writes it. Keys
//! it does not name land in `rest`, to be sorted into rules, cosmetics and
//! metadata by the reader.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A whole puzzle.
#[derive(Debug, Default, Deserialize, Serialize)]
pub(super) struct Puzzle {
    pub size: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    pub grid: Vec<Vec<Cell>>,
    #[serde(rename = "diagonal+", default, skip_serializing_if = "is_false")]
    pub diagonal_pos: bool,
    #[serde(rename = "diagonal-", default, skip_serializing_if = "is_false")]
    pub diagonal_neg: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extraregion: Vec<Group>,
    /// Every other key.
    #[serde(flatten, skip_serializing)]
    pub rest: BTreeMap<String, serde_json::Value>,
}

/// One cell of the grid.
#[derive(Debug, Default, Deserialize, Serialize)]
pub(super) struct Cell {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub given: bool,
    /// Absent: the cell's default box; `null`: in no region (as SudokuPad
    /// reads f-puzzles); else the region's id, any integer (cells with the
    /// same id share a region).
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub region: Option<Option<i64>>,
    #[serde(rename = "givenPencilMarks", default, skip_serializing_if = "Option::is_none")]
    pub given_pencil_marks: Option<Vec<u64>>,
    #[serde(rename = "centerPencilMarks", default, skip_serializing)]
    pub center_pencil_marks: Option<Vec<u64>>,
    #[serde(rename = "cornerPencilMarks", default, skip_serializing)]
    pub corner_pencil_marks: Option<Vec<u64>>,
}

/// A group of cells such as an extra region: `["R1C1", …]`.
#[derive(Debug, Deserialize, Serialize)]
pub(super) struct Group {
    pub cells: Vec<String>,
}

/// A key that is present, `null` or not: `Some(None)` for `null`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

fn is_false(b: &bool) -> bool {
    !*b
}
