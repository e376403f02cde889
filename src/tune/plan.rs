//! A validated tuning, ready to play: the settings checked and their names resolved (the
//! game, the tuned bot and its parameters, the field), and where the tuning is kept.

use super::settings::TuneSettings;
use super::subject::ParamRange;
use crate::bot::{BotChoice, parse_bot, parse_bots};
use crate::error::UsageError;
use crate::games::{Description, FindGame, GameConfig};
use crate::input;
use crate::run::store_plan::StorePlan;
use crate::scenario;
use std::path::PathBuf;

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
}
