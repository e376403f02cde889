//! Stage 2 of `run`: every bot of the plan looked up (`crate::roster`) and checked before the
//! first game, and the schedule of who meets whom.

use crate::bot::timed::TimedMaker;
use crate::error::UsageError;
use crate::format::{Staged, SwissPlay, Tournament};
use crate::game::GameInfo;
use crate::input;
use crate::roster::{Contest, resolve_bot};
use crate::run::plan::RunPlan;
use crate::runner::Schedule;
use crate::runner::play::Lineup;
use crate::scenario::Format;

/// Looks every bot up (see [`resolve_bot`]) and checks there are enough to fill the seats.
pub fn resolve<G: Contest>(game: &G, plan: &RunPlan) -> anyhow::Result<Lineup<'static, G>> {
    let logs = plan.out_dir.as_ref().map(|dir| dir.join("logs"));
    let entries = plan
        .bots
        .iter()
        .map(|choice| {
            let maker = resolve_bot(game, choice, logs.as_deref())?;
            Ok(match plan.think_times {
                true => Box::new(TimedMaker(maker)),
                false => maker,
            })
        })
        .collect::<anyhow::Result<_>>()?;
    let seats = game.info().seats;
    if plan.bots.len() < seats && !matches!(plan.format, Format::Field { .. }) {
        return Err(UsageError::Invalid(format!(
            "{seats} players need at least {seats} bots (got {}); list a bot twice to seat it twice",
            plan.bots.len()
        ))
        .into());
    }
    Ok(Lineup {
        entries,
        record: None,
        faults: plan.faults,
    })
}

/// Who meets whom: the plan's format over its bots, for games of `seats` seats. A knockout or
/// a Swiss system gives the schedule of its first stage (the later ones are drawn from its
/// results as it goes) and itself.
pub fn schedule(plan: &RunPlan, info: &GameInfo) -> Result<(Schedule, Option<Staged>), UsageError> {
    let (bots, seats) = (plan.bots.len(), info.seats);
    if plan.format == Format::RoundRobin {
        let most = input::PAIRINGS;
        let count = Schedule::count_combinations(bots, seats);
        if count.is_none_or(|count| count > most) {
            return Err(UsageError::Invalid(format!(
                "{bots} bots in games of {seats} seats make {} groups to play: a round robin \
                 may have at most {}; give fewer bots, or use --format gauntlet or --field BOT",
                count.map_or("more than 2^64".into(), input::grouped),
                input::grouped(most)
            )));
        }
    }
    let per_pairing = plan.per_pairing(seats);
    let schedule = match plan.format {
        Format::RoundRobin => Schedule::combinations(bots, seats, per_pairing),
        Format::Field { field } => Schedule::field(field, bots, seats, per_pairing),
        Format::Gauntlet { candidate } => Schedule::gauntlet(candidate, bots, seats, per_pairing),
        Format::Knockout(settings) => {
            settings.check(bots, seats).map_err(UsageError::Invalid)?;
            let tournament = Tournament::new(
                settings,
                bots,
                plan.games_per_pairing,
                info.lower_score_is_better,
            );
            return Ok((
                tournament.first_schedule(),
                Some(Staged::Knockout(tournament)),
            ));
        }
        Format::Swiss(settings) => {
            settings.check(bots, seats).map_err(UsageError::Invalid)?;
            let swiss = SwissPlay::new(settings, bots, plan.games_per_pairing);
            return Ok((swiss.first_schedule(), Some(Staged::Swiss(swiss))));
        }
    };
    let schedule = match &plan.seeds {
        Some(seeds) => schedule.with_deals(seeds.values.clone()),
        None => schedule,
    };
    Ok((schedule, None))
}
