//! The progress bar: games done, games per second and ETA, on stderr, only on a terminal.

use crate::report::terminal::games_per_second;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;

pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Hidden when `show` is false (`--quiet`) or stderr is not a terminal (CI logs, pipes).
    pub fn new(total: u64, show: bool) -> Progress {
        Progress::styled(
            total,
            show,
            "{bar:40.cyan/blue} {human_pos}/{human_len} games  {rate}  ETA {eta}",
        )
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
            return Progress { bar: None };
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
        Progress { bar: Some(bar) }
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
