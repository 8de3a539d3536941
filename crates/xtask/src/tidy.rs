//! Tidy tests: house rules of the source tree, checked by a plain `cargo
//! test` (the rust-analyzer habit). Each failure names the files and says
//! what to do about them.
//!
//! - every `.rs` file under `crates/` and `tests/` opens with a module doc
//!   (`//!`) saying what it is for;
//! - a file over [`LONG_LINES`] lines says why near its top, in a
//!   `// tidy: long because …` comment among its opening comments;
//! - no `todo!`, `dbg!` or `unimplemented!` under `crates/`;
//! - README.md and ARCHITECTURE.md name every crate of the workspace.

use std::fs;
use std::path::{Path, PathBuf};

use super::workspace_root;

/// The length from which a file must say why it is long.
const LONG_LINES: usize = 800;

/// The comment that says why a file is long.
const LONG_BECAUSE: &str = "// tidy: long because";

/// The `.rs` files under `dir` (relative to the workspace root), skipping
/// build output and hidden folders, sorted.
fn rust_files(dir: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    walk(&path, out);
                }
            } else if name.ends_with(".rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&workspace_root().join(dir), &mut out);
    out.sort();
    out
}

/// A path relative to the workspace root, for messages.
fn shown(path: &Path) -> String {
    let root = workspace_root();
    path.strip_prefix(&root).unwrap_or(path).display().to_string()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Fails with `what` and the offending `items`, one a line, when there are any.
fn check(items: Vec<String>, what: &str) {
    assert!(items.is_empty(), "{what}:\n  {}\n", items.join("\n  "));
}

/// The opening lines of a file: blank lines, comments and inner attributes.
fn opening_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).take_while(|l| l.is_empty() || l.starts_with("//") || l.starts_with("#!["))
}

#[test]
fn every_source_file_opens_with_a_module_doc() {
    let missing: Vec<String> = ["crates", "tests"]
        .iter()
        .flat_map(|dir| rust_files(dir))
        .filter(|path| {
            let text = read(path);
            let first = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
            !first.starts_with("//!")
        })
        .map(|path| shown(&path))
        .collect();
    check(missing, "these files do not open with a module doc: start each with `//!` lines saying what it is for");
}

#[test]
fn long_files_say_why() {
    let unexplained: Vec<String> = ["crates", "tests"]
        .iter()
        .flat_map(|dir| rust_files(dir))
        .filter_map(|path| {
            let text = read(&path);
            let lines = text.lines().count();
            let why = opening_lines(&text).any(|l| l.starts_with(LONG_BECAUSE));
            (lines > LONG_LINES && !why).then(|| format!("{} ({lines} lines)", shown(&path)))
        })
        .collect();
    check(
        unexplained,
        &format!(
            "these files are over {LONG_LINES} lines: split them, or say why they are not among their opening \
             comments (`{LONG_BECAUSE} …`)"
        ),
    );
}

#[test]
fn no_placeholder_or_debugging_macros() {
    // Spelled out at run time, so that this file does not find itself.
    let macros = ["todo", "dbg", "unimplemented"].map(|name| format!("{name}!("));
    let found: Vec<String> = rust_files("crates")
        .iter()
        .flat_map(|path| {
            let text = read(path);
            let hits: Vec<String> = text
                .lines()
                .enumerate()
                .filter(|(_, line)| macros.iter().any(|m| line.contains(m.as_str())))
                .map(|(i, line)| format!("{}:{}: {}", shown(path), i + 1, line.trim()))
                .collect();
            hits
        })
        .collect();
    check(found, "finish or remove these `todo!`, `dbg!` and `unimplemented!` calls");
}

/// The package names of the workspace's members, read from the manifests.
fn workspace_crates() -> Vec<String> {
    let root = workspace_root();
    let manifest = read(&root.join("Cargo.toml"));
    let members = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("members = ["))
        .expect("the workspace manifest has a one-line `members = [...]`");
    let members: Vec<&str> = members.trim_end_matches(']').split(',').map(|m| m.trim().trim_matches('"')).collect();
    assert!(members.len() > 1, "no members read from {members:?}");
    members
        .iter()
        .map(|member| {
            let manifest = read(&root.join(member).join("Cargo.toml"));
            let name = manifest.lines().find_map(|l| l.trim().strip_prefix("name = \"")).unwrap_or_else(|| {
                panic!("{member}/Cargo.toml has no `name = \"…\"` line");
            });
            name.trim_end_matches('"').to_owned()
        })
        .collect()
}

#[test]
fn readme_and_architecture_name_every_crate() {
    let crates = workspace_crates();
    assert!(crates.iter().any(|c| c == "xtask"), "the members read were {crates:?}");
    let unnamed: Vec<String> = ["README.md", "ARCHITECTURE.md"]
        .iter()
        .flat_map(|doc| {
            let text = read(&workspace_root().join(doc));
            crates.iter().filter(move |c| !text.contains(c.as_str())).map(move |c| format!("{doc}: {c}"))
        })
        .collect();
    check(unnamed, "these crates are not named in these documents: say in a sentence what each is for");
}
