//! What a check's gates decided, and what went wrong with the harness itself: the lines it
//! prints and the exit code a CI job reads.

use crate::scenario::gate::{Judgement, Status};

/// Every gate's judgement, and the harness's own failures (faults above the scenario's rate).
#[derive(Default)]
pub struct Verdicts {
    pub judgements: Vec<Judgement>,
    pub harness: Vec<String>,
}

impl Verdicts {
    /// 3 if the harness failed, else 1 if a gate failed, else 2 if one could not tell, else 0.
    pub fn code(&self) -> u8 {
        let any = |status| self.judgements.iter().any(|j| j.status == status);
        if !self.harness.is_empty() {
            3
        } else if any(Status::Fail) {
            1
        } else if any(Status::Inconclusive) {
            2
        } else {
            0
        }
    }

    /// A line per gate, one per harness failure, and the verdict last.
    pub fn lines(&self) -> Vec<String> {
        let gates = self.judgements.iter().map(|j| {
            let status = format!("{:?}", j.status).to_uppercase();
            format!("{status:<12} {}: {}", j.gate, j.detail)
        });
        let harness = self.harness.iter().map(|h| format!("HARNESS      {h}"));
        let verdict = ["pass", "fail", "inconclusive", "harness failure"][usize::from(self.code())];
        gates
            .chain(harness)
            .chain(std::iter::once(format!("verdict: {verdict}")))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(status: Status) -> Judgement {
        Judgement {
            gate: "win_rate a vs b".to_string(),
            status,
            detail: "55.0%".to_string(),
        }
    }

    #[test]
    fn the_worst_judgement_decides_and_the_harness_comes_first() {
        let mut v = Verdicts::default();
        assert_eq!(v.code(), 0, "no gate, nothing failed");
        v.judgements.push(judged(Status::Pass));
        v.judgements.push(judged(Status::Inconclusive));
        assert_eq!(v.code(), 2);
        v.judgements.push(judged(Status::Fail));
        assert_eq!(v.code(), 1);
        v.harness.push("3 crash/illegal games".to_string());
        assert_eq!(v.code(), 3);
        let lines = v.lines();
        assert_eq!(lines[0], "PASS         win_rate a vs b: 55.0%");
        assert_eq!(lines[3], "HARNESS      3 crash/illegal games");
        assert_eq!(
            lines.last().map(String::as_str),
            Some("verdict: harness failure")
        );
    }
}
