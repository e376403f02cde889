//! Progress on stderr: on a terminal, a bar with games done, games per second, ETA and a
//! short running score; without one (a pipe, a CI log, a batch job), plain lines every few
//! seconds and once at the end, which a log keeps and a person can grep.

use super::terminal::games_per_second;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

pub struct Progress {
    bar: Option<ProgressBar>,
    plain: Option<Plain>,
}

/// What a progress display shows besides the counts.
pub trait Status {
    /// The text after the bar.
    fn message(&self) -> String;
    /// The lines of a plain report, after the `Progress:` line.
    fn lines(&self) -> Vec<String>;
    /// Appended to the `Progress:` line (e.g. the current leader).
    fn note(&self) -> String {
        String::new()
    }
}

/// Plain lines, for a stderr that is not a terminal.
struct Plain {
    total: u64,
    every: Duration,
    started: Instant,
    last: Instant,
    /// Games done when the display started (a resumed run's kept games), and now.
    first: u64,
    done: u64,
}

impl Progress {
    /// A bar with a running score on a terminal; else, when `show`, plain lines every
    /// `every_seconds` (0: at every update) and at [`Progress::finish_with`]. `done` games are
    /// already played (a resumed run).
    pub fn running(total: u64, done: u64, show: bool, every_seconds: f64) -> Progress {
        if show && !std::io::stderr().is_terminal() {
            let now = Instant::now();
            return Progress {
                bar: None,
                plain: Some(Plain {
                    total,
                    every: Duration::from_secs_f64(every_seconds),
                    started: now,
                    last: now,
                    first: done,
                    done,
                }),
            };
        }
        let mut progress = Progress::with_message(total, show);
        progress.set(done);
        progress
    }

    /// A bar that also shows a line of text, set with [`Progress::message`] (`tune`'s
    /// iteration and current values).
    pub fn with_message(total: u64, show: bool) -> Progress {
        Progress::styled(
            total,
            show,
            "{bar:30.cyan/blue} {human_pos}/{human_len} games  {rate}  ETA {eta}  {msg}",
        )
    }

    fn styled(total: u64, show: bool, template: &str) -> Progress {
        if !show || !std::io::stderr().is_terminal() {
            return Progress {
                bar: None,
                plain: None,
            };
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(template)
                .expect("valid progress template")
                // The default `{per_sec}` prints four decimals whatever the speed.
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{}", games_per_second(state.per_sec()));
                    },
                ),
        );
        Progress {
            bar: Some(bar),
            plain: None,
        }
    }

    /// Moves to `games_done` and shows `status`: on the bar, or as plain lines when they are
    /// due.
    pub fn update(&mut self, games_done: u64, status: &dyn Status) {
        self.set(games_done);
        if let Some(bar) = &self.bar {
            bar.set_message(status.message());
        }
        if let Some(plain) = self.plain.as_mut() {
            plain.done = games_done;
            if plain.last.elapsed() >= plain.every {
                plain.last = Instant::now();
                plain.print(status, false);
            }
        }
    }

    /// Clears the bar, or prints the last plain lines.
    pub fn finish_with(&mut self, status: &dyn Status) {
        if let Some(plain) = self.plain.take() {
            plain.print(status, true);
        }
        self.finish();
    }

    pub fn message(&mut self, text: String) {
        if let Some(bar) = &self.bar {
            bar.set_message(text);
        }
    }

    pub fn set(&mut self, games_done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(games_done);
        }
    }

    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Plain {
    /// `Progress: D of T games, R games/s, ETA E` (or `Finished: D of T games in S s, R
    /// games/s` at the end), then the status's lines.
    fn print(&self, status: &dyn Status, last: bool) {
        let seconds = self.started.elapsed().as_secs_f64();
        let rate = (self.done - self.first) as f64 / seconds.max(1e-9);
        let head = match last {
            true if self.done == self.first => {
                format!("Finished: {} of {} games", self.done, self.total)
            }
            true => format!(
                "Finished: {} of {} games in {seconds:.1} s, {}",
                self.done,
                self.total,
                games_per_second(rate)
            ),
            false => format!(
                "Progress: {} of {} games, {}, ETA {}",
                self.done,
                self.total,
                games_per_second(rate),
                eta(self.total.saturating_sub(self.done), rate)
            ),
        };
        let mut text = head + &status.note() + "\n";
        for line in status.lines() {
            text += &line;
            text.push('\n');
        }
        // One write per report, so lines of two reports never interleave.
        eprint!("{text}");
    }
}

/// Time left at `rate` games per second, in the largest units that matter.
fn eta(games_left: u64, rate: f64) -> String {
    if rate <= 0.0 {
        return "unknown".to_string();
    }
    let seconds = (games_left as f64 / rate).round() as u64;
    match seconds {
        s if s >= 3600 => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
        s if s >= 60 => format!("{}m {:02}s", s / 60, s % 60),
        s => format!("{s} s"),
    }
}

#[cfg(test)]
mod tests {
    use super::eta;

    #[test]
    fn eta_reads_in_the_largest_units_that_matter() {
        assert_eq!(eta(100, 10.0), "10 s");
        assert_eq!(eta(1850, 10.0), "3m 05s");
        assert_eq!(eta(37_200, 10.0), "1h 02m");
        assert_eq!(eta(5, 0.0), "unknown");
    }
}
