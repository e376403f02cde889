//! What a fault costs (`--faults`): the whole game, as always by default, or, under
//! `tolerate=N`, a legal action in place of the faulty answer for the first N faults of a seat
//! in a game. The stand-in comes from a stream keyed by the game index and the seat, so a run
//! stays byte-identical at any thread count.

use super::guard::call_bot;
use crate::bot::{Bot, MadeBot};
use crate::game::{Game, Seat};
use crate::outcome::Termination;
use crate::seed::{self, Rng, Stream};
use rand::RngExt;
use std::fmt;

/// A seat that lost by fault: which, how, and what happened.
pub type Fault = (Seat, Termination, String);

/// How a game treats a bot's illegal answer, timeout or crash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FaultPolicy {
    /// The first fault loses the game (the rule of every run before the flag existed).
    #[default]
    Lose,
    /// Up to this many faults per seat per game are replaced by a seeded legal action (the bot
    /// made again when it died, timed out or answered nonsense); one more loses the game.
    Tolerate(u32),
}

impl FaultPolicy {
    /// Reads `lose` or `tolerate=N` (N a whole number from 0; `tolerate=0` loses like `lose`
    /// but still counts in games.csv).
    pub fn parse(text: &str) -> Result<FaultPolicy, String> {
        if text == "lose" {
            return Ok(FaultPolicy::Lose);
        }
        let wrong = || {
            format!(
                "--faults '{text}': expected 'lose' or 'tolerate=N' with N a whole number from 0 \
                 (the faults forgiven per seat per game)"
            )
        };
        let n = text.strip_prefix("tolerate=").ok_or_else(wrong)?;
        if n.starts_with('+') {
            return Err(wrong());
        }
        let n: u64 = n.parse().map_err(|_| wrong())?;
        let n = crate::input::at_most(
            "--faults tolerate=N (the faults forgiven per seat per game)",
            n,
            crate::input::TOLERATED_FAULTS,
        )?;
        Ok(FaultPolicy::Tolerate(
            u32::try_from(n).expect("the bound fits a u32"),
        ))
    }

    /// Whether games.csv counts the tolerated faults of each seat.
    pub fn counts(self) -> bool {
        matches!(self, FaultPolicy::Tolerate(_))
    }
}

impl fmt::Display for FaultPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FaultPolicy::Lose => f.write_str("lose"),
            FaultPolicy::Tolerate(n) => write!(f, "tolerate={n}"),
        }
    }
}

/// Reads `--disqualify RATE`: a fraction from 0 to below 1 (`0.2`) or a percentage from 0 to
/// below 100 (`20%`), the share of its games a program may fault in.
pub fn parse_rate(text: &str) -> Result<f64, String> {
    let wrong = || {
        format!(
            "--disqualify '{text}': expected a fault rate from 0 to below 1 (0.2) or a \
             percentage from 0 to below 100 (20%)"
        )
    };
    let (number, scale) = match text.strip_suffix('%') {
        Some(number) => (number, 100.0),
        None => (text, 1.0),
    };
    if number.starts_with('+') {
        return Err(wrong());
    }
    let rate = number.trim().parse::<f64>().map_err(|_| wrong())? / scale;
    if (0.0..1.0).contains(&rate) {
        Ok(rate)
    } else {
        Err(wrong())
    }
}

/// Makes a seat's bot again, from a fresh random stream, after a fault it may not survive.
pub type Remake<'a, G> = &'a (dyn Fn(Seat, Rng) -> MadeBot<G> + 'a);

/// One game's forgiveness: the faults each seat has left, the streams its stand-ins and its
/// remade bots draw from, and how a bot is made again.
pub struct Tolerance<'a, G: Game> {
    /// `None` under `lose`.
    limit: Option<u32>,
    counts: Vec<u32>,
    /// Per seat, drawn lazily: most games have no fault.
    streams: Vec<Option<(Rng, Rng)>>,
    master_seed: u64,
    game_index: u64,
    remake: Option<Remake<'a, G>>,
}

impl<'a, G: Game> Tolerance<'a, G> {
    /// The first fault loses, as always (a server's training games).
    pub fn lose() -> Tolerance<'a, G> {
        Tolerance::new(FaultPolicy::Lose, 0, 0, 0, None)
    }

    /// `policy` for game `game_index` of a run of `master_seed`, with `seats` seats; `remake`
    /// makes a seat's bot again (without it a bot that must be made again loses).
    pub fn new(
        policy: FaultPolicy,
        seats: usize,
        master_seed: u64,
        game_index: u64,
        remake: Option<Remake<'a, G>>,
    ) -> Tolerance<'a, G> {
        let limit = match policy {
            FaultPolicy::Lose => None,
            FaultPolicy::Tolerate(n) => Some(n),
        };
        let seats = if limit.is_some() { seats } else { 0 };
        Tolerance {
            limit,
            counts: vec![0; seats],
            streams: (0..seats).map(|_| None).collect(),
            master_seed,
            game_index,
            remake,
        }
    }

    /// The faults forgiven per seat: empty under `lose`.
    pub fn into_counts(self) -> Vec<u32> {
        self.counts
    }

    /// Forgives `fault` if the policy allows: counts it, and makes the seat's bot again unless
    /// `keep` (it answered with an action the rules forbid, so it is still in step). `Err`
    /// with the fault that loses the game otherwise: past the limit, a contest program, or a
    /// bot that could not be made again.
    pub fn forgive(
        &mut self,
        game: &G,
        state: &G::State,
        bots: &mut [Option<Box<dyn Bot<G>>>],
        fault: Fault,
        keep: bool,
    ) -> Result<(), Fault> {
        let seat = fault.0;
        let Some(limit) = self.limit else {
            return Err(fault);
        };
        if self.counts[seat] >= limit || !bots[seat].as_ref().is_some_and(|b| b.resumable()) {
            return Err(fault);
        }
        self.counts[seat] += 1;
        if keep {
            return Ok(());
        }
        let rng = self.streams(seat).1.random::<u128>();
        let remade = match self.remake {
            Some(remake) => call_bot(|| remake(seat, Rng::new(rng))).unwrap_or_else(Err),
            None => Err("it cannot be made again here".to_string()),
        };
        // The old bot (and its process) goes before the new one starts its own.
        bots[seat] = None;
        let mut bot = remade.map_err(|why| restart_failed(&fault, &why))?;
        match call_bot(|| bot.begin(game, seat, state)) {
            Ok(Ok(())) => {}
            Ok(Err(failure)) => return Err(restart_failed(&fault, &failure.message)),
            Err(message) => return Err(restart_failed(&fault, &message)),
        }
        bots[seat] = Some(bot);
        Ok(())
    }

    /// The legal action played for `seat`, from its stand-in stream.
    pub fn stand_in(&mut self, game: &G, view: &G::View, fault: Fault) -> Result<G::Action, Fault> {
        let seat = fault.0;
        stand_in(game, view, &mut self.streams(seat).0).ok_or(fault)
    }

    /// The seat's stand-in and restart streams, drawn on its first fault.
    fn streams(&mut self, seat: Seat) -> &mut (Rng, Rng) {
        let (master, index) = (self.master_seed, self.game_index);
        let tag = u8::try_from(seat).expect("fewer than 256 seats");
        self.streams[seat].get_or_insert_with(|| {
            (
                seed::rng(master, index, Stream::StandIn(tag)),
                seed::rng(master, index, Stream::Restart(tag)),
            )
        })
    }
}

/// The fault that lost the game after all, as the bot could not be made again.
fn restart_failed(fault: &Fault, why: &str) -> Fault {
    (
        fault.0,
        Termination::Crash,
        format!("{}; made again after it, it failed: {why}", fault.2),
    )
}

/// A legal action of the seat owning `view`, drawn uniformly from `rng`; `None` when the game
/// lists none (the fault then loses the game after all).
pub fn stand_in<G: Game>(game: &G, view: &G::View, rng: &mut Rng) -> Option<G::Action> {
    let mut legal = game.legal_actions(view);
    if legal.is_empty() {
        return None;
    }
    let pick = rng.random_range(0..legal.len());
    Some(legal.swap_remove(pick))
}

#[cfg(test)]
mod tests {
    use super::{FaultPolicy, parse_rate};

    #[test]
    fn rates_are_fractions_or_percentages_below_one() {
        assert_eq!(parse_rate("0.2"), Ok(0.2));
        assert_eq!(parse_rate("20%"), Ok(0.2));
        assert_eq!(parse_rate("0"), Ok(0.0));
        for bad in ["2", "1", "100%", "-0.1", "x", "", "NaN", "+0.2"] {
            assert!(parse_rate(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn policies_are_read_and_written_alike() {
        for text in ["lose", "tolerate=0", "tolerate=3"] {
            assert_eq!(FaultPolicy::parse(text).unwrap().to_string(), text);
        }
        for bad in [
            "tolerate=-1",
            "tolerate=x",
            "tolerate=",
            "tolerate=+2",
            "win",
            "",
        ] {
            let err = FaultPolicy::parse(bad).unwrap_err();
            assert!(err.contains("tolerate=N"), "{err}");
        }
        assert_eq!(
            FaultPolicy::parse("tolerate=1000000"),
            Ok(FaultPolicy::Tolerate(1_000_000))
        );
        // Past a u32 as well as past the bound: the message names the bound and the value.
        for (text, got) in [
            ("tolerate=1000001", "1,000,001"),
            (
                "tolerate=18446744073709551615",
                "18,446,744,073,709,551,615",
            ),
        ] {
            let err = FaultPolicy::parse(text).unwrap_err();
            assert!(
                err.contains("at most 1,000,000") && err.contains(got),
                "{err}"
            );
        }
    }
}
