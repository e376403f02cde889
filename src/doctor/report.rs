//! What `tourney doctor` prints: one line per check with its verdict, a failure followed by
//! what was expected and where that is written, then the counts. The exit code follows.

use std::fmt;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Ok,
    Fail,
    Skipped,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Ok => "ok",
            Verdict::Fail => "FAIL",
            Verdict::Skipped => "skipped",
        })
    }
}

/// One check and how it went.
pub struct Check {
    pub name: String,
    pub verdict: Verdict,
    /// What happened (ok, FAIL) or why it was not made (skipped).
    pub detail: String,
}

impl Check {
    /// A failure: what happened, and what the rules or the protocol expected (with where).
    pub fn fail(name: String, happened: String, expected: String) -> Check {
        Check {
            name,
            verdict: Verdict::Fail,
            detail: format!("{happened}\n          expected {expected}"),
        }
    }

    pub fn skipped(name: String, why: String) -> Check {
        Check {
            name,
            verdict: Verdict::Skipped,
            detail: why,
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<8}  {}: {}",
            self.verdict.to_string(),
            self.name,
            self.detail
        )
    }
}

/// The answer times against the per-move limit: median, p95 and max, failing when the
/// slowest went over the limit.
pub fn times(times: &[Duration], limit: Duration) -> Check {
    let name = "answer times".to_string();
    if times.is_empty() {
        return Check::skipped(name, "no answer was timed".to_string());
    }
    let mut sorted = times.to_vec();
    sorted.sort();
    // Nearest rank: the smallest time at or above the share of the answers.
    let rank = |share: f64| {
        sorted[((share * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1]
    };
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    let max = *sorted.last().expect("not empty");
    let detail = format!(
        "{} answers, median {}, p95 {}, max {} (move_ms {})",
        sorted.len(),
        ms(rank(0.5)),
        ms(rank(0.95)),
        ms(max),
        limit.as_millis()
    );
    if max <= limit {
        Check {
            name,
            verdict: Verdict::Ok,
            detail,
        }
    } else {
        Check::fail(
            name,
            detail,
            "every answer within move_ms (docs/protocol.md, The manifest)".to_string(),
        )
    }
}

/// Prints every check and the counts; `true` when none failed.
pub fn print(checks: &[Check]) -> bool {
    for check in checks {
        println!("{check}");
    }
    let count = |verdict| checks.iter().filter(|c| c.verdict == verdict).count();
    let failed = count(Verdict::Fail);
    println!(
        "{} ok, {failed} FAIL, {} skipped",
        count(Verdict::Ok),
        count(Verdict::Skipped)
    );
    failed == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_give_nearest_rank_percentiles_and_fail_only_over_the_limit() {
        let ms = Duration::from_millis;
        let all: Vec<Duration> = (1..=20).map(ms).collect();
        let check = times(&all, ms(20));
        assert_eq!(check.verdict, Verdict::Ok);
        assert!(
            check
                .detail
                .contains("median 10.0 ms, p95 19.0 ms, max 20.0 ms"),
            "{}",
            check.detail
        );
        assert_eq!(times(&all, ms(19)).verdict, Verdict::Fail);
        assert_eq!(times(&[], ms(19)).verdict, Verdict::Skipped);
    }
}
