//! The engine against its named peer, Knuth's Algorithm X with dancing
//! links ([`pseudoku_bench::dlx::Dlx`]), and against its own generic engine,
//! on the same puzzles in the same run; and the rater (no peer) on rated
//! 9×9 puzzles and a generated 16×16. `cargo bench -p pseudoku-bench`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use pseudoku_bench::dlx::Dlx;
use pseudoku_bench::sets::{generated, read_9x9, read_rated, shared_data};
use pseudoku_core::generate::{fill, generate, GenerateConfig};
use pseudoku_core::layout::Layout;
use pseudoku_core::logic::rate;
use pseudoku_core::seed::rng_from_seed;
use pseudoku_core::solver::Solver;
use pseudoku_core::symbol::Symbol;
use std::hint::black_box;

/// A named set of puzzles of one layout.
struct Set {
    name: String,
    layout: Layout,
    puzzles: Vec<Vec<Option<Symbol>>>,
}

fn solve_sets(c: &mut Criterion) {
    let mut sets: Vec<Set> = Vec::new();
    if let Some(dir) = shared_data() {
        for (name, file) in [
            ("17-clue", "puzzles2_17_clue.txt"),
            ("magictour", "puzzles3_magictour_top1465.txt"),
            ("hardest-11+", "puzzles5_forum_hardest_1905_11plus.txt"),
        ] {
            if let Ok(text) = std::fs::read_to_string(dir.join("bench").join(file)) {
                let (layout, puzzles) = (Layout::classic(3).unwrap(), read_9x9(&text, 200));
                sets.push(Set { name: format!("9x9 {name}"), layout, puzzles });
            }
        }
    } else {
        eprintln!("../shared/data not found: the 9×9 benchmark sets are skipped");
    }
    for box_side in [4, 5] {
        let layout = Layout::classic(box_side).unwrap();
        let puzzles = generated(&layout, 20, None);
        let n = box_side * box_side;
        sets.push(Set { name: format!("{n}x{n} generated"), layout, puzzles });
    }
    for Set { name, layout, puzzles } in &sets {
        let mut group = c.benchmark_group(format!("solve {name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut fast = Solver::new(layout);
        group.bench_function("pseudoku", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| fast.count(black_box(p), 2))
                    .filter(|c| *c == pseudoku_core::solver::Count::Exact(1))
                    .count()
            })
        });
        if layout.size() == 9 {
            let mut generic = Solver::generic(layout);
            group.bench_function("pseudoku generic engine", |b| {
                b.iter(|| puzzles.iter().map(|p| generic.count(black_box(p), 2)).count())
            });
        }
        let mut dlx = Dlx::new(layout);
        group.bench_function("dlx (peer)", |b| {
            b.iter(|| puzzles.iter().map(|p| dlx.count(black_box(p), 2, None)).sum::<u64>())
        });
        group.finish();
    }
}

fn fill_and_generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("fill");
    group.sample_size(10);
    for box_side in [3, 4, 5, 6] {
        let layout = Layout::classic(box_side).unwrap();
        let blank = vec![None; layout.cell_count()];
        let mut seed = 0;
        group.bench_with_input(BenchmarkId::from_parameter(layout.size()), &layout, |b, layout| {
            b.iter(|| {
                seed += 1;
                fill(layout, &blank, &mut rng_from_seed(seed)).unwrap()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("generate minimal");
    group.sample_size(10);
    for box_side in [3, 4] {
        let layout = Layout::classic(box_side).unwrap();
        let config = GenerateConfig { minimal: true, ..Default::default() };
        let mut seed = 0;
        group.bench_with_input(BenchmarkId::from_parameter(layout.size()), &layout, |b, layout| {
            b.iter(|| {
                seed += 1;
                generate(layout, &config, seed).unwrap()
            })
        });
    }
    group.finish();
}

/// The rater: the first 20 puzzles of each rated file (SE ratings 1.2 to
/// 9+), and two 16×16 puzzles from the middle of BENCHMARKS.md's set
/// (`pseudoku generate --size 16 --seed 1 --count 30`: seeds 10 and 21),
/// each rated from its givens.
fn rating(c: &mut Criterion) {
    let mut sets: Vec<Set> = Vec::new();
    if let Some(dir) = shared_data() {
        for level in ["easy", "medium", "hard", "diabolical"] {
            if let Ok(text) = std::fs::read_to_string(dir.join("rated").join(format!("{level}.first1000.txt"))) {
                let (name, layout, puzzles) =
                    (format!("9x9 {level}"), Layout::classic(3).unwrap(), read_rated(&text, 20));
                sets.push(Set { name, layout, puzzles });
            }
        }
    } else {
        eprintln!("../shared/data not found: the rated 9×9 sets are skipped");
    }
    let layout = Layout::classic(4).unwrap();
    let puzzles = [10, 21].map(|seed| generate(&layout, &GenerateConfig::default(), seed).unwrap().givens).to_vec();
    sets.push(Set { name: "16x16 generated".to_owned(), layout, puzzles });
    let mut group = c.benchmark_group("rate");
    group.sample_size(10);
    for Set { name, layout, puzzles } in &sets {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), puzzles, |b, puzzles| {
            b.iter(|| puzzles.iter().map(|p| rate(layout, black_box(p)).expect("rated").se).sum::<f32>())
        });
    }
    group.finish();
}

criterion_group!(benches, solve_sets, fill_and_generate, rating);
criterion_main!(benches);
