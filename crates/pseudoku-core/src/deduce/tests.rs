//! Tests of the deductions against the exhaustive partition search.

use super::*;
use crate::partition::{self, Instance};

const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951\
                    317629845524967318 4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

#[test]
fn seed_instance_stops_short_without_contradicting_an_answer() {
    let instance: Instance = SEED.parse().unwrap();
    let rating = rate(&instance, &DeduceConfig::new(9));
    let answers = partition::all_answers(&instance, 10);
    assert_eq!(answers.len(), 5);
    for step in &rating.steps {
        for a in &answers {
            assert!(step.joins.iter().all(|&e| a.joins(e)), "{step}");
            assert!(step.borders.iter().all(|&e| !a.joins(e)), "{step}");
        }
    }
    assert!(!rating.solved);
    assert_eq!(rating.level, Level::NeedsGuessing);
}
