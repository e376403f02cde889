//! Time controls for the programs tourney starts: a bank of time per game plus an increment per
//! move (`clock = "60+0.5"` in a manifest, `--clock 60+0.5` on the command line), with a grace
//! margin (`clock_margin_ms`). A program whose move takes longer than its time left plus the
//! margin loses on time; `move_ms` still limits each move on its own. A clock only decides a
//! game when it runs out, so results stay those of the seed otherwise.

use crate::bot::Think;
use std::fmt;
use std::sync::OnceLock;
use std::time::Duration;

/// A time control: `bank` for the whole game, `increment` added after every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub bank: Duration,
    pub increment: Duration,
}

impl Clock {
    /// Reads `BANK+INCREMENT` in seconds (`60+0.5`; `60` alone has no increment). Refuses an
    /// empty part, a negative, non-finite or zero bank, a negative increment, and a bank or
    /// increment above a week ([`crate::input::SECONDS`]: the time left, bank plus increments,
    /// then never overflows while a game is played).
    pub fn parse(text: &str) -> Result<Clock, String> {
        let bad = |why: &str| {
            format!("clock '{text}': {why} (write BANK+INCREMENT in seconds, e.g. 60+0.5)")
        };
        let (bank, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |part: &str, what: &str| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .and_then(|s| Duration::try_from_secs_f64(s).ok())
                .ok_or_else(|| bad(&format!("the {what} is not a number of seconds >= 0")))
                .and_then(|d| {
                    crate::input::seconds_at_most(&format!("the {what}"), d.as_secs_f64())
                        .map_err(|e| bad(&e))
                        .map(|_| d)
                })
        };
        let clock = Clock {
            bank: seconds(bank, "bank")?,
            increment: seconds(increment, "increment")?,
        };
        if clock.bank.is_zero() {
            return Err(bad("the bank must be more than 0 seconds"));
        }
        Ok(clock)
    }
}

/// As it is written: `60+0.5`.
impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.bank.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// `--clock` and `--clock-margin-ms`, over every manifest's `clock` and `clock_margin_ms`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overrides {
    pub clock: Option<Clock>,
    pub margin: Option<Duration>,
}

static OVERRIDES: OnceLock<Overrides> = OnceLock::new();

/// Sets the command line's clock for every program of this process's run (once; later calls
/// are ignored, like the sandbox's settings).
pub fn configure(overrides: Overrides) {
    let _ = OVERRIDES.set(overrides);
}

/// The command line's clock settings, none when not configured.
pub fn overrides() -> Overrides {
    OVERRIDES.get().copied().unwrap_or_default()
}

/// One program's clock in one game: the time it has left.
#[derive(Clone, Debug)]
pub struct GameClock {
    clock: Clock,
    margin: Duration,
    left: Duration,
}

impl GameClock {
    pub fn new(clock: Clock, margin: Duration) -> GameClock {
        GameClock {
            clock,
            margin,
            left: clock.bank,
        }
    }

    /// The time left before this move, as sent in `act`.
    pub fn left(&self) -> Duration {
        self.left
    }

    pub fn increment(&self) -> Duration {
        self.clock.increment
    }

    /// How long the next answer may take: the time left plus the margin, within `move_limit`.
    /// `true` when the clock, not `move_limit`, sets the deadline.
    pub fn deadline(&self, move_limit: Duration) -> (Duration, bool) {
        let clock = self.left + self.margin;
        (clock.min(move_limit), clock < move_limit)
    }

    /// Charges a move that took `took`: `Err` with the fault's reason when it took more than
    /// the time left plus the margin, else the think time and the time left after the move
    /// (the increment added).
    pub fn charge(&mut self, took: Duration) -> Result<Think, String> {
        if took > self.left + self.margin {
            return Err(format!("{}, move took {}", self.ran_out(), seconds(took)));
        }
        self.left = self.left.saturating_sub(took) + self.clock.increment;
        Ok(Think {
            took,
            left: Some(self.left),
        })
    }

    /// The start of the reason of a loss on time: `clock ran out: 0.7 s left of 60+0.5`.
    pub fn ran_out(&self) -> String {
        let margin = match self.margin.is_zero() {
            true => String::new(),
            false => format!(" (margin {} ms)", self.margin.as_millis()),
        };
        format!(
            "clock ran out: {} left of {}{margin}",
            seconds(self.left),
            self.clock
        )
    }
}

/// Seconds as a fault message says them: tenths, or milliseconds under a second.
fn seconds(d: Duration) -> String {
    match d < Duration::from_secs(1) {
        true => format!("{:.3} s", d.as_secs_f64()),
        false => format!("{:.1} s", d.as_secs_f64()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_read_in_seconds_and_bad_ones_refused() {
        let clock = Clock::parse("60+0.5").unwrap();
        assert_eq!(clock.bank, Duration::from_secs(60));
        assert_eq!(clock.increment, Duration::from_millis(500));
        assert_eq!(clock.to_string(), "60+0.5");
        assert_eq!(Clock::parse("1.5").unwrap().increment, Duration::ZERO);
        assert!(Clock::parse("604800+604800").is_ok());
        assert_eq!(
            Clock::parse("1e18+1e18").unwrap_err(),
            "clock '1e18+1e18': the bank must be at most 604,800 seconds, a week (got 1e18) \
             (write BANK+INCREMENT in seconds, e.g. 60+0.5)"
        );
        for bad in [
            "60+",
            "-1+0",
            "abc",
            "",
            "+1",
            "0+1",
            "1+-1",
            "inf+0",
            "NaN",
            "1e18+1e18",
            "60+1e6",
        ] {
            let err = Clock::parse(bad).unwrap_err();
            assert!(err.contains("BANK+INCREMENT"), "{bad}: {err}");
        }
    }

    #[test]
    fn the_bank_pays_each_move_and_the_increment_refills_it() {
        let mut clock = GameClock::new(Clock::parse("2+1").unwrap(), Duration::ZERO);
        let (deadline, by_clock) = clock.deadline(Duration::from_secs(10));
        assert_eq!((deadline, by_clock), (Duration::from_secs(2), true));
        let think = clock.charge(Duration::from_millis(1500)).unwrap();
        assert_eq!(think.left, Some(Duration::from_millis(1500)));
        assert_eq!(
            clock.deadline(Duration::from_secs(1)),
            (Duration::from_secs(1), false)
        );
        let err = clock.charge(Duration::from_millis(1600)).unwrap_err();
        assert_eq!(err, "clock ran out: 1.5 s left of 2+1, move took 1.6 s");
        let mut tight = GameClock::new(Clock::parse("0.002").unwrap(), Duration::ZERO);
        let err = tight.charge(Duration::from_millis(3)).unwrap_err();
        assert_eq!(
            err,
            "clock ran out: 0.002 s left of 0.002+0, move took 0.003 s"
        );
    }

    #[test]
    fn the_margin_forgives_a_little_and_is_named() {
        let mut clock = GameClock::new(Clock::parse("1+0").unwrap(), Duration::from_millis(200));
        let think = clock.charge(Duration::from_millis(1100)).unwrap();
        assert_eq!(think.left, Some(Duration::ZERO));
        let err = clock.charge(Duration::from_millis(300)).unwrap_err();
        assert!(err.contains("0.000 s left of 1+0 (margin 200 ms)"), "{err}");
    }
}
