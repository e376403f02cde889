//! The edge of `tourney run` ([`crate::run`] plays it): a run's result into its exit code, and
//! the Ctrl-C handling of the commands that play no games.

use crate::error::Interrupted;
use crate::run::plan::RunPlan;
use crate::summary::Summary;

/// For the commands that play no games (`report`, `merge`, `doctor`, `serve`, `replay`): Ctrl-C
/// or SIGTERM ends them at once with exit code 130, after ending every outside program they
/// started. What they write is written whole (atomically) or not at all, so there is nothing to
/// wind down, and never an exit code 0 for work a signal cut short.
pub fn exit_on_signal() {
    let _ = ctrlc::set_handler(|| {
        crate::external::kill_all();
        std::process::exit(130);
    });
}

/// What a run stopped by Ctrl-C or SIGTERM says: how far it got, where its games are kept,
/// and how to go on (`--resume`, or for what cannot be resumed yet, playing it again whole
/// with the same seed).
pub fn interrupted(plan: &RunPlan, summary: &Summary) -> Interrupted {
    let games = summary.analysis.games_played;
    let Some(dir) = &plan.out_dir else {
        return Interrupted(format!(
            "{games} games finished and none kept (no output folder); run it again"
        ));
    };
    let dir = dir.display();
    let next = match plan.unresumable() {
        None => format!("continue with: tourney run --resume {dir}"),
        Some(what) => format!(
            "{what} cannot be resumed yet: play it again whole, with the same command and \
             --seed {} --out {dir} --force (the same seed plays the same games)",
            plan.master_seed
        ),
    };
    Interrupted(format!("{games} finished games kept in {dir}; {next}"))
}
