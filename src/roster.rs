//! Who may sit at a game's table, looked up by name: the game's built-in bots (its bot
//! table), a launched program from its manifest, and the contest's client seat (`cgs:NAME`).
//! `run`, `check`, `tune`, `doctor`, `serve` and the ladder all find their bots here, so a
//! name means the same bot to every command, and a bad one is refused the same way.

use crate::bot::{BotChoice, BotEntry, BotMaker, Configured};
use crate::error::UsageError;
use crate::external::manifest::{Protocol, manifest_path};
use crate::external::{ExternalMaker, Manifest as BotManifest, check_command};
use crate::games::Registered;
use crate::seed::{self, Stream};
use crate::serve::ContestMaker;
use anyhow::Context;
use std::path::Path;

/// What a lineup adds to a game's own bot table: the bot `cgs:NAME` names, a seat played by a
/// contest client connected through `run --serve`, for the games that speak the contest's
/// protocol. The registry says which games do.
pub trait Contest: Registered + crate::games::self_test::SelfTest {
    fn contest_client() -> Option<&'static BotEntry<Self>> {
        None
    }
}

/// Looks a bot up: a manifest is read and checked, its parameters against its `[params]`, and its
/// program started once and greeted (one that cannot start is refused before the first game; one
/// that fails later loses games); a built-in name is found in the game's table and its
/// parameters checked by building it once. `logs` is where external bots' logs go.
pub fn resolve_bot<G: Contest>(
    game: &G,
    choice: &BotChoice,
    logs: Option<&Path>,
) -> anyhow::Result<Box<dyn BotMaker<G>>> {
    let table: &'static [BotEntry<G>] = G::bots();
    let (name, params) = (&choice.bot, &choice.params);
    let bad_params = |message| UsageError::BotParams {
        bot: name.clone(),
        message,
    };
    if let Some(path) = manifest_path(name, |n| table.iter().any(|e| e.name == n)) {
        let manifest = BotManifest::load(&path)?;
        manifest.check_game(G::NAME)?;
        check_command(&manifest.command).map_err(|why| {
            UsageError::Invalid(format!("bot manifest {}: {why}", path.display()))
        })?;
        if manifest.protocol == Protocol::Cgs {
            let client = find_entry::<G>("cgs")?;
            return Ok(Box::new(ContestMaker::new(
                manifest,
                &choice.label,
                logs,
                client,
            )?));
        }
        let values = manifest.param_values(params).map_err(bad_params)?;
        let maker = ExternalMaker::new(manifest, &choice.label, logs, values)
            .context("cannot create the bot log folder")?;
        maker.check_start().map_err(|why| {
            UsageError::Invalid(format!(
                "bot manifest {}: the program does not start: {why}",
                path.display()
            ))
        })?;
        return Ok(Box::new(maker));
    }
    let entry = find_entry(name)?;
    entry
        .make(game, 0, seed::rng(0, 0, Stream::Seat(0)), params)
        .map_err(bad_params)?;
    Ok(Box::new(Configured {
        entry,
        params: params.clone(),
    }))
}

/// The row of the game's bot table (or its contest client) named `name`.
pub fn find_entry<G: Contest>(name: &str) -> Result<&'static BotEntry<G>, UsageError> {
    let table: &'static [BotEntry<G>] = G::bots();
    table
        .iter()
        .find(|entry| entry.name == name)
        .or_else(|| G::contest_client().filter(|entry| entry.name == name))
        .ok_or_else(|| UsageError::UnknownBot {
            name: name.to_string(),
            game: G::NAME,
            known: table
                .iter()
                .filter(|entry| !entry.hidden)
                .map(|entry| entry.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}
