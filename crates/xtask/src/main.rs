//! `cargo xtask`: the project's automation, in Rust (the cargo-xtask
//! pattern), so setup, build and test work the same on every machine.
//!
//! ```text
//! cargo xtask serve [--port N]   install what is missing, build the release app, serve it on 127.0.0.1
//! cargo xtask test               every check CI runs, browser tests last
//! cargo xtask build              install what is missing and build the release app into dist/
//! cargo xtask setup              only install what is missing
//! cargo xtask bench ARGS…        the engine against its named peers, same inputs, same run (release)
//! cargo xtask bench-wasm ARGS…   `pseudoku bench ARGS…` natively and as WebAssembly (WASI, in Node.js)
//! cargo xtask bench-browser [K]  the release app in headless Chromium: latencies against their goals
//! cargo xtask screenshots        every screen at phone and desktop widths, light and dark
//! ```
//!
//! Tools are installed where cargo puts them (`$CARGO_HOME/bin`, by default
//! `~/.cargo/bin`) and found there even when that folder is not on `PATH`.
//! Whatever is already installed at the right version is left alone, so a
//! warm run only checks versions.

#[cfg(test)]
mod tidy;
mod tools;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use tools::Tools;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  serve [--port N]  install what is missing, build the release app and serve it
                    on http://127.0.0.1:8080 (or port N); rebuilds on change
  test              rustfmt check, clippy, API docs (links checked), all unit and
                    property tests, a wasm32 build of the core, the release web
                    build, then the browser tests
  build             install what is missing and build the release app into dist/
  setup             only install what is missing (wasm32 target, Trunk,
                    wasm-bindgen-cli; for `test`, also Chromium and ChromeDriver)
  bench ARGS…       time the engine against its named peers (dancing links; for
                    Pseudoku, candidate regions) on the same inputs in the same
                    run: the `peers` program of crates/pseudoku-bench, built in
                    release (for example: bench FILE, bench --what fill --size 16,
                    bench --what partition --limit 1000 FILE; bench --help)
  bench-wasm ARGS…  run `pseudoku bench ARGS…` natively and compiled to WebAssembly
                    (wasm32-wasip1, run by Node.js's WASI), one after the other, and
                    print the ratio of their medians (for example: bench-wasm FILE,
                    or bench-wasm --what fill --size 25); with --what rate FILE,
                    also check that both rate every puzzle alike
  bench-browser [K] build the release app and time it in headless Chromium: wall
                    toggle to answer count (9×9, K toggles per challenge, default 20),
                    progress and key latency during a long 16×16 count, first
                    render, bundle size, the hardest ratings in the worker,
                    Pseudoku hints; each against its goal (bench-browser K
                    ratings: the ratings alone; bench-browser K sudoku: the
                    sudoku player and setter alone; bench-browser K hints: the
                    Pseudoku hints alone)
  screenshots       build the release app and save screenshots of every screen
                    (phone and desktop widths, light and dark) in target/screenshots/
                    (screenshots imports: only the imports and export buttons)
  help              show this
";

/// A failure to report: what went wrong, in a sentence.
type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let outcome = match args.as_slice() {
        ["serve", rest @ ..] => parse_port(rest).and_then(serve),
        ["test"] => test(),
        ["build"] => build(),
        ["setup"] => setup(),
        ["bench", rest @ ..] if !rest.is_empty() => bench_peers(rest),
        ["bench-wasm", rest @ ..] if !rest.is_empty() => bench_wasm(rest),
        ["bench-browser", rest @ ..] if rest.len() <= 2 => browser_program("bench-browser", rest),
        ["screenshots", rest @ ..] if rest.len() <= 1 => browser_program("screenshots", rest),
        [] | ["help" | "--help" | "-h"] => {
            print!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown arguments: {}\n\n{USAGE}", args.join(" "))),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_port(args: &[&str]) -> Result<u16> {
    match args {
        [] => Ok(8080),
        ["--port", n] | ["-p", n] => n.parse().map_err(|_| format!("not a port number: {n}")),
        [arg] if arg.starts_with("--port=") => {
            let n = &arg["--port=".len()..];
            n.parse().map_err(|_| format!("not a port number: {n}"))
        }
        _ => Err(format!("serve takes only --port N, not: {}", args.join(" "))),
    }
}

fn setup() -> Result {
    let tools = Tools::new(workspace_root())?;
    tools.ensure_web_tools()?;
    tools.ensure_browser()?;
    Ok(())
}

fn build() -> Result {
    let tools = Tools::new(workspace_root())?;
    tools.ensure_web_tools()?;
    web_build(&tools)
}

fn serve(port: u16) -> Result {
    let tools = Tools::new(workspace_root())?;
    tools.ensure_web_tools()?;
    fetch(&tools)?;
    step(&format!("serving the release app on http://127.0.0.1:{port}/ (Ctrl-C stops)"));
    run(tools.trunk().args(["serve", "--release", "--offline", "--port", &port.to_string()]))
}

/// The release web build, into `dist/`.
fn web_build(tools: &Tools) -> Result {
    fetch(tools)?;
    step("release web build (trunk build --release, offline)");
    run(tools.trunk().args(["build", "--release", "--offline"]))
}

/// Trunk runs cargo with `--offline`, so the crates must be here first.
fn fetch(tools: &Tools) -> Result {
    step("fetching crates (cargo fetch)");
    run(tools.cargo().arg("fetch"))
}

fn test() -> Result {
    let started = Instant::now();
    let tools = Tools::new(workspace_root())?;
    // Installs first, so a missing browser stops the run before the builds.
    tools.ensure_web_tools()?;
    let browser = tools.ensure_browser()?;
    let total = 8;
    let mut n = 0;
    let mut next = |what: &str| {
        n += 1;
        step(&format!("[{n}/{total}] {what}   (at {:.0?})", started.elapsed()));
    };

    next("rustfmt check");
    run(tools.cargo().args(["fmt", "--all", "--", "--check"]))?;

    next("clippy, native crates, all targets, warnings are errors");
    run(tools.cargo().args([
        "clippy",
        "--workspace",
        "--exclude",
        "pseudoku-web",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;

    next("API docs, private items included, broken or ambiguous links are errors");
    run(tools
        .cargo()
        .args(["doc", "--workspace", "--exclude", "pseudoku-e2e", "--no-deps", "--document-private-items"])
        .env("RUSTDOCFLAGS", "-D warnings"))?;

    next("clippy, web crate for wasm32, all targets, warnings are errors");
    run(tools
        .cargo()
        .args(["clippy", "-p", "pseudoku-web", "--target", tools::WASM_TARGET, "--all-targets", "--"])
        .args(["-D", "warnings"]))?;

    // `--workspace` takes in the members a plain `cargo test` leaves out: the bench crate's unit tests and its
    // `peers` program run here (its criterion suite is built by clippy above, never run).
    next("unit, integration, property and doc tests (the web and bench crates included)");
    run(tools.cargo().args(["test", "--workspace", "--exclude", "pseudoku-e2e"]))?;

    next("pseudoku-core builds for wasm32");
    run(tools.cargo().args(["build", "-p", "pseudoku-core", "--target", tools::WASM_TARGET]))?;

    next("release web build");
    web_build(&tools)?;

    next("browser tests (headless Chromium through ChromeDriver)");
    let dist = tools.root().join("dist");
    run(tools
        .cargo()
        .args(["test", "-p", "pseudoku-e2e"])
        .env("PSEUDOKU_DIST", &dist)
        .env("PSEUDOKU_CHROME", &browser.chrome)
        .env("PSEUDOKU_CHROMEDRIVER", &browser.driver))
    // Nothing is printed after this: the run ends with cargo test's summary.
}

/// Builds the release app and runs one of the e2e crate's programs against
/// it in headless Chromium (release build of the program).
fn browser_program(name: &str, args: &[&str]) -> Result {
    let tools = Tools::new(workspace_root())?;
    tools.ensure_web_tools()?;
    let browser = tools.ensure_browser()?;
    web_build(&tools)?;
    step(&format!("{name} (headless Chromium)"));
    run(tools
        .cargo()
        .args(["run", "--release", "-p", "pseudoku-e2e", "--bin", name, "--"])
        .args(args)
        .env("PSEUDOKU_DIST", tools.root().join("dist"))
        .env("PSEUDOKU_CHROME", &browser.chrome)
        .env("PSEUDOKU_CHROMEDRIVER", &browser.driver))
}

/// The engine against its named peers: the `peers` program of
/// `crates/pseudoku-bench`, built in release and run from the caller's
/// folder, so that relative paths in `args` stand.
fn bench_peers(args: &[&str]) -> Result {
    let tools = Tools::new(workspace_root())?;
    step("building the peers program (release)");
    run(tools.cargo().args(["build", "--release", "-p", "pseudoku-bench", "--bin", "peers"]))?;
    step(&format!("peers {}", args.join(" ")));
    run(Command::new(tools.root().join("target/release/peers")).args(args))
}

/// The engine natively and in WebAssembly on the same inputs: the CLI's
/// `bench` built for the host and for wasm32-wasip1, the latter run by
/// Node.js's WASI support (V8, the engine of Chromium). Arguments naming
/// files are made absolute, since the WASI side sees the file system from `/`.
fn bench_wasm(args: &[&str]) -> Result {
    const WASI: &str = "wasm32-wasip1";
    let tools = Tools::new(workspace_root())?;
    tools.ensure_target(WASI)?;
    let node = which("node").ok_or("bench-wasm needs Node.js (`node`) on PATH")?;
    let mut bench_args: Vec<String> = vec!["bench".into()];
    for arg in args {
        let path = Path::new(arg);
        bench_args.push(match path.is_file().then(|| std::fs::canonicalize(path)) {
            Some(Ok(absolute)) => absolute.to_string_lossy().into_owned(),
            Some(Err(e)) => return Err(format!("cannot read {arg}: {e}")),
            None => arg.to_string(),
        });
    }
    step("building the CLI for the host and for wasm32-wasip1 (release)");
    run(tools.cargo().args(["build", "--release", "-p", "pseudoku-cli"]))?;
    run(tools.cargo().args(["build", "--release", "-p", "pseudoku-cli", "--target", WASI]))?;
    let target = tools.root().join("target");
    step("native");
    let native = run_echoed(Command::new(target.join("release/pseudoku")).args(&bench_args))?;
    step("WebAssembly (Node.js WASI)");
    let runner = target.join("wasi-run.mjs");
    std::fs::write(
        &runner,
        "import { WASI } from 'node:wasi';\nimport { readFile } from 'node:fs/promises';\n\
         const [wasm, ...args] = process.argv.slice(2);\n\
         const wasi = new WASI({ version: 'preview1', args: ['pseudoku', ...args], preopens: { '/': '/' } });\n\
         const { instance } = await WebAssembly.instantiate(await readFile(wasm), wasi.getImportObject());\n\
         wasi.start(instance);\n",
    )
    .map_err(|e| format!("cannot write {}: {e}", runner.display()))?;
    let wasm_file = target.join(WASI).join("release/pseudoku.wasm");
    let in_node = || {
        let mut command = Command::new(&node);
        command.arg("--no-warnings").arg(&runner).arg(&wasm_file);
        command
    };
    let wasm = run_echoed(in_node().args(&bench_args))?;
    match (median_us(&native), median_us(&wasm)) {
        (Some(n), Some(w)) => println!("\nwasm / native: {:.2}× the median time ({w:.1} µs vs {n:.1} µs)", w / n),
        _ => println!("\n(no median to compare)"),
    }
    // The rater must rate alike on both: every line of `pseudoku rate
    // --json` (each step of each puzzle) is compared.
    let rest: Vec<&str> = bench_args[1..].iter().map(String::as_str).collect();
    if let ["--what", "rate", file] = rest[..] {
        step("the same ratings natively and in WebAssembly (pseudoku rate --json)");
        let rate = ["rate", "--json", file];
        let native = Command::new(target.join("release/pseudoku")).args(rate).output();
        let wasm = in_node().args(rate).output();
        let (native, wasm) = match (native, wasm) {
            (Ok(n), Ok(w)) => (n.stdout, w.stdout),
            (Err(e), _) | (_, Err(e)) => return Err(format!("could not run pseudoku rate: {e}")),
        };
        if native != wasm || native.is_empty() {
            return Err("pseudoku rate gives other ratings in WebAssembly".into());
        }
        println!(
            "{} puzzles rated alike, step by step",
            native.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count()
        );
    }
    Ok(())
}

/// Runs a command to completion, printing and returning its output.
fn run_echoed(command: &mut Command) -> Result<String> {
    let output = command.output().map_err(|e| format!("could not run {}: {e}", show(command)))?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    print!("{text}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    if output.status.success() {
        Ok(text)
    } else {
        Err(format!("{} failed ({})", show(command), output.status))
    }
}

/// The engine's median from `pseudoku bench` output (`pseudoku: … median N
/// µs`, or `pseudoku rate: median N ms`), in µs.
fn median_us(output: &str) -> Option<f64> {
    let line = output.lines().find(|l| l.starts_with("pseudoku") && l.contains("median "))?;
    let rest = &line[line.find("median ")? + "median ".len()..];
    let mut words = rest.split_whitespace();
    let value: f64 = words.next()?.parse().ok()?;
    Some(if words.next()?.starts_with("ms") { value * 1000.0 } else { value })
}

/// A program on PATH.
fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(program)).find(|p| p.is_file()))
}

/// Prints the step that is starting.
fn step(what: &str) {
    eprintln!("\n==> {what}");
}

/// Runs a command to completion, failing on a non-zero exit.
fn run(command: &mut Command) -> Result {
    let status = command.status().map_err(|e| format!("could not run {}: {e}", show(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{} failed ({status})", show(command)))
    }
}

/// A command as a person would type it.
fn show(command: &Command) -> String {
    let program = Path::new(command.get_program()).file_name().unwrap_or(command.get_program()).to_string_lossy();
    let args: Vec<_> = command.get_args().map(|a| a.to_string_lossy()).collect();
    format!("`{program} {}`", args.join(" "))
}

/// The workspace root: two levels above this crate.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("crates/xtask is inside the workspace").to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports() {
        assert_eq!(parse_port(&[]), Ok(8080));
        assert_eq!(parse_port(&["--port", "9000"]), Ok(9000));
        assert_eq!(parse_port(&["--port=9001"]), Ok(9001));
        assert_eq!(parse_port(&["-p", "9002"]), Ok(9002));
        assert!(parse_port(&["--port", "x"]).is_err());
        assert!(parse_port(&["--verbose"]).is_err());
    }

    #[test]
    fn medians_are_read_from_bench_output() {
        let out = "5 grids\npseudoku: 9 per second, median 104.5 µs, worst 1247.6 µs (total 0.003 s)\n";
        assert_eq!(median_us(out), Some(104.5));
        assert_eq!(median_us("dlx (peer): 3 per second, median 7.0 µs"), None);
    }

    #[test]
    fn the_root_has_the_workspace_manifest() {
        assert!(workspace_root().join("Cargo.toml").is_file());
        assert!(workspace_root().join("Trunk.toml").is_file());
    }
}
