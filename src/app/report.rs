//! `tourney report DIR...`: the report's settings and folders from the command line, for
//! `crate::run::report_folders` to read and write.

use crate::cli::{AnalysisArgs, ReportArgs};
use crate::error::UsageError;
use crate::run::replay::FindReplay;
use crate::run::report_folders::{self, ReportFolders};
use crate::run::report_settings::ReportSettings;
use crate::summary::SprtOptions;

impl ReportSettings {
    pub fn from_args(args: &AnalysisArgs) -> Result<ReportSettings, UsageError> {
        let anchor = match &args.anchor {
            None => None,
            Some(text) => {
                let parsed = text.split_once('=').and_then(|(bot, rating)| {
                    let rating: f64 = rating.trim().parse().ok()?;
                    (!bot.trim().is_empty() && rating.is_finite())
                        .then(|| (bot.trim().to_string(), rating))
                });
                Some(parsed.ok_or_else(|| {
                    UsageError::Invalid(format!(
                        "--anchor '{text}' is not BOT=RATING (e.g. --anchor random=0)"
                    ))
                })?)
            }
        };
        let valid = |rate: f64| rate > 0.0 && rate < 1.0;
        if !(valid(args.sprt_alpha)
            && valid(args.sprt_beta)
            && args.sprt_alpha + args.sprt_beta < 1.0)
        {
            return Err(UsageError::Invalid(format!(
                "--sprt-alpha {} and --sprt-beta {} must be in (0, 1) with a sum below 1",
                args.sprt_alpha, args.sprt_beta
            )));
        }
        if !(args.sprt_elo0.is_finite()
            && args.sprt_elo1.is_finite()
            && args.sprt_elo0 < args.sprt_elo1)
        {
            return Err(UsageError::Invalid(format!(
                "--sprt-elo0 {} must be below --sprt-elo1 {}",
                args.sprt_elo0, args.sprt_elo1
            )));
        }
        Ok(ReportSettings {
            anchor,
            sprt: SprtOptions {
                nelo0: args.sprt_elo0,
                nelo1: args.sprt_elo1,
                alpha: args.sprt_alpha,
                beta: args.sprt_beta,
            },
            plots: !args.no_plots,
        })
    }
}

pub fn execute(args: &ReportArgs, find_replay: FindReplay) -> anyhow::Result<()> {
    let settings = ReportSettings::from_args(&args.analysis)?;
    let out = args.out.clone().unwrap_or_else(|| args.dirs[0].clone());
    let folders = ReportFolders {
        dirs: &args.dirs,
        out: &out,
        quiet: args.quiet,
    };
    report_folders::write(&folders, &settings, find_replay)
}
