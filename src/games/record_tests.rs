//! `run --record` and `tourney replay` on real games of every game: recording changes no result, every record replays, the
//! chance events describe what the engine did, and a tampered record is caught where it was
//! tampered with.

use crate::bot::{BotMaker, Configured, Params};
use crate::game::{Chance, Game};
use crate::games::carcassonne::{self, Carcassonne};
use crate::games::fresh_fish::{self, FreshFish};
use crate::games::labyrinth::Labyrinth;
use crate::games::t2r::{self, TicketToRide};
use crate::games::{GameConfig, Registered, configure};
use crate::replay::{GameLine, ReplayError, replay, start};
use crate::runner::{GameRecord, Lineup, Schedule, play_fixture};

const MASTER: u64 = 77;

fn game<G: Registered>(seats: usize) -> G {
    let config = GameConfig {
        seats: Some(seats),
        ..GameConfig::default()
    };
    configure(&config).expect("default configuration")
}

fn lineup<G: Registered>(bots: &[&str], record: bool) -> Lineup<'static, G> {
    let entries = bots
        .iter()
        .map(|name| {
            let entry = G::bots()
                .iter()
                .find(|b| b.name == *name)
                .expect("known bot");
            Box::new(Configured {
                entry,
                params: Params::default(),
            }) as Box<dyn BotMaker<G>>
        })
        .collect();
    Lineup {
        entries,
        record: record.then_some(start::<G> as crate::runner::StartLog<G>),
        faults: crate::runner::FaultPolicy::Lose,
    }
}

/// Plays `games` games of `bots` with and without a log; returns the logged records after
/// checking that the log is the only difference.
fn recorded<G: Registered>(game: &G, bots: &[&str], games: u64) -> Vec<GameRecord> {
    let schedule = Schedule::combinations(bots.len(), game.info().seats, games);
    let (plain, logged) = (lineup::<G>(bots, false), lineup::<G>(bots, true));
    (0..schedule.total_games())
        .map(|index| {
            let fixture = schedule.fixture(index);
            let without = play_fixture(game, &plain, MASTER, &fixture);
            let mut with = play_fixture(game, &logged, MASTER, &fixture);
            assert!(without.log.is_none());
            let log = with.log.take().expect("a logged game has a line");
            assert_eq!(with, without, "recording changed game {index}");
            with.log = Some(log);
            with
        })
        .collect()
}

/// The decoded line of a game of `G`.
type LineOf<G> = GameLine<<G as Game>::Action, <G as Chance>::Event>;

fn line<G: Chance>(record: &GameRecord) -> LineOf<G> {
    serde_json::from_str(record.log.as_deref().expect("logged")).expect("a line decodes")
}

/// Every record replays to the recorded result, through as many positions as it has steps.
fn replays_all<G: Registered>(game: &G, records: &[GameRecord]) {
    for record in records {
        let line = line::<G>(record);
        let steps = line.steps.len();
        let replayed = replay(game, MASTER, line).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(replayed.states.len(), steps + 1);
        assert_eq!(replayed.outcome.scores, record.scores);
        assert_eq!(replayed.outcome.ranks, record.ranks);
        assert_eq!(game.turns(replayed.states.last().unwrap()), record.turns);
    }
}

/// Records `games` games of `bots` on `seats` seats, checks that every record replays, and
/// returns each record with its decoded line: the start of each game's record test below.
fn replayed_lines<G: Registered>(
    seats: usize,
    bots: &[&str],
    games: u64,
) -> Vec<(GameRecord, LineOf<G>)> {
    let game: G = game(seats);
    let records = recorded(&game, bots, games);
    replays_all(&game, &records);
    records
        .into_iter()
        .map(|record| {
            let line = line::<G>(&record);
            (record, line)
        })
        .collect()
}

#[test]
fn t2r_records_replay_and_account_for_every_card_dealt() {
    for (_, line) in replayed_lines::<TicketToRide>(2, &["nice", "greedy"], 6) {
        let dealt = |seat| {
            line.setup
                .iter()
                .filter(
                    |e| matches!(e, t2r::chance_event::ChanceEvent::Dealt { seat: s, .. } if *s == seat),
                )
                .count()
        };
        assert_eq!((dealt(0), dealt(1)), (4, 4), "the deal is four cards each");
        let face_up = line
            .setup
            .iter()
            .filter(|e| matches!(e, t2r::chance_event::ChanceEvent::FaceUp { .. }))
            .count();
        assert!(
            face_up >= 5,
            "five face-up cards at least (more after a redeal)"
        );
        for step in &line.steps {
            let blind = step.action == t2r::Action::DrawBlind;
            let drew_to_hand = step.chance.iter().any(
                |e| matches!(e, t2r::chance_event::ChanceEvent::Dealt { seat, .. } if *seat == step.seat),
            );
            assert_eq!(
                blind, drew_to_hand,
                "a blind draw and only it deals to the hand"
            );
            if step.action == t2r::Action::DrawTickets {
                assert!(
                    step.chance
                        .iter()
                        .any(|e| matches!(e, t2r::chance_event::ChanceEvent::Tickets { .. })),
                    "drawing tickets offers tickets"
                );
            }
        }
    }
}

#[test]
fn carcassonne_records_draw_every_tile_once() {
    let lines = replayed_lines::<Carcassonne>(2, &["greedy", "random"], 2);
    for (_, line) in lines.into_iter().filter(|(r, _)| r.fault.is_none()) {
        let mut drawn: Vec<char> = line
            .setup
            .iter()
            .chain(line.steps.iter().flat_map(|s| &s.chance))
            .map(|carcassonne::chance_event::ChanceEvent::Drew(t)| *t)
            .collect();
        drawn.sort_unstable();
        let mut bag: Vec<char> = carcassonne::tiles::full_set()
            .into_iter()
            .map(carcassonne::State::letter)
            .collect();
        bag.remove(bag.iter().position(|&t| t == 'D').unwrap());
        bag.sort_unstable();
        assert_eq!(
            drawn, bag,
            "the 71 tiles after the start tile, each drawn once"
        );
    }
}

#[test]
fn fresh_fish_records_show_five_producers_and_one_tile_per_draw() {
    for (_, line) in replayed_lines::<FreshFish>(3, &["greedy", "random", "lookahead"], 3) {
        assert_eq!(line.setup.len(), 5, "{:?}", line.setup);
        for step in &line.steps {
            let draws = step.action == fresh_fish::Action::Draw;
            assert_eq!(step.chance.len(), usize::from(draws));
        }
    }
}

#[test]
fn labyrinth_records_hold_the_generated_board_and_nothing_after() {
    for (_, line) in replayed_lines::<Labyrinth>(2, &["greedy", "basic"], 4) {
        let crate::games::labyrinth::chance_event::ChanceEvent::Board {
            width,
            height,
            tiles,
            ..
        } = &line.setup[0];
        assert_eq!(tiles.len(), usize::from(*width) * usize::from(*height));
        assert!(line.steps.iter().all(|s| s.chance.is_empty()));
    }
}

#[test]
fn faulted_games_replay_to_the_same_forfeit() {
    let game: TicketToRide = game(2);
    let records = recorded(&game, &["nice", "test-illegal"], 2);
    assert!(records.iter().all(|r| r.culprit.is_some()));
    replays_all(&game, &records);
}

#[test]
fn a_tampered_record_is_caught_where_it_was_changed() {
    let game: TicketToRide = game(2);
    let record = &recorded(&game, &["nice", "greedy"], 2)[0];
    let original = line::<TicketToRide>(record);

    let mut deal = original.clone();
    deal.setup.swap(5, 9);
    let error = replay(&game, MASTER, deal).err().expect("a changed deal");
    assert!(matches!(error, ReplayError::SetupChance { .. }), "{error}");

    let mut drawn = original.clone();
    let (step, _) = drawn
        .steps
        .iter()
        .enumerate()
        .find(|(_, s)| !s.chance.is_empty())
        .expect("some step draws");
    drawn.steps[step].chance.clear();
    let error = replay(&game, MASTER, drawn).err().expect("a dropped draw");
    assert!(
        matches!(error, ReplayError::StepChance { step: s, .. } if s == step + 1),
        "{error}"
    );

    let mut illegal = original.clone();
    let last = illegal.steps.len() - 1;
    illegal.steps[last].action = t2r::Action::DrawSlot(7);
    let error = replay(&game, MASTER, illegal)
        .err()
        .expect("an illegal action");
    assert!(matches!(error, ReplayError::Illegal { .. }), "{error}");

    let mut short = original.clone();
    short.steps.pop();
    let error = replay(&game, MASTER, short)
        .err()
        .expect("a game cut short");
    assert!(matches!(error, ReplayError::Result { .. }), "{error}");

    let mut other_seed = original.clone();
    other_seed.seed += 1;
    assert!(replay(&game, MASTER, other_seed).is_err(), "another deck");

    let mut score = original;
    score.scores[0] += 1;
    let error = replay(&game, MASTER, score).err().expect("a changed score");
    assert!(matches!(error, ReplayError::Result { .. }), "{error}");
}
