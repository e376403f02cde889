//! Think times read back from a folder's records for `tourney report DIR`: `games.csv` holds
//! results only, while `records.jsonl.gz` keeps each timed decision's think time and the clock
//! left after it, so a report made later shows the same think-time table the run showed.

use crate::bot::Think;
use crate::game::Seat;
use crate::replay::{self, ReadError};
use crate::summary::Tally;
use crate::summary::think::ThinkTimes;
use serde::Deserialize;
use std::io::ErrorKind;
use std::path::Path;
use std::time::Duration;

/// The fields of a game's record this reader needs; the actions are skipped undecoded.
#[derive(Deserialize)]
struct TimedGame {
    lineup: Vec<usize>,
    steps: Vec<TimedStep>,
}

#[derive(Deserialize)]
struct TimedStep {
    seat: Seat,
    #[serde(default)]
    think_ms: Option<f64>,
    #[serde(default)]
    clock_left_ms: Option<f64>,
}

/// Adds the think times `dir`'s records hold to `tally`, their bots matched by name to
/// `bots` (the report's bot list, which several folders share). A folder without records, or
/// whose decisions were not timed, adds nothing; a damaged file is an error naming its line, and adds nothing either.
pub fn add(dir: &Path, bots: &[String], tally: &mut Tally) -> Result<(), ReadError> {
    let mut read_back = vec![ThinkTimes::default(); bots.len()];
    let read = replay::each_line(dir, &mut |header, line| {
        let game: TimedGame =
            serde_json::from_str(line).map_err(|e| format!("not a game's record: {e}"))?;
        for step in &game.steps {
            let Some(think_ms) = step.think_ms else {
                continue;
            };
            let bot = game
                .lineup
                .get(step.seat)
                .and_then(|&index| header.bots.get(index))
                .and_then(|label| bots.iter().position(|b| b == label));
            let (Some(bot), Some(took)) = (bot, duration(think_ms)) else {
                return Err(format!(
                    "a step of seat {} thought {think_ms} ms: no bot of games.csv sits there, \
                     or that is not a duration",
                    step.seat
                ));
            };
            let left = step.clock_left_ms.and_then(duration);
            read_back[bot].add(&[Think { took, left }]);
        }
        Ok(())
    });
    match read {
        Err(ReadError::Open { source, .. }) if source.kind() == ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(()) => {
            for (counted, times) in tally.bots.iter_mut().zip(&read_back) {
                counted.think.merge(times);
            }
            Ok(())
        }
    }
}

/// Milliseconds as a duration; `None` for a negative or non-finite number.
fn duration(ms: f64) -> Option<Duration> {
    (ms.is_finite() && ms >= 0.0).then(|| Duration::from_secs_f64(ms / 1000.0))
}
