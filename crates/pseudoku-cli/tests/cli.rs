//! The `pseudoku` binary, run as a user would.

use pseudoku_core::format::{line, Variant};
use pseudoku_core::grid::is_solved;
use pseudoku_core::layout::Layout;
use pseudoku_core::solver::{Solver, Uniqueness};
use serde_json::json;

mod common;
use common::{repo_root, run, temp_file, CLASSIC};

const CLASSIC_SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[test]
fn solve_reads_a_file_and_reports_each_line() {
    let input = format!("# a comment\n\n{CLASSIC}\n12345\n11..............\n1...............\n");
    let file = temp_file("solve.txt", &input);
    let r = run(&["solve", file.to_str().unwrap()], "");
    assert_eq!(
        lines(&r.stdout)[..3],
        [
            CLASSIC_SOLUTION,
            "error: line 4: cannot tell the grid from 5 cells: a square grid has N×N cells (16, 36, 81, 256, …); \
             give a variant for other layouts",
            "error: line 5: given 1 appears twice in a row: at cell (row 1, column 1) and at cell (row 1, column 2)",
        ],
        "{}",
        r.stderr
    );
    let out = lines(&r.stdout);
    assert_eq!(out.len(), 4);
    let layout = Layout::classic(2).unwrap();
    assert!(out[3].starts_with('1') && is_solved(&layout, &line::parse(&layout, out[3]).unwrap()));
    assert_eq!(r.code, 1);
}

#[test]
fn solve_reads_stdin_and_says_unsolvable() {
    // Row 1 needs a 4 at column 4, but column 4 already has one.
    let r = run(&["solve"], &format!("{CLASSIC}\n123.............\n...4............\n123....4........\n"));
    let out = lines(&r.stdout);
    assert_eq!(out[0], CLASSIC_SOLUTION);
    assert_eq!(out[3], "unsolvable");
    assert_eq!(r.code, 0, "{}", r.stderr);
    for (puzzle, solution) in ["123.............", "...4............"].iter().zip(&out[1..3]) {
        let p = line::parse_inferred(puzzle).unwrap();
        let s = line::parse(&p.layout, solution).unwrap();
        assert!(is_solved(&p.layout, &s));
    }
}

#[test]
fn count_with_a_limit() {
    let empty4 = ".".repeat(16);
    let r = run(&["count", "--limit", "10"], &format!("{empty4}\n{CLASSIC}\n"));
    assert_eq!(lines(&r.stdout), [">=10", "1"]);
    let r = run(&["count"], &format!("{empty4}\n11{}\n", &empty4[2..]));
    assert_eq!(lines(&r.stdout)[0], "288");
    assert!(lines(&r.stdout)[1].starts_with("error: line 2: given 1 appears twice"));
    assert_eq!(r.code, 1);
    let r = run(&["count", "--limit", "0"], "");
    assert_eq!(r.code, 2, "a limit of 0 is refused");
}

#[test]
fn json_output() {
    let r = run(&["solve", "--json"], &format!("{CLASSIC}\nxyz?\n"));
    let values: Vec<serde_json::Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(values[0]["status"], "solved");
    assert_eq!(values[0]["solution"], CLASSIC_SOLUTION);
    assert_eq!(values[0]["line"], 1);
    assert_eq!(values[1]["status"], "error");
    assert_eq!(values[1]["line"], 2);
    assert!(values[1]["error"].as_str().unwrap().contains("unknown symbol `?`"));
    assert_eq!(r.code, 1);
    let r = run(&["count", "--json", "--limit", "5"], &format!("{}\n", ".".repeat(16)));
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!((v["count"].as_u64(), v["exact"].as_bool()), (Some(5), Some(false)));
}

#[test]
fn variants_from_files() {
    // A variant file with givens and no input: its own puzzle.
    let r = run(&["solve", "--variant", "examples/variants/samurai.txt"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let samurai =
        Variant::parse(&std::fs::read_to_string(repo_root().join("examples/variants/samurai.txt")).unwrap()).unwrap();
    let solution = line::parse(samurai.layout(), r.stdout.trim()).unwrap();
    assert!(is_solved(samurai.layout(), &solution));
    // Lines in layout order for a variant.
    let pie_line = "5...741C....962.....4A....39C.....513...9B27....41B.....6C....148.....69";
    let file = temp_file("pie.txt", &format!("{pie_line}\n{}\n", &pie_line[1..]));
    let r = run(&["count", "--variant", "examples/variants/sudoku-pie.txt", file.to_str().unwrap()], "");
    assert_eq!(lines(&r.stdout), [">=1000", "error: line 2: expected 72 cells, found 71"]);
    assert_eq!(r.code, 1);
    let r = run(&["solve", "--variant", "no/such/file.txt"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("cannot read no/such/file.txt"), "{}", r.stderr);
}

#[test]
fn bench_checks_and_times() {
    let puzzles = format!("# three puzzles\n{CLASSIC}\n{}\n{CLASSIC}\n", ".".repeat(16));
    // The second line has many solutions: bench reports it and fails.
    let file = temp_file("bench.txt", &puzzles);
    let r = run(&["bench", file.to_str().unwrap()], "");
    assert!(r.stdout.contains("error: line 3: more than one solution"), "{}", r.stdout);
    assert!(r.stdout.contains("3 puzzles, 2 solved uniquely and checked, 1 failed"), "{}", r.stdout);
    assert_eq!(r.code, 1);
    let file = temp_file("bench-ok.txt", &format!("{CLASSIC}\n{CLASSIC}\n"));
    let r = run(&["bench", file.to_str().unwrap()], "");
    assert!(r.stdout.contains("per second, median"), "{}", r.stdout);
    // The peers are timed by crates/pseudoku-bench (`cargo xtask bench`), not shipped here.
    assert!(!r.stdout.contains("(peer)"), "{}", r.stdout);
    assert_eq!(r.code, 0);
    let r = run(&["bench", "--peer", "dlx", file.to_str().unwrap()], "");
    assert_eq!(r.code, 2);
}

#[test]
fn bench_fills_generates_and_constructs() {
    let r = run(&["bench", "--what", "fill", "--size", "16", "--count", "5"], "");
    assert!(r.stdout.contains("5 grids of 256 cells, 5 filled and checked, 0 failed"), "{}", r.stdout);
    assert_eq!(r.code, 0);
    let r = run(&["bench", "--what", "generate", "--size", "4", "--count", "3"], "");
    assert!(r.stdout.contains("3 puzzles of 16 cells, 3 unique and checked, 0 failed"), "{}", r.stdout);
    // Up to 81 cells every check is decided.
    assert!(r.stdout.contains("0.0 kept only because their check ran out of budget)\n"), "{}", r.stdout);
    assert_eq!(r.code, 0);
    let r = run(&["bench", "--what", "construct", "--size", "5", "--count", "2"], "");
    assert!(r.stdout.contains("2 instances 5×5, 2 unique and checked, 0 failed"), "{}", r.stdout);
    assert_eq!(r.code, 0);
    let r = run(&["bench", "--what", "fill"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--size N"), "{}", r.stderr);
}

#[test]
fn bench_counts_partitions() {
    let file = temp_file("bench-partition.txt", &format!("{PSEUDOKU_SEED}\nnot an instance\n"));
    let r = run(&["bench", "--what", "partition", "--limit", "10", file.to_str().unwrap()], "");
    assert!(r.stdout.contains("2 instances, 0 with exactly one answer, 1 failed (counted to 10)"), "{}", r.stdout);
    assert!(r.stdout.contains("error: line 2:"), "{}", r.stdout);
    assert_eq!(r.code, 1);
}

fn check_grids(layout: &Layout, text: &str, count: usize) {
    let grids = lines(text);
    assert_eq!(grids.len(), count);
    for g in grids {
        assert!(is_solved(layout, &line::parse(layout, g).unwrap()), "{g}");
    }
}

#[test]
fn fill_is_reproducible() {
    let r = run(&["fill", "--size", "9", "--seed", "7", "--count", "3"], "");
    check_grids(&Layout::classic(3).unwrap(), &r.stdout, 3);
    let again = run(&["fill", "--size", "9", "--seed", "8"], "");
    assert_eq!(lines(&again.stdout)[0], lines(&r.stdout)[1], "item i uses seed S + i");
    let text = run(&["fill", "--size", "16", "--seed", "A BADONK BLOCKADE"], "");
    check_grids(&Layout::classic(4).unwrap(), &text.stdout, 1);
    assert_eq!(text.stdout, run(&["fill", "--size", "16", "--seed", "A BADONK BLOCKADE"], "").stdout);
    let given = format!("123456{}", ".".repeat(30));
    let boxes = run(&["fill", "--boxes", "2x3", "--seed", "1", "--given", &given], "");
    check_grids(&Layout::boxed(2, 3).unwrap(), &boxes.stdout, 1);
    assert!(boxes.stdout.starts_with("123456"));
    let tall = run(&["fill", "--size", "6", "--boxes", "3x2", "--seed", "1"], "");
    check_grids(&Layout::boxed(3, 2).unwrap(), &tall.stdout, 1);
    let jigsaw = run(&["fill", "--variant", "examples/variants/jigsaw-9x9.txt", "--seed", "1"], "");
    let v = Variant::parse(&std::fs::read_to_string(repo_root().join("examples/variants/jigsaw-9x9.txt")).unwrap())
        .unwrap();
    check_grids(v.layout(), &jigsaw.stdout, 1);
    let bad = run(&["fill", "--size", "9", "--boxes", "2x3"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("--boxes 2x3 holds 6 cells, but --size is 9"), "{}", bad.stderr);
}

#[test]
fn generate_makes_unique_puzzles() {
    let r = run(&["generate", "--size", "6", "--seed", "5", "--count", "3", "--symmetry", "rot180"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let layout = Layout::boxed(2, 3).unwrap();
    let puzzles = lines(&r.stdout);
    assert_eq!(puzzles.len(), 3);
    for p in puzzles {
        let givens = line::parse(&layout, p).unwrap();
        assert!(matches!(Solver::new(&layout).uniqueness(&givens), Uniqueness::Unique(_)), "{p}");
        for c in 0..36 {
            assert_eq!(givens[c].is_some(), givens[35 - c].is_some(), "rot180 symmetry");
        }
    }
    let r = run(&["generate", "--size", "9", "--seed", "5", "--givens", "40"], "");
    let givens = line::parse(&Layout::classic(3).unwrap(), r.stdout.trim()).unwrap();
    assert!(givens.iter().filter(|g| g.is_some()).count() >= 38);
    let r = run(&["generate", "--variant", "examples/variants/diagonal-9x9.txt", "--seed", "1", "--minimal"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.trim().len(), 81);
}

#[test]
fn show_prints_variants() {
    let r = run(&["show", "examples/variants/sudoku-pie.txt"], "");
    assert!(r.stdout.starts_with("name Sudoku Pie\nsize 12\npie 12 6\ngivens\n538274\n1C....\n"), "{}", r.stdout);
    let r = run(&["show", "--json", "examples/variants/custom-knut-vik-5x5.txt"], "");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["cells"], 25);
    assert_eq!(v["spec"]["shape"]["Custom"]["cells"], 25);
    let bad = temp_file("bad-variant.txt", "size 9\nboxes 3x4\n");
    let r = run(&["show", bad.to_str().unwrap()], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("line 2: the boxes means 12 symbols, but `size` says 9"), "{}", r.stderr);
}

#[test]
fn json_specs_read_back() {
    for name in ["sudoku-mix.txt", "sudoku-pie.txt", "custom-knut-vik-5x5.txt", "sudokualt-16x16-diagonal.txt"] {
        let path = format!("examples/variants/{name}");
        let r = run(&["show", "--json", &path], "");
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        let spec: pseudoku_core::format::Spec = serde_json::from_value(v["spec"].clone()).unwrap();
        let givens: Vec<Option<usize>> = serde_json::from_value(v["givens"].clone()).unwrap();
        let givens = givens.into_iter().map(|g| g.map(|n| pseudoku_core::symbol::Symbol::new(n - 1))).collect();
        let back = Variant::new(spec, Some(givens)).unwrap();
        let file = Variant::parse(&std::fs::read_to_string(repo_root().join(&path)).unwrap()).unwrap();
        assert_eq!(back, file, "{name}");
    }
}

const PSEUDOKU_SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

#[test]
fn partition_counts_and_lists_the_seed_answers() {
    let r = run(&["partition"], &format!("# the seed of the Pseudoku puzzle\n{PSEUDOKU_SEED}\n"));
    assert_eq!((r.code, r.stdout.as_str()), (0, "5\n"));
    let r = run(&["partition", "--all"], PSEUDOKU_SEED);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "5");
    assert_eq!(lines.len(), 6);
    let mut answers: Vec<&str> = lines[1..].to_vec();
    answers.sort();
    answers.dedup();
    assert_eq!(answers.len(), 5, "five different answers");
    for a in &answers[..] {
        assert_eq!(a.len(), 81);
        assert!(a.chars().all(|c| ('1'..='9').contains(&c)));
    }
    let r = run(&["partition", "--limit", "3"], PSEUDOKU_SEED);
    assert_eq!(r.stdout, ">=3\n");
}

#[test]
fn partition_reports_bad_lines_and_goes_on() {
    let r = run(&["partition"], &format!("12345 0-1\n{PSEUDOKU_SEED} 0-2\n{PSEUDOKU_SEED}\n"));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(r.code, 1);
    assert!(lines[0].starts_with("error: line 1: "), "{}", lines[0]);
    assert!(lines[1].starts_with("error: line 2: "), "{}", lines[1]);
    assert_eq!(lines[2], "5");
}

#[test]
fn links_carry_the_seed_and_decode_back() {
    let r = run(&["link"], &format!("# the seed\n{PSEUDOKU_SEED}\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let link = r.stdout.trim_end();
    assert_eq!(lines(&r.stdout).len(), 1);
    assert!(link.starts_with("http://127.0.0.1:8080/#p="), "{link}");
    let fragment = &link[link.find('#').unwrap()..];
    assert!(fragment.len() < 100, "{fragment}");
    // A whole link, its fragment, or just the text after `p=`.
    for url in [link, fragment, &fragment[3..]] {
        let back = run(&["link", "--decode", url], "");
        assert_eq!((back.code, back.stdout.as_str()), (0, format!("{PSEUDOKU_SEED}\n").as_str()), "{url}");
    }
    let edit = run(&["link", "--edit"], PSEUDOKU_SEED);
    assert_eq!(edit.stdout, link.replace("#p=", "#e=") + "\n");
    let back = run(&["link", "--decode", edit.stdout.trim_end()], "");
    assert_eq!(back.stdout, format!("{PSEUDOKU_SEED}\n"));
    let based = run(&["link", "--base", "https://example.org/pseudoku/#seed=7"], PSEUDOKU_SEED);
    assert_eq!(based.stdout, format!("https://example.org/pseudoku/{fragment}\n"));
}

#[test]
fn links_carry_a_title_and_an_author() {
    let r = run(&["link", "--title", "The seed", "--author", "Ann Example"], PSEUDOKU_SEED);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let back = run(&["link", "--decode", r.stdout.trim_end()], "");
    assert_eq!(back.stdout, format!("# title: The seed\n# author: Ann Example\n{PSEUDOKU_SEED}\n"));
    // The comment lines are skipped where instances are read.
    assert_eq!(run(&["partition"], &back.stdout).stdout, "5\n");
    let r = run(&["link", "--author", "Ann"], PSEUDOKU_SEED);
    let back = run(&["link", "--decode", r.stdout.trim_end()], "");
    assert_eq!(back.stdout, format!("# author: Ann\n{PSEUDOKU_SEED}\n"));
}

#[test]
fn links_report_bad_lines_and_damaged_links() {
    let r = run(&["link"], &format!("12345 0-1\n{PSEUDOKU_SEED}\n1\n"));
    let out = lines(&r.stdout);
    assert_eq!(r.code, 1);
    assert_eq!(out.len(), 3);
    assert!(out[0].starts_with("error: line 1: "), "{}", out[0]);
    assert!(out[1].starts_with("http://127.0.0.1:8080/#p="), "{}", out[1]);
    assert!(out[2].starts_with("error: line 3: "), "{}", out[2]);
    let link = out[1];
    let r = run(&["link", "--decode", &link[..link.len() - 10], link, "http://127.0.0.1:8080/", "#p=A+B"], "");
    let out = lines(&r.stdout);
    assert_eq!(r.code, 1);
    assert_eq!(
        out,
        [
            "error: the link is cut short: it ends inside the grid",
            PSEUDOKU_SEED,
            "error: the link holds no puzzle (its puzzle part is empty)",
            "error: the link is damaged: character '+' at position 1 is not part of a link",
        ]
    );
    let r = run(&["link", "--decode", link, "--edit"], "");
    assert_eq!(r.code, 2, "--decode makes no links");
}

#[test]
fn constructed_instances_have_one_answer() {
    let r = run(&["construct", "--size", "6", "--seed", "7", "--count", "3"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 3);
    let counted = run(&["partition"], &r.stdout);
    assert_eq!(counted.stdout, "1\n1\n1\n");
    let again = run(&["construct", "--size", "6", "--seed", "7", "--count", "3"], "");
    assert_eq!(again.stdout, r.stdout, "seeds reproduce");
}

#[test]
fn canon_is_equal_for_equivalent_puzzles_and_design_is_a_table() {
    // The classic puzzle with its first two rows swapped and 1↔2 relabelled.
    let swapped: String = {
        let rows: Vec<&str> = (0..9).map(|r| &CLASSIC[r * 9..r * 9 + 9]).collect();
        let mut order = rows.clone();
        order.swap(0, 1);
        order
            .concat()
            .chars()
            .map(|c| match c {
                '1' => '2',
                '2' => '1',
                c => c,
            })
            .collect()
    };
    let r = run(&["canon"], &format!("{CLASSIC}\n{swapped}\n"));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(r.code, 0);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    assert_ne!(lines[0], CLASSIC);
    let r = run(&["design"], CLASSIC_SOLUTION);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 82);
    assert_eq!(lines[0], "Row,Col,Box,Symbol");
    assert_eq!(lines[1], "1,1,1,5");
    assert_eq!(lines[81], "9,9,9,9");
}

#[test]
fn generate_says_when_a_puzzle_falls_short_of_what_was_asked() {
    // A 9×9 puzzle never gets down to 10 givens: every check is decided, so
    // what is left is needed.
    let r = run(&["generate", "--size", "9", "--seed", "1", "--givens", "10"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let left = r.stdout.trim().chars().filter(|&c| c != '.').count();
    assert_eq!(r.stderr, format!("seed 1: {left} givens, more than the 10 asked for: none of them can go\n"));
    // With no search allowed, a "minimal" 16×16 keeps the givens whose check
    // needed a guess, and says it may not be minimal.
    let r = run(&["generate", "--size", "16", "--seed", "1", "--minimal", "--check-budget", "1"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let givens = line::parse(&Layout::classic(4).unwrap(), r.stdout.trim()).unwrap();
    assert!(matches!(Solver::new(&Layout::classic(4).unwrap()).uniqueness(&givens), Uniqueness::Unique(_)));
    let left = givens.iter().flatten().count();
    assert!(r.stderr.starts_with(&format!("seed 1: {left} givens, maybe not minimal: ")), "{}", r.stderr);
    assert!(r.stderr.contains("kept only because their check ran out of budget"), "{}", r.stderr);
    // What was asked for is reached: nothing to say.
    let r = run(&["generate", "--size", "9", "--seed", "1", "--givens", "40"], "");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let r = run(&["generate", "--size", "9", "--seed", "1", "--minimal"], "");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
}

#[test]
fn sudoku_links_round_trip_lines_and_variant_files() {
    let classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let out = run(&["link", "--sudoku", "--title", "Classic"], &format!("{classic}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let link = out.stdout.trim().to_owned();
    assert!(link.starts_with("http://127.0.0.1:8080/#p="), "{link}");
    let fragment = &link[link.find('#').unwrap()..];
    assert!(fragment.len() <= 60, "a classic 9×9 fragment fits in 60 characters, not {}", fragment.len());
    let back = run(&["link", "--decode", &link], "");
    assert_eq!(lines(&back.stdout), vec!["# title: Classic", classic]);

    // A variant file's own puzzle: decoding gives the variant file back.
    let samurai = repo_root().join("examples/variants/samurai.txt");
    let out = run(&["link", "--variant", samurai.to_str().unwrap()], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let back = run(&["link", "--decode", out.stdout.trim()], "");
    let shown = run(&["show", samurai.to_str().unwrap()], "");
    assert_eq!(back.stdout, shown.stdout, "the link holds the whole variant");

    // A line that is no puzzle: an error on its line, exit 1.
    let out = run(&["link", "--sudoku"], "55\n");
    assert_eq!(out.code, 1);
    assert!(out.stdout.starts_with("error: line 1: "), "{}", out.stdout);
}

/// A hard 9×9 (Arto Inkala's, 2012): its search takes more than one node.
const HARD: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn searches_stop_at_their_budget_with_a_message_and_exit_status_3() {
    let huge = u64::MAX.to_string();
    let empty9 = ".".repeat(81);
    // `count --limit 18446744073709551615` of a blank grid stops.
    let r = run(&["count", "--limit", &huge, "--budget", "1000"], &format!("{empty9}\n"));
    assert_eq!(r.code, 3, "{}", r.stdout);
    assert!(
        r.stdout.starts_with("error: line 1: gave up after 1001 search nodes, ")
            && r.stdout.ends_with(" solutions found (a larger --budget searches further)\n"),
        "{}",
        r.stdout
    );
    for command in ["solve", "rate", "hint"] {
        let r = run(&[command, "--budget", "1"], &format!("{HARD}\n"));
        assert_eq!(r.code, 3, "{command}: {}", r.stdout);
        assert!(r.stdout.starts_with("error: line 1: gave up after 2 search nodes, 0 solutions found"), "{}", r.stdout);
        // With room to search, the same line is answered.
        let r = run(&[command], &format!("{HARD}\n"));
        assert_eq!(r.code, 0, "{command}: {}", r.stdout);
    }
    // A wrong line outranks a search that gave up: the input needs fixing first.
    let r = run(&["solve", "--budget", "1"], &format!("{HARD}\n11{}\n", &empty9[2..]));
    assert_eq!(r.code, 1, "{}", r.stdout);
    let r = run(&["solve", "--budget", "1", "--json"], &format!("{HARD}\n"));
    let value: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(value["status"], "out of budget");
    assert_eq!(value["nodes"], 2);
    let r = run(&["partition", "--budget", "1"], &format!("{PSEUDOKU_SEED}\n"));
    assert_eq!(r.code, 3, "{}", r.stdout);
    let r = run(&["solve", "--budget", "0"], "");
    assert_eq!(r.code, 2, "a budget of 0 is refused");
}

#[test]
fn a_blank_large_grid_is_given_up_on_by_default() {
    // No --budget: the default scales with the grid, so a blank 25×25 (and
    // any larger one) ends with a message instead of running on.
    let empty25 = ".".repeat(625);
    let r = run(&["count", "--limit", &u64::MAX.to_string()], &format!("{empty25}\n"));
    assert_eq!(r.code, 3, "{}", r.stdout);
    assert!(r.stdout.starts_with("error: line 1: gave up after "), "{}", r.stdout);
    let help = run(&["solve", "--help"], "");
    assert!(help.stdout.contains("--budget <NODES>") && help.stdout.contains("exit status is 3"), "{}", help.stdout);
}

#[test]
fn decode_reads_links_as_chat_apps_send_them_and_names_foreign_ones() {
    let r = run(&["link", "--sudoku"], &format!("{CLASSIC}\n"));
    let link = r.stdout.trim().to_owned();
    let plain = run(&["link", "--decode", &link], "");
    assert_eq!(plain.stdout, format!("{CLASSIC}\n"));
    for url in [format!("{link}%20"), format!("{link} "), format!("{link}%20%0A")] {
        let back = run(&["link", "--decode", &url], "");
        assert_eq!((back.code, &back.stdout), (0, &plain.stdout), "{url}");
    }
    let text = &link[link.find("#p=").unwrap() + 3..];
    for fragment in [format!("#P={text}"), format!("#%70={text}"), format!("#p%3D{text}")] {
        let back = run(&["link", "--decode", &format!("http://127.0.0.1:8080/{fragment}")], "");
        assert_eq!(back.code, 1);
        assert!(back.stdout.contains("is not a link Pseudoku knows"), "{}", back.stdout);
    }
}

/// The hostile layout: `grids` grids of size 35, 35 apart, on a
/// 1024×1024 board.
fn hostile_board(grids: usize) -> String {
    let mut text = "size 35\nboard 1024x1024\n".to_string();
    for i in 0..grids {
        text += &format!("grid {} {}\n", (i / 29) * 35, (i % 29) * 35);
    }
    text
}

#[test]
fn show_and_link_refuse_a_board_past_the_caps_naming_the_cap() {
    for (grids, message) in [
        (200, "line 2: the number of cells is 245000; at most 16384 is supported"),
        (809, "line 259, column 1: the number of grids is 257; at most 256 is supported"),
    ] {
        let file = temp_file(&format!("hostile-{grids}.txt"), &hostile_board(grids));
        for args in [vec!["show", file.to_str().unwrap()], vec!["link", "--variant", file.to_str().unwrap()]] {
            let r = run(&args, "");
            assert_eq!(r.code, 2, "{args:?}");
            assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
        }
    }
}

#[test]
fn sudoku_links_open_in_the_setter_with_edit() {
    let play = run(&["link", "--sudoku"], &format!("{CLASSIC}\n"));
    let edit = run(&["link", "--sudoku", "--edit"], &format!("{CLASSIC}\n"));
    assert_eq!(edit.code, 0, "{}", edit.stderr);
    assert_eq!(edit.stdout, play.stdout.replace("#p=", "#e="));
    let back = run(&["link", "--decode", edit.stdout.trim()], "");
    assert_eq!(back.stdout, format!("{CLASSIC}\n"));
    let samurai = repo_root().join("examples/variants/samurai.txt");
    let edit = run(&["link", "--edit", "--variant", samurai.to_str().unwrap()], "");
    assert!(edit.stdout.starts_with("http://127.0.0.1:8080/#e="), "{}", edit.stdout);
}

/// Rated 7.1 (an alternating inference chain) by Sukaku Explainer:
/// `shared/data/rated/diabolical.first1000.txt`.
const AIC: &str = "000000000000603000040701080900000007030050040406000108607208403500000002020000070";
/// Rated 8.9 (dynamic house forcing chains), same file.
const DYNAMIC: &str = "700040006000759000900801003000524000030000020400000007501000208080000010209000304";

/// The JSON steps of `rate --json` on one puzzle.
fn rated_steps(puzzle: &str) -> (serde_json::Value, Vec<serde_json::Value>) {
    let r = run(&["rate", "--json"], &format!("{puzzle}\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let value: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    let steps = value["steps"].as_array().unwrap().clone();
    (value, steps)
}

/// A candidate of a link as `r1c1 5`.
fn candidate(v: &serde_json::Value) -> String {
    format!("{} {}", v["cell"].as_str().unwrap(), v["symbol"].as_str().unwrap())
}

#[test]
fn rate_json_draws_a_chain_as_alternating_links() {
    let (value, steps) = rated_steps(AIC);
    assert_eq!((value["se"].as_f64(), value["at_least"].as_bool()), (Some(7.1), Some(false)));
    let chain = steps.iter().find(|s| s["technique"] == "alternating inference chain").expect("an AIC step");
    let links = chain["links"].as_array().unwrap();
    assert!(links.len() >= 3, "{chain}");
    // In order: each link starts where the last ended, strong and weak in turn.
    for pair in links.windows(2) {
        assert_eq!(candidate(&pair[0]["to"]), candidate(&pair[1]["from"]), "{chain}");
        assert_ne!(pair[0]["kind"], pair[1]["kind"], "{chain}");
    }
    assert!(links.iter().all(|l| l["kind"] == "weak" || l["kind"] == "strong"));
    // The pattern's cells are the chain's; what it removes is listed.
    let cells: Vec<&str> = chain["cells"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    for l in links {
        assert!(cells.contains(&l["from"]["cell"].as_str().unwrap()), "{chain}");
    }
    assert!(!chain["eliminations"].as_array().unwrap().is_empty());
    assert!(chain["complexity"].as_u64().unwrap() >= 4);
    // Other steps (singles) have no links.
    assert!(steps.iter().filter(|s| s["technique"] == "naked single").all(|s| s["links"] == json!([])));
}

#[test]
fn rate_json_draws_forcing_chains_from_each_assumption_to_the_conclusion() {
    let (_, steps) = rated_steps(DYNAMIC);
    let step = steps.iter().find(|s| s["technique"] == "dynamic house forcing chains").expect("the 8.9 step");
    let links = step["links"].as_array().unwrap();
    let places = &step["cells"].as_array().unwrap();
    let symbol = step["symbols"][0].as_str().unwrap();
    let conclusion = format!(
        "{} {}",
        places.last().unwrap().as_str().unwrap(),
        step["symbols"].as_array().unwrap().last().unwrap().as_str().unwrap()
    );
    // Every branch starts at a place of the symbol in the house, and every
    // branch reaches the conclusion.
    let starts: Vec<String> =
        places[..places.len() - 1].iter().map(|c| format!("{} {symbol}", c.as_str().unwrap())).collect();
    assert!(links.iter().any(|l| starts.contains(&candidate(&l["from"]))), "{step}");
    let reached = links.iter().filter(|l| candidate(&l["to"]) == conclusion).count();
    assert!(reached >= starts.len(), "{step}");
    assert!(links.iter().all(|l| ["weak", "strong"].contains(&l["kind"].as_str().unwrap())));
}

#[test]
fn hint_json_carries_the_drawing() {
    let r = run(&["hint", "--json"], &format!("{CLASSIC}\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let step: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    for key in ["cells", "symbols", "houses", "placements", "eliminations", "links"] {
        assert!(step[key].is_array(), "{key} in {step}");
    }
    assert_eq!(step["placements"].as_array().unwrap().len(), 1, "{step}");
}

/// The answers of an instance, as `partition --all` lists them.
fn answers_of(instance: &str) -> Vec<String> {
    let r = run(&["partition", "--all"], instance);
    r.stdout.lines().skip(1).map(str::to_owned).collect()
}

/// True when every `[a, b]` pair of `list` has both cells in one region of
/// `answer` (`joined`), or in two (`!joined`).
fn pairs_agree(list: &serde_json::Value, answer: &str, joined: bool) -> bool {
    let labels: Vec<char> = answer.chars().collect();
    list.as_array().unwrap().iter().all(|p| {
        let (a, b) = (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize);
        (labels[a] == labels[b]) == joined
    })
}

#[test]
fn rate_pseudoku_solves_a_challenge_step_by_step_in_agreement_with_its_answer() {
    let made = run(&["construct", "--size", "6", "--walls", "easy", "--seed", "3"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let instance = made.stdout.trim();
    let answers = answers_of(instance);
    assert_eq!(answers.len(), 1);
    let r = run(&["rate", "--pseudoku", "--json"], instance);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["solved"], true, "{v}");
    assert!(["easy", "medium", "hard", "expert", "extreme"].contains(&v["level"].as_str().unwrap()));
    let steps = v["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        assert!(pairs_agree(&step["joins"], &answers[0], true), "{step}");
        assert!(pairs_agree(&step["borders"], &answers[0], false), "{step}");
        assert!(step["explanation"].as_str().unwrap().ends_with('.'));
    }
    let hardest = v["hardest"].as_str().unwrap();
    assert!(steps.iter().any(|s| s["technique"] == hardest));
    let plain = run(&["rate", "--pseudoku"], instance);
    assert_eq!(plain.stdout.split_whitespace().next(), v["level"].as_str(), "{}", plain.stdout);
}

#[test]
fn rate_pseudoku_says_the_seed_needs_guessing_and_hint_gives_its_first_step() {
    let r = run(&["rate", "--pseudoku"], &format!("# the seed\n{PSEUDOKU_SEED}\nnot a line\n"));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(r.code, 1);
    assert!(lines[0].starts_with("needs-guessing "), "{}", lines[0]);
    assert!(lines[1].starts_with("error: line 3: "), "{}", lines[1]);
    let r = run(&["hint", "--pseudoku", "--json"], PSEUDOKU_SEED);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["solved"], false);
    for answer in answers_of(PSEUDOKU_SEED) {
        assert!(pairs_agree(&v["joins"], &answer, true), "{v}");
        assert!(pairs_agree(&v["borders"], &answer, false), "{v}");
    }
    let first: serde_json::Value =
        serde_json::from_str(run(&["rate", "--pseudoku", "--json"], PSEUDOKU_SEED).stdout.trim()).unwrap();
    assert_eq!(first["steps"][0]["explanation"], v["explanation"]);
}

#[test]
fn construct_makes_challenges_of_the_level_asked_for() {
    let r = run(&["construct", "--size", "6", "--difficulty", "medium", "--seed", "5", "--count", "2"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    for instance in r.stdout.lines() {
        assert_eq!(answers_of(instance).len(), 1, "{instance}");
        let rated = run(&["rate", "--pseudoku"], instance);
        assert!(rated.stdout.starts_with("medium "), "{instance}: {}", rated.stdout);
    }
    let again = run(&["construct", "--size", "6", "--difficulty", "medium", "--seed", "5", "--count", "2"], "");
    assert_eq!(again.stdout, r.stdout, "the same seed makes the same challenges");
}

#[test]
fn rate_pseudoku_says_why_a_path_stops_short() {
    // Walls that leave no answer: a cell walled in alone, and a wall that
    // leaves each 1 only the other 1 to join.
    for instance in ["1221 0-1 0-2", "1212 0-1"] {
        assert!(answers_of(instance).is_empty(), "{instance}");
        let plain = run(&["rate", "--pseudoku"], instance);
        assert!(plain.stdout.trim_end().ends_with("(the walls leave no answer)"), "{instance}: {}", plain.stdout);
        let v: serde_json::Value =
            serde_json::from_str(run(&["rate", "--pseudoku", "--json"], instance).stdout.trim()).unwrap();
        assert_eq!((v["solved"].as_bool(), v["end"].as_str()), (Some(false), Some("no-answer")), "{v}");
    }
    // Several answers: logic stops where they differ.
    assert!(answers_of(PSEUDOKU_SEED).len() > 1);
    let plain = run(&["rate", "--pseudoku"], PSEUDOKU_SEED);
    assert!(plain.stdout.contains("(no step applies; "), "{}", plain.stdout);
    let v: serde_json::Value =
        serde_json::from_str(run(&["rate", "--pseudoku", "--json"], PSEUDOKU_SEED).stdout.trim()).unwrap();
    assert_eq!(v["end"], "stuck", "{v}");
}

/// Output into a pipe whose reader has gone (`pseudoku … | head`) ends the
/// command quietly with status 0, both for the commands that write through
/// `io::Write` and for the reports printed with `println!`.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::process::{Command, Stdio};
    let challenges = temp_file("closed-pipe.txt", "123456234561345612456123561234612345\n");
    for args in [
        vec!["fill", "--size", "9", "--count", "200", "--seed", "1"],
        vec!["bench", "--what", "rate-pseudoku", challenges.to_str().unwrap()],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pseudoku"))
            .args(&args)
            .current_dir(common::repo_root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // The reader goes before the first line is written.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!((out.status.code(), stderr.as_ref()), (Some(0), ""), "{args:?}");
    }
}
