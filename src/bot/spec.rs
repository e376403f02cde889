//! Bots written inline, as on the command line: `--bots mcts:iterations=2000,rollout=greedy,nice`.
//!
//! The shell hands over one string and `,` separates both bots and parameters, so the rule is:
//! a bot is `NAME` or `NAME:KEY=VALUE`; every following comma-separated item of the form
//! `KEY=VALUE` (a key of letters, digits, `_` and `-`, then `=`) is one more parameter of that
//! bot; the first item that is not `KEY=VALUE` starts the next bot. An item that holds a `/`
//! or a `.` before any `=` or `:` is a path and is kept whole, so bot files given as paths
//! (`bots/mine.toml`) keep working.

use super::Params;

/// A bot of a tournament: how it is labelled, which bot it is (a built-in name or a manifest's
/// path), with which parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct BotChoice {
    pub label: String,
    pub bot: String,
    pub params: Params,
}

impl BotChoice {
    /// A bot by its plain name, labelled by it, without parameters.
    pub fn named(bot: &str) -> BotChoice {
        BotChoice {
            label: bot.to_string(),
            bot: bot.to_string(),
            params: Params::default(),
        }
    }
}

/// Splits already comma-separated items into bots. The label of a bot with parameters is what
/// was written (`mcts:iterations=2000,rollout=greedy`): readable, and distinct whenever the
/// parameters differ.
pub fn parse_bots<S: AsRef<str>>(items: &[S]) -> Result<Vec<BotChoice>, String> {
    let mut bots: Vec<BotChoice> = Vec::new();
    let mut open = false;
    for item in items.iter().map(|i| i.as_ref().trim()) {
        if item.is_empty() {
            return Err(
                "an empty bot name in --bots (two commas in a row, or a trailing one?)".into(),
            );
        }
        if let Some((key, value)) = parameter(item) {
            let bot = match bots.last_mut() {
                Some(bot) if open => bot,
                Some(bot) => {
                    return Err(format!(
                        "'{item}' is a parameter, but bot '{}' has no ':'; write {}:{item}",
                        bot.label, bot.label
                    ));
                }
                None => {
                    return Err(format!(
                        "'{item}' is a parameter, but no bot comes before it; write BOT:{item}"
                    ));
                }
            };
            add(bot, key, value)?;
            bot.label = format!("{},{item}", bot.label);
            continue;
        }
        match split_name(item) {
            None => {
                bots.push(BotChoice::named(item));
                open = false;
            }
            Some((name, first)) => {
                let Some((key, value)) = parameter(first) else {
                    return Err(format!(
                        "'{item}': after '{name}:' comes KEY=VALUE, e.g. {name}:iterations=1000"
                    ));
                };
                let mut bot = BotChoice::named(name);
                add(&mut bot, key, value)?;
                bot.label = item.to_string();
                bots.push(bot);
                open = true;
            }
        }
    }
    Ok(bots)
}

/// Exactly one bot, for places that take one (`--field`, a scenario's bot string).
pub fn parse_bot(text: &str) -> Result<BotChoice, String> {
    let items: Vec<&str> = text.split(',').collect();
    let mut bots = parse_bots(&items)?;
    match bots.len() {
        1 => Ok(bots.remove(0)),
        n => Err(format!("'{text}' names {n} bots where one is expected")),
    }
}

/// `KEY=VALUE` with a plain key, or `None`.
fn parameter(item: &str) -> Option<(&str, &str)> {
    let (key, value) = item.split_once('=')?;
    is_plain(key).then_some((key, value))
}

/// A bot or parameter name: letters, digits, '_' and '-', not empty.
fn is_plain(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// `NAME:REST` where NAME is a plain bot name or a manifest's path (ending in `.toml`: other
/// paths may hold a ':' of their own), or `None`.
fn split_name(item: &str) -> Option<(&str, &str)> {
    if let Some(at) = item.find(".toml:") {
        return Some((&item[..at + 5], &item[at + 6..]));
    }
    let (name, rest) = item.split_once(':')?;
    is_plain(name).then_some((name, rest))
}

fn add(bot: &mut BotChoice, key: &str, value: &str) -> Result<(), String> {
    if value.is_empty() {
        return Err(format!(
            "parameter '{key}' of bot '{}' has no value",
            bot.bot
        ));
    }
    let Params(params) = &mut bot.params;
    if params.insert(key.to_string(), value.to_string()).is_some() {
        return Err(format!(
            "parameter '{key}' of bot '{}' is given twice",
            bot.bot
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (label, bot, parameters) of one parsed bot.
    type Parsed = (String, String, Vec<(String, String)>);

    fn parse(text: &str) -> Result<Vec<Parsed>, String> {
        let items: Vec<&str> = text.split(',').collect();
        Ok(parse_bots(&items)?
            .into_iter()
            .map(|b| (b.label, b.bot, b.params.0.into_iter().collect()))
            .collect())
    }

    fn kv(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn plain_names_stay_plain() {
        let bots = parse("nice,greedy").expect("valid");
        assert_eq!(bots[0], ("nice".into(), "nice".into(), vec![]));
        assert_eq!(bots[1], ("greedy".into(), "greedy".into(), vec![]));
    }

    #[test]
    fn parameters_run_until_an_item_without_equals() {
        let bots = parse("mcts:iterations=2000,rollout=greedy,nice,mcts:c=1.4").expect("valid");
        assert_eq!(bots.len(), 3);
        assert_eq!(bots[0].0, "mcts:iterations=2000,rollout=greedy");
        assert_eq!(bots[0].1, "mcts");
        assert_eq!(
            bots[0].2,
            kv(&[("iterations", "2000"), ("rollout", "greedy")])
        );
        assert_eq!(bots[1], ("nice".into(), "nice".into(), vec![]));
        assert_eq!(bots[2].2, kv(&[("c", "1.4")]));
    }

    #[test]
    fn paths_are_kept_whole() {
        let bots = parse("nice,bots/mybot.toml,./x:y.toml").expect("valid");
        assert_eq!(bots[1].1, "bots/mybot.toml");
        assert_eq!(bots[2].1, "./x:y.toml");
        assert!(bots.iter().all(|b| b.2.is_empty()));
    }

    #[test]
    fn a_manifest_path_takes_parameters_after_a_colon() {
        let bots = parse("nice,./bots/my.bot.toml:x=0.3,n=2,greedy").expect("valid");
        assert_eq!(bots[1].1, "./bots/my.bot.toml");
        assert_eq!(bots[1].2, kv(&[("n", "2"), ("x", "0.3")]));
        assert_eq!(bots[2].1, "greedy");
    }

    #[test]
    fn misplaced_or_malformed_parameters_are_refused_with_the_fix() {
        // (list, why it is refused, what the message must show)
        for (list, why, fix) in [
            ("nice,depth=3", "nice has no ':'", "nice:depth=3"),
            ("iterations=5,nice", "no bot before", "BOT:iterations=5"),
            ("mcts:iterations", "no '='", "KEY=VALUE"),
            ("mcts:c=1,c=2", "twice", "twice"),
            ("mcts:c=", "empty value", "no value"),
            ("nice,,greedy", "empty item", "empty"),
            ("mcts:", "nothing after ':'", "KEY=VALUE"),
        ] {
            let err = parse(list).expect_err(why);
            assert!(err.contains(fix), "{list}: {err}");
        }
    }

    #[test]
    fn one_bot_where_one_is_expected() {
        assert_eq!(
            parse_bot("mcts:iterations=9,depth=2")
                .expect("one")
                .params
                .0
                .len(),
            2
        );
        assert!(parse_bot("mcts,nice").is_err());
    }
}
