//! Stage 2 of `run`: every bot of the plan looked up and checked before the first game, and
//! the schedule of who meets whom.

use crate::app::plan::RunPlan;
use crate::bot::timed::TimedMaker;
use crate::bot::{BotChoice, BotEntry, BotMaker, Configured};
use crate::error::UsageError;
use crate::external::manifest::{Protocol, manifest_path};
use crate::external::{ExternalMaker, Manifest as BotManifest, check_command};
use crate::format::{Staged, SwissPlay, Tournament};
use crate::game::GameInfo;
use crate::games::Registered;
use crate::input;
use crate::runner::Schedule;
use crate::runner::play::Lineup;
use crate::scenario::Format;
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

/// Looks every bot up (see [`resolve_bot`]) and checks there are enough to fill the seats.
pub fn resolve<G: Contest>(game: &G, plan: &RunPlan) -> anyhow::Result<Lineup<'static, G>> {
    let logs = plan.out_dir.as_ref().map(|dir| dir.join("logs"));
    let entries = plan
        .bots
        .iter()
        .map(|choice| {
            let maker = resolve_bot(game, choice, logs.as_deref())?;
            Ok(match plan.think_times {
                true => Box::new(TimedMaker(maker)),
                false => maker,
            })
        })
        .collect::<anyhow::Result<_>>()?;
    let seats = game.info().seats;
    if plan.bots.len() < seats && !matches!(plan.format, Format::Field { .. }) {
        return Err(UsageError::Invalid(format!(
            "{seats} players need at least {seats} bots (got {}); list a bot twice to seat it twice",
            plan.bots.len()
        ))
        .into());
    }
    Ok(Lineup {
        entries,
        record: None,
        faults: plan.faults,
    })
}

/// Who meets whom: the plan's format over its bots, for games of `seats` seats. A knockout or
/// a Swiss system gives the schedule of its first stage (the later ones are drawn from its
/// results as it goes) and itself.
pub fn schedule(plan: &RunPlan, info: &GameInfo) -> Result<(Schedule, Option<Staged>), UsageError> {
    let (bots, seats) = (plan.bots.len(), info.seats);
    if plan.format == Format::RoundRobin {
        let most = input::PAIRINGS;
        let count = Schedule::count_combinations(bots, seats);
        if count.is_none_or(|count| count > most) {
            return Err(UsageError::Invalid(format!(
                "{bots} bots in games of {seats} seats make {} groups to play: a round robin \
                 may have at most {}; give fewer bots, or use --format gauntlet or --field BOT",
                count.map_or("more than 2^64".into(), input::grouped),
                input::grouped(most)
            )));
        }
    }
    let per_pairing = plan.per_pairing(seats);
    let schedule = match plan.format {
        Format::RoundRobin => Schedule::combinations(bots, seats, per_pairing),
        Format::Field { field } => Schedule::field(field, bots, seats, per_pairing),
        Format::Gauntlet { candidate } => Schedule::gauntlet(candidate, bots, seats, per_pairing),
        Format::Knockout(settings) => {
            settings.check(bots, seats).map_err(UsageError::Invalid)?;
            let tournament = Tournament::new(
                settings,
                bots,
                plan.games_per_pairing,
                info.lower_score_is_better,
            );
            return Ok((
                tournament.first_schedule(),
                Some(Staged::Knockout(tournament)),
            ));
        }
        Format::Swiss(settings) => {
            settings.check(bots, seats).map_err(UsageError::Invalid)?;
            let swiss = SwissPlay::new(settings, bots, plan.games_per_pairing);
            return Ok((swiss.first_schedule(), Some(Staged::Swiss(swiss))));
        }
    };
    let schedule = match &plan.seeds {
        Some(seeds) => schedule.with_deals(seeds.values.clone()),
        None => schedule,
    };
    Ok((schedule, None))
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
