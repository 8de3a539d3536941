//! How long a text lz-string's base64 data unpacks to, found before it is
//! unpacked.
//!
//! lz-string can blow a short text up to a huge one: each code of its
//! stream can repeat the longest text seen so far plus one character, so a
//! 32 KiB link of such codes unpacks to about a hundred million characters
//! (and the `lz-str` crate keeps a copy of every dictionary entry besides).
//! [`unpacked_len`] walks the stream's codes as lz-string's decompressor
//! does, keeping only each dictionary entry's length, never its text: time
//! and memory linear in the input. The text itself comes from `lz-str`, and
//! only when its length is under the cap. A property test checks that the
//! length found is the length `lz-str` unpacks, for valid and broken data.

/// Why a length could not be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Meter {
    /// The stream is not lz-string data (`lz-str` would refuse it too).
    Invalid,
    /// It unpacks to more than the cap.
    Over,
}

/// lz-string's base64 alphabet; `=` (padding) reads as bits that are never
/// looked at, and any other character is skipped, as `lz-str` does.
const BASE64: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// The bits of the data: six a character, the highest first.
struct Bits<I> {
    values: I,
    value: u16,
    mask: u16,
}

impl<I: Iterator<Item = u16>> Bits<I> {
    /// Reads `n` bits, the first read the lowest, as lz-string does.
    fn read(&mut self, n: u32) -> Result<u32, Meter> {
        let mut out = 0;
        for i in 0..n {
            let bit = self.value & self.mask != 0;
            self.mask >>= 1;
            if self.mask == 0 {
                self.mask = 1 << 5;
                self.value = self.values.next().ok_or(Meter::Invalid)?;
            }
            out |= u32::from(bit) << i;
        }
        Ok(out)
    }
}

/// The number of UTF-16 units `lz_str::decompress_from_base64(data)`
/// returns, or [`Meter::Over`] as soon as it passes `cap`, or
/// [`Meter::Invalid`] where that function returns `None`.
pub(super) fn unpacked_len(data: &str, cap: usize) -> Result<usize, Meter> {
    let mut values = data.bytes().filter_map(|b| BASE64.iter().position(|&k| k == b).map(|v| v as u16));
    let Some(first) = values.next() else {
        return Ok(0);
    };
    let mut bits = Bits { values, value: first, mask: 1 << 5 };
    // The dictionary's entries by length: three codes (8-bit literal,
    // 16-bit literal, end), then one entry per code read.
    let mut lengths: Vec<usize> = vec![1; 3];
    match bits.read(2)? {
        kind @ (0 | 1) => {
            bits.read(8 + 8 * kind)?;
        }
        2 => return Ok(0),
        _ => return Err(Meter::Invalid),
    }
    lengths.push(1);
    let (mut previous, mut total) = (1usize, 1usize);
    let (mut width, mut enlarge_in) = (3u32, 4u64);
    loop {
        if width > 31 {
            return Err(Meter::Invalid);
        }
        let mut code = bits.read(width)? as usize;
        match code {
            0 | 1 => {
                bits.read(8 + 8 * code as u32)?;
                lengths.push(1);
                code = lengths.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(total),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
        let entry = match lengths.get(code) {
            Some(&len) => len,
            None if code == lengths.len() => previous + 1,
            None => return Err(Meter::Invalid),
        };
        total += entry;
        if total > cap {
            return Err(Meter::Over);
        }
        lengths.push(previous + 1);
        enlarge_in -= 1;
        previous = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// What `lz-str` unpacks, as the meter reports it.
    fn lz_str_len(data: &str) -> Result<usize, Meter> {
        lz_str::decompress_from_base64(data).map(|v| v.len()).ok_or(Meter::Invalid)
    }

    proptest! {
        /// Packed text: the meter gives its length, without unpacking.
        #[test]
        fn the_length_of_packed_text(text in "[a-c{}\":,0-9]{0,300}|(ab){0,200}|a{0,2000}|\\PC{0,60}") {
            let data = lz_str::compress_to_base64(text.as_str());
            prop_assert_eq!(unpacked_len(&data, usize::MAX), Ok(text.encode_utf16().count()));
            prop_assert_eq!(unpacked_len(&data, usize::MAX), lz_str_len(&data));
        }

        /// Cut, changed or made-up data: the meter agrees with `lz-str`.
        #[test]
        fn broken_data_as_lz_str_reads_it(text in "[a-e{}\":,0-9]{1,200}", cut in 0usize..400, flip in 0usize..400, noise in "[A-Za-z0-9+/=]{0,40}") {
            let data = lz_str::compress_to_base64(text.as_str());
            let cut_data = &data[..cut.min(data.len())];
            prop_assert_eq!(unpacked_len(cut_data, usize::MAX), lz_str_len(cut_data));
            let mut bytes = data.clone().into_bytes();
            let i = flip % bytes.len();
            bytes[i] = if bytes[i] == b'A' { b'Q' } else { b'A' };
            let flipped = String::from_utf8(bytes).unwrap();
            prop_assert_eq!(unpacked_len(&flipped, usize::MAX), lz_str_len(&flipped));
            prop_assert_eq!(unpacked_len(&noise, usize::MAX), lz_str_len(&noise));
        }
    }

    /// Past the cap the meter stops, whatever the rest holds.
    #[test]
    fn stops_past_the_cap() {
        let data = lz_str::compress_to_base64("a".repeat(5000).as_str());
        assert_eq!(unpacked_len(&data, 5000), Ok(5000));
        assert_eq!(unpacked_len(&data, 4999), Err(Meter::Over));
    }
}
