//! Finding and installing the tools the build and the tests need, each
//! only when it is missing or at the wrong version.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{run, step, Result};

/// The WebAssembly target of the web app.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Trunk 0.22 needs a newer rustc than the machine's; 0.21.14 works.
const TRUNK_VERSION: &str = "0.21.14";

/// The Debian packages of the browser and its driver.
const BROWSER_PACKAGES: [&str; 2] = ["chromium", "chromium-driver"];

/// Where tools are found and how commands are started.
pub struct Tools {
    root: PathBuf,
    /// `$CARGO_HOME/bin`, where `cargo install` puts programs.
    cargo_bin: PathBuf,
    /// `PATH` with `cargo_bin` first, for us and for every child (Trunk
    /// looks up wasm-bindgen on `PATH`).
    path: OsString,
}

/// The browser and driver the end-to-end tests use.
pub struct Browser {
    pub chrome: PathBuf,
    pub driver: PathBuf,
}

impl Tools {
    pub fn new(root: PathBuf) -> Result<Tools> {
        let cargo_home = match std::env::var_os("CARGO_HOME") {
            Some(home) if !home.is_empty() => PathBuf::from(home),
            _ => home_dir().ok_or("neither CARGO_HOME nor HOME is set")?.join(".cargo"),
        };
        let cargo_bin = cargo_home.join("bin");
        let rest = std::env::var_os("PATH").unwrap_or_default();
        let path = std::env::join_paths(std::iter::once(cargo_bin.clone()).chain(std::env::split_paths(&rest)))
            .map_err(|e| format!("cannot build PATH: {e}"))?;
        Ok(Tools { root, cargo_bin, path })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The full path of a program: in `$CARGO_HOME/bin`, else on `PATH`.
    fn find(&self, name: &str) -> Option<PathBuf> {
        std::env::split_paths(&self.path).map(|dir| dir.join(name)).find(|p| p.is_file())
    }

    /// A command run at the workspace root with our `PATH`.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command.current_dir(&self.root).env("PATH", &self.path);
        command
    }

    /// The cargo that runs us (so the toolchain stays the same).
    pub fn cargo(&self) -> Command {
        self.command(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
    }

    /// Trunk, offline and without its update check.
    pub fn trunk(&self) -> Command {
        let mut command = self.command(self.find("trunk").unwrap_or_else(|| "trunk".into()));
        command.env("TRUNK_OFFLINE", "true").env("TRUNK_SKIP_VERSION_CHECK", "true");
        command
    }

    /// The first line a program prints for `args` (its version), if it runs.
    fn output(&self, program: &Path, args: &[&str]) -> Option<String> {
        let out = self.command(program).args(args).stdin(Stdio::null()).stderr(Stdio::null()).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or("").trim().to_owned())
    }

    /// The wasm32 target, Trunk and wasm-bindgen-cli.
    pub fn ensure_web_tools(&self) -> Result {
        self.ensure_target(WASM_TARGET)?;
        self.ensure_cargo_install("trunk", "trunk", TRUNK_VERSION, &["--locked"])?;
        // The CLI must match the wasm-bindgen library exactly. It is
        // installed without --locked: its own lock file fails to build here.
        let bindgen = wasm_bindgen_version(&self.root)?;
        self.ensure_cargo_install("wasm-bindgen-cli", "wasm-bindgen", &bindgen, &[])
    }

    /// Installs a Rust compilation target (with rustup) unless it is there.
    pub fn ensure_target(&self, target: &str) -> Result {
        let Some(rustup) = self.find("rustup") else {
            // Without rustup (a distribution's Rust), the target's library
            // must already be there.
            let rustc = self.find("rustc").ok_or("rustc is not installed")?;
            let libdir = self.output(&rustc, &["--print", "target-libdir", "--target", target]);
            return match libdir {
                Some(dir) if Path::new(&dir).is_dir() => Ok(()),
                _ => Err(format!("the {target} target is missing; install it (rustup target add {target})")),
            };
        };
        let installed = self
            .command(&rustup)
            .args(["target", "list", "--installed"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == target))
            .unwrap_or(false);
        if installed {
            println!("ok: rust target {target}");
            return Ok(());
        }
        step(&format!("installing the {target} target"));
        run(self.command(&rustup).args(["target", "add", target]))
    }

    /// Installs `krate` at `version` with `cargo install` unless `program
    /// --version` already says `program version`.
    fn ensure_cargo_install(&self, krate: &str, program: &str, version: &str, extra: &[&str]) -> Result {
        let want = format!("{program} {version}");
        let found = self.find(program).and_then(|p| self.output(&p, &["--version"]).map(|v| (p, v)));
        match &found {
            Some((path, v)) if v == &want || v.starts_with(&format!("{want} ")) => {
                println!("ok: {v} ({})", path.display());
                return Ok(());
            }
            Some((path, v)) => println!("{} is {v}; installing {want}", path.display()),
            None => println!("{program} is not installed; installing {want}"),
        }
        step(&format!("cargo install {krate} {version} (into {}; takes minutes, once)", self.cargo_bin.display()));
        run(self.cargo().args(["install", krate, "--version", version]).args(extra))?;
        match self.find(program).and_then(|p| self.output(&p, &["--version"])) {
            Some(v) if v.starts_with(&want) => Ok(()),
            other => Err(format!("after installing, `{program} --version` says {other:?}, not {want}")),
        }
    }

    /// Chromium and ChromeDriver: found, else installed from Debian's
    /// packages when we are root on Debian, else a message saying what to
    /// install.
    pub fn ensure_browser(&self) -> Result<Browser> {
        if let Some(browser) = self.find_browser() {
            return self.check_browser(browser);
        }
        let missing = format!(
            "the browser tests need Chromium and ChromeDriver; install Debian's packages `{}` \
             (apt-get install {}), or set PSEUDOKU_CHROME and PSEUDOKU_CHROMEDRIVER",
            BROWSER_PACKAGES.join("` and `"),
            BROWSER_PACKAGES.join(" "),
        );
        let apt = self.find("apt-get");
        if !is_root() || apt.is_none() || !Path::new("/etc/debian_version").exists() {
            return Err(missing);
        }
        step(&format!("installing {} (apt-get)", BROWSER_PACKAGES.join(" and ")));
        let apt = apt.unwrap();
        run(self.command(&apt).arg("update").env("DEBIAN_FRONTEND", "noninteractive"))?;
        run(self
            .command(&apt)
            .args(["install", "-y", "--no-install-recommends"])
            .args(BROWSER_PACKAGES)
            .env("DEBIAN_FRONTEND", "noninteractive"))?;
        let browser = self.find_browser().ok_or(missing)?;
        self.check_browser(browser)
    }

    fn find_browser(&self) -> Option<Browser> {
        let named = |var: &str| std::env::var_os(var).filter(|v| !v.is_empty()).map(PathBuf::from);
        let chrome = named("PSEUDOKU_CHROME").or_else(|| self.find("chromium"))?;
        let driver = named("PSEUDOKU_CHROMEDRIVER").or_else(|| self.find("chromedriver"))?;
        Some(Browser { chrome, driver })
    }

    /// Both run, and are of the same major version (ChromeDriver drives
    /// only its own Chromium).
    fn check_browser(&self, browser: Browser) -> Result<Browser> {
        let chrome = self.output(&browser.chrome, &["--version"]);
        let driver = self.output(&browser.driver, &["--version"]);
        let (Some(chrome), Some(driver)) = (chrome, driver) else {
            return Err(format!(
                "{} or {} does not run; reinstall {}",
                browser.chrome.display(),
                browser.driver.display(),
                BROWSER_PACKAGES.join(" and ")
            ));
        };
        let major = |text: &str| text.split_whitespace().find_map(|w| w.split('.').next()?.parse::<u32>().ok());
        if major(&chrome) != major(&driver) {
            return Err(format!("{chrome} and {driver} are of different versions; install matching ones"));
        }
        println!("ok: {chrome}, {driver}");
        Ok(browser)
    }
}

/// The version of the `wasm-bindgen` library in Cargo.lock.
fn wasm_bindgen_version(root: &Path) -> Result<String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    lock_version(&lock, "wasm-bindgen").ok_or_else(|| "Cargo.lock has no wasm-bindgen package".to_owned())
}

/// The version of package `name` in the text of a Cargo.lock.
fn lock_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if line == wanted {
            let version = lines.next()?.strip_prefix("version = \"")?.strip_suffix('"')?;
            return Some(version.to_owned());
        }
    }
    None
}

fn home_dir() -> Option<PathBuf> {
    std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from)
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_in_a_lock_file() {
        let lock = "[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"0.2.1\"\n\n\
                    [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n";
        assert_eq!(lock_version(lock, "wasm-bindgen").as_deref(), Some("0.2.130"));
        assert_eq!(lock_version(lock, "yew"), None);
    }

    #[test]
    fn the_workspace_pins_wasm_bindgen() {
        let root = crate::workspace_root();
        let version = wasm_bindgen_version(&root).unwrap();
        let manifest = std::fs::read_to_string(root.join("crates/pseudoku-web/Cargo.toml")).unwrap();
        assert!(
            manifest.contains(&format!("wasm-bindgen = \"={version}\"")),
            "the web crate pins wasm-bindgen {version}"
        );
    }
}
