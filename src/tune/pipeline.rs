//! The iterations of a tuning, two in flight at a time, so the workers never wait at the end
//! of an iteration while its last games finish and the step is taken (that pause cost about
//! a tenth of the games' time at two threads when every iteration waited for the one before).
//!
//! Iteration k is centred on theta after the steps of iterations 0..k−[`LAG`]−1, so it may
//! start as soon as those are taken, while iteration k−1 still plays; its own step is added to
//! the newest theta. Fishtest's workers likewise play a theta a few steps old. The lag is a
//! constant, not the thread count, and results are tallied in game order and steps taken in
//! iteration order, so `tune.csv` is the same at any `--threads`.

use super::files::{Row, TuneCsv};
use super::sides::Sides;
use super::spread;
use super::spsa::Spsa;
use super::subject::Subject;
use crate::bot::BotMaker;
use crate::report::progress::Progress;
use crate::roster::Contest;
use crate::runner::{GameRecord, Lineup, Schedule, play_fixture};
use crate::seed::{self, Stream};
use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};

/// Steps a perturbation's centre may lag behind the newest theta.
pub const LAG: u64 = 1;

/// Everything the iterations of one tuning share.
pub struct Tuning<'a, G: Contest> {
    pub game: &'a G,
    pub subject: &'a Subject<G>,
    pub field: &'a [Box<dyn BotMaker<G>>],
    pub spsa: &'a Spsa,
    pub schedule: &'a Schedule,
    pub master_seed: u64,
    pub per_iteration: u64,
    /// The values the tuning started from (the centre of the first iterations).
    pub start: &'a [f64],
    pub names: &'a [String],
    /// Print a plain line every [`Tuning::every`] iterations (stderr is no terminal, so the
    /// progress bar is not drawn, and not `--quiet`).
    pub lines: bool,
}

/// What a launched game sends back: its iteration, its index and how it went.
type Message = (u64, u64, Played);

enum Played {
    Game(Box<GameRecord>),
    /// Not started: a stop was requested first.
    Skipped,
    /// The engine itself panicked (a bot's panic is a fault inside the record).
    Panicked(String),
}

/// One iteration whose games are playing.
struct Flight {
    k: u64,
    delta: Vec<f64>,
    records: Vec<Option<GameRecord>>,
    arrived: u64,
    skipped: bool,
}

impl Flight {
    fn complete(&self) -> bool {
        self.arrived == self.records.len() as u64
    }
}

impl<G: Contest> Tuning<'_, G> {
    /// Plays the iterations after `rows` (those of a resumed tuning) until the last one or a
    /// stop, appending each finished iteration to `rows` and `csv` in order. An iteration cut
    /// by the stop is dropped whole, so `--resume` replays it.
    pub fn play(
        &self,
        pool: &rayon::ThreadPool,
        stop: &AtomicBool,
        rows: &mut Vec<Row>,
        csv: &mut TuneCsv,
        progress: &mut Progress,
    ) -> anyhow::Result<()> {
        let (sender, receiver) = channel::<Message>();
        let before = rows.len() as u64 * self.per_iteration;
        let mut arrived = 0;
        pool.in_place_scope(|scope| {
            let mut flights: VecDeque<Flight> = VecDeque::new();
            let mut next = rows.len() as u64;
            let mut shown = None;
            loop {
                while next < self.spsa.iterations
                    && next <= rows.len() as u64 + LAG
                    && !stop.load(Ordering::SeqCst)
                {
                    flights.push_back(self.launch(scope, next, rows, stop, &sender)?);
                    next += 1;
                }
                let Some(first) = flights.front().map(|f| f.k) else {
                    return Ok(());
                };
                if shown != Some(first) {
                    shown = Some(first);
                    progress.message(format!(
                        "iteration {}/{}  {}",
                        first + 1,
                        self.spsa.iterations,
                        values_text(self.names, &newest(self.start, rows)),
                    ));
                }
                let message = receiver
                    .recv()
                    .expect("every launched game sends one message");
                self.receive(&mut flights, first, message)?;
                arrived += 1;
                progress.set(before + arrived);
                while flights.front().is_some_and(Flight::complete) {
                    let flight = flights.pop_front().expect("checked above");
                    if flight.skipped {
                        // Later iterations cannot be kept without this one: wait for the
                        // games still playing, then stop.
                        stop.store(true, Ordering::SeqCst);
                        drop(flights);
                        return Ok(());
                    }
                    let row = self.step(flight, rows);
                    csv.push(&row)?;
                    if self.lines
                        && (row.iteration.is_multiple_of(self.every()) || row.iteration == 1)
                    {
                        eprintln!("{}", self.line(&row));
                    }
                    rows.push(row);
                }
            }
        })
    }

    /// Iterations between two plain progress lines: about twenty lines a tuning.
    fn every(&self) -> u64 {
        (self.spsa.iterations / 20).max(1)
    }

    /// The plain progress line after a finished iteration.
    fn line(&self, row: &Row) -> String {
        format!(
            "tune: iteration {}/{}, {} of {} games: {} (last result {:+})",
            row.iteration,
            self.spsa.iterations,
            row.games,
            self.spsa.iterations * self.per_iteration,
            values_text(self.names, &row.theta),
            row.result
        )
    }

    /// Files a game's message with its iteration (`first` is the oldest still in flight).
    fn receive(
        &self,
        flights: &mut VecDeque<Flight>,
        first: u64,
        (k, index, played): Message,
    ) -> anyhow::Result<()> {
        let flight = &mut flights[(k - first) as usize];
        flight.arrived += 1;
        match played {
            Played::Game(record) => {
                flight.records[(index - k * self.per_iteration) as usize] = Some(*record);
            }
            Played::Skipped => flight.skipped = true,
            Played::Panicked(message) => {
                anyhow::bail!("game {index} of the tuning panicked: {message}")
            }
        }
        Ok(())
    }

    /// Draws iteration `k`'s perturbation around its centre and hands its games to the pool.
    fn launch<'scope>(
        &'scope self,
        scope: &rayon::Scope<'scope>,
        k: u64,
        rows: &[Row],
        stop: &'scope AtomicBool,
        sender: &Sender<Message>,
    ) -> anyhow::Result<Flight> {
        let centre = match k.checked_sub(LAG + 1) {
            Some(i) => &rows[i as usize].theta,
            None => self.start,
        };
        let mut rng = seed::rng(self.master_seed, k, Stream::Tune);
        let perturbation = self.spsa.perturb(centre, k, &mut rng);
        let mut entries = vec![
            self.subject.maker(&perturbation.plus)?,
            self.subject.maker(&perturbation.minus)?,
        ];
        entries.extend(
            self.field
                .iter()
                .map(|m| Box::new(&**m) as Box<dyn BotMaker<G> + '_>),
        );
        let lineup = Arc::new(Lineup {
            entries,
            record: None,
            faults: crate::runner::FaultPolicy::Lose,
        });
        let first = k * self.per_iteration;
        for index in first..first + self.per_iteration {
            let (lineup, sender) = (Arc::clone(&lineup), sender.clone());
            scope.spawn(move |_| {
                let played = match stop.load(Ordering::SeqCst) {
                    true => Played::Skipped,
                    false => self.play_one(&lineup, index),
                };
                // The receiver is gone only when the tuning already failed.
                let _ = sender.send((k, index, played));
            });
        }
        Ok(Flight {
            k,
            delta: perturbation.delta,
            records: (0..self.per_iteration).map(|_| None).collect(),
            arrived: 0,
            skipped: false,
        })
    }

    fn play_one(&self, lineup: &Lineup<'_, G>, index: u64) -> Played {
        let fixture = self.schedule.fixture(index);
        match catch_unwind(AssertUnwindSafe(|| {
            play_fixture(self.game, lineup, self.master_seed, &fixture)
        })) {
            Ok(record) => Played::Game(Box::new(record)),
            Err(panic) => Played::Panicked(
                panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "no message".to_string()),
            ),
        }
    }

    /// Tallies a finished iteration in game order and steps the newest theta by its result,
    /// scaled by the running spread of the games' scores.
    fn step(&self, flight: Flight, rows: &[Row]) -> Row {
        let mut sides = Sides::default();
        for record in flight.records.iter().flatten() {
            sides.add(record);
        }
        let result = sides.result();
        let previous = rows.last().map(|r| r.variance);
        let variance = spread::running(previous, sides.variance(), self.spsa.iterations);
        let theta = self.next_theta(
            &newest(self.start, rows),
            flight.k,
            &flight.delta,
            result,
            variance,
        );
        Row {
            iteration: flight.k + 1,
            games: (flight.k + 1) * self.per_iteration,
            theta,
            result,
            variance,
        }
    }

    /// theta after iteration `k`'s step from `theta`, its result scaled by the spread.
    fn next_theta(
        &self,
        theta: &[f64],
        k: u64,
        delta: &[f64],
        result: f64,
        variance: f64,
    ) -> Vec<f64> {
        self.spsa
            .step(theta, k, delta, result * spread::boost(variance))
    }

    /// Checks the rows a resumed tuning read back: each must be the step from the one before
    /// (the start values for the first), with its own result and spread, in the direction the
    /// master seed draws for it, after the games the settings give. An edited value, or rows of
    /// other settings, fail; `Err` holds the 1-based line of `tune.csv` at fault.
    pub fn check_rows(&self, rows: &[Row]) -> Result<(), usize> {
        let mut theta = self.start.to_vec();
        for (i, row) in rows.iter().enumerate() {
            let k = i as u64;
            let mut rng = seed::rng(self.master_seed, k, Stream::Tune);
            let delta = self.spsa.perturb(&theta, k, &mut rng).delta;
            let expected = self.next_theta(&theta, k, &delta, row.result, row.variance);
            let follows = expected == row.theta && row.games == (k + 1) * self.per_iteration;
            if !follows || !(0.0..=1.0).contains(&row.variance) {
                return Err(i + 2);
            }
            theta = expected;
        }
        Ok(())
    }
}

/// Theta after every step taken so far.
fn newest(start: &[f64], rows: &[Row]) -> Vec<f64> {
    rows.last()
        .map_or_else(|| start.to_vec(), |r| r.theta.clone())
}

pub fn values_text(names: &[String], theta: &[f64]) -> String {
    names
        .iter()
        .zip(theta)
        .map(|(n, v)| format!("{n}={v:.4}"))
        .collect::<Vec<_>>()
        .join(" ")
}
