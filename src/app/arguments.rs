//! From what was typed to a plan the library can run: names parsed, defaults filled in,
//! impossible values refused. Game-specific checks happen when the game configures itself.

use crate::bot::{BotChoice, parse_bot, parse_bots};
use crate::cli::{FormatFlag, GameArgs, MatchArgs, RunArgs, TournamentArgs};
use crate::error::UsageError;
use crate::format::{Knockout, Swiss};
use crate::games::contest::use_contest_rules;
use crate::games::{Description, FindGame, GameConfig};
use crate::input;
use crate::results::folders::Existing;
use crate::results::manifest::{MANIFEST, Manifest, Shard};
use crate::run::contest;
use crate::run::plan::{DEFAULT_GAMES, RunPlan, ServePlan, staged};
use crate::run::report_settings::ReportSettings;
use crate::run::seeds::SeedList;
use crate::run::store_plan::StorePlan;
use crate::run::threads;
use crate::run::versions::version_labels;
use crate::runner::faults::{FaultPolicy, parse_rate};
use crate::scenario::{self, Format, Scenario, glob};
use crate::seed::DEFAULT_MASTER_SEED;
use std::path::{Path, PathBuf};

impl RunPlan {
    /// `find_game` is the registry's lookup, handed down so that plans never name the registry.
    pub fn from_args(args: &RunArgs, find_game: FindGame) -> Result<RunPlan, UsageError> {
        let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
        let scenario = args
            .scenario
            .as_deref()
            .map(|path| Scenario::load(path, find_game))
            .transpose()?;
        let mut plan = match &args.resume {
            Some(dir)
                if scenario.is_none() && !names_a_run(&args.matchup) && args.games.is_none() =>
            {
                RunPlan::from_folder(dir, shard, &args.matchup, find_game)?
            }
            _ => {
                let mut plan =
                    RunPlan::build(scenario.as_ref(), &args.matchup, args.games, find_game)?;
                plan.shard = shard;
                plan
            }
        };
        plan.format = tournament_format(&args.tournament, plan.format, &plan.bots)?;
        if let Some(policy) = &args.faults {
            plan.faults = FaultPolicy::parse(policy).map_err(UsageError::Invalid)?;
        }
        if let Some(rate) = &args.disqualify {
            plan.disqualify = Some(parse_rate(rate).map_err(UsageError::Invalid)?);
        }
        refuse_disqualify(&plan)?;
        // Over a scenario's clock, and a folder's too: resuming under another one is then
        // refused.
        plan.clock = args.clock.over(plan.clock);
        if let Some(path) = &args.seeds {
            // Over a folder's seeds too: resuming with a file of other seeds is then refused,
            // naming the two hashes.
            plan.seeds = Some(SeedList::load(path)?);
        }
        plan.quiet = args.quiet;
        plan.progress_every = progress_every(args.progress_every)?;
        plan.record = args.record;
        plan.store = StorePlan::from_args(&args.store)?;
        plan.think_times = args.think_times;
        if let Some(address) = &args.live {
            crate::live::parse_address(address)?;
            plan.live = Some(address.clone());
        }
        if args.force {
            plan.existing = Existing::Replace;
        }
        refuse_unbuilt(&plan, args.resume.is_some())?;
        plan.report = ReportSettings::from_args(&args.analysis)?;
        if args.sprt_stop {
            plan.sprt_stop = Some(plan.report.sprt);
        }
        refuse_sprt_stop(&plan)?;
        // A run resumed from its folder stops by the test it was started with.
        if let Some(test) = plan.sprt_stop {
            plan.report.sprt = test;
        }
        if let Some((name, _)) = &plan.report.anchor
            && !plan.bots.iter().any(|b| &b.label == name)
        {
            return Err(UsageError::Invalid(format!(
                "--anchor names bot '{name}', which is not playing; bots: {}",
                plan.labels().join(", ")
            )));
        }
        plan.version_labels = version_labels(&args.version_label, &plan.bots)?;
        plan.serve = serve_plan(args, &mut plan)?;
        plan.resume = args.resume.is_some();
        plan.out_dir = Some(match &args.resume {
            Some(dir) => dir.clone(),
            None => args
                .out
                .clone()
                .or(scenario.and_then(|s| s.out))
                .unwrap_or_else(|| default_out_dir(Path::new("results"), &plan)),
        });
        Ok(plan)
    }

    /// The plan recorded in a results folder's manifest: `--resume DIR` without the original
    /// command line. Its shard comes from the folder unless `--shard` says (then it must agree).
    fn from_folder(
        dir: &Path,
        shard: Option<Shard>,
        args: &MatchArgs,
        find_game: FindGame,
    ) -> Result<RunPlan, UsageError> {
        let manifest = Manifest::load(dir)?.ok_or_else(|| {
            UsageError::Invalid(format!(
                "{} has no {MANIFEST} to resume from; give the run's whole command line (a \
                 scenario or --bots ...) with --resume to start it there",
                dir.display()
            ))
        })?;
        let mut plan = RunPlan::from_configuration(&manifest.configuration, find_game)?;
        plan.threads = threads::from_flag(args.threads)?;
        plan.shard = shard.or(manifest.shard);
        Ok(plan)
    }

    /// A plan from an optional scenario, with every flag that was given overriding it.
    pub fn build(
        scenario: Option<&Scenario>,
        args: &MatchArgs,
        games: Option<u64>,
        find_game: FindGame,
    ) -> Result<RunPlan, UsageError> {
        let (game_name, config) = game_config(&args.game, scenario)?;
        let game = find_game(&game_name)?;
        let (bots, format) = lineup(scenario, args, &game)?;
        if bots.len() < 2 {
            let names: Vec<&str> = bots.iter().map(|b| b.bot.as_str()).collect();
            return Err(UsageError::Invalid(format!(
                "--bots needs at least two bots (got {}); a bot may play itself: --bots {0},{0}",
                names.join(",")
            )));
        }
        let per_pairing = games
            .or(scenario.and_then(|s| s.games))
            .unwrap_or(DEFAULT_GAMES);
        if per_pairing == 0 {
            return Err(UsageError::Invalid("--games must be at least 1".into()));
        }
        input::at_most("--games", per_pairing, input::GAMES).map_err(UsageError::Invalid)?;
        let most = input::BOTS as u64;
        input::at_most("the number of bots", bots.len() as u64, most)
            .map_err(UsageError::Invalid)?;
        let seed = args
            .seed
            .or(scenario.and_then(|s| s.seed))
            .unwrap_or(DEFAULT_MASTER_SEED);
        let threads = threads::from_flag(args.threads)?;
        let mut plan = RunPlan::of_games(game, config, bots, format, per_pairing, seed, threads);
        if let Some(scenario) = scenario {
            plan.faults = scenario.faults.unwrap_or_default();
            plan.disqualify = scenario.disqualify;
            plan.clock = scenario.clock;
        }
        Ok(plan)
    }
}

/// Refuses what continuing or splitting a run cannot do yet.
fn refuse_unbuilt(plan: &RunPlan, resumed: bool) -> Result<(), UsageError> {
    let continued = resumed || plan.shard.is_some();
    let staged = staged(&plan.format);
    if let Some(staged) = staged.filter(|_| continued) {
        // Each round is drawn from the results before it; continuing or splitting one is not
        // built.
        return Err(UsageError::Invalid(format!(
            "{staged} cannot be resumed or sharded yet: run it whole"
        )));
    }
    if let Some(staged) = staged.filter(|_| plan.seeds.is_some()) {
        // Its stages take seeds after each other; which of a file's seeds each stage plays is
        // not decided yet.
        return Err(UsageError::Invalid(format!(
            "--seeds cannot be combined with {staged} yet: a round robin, a gauntlet or a \
             field can take its seeds from a file"
        )));
    }
    if plan.record && plan.shard.is_some() {
        // Joining shards' records files is not built, and a shard's file would replay as if
        // it held the whole run. (A resumed run continues its folder's records.)
        return Err(UsageError::Invalid(
            "--record cannot be combined with --shard yet".into(),
        ));
    }
    Ok(())
}

/// Refuses `--disqualify` where a withdrawal cannot be decided in game-index order over one
/// run: a knockout's or a Swiss system's later rounds are drawn from the results of the
/// earlier ones, and a shard sees only part of the games.
pub(super) fn refuse_disqualify(plan: &RunPlan) -> Result<(), UsageError> {
    if plan.disqualify.is_none() {
        return Ok(());
    }
    if matches!(plan.format, Format::Knockout(_) | Format::Swiss(_)) {
        return Err(UsageError::Invalid(
            "--disqualify cannot be combined with a knockout or a Swiss system yet: their rounds \
             are drawn from the results before them; use a round robin, a gauntlet or a field"
                .into(),
        ));
    }
    if plan.shard.is_some() {
        return Err(UsageError::Invalid(
            "--disqualify cannot be combined with --shard: a shard sees only its part of the \
             games, so it cannot tell when a program passes the rate; run it on one machine"
                .into(),
        ));
    }
    Ok(())
}

/// Refuses `--sprt-stop` where a stop cannot be decided in game-index order over one run:
/// a shard sees only part of the games, a knockout's rounds and a round robin's pairings
/// depend on each other's full results, a field has no two-seat pairing.
fn refuse_sprt_stop(plan: &RunPlan) -> Result<(), UsageError> {
    if plan.sprt_stop.is_none() {
        return Ok(());
    }
    if plan.shard.is_some() {
        return Err(UsageError::Invalid(
            "--sprt-stop cannot be combined with --shard: a shard sees only its part of the \
             games, so it cannot tell where the whole run would stop; run it on one machine"
                .into(),
        ));
    }
    match plan.format {
        Format::RoundRobin if plan.bots.len() == 2 => Ok(()),
        Format::Gauntlet { .. } => Ok(()),
        _ => Err(UsageError::Invalid(
            "--sprt-stop stops a head-to-head (two bots) or each pairing of a gauntlet \
             (--format gauntlet --candidate BOT), not this format"
                .into(),
        )),
    }
}

/// The bots and format: `--bots` (round robin) over the scenario's, and `--field BOT` (added
/// if it is not among them) making it a field.
fn lineup(
    scenario: Option<&Scenario>,
    args: &MatchArgs,
    game: &Description,
) -> Result<(Vec<BotChoice>, Format), UsageError> {
    let (mut bots, format) = if !args.bots.is_empty() {
        let items: Vec<String> = glob::expand_all(&args.bots)
            .map_err(UsageError::Invalid)?
            .iter()
            .map(|b| contest_item(b.trim()))
            .collect();
        let bots = parse_bots(&items)
            .map_err(UsageError::Invalid)?
            .into_iter()
            .map(|b| scenario::resolve(label_contest_client(b), game))
            .collect::<Result<Vec<_>, _>>()?;
        (unique_labels(bots), Format::RoundRobin)
    } else if let Some(s) = scenario {
        (s.bots.clone(), s.format)
    } else if args.field.is_some() {
        (Vec::new(), Format::RoundRobin)
    } else {
        return Err(UsageError::Invalid(
            "no bots: give --bots a,b (see `tourney list`) or a scenario file".into(),
        ));
    };
    let Some(field) = &args.field else {
        return Ok((bots, format));
    };
    let index = match bots.iter().position(|b| &b.label == field) {
        Some(index) => index,
        None => {
            bots.push(scenario::resolve(
                parse_bot(field).map_err(UsageError::Invalid)?,
                game,
            )?);
            bots.len() - 1
        }
    };
    Ok((bots, Format::Field { field: index }))
}

/// `cgs:NAME` is a seat played by the contest client named NAME, connected through `--serve`:
/// the hidden `cgs` bot with the parameter `client = NAME`, written so the bot-spec parser
/// reads it as such. Any other item is left to the parser.
fn contest_item(item: &str) -> String {
    match item.strip_prefix("cgs:") {
        Some(client) if !client.contains('=') => format!("cgs:client={client}"),
        _ => item.to_string(),
    }
}

/// A contest client is labelled `cgs:NAME`, as it was typed.
fn label_contest_client(mut bot: BotChoice) -> BotChoice {
    if bot.bot == "cgs"
        && let Some(client) = bot.params.0.get("client")
    {
        bot.label = format!("cgs:{client}");
    }
    bot
}

/// `--serve` and its timings, checked against the contest seats: `cgs:` clients, and contest
/// programs the run launches (which need no `--serve`: the run then listens on a free loopback
/// port). Two client seats in one game could each hold one client's connection while waiting
/// for the other's, so a run with more than one `cgs:` client plays its games one at a time
/// (results do not depend on threads); launched programs are started per game under names of
/// their own, so they never make games wait for each other.
fn serve_plan(args: &RunArgs, plan: &mut RunPlan) -> Result<Option<ServePlan>, UsageError> {
    let clients = plan
        .bots
        .iter()
        .filter(|b| contest::client_name(b).is_some())
        .count();
    let launched = plan.bots.iter().any(contest::is_launched);
    let port = match (args.serve, clients, launched) {
        (None, 0, false) => return Ok(None),
        (None, 0, true) => 0,
        (None, _, _) => {
            return Err(UsageError::Invalid(
                "cgs:NAME bots are contest clients that connect to this run: add --serve PORT"
                    .into(),
            ));
        }
        (Some(_), 0, false) => {
            return Err(UsageError::Invalid(
                "--serve is for contest clients: list them as cgs:NAME in --bots".into(),
            ));
        }
        (Some(port), _, _) => port,
    };
    let seconds =
        |value: f64, flag: &str| input::positive_seconds(flag, value).map_err(UsageError::Invalid);
    use_contest_rules(&plan.game, &mut plan.config, "cgs:NAME clients")
        .map_err(UsageError::Invalid)?;
    if clients > 1 {
        plan.threads = 1;
    }
    Ok(Some(ServePlan {
        host: args.serve_host.clone(),
        port,
        move_timeout: seconds(args.serve_timeout, "--serve-timeout")?,
        wait: seconds(args.serve_wait, "--serve-wait")?,
    }))
}

/// The format after `--format`, `--candidate`, `--pool-size`, `--advance`, `--match-games` and
/// `--rounds`, which override the scenario's (`given`). A format's settings without that
/// format are refused, not ignored.
pub(super) fn tournament_format(
    args: &TournamentArgs,
    given: Format,
    bots: &[BotChoice],
) -> Result<Format, UsageError> {
    if let Some(gauntlet) = gauntlet_format(args, given, bots)? {
        return Ok(gauntlet);
    }
    let wanted = args.format.or(match given {
        Format::Knockout(_) => Some(FormatFlag::Knockout),
        Format::Swiss(_) => Some(FormatFlag::Swiss),
        _ => None,
    });
    if wanted != Some(FormatFlag::Knockout)
        && let Some(flag) = knockout_flag(args)
    {
        return Err(UsageError::Invalid(format!(
            "{flag} is a knockout setting: add --format knockout"
        )));
    }
    if wanted != Some(FormatFlag::Swiss) && args.rounds.is_some() {
        return Err(UsageError::Invalid(
            "--rounds is a Swiss setting: add --format swiss".into(),
        ));
    }
    let staged = match wanted {
        None => return Ok(given),
        Some(FormatFlag::RoundRobin) => {
            return match given {
                Format::Knockout(_) | Format::Swiss(_) => Ok(Format::RoundRobin),
                Format::Field { .. } => Err(UsageError::Invalid(
                    "--format round-robin and --field BOT are two formats: give one".into(),
                )),
                _ => Ok(given),
            };
        }
        Some(staged) => staged,
    };
    if matches!(given, Format::Field { .. } | Format::Gauntlet { .. }) {
        let name = if staged == FormatFlag::Swiss {
            "swiss"
        } else {
            "knockout"
        };
        return Err(UsageError::Invalid(format!(
            "--format {name} replaces the scenario's or --field's format: give one"
        )));
    }
    if staged == FormatFlag::Swiss {
        let rounds = args.rounds.or(match given {
            Format::Swiss(settings) => Some(settings.rounds),
            _ => None,
        });
        return Swiss::new(rounds)
            .map(Format::Swiss)
            .map_err(UsageError::Invalid);
    }
    let base = match given {
        Format::Knockout(settings) => Some(settings),
        _ => None,
    };
    let pool_size = args.pool_size.or(base.and_then(|k| k.pool_size));
    let advance = args
        .advance
        .or(base.filter(|k| k.pool_size.is_some()).map(|k| k.advance));
    let match_games = args.match_games.or(base.map(|k| k.match_games));
    Knockout::new(pool_size, advance, match_games)
        .map(Format::Knockout)
        .map_err(UsageError::Invalid)
}

/// The knockout setting given, if any.
fn knockout_flag(args: &TournamentArgs) -> Option<&'static str> {
    [
        ("--pool-size", args.pool_size.is_some()),
        ("--advance", args.advance.is_some()),
        ("--match-games", args.match_games.is_some()),
    ]
    .into_iter()
    .find_map(|(flag, given)| given.then_some(flag))
}

/// `--format gauntlet --candidate BOT`: the candidate meets every other bot, as a scenario's
/// gauntlet does; `None` when the flags ask for another format. Either flag without the
/// other, or a candidate that is not playing, is refused.
fn gauntlet_format(
    args: &TournamentArgs,
    given: Format,
    bots: &[BotChoice],
) -> Result<Option<Format>, UsageError> {
    let labels = || {
        bots.iter()
            .map(|b| b.label.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let name = match (args.format, &args.candidate) {
        (Some(FormatFlag::Gauntlet), Some(name)) => name,
        (Some(FormatFlag::Gauntlet), None) => {
            return Err(UsageError::Invalid(format!(
                "--format gauntlet needs --candidate BOT, the bot that meets every other (one \
                 of: {})",
                labels()
            )));
        }
        (_, Some(_)) => {
            return Err(UsageError::Invalid(
                "--candidate is a gauntlet setting: add --format gauntlet".into(),
            ));
        }
        (_, None) => return Ok(None),
    };
    if let Some(flag) = knockout_flag(args).or(args.rounds.map(|_| "--rounds")) {
        return Err(UsageError::Invalid(format!(
            "{flag} is a knockout's or a Swiss system's setting, not a gauntlet's"
        )));
    }
    if matches!(given, Format::Field { .. }) {
        return Err(UsageError::Invalid(
            "--format gauntlet and --field BOT are two formats: give one".into(),
        ));
    }
    let candidate = bots.iter().position(|b| &b.label == name).ok_or_else(|| {
        UsageError::Invalid(format!(
            "--candidate '{name}' is not one of the bots playing: {}",
            labels()
        ))
    })?;
    Ok(Some(Format::Gauntlet { candidate }))
}

/// `--progress-every`, checked: a number of seconds, 0 or more, at most a week.
pub(super) fn progress_every(seconds: f64) -> Result<f64, UsageError> {
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(UsageError::Invalid(format!(
            "--progress-every {seconds} must be a number of seconds, 0 or more"
        )));
    }
    input::seconds_at_most("--progress-every", seconds).map_err(UsageError::Invalid)
}

/// Whether the flags say anything about the games (more than threads).
fn names_a_run(args: &MatchArgs) -> bool {
    let game = &args.game;
    game.name.is_some()
        || !args.bots.is_empty()
        || game.rules.is_some()
        || game.map.is_some()
        || !game.options.is_empty()
        || args.field.is_some()
        || game.players.is_some()
        || args.seed.is_some()
}

/// A label given twice on the command line (a bot listed twice, or two manifests with the same
/// `name`) becomes `#2`, `#3`… so every label names one bot.
fn unique_labels(mut bots: Vec<BotChoice>) -> Vec<BotChoice> {
    let given: Vec<String> = bots.iter().map(|b| b.label.clone()).collect();
    for i in 1..bots.len() {
        let copies = given[..i].iter().filter(|&l| *l == given[i]).count();
        if copies > 0 {
            bots[i].label = format!("{}#{}", given[i], copies + 1);
        }
    }
    bots
}

/// `results/<game>-<bot>-<bot>-seed<S>`, with `-2`, `-3`… appended until the folder is new, so
/// a run never overwrites an earlier one.
fn default_out_dir(root: &Path, plan: &RunPlan) -> PathBuf {
    // Labels may hold ':', ',', '=' (parameters) or '/' (paths): kept out of folder names.
    let names: Vec<String> = plan
        .bots
        .iter()
        .map(|b| {
            b.label
                .chars()
                .map(|c| match c {
                    ':' | ',' | '/' | '\\' => '_',
                    c => c,
                })
                .collect()
        })
        .collect();
    let base = format!(
        "{}-{}-seed{}",
        plan.game.name,
        names.join("-"),
        plan.master_seed
    );
    crate::results::folders::unused(root, &base)
}

/// The game the flags name (else the scenario's, else t2r) and its configuration: the
/// scenario's (when it is of that game), with every flag that was given on top. `run` and
/// `tune` read a game's configuration alike.
pub(super) fn game_config(
    flags: &GameArgs,
    scenario: Option<&Scenario>,
) -> Result<(String, GameConfig), UsageError> {
    let game = flags
        .name
        .clone()
        .or(scenario.map(|s| s.game.clone()))
        .unwrap_or_else(|| "t2r".to_string());
    let mut config = match scenario {
        Some(s) if s.game == game => s.config.clone(),
        _ => GameConfig::default(),
    };
    if flags.rules.is_some() {
        config.rules = flags.rules.clone();
    }
    if flags.players.is_some() {
        config.seats = flags.players;
    }
    for option in &flags.options {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| UsageError::Invalid(format!("--option '{option}' is not NAME=VALUE")))?;
        config.options.insert(name.to_string(), value.to_string());
    }
    if let Some(map) = &flags.map {
        config.options.insert("map".to_string(), map.clone());
    }
    Ok((game, config))
}
