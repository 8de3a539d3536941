//! The worker's jobs, run natively: each request's replies, in order.

use super::*;
use crate::engine::wire::Lesson;
use crate::engine::wire::ANSWERS_KEPT;

const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                    4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

#[test]
fn random_regions_keep_the_walls_and_fill_and_refuse_a_closed_pocket() {
    let walls = vec![(0, 1), (9, 10), (18, 19), (27, 28)];
    let out = replies(Job::Regions { size: 9, walls: walls.clone(), seed: 5 });
    let Body::Regions { regions } = &out[0].body else { panic!("{out:?}") };
    let map: Vec<usize> = regions.iter().map(|&r| r as usize).collect();
    let layout = Layout::jigsaw(9, &map).expect("a valid jigsaw");
    assert!(fill(&layout, &[None; 81], &mut rng_from_seed(1)).is_ok());
    for (a, b) in walls {
        assert_ne!(map[a as usize], map[b as usize], "wall {a}-{b} is a border");
    }
    assert_eq!(replies(Job::Regions { size: 9, walls: vec![(0, 1), (9, 10), (18, 19), (27, 28)], seed: 5 }), out);
    // Cell 0 walled off alone.
    let out = replies(Job::Regions { size: 9, walls: vec![(0, 1), (0, 9)], seed: 5 });
    assert!(matches!(&out[0].body, Body::Failed { message } if message.contains("no way to finish")), "{out:?}");
}

fn replies(job: Job) -> Vec<Reply> {
    let mut out = Vec::new();
    handle_to_end(&Request::new(9, job), &mut |r| out.push(r));
    assert!(out.iter().all(|r| r.id == 9));
    assert_eq!(out.iter().filter(|r| r.last).count(), 1, "exactly one last reply");
    assert!(out.last().unwrap().last, "the last reply comes last");
    out
}

#[test]
fn the_seed_has_five_answers_and_agreed_edges() {
    let out = replies(Job::Analyse { instance: SEED.into(), limit: 1000, keep: ANSWERS_KEPT, redundant: true });
    let counted = out.iter().find_map(|r| match &r.body {
        Body::Counted { answers_found, exact, answers } => Some((*answers_found, *exact, answers.len())),
        _ => None,
    });
    assert_eq!(counted, Some((5, true, 5)));
    let Some(Body::Explained(agreement)) = out.last().map(|r| r.body.clone()) else { panic!("{out:?}") };
    assert!(agreement.reason.is_none());
    assert!(agreement.apart.contains(&(4, 13)), "a wall is always apart");
    assert!(!agreement.together.is_empty());
}

#[test]
fn no_answer_gives_a_reason_with_cells() {
    // The seed grid with a 1×1 area walled off around r1c1.
    let grid = &SEED[..81];
    let out =
        replies(Job::Analyse { instance: format!("{grid} 0-1 0-9"), limit: 1000, keep: ANSWERS_KEPT, redundant: true });
    let Some(Body::Explained(agreement)) = out.last().map(|r| r.body.clone()) else { panic!("{out:?}") };
    let reason = agreement.reason.clone().expect("a reason");
    assert_eq!(reason, "Walls close off a single cell, r1c1: regions of 9 cells cannot fill it.");
    assert!(agreement.reason_cells.contains(&0), "{agreement:?}");
}

#[test]
fn completing_the_seed_makes_it_unique() {
    let out = replies(Job::Complete { instance: SEED.into() });
    let Body::Instance { instance, changed } = &out[0].body else { panic!("{out:?}") };
    assert!(!changed.is_empty());
    let done: Instance = instance.parse().unwrap();
    assert_eq!(partition::count(&done, 2, None), partition::Count::Exact(1));
}

#[test]
fn fills_are_grids_of_the_asked_kind_and_repeat_by_seed() {
    for (size, latin) in [(4, false), (6, false), (7, true), (9, true), (16, false)] {
        let out = replies(Job::Fill { size, latin, seed: 5 });
        let Body::Instance { instance, .. } = &out[0].body else { panic!("{out:?}") };
        let grid: Instance = instance.parse().unwrap();
        assert_eq!(grid.size(), size);
        // Every row holds every symbol.
        for row in grid.symbols().chunks(size) {
            let mut seen: Vec<usize> = row.iter().map(|s| s.index()).collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..size).collect::<Vec<_>>());
        }
        assert_eq!(replies(Job::Fill { size, latin, seed: 5 }), out, "same seed, same grid");
    }
    assert!(matches!(replies(Job::Fill { size: 3, latin: true, seed: 1 })[0].body, Body::Failed { .. }));
}

#[test]
fn a_generated_sudoku_is_the_cores_and_solves_uniquely() {
    let out = replies(Job::Generate {
        variant: "size 9\n".into(),
        symmetry: WireSymmetry::None,
        minimal: false,
        seed: 12345,
        level: None,
    });
    assert!(out.iter().any(|r| matches!(r.body, Body::Steps { .. })), "progress on the way");
    let Some(Body::Puzzle { variant }) = out.last().map(|r| r.body.clone()) else { panic!("{out:?}") };
    let v: Variant = variant.parse().unwrap();
    let layout = pseudoku_core::layout::Layout::classic(3).unwrap();
    let made = pseudoku_core::generate::generate(&layout, &GenerateConfig::default(), 12345).unwrap();
    assert_eq!(v.givens().unwrap(), &made.givens[..], "the same puzzle as the core's from the seed");
    let solved = replies(Job::Solve { variant });
    let expected = line::write_solution(&layout, &made.solution);
    assert_eq!(solved[0].body, Body::Solved { solution: Some(expected), unique: true });
}

#[test]
fn hints_report_wrong_values_then_missing_marks_then_a_step() {
    let givens = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let plain: Variant = "size 9\n".parse().unwrap();
    let cells = line::parse(plain.layout(), givens).unwrap();
    let variant = &plain.with_givens(Some(cells)).unwrap().to_string();
    // r1c3 is 4 in the solution: a 1 there is wrong.
    let wrong = format!("531{}", &givens[3..]);
    let out = replies(Job::Hint { variant: variant.into(), values: wrong, centre: vec![] });
    assert_eq!(out[0].body, Body::Hint(HintWire::Wrong { cells: vec![2] }));
    let mut centre = vec![0u64; 81];
    centre[2] = 0b11; // 1 and 2: the 4 is missing
    let out = replies(Job::Hint { variant: variant.into(), values: givens.into(), centre });
    assert_eq!(out[0].body, Body::Hint(HintWire::MarksMissing { cells: vec![2] }));
    let out = replies(Job::Hint { variant: variant.into(), values: givens.into(), centre: vec![] });
    let Body::Hint(HintWire::Step(step)) = &out[0].body else { panic!("{out:?}") };
    let StepWire { nudge, sentence, placements, .. } = &**step;
    assert!(nudge.starts_with("Look for a "), "{nudge}");
    assert!(sentence.contains("so place"), "{sentence}");
    assert_eq!(placements.len(), 1);
}

#[test]
fn rated_puzzles_and_ratings_come_from_the_worker() {
    let out = replies(Job::Generate {
        variant: "size 9\n".into(),
        symmetry: WireSymmetry::None,
        minimal: false,
        seed: 3,
        level: Some("hard".into()),
    });
    let Body::Puzzle { variant } = &out[0].body else { panic!("{out:?}") };
    let out = replies(Job::Rate { variant: variant.clone() });
    let Body::Rated { se_tenths, level, at_least, .. } = &out.last().unwrap().body else { panic!("{out:?}") };
    assert_eq!(level, "hard");
    assert!((25..=49).contains(se_tenths));
    assert!(!at_least);
    // Step by step on the way: the rating so far never falls, one more step
    // each time, and ends at the rating.
    let so_far: Vec<(u16, u32)> = out
        .iter()
        .filter_map(|r| match r.body {
            Body::RatingSoFar { se_tenths, steps } => Some((se_tenths, steps)),
            _ => None,
        })
        .collect();
    assert_eq!(so_far.len(), out.len() - 1, "every reply but the last is progress");
    assert!(so_far.windows(2).all(|w| w[0].0 <= w[1].0 && w[1].1 == w[0].1 + 1), "{so_far:?}");
    assert_eq!(so_far.last().map(|s| s.0), Some(*se_tenths));
    let oracle = logic::rate(&Layout::classic(3).unwrap(), read_variant(variant).unwrap().givens().unwrap()).unwrap();
    assert_eq!(so_far.len(), oracle.steps.len(), "the same steps as the core's `rate`");
}

/// Grids (entries as givens) whose easiest next step is a wing, a fish, a
/// loop and a forcing chain (found with `pseudoku hint --json`, applying
/// singles to puzzles of the shared rated lists).
const DRAWN: [(&str, &str); 4] = [
    ("XYZ-Wing", "964821735005697000871000269493286157587000326010375090040000570708060900109700603"),
    ("X-Wing", "203108500060000020000020000630810254082000960005002308956734182800251639321986005"),
    ("Y-cycle", "347128569610300728008700431800072610006503890004080250483259176792000385561837942"),
    ("forcing chains", "054100070000400053030500200000800009002619500900704000001085090800067000070041860"),
];

#[test]
fn a_hint_carries_what_its_drawing_needs() {
    let plain: Variant = "size 9\n".parse().unwrap();
    for (technique, line) in DRAWN {
        let givens = line::parse(plain.layout(), line).unwrap();
        let solution = Solver::new(plain.layout()).solve(&givens).unwrap();
        let variant = plain.clone().with_givens(Some(givens)).unwrap().to_string();
        let out = replies(Job::Hint { variant, values: line.into(), centre: vec![] });
        let Body::Hint(HintWire::Step(step)) = &out[0].body else { panic!("{out:?}") };
        let StepWire { technique: found, pattern, eliminations, placements, links, houses, candidates, .. } = &**step;
        assert!(found.contains(technique), "{found} is a {technique}");
        let has = |(c, s): (u32, u8)| candidates[c as usize] & (1 << s) != 0;
        let answer = |(c, s): (u32, u8)| solution[c as usize].index() == usize::from(s);
        assert!(!eliminations.is_empty() || !placements.is_empty(), "{found} changes the grid");
        // What it removes is on the board and not the answer; what it places is.
        assert!(eliminations.iter().all(|&e| has(e) && !answer(e)), "{found}: {eliminations:?}");
        assert!(placements.iter().all(|&p| answer(p)), "{found}: {placements:?}");
        assert!(!pattern.is_empty() && pattern.iter().all(|&p| has(p)), "{found}: {pattern:?}");
        assert!(pattern.iter().all(|p| !eliminations.contains(p)), "a struck candidate is not the pattern's");
        assert!(houses.iter().all(|h| h.len() == 9), "{found}: whole houses");
        for l in links {
            assert!(has(l.from) && has(l.to), "{found}: a link between candidates {l:?}");
        }
        match technique {
            "Y-cycle" => {
                assert!(links.len() >= 4, "{links:?}");
                assert_eq!(links.first().unwrap().from, links.last().unwrap().to, "a loop closes");
                assert!(links.windows(2).all(|w| w[0].to == w[1].from), "a loop runs on");
                assert!(links.iter().any(|l| l.kind == LinkKindWire::Strong));
                assert!(links.iter().any(|l| l.kind == LinkKindWire::Weak));
            }
            "forcing chains" => {
                assert!(links.len() > crate::sudoku::board::NUMBERED_FROM, "long enough to number: {links:?}");
                assert!(links.iter().any(|l| l.kind == LinkKindWire::Strong));
                assert!(links.iter().any(|l| l.kind == LinkKindWire::Weak));
            }
            _ => assert!(links.is_empty(), "{found}: a pattern, not a chain"),
        }
    }
}

#[test]
fn a_puzzle_with_several_solutions_says_so() {
    let out = replies(Job::Solve { variant: "size 4\ngivens\n1...\n....\n....\n....\n".into() });
    assert!(matches!(&out[0].body, Body::Solved { solution: Some(_), unique: false }), "{out:?}");
}

#[test]
fn bad_text_and_old_protocols_fail_with_a_sentence() {
    let out = replies(Job::Analyse { instance: "12".into(), limit: 5, keep: ANSWERS_KEPT, redundant: true });
    assert!(matches!(&out[0].body, Body::Failed { message } if message.contains("could not be read")));
    let mut out = Vec::new();
    handle(&Request { protocol: 0, id: 1, job: Job::Trim { instance: SEED.into() } }, &mut |r| out.push(r));
    assert!(matches!(&out[0].body, Body::Failed { message } if message.contains("protocol")));
}

/// A 9×9 challenge with one answer, rated medium (from `construct
/// --difficulty medium`).
const MEDIUM: &str = "163974582835469127498215376756841293214637958627153849379528614582796431941382765 \
                      1-2 3-12 4-13 5-6 10-11 11-12 14-23 16-17 22-23 22-31 23-24 25-26 25-34 28-29 36-37 39-48 \
                      42-43 45-46 46-55 47-48 48-49 49-50 49-58 51-52 56-57 56-65 59-60 67-76 70-71 70-79";

#[test]
fn a_unique_challenge_is_judged_as_the_engine_rates_it_between_count_and_explanation() {
    let out = replies(Job::Analyse { instance: MEDIUM.into(), limit: 1000, keep: 1, redundant: false });
    let kinds: Vec<&str> = out
        .iter()
        .filter_map(|r| match r.body {
            Body::Counted { .. } => Some("counted"),
            Body::Judged(_) => Some("judged"),
            Body::Explained(_) => Some("explained"),
            Body::Redundant { .. } => Some("redundant"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["counted", "judged", "explained"], "no redundant walls when not asked");
    let judged = out.iter().find_map(|r| if let Body::Judged(j) = &r.body { Some(j.clone()) } else { None }).unwrap();
    let instance: Instance = MEDIUM.parse().unwrap();
    let rating = pseudoku_core::deduce::rate(&instance, &pseudoku_core::deduce::DeduceConfig::new(9));
    assert_eq!(judged.level, rating.level.key());
    assert_eq!(judged.level, "medium");
    assert_eq!(judged.score, rating.score.to_string());
    assert_eq!(judged.hardest.as_deref(), rating.hardest.map(|t| t.key()));
    assert_eq!(judged.steps.len(), rating.steps.len());
    assert!(judged.solved);
    // A challenge with several answers is not judged (it needs guessing).
    let out = replies(Job::Analyse { instance: SEED.into(), limit: 1000, keep: 1, redundant: false });
    assert!(!out.iter().any(|r| matches!(r.body, Body::Judged(_))));
}

#[test]
fn the_teacher_gives_the_easiest_step_from_the_players_position() {
    let instance: Instance = MEDIUM.parse().unwrap();
    let answer = partition::all_answers(&instance, 2).remove(0);
    let out = replies(Job::Teach {
        instance: MEDIUM.into(),
        borders: Vec::new(),
        regions: vec![None; 81],
        joins: Vec::new(),
        first: Vec::new(),
    });
    let Body::Taught(Lesson::Step(first)) = &out[0].body else { panic!("{out:?}") };
    let rating = pseudoku_core::deduce::rate(&instance, &pseudoku_core::deduce::DeduceConfig::new(9));
    assert_eq!(first.technique, rating.steps[0].technique.key());
    // Sound: what it decides is what the answer has.
    let edge = |&(a, b): &(u32, u32)| Edge::new(9, CellId(a), CellId(b)).unwrap();
    assert!(first.joins.iter().all(|p| answer.joins(edge(p))));
    assert!(first.borders.iter().all(|p| !answer.joins(edge(p))));
    // The whole answer painted, its borders drawn: solved.
    let regions: Vec<Option<u8>> = answer.labels().map(|l| Some(l as u8)).collect();
    let borders = pairs(&answer.borders().collect::<Vec<_>>());
    let out = replies(Job::Teach { instance: MEDIUM.into(), borders, regions, joins: Vec::new(), first: Vec::new() });
    assert_eq!(out[0].body, Body::Taught(Lesson::Solved));
    // Two cells with the same symbol painted as one region: wrong.
    let mut regions = vec![None; 81];
    let symbols = instance.symbols();
    let twin = (1..81).find(|&c| symbols[c] == symbols[0]).unwrap();
    regions[0] = Some(0);
    regions[twin] = Some(0);
    let (r0, c0, rt, ct) = (0usize, 0usize, twin / 9, twin % 9);
    // Join the two through the cells between them, so they are one group.
    for (c, region) in regions.iter_mut().enumerate() {
        let (r, col) = (c / 9, c % 9);
        if (r == r0 && col <= ct.max(c0)) || (col == ct && r <= rt) {
            *region = Some(0);
        }
    }
    let out = replies(Job::Teach {
        instance: MEDIUM.into(),
        borders: Vec::new(),
        regions,
        joins: Vec::new(),
        first: Vec::new(),
    });
    assert_eq!(out[0].body, Body::Taught(Lesson::Wrong));
    // The same wrong region as joins, with nothing painted: wrong too.
    let mut joins = Vec::new();
    for c in 0..=ct.max(c0) as u32 {
        if c > 0 {
            joins.push((c - 1, c));
        }
    }
    for r in 1..=rt as u32 {
        joins.push(((r - 1) * 9 + ct as u32, r * 9 + ct as u32));
    }
    let out = replies(Job::Teach {
        instance: MEDIUM.into(),
        borders: Vec::new(),
        regions: vec![None; 81],
        joins,
        first: Vec::new(),
    });
    assert_eq!(out[0].body, Body::Taught(Lesson::Wrong));
}

#[test]
fn challenges_made_to_a_level_are_unique_and_of_that_level() {
    for level in ["easy", "medium"] {
        let out = replies(Job::ConstructRated { size: 6, level: level.into(), seed: 4 });
        let Body::Instance { instance, .. } = &out[0].body else { panic!("{out:?}") };
        let instance: Instance = instance.parse().unwrap();
        assert_eq!(partition::count(&instance, 2, None), partition::Count::Exact(1));
        let rating = pseudoku_core::deduce::rate(&instance, &pseudoku_core::deduce::DeduceConfig::new(6));
        assert_eq!(rating.level.key(), level);
    }
    let out = replies(Job::ConstructRated { size: 6, level: "tricky".into(), seed: 4 });
    assert!(matches!(&out[0].body, Body::Failed { message } if message.contains("tricky")));
}
