//! Stage 5 of `run`: the results made final. A complete run's manifest vouches for its
//! games.csv (synced first, then hashed); `summary.json` and the report files are written
//! (not for a shard: a shard is a part, reported once merged); the tables and a footer are
//! printed.

use super::faults::{Replays, loss_links};
use super::output::Output;
use super::replay::FindReplay;
use super::stream::Played;
use crate::early_stop::{EarlyStop, Withdrawals};
use crate::format::Decided;
use crate::game::GameInfo;
use crate::input::write_atomically;
use crate::report::standings::Standings;
use crate::report::{self, terminal};
use crate::results::files::file_sha256;
use crate::run::plan::RunPlan;
use crate::summary::{Analysis, Summary};
use anyhow::Context;
use std::path::PathBuf;

/// Analyses the tallies and writes the files; hands back the summary and the report files
/// written. `find_replay` replays the records of faulted and lost games into the report's pages.
pub fn write(
    info: &GameInfo,
    find_replay: FindReplay,
    plan: &RunPlan,
    output: &mut Output,
    played: &Played,
    decided: Option<Decided>,
) -> anyhow::Result<(Summary, Vec<PathBuf>)> {
    let bot_names = &output.bot_names;
    let mut summary = summarize(info, plan, output, played)?;
    summary.set_decided(decided);
    let Some(dir) = &plan.out_dir else {
        return Ok((summary, Vec::new()));
    };
    let stopped = output.early_stop.as_ref().and_then(EarlyStop::note);
    if output.next + played.status.games_played == output.games.end || stopped.is_some() {
        let path = dir.join("games.csv");
        // On disk before the manifest vouches for it.
        std::fs::File::open(&path)
            .and_then(|file| file.sync_all())
            .with_context(|| format!("cannot sync {}", path.display()))?;
        output.manifest.complete = true;
        output.manifest.games_csv_sha256 = Some(file_sha256(&path)?);
        output.manifest.stopped = stopped;
        output.manifest.save(dir)?;
    }
    if plan.shard.is_some() {
        return Ok((summary, Vec::new()));
    }
    let json = serde_json::to_string_pretty(&summary).context("cannot encode summary.json")?;
    write_atomically(&dir.join("summary.json"), (json + "\n").as_bytes())?;
    let replays = Replays {
        dirs: std::slice::from_ref(dir),
        out: dir,
        find: find_replay,
    };
    let pages = report::Pages {
        faults: &output.faults.link(replays, bot_names),
        standings: &Standings {
            losses: loss_links(&output.crosstable, replays),
            crosstable: std::mem::take(&mut output.crosstable),
        },
        knockout: summary.knockout.as_ref(),
        sprt_stop: summary.sprt_stop.as_ref(),
        swiss: summary.swiss.as_ref(),
        disqualify: summary.disqualify.as_ref(),
    };
    let written = report::write_all(&summary.analysis, dir, plan.report.plots, &pages)?;
    Ok((summary, written))
}

/// The summary of what the tallies hold, with what `--sprt-stop` decided.
pub fn summarize(
    info: &GameInfo,
    plan: &RunPlan,
    output: &Output,
    played: &Played,
) -> anyhow::Result<Summary> {
    let options = plan.report.options(&output.bot_names)?;
    let analysis = Analysis::build(&output.bot_names, &output.tally, &options);
    let mut summary = Summary::build(
        info,
        plan.master_seed,
        plan.per_pairing(info.seats),
        played.status,
        analysis,
    );
    summary.sprt_stop = output.early_stop.as_ref().map(EarlyStop::summary);
    summary.disqualify = output.withdrawals.as_ref().map(Withdrawals::summary);
    Ok(summary)
}

/// The tables, then one line saying what was played and written.
pub fn print(
    plan: &RunPlan,
    summary: &Summary,
    output: &Output,
    played: &Played,
    written: &[PathBuf],
) {
    terminal::print_analysis(&summary.analysis);
    if let Some(knockout) = &summary.knockout {
        print!("{}", report::bracket::text(knockout));
    }
    if let Some(swiss) = &summary.swiss {
        print!("{}", report::swiss::text(swiss));
    }
    if let Some(stop) = &summary.sprt_stop {
        terminal::print_sprt_stop(stop);
    }
    if let Some(disqualify) = &summary.disqualify {
        for withdrawal in &disqualify.withdrawn {
            println!("{}", withdrawal.text(disqualify.rate));
        }
    }
    let (kept, games) = (output.kept(), &output.games);
    let (status, seconds) = (played.status, played.seconds);
    match (plan.shard, &plan.out_dir) {
        (Some(shard), Some(dir)) => println!(
            "shard {shard}: games {}..{} ({kept} kept, {} played in {seconds:.2} s); wrote \
             {}/games.csv and manifest.json for `tourney merge`",
            games.start,
            games.end,
            status.games_played,
            dir.display()
        ),
        // The footer's games per second would count the kept games too.
        (None, Some(dir)) if kept > 0 => println!(
            "{kept} games kept from the folder, {} played in {seconds:.2} s{}; master seed \
             {}; wrote {}/games.csv, summary.json and {} report files",
            status.games_played,
            if summary.interrupted {
                " - interrupted again, finished games kept"
            } else {
                ""
            },
            summary.master_seed,
            dir.display(),
            written.len()
        ),
        _ => terminal::print_run_footer(summary, seconds, plan.out_dir.as_deref(), written),
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};

    /// `report`, `check`, `watch` and the live page read summary.json back: every number must
    /// come back as the very float that was written (a 17-digit Elo once came back one unit in
    /// the last place off, and the live page then disagreed with the file it showed).
    #[test]
    fn numbers_read_back_from_summary_json_are_the_numbers_written() {
        let mut rng = crate::seed::Rng::seed_from_u64(7);
        for _ in 0..20_000 {
            let x: f64 = rng.random_range(-1000.0..1000.0);
            let text = serde_json::to_string_pretty(&serde_json::json!({ "elo": x })).unwrap();
            let back: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(back["elo"].as_f64(), Some(x), "{text}");
        }
        let text = "{\"elo\": 255.42339791078135}";
        let back: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(back["elo"].as_f64(), Some(255.42339791078135));
    }
}
