//! Tidy tests: house rules of the source tree, checked by a plain `cargo
//! test` (the rust-analyzer habit). Each failure names the files and says
//! what to do about them.
//!
//! - every `.rs` file under `crates/` and `tests/` opens with a module doc
//!   (`//!`) saying what it is for;
//! - a file over [`LONG_LINES`] lines says why near its top, in a
//!   `// tidy: long because …` comment among its opening comments;
//! - no `todo!`, `dbg!` or `unimplemented!` under `crates/`;
//! - README.md and ARCHITECTURE.md name every crate of the workspace;
//! - the engine's modules use only those below them, in the layers
//!   ARCHITECTURE.md states (read from its text, so the two stay one), and
//!   no two of its files use each other, directly or around a circle;
//! - ARCHITECTURE.md's table of local storage keys is the list in the web
//!   crate's `browser/storage.rs`, and it names the worker's encoding once.

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

/// The engine's layers as ARCHITECTURE.md states them: the sentence
/// "dependencies between the engine's modules run one way: `a`, `b` → `c` → …",
/// read as a list of layers, lowest first, each a list of module paths.
fn engine_layers(architecture: &str) -> Vec<Vec<String>> {
    let text = architecture.split_whitespace().collect::<Vec<_>>().join(" ");
    let start = "dependencies between the engine's modules run one way: ";
    let from = text.find(start).expect("ARCHITECTURE.md states the engine's layers") + start.len();
    let chain = &text[from..from + text[from..].find(". ").expect("the layers' sentence ends")];
    chain.split('→').map(|layer| layer.split('`').skip(1).step_by(2).map(str::to_owned).collect::<Vec<_>>()).collect()
}

/// The modules `text` names through `crate::` paths: `crate::a::b` and each
/// first name of `crate::{a, b::c}`, as their full written paths.
fn crate_paths(text: &str) -> Vec<String> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut found = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            found.extend(group.split(',').map(|p| p.trim().to_owned()).filter(|p| !p.is_empty()));
        } else {
            found.push(rest[..rest.find(|c| !ident(c)).unwrap_or(rest.len())].trim_end_matches(':').to_owned());
        }
    }
    found
}

/// The code of a source file that builds into the library: without its
/// comments (docs may link anywhere) and its `#[cfg(test)]` module (tests
/// may use what is above, as an oracle).
fn code(text: &str) -> String {
    let text = &text[..text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len())];
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

#[test]
fn engine_modules_depend_only_downwards() {
    let layers = engine_layers(&read(&workspace_root().join("ARCHITECTURE.md")));
    assert!(
        layers.len() >= 6 && layers.iter().flatten().any(|m| m == "partition"),
        "the layers read from ARCHITECTURE.md were {layers:?}"
    );
    let src = workspace_root().join("crates/pseudoku-core/src");
    let mut upward = Vec::new();
    for (level, layer) in layers.iter().enumerate() {
        for module in layer {
            let path = module.replace("::", "/");
            let mut files = vec![src.join(format!("{path}.rs"))];
            if src.join(&path).is_dir() {
                files.extend(rust_files(&format!("crates/pseudoku-core/src/{path}")));
            }
            let tests = |f: &PathBuf| {
                f.file_name().is_some_and(|n| n == "tests.rs") || f.components().any(|c| c.as_os_str() == "tests")
            };
            for file in files.iter().filter(|f| f.is_file() && !tests(f)) {
                for used in crate_paths(&code(&read(file))) {
                    let above = layers[level + 1..]
                        .iter()
                        .flatten()
                        .find(|m| used == **m || used.starts_with(&format!("{m}::")));
                    if let Some(above) = above {
                        upward.push(format!("{} uses crate::{used} (`{module}` is below `{above}`)", shown(file)));
                    }
                }
            }
        }
    }
    check(
        upward,
        "these engine files use a module above their own (ARCHITECTURE.md's layers): move the shared part down",
    );
}

#[test]
fn crate_paths_are_read_as_written() {
    let text =
        "use crate::partition::{Edge, Instance};\nuse crate::{layout, format::link};\nlet x = crate::seed::rng(1);";
    assert_eq!(crate_paths(text), ["partition", "layout", "format::link", "seed::rng"]);
    let layers =
        engine_layers("x: dependencies between the engine's modules run one way: `a`, `b` →\n `c` → `d::e`. Nothing");
    assert_eq!(layers, [vec!["a", "b"], vec!["c"], vec!["d::e"]]);
}

/// The module path of a file of the engine (`a/b.rs` and `a/b/mod.rs` are
/// `a::b`; `lib.rs` is the crate root).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The paths `text` (a file of module `module`) writes through `crate::`,
/// `super::` or `self::`, each made absolute (a list of names from the crate
/// root); a group `{a::b, c}` gives one path per member.
fn module_paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts =
            ["crate::", "super::", "self::"].iter().find(|s| bytes[i..].iter().take(s.len()).copied().eq(s.chars()));
        let after_ident = i > 0 && (ident(bytes[i - 1]) || bytes[i - 1] == ':');
        let Some(_) = starts.filter(|_| !after_ident) else {
            i += 1;
            continue;
        };
        // Read `a::b::{c, d::e}` from here: the segments, then any group.
        let mut end = i;
        let mut depth = 0;
        while end < bytes.len() {
            let c = bytes[end];
            if c == '{' {
                depth += 1;
            } else if c == '}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && !(ident(c) || c == ':') {
                break;
            }
            end += 1;
        }
        let written: String = bytes[i..end].iter().collect();
        i = end.max(i + 1);
        for path in expand(&written) {
            let mut absolute = module.to_vec();
            let mut names = path.split("::").filter(|s| !s.is_empty()).peekable();
            match names.peek().copied() {
                Some("crate") => absolute.clear(),
                Some("self") => {}
                _ => {}
            }
            for name in names {
                match name {
                    "crate" | "self" => {}
                    "super" => {
                        absolute.pop();
                    }
                    _ => absolute.push(name.to_owned()),
                }
            }
            found.push(absolute);
        }
    }
    found
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else { return vec![path.to_owned()] };
    let (prefix, group) = (&path[..open], &path[open + 1..path.rfind('}').unwrap_or(path.len())]);
    let mut members = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (k, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                members.push(&group[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    members.push(&group[start..]);
    members.into_iter().map(str::trim).filter(|m| !m.is_empty()).flat_map(|m| expand(&format!("{prefix}{m}"))).collect()
}

#[test]
fn engine_files_use_each_other_in_no_circle() {
    let src = workspace_root().join("crates/pseudoku-core/src");
    let files: Vec<PathBuf> = rust_files("crates/pseudoku-core/src")
        .into_iter()
        .filter(|f| f.file_name().is_none_or(|n| n != "tests.rs") && !f.components().any(|c| c.as_os_str() == "tests"))
        .collect();
    let modules: Vec<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let nested = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    // An edge from each file to each file whose module it uses, but for its
    // own ancestors and descendants: a parent's `mod.rs` is the module's map.
    let uses: Vec<Vec<usize>> = files
        .iter()
        .zip(&modules)
        .map(|(file, module)| {
            let mut to: Vec<usize> = module_paths(&code(&read(file)), module)
                .iter()
                .filter_map(|path| (0..=path.len()).rev().find_map(|k| modules.iter().position(|m| *m == path[..k])))
                .filter(|&j| !nested(module, &modules[j]))
                .collect();
            to.sort_unstable();
            to.dedup();
            to
        })
        .collect();
    let reaches = |from: usize, target: usize| {
        let (mut seen, mut stack) = (vec![false; files.len()], vec![from]);
        while let Some(f) = stack.pop() {
            if f == target {
                return true;
            }
            if !std::mem::replace(&mut seen[f], true) {
                stack.extend(&uses[f]);
            }
        }
        false
    };
    let mut circles: Vec<String> = (0..files.len())
        .flat_map(|a| uses[a].iter().map(move |&b| (a.min(b), a.max(b))))
        .filter(|&(a, b)| reaches(a, b) && reaches(b, a))
        .map(|(a, b)| format!("{} and {}", shown(&files[a]), shown(&files[b])))
        .collect();
    circles.sort();
    circles.dedup();
    check(circles, "these engine files use each other in a circle: move what both need into a file below both");
}

#[test]
fn module_paths_are_read_as_written() {
    let module = ["format".to_owned(), "variant".to_owned(), "keywords".to_owned()];
    let text = "use super::parser::{GivensLines, rows::{a, b}};\nuse crate::layout::MAX;\nlet x = super::super::line::parse(t);";
    let paths: Vec<String> = module_paths(text, &module).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        paths,
        [
            "format::variant::parser::GivensLines",
            "format::variant::parser::rows::a",
            "format::variant::parser::rows::b",
            "layout::MAX",
            "format::line::parse"
        ]
    );
}

/// The rows of the Markdown tables of `doc`: the backquoted words of each
/// line that starts with `|`.
fn table_words(doc: &str) -> Vec<String> {
    doc.lines()
        .filter(|l| l.trim_start().starts_with('|'))
        .flat_map(|l| l.split('`').skip(1).step_by(2).map(str::to_owned).collect::<Vec<_>>())
        .collect()
}

#[test]
fn architecture_tables_every_storage_key() {
    let root = workspace_root();
    let storage = read(&root.join("crates/pseudoku-web/src/browser/storage.rs"));
    // Keys as written in the code, `{…}` placeholders included.
    let mut keys: Vec<String> = code(&storage)
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with("pseudoku."))
        .map(str::to_owned)
        .collect();
    keys.sort();
    keys.dedup();
    assert!(keys.len() >= 6, "the keys read from storage.rs were {keys:?}");
    let tabled: Vec<String> =
        table_words(&read(&root.join("ARCHITECTURE.md"))).into_iter().filter(|w| w.starts_with("pseudoku.")).collect();
    let mut wrong: Vec<String> = keys
        .iter()
        .filter(|k| !tabled.contains(k))
        .map(|k| format!("{k}: kept by the app, not in the table"))
        .collect();
    wrong.extend(
        tabled.iter().filter(|t| !keys.contains(t)).map(|t| format!("{t}: in the table, not a key of storage.rs")),
    );
    check(wrong, "ARCHITECTURE.md's table of storage keys and crates/pseudoku-web/src/browser/storage.rs differ");
}

#[test]
fn the_workers_encoding_is_named_once() {
    let root = workspace_root();
    let web = "crates/pseudoku-web/src";
    let wire = read(&root.join(web).join("engine/wire.rs"));
    // The crate whose `from_bytes` reads the worker's messages.
    let at = wire.find("::from_bytes(").expect("engine/wire.rs decodes the messages with `CRATE::from_bytes`");
    let encoding: String = wire[..at].chars().rev().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let encoding: String = encoding.chars().rev().collect();
    let named = |text: &str| text.matches(encoding.as_str()).count();
    let architecture = read(&root.join("ARCHITECTURE.md"));
    let mut wrong = Vec::new();
    if named(&architecture) != 1 {
        wrong.push(format!("ARCHITECTURE.md names {encoding} {} times, not once", named(&architecture)));
    }
    // Besides wire.rs, no module doc of the web crate restates it (or another).
    for file in rust_files(web).iter().filter(|f| !f.ends_with("engine/wire.rs")) {
        let docs: String = read(file).lines().filter(|l| l.trim_start().starts_with("//!")).collect();
        if named(&docs) > 0 || docs.contains("JSON messages") {
            wrong.push(format!(
                "{} says how the worker's messages are encoded: leave it to engine/wire.rs",
                shown(file)
            ));
        }
    }
    check(
        wrong,
        &format!("the worker's messages are {encoding} bytes: say so once in ARCHITECTURE.md and in engine/wire.rs"),
    );
}
