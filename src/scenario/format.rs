//! Who meets whom in a scenario: its `format`, the bot that format names, and its `[knockout]`
//! or `[swiss]` table.

use super::Source;
use super::bots::index_of;
use super::file::{FormatName, ScenarioFile};
use crate::bot::BotChoice;
use crate::error::UsageError;
use crate::format::{Knockout, Swiss};
use std::ops::Range;
use toml::Spanned;

/// Who meets whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every combination of bots (every pair for two seats): with two bots, a head-to-head.
    RoundRobin,
    /// One candidate (a bot index) against each bot of the field.
    Gauntlet { candidate: usize },
    /// Every other bot alone against `seats` − 1 copies of the field bot (multi-seat games).
    Field { field: usize },
    /// Pools, then a bracket of matches (see `crate::format`).
    Knockout(Knockout),
    /// Rounds of matches between bots of equal or near score (see `crate::format`).
    Swiss(Swiss),
}

/// The scenario's format (a round robin when it names none). A `[knockout]` table is refused
/// after the format is read, so a knockout's own mistakes are reported first.
pub(super) fn read(
    src: &Source,
    raw: &ScenarioFile,
    bots: &[BotChoice],
) -> Result<Format, UsageError> {
    let format = match raw.format.as_ref().map(|f| (*f.get_ref(), f.span())) {
        None | Some((FormatName::RoundRobin, _)) => Format::RoundRobin,
        Some((FormatName::HeadToHead, span)) => {
            if bots.len() != 2 {
                return Err(src.error(
                    Some(span),
                    format!("head-to-head needs exactly 2 bots, not {}", bots.len()),
                ));
            }
            Format::RoundRobin
        }
        Some((FormatName::Field, span)) => Format::Field {
            field: named(
                src,
                bots,
                &raw.field,
                span,
                "the field format needs `field = \"BOT\"`",
            )?,
        },
        Some((FormatName::Gauntlet, span)) => Format::Gauntlet {
            candidate: named(
                src,
                bots,
                &raw.candidate,
                span,
                "a gauntlet needs `candidate = \"BOT\"`",
            )?,
        },
        Some((FormatName::Knockout, span)) => {
            Format::Knockout(knockout(src, raw, span, bots.len())?)
        }
        Some((FormatName::Swiss, span)) => Format::Swiss(swiss(src, raw, span, bots.len())?),
    };
    if let Some(table) = raw
        .knockout
        .as_ref()
        .filter(|_| !matches!(format, Format::Knockout(_)))
    {
        return Err(src.error(
            Some(table.span()),
            "a [knockout] table needs `format = \"knockout\"`",
        ));
    }
    if let Some(table) = raw
        .swiss
        .as_ref()
        .filter(|_| !matches!(format, Format::Swiss(_)))
    {
        return Err(src.error(
            Some(table.span()),
            "a [swiss] table needs `format = \"swiss\"`",
        ));
    }
    Ok(format)
}

/// The bot a format's key names (`field`, `candidate`), which that format needs: without the
/// key, the format at `span` is refused with `missing`.
fn named(
    src: &Source,
    bots: &[BotChoice],
    key: &Option<Spanned<String>>,
    span: Range<usize>,
    missing: &str,
) -> Result<usize, UsageError> {
    let key = key.as_ref().ok_or_else(|| src.error(Some(span), missing))?;
    index_of(src, bots, key.get_ref(), key.span())
}

/// A knockout's settings from its `[knockout]` table (refused at the table), then checked
/// against the number of bots and seats (refused at `format`).
fn knockout(
    src: &Source,
    raw: &ScenarioFile,
    span: Range<usize>,
    bots: usize,
) -> Result<Knockout, UsageError> {
    let table = raw.knockout.as_ref().map(|t| t.get_ref());
    let settings = Knockout::new(
        table.and_then(|t| t.pool_size),
        table.and_then(|t| t.advance),
        table.and_then(|t| t.match_games),
    )
    .map_err(|e| src.error(raw.knockout.as_ref().map(|t| t.span()), e))?;
    settings
        .check(bots, config_seats(raw).unwrap_or(2))
        .map_err(|e| src.error(Some(span), e))?;
    Ok(settings)
}

/// A Swiss system's rounds from its `[swiss]` table, checked against the number of bots and
/// seats (refused at `format`, or at the table when it gives no rounds).
fn swiss(
    src: &Source,
    raw: &ScenarioFile,
    span: Range<usize>,
    bots: usize,
) -> Result<Swiss, UsageError> {
    let table = raw.swiss.as_ref();
    let settings = Swiss::new(table.and_then(|t| t.get_ref().rounds))
        .map_err(|e| src.error(Some(table.map_or(span.clone(), |t| t.span())), e))?;
    settings
        .check(bots, config_seats(raw).unwrap_or(2))
        .map_err(|e| src.error(Some(span), e))?;
    Ok(settings)
}

/// The seats a scenario asks for, if it says.
fn config_seats(raw: &ScenarioFile) -> Option<usize> {
    raw.players.as_ref().map(|p| *p.get_ref())
}
