//! What shapes one `expert` bot: its payment rule and the four thresholds of §5.5, each a
//! parameter (`expert-plus:hoard=30`), so `tourney tune` can tune them. `expert` keeps the
//! report's values; `expert-plus` starts from its own defaults.

use super::PaymentRule;
use crate::bot::{ParamKind, ParamSpec, Params};

/// The thresholds of §5.5 steps 4 and 6 that the report fixes by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Trains kept in reserve when judging whether tickets fit (45 − 5 = the report's 40).
    pub ticket_margin: u32,
    /// Build mode once either seat is down to this many trains: the end is near.
    pub endgame: u32,
    /// Build mode once the hand holds this many cards (the expert's "draw up to 40").
    pub hoard: u32,
    /// New tickets only while both seats have more trains than this.
    pub tickets_above: u32,
}

/// The report's values (§5.5).
pub const REPORT: Thresholds = Thresholds {
    ticket_margin: 5,
    endgame: 12,
    hoard: 40,
    tickets_above: 20,
};

/// `expert`'s settings: §5.5 as the report wrote it.
pub const EXPERT: Settings = Settings {
    payment: PaymentRule::Greedy,
    thresholds: REPORT,
};

/// `expert-plus`'s: the thrifty payment rule, with the report's thresholds.
pub const PLUS: Settings = Settings {
    payment: PaymentRule::Thrifty,
    thresholds: REPORT,
};

/// Each threshold's parameter: name, the largest value accepted (a seat's 45 trains, the
/// deck's 110 cards) and what it means.
const PARAMS: [(&str, u32, &str); 4] = [
    (
        "ticket-margin",
        45,
        "trains kept in reserve when judging whether tickets fit",
    ),
    (
        "endgame",
        45,
        "build once either seat has this many trains or fewer",
    ),
    ("hoard", 110, "build once the hand holds this many cards"),
    (
        "tickets-above",
        45,
        "draw new tickets only while both seats have more trains than this",
    ),
];

impl Thresholds {
    /// The threshold a parameter name sets, or `None` for another name.
    fn field(&mut self, name: &str) -> Option<&mut u32> {
        match name {
            "ticket-margin" => Some(&mut self.ticket_margin),
            "endgame" => Some(&mut self.endgame),
            "hoard" => Some(&mut self.hoard),
            "tickets-above" => Some(&mut self.tickets_above),
            _ => None,
        }
    }
}

/// Everything that shapes one `expert` bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub payment: PaymentRule,
    pub thresholds: Thresholds,
}

impl Default for Settings {
    fn default() -> Settings {
        EXPERT
    }
}

impl Settings {
    /// `defaults` with `params` applied; errors name the bot, the parameter and what it takes.
    pub fn parse(name: &str, defaults: Settings, params: &Params) -> Result<Settings, String> {
        let mut settings = defaults;
        for (key, value) in &params.0 {
            if key == "payment" {
                settings.payment = PaymentRule::parse(value).ok_or_else(|| {
                    format!("bot '{name}': payment must be 'greedy' or 'thrifty', got '{value}'")
                })?;
                continue;
            }
            let Some((_, max, _)) = PARAMS.iter().find(|(n, _, _)| n == key) else {
                let names: Vec<&str> = PARAMS.iter().map(|(n, _, _)| *n).collect();
                return Err(format!(
                    "bot '{name}' takes payment, {}; got '{key}'",
                    names.join(", ")
                ));
            };
            let field = settings.thresholds.field(key).expect("a listed name");
            *field = value
                .parse()
                .ok()
                .filter(|v: &u32| v <= max)
                .ok_or_else(|| {
                    format!(
                        "bot '{name}': {key} must be a whole number from 0 to {max}, got '{value}'"
                    )
                })?;
        }
        Ok(settings)
    }

    /// The numeric parameters, with these settings' values as defaults: what `tourney tune`
    /// tunes and `tourney list` shows.
    pub fn params(self) -> Vec<ParamSpec> {
        PARAMS
            .iter()
            .map(|&(name, max, summary)| {
                let mut thresholds = self.thresholds;
                let value = *thresholds.field(name).expect("a listed name");
                ParamSpec::new(
                    name,
                    ParamKind::Int,
                    Some(f64::from(value)),
                    (0.0, f64::from(max)),
                    summary,
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(pairs: &[(&str, &str)]) -> Result<Settings, String> {
        let params = Params(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        );
        Settings::parse("expert-plus", PLUS, &params)
    }

    #[test]
    fn the_defaults_are_the_reports_constants() {
        let want = Thresholds {
            ticket_margin: 5,
            endgame: 12,
            hoard: 40,
            tickets_above: 20,
        };
        assert_eq!(EXPERT.thresholds, want);
        assert_eq!(parse(&[]), Ok(PLUS));
        let defaults: Vec<(String, Option<f64>)> = EXPERT
            .params()
            .into_iter()
            .map(|p| (p.name, p.default))
            .collect();
        let listed = [
            ("ticket-margin", 5.0),
            ("endgame", 12.0),
            ("hoard", 40.0),
            ("tickets-above", 20.0),
        ]
        .map(|(n, v)| (n.to_string(), Some(v)));
        assert_eq!(defaults, listed);
    }

    #[test]
    fn each_threshold_is_read_from_its_parameter() {
        let settings = parse(&[
            ("ticket-margin", "0"),
            ("endgame", "45"),
            ("hoard", "110"),
            ("tickets-above", "7"),
            ("payment", "greedy"),
        ])
        .expect("valid");
        let want = Thresholds {
            ticket_margin: 0,
            endgame: 45,
            hoard: 110,
            tickets_above: 7,
        };
        assert_eq!(settings.thresholds, want);
        assert_eq!(settings.payment, PaymentRule::Greedy);
    }

    #[test]
    fn unknown_names_and_values_out_of_range_are_refused() {
        // (parameter, value, what the message must show)
        for (key, value, shows) in [
            ("hoard", "111", "from 0 to 110"),
            ("endgame", "46", "from 0 to 45"),
            ("ticket-margin", "-1", "'-1'"),
            ("tickets-above", "2.5", "whole number"),
            (
                "hord",
                "30",
                "takes payment, ticket-margin, endgame, hoard, tickets-above",
            ),
        ] {
            let err = parse(&[(key, value)]).expect_err(key);
            assert!(err.contains("expert-plus") && err.contains(shows), "{err}");
        }
    }
}
