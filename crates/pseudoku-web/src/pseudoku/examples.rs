//! The built-in Pseudoku challenges: the seed puzzle of the source thread,
//! and the starting points the pickers offer.

/// The seed puzzle of the source thread (Puzzling StackExchange, 2014):
/// 12 walls, 5 answers.
pub const SEED_PUZZLE: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                               4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

/// Built-in starting points: a name and an instance line.
pub const EXAMPLES: &[(&str, &str)] = &[
    ("The 2014 puzzle: 12 walls, 5 answers", SEED_PUZZLE),
    ("The 2014 grid, no walls", SEED_PUZZLE_GRID),
    ("A 4×4 to learn on", "1234341221434321 1-2 5-6 9-10 13-14"),
];

/// The seed puzzle's grid without its walls.
pub const SEED_PUZZLE_GRID: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318";
