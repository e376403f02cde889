//! Tournaments described in files (`scenarios/*.toml`), so a run can be repeated next year and
//! CI can gate on it. Parsing keeps spans, so every refusal names the file and line.

mod bots;
mod file;
mod format;
pub mod gate;
mod gate_spec;
pub mod glob;

pub use format::Format;
pub use gate::{Gate, HistoryGate, Reference, SprtGate};

use crate::bot::{BotChoice, Params};
use crate::error::UsageError;
use crate::external::Manifest;
use crate::external::clock::{Clock, Overrides};
use crate::external::manifest::manifest_path;
use crate::games::{Description, FindGame, GameConfig};
use crate::input;
use crate::runner::faults::{FaultPolicy, parse_rate};
use file::ScenarioFile;
pub use file::TuneTable;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A bot as written in `--bots` or a scenario, made ready for `game`: a bot manifest (a
/// `.toml` path, or a name with a registered `bots/NAME.toml`) is read now, so a broken one is
/// refused before the run, and labelled by its `name`; a manifest given parameters
/// (`./mybot.toml:x=0.3`) is labelled by its `name` followed by the parameters as written;
/// anything else is a built-in name, checked against the game's table later.
pub fn resolve(choice: BotChoice, game: &Description) -> Result<BotChoice, UsageError> {
    if choice.params.0.is_empty() && choice.label == choice.bot {
        from_token(&choice.bot, game)
    } else if choice.bot.ends_with(".toml")
        && let Some(written) = choice.label.strip_prefix(&choice.bot)
    {
        let base = from_token(&choice.bot, game)?;
        Ok(BotChoice {
            label: format!("{}{written}", base.label),
            ..choice
        })
    } else {
        Ok(choice)
    }
}

/// Turns a plain token that names a bot manifest into that manifest's bot; a built-in name
/// stays as it is.
fn from_token(token: &str, game: &Description) -> Result<BotChoice, UsageError> {
    match manifest_path(token, game.has_bot) {
        Some(path) => {
            let manifest = Manifest::load(&path)?;
            manifest.check_game(game.name)?;
            Ok(BotChoice {
                label: manifest.name,
                bot: path.display().to_string(),
                params: Params::default(),
            })
        }
        None => Ok(BotChoice::named(token)),
    }
}

/// A validated scenario. Indices refer to `bots`.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub path: PathBuf,
    /// The file stem: names the baseline file.
    pub name: String,
    pub game: String,
    pub config: GameConfig,
    pub bots: Vec<BotChoice>,
    pub format: Format,
    pub games: Option<u64>,
    pub seed: Option<u64>,
    pub out: Option<PathBuf>,
    pub max_fault_rate: f64,
    /// `faults = "tolerate=N"`: what a fault costs (`--faults` overrides it).
    pub faults: Option<FaultPolicy>,
    /// `disqualify = 0.2`: the fault rate that withdraws a program (`--disqualify` overrides).
    pub disqualify: Option<f64>,
    /// `clock = "60+0.5"` and `clock_margin_ms`: the programs' time control (`--clock` and
    /// `--clock-margin-ms` override each).
    pub clock: Overrides,
    pub gates: Vec<Gate>,
    /// A tuning scenario's `[tune]` table (`tourney tune`); such a scenario needs no bots.
    pub tune: Option<TuneTable>,
}

/// Where a value sits in the file, for messages.
struct Source<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Source<'_> {
    fn error(&self, span: Option<Range<usize>>, message: impl Into<String>) -> UsageError {
        let line = span.map_or(1, |s| {
            1 + self.text[..s.start.min(self.text.len())]
                .matches('\n')
                .count()
        });
        UsageError::File {
            path: self.path.to_path_buf(),
            line,
            message: message.into(),
        }
    }
}

impl Scenario {
    /// Reads a scenario file; its game and bots are checked against the games `find_game`
    /// knows (`app::registry::describe`).
    pub fn load(path: &Path, find_game: FindGame) -> Result<Scenario, UsageError> {
        // No line to name: the file itself is what is wrong.
        let text = crate::input::read_text(path, crate::input::SCENARIO).map_err(|e| {
            UsageError::Invalid(format!("cannot read the scenario {}: {e}", path.display()))
        })?;
        Scenario::parse(path, &text, find_game)
    }

    /// Reads a scenario's text, section by section in a fixed order (game, bots, format, game
    /// settings, run settings, gates), so that of several mistakes the same one is reported.
    pub fn parse(path: &Path, text: &str, find_game: FindGame) -> Result<Scenario, UsageError> {
        let src = Source { path, text };
        let raw: ScenarioFile = toml::from_str(text)
            .map_err(|e| src.error(e.span(), e.message().trim().to_string()))?;
        let game_name = raw.game.as_ref().map_or("t2r", |g| g.get_ref().as_str());
        let entry = find_game(game_name)
            .map_err(|e| src.error(raw.game.as_ref().map(|g| g.span()), e.to_string()))?;
        let bots = bots::read(&src, &raw, &entry)?;
        let format = format::read(&src, &raw, &bots)?;
        let config = game_config(&src, &raw, &entry)?;
        if let Some(games) = &raw.games {
            let bad = |message: String| src.error(Some(games.span()), message);
            if *games.get_ref() == 0 {
                return Err(bad("`games` must be at least 1".into()));
            }
            input::at_most("`games`", *games.get_ref(), input::GAMES).map_err(bad)?;
        }
        let max_fault_rate = max_fault_rate(&src, &raw)?;
        let (faults, disqualify) = fault_policy(&src, &raw)?;
        let clock = Overrides {
            clock: raw
                .clock
                .as_ref()
                .map(|c| Clock::parse(c.get_ref()).map_err(|e| src.error(Some(c.span()), e)))
                .transpose()?,
            margin: raw
                .clock_margin_ms
                .map(|ms| {
                    input::millis_at_most("`clock_margin_ms`", ms).map_err(|e| src.error(None, e))
                })
                .transpose()?
                .map(Duration::from_millis),
        };
        let gates = raw
            .gates
            .iter()
            .map(|spec| gate_spec::read(&src, &bots, spec))
            .collect::<Result<_, _>>()?;
        Ok(Scenario {
            path: path.to_path_buf(),
            name: path.file_stem().map_or_else(
                || "scenario".to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
            game: entry.name.to_string(),
            config,
            bots,
            format,
            games: raw.games.map(|g| g.into_inner()),
            seed: raw.seed,
            out: raw.out,
            max_fault_rate,
            faults,
            disqualify,
            clock,
            gates,
            tune: raw.tune,
        })
    }
}

/// The scenario's rules, options and players, checked by the game.
fn game_config(
    src: &Source,
    raw: &ScenarioFile,
    game: &Description,
) -> Result<GameConfig, UsageError> {
    let config = GameConfig {
        rules: raw.rules.as_ref().map(|r| r.get_ref().clone()),
        options: raw
            .options
            .iter()
            .map(|(name, value)| (name.clone(), plain(value.get_ref())))
            .collect(),
        seats: raw.players.as_ref().map(|p| *p.get_ref()),
    };
    (game.check)(&config).map_err(|e| src.error(setting_span(raw, &e), e.to_string()))?;
    Ok(config)
}

/// Where the setting a game refuses is written: its rules, the option it names, or else its
/// players.
fn setting_span(raw: &ScenarioFile, error: &UsageError) -> Option<Range<usize>> {
    match error {
        UsageError::UnknownRules { .. } => raw.rules.as_ref().map(|r| r.span()),
        UsageError::BadOptionValue { option, .. } => raw.options.get(*option).map(|v| v.span()),
        UsageError::UnknownOption { name, .. } => raw.options.get(name).map(|v| v.span()),
        _ => raw.players.as_ref().map(|p| p.span()),
    }
}

/// The share of faulty games `check` tolerates: none unless the scenario says.
fn max_fault_rate(src: &Source, raw: &ScenarioFile) -> Result<f64, UsageError> {
    match &raw.max_fault_rate {
        None => Ok(0.0),
        Some(rate) if (0.0..=1.0).contains(rate.get_ref()) => Ok(*rate.get_ref()),
        Some(rate) => Err(src.error(
            Some(rate.span()),
            "`max_fault_rate` must be between 0 and 1",
        )),
    }
}

/// The scenario's `faults` and `disqualify`, read as their flags are.
fn fault_policy(
    src: &Source,
    raw: &ScenarioFile,
) -> Result<(Option<FaultPolicy>, Option<f64>), UsageError> {
    let faults = raw
        .faults
        .as_ref()
        .map(|f| FaultPolicy::parse(f.get_ref()).map_err(|e| src.error(Some(f.span()), e)))
        .transpose()?;
    let disqualify = raw
        .disqualify
        .as_ref()
        .map(|d| parse_rate(&plain(d.get_ref())).map_err(|e| src.error(Some(d.span()), e)))
        .transpose()?;
    Ok((faults, disqualify))
}

/// A TOML value as the text a bot parameter or game option is given in.
fn plain(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests;
