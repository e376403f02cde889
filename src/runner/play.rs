//! Plays one fixture to the end, adjudicating faults: a bot that panics or cannot start loses
//! with `crash`, one that returns an illegal action loses with `illegal`, and a bot reporting a
//! [`crate::bot::BotFailure`] loses with the termination it names; under `--faults
//! tolerate=N` the first N faults of a seat are forgiven instead ([`super::faults`]).
//! Everything else is the game's business.

use super::faults::{Fault, FaultPolicy, Tolerance};
use super::gamelog::{GameLog, StartLog, apply};
use super::guard::call_bot;
use super::record::GameRecord;
use super::schedule::Fixture;
use crate::bot::{Bot, BotMaker, Think};
use crate::game::{Game, Seat, ToAct, kept_view};
use crate::outcome::{Outcome, Termination};
use crate::seed::{self, Stream};
use std::sync::atomic::{AtomicBool, Ordering};

/// The bots of a run, by bot index: how each one is built for a game.
pub struct Lineup<'a, G: Game> {
    pub entries: Vec<Box<dyn BotMaker<G> + 'a>>,
    /// `run --record`: starts each game's log. `None` (the default) keeps the loop as it was.
    pub record: Option<StartLog<G>>,
    /// `--faults`: what a bot's fault costs.
    pub faults: FaultPolicy,
}

/// A safety net against an engine that never ends: every game must end by its own turn limit
/// long before this many decisions.
const MAX_DECISIONS: u64 = 10_000_000;

/// A stop request that never comes: for games that always play to their end.
static NEVER: AtomicBool = AtomicBool::new(false);

/// Plays `fixture`; chance comes from the seed index, each seat's bot from the game index.
pub fn play_fixture<G: Game>(
    game: &G,
    lineup: &Lineup<'_, G>,
    master_seed: u64,
    fixture: &Fixture,
) -> GameRecord {
    play_fixture_unless_stopped(game, lineup, master_seed, fixture, &NEVER)
        .expect("a game that is never stopped ends")
}

/// Plays `fixture` like [`play_fixture`], but gives it up (`None`) as soon as `stop` is set,
/// before it starts or between two decisions: Ctrl-C then ends a run within a move, not after
/// every game of the block, and the abandoned game is replayed whole by a resumed run. The
/// bots are dropped unfinished, which ends their processes.
pub fn play_fixture_unless_stopped<G: Game>(
    game: &G,
    lineup: &Lineup<'_, G>,
    master_seed: u64,
    fixture: &Fixture,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    if stop.load(Ordering::SeqCst) {
        return None;
    }
    let chance = seed::rng(master_seed, fixture.seed_index, Stream::Chance);
    let (state, mut log) = match lineup.record {
        None => (game.new_state(chance), None),
        Some(start) => {
            let (state, log) = start(game, chance);
            (state, Some(log))
        }
    };
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::with_capacity(fixture.lineup.len());
    let mut fault: Option<Fault> = None;
    for (seat, &bot) in fixture.lineup.iter().enumerate() {
        let maker = &lineup.entries[bot];
        let rng = seed::rng(master_seed, fixture.index, Stream::Seat(seat_tag(seat)));
        match call_bot(|| maker.make(game, seat, rng, fixture.index)) {
            Ok(Ok(made)) => bots.push(Some(made)),
            // Parameters were checked before the run: a refusal now is a bot that could not
            // start, which loses like a crash.
            Ok(Err(message)) | Err(message) => {
                fault = Some((seat, Termination::Crash, message));
                break;
            }
        }
    }
    let remake =
        |seat: Seat, rng| lineup.entries[fixture.lineup[seat]].make(game, seat, rng, fixture.index);
    let tolerance = Tolerance::new(
        lineup.faults,
        fixture.lineup.len(),
        master_seed,
        fixture.index,
        Some(&remake),
    );
    let (state, outcome, fault, tolerated, think) =
        play_made(game, state, bots, fault, tolerance, &mut log, stop)?;
    let mut record = record(game, &state, fixture, outcome, fault);
    record.tolerated = tolerated;
    record.think = think;
    record.log = log.map(|log| log.finish(&record));
    Some(record)
}

/// Plays a game from `state` between bots made by the caller, one per seat in seat order (a
/// server's training game: a network client against a built-in bot). Returns the final
/// position, the outcome and the fault message, if a seat lost by fault.
pub fn play_game<G: Game>(
    game: &G,
    state: G::State,
    bots: Vec<Box<dyn Bot<G>>>,
) -> (G::State, Outcome, Option<String>) {
    let (state, outcome, fault, _, _) = play_made(
        game,
        state,
        bots.into_iter().map(Some).collect(),
        None,
        Tolerance::lose(),
        &mut None,
        &NEVER,
    )
    .expect("a game that is never stopped ends");
    (state, outcome, fault)
}

/// The game loop once the bots exist; `fault` is set when making one already failed, and `log`
/// hears every applied action when the game is recorded. `None` when `stop` was set before
/// the game ended; else the game played out ([`Played`]).
fn play_made<G: Game>(
    game: &G,
    mut state: G::State,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    mut fault: Option<Fault>,
    tolerance: Tolerance<'_, G>,
    log: &mut Option<Box<dyn GameLog<G>>>,
    stop: &AtomicBool,
) -> Option<Played<G>> {
    let mut table = Table {
        game,
        bots,
        tolerance,
        log,
        view: None,
        sealed: (Vec::new(), Vec::new()),
        think: Vec::new(),
        deciding: Vec::new(),
    };
    if fault.is_none() {
        fault = begin(game, &state, &mut table.bots);
    }
    let mut decisions = 0u64;
    while fault.is_none() {
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        decisions += 1;
        assert!(
            decisions < MAX_DECISIONS,
            "{} did not end within {MAX_DECISIONS} decisions: an engine bug",
            game.info().name
        );
        let played = match game.to_act(&state) {
            ToAct::Over => break,
            ToAct::Seat(seat) => table
                .pass_turn(&state, &[seat])
                .and_then(|()| table.turn(&mut state, seat)),
            ToAct::Simultaneous(seats) => table
                .pass_turn(&state, &seats)
                .and_then(|()| table.simultaneous(&mut state, &seats)),
        };
        fault = played.err();
    }
    let (outcome, fault) = conclude(game, &state, fault);
    for bot in table.bots.iter_mut().flatten() {
        // The result stands: a bot that fails to hear how the game ended cannot change it.
        let _ = call_bot(|| bot.finish(game, &outcome));
    }
    Some((
        state,
        outcome,
        fault,
        table.tolerance.into_counts(),
        table.think,
    ))
}

/// A game played out: the final position, the outcome, the fault message of the seat that lost
/// by fault, the faults forgiven per seat (empty under `--faults lose`) and the measured
/// decisions per seat (empty while none is timed).
type Played<G> = (
    <G as Game>::State,
    Outcome,
    Option<String>,
    Vec<u32>,
    Vec<Vec<Think>>,
);

/// What a game is played with: the game, a bot for each seat, and the log that hears every
/// applied action when the game is recorded.
struct Table<'t, G: Game> {
    game: &'t G,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    /// Which faults are forgiven, and the streams of what is played in their place.
    tolerance: Tolerance<'t, G>,
    log: &'t mut Option<Box<dyn GameLog<G>>>,
    /// The view of the last single-seat decision, refilled for the next ([`Game::view_into`]).
    view: Option<G::View>,
    /// The views and actions (with their measurements) of the last simultaneous decision,
    /// emptied for the next.
    sealed: (Vec<G::View>, Vec<Decision<G>>),
    /// The measured decisions per seat, for the game's record; empty while none is timed.
    think: Vec<Vec<Think>>,
    /// The seats of the last decision, told when the turn passes from them.
    deciding: Vec<Seat>,
}

impl<G: Game> Table<'_, G> {
    /// Tells each seat of the last decision that is not among `next` that its turn is over
    /// ([`Bot::turn_over`]), and notes `next` as the seats deciding now. A bot that panics
    /// there has a fault like one that panics while listening: it loses the game, or is made
    /// again if the policy forgives it; a panicked bot is never asked to decide.
    fn pass_turn(&mut self, state: &G::State, next: &[Seat]) -> Result<(), Fault> {
        for &seat in self.deciding.iter().filter(|seat| !next.contains(seat)) {
            let Some(bot) = self.bots.get_mut(seat).and_then(Option::as_mut) else {
                continue;
            };
            if let Err(message) = call_bot(|| bot.turn_over(self.game)) {
                self.tolerance.forgive(
                    self.game,
                    state,
                    &mut self.bots,
                    (seat, Termination::Crash, message),
                    false,
                )?;
            }
        }
        self.deciding.clear();
        self.deciding.extend_from_slice(next);
        Ok(())
    }

    /// One seat decides and its action is applied, once every bot has heard it. The common
    /// case, kept free of allocations.
    fn turn(&mut self, state: &mut G::State, seat: Seat) -> Result<(), Fault> {
        let view = kept_view(self.game, state, seat, &mut self.view);
        let (action, think) = decide_or_stand_in(
            self.game,
            state,
            &mut self.bots,
            &mut self.tolerance,
            seat,
            view,
        )?;
        self.play(state, seat, action, think)
    }

    /// Several seats decide at once. Views first, then decisions, then moves: simultaneous
    /// deciders never see each other's choices.
    fn simultaneous(&mut self, state: &mut G::State, seats: &[Seat]) -> Result<(), Fault> {
        let (mut views, mut actions) = std::mem::take(&mut self.sealed);
        views.clear();
        actions.clear();
        views.extend(seats.iter().map(|&s| self.game.view(state, s)));
        for (&seat, view) in seats.iter().zip(&views) {
            actions.push(decide_or_stand_in(
                self.game,
                state,
                &mut self.bots,
                &mut self.tolerance,
                seat,
                view,
            )?);
        }
        for (&seat, (action, think)) in seats.iter().zip(actions.drain(..)) {
            self.play(state, seat, action, think)?;
        }
        self.sealed = (views, actions);
        Ok(())
    }

    /// Tells every bot the action, then applies it; keeps its measurement, if it was timed.
    fn play(
        &mut self,
        state: &mut G::State,
        seat: Seat,
        action: G::Action,
        think: Option<Think>,
    ) -> Result<(), Fault> {
        if let Some(fault) = tell(self.game, &mut self.bots, seat, &action) {
            // A bot that panicked while listening is made again, if forgiven: it has heard
            // every action it needs from its next view.
            self.tolerance
                .forgive(self.game, state, &mut self.bots, fault, false)?;
        }
        if let Some(think) = think {
            if self.think.len() <= seat {
                self.think.resize_with(seat + 1, Vec::new);
            }
            self.think[seat].push(think);
        }
        apply(self.game, state, seat, action, think, self.log);
        Ok(())
    }
}

/// How the game ended: lost by the seat at fault, with its message, or as the game says.
fn conclude<G: Game>(
    game: &G,
    state: &G::State,
    fault: Option<Fault>,
) -> (Outcome, Option<String>) {
    match fault {
        // The message may quote the bot (its answer, its name for itself): stored and shown
        // with its control characters escaped.
        Some((seat, termination, message)) => (
            game.forfeit(state, seat, termination),
            Some(crate::error::escaped(&message)),
        ),
        None => (
            game.outcome(state)
                .expect("a game that is over has an outcome"),
            None,
        ),
    }
}

/// Shows every bot the starting position ([`Bot::begin`]); the first that fails or panics
/// loses the game before any move.
pub(super) fn begin<G: Game>(
    game: &G,
    state: &G::State,
    bots: &mut [Option<Box<dyn Bot<G>>>],
) -> Option<Fault> {
    bots.iter_mut().enumerate().find_map(|(seat, bot)| {
        let bot = bot.as_mut()?;
        match call_bot(|| bot.begin(game, seat, state)) {
            Ok(Ok(())) => None,
            Ok(Err(failure)) => Some((seat, failure.termination, failure.message)),
            Err(message) => Some((seat, Termination::Crash, message)),
        }
    })
}

/// Tells every bot the action `actor` is about to have applied; the first bot that panics
/// while listening loses the game (`crash`), as if it had panicked while acting.
pub(super) fn tell<G: Game>(
    game: &G,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    actor: Seat,
    action: &G::Action,
) -> Option<Fault> {
    bots.iter_mut().enumerate().find_map(|(seat, bot)| {
        let bot = bot.as_mut()?;
        call_bot(|| bot.observe(game, actor, action))
            .err()
            .map(|message| (seat, Termination::Crash, message))
    })
}

/// A decision that failed: the fault, and whether the bot answered with an action the rules
/// forbid (it is still in step, so a forgiving policy keeps it rather than making it again).
type Failed = (Fault, bool);

/// An action and the bot's measurement of it, if it is timed.
type Decision<G> = (<G as Game>::Action, Option<Think>);

/// Asks the seat's bot for an action, with the bot's measurement of it if it is timed; a panic
/// or an illegal action is the seat's fault.
pub(super) fn decide<G: Game>(
    game: &G,
    state: &G::State,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    seat: Seat,
    view: &G::View,
) -> Result<Decision<G>, Failed> {
    let bot = bots[seat]
        .as_mut()
        .expect("every seat has a bot once set up");
    match call_bot(|| bot.try_act(game, view)) {
        Ok(Ok(action)) if game.is_legal_from(state, view, seat, &action) => {
            Ok((action, bot.think()))
        }
        Ok(Ok(action)) => {
            let what = game.describe(state, seat, &action);
            let why = game.explain_illegal(state, seat, &action);
            Err(((seat, Termination::Illegal, format!("{what}: {why}")), true))
        }
        Ok(Err(failure)) => Err(((seat, failure.termination, failure.message), false)),
        Err(message) => Err(((seat, Termination::Crash, message), false)),
    }
}

/// The seat's decision or, when it failed and the policy forgives the fault, the action played
/// in its place (not timed: the bot did not choose it).
fn decide_or_stand_in<G: Game>(
    game: &G,
    state: &G::State,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    tolerance: &mut Tolerance<'_, G>,
    seat: Seat,
    view: &G::View,
) -> Result<Decision<G>, Fault> {
    decide(game, state, bots, seat, view).or_else(|(fault, keep)| {
        tolerance.forgive(game, state, bots, fault.clone(), keep)?;
        Ok((tolerance.stand_in(game, view, fault)?, None))
    })
}

fn seat_tag(seat: Seat) -> u8 {
    u8::try_from(seat).expect("fewer than 256 seats")
}

fn record<G: Game>(
    game: &G,
    state: &G::State,
    fixture: &Fixture,
    outcome: Outcome,
    fault: Option<String>,
) -> GameRecord {
    let extras = (0..fixture.lineup.len())
        .flat_map(|seat| game.extra_values(state, seat))
        .collect();
    GameRecord {
        index: fixture.index,
        seed_index: fixture.seed_index,
        pairing: fixture.pairing,
        rotation: fixture.rotation,
        lineup: fixture.lineup.clone(),
        scores: outcome.scores,
        ranks: outcome.ranks,
        termination: outcome.termination,
        culprit: outcome.culprit,
        turns: game.turns(state),
        extras,
        fault,
        tolerated: Vec::new(),
        log: None,
        think: Vec::new(),
    }
}
