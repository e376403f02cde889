//! The settings of a Swiss system: how many rounds, checked against the bots and seats.

/// `--format swiss --rounds R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swiss {
    pub rounds: usize,
}

impl Swiss {
    /// The setting as given, checked on its own; what depends on the bots is
    /// [`Swiss::check`]'s.
    pub fn new(rounds: Option<usize>) -> Result<Swiss, String> {
        match rounds {
            None => Err("a Swiss system needs its number of rounds: add --rounds R".into()),
            Some(0) => Err("--rounds must be at least 1".into()),
            Some(rounds) => Ok(Swiss { rounds }),
        }
    }

    /// The most rounds `bots` bots can play without a rematch: a whole round robin (with an odd
    /// count, one round more, as each bot sits out one round).
    pub fn most_rounds(bots: usize) -> usize {
        if bots.is_multiple_of(2) {
            bots - 1
        } else {
            bots
        }
    }

    /// Refuses settings these bots and seats cannot play.
    pub fn check(&self, bots: usize, seats: usize) -> Result<(), String> {
        if seats != 2 {
            return Err(format!(
                "a Swiss system is played in two-player matches; this game is configured for \
                 {seats} seats (use --players 2)"
            ));
        }
        let most = Swiss::most_rounds(bots);
        if self.rounds > most {
            return Err(format!(
                "{bots} bots can play at most {most} round{} without meeting twice (a whole \
                 round robin); --rounds {} asks for more: give --rounds {most} or less, or \
                 play the round robin (--format round-robin)",
                if most == 1 { "" } else { "s" },
                self.rounds
            ));
        }
        Ok(())
    }

    /// The settings as `manifest.json` stores them after `swiss:`.
    pub fn to_manifest(&self) -> String {
        format!("rounds={}", self.rounds)
    }

    /// Reads [`Swiss::to_manifest`]'s text back.
    pub fn from_manifest(text: &str) -> Result<Swiss, String> {
        let rounds = text
            .strip_prefix("rounds=")
            .and_then(|r| r.parse().ok())
            .ok_or_else(|| format!("'{text}' is not rounds=NUMBER"))?;
        Swiss::new(Some(rounds))
    }

    /// One line for people: `5 rounds, Monrad pairing without rematches`.
    pub fn describe(&self) -> String {
        format!(
            "{} round{}, Monrad pairing without rematches",
            self.rounds,
            if self.rounds == 1 { "" } else { "s" }
        )
    }
}
