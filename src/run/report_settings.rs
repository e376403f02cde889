//! A run's statistics options (anchor, SPRT) and whether its report draws plots: what a run's
//! report is made with. `app/report.rs` makes them from the command line.

use crate::error::UsageError;
use crate::summary::{AnalysisOptions, SprtOptions};

/// Statistics options as validated from the command line; the anchor is still a bot name,
/// resolved once the bots are known. Kept in the results store as JSON, so an export writes
/// the run's own report.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct ReportSettings {
    pub anchor: Option<(String, f64)>,
    pub sprt: SprtOptions,
    pub plots: bool,
}

impl Default for ReportSettings {
    fn default() -> Self {
        ReportSettings {
            anchor: None,
            sprt: SprtOptions::default(),
            plots: true,
        }
    }
}

impl ReportSettings {
    /// The analysis options for these bots; an anchor naming none of them is a usage error.
    pub fn options(&self, bots: &[String]) -> Result<AnalysisOptions, UsageError> {
        let anchor = match &self.anchor {
            None => None,
            Some((name, rating)) => {
                let index = bots.iter().position(|b| b == name).ok_or_else(|| {
                    UsageError::Invalid(format!(
                        "unknown anchor bot '{name}'; bots in these results: {}",
                        bots.join(", ")
                    ))
                })?;
                Some((index, *rating))
            }
        };
        Ok(AnalysisOptions {
            anchor,
            sprt: self.sprt,
            ..AnalysisOptions::default()
        })
    }
}
