//! The list of games, each with the generic entry points instantiated for its type (no
//! `dyn Game`, so the hot loop inlines): the one place where the games meet `run`, `replay`,
//! `tune`, `bench` and `serve`. Adding a game is a folder under `games/` and a line in [`all`].

use super::ladder::{LadderFn, ladder_game};
use crate::bench::search_speed::{SearchSpeedFn, search_speed};
use crate::bot::BotEntry;
use crate::doctor::{DoctorFn, doctor_game};
use crate::error::UsageError;
use crate::games::Description;
use crate::games::carcassonne::Carcassonne;
use crate::games::contest::CgsWire;
use crate::games::fresh_fish::FreshFish;
use crate::games::labyrinth::Labyrinth;
use crate::games::t2r::TicketToRide;
use crate::roster::Contest;
use crate::run::plan::RunPlan;
use crate::run::replay::{ReplayFn, replay_game};
use crate::run::{RunFn, run_game};
use crate::runner::RecordSink;
use crate::search::Search;
use crate::serve::ServeFn;
use crate::summary::Summary;
use crate::tune::plan::TunePlan;
use crate::tune::play::{TuneFn, tune_game};

/// A game of the registry: its description and its entry points.
pub struct GameEntry {
    pub game: Description,
    /// Plays a validated plan for this game; see `crate::run`.
    pub run: RunFn,
    /// Replays one of its records; see `crate::run::replay`.
    pub replay: ReplayFn,
    /// Tunes a bot's parameters; see `crate::tune::play`.
    pub tune: TuneFn,
    /// Times its `mcts` for `tourney bench`; `None` for a game without search bots.
    pub search_speed: Option<SearchSpeedFn>,
    /// `tourney serve` for a game whose contest clients speak the contest server's protocol
    /// (`docs/contest-protocol.md`); `None` for the others.
    pub serve: Option<ServeFn>,
    /// `tourney doctor` of a program playing this game; see `app::doctor`.
    pub doctor: DoctorFn,
    /// `tourney ladder` of programs playing this game; see `app::ladder`.
    pub ladder: LadderFn,
}

/// An entry reads as its game's description (`entry.name`, `entry.has_bot`…).
impl std::ops::Deref for GameEntry {
    type Target = Description;

    fn deref(&self) -> &Description {
        &self.game
    }
}

impl Contest for TicketToRide {
    fn contest_client() -> Option<&'static BotEntry<Self>> {
        static CLIENT: BotEntry<TicketToRide> = crate::serve::client_entry();
        Some(&CLIENT)
    }
}

impl Contest for Labyrinth {
    fn contest_client() -> Option<&'static BotEntry<Self>> {
        static CLIENT: BotEntry<Labyrinth> = crate::serve::client_entry();
        Some(&CLIENT)
    }
}

impl Contest for Carcassonne {}
impl Contest for FreshFish {}

impl GameEntry {
    fn of<G: Contest>() -> GameEntry {
        GameEntry {
            game: Description::of::<G>(),
            run: run_game::<G>,
            replay: replay_game::<G>,
            tune: tune_game::<G>,
            search_speed: None,
            serve: None,
            doctor: doctor_game::<G>,
            ladder: ladder_game::<G>,
        }
    }

    /// With `tourney bench`'s timing of its search bots.
    fn searchable<G: Contest + Search>(self) -> GameEntry
    where
        G::Action: Eq + std::hash::Hash,
    {
        GameEntry {
            search_speed: Some(search_speed::<G>),
            ..self
        }
    }

    /// With `tourney serve`.
    fn served<G: Contest + CgsWire>(self) -> GameEntry {
        GameEntry {
            serve: Some(crate::serve::training::serve::<G>),
            ..self
        }
    }
}

/// Every game, in the order `tourney list` shows them. The first is the default.
pub fn all() -> Vec<GameEntry> {
    vec![
        GameEntry::of::<TicketToRide>()
            .searchable::<TicketToRide>()
            .served::<TicketToRide>(),
        GameEntry::of::<Labyrinth>()
            .searchable::<Labyrinth>()
            .served::<Labyrinth>(),
        GameEntry::of::<Carcassonne>().searchable::<Carcassonne>(),
        GameEntry::of::<FreshFish>().searchable::<FreshFish>(),
    ]
}

/// Finds a game by its CLI name.
pub fn find(name: &str) -> Result<GameEntry, UsageError> {
    let games = all();
    let known = games.iter().map(|g| g.name).collect::<Vec<_>>().join(", ");
    games
        .into_iter()
        .find(|g| g.name == name)
        .ok_or_else(|| UsageError::UnknownGame {
            name: name.to_string(),
            known,
        })
}

/// [`find`]'s description only: the [`crate::games::FindGame`] that scenario files, manifests
/// and plans are read with, given to them from here so they never name the registry.
pub fn describe(name: &str) -> Result<Description, UsageError> {
    find(name).map(|entry| entry.game)
}

/// [`find`]'s replay only: the [`crate::run::replay::FindReplay`] of `replay` and of the replay
/// pages of reports.
pub fn replayer(name: &str) -> Result<ReplayFn, UsageError> {
    find(name).map(|entry| entry.replay)
}

/// [`find`]'s description and doctor: the [`crate::app::doctor::FindDoctor`] of `doctor`.
pub fn doctor(name: &str) -> Result<(Description, DoctorFn), UsageError> {
    find(name).map(|entry| (entry.game, entry.doctor))
}

/// [`find`]'s ladder: the [`crate::app::ladder::FindLadder`] of `ladder`.
pub fn ladder(name: &str) -> Result<LadderFn, UsageError> {
    find(name).map(|entry| entry.ladder)
}

/// Plays a plan with its game's [`run_game`], after starting the contest server if the lineup
/// has contest seats. The optional observer sees every record and may stop the run.
pub fn run(plan: &RunPlan, observer: Option<&mut dyn RecordSink>) -> anyhow::Result<Summary> {
    let entry = find(plan.game.name)?;
    crate::run::contest::start_server(plan)?;
    (entry.run)(plan, observer)
}

/// Tunes with the plan's game's [`tune_game`].
pub fn tune(plan: &TunePlan) -> anyhow::Result<()> {
    (find(plan.game.name)?.tune)(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Params;
    use crate::games::{GameConfig, Registered};
    use crate::seed::{Stream, rng};

    /// Every bot of `G` refuses a parameter it does not take, and says which.
    fn bots_refuse_unknown_parameters<G: Registered>() {
        let game: G = crate::games::configure(&GameConfig::default()).unwrap();
        let params = Params([("bogus".to_string(), "3".to_string())].into());
        for entry in G::bots() {
            let refused = entry
                .make(&game, 0, rng(1, 2, Stream::Seat(0)), &params)
                .err();
            assert!(
                refused.is_some_and(|why| why.contains("bogus")),
                "{} of {} took 'bogus'",
                entry.name,
                G::NAME
            );
        }
    }

    #[test]
    fn every_bot_of_every_game_refuses_unknown_parameters() {
        bots_refuse_unknown_parameters::<TicketToRide>();
        bots_refuse_unknown_parameters::<Labyrinth>();
        bots_refuse_unknown_parameters::<Carcassonne>();
        bots_refuse_unknown_parameters::<FreshFish>();
        assert_eq!(
            all().len(),
            4,
            "a game added to the registry is added here too"
        );
    }

    /// A plan's versions, one per entry in order: a built-in bot written with its default
    /// value is the bot written plainly, a program's is read from its manifest, and
    /// `--version-label` names the entry's label.
    #[test]
    fn a_plans_versions_are_its_entries_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let manifest = dir.path().join("p.toml");
        let text = "name = \"p\"\ngame = \"carcassonne\"\ncommand = \"sh\"\n";
        std::fs::write(&manifest, text).unwrap();
        let game = describe("carcassonne").unwrap();
        let iterations = (game.bot_params)("mcts")
            .into_iter()
            .find(|p| p.name == "iterations")
            .and_then(|p| p.default)
            .unwrap();
        let mut args = crate::cli::MatchArgs::default();
        args.game.name = Some("carcassonne".into());
        args.bots = vec![
            "mcts".into(),
            format!("mcts:iterations={iterations}"),
            "random".into(),
            manifest.display().to_string(),
        ];
        let mut plan = RunPlan::build(None, &args, Some(2), describe).unwrap();
        plan.version_labels.insert("p".into(), "v3".into());
        let versions = plan.versions().unwrap();
        assert_eq!(versions.len(), 4);
        assert_eq!(versions[0], versions[1]);
        assert_eq!(
            versions[0].label.as_deref(),
            Some(env!("CARGO_PKG_VERSION"))
        );
        assert_ne!(versions[0].digest, versions[2].digest);
        let program = crate::version::of_program(&manifest, Some("v3")).unwrap();
        assert_eq!(versions[3], program);
    }

    /// Plans refuse `cgs:NAME` seats in a game without the contest's rule set; so the games
    /// with that rule set are exactly the ones `tourney serve` serves.
    #[test]
    fn the_served_games_are_the_ones_with_the_contest_rule_set() {
        for entry in all() {
            assert_eq!(
                entry.serve.is_some(),
                entry
                    .rule_sets
                    .contains(&crate::games::contest::CONTEST_RULES),
                "{}",
                entry.name
            );
        }
    }
}
