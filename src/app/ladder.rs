//! `tourney ladder DIR`: the arguments checked into the ladder's settings, the game
//! configured, the store opened, and the ladder (`crate::ladder`) played with this edge's
//! lookup of a launched program and its joint fit of stored games; an interruption or a bad
//! input comes back as its exit code.

use super::arguments::game_config;
use super::ladder_final::{Final, FinalPlan, play_final};
use super::store_plan::open_store;
use crate::bot::{BotChoice, BotMaker, Params};
use crate::cli::{LadderArgs, SandboxFlag};
use crate::error::UsageError;
use crate::games::GameConfig;
use crate::history::fit::{Identity, fit};
use crate::ladder::{Fitted, Freeze, Host, OnDemand, Settings};
use crate::live::Folder;
use crate::replay::Header;
use crate::roster::{Contest, resolve_bot};
use crate::run::output::records_header;
use crate::run::replay::replay_html;
use crate::run::report_settings::ReportSettings;
use crate::run::{STOP, install_ctrl_c};
use crate::runner::StartLog;
use crate::store::{RunFilter, Store};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

/// A game's ladder, instantiated per game in the registry.
pub type LadderFn = fn(&LadderPlan) -> anyhow::Result<ExitCode>;

/// Finds a game's ladder by name; handed down by the registry.
pub type FindLadder = fn(&str) -> Result<LadderFn, UsageError>;

/// What `tourney ladder` was asked, checked: the ladder's settings, its game and its store.
pub struct LadderPlan {
    pub settings: Settings,
    pub config: GameConfig,
    pub store: crate::cli::DbLocation,
    /// Where `--live` serves the pages.
    pub live: Option<String>,
    /// `--final`: play the final instead of the ladder.
    pub final_plan: Option<FinalPlan>,
}

pub fn execute(args: &LadderArgs, find: FindLadder) -> anyhow::Result<ExitCode> {
    let plan = plan(args)?;
    let ladder = find(args.game.name.as_deref().unwrap_or("t2r"))?;
    ladder(&plan)
}

fn plan(args: &LadderArgs) -> anyhow::Result<LadderPlan> {
    if !args.dir.is_dir() {
        return Err(UsageError::Invalid(format!(
            "the ladder's folder {} does not exist or is not a folder: give the folder that \
             holds one subfolder per entry",
            args.dir.display()
        ))
        .into());
    }
    let name = match &args.ladder {
        Some(name) => {
            crate::bot::check_label(name)
                .map_err(|why| UsageError::Invalid(format!("--name '{name}': {why}")))?;
            name.clone()
        }
        None => {
            let name = (std::fs::canonicalize(&args.dir).ok())
                .and_then(|dir| dir.file_name().map(|n| n.to_string_lossy().into_owned()))
                .unwrap_or_default();
            crate::bot::check_label(&name).map_err(|why| {
                UsageError::Invalid(format!(
                    "the ladder is named after its folder, and '{name}' cannot be: {why}; \
                     give --name"
                ))
            })?;
            name
        }
    };
    let seconds = |flag: &str, value: f64| -> Result<Duration, UsageError> {
        match value.is_finite() && (0.1..=86_400.0).contains(&value) {
            true => Ok(Duration::from_secs_f64(value)),
            false => Err(UsageError::Invalid(format!(
                "{flag} {value}: give a number of seconds from 0.1 to 86400"
            ))),
        }
    };
    let (_, config) = game_config(&args.game, None)?;
    let until = (args.until.as_deref())
        .map(|text| super::dates::time("--until", text, "23:59:59"))
        .transpose()?;
    if args.games == Some(0) && args.final_format.is_none() {
        return Err(UsageError::Invalid(
            "--games 0: give the number of games the ladder stops at, at least 1".into(),
        )
        .into());
    }
    let report = serde_json::to_string(&ReportSettings::default())?;
    let settings = Settings {
        dir: args.dir.clone(),
        out: (args.out.clone()).unwrap_or_else(|| PathBuf::from(format!("results/ladder-{name}"))),
        name,
        threads: crate::run::threads::from_flag(args.threads)?,
        scan: seconds("--scan", args.scan)?,
        placement: args.placement,
        games: args.games,
        until,
        freeze: args.freeze.as_deref().map(freeze).transpose()?,
        seed: args.seed,
        doctor_flags: doctor_flags(args),
        self_test_timeout: seconds("--self-test-timeout", args.self_test_timeout)?,
        lease: lease(args.lease)?,
        disk_budget: disk_budget(&args.disk_budget)?,
        report,
        quiet: args.quiet,
        live: args.live.is_some(),
    };
    let final_plan = (args.final_format)
        .map(|format| super::ladder_final::plan(args, format))
        .transpose()?;
    Ok(LadderPlan {
        settings,
        config,
        store: args.store.clone(),
        live: args.live.clone(),
        final_plan,
    })
}

/// `--lease`: whole seconds, at least 3 (the store keeps times to the second, and the lease
/// is renewed every third of it).
fn lease(seconds: u64) -> Result<Duration, UsageError> {
    match (3..=86_400).contains(&seconds) {
        true => Ok(Duration::from_secs(seconds)),
        false => Err(UsageError::Invalid(format!(
            "--lease {seconds}: give a whole number of seconds from 3 to 86400"
        ))),
    }
}

/// `--disk-budget`: a size of at least one byte.
fn disk_budget(text: &str) -> Result<u64, UsageError> {
    crate::ladder::parse_size(text)
        .filter(|&bytes| bytes > 0)
        .ok_or_else(|| {
            UsageError::Invalid(format!(
                "--disk-budget '{text}': give a size such as 500MB, 2GB or 800MiB (a whole \
                 number, KB, MB and GB in powers of 1000, KiB, MiB and GiB of 1024)"
            ))
        })
}

/// `--freeze`: a duration (a whole number of s, m, h or d) or a time as `--until` takes it.
fn freeze(text: &str) -> Result<Freeze, UsageError> {
    let unit = |suffix: char, seconds: u64| {
        (text.strip_suffix(suffix))
            .and_then(|n| n.parse::<u64>().ok())
            .and_then(|n| n.checked_mul(seconds))
            .filter(|&n| n <= 100 * 365 * 86_400)
    };
    let wait = [('s', 1), ('m', 60), ('h', 3600), ('d', 86_400)]
        .into_iter()
        .find_map(|(suffix, seconds)| unit(suffix, seconds));
    match wait {
        Some(seconds) => Ok(Freeze::After(Duration::from_secs(seconds))),
        None if text.starts_with(|c: char| c.is_ascii_digit()) && text.len() >= 10 => {
            super::dates::time("--freeze", text, "23:59:59").map(Freeze::At)
        }
        None => Err(UsageError::Invalid(format!(
            "--freeze '{text}': give a time (2027-01-31 or 2027-01-31T18:00:00Z) or a \
             duration from this start (90s, 30m, 12h, 14d, at most 100 years)"
        ))),
    }
}

/// Plays the ladder of `plan` for game `G` until `--games`, `--until` or Ctrl-C.
pub fn ladder_game<G: Contest>(plan: &LadderPlan) -> anyhow::Result<ExitCode> {
    let game: G = crate::games::configure(&plan.config)?;
    if let Some(final_plan) = &plan.final_plan {
        let the_final = Final {
            settings: &plan.settings,
            config: &plan.config,
            store: &plan.store,
            plan: final_plan,
            host: &Edge {
                config: &plan.config,
            },
        };
        return play_final(&game, the_final);
    }
    let store = open_store(&plan.store, true)?;
    let out = plan.settings.out.clone();
    let _pages = match &plan.live {
        Some(address) => {
            std::fs::create_dir_all(out.join("pages")).map_err(|e| {
                UsageError::Invalid(format!(
                    "cannot create the output folder {}: {e}; give --out a folder that can be \
                     made",
                    out.display()
                ))
            })?;
            let on_demand = OnDemand {
                out: out.clone(),
                ladder: plan.settings.name.clone(),
                seats: game.info().seats,
                store: Mutex::new(open_store(&plan.store, true)?),
                render: Box::new(replay_html::<G>),
            };
            let private = Box::new(move |token: &str| crate::ladder::private_page(&out, token));
            let made = Box::new(move |path: &str| on_demand.page(path));
            let pages = Folder::start(address, plan.settings.out.join("pages"), private, made)?;
            eprintln!("live: the ladder's pages are at {}", pages.url);
            if let Some(warning) = &pages.warning {
                eprintln!("{warning}");
            }
            Some(pages)
        }
        None => None,
    };
    install_ctrl_c();
    let edge = Edge {
        config: &plan.config,
    };
    crate::ladder::play(&game, store, &plan.settings, &edge, &STOP)?;
    Ok(ExitCode::SUCCESS)
}

/// What the ladder asks of the edge: `run`'s lookup of a bot, `tourney rate`'s fit, and
/// `run --record`'s records and `tourney replay --html`'s pages of the ladder's game.
struct Edge<'a> {
    config: &'a GameConfig,
}

impl<G: Contest> Host<G> for Edge<'_> {
    fn program(
        &self,
        game: &G,
        manifest: &Path,
        label: &str,
        logs: &Path,
    ) -> anyhow::Result<Box<dyn BotMaker<G>>> {
        let choice = BotChoice {
            label: label.to_string(),
            bot: manifest.display().to_string(),
            params: Params::default(),
        };
        resolve_bot(game, &choice, Some(logs))
    }

    fn fit(&self, store: &mut Store, tag: &str) -> anyhow::Result<Fitted> {
        let runs = store.find_runs(&RunFilter {
            tag: Some(tag.to_string()),
            ..RunFilter::default()
        })?;
        let joint = fit(store, &runs, &format!("--tag {tag}"), None)?;
        Ok((joint.players.iter())
            .filter_map(|player| {
                let Identity { label, digest } = &player.identity;
                let rating = joint.rating_of(&player.identity)?;
                Some(((label.clone(), digest.clone()?), rating.clone()))
            })
            .collect())
    }

    fn start_log(&self) -> StartLog<G> {
        crate::replay::start::<G>
    }

    fn records_header(&self, game: &G, master_seed: u64, bots: &[String]) -> Header {
        records_header(game.info().name, self.config, master_seed, bots)
    }

    fn replay_page(&self, header: &Header, line: &str, game: u64) -> anyhow::Result<String> {
        replay_html::<G>(header, line, game)
    }
}

/// The game and confinement flags as the doctor takes them.
fn doctor_flags(args: &LadderArgs) -> Vec<String> {
    let mut flags = Vec::new();
    let game = &args.game;
    let mut flag = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            flags.push(name.to_string());
            flags.push(value);
        }
    };
    flag("--game", game.name.clone());
    flag("--rules", game.rules.clone());
    flag("--map", game.map.clone());
    flag("--players", game.players.map(|n| n.to_string()));
    for option in &game.options {
        flag("--option", Some(option.clone()));
    }
    let sandbox = &args.sandbox;
    let mode = match sandbox.sandbox {
        SandboxFlag::Off => "off",
        SandboxFlag::On => "on",
        SandboxFlag::Require => "require",
    };
    flag("--sandbox", Some(mode.to_string()));
    flag(
        "--limit-memory",
        sandbox.limit_memory.map(|n| n.to_string()),
    );
    flag(
        "--limit-processes",
        sandbox.limit_processes.map(|n| n.to_string()),
    );
    flag("--limit-write", sandbox.limit_write.map(|n| n.to_string()));
    flag("--limit-files", sandbox.limit_files.map(|n| n.to_string()));
    flags
}
