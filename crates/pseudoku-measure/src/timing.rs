//! Times as the benchmark programs print them: throughput, median and
//! worst of one list of times ([`Timing`]), and the line that compares the
//! engine with a peer measured in the same run ([`compare`]).

use std::fmt;
use std::time::Duration;

/// Throughput, median and worst of a list of times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub per_second: f64,
    pub median_us: f64,
    pub max_us: f64,
    /// The sum of the times, in seconds.
    pub total: f64,
}

impl Timing {
    /// The timing of `times` (sorted in place). An empty list gives zeros.
    pub fn of(times: &mut [Duration]) -> Timing {
        let total: Duration = times.iter().sum();
        times.sort_unstable();
        let median = times.get(times.len() / 2).copied().unwrap_or_default();
        Timing {
            per_second: times.len() as f64 / total.as_secs_f64().max(1e-9),
            median_us: median.as_secs_f64() * 1e6,
            max_us: times.last().copied().unwrap_or_default().as_secs_f64() * 1e6,
            total: total.as_secs_f64(),
        }
    }
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.0} per second, median {:.1} µs, worst {:.1} µs (total {:.3} s)",
            self.per_second, self.median_us, self.max_us, self.total
        )
    }
}

/// The lines that put a peer's timing beside the engine's: `{peer} (peer):
/// …`, then the ratios of their throughputs and of their medians.
pub fn compare(peer: &str, ours: &Timing, theirs: &Timing) -> String {
    format!(
        "{peer} (peer): {theirs}\npseudoku / {peer}: {:.2}× the throughput, {:.3}× the median time",
        ours.per_second / theirs.per_second.max(1e-9),
        ours.median_us / theirs.median_us.max(1e-9)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_reads_as_the_cli_prints_it() {
        let mut times = [3, 1, 2].map(Duration::from_millis);
        let t = Timing::of(&mut times);
        assert_eq!(t.to_string(), "500 per second, median 2000.0 µs, worst 3000.0 µs (total 0.006 s)");
        let half = Timing { per_second: 1000.0, median_us: 1000.0, ..t };
        assert_eq!(
            compare("dlx", &half, &t),
            "dlx (peer): 500 per second, median 2000.0 µs, worst 3000.0 µs (total 0.006 s)\n\
             pseudoku / dlx: 2.00× the throughput, 0.500× the median time"
        );
        assert_eq!(Timing::of(&mut []).median_us, 0.0);
    }
}
