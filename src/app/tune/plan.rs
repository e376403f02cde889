//! From what was typed (flags, a scenario's `[tune]` table, or a folder to resume) to a
//! validated tuning plan. The settings are kept in `DIR/tune.json`, so `--resume DIR` needs
//! nothing else.

use super::super::arguments::game_config;
use super::folder::{self, SETTINGS};
use crate::bot::{BotChoice, parse_bot, parse_bots};
use crate::cli::{SandboxArgs, StoreArgs, TuneArgs};
use crate::error::UsageError;
use crate::games::{Description, FindGame, GameConfig};
use crate::input;
use crate::results::files::value_sha256;
use crate::run::store_plan::StorePlan;
use crate::scenario::{self, Scenario};
use crate::seed::DEFAULT_MASTER_SEED;
use crate::tune::subject::ParamRange;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Tuning games when neither the command line nor a scenario says.
pub const DEFAULT_GAMES: u64 = 4000;
/// Seeds per iteration (each in every seat order) when not given.
pub const DEFAULT_BATCH: u64 = 8;

/// Everything that decides the games and the tuned values, as written: what `tune.json` keeps.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TuneSettings {
    pub game: String,
    pub rules: Option<String>,
    pub options: BTreeMap<String, String>,
    pub players: Option<usize>,
    /// The bot spec, as in `run --bots`.
    pub bot: String,
    /// `NAME=MIN:MAX` or `NAME`, as given.
    pub params: Vec<String>,
    /// Bot specs of the field; empty for self-play.
    pub against: Vec<String>,
    pub games: u64,
    pub batch: u64,
    pub seed: u64,
    pub verify: bool,
    pub verify_games: u64,
}

/// The key of `tune.json` that holds the SHA-256 of the rest, so an edited file is refused by
/// `--resume` instead of silently continuing another tuning's rows.
const SETTINGS_SHA256: &str = "settings_sha256";

impl TuneSettings {
    /// `tune.json`'s text: the settings and their hash.
    pub fn json(&self) -> String {
        let mut value = serde_json::to_value(self).expect("settings always encode");
        let hash = value_sha256(&value);
        value
            .as_object_mut()
            .expect("settings are an object")
            .insert(SETTINGS_SHA256.into(), hash.into());
        serde_json::to_string_pretty(&value).expect("a value always encodes") + "\n"
    }

    /// The settings of `tune.json`'s text, refused when they do not match their hash.
    fn from_json(text: &str) -> Result<TuneSettings, String> {
        let mut value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not a tune.json: {e}"))?;
        let hash = value
            .as_object_mut()
            .and_then(|o| o.remove(SETTINGS_SHA256))
            .ok_or_else(|| format!("not a tune.json: no {SETTINGS_SHA256}"))?;
        if hash.as_str() != Some(value_sha256(&value).as_str()) {
            return Err(format!(
                "the settings differ from those the tuning was started with (their \
                 {SETTINGS_SHA256} does not match): edited? it cannot be resumed"
            ));
        }
        serde_json::from_value(value).map_err(|e| format!("not a tune.json: {e}"))
    }
}

/// A validated tuning, ready to play.
pub struct TunePlan {
    pub settings: TuneSettings,
    pub game: Description,
    pub config: GameConfig,
    pub bot: BotChoice,
    pub ranges: Vec<ParamRange>,
    pub against: Vec<BotChoice>,
    pub threads: usize,
    pub out_dir: PathBuf,
    /// Continue the tuning already in `out_dir`.
    pub resume: bool,
    pub quiet: bool,
    /// Where the final verification's games are recorded (`None`: `--no-db`, or `bench`).
    pub store: Option<StorePlan>,
}

impl TunePlan {
    /// `find_game` is the registry's lookup, handed down so that plans never name the registry.
    pub fn from_args(args: &TuneArgs, find_game: FindGame) -> Result<TunePlan, UsageError> {
        let threads = crate::run::threads::from_flag(args.threads)?;
        let (settings, out_dir, resume) = match &args.resume {
            Some(dir) => (resumed(dir, args)?, dir.clone(), true),
            None => {
                let scenario = args
                    .scenario
                    .as_deref()
                    .map(|path| Scenario::load(path, find_game))
                    .transpose()?;
                let settings = settings(args, scenario.as_ref())?;
                let out = args
                    .out
                    .clone()
                    .or(scenario.and_then(|s| s.out))
                    .unwrap_or_else(|| default_out_dir(Path::new("results"), &settings));
                folder::check_free(&out)?;
                (settings, out, false)
            }
        };
        let mut plan = TunePlan::of(settings, threads, out_dir, resume, args.quiet, find_game)?;
        plan.store = StorePlan::from_args(&args.store)?;
        Ok(plan)
    }

    /// Checks the settings and resolves their names.
    pub fn of(
        settings: TuneSettings,
        threads: usize,
        out_dir: PathBuf,
        resume: bool,
        quiet: bool,
        find_game: FindGame,
    ) -> Result<TunePlan, UsageError> {
        let game = find_game(&settings.game)?;
        let config = GameConfig {
            rules: settings.rules.clone(),
            options: settings.options.clone(),
            seats: settings.players,
        };
        (game.check)(&config)?;
        let bot = scenario::resolve(
            parse_bot(&settings.bot).map_err(UsageError::Invalid)?,
            &game,
        )?;
        let ranges = parse_ranges(&settings.params)?;
        let against = parse_bots(&settings.against)
            .map_err(UsageError::Invalid)?
            .into_iter()
            .map(|b| scenario::resolve(b, &game))
            .collect::<Result<Vec<_>, _>>()?;
        if settings.games == 0 || settings.batch == 0 {
            return Err(UsageError::Invalid(
                "--games and --batch must be at least 1".into(),
            ));
        }
        if settings.verify && settings.verify_games < 2 {
            return Err(UsageError::Invalid(
                "--verify-games must be at least 2 (one seed pair)".into(),
            ));
        }
        for (name, value, most) in [
            ("--games ([tune] games)", settings.games, input::GAMES),
            ("--batch ([tune] batch)", settings.batch, input::BATCH),
            ("--verify-games", settings.verify_games, input::GAMES),
        ] {
            input::at_most(name, value, most).map_err(UsageError::Invalid)?;
        }
        Ok(TunePlan {
            settings,
            game,
            config,
            bot,
            ranges,
            against,
            threads,
            out_dir,
            resume,
            quiet,
            store: None,
        })
    }
}

/// The parameters to tune, as `--param` gives them: at least one, none twice.
fn parse_ranges(params: &[String]) -> Result<Vec<ParamRange>, UsageError> {
    let ranges = params
        .iter()
        .map(|p| parse_range(p))
        .collect::<Result<Vec<_>, _>>()?;
    if ranges.is_empty() {
        return Err(UsageError::Invalid(
            "nothing to tune: give --param NAME=MIN:MAX (see `tourney list` for parameters)".into(),
        ));
    }
    for (i, r) in ranges.iter().enumerate() {
        if ranges[..i].iter().any(|o| o.name == r.name) {
            return Err(UsageError::Invalid(format!(
                "--param {} is given twice",
                r.name
            )));
        }
    }
    Ok(ranges)
}

/// The settings from flags over a scenario's fields and its `[tune]` table.
fn settings(args: &TuneArgs, scenario: Option<&Scenario>) -> Result<TuneSettings, UsageError> {
    let tune = scenario.and_then(|s| s.tune.clone()).unwrap_or_default();
    let (game, config) = game_config(&args.game, scenario)?;
    let bot = args.bot.clone().or(tune.bot).ok_or_else(|| {
        UsageError::Invalid("no bot to tune: give --bot BOTSPEC (e.g. mcts:iterations=400)".into())
    })?;
    let pick = |given: &[String], fallback: Vec<String>| match given.is_empty() {
        true => fallback,
        false => given.to_vec(),
    };
    let games = args.games.or(tune.games).unwrap_or(DEFAULT_GAMES);
    Ok(TuneSettings {
        game,
        rules: config.rules,
        options: config.options,
        players: config.seats,
        bot,
        params: pick(&args.params, tune.params),
        against: pick(&args.against, tune.against),
        games,
        batch: args.batch.or(tune.batch).unwrap_or(DEFAULT_BATCH),
        seed: args
            .seed
            .or(scenario.and_then(|s| s.seed))
            .unwrap_or(DEFAULT_MASTER_SEED),
        verify: !args.no_verify,
        verify_games: args.verify_games.unwrap_or(games),
    })
}

/// The settings of the tuning in `dir`. Only --threads, --quiet, the sandbox and the store flags
/// may come with --resume: anything else would make the rest of the tuning another tuning's.
fn resumed(dir: &Path, args: &TuneArgs) -> Result<TuneSettings, UsageError> {
    let given = TuneArgs {
        resume: None,
        threads: None,
        quiet: false,
        sandbox: SandboxArgs::default(),
        store: StoreArgs::default(),
        ..TuneArgs::default()
    };
    let flags = TuneArgs {
        resume: None,
        threads: None,
        quiet: false,
        sandbox: SandboxArgs::default(),
        store: StoreArgs::default(),
        ..args.clone()
    };
    if format!("{flags:?}") != format!("{given:?}") {
        return Err(UsageError::Invalid(format!(
            "--resume reads the settings from {}; give only --threads or --quiet with it",
            dir.join(SETTINGS).display()
        )));
    }
    let path = dir.join(SETTINGS);
    let text = crate::input::read_text(&path, crate::input::TUNE_SETTINGS).map_err(|e| {
        UsageError::Invalid(format!(
            "{} has no tuning to resume ({}: {e})",
            dir.display(),
            path.display()
        ))
    })?;
    TuneSettings::from_json(&text).map_err(|message| UsageError::File {
        path,
        line: 1,
        message,
    })
}

/// `NAME=MIN:MAX`, or `NAME` for the declared range.
fn parse_range(text: &str) -> Result<ParamRange, UsageError> {
    let bad = || {
        UsageError::Invalid(format!(
            "--param '{text}' is not NAME=MIN:MAX (e.g. c=0:2) or NAME"
        ))
    };
    let Some((name, range)) = text.split_once('=') else {
        return match text.is_empty() {
            true => Err(bad()),
            false => Ok(ParamRange {
                name: text.to_string(),
                range: None,
            }),
        };
    };
    if name.is_empty() {
        return Err(UsageError::Invalid(format!(
            "--param '{text}': the parameter's name is missing before '='"
        )));
    }
    let (min, max) = range.split_once(':').ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.is_finite());
    let (min, max) = (number(min).ok_or_else(bad)?, number(max).ok_or_else(bad)?);
    if min >= max {
        return Err(UsageError::Invalid(format!(
            "--param '{text}': MIN must be below MAX"
        )));
    }
    Ok(ParamRange {
        name: name.to_string(),
        range: Some((min, max)),
    })
}

/// `results/tune-<game>-<bot>-seed<S>`, with `-2`, `-3`… until the folder is new.
fn default_out_dir(root: &Path, settings: &TuneSettings) -> PathBuf {
    let bot: String = settings
        .bot
        .split(':')
        .next()
        .unwrap_or("bot")
        .chars()
        .map(|c| match c {
            '/' | '\\' | ',' | '=' => '_',
            c => c,
        })
        .collect();
    let base = format!("tune-{}-{bot}-seed{}", settings.game, settings.seed);
    crate::results::folders::unused(root, &base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_and_bad_ones_are_refused() {
        assert_eq!(
            parse_range("c=0:2").unwrap(),
            ParamRange {
                name: "c".into(),
                range: Some((0.0, 2.0))
            }
        );
        assert_eq!(parse_range("x").unwrap().range, None);
        assert!(parse_range("c=2:1").is_err());
        assert!(parse_range("c=0-1").is_err());
        assert!(parse_range("c=a:1").is_err());
        let missing = format!("{:?}", parse_range("=0:1").unwrap_err());
        assert!(missing.contains("name is missing"), "{missing}");
    }

    #[test]
    fn tune_json_comes_back_and_an_edited_one_is_refused() {
        let settings = TuneSettings {
            game: "t2r".into(),
            bot: "test-optimum".into(),
            params: vec!["x".into()],
            games: 400,
            batch: 8,
            seed: 3,
            ..TuneSettings::default()
        };
        let text = settings.json();
        assert_eq!(TuneSettings::from_json(&text).unwrap(), settings);
        let edited = text.replace("\"seed\": 3", "\"seed\": 4");
        assert_ne!(edited, text);
        assert!(
            TuneSettings::from_json(&edited)
                .unwrap_err()
                .contains("edited")
        );
    }
}
