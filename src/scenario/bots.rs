//! A scenario's bot list: each item made into a bot ready for the game, and the labels that
//! formats and gates name bots by.

use super::file::{BotSpec, BotTable, ScenarioFile};
use super::glob;
use super::{Source, plain, resolve};
use crate::bot::{BotChoice, Params, check_label, parse_bot};
use crate::error::UsageError;
use crate::games::Description;
use std::ops::Range;
use toml::Spanned;

/// One bot of the list: an item as written, or one manifest a pattern item matched (refusals
/// still point at the pattern's line).
struct Item<'a> {
    spec: &'a Spanned<BotSpec>,
    matched: Option<String>,
}

/// The scenario's bots in the order written. Every pattern is expanded before any bot is read,
/// so a pattern that matches nothing is refused first.
pub(super) fn read(
    src: &Source,
    raw: &ScenarioFile,
    game: &Description,
) -> Result<Vec<BotChoice>, UsageError> {
    let mut bots = Vec::new();
    for item in items(src, raw)? {
        let span = item.spec.span();
        let choice = choice(src, item, game)?;
        fits(&choice, &bots, game).map_err(|e| src.error(Some(span), e))?;
        bots.push(choice);
    }
    if bots.len() < 2 && raw.tune.is_none() {
        return Err(src.error(
            raw.bots.as_ref().map(|b| b.span()),
            "a scenario needs at least two bots",
        ));
    }
    Ok(bots)
}

/// The items of the bot list, with each pattern item replaced by the manifests it matches.
fn items<'a>(src: &Source, raw: &'a ScenarioFile) -> Result<Vec<Item<'a>>, UsageError> {
    let listed = raw
        .bots
        .as_ref()
        .map_or(&[][..], |b| b.get_ref().as_slice());
    let mut items = Vec::new();
    for spec in listed {
        match spec.get_ref() {
            BotSpec::Name(text) if glob::is_pattern(text) => {
                let paths = glob::expand(text).map_err(|e| src.error(Some(spec.span()), e))?;
                items.extend(paths.into_iter().map(|path| Item {
                    spec,
                    matched: Some(path),
                }));
            }
            _ => items.push(Item {
                spec,
                matched: None,
            }),
        }
    }
    Ok(items)
}

/// The bot an item names, resolved for the game, with a table item's `name` and `params`.
fn choice(src: &Source, item: Item, game: &Description) -> Result<BotChoice, UsageError> {
    let span = item.spec.span();
    let parsed = match (item.spec.get_ref(), item.matched) {
        (_, Some(path)) => parse_bot(&path),
        (BotSpec::Name(text), None) => parse_bot(text),
        (BotSpec::Table(t), None) => Ok(BotChoice::named(&t.bot)),
    };
    let parsed = parsed.map_err(|e| src.error(Some(span.clone()), e))?;
    let choice = resolve(parsed, game).map_err(|e| src.error(Some(span.clone()), e.to_string()))?;
    match item.spec.get_ref() {
        BotSpec::Table(table) => with_table(choice, table).map_err(|e| src.error(Some(span), e)),
        BotSpec::Name(_) => Ok(choice),
    }
}

/// A table item's label (checked, as it also names files) and parameters over its bot.
fn with_table(mut choice: BotChoice, table: &BotTable) -> Result<BotChoice, String> {
    if let Some(name) = &table.name {
        check_label(name)?;
    }
    choice.label = table.name.clone().unwrap_or(choice.label);
    choice.params = Params(
        table
            .params
            .iter()
            .map(|(k, v)| (k.clone(), plain(v)))
            .collect(),
    );
    Ok(choice)
}

/// Refuses a built-in bot the game does not have, and a label one of the `earlier` bots has.
fn fits(choice: &BotChoice, earlier: &[BotChoice], game: &Description) -> Result<(), String> {
    if !choice.bot.ends_with(".toml") && !(game.has_bot)(&choice.bot) {
        let known: Vec<&str> = (game.bots)().iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "unknown bot '{}' for {}; known bots: {}",
            choice.bot,
            game.name,
            known.join(", ")
        ));
    }
    if earlier.iter().any(|b| b.label == choice.label) {
        return Err(format!(
            "two bots are named '{}'; give one a distinct `name`",
            choice.label
        ));
    }
    Ok(())
}

/// The index of the bot labelled `label`, which a format or gate at `span` names.
pub(super) fn index_of(
    src: &Source,
    bots: &[BotChoice],
    label: &str,
    span: Range<usize>,
) -> Result<usize, UsageError> {
    bots.iter().position(|b| b.label == label).ok_or_else(|| {
        let known: Vec<&str> = bots.iter().map(|b| b.label.as_str()).collect();
        src.error(
            Some(span),
            format!(
                "'{label}' is not one of this scenario's bots: {}",
                known.join(", ")
            ),
        )
    })
}
