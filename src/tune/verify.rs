//! The end of a tuning: tuned values against start values, head to head in seed pairs, by
//! the project's GSPRT (the one `check`'s sprt gates use: normalized Elo 0 against 5, 5% error
//! rates), on seeds the tuning never played, so the user knows whether tuning helped. Its games
//! are recorded into the results store as a run of their own (the tuning's iterations are not).

use super::plan::TunePlan;
use super::subject::Subject;
use crate::error::Interrupted;
use crate::report::terminal::verdict_text;
use crate::roster::Contest;
use crate::run::plan::RunPlan;
use crate::run::run_game;
use crate::scenario::Format;
use crate::score::SequentialTest;
use crate::score::pairs_elo;
use crate::seed::{self, Stream};
use crate::stats::sprt::{SprtBounds, Verdict};
use crate::summary::Summary;
use rand::RngExt;
use serde_json::json;

const NELO0: f64 = 0.0;
const NELO1: f64 = 5.0;
const ERROR_RATE: f64 = 0.05;

pub struct Verification {
    /// One line for the terminal and the report.
    pub text: String,
    /// The same for tuned.json.
    pub json: serde_json::Value,
}

pub fn run<G: Contest>(
    plan: &TunePlan,
    subject: &Subject<G>,
    tuned: &[f64],
    start: &[f64],
) -> anyhow::Result<Verification> {
    let seats = plan.config.seats.unwrap_or(*G::SEATS.start());
    let skipped = |why: &str| Verification {
        text: format!("skipped: {why}"),
        json: json!({"verdict": "skipped", "why": why}),
    };
    if seats != 2 {
        return Ok(skipped(
            "the GSPRT compares two bots head to head, in 2-seat games",
        ));
    }
    if subject.params_at(tuned) == subject.params_at(start) {
        return Ok(skipped("the tuned values are the start values"));
    }
    // Seeds of their own: the tuning's deals would favour what was fitted to them.
    let master_seed = seed::rng(plan.settings.seed, u64::MAX, Stream::Tune).random::<u64>();
    let mut run = RunPlan::of_games(
        plan.game.clone(),
        plan.config.clone(),
        vec![
            subject.choice_at(tuned, "tuned"),
            subject.choice_at(start, "start"),
        ],
        Format::RoundRobin,
        plan.settings.verify_games,
        master_seed,
        plan.threads,
    );
    run.quiet = true;
    // A run of its own in the results store, tuned against start, as `check`'s sprt gates are.
    run.store = plan.store.clone();
    let bounds = SprtBounds::from_error_rates(ERROR_RATE, ERROR_RATE)?;
    let mut test = SequentialTest::normalized(NELO0, NELO1, bounds);
    let summary = run_game::<G>(&run, Some(&mut test))?;
    if summary.interrupted {
        // No verdict, and no tuned.json to claim one: the rows are whole, so a resume comes
        // straight back here and verifies on the same seeds.
        return Err(Interrupted(format!(
            "the final verification stopped after {} of at most {} games, undecided: no \
             verdict and no tuned.json; the iterations are kept, so `tourney tune --resume {}` \
             verifies again",
            summary.analysis.games_played,
            plan.settings.verify_games,
            plan.out_dir.display()
        ))
        .into());
    }
    Ok(verification(&summary, &test, bounds, master_seed))
}

/// The size of the gain, first: the tuned side's score with its 95% interval, and its Elo
/// from the seed pairs as every other line of the tool prints it, so a verdict never stands
/// without how much better (or worse) tuned played. A sweep shows a one-sided bound
/// (`Elo > +633.0`), not the clamped +1200 that the score alone would turn into.
fn gain_text((rate, lower, upper): (f64, f64, f64), pairs: [u64; 5]) -> String {
    let elo = pairs_elo(pairs).map_or("n/a".to_string(), |(_, text)| text);
    format!(
        " scores {:.1}% [{:.1}, {:.1}], Elo {elo}",
        rate * 100.0,
        lower * 100.0,
        upper * 100.0,
    )
}

/// The verdict, the number of games, and the size of the gain beside it: the tuned side's
/// points per game against the start values, with the run's 95% interval (seeds as the
/// independent units).
fn verification(
    summary: &Summary,
    test: &SequentialTest,
    bounds: SprtBounds,
    master_seed: u64,
) -> Verification {
    let (llr, verdict) = test.last.unwrap_or((0.0, Verdict::Continue));
    let word = format!(
        "{}: {}",
        verdict_text(verdict),
        match verdict {
            Verdict::AcceptH1 => "the tuned values are better",
            Verdict::AcceptH0 => "the tuned values are not better",
            Verdict::Continue => "inconclusive within the games allowed",
        }
    );
    let games = summary.analysis.games_played;
    let score = summary
        .analysis
        .pairwise
        .iter()
        .find(|row| row.bot == "tuned" && row.opponent == "start")
        .map(|row| (row.win_rate, row.lower, row.upper));
    let gain = score.map_or(String::new(), |score| gain_text(score, test.pairs));
    Verification {
        text: format!(
            "tuned against start{gain}; GSPRT nElo [{NELO0}, {NELO1}]: {word} (LLR {llr:.2} in \
             [{:.2}, {:.2}] after {games} games, pairs LL..WW {:?}, master seed {master_seed})",
            bounds.lower, bounds.upper, test.pairs
        ),
        json: json!({
            "verdict": match verdict {
                Verdict::AcceptH1 => "H1",
                Verdict::AcceptH0 => "H0",
                Verdict::Continue => "inconclusive",
            },
            "llr": llr,
            "games": games,
            "score": score.map(|(rate, lower, upper)| json!({"rate": rate, "lower": lower, "upper": upper})),
            "pairs": test.pairs,
            "nelo0": NELO0,
            "nelo1": NELO1,
            "master_seed": master_seed,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gain_is_given_as_a_score_and_as_elo_with_intervals() {
        // 40 pairs: 4 lost both games, 12 one of two, 10 level, 10 won one, 4 both.
        let text = gain_text((0.438, 0.401, 0.475), [4, 12, 10, 10, 4]);
        let (e, elo) = pairs_elo([4, 12, 10, 10, 4]).unwrap();
        assert_eq!(text, format!(" scores 43.8% [40.1, 47.5], Elo {elo}"));
        assert!(elo.contains(" +/- ") && e.elo < 0.0, "{elo}");
    }

    /// Every pair won both games: the Elo is bounded on one side only, and said so, instead
    /// of the score clamp's +1200 inside an interval that ended at +1200 too.
    #[test]
    fn a_sweep_gives_a_one_sided_elo() {
        let text = gain_text((1.0, 0.975, 1.0), [0, 0, 0, 0, 80]);
        assert!(
            text.starts_with(" scores 100.0% [97.5, 100.0], Elo > +"),
            "{text}"
        );
        assert!(!text.contains("1200"), "{text}");
    }
}
