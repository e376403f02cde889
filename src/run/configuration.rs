//! A plan as a results folder's manifest keeps it, and back: `manifest.json` holds the
//! [`Configuration`] of a run, resume and merge make the plan again from it.

use super::binary::binary_sha256;
use super::plan::RunPlan;
use super::seeds::SeedList;
use super::threads;
use crate::bot::{BotChoice, Params};
use crate::error::UsageError;
use crate::external::clock::{Clock, Overrides};
use crate::format::{Knockout, Swiss};
use crate::game::GameInfo;
use crate::games::{FindGame, GameConfig};
use crate::results::manifest::{BotConfig, Configuration, GivenConfig, SeedsConfig};
use crate::runner::FaultPolicy;
use crate::scenario::Format;
use std::time::Duration;

impl RunPlan {
    /// The configuration of this plan as configured (`info`) with `total_games` in its
    /// schedule: what `manifest.json` keeps of it.
    pub fn configuration(&self, info: &GameInfo, total_games: u64) -> Configuration {
        let plan = self;
        let label = |i: usize| plan.bots[i].label.clone();
        Configuration {
            tool: format!("tourney {}", env!("CARGO_PKG_VERSION")),
            binary_sha256: binary_sha256().to_string(),
            game: info.name.to_string(),
            rules: info.rules.to_string(),
            options: info
                .options
                .iter()
                .map(|(name, value)| (name.to_string(), value.clone()))
                .collect(),
            seats: info.seats,
            bots: plan
                .bots
                .iter()
                .map(|b| BotConfig {
                    label: b.label.clone(),
                    bot: b.bot.clone(),
                    params: b.params.0.clone(),
                })
                .collect(),
            format: match plan.format {
                Format::RoundRobin => "round-robin".to_string(),
                Format::Gauntlet { candidate } => format!("gauntlet:{}", label(candidate)),
                Format::Field { field } => format!("field:{}", label(field)),
                Format::Knockout(settings) => format!("knockout:{}", settings.to_manifest()),
                Format::Swiss(settings) => format!("swiss:{}", settings.to_manifest()),
            },
            games_per_pairing: plan.per_pairing(info.seats),
            master_seed: plan.master_seed,
            seeds: plan.seeds.as_ref().map(|s| SeedsConfig {
                file_sha256: s.sha256.clone(),
                values: s.values.to_vec(),
            }),
            total_games,
            sprt_stop: plan.sprt_stop,
            faults: (plan.faults != FaultPolicy::Lose).then(|| plan.faults.to_string()),
            disqualify: plan.disqualify,
            clock: plan.clock.clock.map(|c| c.to_string()),
            clock_margin_ms: plan.clock.margin.map(|m| m.as_millis() as u64),
            given: GivenConfig {
                rules: plan.config.rules.clone(),
                options: plan.config.options.clone(),
                seats: plan.config.seats,
            },
        }
    }

    /// A plan that plays `configuration` again (resume and merge without the original
    /// command line); output and run options are left at their defaults.
    pub fn from_configuration(
        configuration: &Configuration,
        find_game: FindGame,
    ) -> Result<RunPlan, UsageError> {
        let this = configuration;
        let game = find_game(&this.game)?;
        let config = GameConfig {
            rules: this.given.rules.clone(),
            options: this.given.options.clone(),
            seats: this.given.seats,
        };
        (game.check)(&config)?;
        let bots: Vec<BotChoice> = this
            .bots
            .iter()
            .map(|b| BotChoice {
                label: b.label.clone(),
                bot: b.bot.clone(),
                params: Params(b.params.clone()),
            })
            .collect();
        let index = |label: &str| {
            bots.iter().position(|b| b.label == label).ok_or_else(|| {
                UsageError::Invalid(format!(
                    "the manifest's format '{}' names no bot of its own",
                    this.format
                ))
            })
        };
        let format = match this.format.split_once(':') {
            None if this.format == "round-robin" => Format::RoundRobin,
            Some(("gauntlet", label)) => Format::Gauntlet {
                candidate: index(label)?,
            },
            Some(("field", label)) => Format::Field {
                field: index(label)?,
            },
            Some(("knockout", settings)) => {
                Format::Knockout(Knockout::from_manifest(settings).map_err(|e| {
                    UsageError::Invalid(format!("the manifest's format '{}': {e}", this.format))
                })?)
            }
            Some(("swiss", settings)) => {
                Format::Swiss(Swiss::from_manifest(settings).map_err(|e| {
                    UsageError::Invalid(format!("the manifest's format '{}': {e}", this.format))
                })?)
            }
            _ => {
                return Err(UsageError::Invalid(format!(
                    "unknown format '{}' in the manifest",
                    this.format
                )));
            }
        };
        // A contest client cannot be called back from a folder: resuming a run with one needs
        // the original command line, `--serve` included; `RunPlan::of_games` leaves it off.
        let mut plan = RunPlan::of_games(
            game,
            config,
            bots,
            format,
            this.games_per_pairing,
            this.master_seed,
            threads::cores(),
        );
        plan.sprt_stop = this.sprt_stop;
        if let Some(policy) = &this.faults {
            plan.faults = FaultPolicy::parse(policy).map_err(UsageError::Invalid)?;
        }
        plan.disqualify = this.disqualify;
        plan.clock = Overrides {
            clock: this
                .clock
                .as_deref()
                .map(Clock::parse)
                .transpose()
                .map_err(|e| UsageError::Invalid(format!("the manifest's {e}")))?,
            margin: this.clock_margin_ms.map(Duration::from_millis),
        };
        plan.seeds = this.seeds.as_ref().map(|s| SeedList {
            values: s.values.clone().into(),
            sha256: s.file_sha256.clone(),
        });
        Ok(plan)
    }
}
