//! `tourney doctor BOT`: the manifest and the game's flags read into a plan for the doctor
//! (`crate::doctor`), bad input refused (exit 2) before anything runs. Exit 0 when every check
//! passes, 1 when one fails.

use super::arguments::game_config;
use crate::cli::DoctorArgs;
use crate::doctor::{DoctorFn, DoctorPlan};
use crate::error::UsageError;
use crate::external::manifest::Protocol;
use crate::external::{Manifest, check_command};
use crate::games::Description;
use crate::games::contest::use_contest_rules;
use std::process::ExitCode;

/// Finds a game's description and doctor by name; handed down by the registry.
pub type FindDoctor = fn(&str) -> Result<(Description, DoctorFn), UsageError>;

/// Reads the manifest and the game flags; bad input is refused (exit 2) before anything runs.
pub fn execute(args: &DoctorArgs, find: FindDoctor) -> anyhow::Result<ExitCode> {
    let manifest = Manifest::load(&args.bot)?;
    let (game, doctor) = find(&manifest.game)?;
    if let Some(other) = args.game.name.as_deref().filter(|g| *g != manifest.game) {
        return Err(UsageError::Invalid(format!(
            "--game {other}: the manifest {} plays {}",
            args.bot.display(),
            manifest.game
        ))
        .into());
    }
    check_command(&manifest.command).map_err(|why| {
        UsageError::Invalid(format!("bot manifest {}: {why}", args.bot.display()))
    })?;
    // Before the program starts: a program whose version cannot be read is bad input.
    let version = crate::version::of_manifest(&manifest, None).map_err(UsageError::from)?;
    let (_, mut config) = game_config(&args.game, None)?;
    if manifest.protocol == Protocol::Cgs {
        let who = format!("contest programs such as {}", args.bot.display());
        use_contest_rules(&game, &mut config, &who).map_err(UsageError::Invalid)?;
    }
    doctor(&DoctorPlan {
        manifest,
        config,
        seed: args.seed,
        version,
    })
}
