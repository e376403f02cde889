//! The bot being tuned: which parameters move, between which bounds, from where, and how a
//! point of the search becomes a bot of the runner (a built-in row with parameters, or the
//! external program with other `[params]` values).

use super::spsa::Bounds;
use crate::bot::{BotChoice, parse_bot};
use crate::bot::{BotEntry, BotMaker, Configured, ParamKind, ParamSpec, Params};
use crate::error::UsageError;
use crate::external::manifest::manifest_path;
use crate::external::{ExternalMaker, Manifest};
use crate::roster::{Contest, find_entry, resolve_bot};
use crate::seed::{self, Stream};
use anyhow::Context;
use std::path::Path;

/// A parameter to tune, with the range asked for (`None`: the bot's declared range).
#[derive(Clone, Debug, PartialEq)]
pub struct ParamRange {
    pub name: String,
    pub range: Option<(f64, f64)>,
}

/// One tuned parameter.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub name: String,
    pub bounds: Bounds,
    /// The bot's own value: what its spec sets, else its default.
    pub start: f64,
}

enum Kind<G: Contest> {
    BuiltIn(&'static BotEntry<G>),
    External(Box<Manifest>, ExternalMaker),
}

pub struct Subject<G: Contest> {
    kind: Kind<G>,
    /// The bot as written, whose parameters the tuned ones override.
    choice: BotChoice,
    pub tuned: Vec<Tuned>,
}

impl<G: Contest> Subject<G> {
    /// Finds the bot and checks it as `run` checks its lineup (an external program must exist
    /// and start), then every range: a declared numeric parameter, inside what the bot
    /// accepts, around its start value, both ends accepted by the bot, and a name the printed
    /// spec can carry back to `run --bots`.
    pub fn resolve(
        game: &G,
        choice: &BotChoice,
        ranges: &[ParamRange],
        logs: Option<&Path>,
    ) -> anyhow::Result<Subject<G>> {
        resolve_bot(game, choice, logs)?;
        let table = G::bots();
        let (kind, specs) = match manifest_path(&choice.bot, |n| table.iter().any(|e| e.name == n))
        {
            Some(path) => {
                let manifest = Manifest::load(&path)?;
                manifest.check_game(G::NAME)?;
                let values = manifest.param_values(&choice.params).map_err(|message| {
                    UsageError::BotParams {
                        bot: choice.bot.clone(),
                        message,
                    }
                })?;
                let maker = ExternalMaker::new(manifest.clone(), &choice.label, logs, values)
                    .context("cannot create the bot log folder")?;
                let specs = manifest.params.clone();
                (Kind::External(Box::new(manifest), maker), specs)
            }
            None => {
                let entry = find_entry::<G>(&choice.bot)?;
                (Kind::BuiltIn(entry), (entry.params)(game))
            }
        };
        let tuned = ranges
            .iter()
            .map(|range| tuned(&choice.bot, &specs, &choice.params, range))
            .collect::<Result<Vec<_>, _>>()?;
        let subject = Subject {
            kind,
            choice: choice.clone(),
            tuned,
        };
        subject.check_ends(game)?;
        subject.check_spec()?;
        Ok(subject)
    }

    /// The tuned spec must read back as the same bot in `run --bots`, so every tuned name
    /// must be one a bot spec can hold.
    fn check_spec(&self) -> Result<(), UsageError> {
        let start: Vec<f64> = self.tuned.iter().map(|t| t.start).collect();
        let spec = self.spec_at(&start);
        let back = parse_bot(&spec).ok().map(|b| b.params);
        if back.as_ref() == Some(&self.params_at(&start)) {
            return Ok(());
        }
        let names: Vec<&str> = self.tuned.iter().map(|t| t.name.as_str()).collect();
        Err(UsageError::BotParams {
            bot: self.choice.bot.clone(),
            message: format!(
                "the tuned spec '{spec}' would not read back in `run --bots`: parameter names \
                 ({}) must be letters, digits, '_' and '-'",
                names.join(", ")
            ),
        })
    }

    /// Builds the bot at each end of each range (the others at their start), so a range the
    /// bot refuses somewhere is reported now, not as crashed games.
    fn check_ends(&self, game: &G) -> Result<(), UsageError> {
        let start: Vec<f64> = self.tuned.iter().map(|t| t.start).collect();
        for (i, t) in self.tuned.iter().enumerate() {
            for end in [t.bounds.min, t.bounds.max] {
                let mut point = start.clone();
                point[i] = end;
                let params = self.params_at(&point);
                let refused = match &self.kind {
                    Kind::BuiltIn(entry) => entry
                        .make(game, 0, seed::rng(0, 0, Stream::Seat(0)), &params)
                        .err(),
                    Kind::External(manifest, _) => manifest.param_values(&params).err(),
                };
                if let Some(message) = refused {
                    return Err(UsageError::BotParams {
                        bot: self.choice.bot.clone(),
                        message: format!("at {}={}: {message}", t.name, t.bounds.value(end)),
                    });
                }
            }
        }
        Ok(())
    }

    /// The bot's parameters at a point (real values; whole-number ones are rounded here).
    pub fn params_at(&self, point: &[f64]) -> Params {
        let mut params = self.choice.params.clone();
        for (t, &value) in self.tuned.iter().zip(point) {
            let text = t.bounds.kind.format(t.bounds.value(value));
            params.0.insert(t.name.clone(), text);
        }
        params
    }

    /// The runner's maker for the bot at a point.
    pub fn maker(&self, point: &[f64]) -> anyhow::Result<Box<dyn BotMaker<G> + '_>> {
        let params = self.params_at(point);
        Ok(match &self.kind {
            Kind::BuiltIn(entry) => Box::new(Configured { entry, params }),
            Kind::External(manifest, maker) => {
                let values = manifest
                    .param_values(&params)
                    .map_err(|e| anyhow::anyhow!("tuned values refused: {e}"))?;
                Box::new(maker.with_params(values))
            }
        })
    }

    /// The bot at a point as one would write it: `mcts:c=0.012,iterations=800`.
    pub fn choice_at(&self, point: &[f64], label: &str) -> BotChoice {
        BotChoice {
            label: label.to_string(),
            bot: self.choice.bot.clone(),
            params: self.params_at(point),
        }
    }

    pub fn spec_at(&self, point: &[f64]) -> String {
        let items: Vec<String> = self
            .params_at(point)
            .0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{}:{}", self.choice.bot, items.join(","))
    }
}

/// One `--param` checked against the bot's declarations.
fn tuned(
    bot: &str,
    specs: &[ParamSpec],
    given: &Params,
    range: &ParamRange,
) -> Result<Tuned, UsageError> {
    let invalid = |message: String| UsageError::BotParams {
        bot: bot.to_string(),
        message,
    };
    let spec = specs.iter().find(|s| s.name == range.name).ok_or_else(|| {
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        invalid(match names.is_empty() {
            true => format!("'{}': the bot declares no numeric parameters", range.name),
            false => format!(
                "'{}' is not a numeric parameter; it has {}",
                range.name,
                names.join(", ")
            ),
        })
    })?;
    let (min, max) = tuned_range(spec, range.range).map_err(invalid)?;
    let start = start_value(bot, spec, given, (min, max)).map_err(invalid)?;
    Ok(Tuned {
        name: spec.name.clone(),
        bounds: Bounds {
            min,
            max,
            kind: spec.kind,
        },
        start,
    })
}

/// The range a parameter is tuned within: the one asked for, else the bot's own; rounded for
/// an integer, and within what the bot accepts.
fn tuned_range(spec: &ParamSpec, asked: Option<(f64, f64)>) -> Result<(f64, f64), String> {
    let (min, max) = match asked {
        Some(r) => r,
        None if spec.min.is_finite() && spec.max.is_finite() => (spec.min, spec.max),
        None => {
            return Err(format!(
                "{} has no bounded range of its own: give --param {}=MIN:MAX",
                spec.name, spec.name
            ));
        }
    };
    let (min, max) = match spec.kind {
        ParamKind::Int => (min.round(), max.round()),
        ParamKind::Float => (min, max),
    };
    if min < spec.min || max > spec.max || min >= max {
        return Err(format!(
            "{} is tuned within [{min}, {max}], but accepts [{}, {}]",
            spec.name, spec.min, spec.max
        ));
    }
    Ok((min, max))
}

/// Where the tuning of a parameter starts: the value the bot spec gives, else the bot's
/// default; within the tuned range.
fn start_value(
    bot: &str,
    spec: &ParamSpec,
    given: &Params,
    (min, max): (f64, f64),
) -> Result<f64, String> {
    let start = match given.0.get(&spec.name) {
        Some(text) => text
            .parse::<f64>()
            .map_err(|_| format!("{} = '{text}' is not a number to start from", spec.name))?,
        None => spec.default.ok_or_else(|| {
            format!(
                "{} has no numeric default: give a start value, e.g. {bot}:{}={min}",
                spec.name, spec.name
            )
        })?,
    };
    if !(min..=max).contains(&start) {
        return Err(format!(
            "{} starts at {start}, outside the range {min}:{max}",
            spec.name
        ));
    }
    Ok(start)
}
