//! Tournament formats played in stages, where who meets whom next depends on the results so
//! far: the contest server's pools then knockout, and a Swiss system (its rules are in
//! `pairing` and `swiss_table`). Each stage is an ordinary schedule played by
//! the runner; what it decides (pool standings, match winners) is computed from its records in
//! game order, so the whole format is the same at any thread count. Knows bots, ranks and
//! scores; never a game.
//!
//! The rules (docs/guide/formats.md says the same for organisers):
//! - **Pools.** With a pool size N, the bots are dealt into ⌈bots/N⌉ pools by snake seeding in
//!   list order (1, 2, 3, 3, 2, 1, 1, …: the first-listed bots are spread over the pools), so
//!   pool sizes differ by one at most. Each pool is a round robin of `games` per pairing
//!   (paired seeds, both seat orders).
//! - **Pool standings**, as the contest server ranks a pool: match points (a pairing's games
//!   won outright by points: 2 for the match, 1 each for a level one), then the difference of
//!   games won and lost; where the server leaves the order to chance, `tourney` goes on with the
//!   points the level bots took from each other (their head-to-head), then the list order:
//!   exact counts only (a rating of identical records differs by rounding noise).
//! - **Bracket.** The top K of each pool enter, seeded by place in their pool, then by pool
//!   rating as shown (in tenths), then list order; without pools, every bot enters, seeded in list order. Seed 1
//!   meets the last seed, 2 the second last, and so on, in the usual bracket order (1 and 2
//!   can only meet in the final); when the entrants are not a power of two, the top seeds get
//!   byes.
//! - **Matches** are `match_games` games (paired seeds, both seat orders). The winner has more
//!   points (a win 1, a draw ½); level on points, the better total score margin over the
//!   match; level again, the better seed (the contest server gives a level match to its
//!   second player; a seed is the one thing the pools earned).

mod bracket;
mod matching;
pub mod pairing;
mod pools;
mod result;
mod staged;
mod swiss;
mod swiss_play;
pub mod swiss_table;
mod tournament;
mod watch;

pub use bracket::{Bracket, MatchTally, seeding_order};
pub use pools::{PoolTally, shown_tenths, snake_pools};
pub use result::{
    Entrant, Finish, KnockoutResult, MatchResult, PoolRow, PoolTable, RoundResult, SwissMatch,
    SwissResult, SwissRoundResult, SwissRow,
};
pub use staged::{Decided, Staged};
pub use swiss::Swiss;
pub use swiss_play::SwissPlay;
pub use tournament::{Stages, Tournament};
pub use watch::{KnockoutSoFar, PendingRound, PlayingMatch, PlayingRound, SoFar, Watch, Watcher};

/// Games of a bracket match when the command line does not say.
pub const DEFAULT_MATCH_GAMES: u64 = 10;

/// Entrants per pool when pools are asked for without `advance`.
pub const DEFAULT_ADVANCE: usize = 2;

/// The settings of a pools-then-knockout tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knockout {
    /// Bots per pool; `None` puts every bot straight into the bracket.
    pub pool_size: Option<usize>,
    /// How many of each pool enter the bracket.
    pub advance: usize,
    /// Games of a bracket match, rounded up to whole seed pairs.
    pub match_games: u64,
}

impl Knockout {
    /// Settings as given (a flag or a scenario key each), checked on their own; what depends
    /// on the bots is [`Knockout::check`]'s.
    pub fn new(
        pool_size: Option<usize>,
        advance: Option<usize>,
        match_games: Option<u64>,
    ) -> Result<Knockout, String> {
        if let Some(size) = pool_size.filter(|&s| s < 2) {
            return Err(format!(
                "a pool size of {size} makes no round robin: give --pool-size 2 or more"
            ));
        }
        if pool_size.is_none() && advance.is_some() {
            return Err(
                "--advance says how many of each pool go on: it needs --pool-size (without \
                 pools every bot enters the bracket)"
                    .into(),
            );
        }
        let advance = advance.unwrap_or(if pool_size.is_some() {
            DEFAULT_ADVANCE
        } else {
            0
        });
        if pool_size.is_some() && advance == 0 {
            return Err("--advance must be at least 1".into());
        }
        let match_games = match_games.unwrap_or(DEFAULT_MATCH_GAMES);
        if match_games == 0 {
            return Err("--match-games must be at least 1".into());
        }
        crate::input::at_most("--match-games", match_games, crate::input::GAMES)?;
        Ok(Knockout {
            pool_size,
            advance,
            match_games,
        })
    }

    /// Refuses settings these bots and seats cannot play.
    pub fn check(&self, bots: usize, seats: usize) -> Result<(), String> {
        if seats != 2 {
            return Err(format!(
                "a knockout is played in two-player matches; this game is configured for {seats} \
                 seats (use --players 2)"
            ));
        }
        let Some(size) = self.pool_size else {
            return Ok(());
        };
        let pools = bots.div_ceil(size);
        let smallest = bots / pools;
        if self.advance > smallest {
            return Err(format!(
                "{bots} bots in pools of at most {size} make {pools} pool(s), the smallest of \
                 {smallest}: --advance {} is more than a pool holds",
                self.advance
            ));
        }
        if pools * self.advance < 2 {
            return Err(format!(
                "one pool sending {} bot to the bracket leaves no knockout: --advance 2 or more, \
                 or a smaller --pool-size",
                self.advance
            ));
        }
        Ok(())
    }

    /// Games per match as played: whole seed pairs.
    pub fn games_per_match(&self) -> u64 {
        self.match_games.div_ceil(2) * 2
    }

    /// The settings as `manifest.json` stores them after `knockout:`.
    pub fn to_manifest(&self) -> String {
        match self.pool_size {
            Some(size) => format!(
                "pool-size={size},advance={},match-games={}",
                self.advance, self.match_games
            ),
            None => format!("match-games={}", self.match_games),
        }
    }

    /// Reads [`Knockout::to_manifest`]'s text back.
    pub fn from_manifest(text: &str) -> Result<Knockout, String> {
        let (mut pool_size, mut advance, mut match_games) = (None, None, None);
        for item in text.split(',') {
            let number = |value: &str| {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("'{item}' is not KEY=NUMBER"))
            };
            match item.split_once('=') {
                Some(("pool-size", v)) => pool_size = Some(number(v)? as usize),
                Some(("advance", v)) => advance = Some(number(v)? as usize),
                Some(("match-games", v)) => match_games = Some(number(v)?),
                _ => return Err(format!("unknown knockout setting '{item}'")),
            }
        }
        Knockout::new(pool_size, advance, match_games)
    }

    /// One line for people: `pools of 4, top 2 advance, matches of 10 games`.
    pub fn describe(&self) -> String {
        let matches = format!("matches of {} games", self.games_per_match());
        match self.pool_size {
            Some(size) => format!(
                "pools of {size}, top {} of each advance, {matches}",
                self.advance
            ),
            None => format!("single elimination in list order, {matches}"),
        }
    }
}

#[cfg(test)]
mod tests;
