//! A minimal W3C WebDriver client over a plain TCP connection.
//!
//! The tests need a dozen endpoints (session, navigate, find, click, key
//! actions, execute script, screenshot), which are JSON over HTTP/1.1 on
//! 127.0.0.1. Doing that with `std::net` and `serde_json` keeps the build
//! free of an async runtime, an HTTP stack and TLS, which a WebDriver crate
//! would bring in for no gain here.

use std::fmt;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};

/// The key of an element reference in WebDriver JSON.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// WebDriver's codes for special keys.
pub mod keys {
    pub const BACKSPACE: &str = "\u{E003}";
    pub const DELETE: &str = "\u{E017}";
    pub const LEFT: &str = "\u{E012}";
    pub const UP: &str = "\u{E013}";
    pub const RIGHT: &str = "\u{E014}";
    pub const DOWN: &str = "\u{E015}";
}

/// A failed request: the transport failed, or the driver answered with an
/// error.
#[derive(Debug)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// A reference to an element of the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element(pub String);

/// One browser session.
pub struct Session {
    driver: SocketAddr,
    id: String,
}

impl Session {
    /// Starts a browser with these capabilities (the `alwaysMatch` object).
    pub fn new(driver: SocketAddr, capabilities: Value) -> Result<Session> {
        let reply =
            request(driver, "POST", "/session", Some(json!({ "capabilities": { "alwaysMatch": capabilities } })))?;
        let id = reply["sessionId"].as_str().ok_or_else(|| Error(format!("no session id in {reply}")))?.to_owned();
        Ok(Session { driver, id })
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value> {
        request(self.driver, method, &format!("/session/{}{path}", self.id), body)
    }

    pub fn goto(&self, url: &str) -> Result<()> {
        self.call("POST", "/url", Some(json!({ "url": url }))).map(drop)
    }

    pub fn refresh(&self) -> Result<()> {
        self.call("POST", "/refresh", Some(json!({}))).map(drop)
    }

    pub fn current_url(&self) -> Result<String> {
        Ok(self.call("GET", "/url", None)?.as_str().unwrap_or_default().to_owned())
    }

    pub fn set_window_size(&self, width: u32, height: u32) -> Result<()> {
        self.call("POST", "/window/rect", Some(json!({ "width": width, "height": height }))).map(drop)
    }

    /// All elements matching a CSS selector.
    pub fn find_all(&self, css: &str) -> Result<Vec<Element>> {
        let reply = self.call("POST", "/elements", Some(json!({ "using": "css selector", "value": css })))?;
        let list = reply.as_array().ok_or_else(|| Error(format!("not a list: {reply}")))?;
        list.iter()
            .map(|e| {
                e[ELEMENT_KEY]
                    .as_str()
                    .map(|id| Element(id.to_owned()))
                    .ok_or_else(|| Error(format!("not an element: {e}")))
            })
            .collect()
    }

    /// The one element matching a CSS selector.
    pub fn find(&self, css: &str) -> Result<Element> {
        let reply = self.call("POST", "/element", Some(json!({ "using": "css selector", "value": css })))?;
        reply[ELEMENT_KEY]
            .as_str()
            .map(|id| Element(id.to_owned()))
            .ok_or_else(|| Error(format!("not an element: {reply}")))
    }

    pub fn click(&self, element: &Element) -> Result<()> {
        self.call("POST", &format!("/element/{}/click", element.0), Some(json!({}))).map(drop)
    }

    pub fn attribute(&self, element: &Element, name: &str) -> Result<Option<String>> {
        Ok(self.call("GET", &format!("/element/{}/attribute/{name}", element.0), None)?.as_str().map(str::to_owned))
    }

    /// A DOM property, such as an input's current `value`.
    pub fn property(&self, element: &Element, name: &str) -> Result<Option<String>> {
        Ok(self.call("GET", &format!("/element/{}/property/{name}", element.0), None)?.as_str().map(str::to_owned))
    }

    pub fn text(&self, element: &Element) -> Result<String> {
        Ok(self.call("GET", &format!("/element/{}/text", element.0), None)?.as_str().unwrap_or_default().to_owned())
    }

    /// Presses and releases each key in turn, on whatever has focus, as a
    /// person typing would (so `keydown` events reach the page).
    pub fn press_keys<'a>(&self, keys: impl IntoIterator<Item = &'a str>) -> Result<()> {
        let actions: Vec<Value> = keys
            .into_iter()
            .flat_map(|k| [json!({ "type": "keyDown", "value": k }), json!({ "type": "keyUp", "value": k })])
            .collect();
        let body = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] });
        self.call("POST", "/actions", Some(body))?;
        self.call("DELETE", "/actions", None).map(drop)
    }

    /// One pointer stroke, as a mouse (pointer events reach the page as
    /// `pointerType: mouse`): press at the first point (viewport pixels),
    /// move through the others, release at the last.
    pub fn pointer_stroke(&self, points: &[(f64, f64)]) -> Result<()> {
        let Some(&(x0, y0)) = points.first() else { return Ok(()) };
        let mut actions = vec![
            json!({ "type": "pointerMove", "duration": 0, "origin": "viewport", "x": x0.round() as i64, "y": y0.round() as i64 }),
            json!({ "type": "pointerDown", "button": 0 }),
        ];
        for &(x, y) in &points[1..] {
            actions.push(
                json!({ "type": "pointerMove", "duration": 0, "origin": "viewport", "x": x.round() as i64, "y": y.round() as i64 }),
            );
        }
        actions.push(json!({ "type": "pointerUp", "button": 0 }));
        let body = json!({ "actions": [{
            "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" }, "actions": actions
        }] });
        self.call("POST", "/actions", Some(body))?;
        self.call("DELETE", "/actions", None).map(drop)
    }

    /// Runs a Chrome DevTools command (ChromeDriver's extension), such as
    /// `Emulation.setEmulatedMedia`.
    pub fn cdp(&self, cmd: &str, params: Value) -> Result<Value> {
        self.call("POST", "/goog/cdp/execute", Some(json!({ "cmd": cmd, "params": params })))
    }

    /// Runs JavaScript in the page and returns its result.
    pub fn execute(&self, script: &str, args: Value) -> Result<Value> {
        self.call("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    /// Presses `key` while holding the `modifiers` (WebDriver codes, such as
    /// `\u{E008}` for Shift), as one chord.
    pub fn press_chord(&self, modifiers: &[&str], key: &str) -> Result<()> {
        let mut actions: Vec<Value> = modifiers.iter().map(|m| json!({ "type": "keyDown", "value": m })).collect();
        actions.push(json!({ "type": "keyDown", "value": key }));
        actions.push(json!({ "type": "keyUp", "value": key }));
        actions.extend(modifiers.iter().rev().map(|m| json!({ "type": "keyUp", "value": m })));
        let body = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] });
        self.call("POST", "/actions", Some(body))?;
        self.call("DELETE", "/actions", None).map(drop)
    }

    /// Runs asynchronous JavaScript: the script calls its last argument
    /// with the result.
    pub fn execute_async(&self, script: &str, args: Value) -> Result<Value> {
        self.call("POST", "/execute/async", Some(json!({ "script": script, "args": args })))
    }

    /// Sets how long asynchronous scripts may run.
    pub fn set_script_timeout(&self, ms: u64) -> Result<()> {
        self.call("POST", "/timeouts", Some(json!({ "script": ms }))).map(drop)
    }

    /// A PNG of the viewport.
    pub fn screenshot(&self) -> Result<Vec<u8>> {
        let reply = self.call("GET", "/screenshot", None)?;
        let data = reply.as_str().ok_or_else(|| Error("no screenshot data".into()))?;
        base64::engine::general_purpose::STANDARD.decode(data).map_err(|e| Error(format!("bad screenshot data: {e}")))
    }

    /// Polls `check` until it returns `Some`, for up to `timeout`.
    pub fn wait_for<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut check: impl FnMut() -> Result<Option<T>>,
    ) -> Result<T> {
        let start = Instant::now();
        loop {
            if let Some(value) = check()? {
                return Ok(value);
            }
            if start.elapsed() > timeout {
                return Err(Error(format!("timed out after {timeout:?} waiting for {what}")));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = request(self.driver, "DELETE", &format!("/session/{}", self.id), None);
    }
}

/// Is the driver up and ready for a new session?
pub fn is_ready(driver: SocketAddr) -> bool {
    request(driver, "GET", "/status", None).is_ok_and(|v| v["ready"].as_bool() == Some(true))
}

/// One request; returns the `value` of the reply.
fn request(driver: SocketAddr, method: &str, path: &str, body: Option<Value>) -> Result<Value> {
    let io = |e: std::io::Error| Error(format!("{method} {path}: {e}"));
    let mut stream = TcpStream::connect_timeout(&driver, Duration::from_secs(5)).map_err(io)?;
    stream.set_read_timeout(Some(Duration::from_secs(120))).map_err(io)?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {driver}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body.as_bytes())).map_err(io)?;
    // ChromeDriver keeps the connection open despite `Connection: close`,
    // so read until the reply is complete rather than to the end.
    let mut raw = Vec::new();
    let mut buf = [0; 16 * 1024];
    let (status, payload) = loop {
        if let Some(reply) = parse_response(&raw) {
            break reply;
        }
        let n = stream.read(&mut buf).map_err(io)?;
        if n == 0 {
            return Err(Error(format!("{method} {path}: the connection closed before the reply was complete")));
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let reply: Value = serde_json::from_slice(&payload).map_err(|e| {
        Error(format!("{method} {path}: reply {status} is not JSON ({e}): {}", String::from_utf8_lossy(&payload)))
    })?;
    let value = reply.get("value").cloned().unwrap_or(Value::Null);
    if !(200..300).contains(&status) {
        return Err(Error(format!("{method} {path}: {status} {} {}", value["error"], value["message"])));
    }
    Ok(value)
}

/// Splits a complete HTTP/1.1 response into its status and body
/// (de-chunked); `None` while it is incomplete.
fn parse_response(raw: &[u8]) -> Option<(u16, Vec<u8>)> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..end]).ok()?.to_ascii_lowercase();
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let body = &raw[end + 4..];
    let header = |name: &str| head.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(':').map(str::trim));
    if let Some(length) = header("content-length") {
        return body.get(..length.parse().ok()?).map(|b| (status, b.to_vec()));
    }
    if !header("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
        // Neither: the body is whatever arrived (for an empty reply).
        return Some((status, body.to_vec()));
    }
    let mut out = Vec::new();
    let mut rest = body;
    loop {
        let line_end = rest.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&rest[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        rest = &rest[line_end + 2..];
        if size == 0 {
            return Some((status, out));
        }
        out.extend_from_slice(rest.get(..size)?);
        rest = rest.get(size + 2..)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_chunked_replies() {
        let plain = b"HTTP/1.1 200 OK\r\nContent-Length: 14\r\n\r\n{\"value\":null}";
        assert_eq!(parse_response(plain), Some((200, b"{\"value\":null}".to_vec())));
        assert_eq!(parse_response(&plain[..plain.len() - 1]), None, "incomplete");
        assert_eq!(parse_response(b"HTTP/1.1 200 OK\r\nContent-Le"), None, "incomplete head");
        let chunked =
            b"HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"v\r\n5\r\nalue\"\r\n0\r\n\r\n";
        assert_eq!(parse_response(chunked), Some((404, b"{\"value\"".to_vec())));
        assert_eq!(parse_response(&chunked[..chunked.len() - 5]), None, "incomplete");
        assert_eq!(parse_response(b"garbage"), None);
    }
}
