//! Plays a knockout stage by stage: the pools as one schedule, then each round of the bracket
//! as another, every stage's games shifted after the last's (see [`Shift`]) so game and seed
//! indices run on through the format. What a stage decides is computed from its records, in
//! game order, before the next is scheduled: the same at any thread count.

use super::Knockout;
use super::bracket::{Bracket, Decided, MatchTally, round_name};
use super::pools::{PoolTally, Standing, shown_tenths, snake_pools};
use super::result::{Entrant, KnockoutResult, MatchResult, PoolRow, PoolTable, RoundResult};
use super::watch::{KnockoutSoFar, PendingRound, PlayingMatch, PlayingRound, SoFar, Watcher, tell};
use crate::game::Game;
use crate::runner::{
    Flow, GameRecord, Lineup, RecordSink, Schedule, Shift, StreamStatus, run_fixtures,
};
use std::sync::atomic::AtomicBool;

/// A knockout being played.
#[derive(Clone, Debug)]
pub struct Tournament {
    settings: Knockout,
    bots: usize,
    /// Games per pool pairing, whole seed pairs.
    games_per_pairing: u64,
    lower_score_is_better: bool,
    pools: Option<PoolTally>,
    /// Each pool's standings, once its games are in.
    standings: Vec<Vec<Standing>>,
    bracket: Option<Bracket>,
}

/// Where the runner's pieces are, for every stage alike.
pub struct Stages<'a, G: Game> {
    pub game: &'a G,
    pub lineup: &'a Lineup<'a, G>,
    pub master_seed: u64,
    pub pool: &'a rayon::ThreadPool,
    pub stop: &'a AtomicBool,
    /// Shown what the format decided so far as it plays (the live page).
    pub watcher: Option<Watcher<'a>>,
}

impl Tournament {
    /// `bots` bots under `settings` (already checked), `games_per_pairing` in the pools.
    pub fn new(
        settings: Knockout,
        bots: usize,
        games_per_pairing: u64,
        lower_score_is_better: bool,
    ) -> Tournament {
        Tournament {
            settings,
            bots,
            games_per_pairing: games_per_pairing.div_ceil(2) * 2,
            lower_score_is_better,
            pools: settings
                .pool_size
                .map(|size| PoolTally::new(snake_pools(bots, size), bots)),
            standings: Vec::new(),
            bracket: None,
        }
    }

    /// The pool stage: every pair within each pool, pool by pool.
    fn pool_schedule(&self) -> Option<Schedule> {
        let pools = self.pools.as_ref()?;
        let pairings = pools
            .pools()
            .iter()
            .flat_map(|pool| {
                (0..pool.len())
                    .flat_map(move |i| (i + 1..pool.len()).map(move |j| vec![pool[i], pool[j]]))
            })
            .collect();
        Some(Schedule {
            pairings,
            seeds: self.games_per_pairing / 2,
            seats: 2,
            deals: None,
        })
    }

    /// Bots entering the bracket: the top of each pool (as many pools as [`snake_pools`]
    /// deals), or every bot. Counted from the settings, so it holds while the pools are out
    /// being played.
    fn entrants(&self) -> usize {
        match self.settings.pool_size {
            Some(size) => self.bots.div_ceil(size) * self.settings.advance,
            None => self.bots,
        }
    }

    /// Every game the format plays when it is not stopped: the pools, and one match per bracket
    /// entrant but the champion (byes play none).
    pub fn total_games(&self) -> u64 {
        let pools = self.pool_schedule().map_or(0, |s| s.total_games());
        pools + (self.entrants() as u64 - 1) * self.settings.games_per_match()
    }

    /// Pairings and games of the pools (or, without pools, of one bracket match), for the
    /// run's header line.
    pub fn first_schedule(&self) -> Schedule {
        self.pool_schedule().unwrap_or_else(|| Schedule {
            pairings: vec![vec![0, 1]],
            seeds: self.settings.games_per_match() / 2,
            seats: 2,
            deals: None,
        })
    }

    /// Plays every stage, handing each record to `sink` in game order; stops early when a
    /// stage is interrupted or the sink asks to. The watcher, if any, is shown the picture so
    /// far as each stage starts and ends, and after every seed group within one (when every
    /// pairing of the stage has played as many games).
    pub fn play<G: Game>(
        &mut self,
        stages: &Stages<'_, G>,
        sink: &mut dyn RecordSink,
    ) -> std::io::Result<StreamStatus> {
        let mut shift = Shift::default();
        let mut played = StreamStatus::default();
        let watcher = stages.watcher;
        if let Some(schedule) = self.pool_schedule() {
            let mut pools = self.pools.take().expect("a pool schedule has pools");
            let this = &*self;
            this.tell_pools(watcher, true, &pools);
            let mut seen = 0;
            let complete = stage(stages, &schedule, &mut shift, &mut played, sink, &mut |r| {
                pools.add(r);
                seen += 1;
                if watcher.is_some() && seen % schedule.games_per_seed() == 0 {
                    this.tell_pools(watcher, false, &pools);
                }
            })?;
            if complete {
                self.standings = pools.standings();
            }
            self.pools = Some(pools);
            if !complete {
                self.tell_decided(watcher);
                return Ok(played);
            }
        }
        self.bracket = Some(Bracket::new(self.seeds()));
        while let Some(bracket) = self.bracket.as_ref().filter(|b| b.champion().is_none()) {
            let matches = bracket.matches();
            let highs: Vec<usize> = matches.iter().map(|&(h, _)| bracket.seeds[h]).collect();
            let schedule = Schedule {
                pairings: matches
                    .iter()
                    .map(|&(h, l)| vec![bracket.seeds[h], bracket.seeds[l]])
                    .collect(),
                seeds: self.settings.games_per_match() / 2,
                seats: 2,
                deals: None,
            };
            let mut tallies = vec![MatchTally::default(); matches.len()];
            let this = &*self;
            this.tell_round(watcher, true, &tallies);
            let first_pairing = shift.pairing;
            let lower = self.lower_score_is_better;
            let mut seen = 0;
            let complete = stage(stages, &schedule, &mut shift, &mut played, sink, &mut |r| {
                let m = r.pairing - first_pairing;
                tallies[m].add(r, highs[m], lower);
                seen += 1;
                if watcher.is_some() && seen % schedule.games_per_seed() == 0 {
                    this.tell_round(watcher, false, &tallies);
                }
            })?;
            if !complete {
                break;
            }
            if let Some(bracket) = self.bracket.as_mut() {
                bracket.advance(&tallies);
            }
        }
        self.tell_decided(watcher);
        Ok(played)
    }

    /// Shows the watcher the pools as `pools` stand.
    fn tell_pools(&self, watcher: Option<Watcher<'_>>, settled: bool, pools: &PoolTally) {
        tell(watcher, settled, &|names| {
            SoFar::Knockout(self.so_far(names, Some(&pools.standings()), None))
        });
    }

    /// Shows the watcher the bracket round being played as `tallies` stand.
    fn tell_round(&self, watcher: Option<Watcher<'_>>, settled: bool, tallies: &[MatchTally]) {
        tell(watcher, settled, &|names| {
            SoFar::Knockout(self.so_far(names, None, Some(tallies)))
        });
    }

    /// Shows the watcher what the format decided, as `summary.json` will hold it: nothing
    /// playing or to come.
    fn tell_decided(&self, watcher: Option<Watcher<'_>>) {
        tell(watcher, true, &|names| {
            SoFar::Knockout(self.so_far(names, None, None))
        });
    }

    /// The picture so far: what is decided, with `pools` the provisional standings of pools
    /// being played, `playing` the tallies of the bracket round being played (in
    /// [`Bracket::matches`] order), and the rounds to come after either.
    fn so_far(
        &self,
        names: &[String],
        pools: Option<&[Vec<Standing>]>,
        playing: Option<&[MatchTally]>,
    ) -> KnockoutSoFar {
        let mut decided = self.result(names);
        if let Some(standings) = pools {
            decided.pools = self.pool_tables(standings, names);
        }
        let playing = self
            .bracket
            .as_ref()
            .zip(playing)
            .map(|(bracket, tallies)| self.playing_round(bracket, tallies, names));
        // Slots of the first round to come: after the one playing, or the whole bracket.
        let next = match (&self.bracket, &playing) {
            (Some(bracket), Some(_)) => bracket.size() / 2,
            (None, _) if pools.is_some() => self.entrants().next_power_of_two(),
            _ => 1,
        };
        let to_come = std::iter::successors(Some(next), |&slots| Some(slots / 2))
            .take_while(|&slots| slots >= 2)
            .map(|slots| PendingRound {
                name: round_name(slots),
                // Byes play no match: only in the first round, when entrants fall short.
                matches: (slots / 2).min(self.entrants().saturating_sub(slots / 2)),
            })
            .collect();
        KnockoutSoFar {
            decided,
            pools_playing: pools.is_some(),
            playing,
            to_come,
        }
    }

    /// The bracket's current round as `tallies` stand: a match is decided once its games are
    /// all in, a bye at once.
    fn playing_round(
        &self,
        bracket: &Bracket,
        tallies: &[MatchTally],
        names: &[String],
    ) -> PlayingRound {
        let match_games = self.settings.games_per_match();
        let name = |seed: usize| names[bracket.seeds[seed]].clone();
        let entrant = |seed: usize| Entrant {
            seed: seed + 1,
            bot: name(seed),
        };
        let matches = bracket
            .decide(tallies)
            .into_iter()
            .map(|d| {
                let over = d.low.is_none() || d.tally.games >= match_games;
                PlayingMatch {
                    high: entrant(d.high),
                    low: d.low.map(entrant),
                    games: d.tally.games,
                    match_games,
                    points: [d.tally.high_points, d.tally.low_points],
                    winner: over.then(|| name(d.winner)),
                    decided_by: over.then(|| d.by.to_string()),
                }
            })
            .collect();
        PlayingRound {
            name: bracket.round_name(),
            matches,
        }
    }

    /// The bracket's entrants, best seed first: with pools, by place in the pool, then pool
    /// rating as shown (in tenths: noise decides nothing), then list order; without, in list
    /// order.
    fn seeds(&self) -> Vec<usize> {
        if self.pools.is_none() {
            return (0..self.bots).collect();
        }
        let mut entrants: Vec<(usize, &Standing)> = self
            .standings
            .iter()
            .flat_map(|pool| pool.iter().take(self.settings.advance).enumerate())
            .collect();
        entrants.sort_by(|(place_a, a), (place_b, b)| {
            place_a
                .cmp(place_b)
                .then(shown_tenths(b.rating).cmp(&shown_tenths(a.rating)))
                .then(a.bot.cmp(&b.bot))
        });
        entrants.into_iter().map(|(_, s)| s.bot).collect()
    }

    /// What was decided, by bot name (`names` by bot index).
    pub fn result(&self, names: &[String]) -> KnockoutResult {
        let pools = self.pool_tables(&self.standings, names);
        let Some(bracket) = &self.bracket else {
            return KnockoutResult {
                format: self.settings.describe(),
                pools,
                seeds: Vec::new(),
                rounds: Vec::new(),
                champion: None,
            };
        };
        KnockoutResult {
            format: self.settings.describe(),
            pools,
            seeds: bracket.seeds.iter().map(|&b| names[b].clone()).collect(),
            rounds: bracket
                .rounds
                .iter()
                .map(|(round, decided)| RoundResult {
                    name: round.clone(),
                    matches: decided
                        .iter()
                        .map(|d| match_result(bracket, d, names))
                        .collect(),
                })
                .collect(),
            champion: bracket
                .champion()
                .map(|seed| names[bracket.seeds[seed]].clone()),
        }
    }

    /// Each pool's standings by bot name, best first, marking who entered the bracket.
    fn pool_tables(&self, standings: &[Vec<Standing>], names: &[String]) -> Vec<PoolTable> {
        standings
            .iter()
            .enumerate()
            .map(|(i, rows)| PoolTable {
                pool: i + 1,
                rows: rows
                    .iter()
                    .enumerate()
                    .map(|(place, s)| PoolRow {
                        place: place + 1,
                        bot: names[s.bot].clone(),
                        won: s.won,
                        drawn: s.drawn,
                        lost: s.lost,
                        match_points: s.match_points,
                        game_difference: s.game_difference,
                        rating: s.rating,
                        advanced: place < self.settings.advance,
                    })
                    .collect(),
            })
            .collect()
    }
}

/// A decided match of `bracket` by bot name (`names` by bot index).
fn match_result(bracket: &Bracket, decided: &Decided, names: &[String]) -> MatchResult {
    let name = |seed: usize| names[bracket.seeds[seed]].clone();
    let entrant = |seed: usize| Entrant {
        seed: seed + 1,
        bot: name(seed),
    };
    let tally = &decided.tally;
    MatchResult {
        high: entrant(decided.high),
        low: decided.low.map(entrant),
        games: tally.games,
        points: [tally.high_points, tally.low_points],
        margin: tally.high_margin,
        winner: name(decided.winner),
        decided_by: decided.by.to_string(),
    }
}

/// Plays one stage's schedule after the games `shift` counts, handing each record to
/// `on_record` and then `sink`; moves `shift` past it and adds to `played`. Returns whether
/// every game of the stage was played.
pub(super) fn stage<G: Game>(
    stages: &Stages<'_, G>,
    schedule: &Schedule,
    shift: &mut Shift,
    played: &mut StreamStatus,
    sink: &mut dyn RecordSink,
    on_record: &mut dyn FnMut(&GameRecord),
) -> std::io::Result<bool> {
    let mut hook = Hook {
        sink,
        on_record,
        first: shift.game,
    };
    let status = run_fixtures(
        stages.game,
        stages.lineup,
        schedule.whole().shifted(*shift),
        stages.master_seed,
        stages.pool,
        stages.stop,
        &mut hook,
    )?;
    played.games_played += status.games_played;
    played.interrupted |= status.interrupted;
    shift.game += schedule.total_games();
    shift.seed += schedule.seeds;
    shift.pairing += schedule.pairings.len();
    Ok(status.games_played == schedule.total_games())
}

/// Lets the format see each record before the run's sink does.
struct Hook<'a> {
    sink: &'a mut dyn RecordSink,
    on_record: &'a mut dyn FnMut(&GameRecord),
    /// The stage's first game index: the runner counts a stage's games from 0.
    first: u64,
}

impl RecordSink for Hook<'_> {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow> {
        (self.on_record)(record);
        self.sink.record(record)
    }

    fn block_done(&mut self, games_done: u64) -> std::io::Result<()> {
        self.sink.block_done(self.first + games_done)
    }
}
