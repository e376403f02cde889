//! `tourney ladder DIR --final FORMAT`: the ladder's final (`crate::ladder`'s field and page)
//! played as a `tourney run` in one of its formats: the same round robin, Swiss system or
//! pools and knockout (`crate::format`), the same confinement (set for the whole command from
//! the ladder's flags), each program under its own manifest's clock as in the ladder's games,
//! and a fault losing the game as it does there. Its folder is OUT/final, its games go into
//! the ladder's store tagged `ladder-final:NAME`, and its master seed follows from the
//! ladder's, so the same ladder plays the same final.

use super::arguments::tournament_format;
use super::store_plan::open_store;
use crate::bot::{BotChoice, Params};
use crate::cli::{DbLocation, FinalFlag, LadderArgs, TournamentArgs};
use crate::error::{Interrupted, UsageError};
use crate::games::{Description, GameConfig};
use crate::ladder::{Host, Settings};
use crate::results::folders::Existing;
use crate::roster::Contest;
use crate::run::plan::RunPlan;
use crate::run::run_game;
use crate::run::store_plan::StorePlan;
use crate::scenario::Format;
use std::process::ExitCode;

/// The final's games per pairing when `--games` does not say.
pub const DEFAULT_FINAL_GAMES: u64 = 100;

/// What `--final` asks: the format, checked as `run` checks it, and the games per pairing.
pub struct FinalPlan {
    format: Format,
    games: u64,
}

/// `--final FORMAT` with its format's flags; a setting of another format is refused, not
/// ignored.
pub(super) fn plan(args: &LadderArgs, flag: FinalFlag) -> Result<FinalPlan, UsageError> {
    if args.games == Some(0) {
        return Err(UsageError::Invalid(
            "--games 0: give the final's games per pairing, at least 1".into(),
        ));
    }
    let knockout = [
        ("--pool-size", args.pool_size.is_some()),
        ("--advance", args.advance.is_some()),
        ("--match-games", args.match_games.is_some()),
    ];
    if flag != FinalFlag::Knockout
        && let Some((name, _)) = knockout.iter().find(|(_, given)| *given)
    {
        return Err(UsageError::Invalid(format!(
            "{name} is a knockout setting: give --final knockout"
        )));
    }
    if flag != FinalFlag::Swiss && args.rounds.is_some() {
        return Err(UsageError::Invalid(
            "--rounds is a Swiss setting: give --final swiss".into(),
        ));
    }
    let tournament = TournamentArgs {
        format: Some(flag.format()),
        candidate: None,
        pool_size: args.pool_size,
        advance: args.advance,
        match_games: args.match_games,
        rounds: args.rounds,
    };
    Ok(FinalPlan {
        format: tournament_format(&tournament, Format::RoundRobin, &[])?,
        games: args.games.unwrap_or(DEFAULT_FINAL_GAMES),
    })
}

/// What the final is played with: the ladder's settings, game and store, and the edge's
/// lookup and fit.
pub(super) struct Final<'a, H> {
    pub settings: &'a Settings,
    pub config: &'a GameConfig,
    pub store: &'a DbLocation,
    pub plan: &'a FinalPlan,
    pub host: &'a H,
}

/// Plays the final of the ladder for game `G` and writes its page.
pub(super) fn play_final<G: Contest, H: Host<G>>(
    game: &G,
    the_final: Final<'_, H>,
) -> anyhow::Result<ExitCode> {
    let Final {
        settings,
        config,
        store: location,
        plan: final_plan,
        host: edge,
    } = the_final;
    let mut store = open_store(location, false)?;
    let field = crate::ladder::finalists(game, &mut store, settings, edge)?;
    drop(store);
    let bots = (field.iter())
        .map(|finalist| BotChoice {
            label: finalist.entry.clone(),
            bot: finalist.manifest.display().to_string(),
            params: Params::default(),
        })
        .collect();
    let mut run = RunPlan::of_games(
        Description::of::<G>(),
        config.clone(),
        bots,
        final_plan.format,
        final_plan.games,
        crate::ladder::final_seed(settings.seed),
        settings.threads,
    );
    run.out_dir = Some(settings.out.join("final"));
    // An interrupted final is played again whole (see `crate::ladder::finalists`).
    run.existing = Existing::Replace;
    run.quiet = settings.quiet;
    let tag = crate::ladder::final_tag(&settings.name);
    run.store = Some(StorePlan::of_command(location, tag));
    let summary = run_game::<G>(&run, None)?;
    if summary.interrupted {
        return Err(Interrupted(format!(
            "the final of the ladder {} stopped after {} games; the same command plays it \
             again whole, with the same games",
            settings.name, summary.analysis.games_played
        ))
        .into());
    }
    let mut store = open_store(location, false)?;
    crate::ladder::write_final_pages(game, &mut store, settings, edge, &summary)?;
    if !settings.quiet {
        println!(
            "the final's standings: {}",
            settings.out.join("pages/final.html").display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
