//! The self-test of one program before it enters a tournament (`tourney doctor BOT`, and
//! every new version of a ladder's entry). It starts the program from its manifest, as a run
//! would (confined the same way), and asks it for an answer at real positions of its game, the
//! awkward ones first (`positions`), plays whole games with it and watches it leave
//! (`checks`), and prints one verdict per check (`report`). The positions are reached and the
//! games played by the runner, as every command plays them. The command's edge
//! (`app::doctor`) reads the manifest and the game's flags into a [`DoctorPlan`].

mod checks;
mod positions;
mod report;

use crate::bot::Params;
use crate::error::UsageError;
use crate::external::manifest::Protocol;
use crate::external::{ExternalMaker, Manifest};
use crate::games::GameConfig;
use crate::roster::{Contest, find_entry};
use crate::serve::ContestMaker;
use crate::version::BotVersion;
use checks::{Times, Wire};
use report::{Check, Verdict};
use std::process::ExitCode;
use std::time::Duration;

/// How long a program told to quit may take to exit before the check fails: far more than a
/// program needs, so a loaded machine never fails a good one (a run waits 200 ms, then kills
/// it, which costs the program nothing).
const QUIT_WAIT: Duration = Duration::from_secs(5);

/// What to check and how the game is set up.
pub struct DoctorPlan {
    pub manifest: Manifest,
    pub config: GameConfig,
    pub seed: u64,
    /// The program's version, printed under the header (`crate::version`).
    pub version: BotVersion,
}

/// A game's doctor, instantiated per game in the registry.
pub type DoctorFn = fn(&DoctorPlan) -> anyhow::Result<ExitCode>;

/// The doctor of one game: every check in order, printed, then the exit code.
pub fn doctor_game<G: Contest>(plan: &DoctorPlan) -> anyhow::Result<ExitCode> {
    let game: G = crate::games::configure(&plan.config)?;
    let manifest = &plan.manifest;
    let info = game.info();
    let options: String = info
        .options
        .iter()
        .map(|(k, v)| format!(" {k}={v}"))
        .collect();
    let header = format!(
        "doctor {} ({}): {} rules {}{options}, {} protocol, move_ms {}",
        manifest.name,
        manifest.path.display(),
        info.name,
        info.rules,
        match manifest.protocol {
            Protocol::JsonLines => "line",
            Protocol::Cgs => "contest",
        },
        manifest.move_limit.as_millis()
    ) + &format!("\nversion: {}", plan.version);
    let times = Times::default();
    let mut checks = match manifest.protocol {
        Protocol::JsonLines => lines_program(&game, plan, &header, &times)?,
        Protocol::Cgs => contest_program(&game, plan, &header, &times)?,
    };
    checks.push(report::times(
        &times.lock().unwrap_or_else(|e| e.into_inner()),
        manifest.move_limit,
    ));
    Ok(if report::print(&checks) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A program of the line protocol: started once to see it is ready (else bad input, and
/// nothing printed), asked at every position found, then whole games, then `quit`. `header`
/// is printed once the program started.
fn lines_program<G: Contest>(
    game: &G,
    plan: &DoctorPlan,
    header: &str,
    times: &Times,
) -> anyhow::Result<Vec<Check>> {
    let manifest = &plan.manifest;
    let params = manifest
        .param_values(&Params::default())
        .map_err(UsageError::Invalid)?;
    let maker = || ExternalMaker::new(manifest.clone(), &manifest.name, None, params.clone());
    let probe = maker()?;
    probe.check_start().map_err(|why| {
        UsageError::Invalid(format!(
            "bot manifest {}: the program does not start: {why}",
            manifest.path.display()
        ))
    })?;
    println!("{header}");
    let found = positions::find(game, plan.seed);
    let mut checks = Vec::new();
    let mut positions = Vec::new();
    for (wanted, position) in found.wanted {
        match position {
            Some(position) => positions.push(position),
            None => checks.push(Check::skipped(
                wanted.what.to_string(),
                format!(
                    "no game of the built-in bots reached one in {} seeded games ({})",
                    positions::SEARCH_GAMES,
                    wanted.doc
                ),
            )),
        }
    }
    positions.extend(found.phases);
    for (index, position) in positions.iter().enumerate() {
        checks.push(checks::at_position(
            game,
            &probe,
            Wire::Lines,
            plan.seed,
            (index as u64, position),
            times,
        ));
    }
    let watched = maker()?.watch_exits(QUIT_WAIT);
    checks.extend(checks::whole_games(
        game,
        &watched,
        Wire::Lines,
        plan.seed,
        times,
        None,
    ));
    checks.extend(exit_checks(
        "quit after game_over",
        watched.exits(),
        "the process to exit by itself with status 0 when told to quit (docs/protocol.md, \
         Messages)",
    ));
    Ok(checks)
}

/// A contest program: it plays its own moves over the contest protocol, which cannot put it
/// at a given position, so only whole games check it; the awkward positions it met there are
/// told apart afterwards.
fn contest_program<G: Contest>(
    game: &G,
    plan: &DoctorPlan,
    header: &str,
    times: &Times,
) -> anyhow::Result<Vec<Check>> {
    let manifest = &plan.manifest;
    crate::serve::tournament::start(
        "127.0.0.1",
        0,
        manifest.move_limit,
        manifest.startup_limit,
        &[],
    )?;
    let client = find_entry::<G>("cgs")?;
    println!("{header}");
    let maker =
        ContestMaker::new(manifest.clone(), &manifest.name, None, client)?.watch_exits(QUIT_WAIT);
    let met = checks::Met::default();
    let games = checks::whole_games(game, &maker, Wire::Contest, plan.seed, times, Some(&met));
    let mut checks = checks::met_checks::<G>(&met);
    checks.extend(games);
    checks.extend(exit_checks(
        "exit after the final code",
        maker.exits(),
        "the program to end by itself with status 0 once its game is over (docs/guide/contest.md)",
    ));
    Ok(checks)
}

/// One check per program that played a game to its end: how it left (`exits`, see
/// `ExternalMaker::exits`), or one skipped line when none did.
fn exit_checks(name: &str, exits: Vec<Result<String, String>>, expected: &str) -> Vec<Check> {
    if exits.is_empty() {
        return vec![Check::skipped(
            name.to_string(),
            "no whole game ended without a fault of the program".to_string(),
        )];
    }
    exits
        .into_iter()
        .map(|exit| match exit {
            Ok(how) => Check {
                name: name.to_string(),
                verdict: Verdict::Ok,
                detail: how,
            },
            Err(why) => Check::fail(
                name.to_string(),
                why,
                format!("{expected}, within {} ms", QUIT_WAIT.as_millis()),
            ),
        })
        .collect()
}
