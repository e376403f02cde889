//! Every new version is self-tested before it plays: `tourney doctor` on its manifest, run as
//! a process of its own (this very binary), so the ladder uses the doctor's code itself and a
//! program that upsets the doctor cannot upset the ladder. The doctor is given the ladder's
//! game flags and confinement flags, so the program is tested under the limits it will play
//! under, and the whole test under a time limit of its own. Its report is kept in the output
//! folder (`self-tests/`), and its verdict in the store.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a self-test ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    /// Why the version may not enter: the doctor's failed checks, or why it could not test.
    Failed(String),
    /// Ctrl-C or SIGTERM reached the doctor: no verdict.
    Interrupted,
}

/// How long a doctor told to stop may take before it is killed.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// Runs `tourney doctor MANIFEST FLAGS…`, its output into `report`, for at most `timeout`.
pub fn self_test(manifest: &Path, flags: &[String], report: &Path, timeout: Duration) -> Verdict {
    match run_doctor(manifest, flags, report, timeout) {
        Ok(verdict) => verdict,
        Err(e) => Verdict::Failed(format!("the self-test could not run: {e:#}")),
    }
}

fn run_doctor(
    manifest: &Path,
    flags: &[String],
    report: &Path,
    timeout: Duration,
) -> anyhow::Result<Verdict> {
    if let Some(folder) = report.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let out = std::fs::File::create(report)?;
    let err = out.try_clone()?;
    let mut child = Command::new(std::env::current_exe()?)
        .arg("doctor")
        .arg(manifest)
        .args(flags)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()?;
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if Instant::now() >= deadline {
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let Some(status) = status else {
        stop(&mut child);
        return Ok(Verdict::Failed(format!(
            "the self-test took longer than {} s",
            timeout.as_secs()
        )));
    };
    let text = std::fs::read_to_string(report).unwrap_or_default();
    Ok(match status.code() {
        Some(0) => Verdict::Passed,
        Some(130) | None => Verdict::Interrupted,
        Some(1) => Verdict::Failed(failed_checks(&text)),
        Some(code) => Verdict::Failed(match text.lines().rfind(|l| !l.trim().is_empty()) {
            Some(line) => line.trim_start_matches("error: ").to_string(),
            None => format!("the doctor ended with exit code {code}"),
        }),
    })
}

/// The doctor's FAIL lines, one after the other.
fn failed_checks(report: &str) -> String {
    let failed: Vec<&str> = (report.lines())
        .filter_map(|line| line.strip_prefix("FAIL"))
        .map(str::trim)
        .collect();
    match failed.is_empty() {
        true => "a check of the self-test failed".to_string(),
        false => format!("failed: {}", failed.join("; ")),
    }
}

/// Asks the doctor to stop (it ends the programs it started), then kills it.
fn stop(child: &mut std::process::Child) {
    // SAFETY: signalling a child this process started and has not yet waited for.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let deadline = Instant::now() + STOP_GRACE;
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::failed_checks;

    #[test]
    fn the_reason_is_the_failed_checks() {
        let report = "doctor x\nok        a\nFAIL      quit after game_over: it still ran\n\
                      FAIL      b: no\n12 ok, 2 FAIL, 0 skipped\n";
        assert_eq!(
            failed_checks(report),
            "failed: quit after game_over: it still ran; b: no"
        );
    }
}
