//! The `peers` program, run as `cargo xtask bench` runs it: the engine and
//! its peer on the same inputs, their answers checked against each other.

use std::path::PathBuf;
use std::process::Command;

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const PSEUDOKU_SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

/// Standard output and exit code of `peers ARGS…`.
fn run(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_peers")).args(args).output().expect("the binary runs");
    (String::from_utf8(out.stdout).unwrap(), out.status.code().unwrap_or(-1))
}

/// A file under the target directory, written for one test.
fn temp_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn solving_is_timed_against_dancing_links() {
    let file = temp_file("peers-solve.txt", &format!("# three puzzles\n{CLASSIC}\n{}\n{CLASSIC}\n", ".".repeat(16)));
    let (out, code) = run(&[&file]);
    assert!(out.contains("error: line 3: more than one solution"), "{out}");
    assert!(out.contains("3 puzzles, 2 solved uniquely and checked, 1 failed"), "{out}");
    assert!(out.contains("error: line 3: the peer finds 2 solutions"), "{out}");
    assert_eq!(code, 1);
    let file = temp_file("peers-solve-ok.txt", &format!("{CLASSIC}\n{CLASSIC}\n"));
    let (out, code) = run(&[&file]);
    assert!(out.contains("pseudoku: ") && out.contains("per second, median"), "{out}");
    assert!(out.contains("dlx (peer): "), "{out}");
    assert!(out.contains("pseudoku / dlx:"), "{out}");
    assert!(!out.contains("error"), "{out}");
    assert_eq!(code, 0);
}

#[test]
fn fills_and_generation_are_timed_against_dancing_links() {
    let (out, code) = run(&["--what", "fill", "--size", "16", "--count", "5"]);
    assert!(out.contains("5 grids of 256 cells, 5 filled and checked, 0 failed"), "{out}");
    assert!(out.contains("pseudoku / dlx:"), "{out}");
    assert_eq!(code, 0);
    let (out, code) = run(&["--what", "generate", "--size", "4", "--count", "3"]);
    assert!(out.contains("3 puzzles of 16 cells, 3 unique and checked, 0 failed"), "{out}");
    assert!(out.contains("pseudoku / dlx:"), "{out}");
    assert_eq!(code, 0);
    let (_, code) = run(&["--what", "fill"]);
    assert_eq!(code, 2);
}

#[test]
fn partitions_are_counted_against_the_region_cover() {
    let file = temp_file("peers-partition.txt", &format!("{PSEUDOKU_SEED}\nnot an instance\n"));
    let (out, code) = run(&["--what", "partition", "--limit", "10", &file]);
    assert!(out.contains("2 instances, 0 with exactly one answer, 1 failed (counted to 10)"), "{out}");
    assert!(out.contains("error: line 2:"), "{out}");
    assert!(out.contains("pseudoku / regions:"), "{out}");
    assert!(!out.contains("the peer counts"), "the peer finds the same 5 answers: {out}");
    assert_eq!(code, 1);
}
