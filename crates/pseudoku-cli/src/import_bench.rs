//! `pseudoku bench --what import`: times reading f-puzzles and SudokuPad
//! links, and above all lz-string data built to unpack to the most text a
//! link of its length can hold.
//!
//! lz-string's worst case is a first character, then codes that each name
//! the dictionary entry being made (the entry before it plus its first
//! character again), so each code unpacks to one character more than the
//! last: `k` codes give `1 + k(k+3)/2` characters. [`bomb`] writes such a
//! stream directly (a code is as wide as the decoder expects it), and the
//! bench checks what `lz-str` unpacks from it, so a wrong stream shows.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use pseudoku_fpuzzles::{import, MAX_IMPORT_LEN, MAX_UNPACKED_LEN};
use pseudoku_measure::Timing;

use crate::input::read_lines;

/// lz-string's base64 alphabet.
const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The bits of a stream, packed six a character, the first bit the highest.
#[derive(Default)]
struct Writer {
    bits: Vec<bool>,
}

impl Writer {
    /// Writes `n` bits of `value`, the lowest first, as lz-string reads them.
    fn write(&mut self, n: u32, value: u32) {
        self.bits.extend((0..n).map(|i| value >> i & 1 == 1));
    }

    /// The base64 text; one character more than the bits fill, which the
    /// decoder reads ahead.
    fn finish(self) -> String {
        let mut out: String = self
            .bits
            .chunks(6)
            .map(|chunk| {
                let value = chunk.iter().enumerate().fold(0, |v, (i, &b)| v | usize::from(b) << (5 - i));
                char::from(BASE64[value])
            })
            .collect();
        out.push('A');
        out
    }
}

/// The worst case of `k` codes: 'a', then `k` codes each naming the entry
/// being made, then the end code.
fn bomb(k: usize) -> String {
    let mut w = Writer::default();
    w.write(2, 0);
    w.write(8, u32::from(b'a'));
    let (mut entries, mut width, mut enlarge_in) = (4u32, 3u32, 4u64);
    for _ in 0..k {
        w.write(width, entries);
        entries += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
    w.write(width, 2);
    w.finish()
}

/// The characters `k` codes of [`bomb`] unpack to.
fn bomb_len(k: usize) -> usize {
    1 + k * (k + 3) / 2
}

/// The most codes whose stream is at most `chars` long.
fn codes_within(chars: usize) -> usize {
    let (mut lo, mut hi) = (0, 1);
    while bomb(hi).len() <= chars {
        (lo, hi) = (hi, hi * 2);
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if bomb(mid).len() <= chars {
            lo = mid
        } else {
            hi = mid
        }
    }
    lo
}

/// Times `import` on each link of `file` (one per line), three times each:
/// its outcome and worst time. Without a file, lz-string's worst cases of
/// 4, 8, 16 and 32 KiB (the longest link read) and the largest one still
/// unpacked; for the 32 KiB one, `lz-str` alone (no cap) is timed too.
pub fn import_links(file: Option<&Path>) -> Result<bool> {
    let links: Vec<(String, Option<usize>)> = match file {
        Some(file) => read_lines(Some(file))?.into_iter().map(|l| (l.text, None)).collect(),
        None => {
            let largest_read = (1..).take_while(|&k| bomb_len(k) <= MAX_UNPACKED_LEN).last().unwrap_or(0);
            [largest_read, codes_within(4096), codes_within(8192), codes_within(16384), codes_within(MAX_IMPORT_LEN)]
                .into_iter()
                .map(|k| (bomb(k), Some(bomb_len(k))))
                .collect()
        }
    };
    if links.is_empty() {
        bail!("no link to read");
    }
    let mut times = Vec::with_capacity(links.len());
    for (i, (link, unpacks_to)) in links.iter().enumerate() {
        let mut worst = Duration::ZERO;
        let mut outcome = String::new();
        for _ in 0..3 {
            let t = Instant::now();
            let read = import(link);
            worst = worst.max(t.elapsed());
            outcome = match read {
                Ok(imported) => format!("a puzzle of {} cells", imported.variant.layout().cell_count()),
                Err(e) => format!("refused: {e}"),
            };
        }
        times.push(worst);
        let shown: String = outcome.chars().take(100).collect();
        println!("line {} ({} characters): {:.2} ms, {shown}", i + 1, link.len(), worst.as_secs_f64() * 1e3);
        if let Some(expected) = unpacks_to {
            // The uncapped 32 KiB case needs about 660 MB, which a WebAssembly runtime may not give: natively only.
            let uncapped = i + 1 == links.len() && !cfg!(target_family = "wasm");
            if uncapped || *expected <= MAX_UNPACKED_LEN {
                let t = Instant::now();
                let unpacked = lz_str::decompress_from_base64(link).map(|v| v.len());
                let took = t.elapsed();
                if unpacked != Some(*expected) {
                    bail!("the crafted data of line {} unpacks to {unpacked:?}, not {expected}", i + 1);
                }
                println!("  lz-str alone unpacks it to {expected} characters in {:.2} ms", took.as_secs_f64() * 1e3);
            }
        }
    }
    println!("{} links", links.len());
    println!("pseudoku: {}", Timing::of(&mut times));
    Ok(true)
}
