//! `tourney ladder DIR`: a ladder that runs for weeks (docs/guide/ladder.md). Entries come
//! from a folder that is scanned again every few seconds (`entries`); each new version is
//! self-tested by the doctor before it plays (`selftest`); games are played without end on
//! the threads given, opponents chosen where the result is least certain (`matchmaking`);
//! the standings are always the joint fit of the stored games (`standings`). Everything that
//! must survive a restart is in the results store (`crate::store`'s ladder tables): the
//! entries, every version's verdict, the deal counter and the deals claimed, each game
//! recorded with its deal in one transaction, so `kill -9` and a restart lose no game and
//! count none twice. The play loop itself is generic over the game (`play`).

mod entries;
mod matchmaking;
mod play;
mod selftest;
mod standings;

pub use play::ladder_game;

use super::arguments::game_config;
use crate::cli::{LadderArgs, SandboxFlag};
use crate::error::UsageError;
use crate::games::GameConfig;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

/// A game's ladder, instantiated per game in the registry.
pub type LadderFn = fn(&LadderPlan) -> anyhow::Result<ExitCode>;

/// Finds a game's ladder by name; handed down by the registry.
pub type FindLadder = fn(&str) -> Result<LadderFn, UsageError>;

/// What `tourney ladder` was asked, checked.
pub struct LadderPlan {
    pub dir: PathBuf,
    pub name: String,
    pub out: PathBuf,
    pub config: GameConfig,
    pub threads: usize,
    pub scan: Duration,
    pub placement: u64,
    /// Stop once the ladder holds this many games.
    pub games: Option<u64>,
    /// Stop at this time (as the store writes times, which sort as text).
    pub until: Option<String>,
    pub seed: u64,
    /// The flags the doctor is given: the game's and the confinement's.
    pub doctor_flags: Vec<String>,
    pub self_test_timeout: Duration,
    pub store: crate::cli::DbLocation,
    pub quiet: bool,
}

pub fn execute(args: &LadderArgs, find: FindLadder) -> anyhow::Result<ExitCode> {
    let plan = plan(args)?;
    let ladder = find(args.game.name.as_deref().unwrap_or("t2r"))?;
    ladder(&plan)
}

fn plan(args: &LadderArgs) -> Result<LadderPlan, UsageError> {
    if !args.dir.is_dir() {
        return Err(UsageError::Invalid(format!(
            "the ladder's folder {} does not exist or is not a folder: give the folder that \
             holds one subfolder per entry",
            args.dir.display()
        )));
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
    if args.games == Some(0) {
        return Err(UsageError::Invalid(
            "--games 0: give the number of games the ladder stops at, at least 1".into(),
        ));
    }
    Ok(LadderPlan {
        dir: args.dir.clone(),
        out: (args.out.clone()).unwrap_or_else(|| PathBuf::from(format!("results/ladder-{name}"))),
        name,
        config,
        threads: super::threads::from_flag(args.threads)?,
        scan: seconds("--scan", args.scan)?,
        placement: args.placement,
        games: args.games,
        until,
        seed: args.seed,
        doctor_flags: doctor_flags(args),
        self_test_timeout: seconds("--self-test-timeout", args.self_test_timeout)?,
        store: args.store.clone(),
        quiet: args.quiet,
    })
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

/// The ladder's log: each line with its time, on stderr and appended to `ladder.log` in the
/// output folder.
pub struct Log {
    file: Mutex<Option<std::fs::File>>,
}

impl Log {
    pub fn open(out: &Path) -> anyhow::Result<Log> {
        std::fs::create_dir_all(out).map_err(|e| {
            UsageError::Invalid(format!(
                "cannot create the output folder {}: {e}; give --out a folder that can be made",
                out.display()
            ))
        })?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(out.join("ladder.log"))?;
        Ok(Log {
            file: Mutex::new(Some(file)),
        })
    }

    pub fn line(&self, text: &str) {
        let line = format!("{} {}", crate::store::now(), text);
        eprintln!("{line}");
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = file.as_mut()
            && writeln!(f, "{line}").is_err()
        {
            eprintln!("warning: cannot write ladder.log; the log goes on on stderr only");
            *file = None;
        }
    }
}
