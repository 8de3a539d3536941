//! Tests of the partition engine against a slow, obviously correct reference
//! enumerator, plus the seed puzzle, the parser, explanations, validation
//! and construction.

use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::symbol::Symbol;

/// The puzzle of the source text: a 9×9 grid with 12 walls and 5 answers.
const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 \
                    4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

fn seed() -> Instance {
    SEED.parse().unwrap()
}

fn id(cell: usize) -> CellId {
    CellId(cell as u32)
}

fn ids(cells: &[usize]) -> Vec<CellId> {
    cells.iter().map(|&c| id(c)).collect()
}

// ---------------------------------------------------------------------------
// The reference enumerator: the region of the lowest free cell is every
// (N−1)-combination of higher free cells that forms a valid region.

fn reference_answers(inst: &Instance) -> BTreeSet<Vec<usize>> {
    let n = inst.size();
    let mut labels = vec![usize::MAX; n * n];
    let mut out = BTreeSet::new();
    reference_rec(inst, &mut labels, 0, &mut out);
    out
}

fn reference_rec(inst: &Instance, labels: &mut Vec<usize>, label: usize, out: &mut BTreeSet<Vec<usize>>) {
    let n = inst.size();
    let Some(c) = labels.iter().position(|&l| l == usize::MAX) else {
        out.insert(labels.clone());
        return;
    };
    let higher: Vec<usize> = (c + 1..n * n).filter(|&d| labels[d] == usize::MAX).collect();
    let mut combo = Vec::new();
    for_combinations(&higher, n - 1, &mut combo, &mut |rest| {
        let region: Vec<usize> = std::iter::once(c).chain(rest.iter().copied()).collect();
        if reference_valid_region(inst, &region) {
            for &x in &region {
                labels[x] = label;
            }
            reference_rec(inst, labels, label + 1, out);
            for &x in &region {
                labels[x] = usize::MAX;
            }
        }
    });
}

fn for_combinations(items: &[usize], k: usize, combo: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
    if k == 0 {
        f(combo);
        return;
    }
    for i in 0..items.len() {
        if items.len() - i < k {
            break;
        }
        combo.push(items[i]);
        for_combinations(&items[i + 1..], k - 1, combo, f);
        combo.pop();
    }
}

/// Distinct symbols, no wall between two of its cells, connected.
fn reference_valid_region(inst: &Instance, region: &[usize]) -> bool {
    let symbols: BTreeSet<Symbol> = region.iter().map(|&c| inst.symbol(id(c))).collect();
    if symbols.len() != region.len() {
        return false;
    }
    for &a in region {
        for &b in region {
            if let Some(e) = inst.edge(id(a), id(b)) {
                if inst.has_wall(e) {
                    return false;
                }
            }
        }
    }
    let mut reached = vec![region[0]];
    let mut i = 0;
    while i < reached.len() {
        let a = reached[i];
        i += 1;
        for &b in region {
            if !reached.contains(&b) && inst.edge(id(a), id(b)).is_some() {
                reached.push(b);
            }
        }
    }
    reached.len() == region.len()
}

fn fast_answers(inst: &Instance) -> BTreeSet<Vec<usize>> {
    all_answers(inst, usize::MAX).iter().map(|p| p.labels().collect()).collect()
}

/// A random small instance: a grid that admits a partition, or a shuffled
/// grid with right symbol counts, or (rarely) any grid; and random walls.
fn random_instance(n: usize, rng: &mut ChaCha8Rng) -> Instance {
    let kind = rng.random_range(0..10u32);
    let symbols: Vec<Symbol> = if kind < 6 {
        let regions = random_regions(n, rng);
        RegionShuffleFiller.fill(n, &regions, rng).unwrap()
    } else if kind < 9 {
        let mut s: Vec<Symbol> = (0..n * n).map(|i| Symbol::new(i % n)).collect();
        for i in (1..s.len()).rev() {
            let j = rng.random_range(0..=i as u32) as usize;
            s.swap(i, j);
        }
        s
    } else {
        (0..n * n).map(|_| Symbol::new(rng.random_range(0..n as u32) as usize)).collect()
    };
    let edges: Vec<Edge> = Edge::all(n).collect();
    let walls = rng.random_range(0..=(2 * n) as u32);
    let walls: Vec<Edge> = (0..walls).map(|_| edges[rng.random_range(0..edges.len() as u32) as usize]).collect();
    Instance::new(n, symbols, walls).unwrap()
}

#[test]
fn fast_search_matches_the_reference_on_random_small_instances() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut with_answers = 0;
    for (n, cases) in [(2, 20), (3, 60), (4, 250), (5, 25)] {
        for _ in 0..cases {
            let inst = random_instance(n, &mut rng);
            let expected = reference_answers(&inst);
            assert_eq!(fast_answers(&inst), expected, "{inst}");
            assert_eq!(count(&inst, u64::MAX, None), Count::Exact(expected.len() as u64), "{inst}");
            with_answers += usize::from(!expected.is_empty());
        }
    }
    assert!(with_answers > 60, "the random instances should often have answers: {with_answers}");
}

/// The lookahead of large grids (probing cells with two free neighbours
/// too) on small ones, which are cheap to check against the reference.
#[test]
fn wide_lookahead_matches_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut with_answers = 0;
    for (n, cases) in [(3, 40), (4, 200), (5, 40)] {
        for _ in 0..cases {
            let inst = random_instance(n, &mut rng);
            let expected = reference_answers(&inst);
            let mut found = BTreeSet::new();
            let engine = engine::Engine::<2>::new(&inst, &[]).with_probe_degree(2);
            let report = engine::Search::search(&engine, &SolveConfig::default(), &mut |p: &Partition| {
                found.insert(p.labels().collect::<Vec<_>>());
                Flow::Continue
            });
            assert_eq!(report.end, SearchEnd::Exhausted);
            assert_eq!(report.found, expected.len() as u64, "{inst}");
            assert_eq!(found, expected, "{inst}");
            with_answers += usize::from(!expected.is_empty());
        }
    }
    assert!(with_answers > 40, "the random instances should often have answers: {with_answers}");
}

#[test]
fn joined_search_matches_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut joined_answers = 0;
    for (n, cases) in [(3, 40), (4, 150), (5, 15)] {
        let edges: Vec<Edge> = Edge::all(n).collect();
        for _ in 0..cases {
            let inst = random_instance(n, &mut rng);
            let k = rng.random_range(1..=2u32);
            let joins: Vec<Edge> = (0..k).map(|_| edges[rng.random_range(0..edges.len() as u32) as usize]).collect();
            let expected: BTreeSet<Vec<usize>> = reference_answers(&inst)
                .into_iter()
                .filter(|l| joins.iter().all(|e| l[e.a().index()] == l[e.b().index()]))
                .collect();
            let mut found = BTreeSet::new();
            let report = solve_joined(&inst, &joins, &SolveConfig::default(), &mut |p: &Partition| {
                found.insert(p.labels().collect::<Vec<_>>());
                Flow::Continue
            });
            assert_eq!(report.end, SearchEnd::Exhausted);
            assert_eq!(report.found, expected.len() as u64, "{inst} joins {joins:?}");
            assert_eq!(found, expected, "{inst} joins {joins:?}");
            joined_answers += expected.len();
        }
    }
    assert!(joined_answers > 30, "some joined searches should have answers: {joined_answers}");
}

// ---------------------------------------------------------------------------
// The seed puzzle.

#[test]
fn seed_has_exactly_five_answers() {
    let inst = seed();
    assert_eq!(inst.size(), 9);
    assert_eq!(inst.wall_count(), 12);
    assert_eq!(count(&inst, 100, None), Count::Exact(5));
    assert_eq!(count(&inst, 3, None), Count::AtLeast(3));
    let answers = all_answers(&inst, 100);
    assert_eq!(answers.len(), 5);
    let distinct: BTreeSet<&Partition> = answers.iter().collect();
    assert_eq!(distinct.len(), 5);
    for a in &answers {
        let labels: Vec<Option<usize>> = a.labels().map(Some).collect();
        assert!(validate(&inst, &labels).unwrap().is_solved(), "{a}");
        // Canonical: region k's lowest cell comes before region k+1's.
        let firsts: Vec<CellId> = a.regions().iter().map(|r| r[0]).collect();
        assert!(firsts.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Partition::from_labels(9, &a.labels().map(|l| l * 7 + 3).collect::<Vec<_>>()).as_ref(), Some(a));
    }
}

#[test]
fn seed_explanation_shows_the_contested_edges() {
    let Explanation::Several { count, first, second, edges } = explain(&seed(), None) else {
        panic!("the seed has several answers");
    };
    assert_eq!(count, Count::Exact(5));
    assert_ne!(first, second);
    let answers = all_answers(&seed(), 100);
    assert_eq!(edges.len(), 2 * 9 * 8);
    for (e, verdict) in edges {
        let joined = answers.iter().filter(|p| p.joins(e)).count();
        let expected = match joined {
            0 => Verdict::Apart,
            5 => Verdict::Together,
            _ => Verdict::Varies,
        };
        assert_eq!(verdict, expected, "edge {e}");
    }
}

#[test]
fn budget_stop_and_progress() {
    let inst = seed();
    assert!(matches!(count(&inst, 100, Some(50)), Count::GaveUp { nodes: 51, .. }));
    assert!(matches!(uniqueness(&inst, Some(10)), Uniqueness::Unknown { .. }));
    assert!(matches!(uniqueness(&inst, None), Uniqueness::Multiple(..)));

    struct Hook {
        calls: u64,
        answers: u64,
    }
    impl Sink<Partition> for Hook {
        fn found(&mut self, _: &Partition) -> Flow {
            self.answers += 1;
            Flow::Continue
        }
        fn progress(&mut self, p: Progress) -> Flow {
            self.calls += 1;
            assert_eq!(p.nodes % 100, 0);
            Flow::Continue
        }
    }
    let mut hook = Hook { calls: 0, answers: 0 };
    let report = solve(&inst, &SolveConfig { node_budget: None, progress_interval: 100 }, &mut hook);
    assert_eq!(report.end, SearchEnd::Exhausted);
    assert_eq!(report.found, 5);
    assert_eq!(hook.answers, 5);
    assert_eq!(hook.calls, report.nodes / 100);

    // The progress hook can stop the search.
    let mut stopper = StopOnProgress;
    let report = solve(&inst, &SolveConfig { node_budget: None, progress_interval: 10 }, &mut stopper);
    assert_eq!((report.end, report.nodes), (SearchEnd::Stopped, 10));

    let mut first = None;
    let report = solve(&inst, &SolveConfig::default(), &mut |p: &Partition| {
        first = Some(p.clone());
        Flow::Stop
    });
    assert_eq!((report.end, report.found), (SearchEnd::Stopped, 1));
    assert_eq!(first.as_ref(), all_answers(&inst, 1).first());
}

struct StopOnProgress;
impl Sink<Partition> for StopOnProgress {
    fn found(&mut self, _: &Partition) -> Flow {
        Flow::Continue
    }
    fn progress(&mut self, _: Progress) -> Flow {
        Flow::Stop
    }
}

// ---------------------------------------------------------------------------
// The text format.

#[test]
fn seed_round_trips() {
    let inst = seed();
    let text = inst.to_string();
    assert_eq!(text.split_whitespace().collect::<Vec<_>>(), SEED.split_whitespace().collect::<Vec<_>>());
    assert_eq!(text.parse::<Instance>().unwrap(), inst);
    // Walls may be written either way round, repeated, in any order.
    let messy = format!("{} 13-4 4-13 68-69", &SEED[..81]);
    let m: Instance = messy.parse().unwrap();
    assert_eq!(m.walls().map(|w| w.to_string()).collect::<Vec<_>>(), vec!["4-13", "68-69"]);
}

#[test]
fn parse_errors_are_precise() {
    let grid = &SEED[..81];
    let err = |s: &str| Instance::parse(s).unwrap_err();
    assert_eq!(err(""), ParseError::Empty);
    assert_eq!(err("   "), ParseError::Empty);
    assert_eq!(err("# a comment"), ParseError::Comment);
    assert_eq!(err("12345"), ParseError::GridLength { found: 5 });
    assert_eq!(err(&"1".repeat(36 * 36)), ParseError::TooLarge { side: 36 });
    assert_eq!(err("12.4"), ParseError::UnknownSymbol { position: 2, found: '.' });
    assert_eq!(err("1215"), ParseError::SymbolOutOfRange { position: 3, row: 1, col: 1, found: '5', size: 2 });
    assert_eq!(err(&format!("{grid} 4-13 x")), ParseError::MalformedWall { number: 2, token: "x".into() });
    assert_eq!(err(&format!("{grid} 4-")), ParseError::MalformedWall { number: 1, token: "4-".into() });
    assert_eq!(err(&format!("{grid} +4-13")), ParseError::MalformedWall { number: 1, token: "+4-13".into() });
    assert_eq!(err(&format!("{grid} 4-1-3")), ParseError::MalformedWall { number: 1, token: "4-1-3".into() });
    assert_eq!(
        err(&format!("{grid} 80-81")),
        ParseError::WallOutOfRange { number: 1, token: "80-81".into(), last: 80 }
    );
    assert_eq!(
        err(&format!("{grid} 1-99999999999999999999999")),
        ParseError::WallOutOfRange { number: 1, token: "1-99999999999999999999999".into(), last: 80 }
    );
    let e = err(&format!("{grid} 8-9"));
    assert_eq!(e, ParseError::WallNotAdjacent { number: 1, token: "8-9".into(), a: id(8), b: id(9), size: 9 });
    assert_eq!(
        e.to_string(),
        "wall 1 (\"8-9\") is not between orthogonal neighbours: cell 8 is at row 1, column 9, cell 9 at row 2, column 1"
    );
    assert!(matches!(err(&format!("{grid} 4-4")), ParseError::WallNotAdjacent { .. }));
    assert!(matches!(err(&format!("{grid} 0-10")), ParseError::WallNotAdjacent { .. }));
    assert_eq!(err("12.4").to_string(), "character '.' at position 2 of the grid is not a symbol (1-9, A-Z)");
    // Lines of a file.
    assert_eq!(Instance::parse_line("  # comment"), Ok(None));
    assert_eq!(Instance::parse_line(""), Ok(None));
    assert_eq!(Instance::parse_line(SEED), Ok(Some(seed())));
    // Lower-case letters are accepted.
    assert_eq!(Instance::parse(&"a".repeat(100)).unwrap().symbol(id(0)), Symbol::new(9));
}

#[test]
fn wrong_symbol_counts_parse_but_have_no_answer() {
    let mut text = SEED.to_string();
    text.replace_range(0..1, "1"); // a 7 becomes a second-too-many 1
    let inst: Instance = text.parse().unwrap();
    assert_eq!(count(&inst, 10, None), Count::Exact(0));
    assert_eq!(
        explain(&inst, None),
        Explanation::NoAnswer(NoAnswerReason::SymbolCount { symbol: Symbol::new(0), found: 10, expected: 9 })
    );
}

#[test]
fn instances_check_their_parts() {
    let s = |v: &[usize]| v.iter().map(|&i| Symbol::new(i)).collect::<Vec<_>>();
    assert_eq!(Instance::new(0, vec![], []), Err(InstanceError::BadSize(0)));
    assert_eq!(Instance::new(36, vec![], []), Err(InstanceError::BadSize(36)));
    assert_eq!(Instance::new(2, s(&[0, 1, 1]), []), Err(InstanceError::SymbolCount { size: 2, expected: 4, found: 3 }));
    assert_eq!(
        Instance::new(2, s(&[0, 1, 2, 0]), []),
        Err(InstanceError::SymbolOutOfRange { cell: id(2), symbol: Symbol::new(2), size: 2 })
    );
    let far = Edge::new(9, id(0), id(9)).unwrap();
    assert!(matches!(Instance::new(2, s(&[0, 1, 1, 0]), [far]), Err(InstanceError::BadWall { .. })));
    assert_eq!(Edge::new(3, id(2), id(3)), None);
    assert_eq!(Edge::new(3, id(5), id(2)).map(|e| (e.a(), e.b(), e.in_row())), Some((id(2), id(5), false)));
    assert_eq!(Edge::all(3).count(), 12);
    let mut inst = seed();
    let e = inst.edge(id(0), id(1)).unwrap();
    assert_eq!(inst.add_wall(e), Ok(true));
    assert_eq!(inst.add_wall(e), Ok(false));
    assert!(inst.remove_wall(e));
    assert_eq!(inst, seed());
}

#[test]
fn one_by_one_and_two_by_two() {
    let one: Instance = "1".parse().unwrap();
    assert_eq!(count(&one, 10, None), Count::Exact(1));
    assert!(matches!(explain(&one, None), Explanation::Unique(_)));
    // 1 2 / 2 1: two answers (the rows, the columns).
    let two: Instance = "1221".parse().unwrap();
    assert_eq!(count(&two, 10, None), Count::Exact(2));
    let walled: Instance = "1221 0-1".parse().unwrap();
    assert_eq!(count(&walled, 10, None), Count::Exact(1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parser_never_panics(s in ".{0,200}") {
        let _ = Instance::parse(&s);
        let _ = Instance::parse_line(&s);
    }

    #[test]
    fn parser_never_panics_on_near_misses(s in "[0-9A-Za-z#\\- ]{0,120}") {
        if let Ok(inst) = Instance::parse(&s) {
            prop_assert_eq!(inst.to_string().parse::<Instance>(), Ok(inst));
        }
    }

    #[test]
    fn printing_round_trips(n in 1usize..=12, seed in any::<u64>(), walls in 0usize..30) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let symbols: Vec<Symbol> = (0..n * n).map(|_| Symbol::new(rng.random_range(0..n as u32) as usize)).collect();
        let edges: Vec<Edge> = Edge::all(n).collect();
        let walls: Vec<Edge> = if edges.is_empty() {
            vec![]
        } else {
            (0..walls).map(|_| edges[rng.random_range(0..edges.len() as u32) as usize]).collect()
        };
        let inst = Instance::new(n, symbols, walls).unwrap();
        prop_assert_eq!(inst.to_string().parse::<Instance>(), Ok(inst));
    }
}

// ---------------------------------------------------------------------------
// Explanations.

/// What the reference answers say about each edge.
fn reference_verdicts(inst: &Instance, answers: &BTreeSet<Vec<usize>>) -> Vec<(Edge, Verdict)> {
    Edge::all(inst.size())
        .map(|e| {
            let joined = answers.iter().filter(|l| l[e.a().index()] == l[e.b().index()]).count();
            let v = if joined == 0 {
                Verdict::Apart
            } else if joined == answers.len() {
                Verdict::Together
            } else {
                Verdict::Varies
            };
            (e, v)
        })
        .collect()
}

#[test]
fn explanations_match_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut seen = [0usize; 3];
    let mut stranded = 0;
    for _ in 0..150 {
        let inst = random_instance(4, &mut rng);
        let answers = reference_answers(&inst);
        match explain(&inst, None) {
            Explanation::NoAnswer(reason) => {
                seen[0] += 1;
                stranded += usize::from(matches!(reason, NoAnswerReason::StrandedCell { .. }));
                assert!(answers.is_empty(), "{inst}: {reason}");
            }
            Explanation::Unique(p) => {
                seen[1] += 1;
                assert_eq!(answers.len(), 1);
                assert_eq!(answers.first(), Some(&p.labels().collect()));
            }
            Explanation::Several { count, edges, .. } => {
                seen[2] += 1;
                assert_eq!(count, Count::Exact(answers.len() as u64));
                assert_eq!(edges, reference_verdicts(&inst, &answers), "{inst}");
            }
            Explanation::GaveUp { .. } => panic!("no budget was set"),
        }
    }
    assert!(seen.iter().all(|&k| k > 5), "every kind of explanation is exercised: {seen:?}");
    assert!(stranded > 0, "some instance without answers has a stranded cell");
}

#[test]
fn no_answer_reasons() {
    // Rows of 1234 / 2341 / 3412 / 4123 (a Latin square).
    let grid = "1234234134124123";
    let reason = |walls: &str| match explain(&format!("{grid} {walls}").parse().unwrap(), None) {
        Explanation::NoAnswer(r) => r,
        other => panic!("{walls}: {other:?}"),
    };
    // Cell 0 walled off alone: an area of 1 cell.
    let r = reason("0-1 0-4");
    assert_eq!(r, NoAnswerReason::AreaSize { cells: ids(&[0]), size: 4 });
    assert_eq!(r.to_string(), "walls close off an area of 1 cells (from cell 0), not a multiple of 4");
    // The top-left 2×2 block (1, 2, 2, 3) walled off: two 2s.
    let r = reason("1-2 5-6 4-8 5-9");
    assert_eq!(
        r,
        NoAnswerReason::AreaSymbol { cells: ids(&[0, 1, 4, 5]), symbol: Symbol::new(1), found: 2, expected: 1 }
    );
    // The top-left 2×2 block (1, 2, 3, 4) walled off, with a wall inside.
    let blocks: Instance = "1234341221434321 1-2 5-6 4-8 5-9 0-1".parse().unwrap();
    let Explanation::NoAnswer(r) = explain(&blocks, None) else { panic!() };
    assert_eq!(r, NoAnswerReason::AreaWall { cells: ids(&[0, 1, 4, 5]), wall: Edge::new(4, id(0), id(1)).unwrap() });
}

// ---------------------------------------------------------------------------
// Validation.

#[test]
fn validation_reports_each_problem_with_its_cells() {
    let inst = seed();
    let answer = all_answers(&inst, 1).remove(0);
    let good: Vec<Option<usize>> = answer.labels().map(|l| Some(l + 100)).collect();
    let v = validate(&inst, &good).unwrap();
    assert!(v.is_solved(), "{v}");
    assert_eq!(v.to_string(), "solved");

    // Swap two cells of different regions and different symbols.
    let (a, b) = (0..81)
        .flat_map(|a| (0..81).map(move |b| (a, b)))
        .find(|&(a, b)| answer.region_of(id(a)) != answer.region_of(id(b)) && inst.symbol(id(a)) != inst.symbol(id(b)))
        .unwrap();
    let mut swapped = good.clone();
    swapped.swap(a, b);
    let v = validate(&inst, &swapped).unwrap();
    assert!(!v.is_solved());
    assert!(v.problems.iter().any(|p| matches!(p, Problem::RepeatedSymbol { .. })), "{v}");
    assert!(v.problems.iter().any(|p| matches!(p, Problem::MissingSymbols { .. })), "{v}");

    // Partial: region of cell 0 only half done, the rest unassigned.
    let mut partial = vec![None; 81];
    partial[0] = Some(1);
    partial[1] = Some(1);
    let v = validate(&inst, &partial).unwrap();
    assert!(v.problems.is_empty(), "{v}");
    assert_eq!(v.unassigned.len(), 79);
    assert!(!v.is_solved());

    // A region in two pieces, crossing a wall, too large, too small.
    let mut labels = vec![None; 81];
    for c in [0, 2] {
        labels[c] = Some(7);
    }
    for c in [4, 13] {
        labels[c] = Some(8); // wall 4-13 inside
    }
    for label in &mut labels[27..37] {
        *label = Some(9); // 10 cells
    }
    labels[80] = Some(10);
    labels[79] = Some(11);
    labels[71] = Some(11);
    labels[70] = Some(11); // 80 is enclosed by region 11 and the grid edge
    let v = validate(&inst, &labels).unwrap();
    let kinds: Vec<(Option<usize>, &str)> = v
        .problems
        .iter()
        .map(|p| {
            let kind = match p {
                Problem::TooManyRegions { .. } => "many",
                Problem::NotConnected { .. } => "pieces",
                Problem::TooLarge { .. } => "large",
                Problem::TooSmall { .. } => "small",
                Problem::RepeatedSymbol { .. } => "repeat",
                Problem::MissingSymbols { .. } => "missing",
                Problem::WallInside { .. } => "wall",
            };
            (p.region(), kind)
        })
        .collect();
    assert!(kinds.contains(&(Some(7), "pieces")), "{kinds:?}");
    assert!(kinds.contains(&(Some(8), "wall")), "{kinds:?}");
    assert!(kinds.contains(&(Some(9), "large")), "{kinds:?}");
    assert!(kinds.contains(&(Some(9), "repeat")), "{kinds:?}");
    assert!(kinds.contains(&(Some(10), "small")), "{kinds:?}");
    assert!(kinds.contains(&(Some(10), "missing")), "{kinds:?}");
    let messages = v.messages();
    assert!(messages.contains(&"region 7 is in 2 pieces: r1c1 | r1c3".to_string()), "{messages:?}");
    assert!(messages.contains(&"region 8 crosses 1 wall: between r1c5, r2c5".to_string()), "{messages:?}");
    assert!(
        messages.contains(&"region 10 has 1 cells of 9 and no free neighbour to grow into: r9c9".to_string()),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.starts_with("region 9 has 10 cells, 1 too many for 9: r4c1, r4c2")),
        "{messages:?}"
    );
    assert!(messages.contains(&"region 10 lacks 1, 2, 3, 4, 5, 6, 7 and 9".to_string()), "{messages:?}");

    let many: Vec<Option<usize>> = (0..81).map(Some).collect();
    let v = validate(&inst, &many).unwrap();
    assert_eq!(v.problems[0], Problem::TooManyRegions { found: 81, expected: 9 });
    assert_eq!(v.messages()[0], "the grid has room for 9 regions, found 81");

    assert_eq!(validate(&inst, &[None; 3]), Err(ValidateError::Length { size: 9, expected: 81, found: 3 }));
}

// ---------------------------------------------------------------------------
// Regions, fills and construction.

#[test]
fn latin_fills_are_latin_in_rows_columns_and_regions() {
    let fillers: [(&dyn GridFiller, usize, usize); 4] =
        [(&JigsawLatinFiller::default(), 9, 4), (&SolverFiller, 9, 5), (&SolverFiller, 12, 5), (&SolverFiller, 14, 1)];
    for (filler, n, at_least) in fillers {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut filled = 0;
        for _ in 0..6 {
            let regions = random_regions(n, &mut rng);
            let Some(grid) = filler.fill(n, &regions, &mut rng) else {
                continue;
            };
            filled += 1;
            let layout = crate::layout::Layout::jigsaw(n, &regions).unwrap();
            for house in layout.houses() {
                let symbols: BTreeSet<Symbol> = house.cells.iter().map(|c| grid[c.index()]).collect();
                assert_eq!(symbols.len(), n);
            }
            // The regions are an answer of the grid.
            let inst = Instance::new(n, grid, []).unwrap();
            let labels: Vec<Option<usize>> = regions.iter().map(|&r| Some(r)).collect();
            assert!(validate(&inst, &labels).unwrap().is_solved());
        }
        assert!(filled >= at_least, "{n}×{n}: {filled} of 6 filled");
    }
}

fn check_construction(c: &Construction, difficulty: Difficulty) {
    let inst = &c.instance;
    assert_eq!(uniqueness(inst, None), Uniqueness::Unique(c.answer.clone()), "{inst}");
    let core = inst.with_walls(c.core_walls.iter().copied()).unwrap();
    assert_eq!(is_minimal(&core, None), Some(true), "{core}");
    for w in inst.walls() {
        assert!(!c.answer.joins(w), "walls stand on the answer's borders");
    }
    let extra = inst.wall_count() - c.core_walls.len();
    match difficulty {
        Difficulty::Hard => assert_eq!(extra, 0),
        Difficulty::Medium => assert!(extra <= inst.size() / 2),
        Difficulty::Easy => assert!(extra <= inst.size()),
    }
}

#[test]
fn constructions_are_unique_and_minimal() {
    for (size, seeds, difficulty) in [
        (4, 0..8, Difficulty::Hard),
        (5, 0..6, Difficulty::Hard),
        (6, 0..4, Difficulty::Easy),
        (7, 0..2, Difficulty::Medium),
        (9, 0..2, Difficulty::Hard),
    ] {
        for seed in seeds {
            let config = ConstructConfig { difficulty, ..ConstructConfig::new(size) };
            let c = construct(&config, seed).unwrap_or_else(|e| panic!("{size}, seed {seed}: {e}"));
            check_construction(&c, difficulty);
        }
    }
}

#[test]
fn construction_with_a_tiny_budget_still_ends_unique() {
    // Searches run out of budget: the adding phase walls borders in
    // batches (all borders walled is trivially unique) and trimming keeps
    // the walls it could not decide.
    for (size, budget) in [(6, 60), (7, 150), (9, 400)] {
        for seed in 0..3 {
            let config =
                ConstructConfig { node_budget: budget, difficulty: Difficulty::Hard, ..ConstructConfig::new(size) };
            let c = construct(&config, seed).unwrap_or_else(|e| panic!("{size}, seed {seed}: {e}"));
            assert_eq!(uniqueness(&c.instance, None), Uniqueness::Unique(c.answer.clone()), "{}", c.instance);
            assert!(c.instance.walls().all(|w| !c.answer.joins(w)));
        }
    }
}

#[test]
fn construction_is_deterministic() {
    let config = ConstructConfig::new(6);
    assert_eq!(construct(&config, 42), construct(&config, 42));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let a = random_regions(7, &mut rng);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    assert_eq!(random_regions(7, &mut rng), a);
}

#[test]
fn construction_from_a_given_grid_or_answer() {
    let grid = seed();
    let config = ConstructConfig { difficulty: Difficulty::Hard, ..ConstructConfig::new(9) };
    let c = construct_for_grid(&grid, &config, 1).unwrap();
    check_construction(&c, Difficulty::Hard);
    assert_eq!(c.instance.symbols(), grid.symbols());

    let answer = all_answers(&grid, 1).remove(0);
    let c = construct_for_answer(&grid, &answer, &config, 2).unwrap();
    check_construction(&c, Difficulty::Hard);
    assert_eq!(c.answer, answer);

    // A wrong answer is refused with the reason.
    let rows = Partition::from_labels(9, &(0..81).map(|c| c / 9).collect::<Vec<_>>()).unwrap();
    let shifted = Partition::from_labels(9, &(0..81).map(|c| (c + 1) / 9 % 9).collect::<Vec<_>>()).unwrap();
    assert!(construct_for_answer(&grid, &rows, &config, 3).is_ok(), "the rows of a Latin grid are an answer");
    assert!(matches!(construct_for_answer(&grid, &shifted, &config, 3), Err(ConstructError::BadAnswer(_))));

    let no: Instance = "1122112233443344".parse().unwrap();
    assert_eq!(count(&no, 1, None), Count::Exact(0));
    let small = ConstructConfig { attempts: 2, ..ConstructConfig::new(4) };
    assert_eq!(construct_for_grid(&no, &small, 1), Err(ConstructError::NoPartition(4)));
    assert_eq!(construct(&ConstructConfig::new(1), 0), Err(ConstructError::BadSize(1)));
}

#[test]
fn every_wall_strategy_ends_unique_and_minimal() {
    for strategy in
        [WallStrategy::AddThenTrim, WallStrategy::TrimFromBorders, WallStrategy::SeedThenTrim { percent: 40 }]
    {
        for seed in 0..3 {
            let config = ConstructConfig { difficulty: Difficulty::Hard, strategy, ..ConstructConfig::new(6) };
            let c = construct(&config, seed).unwrap_or_else(|e| panic!("{strategy:?}, seed {seed}: {e}"));
            check_construction(&c, Difficulty::Hard);
        }
    }
}

/// The answers, in the order found, and the node count of a search on a
/// bitset of `W` words.
fn search_on<const W: usize>(inst: &Instance) -> (Vec<Vec<u32>>, u64) {
    let mut found = Vec::new();
    let engine = engine::Engine::<W>::new(inst, &[]);
    let report = engine::Search::search(&engine, &SolveConfig::default(), &mut |p: &Partition| {
        found.push(p.labels().map(|l| l as u32).collect());
        if found.len() == 30 {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    (found, report.nodes)
}

/// The WebAssembly build leaves some widths out and takes a wider one: the
/// search (its answers, their order and its node count) must not depend on
/// the width.
#[test]
fn every_bitset_width_searches_alike() {
    let mut answers = 0;
    for n in 4..=9 {
        let made = construct(&ConstructConfig::new(n), n as u64).expect("a construction").instance;
        // Without its walls, the grid has many answers to find in order.
        let mut open = made.clone();
        for wall in made.walls().collect::<Vec<_>>() {
            open.remove_wall(wall);
        }
        for inst in [made, open] {
            let reference = search_on::<2>(&inst);
            answers += reference.0.len();
            assert_eq!(search_on::<4>(&inst), reference, "{inst}");
            assert_eq!(search_on::<8>(&inst), reference, "{inst}");
            assert_eq!(search_on::<20>(&inst), reference, "{inst}");
        }
    }
    assert!(answers > 30, "the open grids have many answers: {answers}");
}

#[test]
fn neighbours_are_the_cells_an_edge_joins() {
    for n in 0..7 {
        for c in 0..n * n + 2 {
            let found: BTreeSet<CellId> = Edge::neighbours(n, id(c)).collect();
            let oracle: BTreeSet<CellId> = (0..n * n).map(id).filter(|&d| Edge::new(n, id(c), d).is_some()).collect();
            assert_eq!(found, oracle, "cell {c} of {n}×{n}");
        }
    }
}

#[test]
fn borders_of_labels_are_the_partitions_borders() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    for n in 1..8 {
        // Rows, then random labels (a map need not be a partition).
        let rows: Vec<usize> = (0..n * n).map(|c| c / n).collect();
        let p = Partition::from_labels(n, &rows).unwrap();
        assert_eq!(Edge::borders(n, &rows).collect::<Vec<_>>(), p.borders().collect::<Vec<_>>());
        let labels: Vec<usize> = (0..n * n).map(|_| rng.random_range(0..3)).collect();
        let oracle: Vec<Edge> = Edge::all(n).filter(|e| labels[e.a().index()] != labels[e.b().index()]).collect();
        assert_eq!(Edge::borders(n, &labels).collect::<Vec<_>>(), oracle);
    }
}
