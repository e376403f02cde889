//! Baseline files: a scenario's measured win rates, saved by `--save-baseline` and read by its
//! baseline gates. They are meant to be committed beside the scenarios.

use crate::scenario::gate::Baseline;
use crate::summary::Summary;
use anyhow::Context;
use std::path::{Path, PathBuf};

/// Where baselines are written and read, relative to where `check` runs.
const BASELINE_DIR: &str = "results/baselines";

/// The baseline file of a scenario.
fn path(scenario: &str) -> PathBuf {
    Path::new(BASELINE_DIR).join(format!("{scenario}.json"))
}

/// Saves what `summary` measured as the scenario's baseline; returns where.
pub fn save(scenario: &str, summary: &Summary) -> anyhow::Result<PathBuf> {
    let baseline = Baseline::from_summary(scenario, summary);
    std::fs::create_dir_all(BASELINE_DIR)
        .with_context(|| format!("cannot create {BASELINE_DIR}"))?;
    let path = path(scenario);
    let json = serde_json::to_string_pretty(&baseline)? + "\n";
    std::fs::write(&path, json).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

/// The scenario's saved baseline, or `None` where none was saved.
pub fn read(scenario: &str) -> anyhow::Result<Option<Baseline>> {
    let path = path(scenario);
    match crate::input::read_text(&path, crate::input::BASELINE) {
        Ok(text) => Ok(Some(serde_json::from_str(&text).with_context(|| {
            format!("{} is not a baseline file", path.display())
        })?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}
