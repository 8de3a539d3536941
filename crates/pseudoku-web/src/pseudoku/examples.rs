//! The built-in Pseudoku challenges: the seed puzzle of the source thread,
//! and the starting points the pickers offer (the first two have several
//! answers, so they need guessing; the rest have one answer and a level).

use pseudoku_core::format::link::Challenge;

/// The seed puzzle of the source thread (Puzzling StackExchange, 2014):
/// 12 walls, 5 answers.
pub const SEED_PUZZLE: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                               4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

/// Built-in starting points: a name and an instance line.
pub const EXAMPLES: &[(&str, &str)] = &[
    ("The 2014 puzzle: 12 walls, 5 answers", SEED_PUZZLE),
    ("The 2014 grid, no walls", SEED_PUZZLE_GRID),
    ("A 4×4 to learn on", FIRST_4),
    ("A 6×6 first challenge", FIRST_6),
    ("A 9×9 with many walls", MANY_WALLS_9),
    ("A 9×9 with fewer walls", FEWER_WALLS_9),
    ("A 9×9 with the fewest walls", FEWEST_WALLS_9),
];

/// One answer each, rated easy, easy, easy, medium and hard (made by `pseudoku
/// construct --size 4 --difficulty easy --seed 2`, a first lesson in five
/// techniques; `--size 6 --difficulty easy --seed 7`; then `--size 9` with
/// `--difficulty easy|medium|hard --seed 2026`).
const FIRST_4: &str = "1324314224134231 2-3 5-6 8-12 11-15";
const FIRST_6: &str = "651324126435243651312546564213435162 \
                       1-2 1-7 2-3 4-10 6-7 7-13 8-14 10-11 12-18 20-21 22-23 23-29 24-30 25-31 26-27 27-33 28-34 29-35";
const MANY_WALLS_9: &str = "163974582835469127498215376756841293214637958627153849379528614582796431941382765 \
                            1-2 3-12 4-13 5-6 5-14 7-8 10-11 11-12 13-22 14-23 16-17 22-23 22-31 23-24 24-33 25-26 \
                            25-34 28-29 28-37 29-30 29-38 30-31 31-40 33-34 36-37 36-45 39-48 40-41 42-43 45-46 \
                            46-55 47-48 48-49 49-50 49-58 50-59 51-52 55-56 56-57 56-65 59-60 60-61 60-69 61-62 \
                            61-70 65-66 66-75 67-76 68-77 69-78 70-71 70-79 74-75";
const FEWER_WALLS_9: &str = "163974582835469127498215376756841293214637958627153849379528614582796431941382765 \
                             1-2 3-12 4-13 5-6 10-11 11-12 14-23 16-17 22-23 22-31 23-24 25-26 25-34 28-29 36-37 \
                             39-48 42-43 45-46 46-55 47-48 48-49 49-50 49-58 51-52 56-57 56-65 59-60 67-76 70-71 70-79";
const FEWEST_WALLS_9: &str = "163974582835469127498215376756841293214637958627153849379528614582796431941382765 \
                              3-12 4-13 5-6 14-23 16-17 22-23 25-26 25-34 28-29 36-37 39-48 42-43 46-55 47-48 49-50 \
                              49-58 55-56 59-60 68-77 70-79";

/// The challenge behind the picker's entry `index`, with the title and
/// author it is played and shared under: the seed puzzle keeps its
/// setter's name, the others their menu name.
pub fn example(index: usize) -> Option<Challenge> {
    let &(name, line) = EXAMPLES.get(index)?;
    let instance = line.parse().ok()?;
    Some(if line == SEED_PUZZLE {
        Challenge { instance, title: "The 2014 puzzle".into(), author: "COTO".into() }
    } else {
        Challenge { instance, title: name.into(), author: String::new() }
    })
}

/// The seed puzzle's grid without its walls.
pub const SEED_PUZZLE_GRID: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318";

#[cfg(test)]
mod tests {
    use pseudoku_core::deduce::{rate, DeduceConfig, Level};
    use pseudoku_core::partition::Instance;

    use super::*;

    #[test]
    fn every_example_reads_and_rates_as_its_doc_says() {
        let levels: Vec<Level> = EXAMPLES
            .iter()
            .map(|(_, line)| {
                let instance: Instance = line.parse().expect("the example parses");
                rate(&instance, &DeduceConfig::new(instance.size())).level
            })
            .collect();
        use Level::*;
        assert_eq!(levels, [NeedsGuessing, NeedsGuessing, Easy, Easy, Easy, Medium, Hard]);
    }

    #[test]
    fn the_picker_plays_the_seed_puzzle_under_its_setters_name() {
        let seed = example(0).unwrap();
        assert_eq!((seed.title.as_str(), seed.author.as_str()), ("The 2014 puzzle", "COTO"));
        assert_eq!(seed.instance, SEED_PUZZLE.parse::<Instance>().unwrap());
        for (i, &(name, line)) in EXAMPLES.iter().enumerate().skip(1) {
            let c = example(i).unwrap();
            assert_eq!((c.title.as_str(), c.instance), (name, line.parse().unwrap()));
        }
        assert!(example(EXAMPLES.len()).is_none());
    }
}
