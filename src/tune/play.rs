//! One game type's tuning from start to finish: resolves the tuned bot and its field, opens
//! or resumes the folder, plays the iterations ([`Tuning::play`]), then verifies the result,
//! writes the files and prints the tuned spec.

use super::ending::{self, Drift};
use super::files::{Row, TuneCsv};
use super::folder::{self, NewFolder};
use super::pipeline::Tuning;
use super::plan::TunePlan;
use super::settings::SETTINGS;
use super::size::Size;
use super::spread;
use super::spsa::{Gains, Spsa};
use super::subject::Subject;
use super::verify::{self, Verification};
use crate::bot::BotMaker;
use crate::error::{Interrupted, UsageError};
use crate::input::write_atomically;
use crate::report;
use crate::report::progress::Progress;
use crate::roster::{Contest, resolve_bot};
use crate::run::{STOP, install_ctrl_c};
use anyhow::Context;
use serde_json::json;
use std::io::IsTerminal;
use std::time::Instant;

/// A game's tuning, monomorphised per game in the registry.
pub type TuneFn = fn(&TunePlan) -> anyhow::Result<()>;

pub fn tune_game<G: Contest>(plan: &TunePlan) -> anyhow::Result<()> {
    let game: G = crate::games::configure(&plan.config)?;
    let dir = &plan.out_dir;
    let mut folder = NewFolder::create(dir)?;
    if let Err(refused) = crate::results::lock::hold(dir) {
        // The folder is the other process's now.
        folder.keep();
        return Err(refused);
    }
    if !plan.resume {
        // Checked when planned, and again now that no other process can start a tuning here.
        folder::check_free(dir)?;
    }
    let logs = dir.join("logs");
    let subject = Subject::<G>::resolve(&game, &plan.bot, &plan.ranges, Some(&logs))?;
    let field: Vec<Box<dyn BotMaker<G>>> = plan
        .against
        .iter()
        .map(|choice| resolve_bot(&game, choice, Some(&logs)))
        .collect::<anyhow::Result<_>>()?;
    let size = Size::of(plan, game.info().seats, field.len())?;
    if let Some(warning) = ending::few_iterations(size.iterations, size.per_iteration) {
        eprintln!("{warning}");
    }
    let bounds = subject.tuned.iter().map(|t| t.bounds.clone()).collect();
    let spsa = Spsa::new(bounds, size.iterations, size.comparisons, Gains::default());
    let names: Vec<String> = subject.tuned.iter().map(|t| t.name.clone()).collect();
    let start: Vec<f64> = subject.tuned.iter().map(|t| t.start).collect();
    let tuning = Tuning {
        game: &game,
        subject: &subject,
        field: &field,
        spsa: &spsa,
        schedule: &size.schedule,
        master_seed: plan.settings.seed,
        per_iteration: size.per_iteration,
        start: &start,
        names: &names,
        lines: !plan.quiet && !std::io::stderr().is_terminal(),
    };
    let (mut csv, mut rows) = open_files(plan, &names, size.iterations)?;
    tuning.check_rows(&rows).map_err(|line| UsageError::File {
        path: dir.join(super::files::CSV),
        line,
        message: format!(
            "this row does not follow from the one before under the settings of {} \
                 (edited?); it cannot be resumed",
            dir.join(SETTINGS).display()
        ),
    })?;
    folder.keep();
    if !plan.quiet {
        announce(plan, &tuning, rows.len());
    }
    let resumed_at = rows.len() as u64;
    let started = Instant::now();
    play_iterations(plan, &tuning, &mut rows, &mut csv, size.iterations)?;
    drop(csv);
    if (rows.len() as u64) < size.iterations {
        return Err(Interrupted(format!(
            "after {} of {} iterations; continue with: tourney tune --resume {}",
            rows.len(),
            size.iterations,
            dir.display()
        ))
        .into());
    }
    let played = (size.iterations - resumed_at) * size.per_iteration;
    let seconds = started.elapsed().as_secs_f64();
    finish(
        plan,
        &tuning,
        &rows,
        &format!("{played} played in {seconds:.1} s"),
    )
}

/// Writes the settings of a new tuning (first, so a folder with a tune.csv can always be
/// resumed) and opens `tune.csv`, or reads back the rows of the one resumed.
fn open_files(
    plan: &TunePlan,
    names: &[String],
    iterations: u64,
) -> anyhow::Result<(TuneCsv, Vec<Row>)> {
    let dir = &plan.out_dir;
    if !plan.resume {
        write_atomically(&dir.join(SETTINGS), plan.settings.json().as_bytes())?;
    }
    let (csv, rows) = match plan.resume {
        true => TuneCsv::resume(dir, names)?,
        false => (TuneCsv::create(dir, names)?, Vec::new()),
    };
    if rows.len() as u64 > iterations {
        return Err(UsageError::Invalid(format!(
            "{} has more rows than this tuning's {iterations} iterations",
            dir.join(super::files::CSV).display()
        ))
        .into());
    }
    Ok((csv, rows))
}

/// Plays the iterations still to play on the plan's threads, with a progress bar, until all
/// are played or Ctrl-C stops them between iterations.
fn play_iterations<G: Contest>(
    plan: &TunePlan,
    tuning: &Tuning<'_, G>,
    rows: &mut Vec<Row>,
    csv: &mut TuneCsv,
    iterations: u64,
) -> anyhow::Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .context("cannot start the worker threads")?;
    let mut progress = Progress::with_message(iterations * tuning.per_iteration, !plan.quiet);
    progress.set(rows.len() as u64 * tuning.per_iteration);
    install_ctrl_c();
    let played = tuning.play(&pool, &STOP, rows, csv, &mut progress);
    progress.finish();
    played
}

/// The first line: what is tuned, from where, against whom.
fn announce<G: Contest>(plan: &TunePlan, tuning: &Tuning<'_, G>, finished: usize) {
    let opponents = match plan.against.is_empty() {
        true => "plus against minus".to_string(),
        false => format!(
            "each side against {}",
            plan.against
                .iter()
                .map(|b| b.label.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    eprintln!(
        "tuning {} on {} ({} seats): {} from {}, {} iterations of {} games, {opponents}; \
         master seed {}",
        plan.bot.label,
        tuning.game.info().name,
        tuning.game.info().seats,
        tuning.names.join(", "),
        tuning.subject.spec_at(tuning.start),
        tuning.spsa.iterations,
        tuning.per_iteration,
        plan.settings.seed
    );
    if finished > 0 {
        eprintln!("resuming after {finished} finished iterations");
    }
}

/// After the last iteration: the verification, the files, and the tuned spec printed last.
fn finish<G: Contest>(
    plan: &TunePlan,
    tuning: &Tuning<'_, G>,
    rows: &[Row],
    timing: &str,
) -> anyhow::Result<()> {
    let subject = tuning.subject;
    let theta = &rows.last().expect("a finished tuning has rows").theta;
    let tuned: Vec<f64> = subject
        .tuned
        .iter()
        .zip(theta)
        .map(|(t, &v)| t.bounds.reported(v))
        .collect();
    let start = tuning.start;
    let drifts = ending::drifts(tuning.spsa, start, rows);
    let verification = match plan.settings.verify {
        true => Some(verify::run::<G>(plan, subject, &tuned, start)?),
        false => None,
    };
    write_outputs(plan, tuning, rows, &tuned, &drifts, verification.as_ref())?;
    if !plan.quiet {
        println!(
            "{} iterations, {} games ({timing}); wrote {}/tune.csv, tuned.json, tune.png, \
             tune.svg and report.html",
            rows.len(),
            rows.len() as u64 * tuning.per_iteration,
            plan.out_dir.display()
        );
        for ((t, drift), (&from, &to)) in subject
            .tuned
            .iter()
            .zip(&drifts)
            .zip(start.iter().zip(&tuned))
        {
            println!(
                "  {:<16} {} -> {}   (range {}:{}; {})",
                t.name,
                t.bounds.kind.format(from),
                t.bounds.kind.format(to),
                t.bounds.min,
                t.bounds.max,
                drift.text()
            );
        }
    }
    let games = rows.len() as u64 * tuning.per_iteration;
    let variance = rows.last().map_or(spread::EVEN_VARIANCE, |r| r.variance);
    for warning in [
        ending::still_moving(tuning.names, &drifts, games),
        ending::little_signal(variance),
    ]
    .into_iter()
    .flatten()
    {
        eprintln!("{warning}");
    }
    if let Some(v) = &verification {
        println!("verify: {}", v.text);
    }
    println!("{}", subject.spec_at(&tuned));
    Ok(())
}

/// tuned.json, the plot and report.html.
fn write_outputs<G: Contest>(
    plan: &TunePlan,
    tuning: &Tuning<'_, G>,
    rows: &[Row],
    tuned: &[f64],
    drifts: &[Drift],
    verification: Option<&Verification>,
) -> anyhow::Result<()> {
    let (subject, names, start) = (tuning.subject, tuning.names, tuning.start);
    let dir = &plan.out_dir;
    let map = |values: &[f64]| {
        subject
            .tuned
            .iter()
            .zip(values)
            .map(|(t, &v)| (t.name.clone(), t.bounds.kind.json(v)))
            .collect::<serde_json::Map<_, _>>()
    };
    let json = json!({
        "params": map(tuned),
        "bot": subject.spec_at(tuned),
        "start": map(start),
        "start_bot": subject.spec_at(start),
        "game": plan.settings.game,
        "iterations": rows.len(),
        "games": rows.last().map_or(0, |r| r.games),
        "master_seed": plan.settings.seed,
        "drift": names
            .iter()
            .zip(drifts)
            .map(|(n, d)| (n.clone(), d.json()))
            .collect::<serde_json::Map<_, _>>(),
        "verify": verification.map(|v| &v.json),
    });
    let text = serde_json::to_string_pretty(&json)? + "\n";
    write_atomically(&dir.join("tuned.json"), text.as_bytes())?;
    let paths: Vec<Vec<(f64, f64)>> = (0..names.len())
        .map(|i| {
            std::iter::once((0.0, start[i]))
                .chain(rows.iter().map(|r| (r.games as f64, r.theta[i])))
                .collect()
        })
        .collect();
    let ranges: Vec<(f64, f64)> = subject
        .tuned
        .iter()
        .map(|t| (t.bounds.min, t.bounds.max))
        .collect();
    let page = report::tune::Page {
        title: format!("Tuning {} ({})", plan.bot.label, plan.settings.game),
        names,
        ranges: &ranges,
        paths: &paths,
        start: &subject.spec_at(start),
        tuned: &subject.spec_at(tuned),
        verdict: verification.map(|v| v.text.as_str()),
    };
    report::tune::write(&page, dir)?;
    Ok(())
}
