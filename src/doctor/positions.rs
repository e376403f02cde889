//! The positions `tourney doctor` asks a program about: the awkward ones of each game (a ticket
//! choice, a double route, a wrap-around push, an auction…) and one from each phase of a game
//! (its first decision, one half-way, its last). None is written by hand: each is found by
//! playing seeded games between copies of the game's built-in bots until a decision of the
//! wanted kind comes up, so every position is one a real game reaches, and the same seed
//! always finds the same one. The kinds are told apart on the wire form a program receives
//! (`docs/protocol.md`), so this file reads views as the program does and names no engine type.

use crate::bot::{Bot, BotEntry, BotFailure, Params};
use crate::game::{Game, Seat};
use crate::outcome::Outcome;
use crate::roster::Contest;
use crate::runner::play_game;
use crate::seed::{self, Stream};
use serde_json::Value;
use std::sync::{Arc, Mutex};

pub use crate::games::self_test::{SelfTest, Wanted};

/// Seeded games searched for a position before its check is skipped.
pub const SEARCH_GAMES: u64 = 100;

/// A decision of a seeded game: replaying the game of `seed_index` up to `actions` and asking
/// `seat` gives it again.
pub struct Position<A> {
    /// What it is, for the check's line.
    pub what: String,
    pub doc: &'static str,
    pub seed_index: u64,
    /// Every action applied before the decision, with its seat, in order.
    pub actions: Vec<(Seat, A)>,
    pub seat: Seat,
}

/// A wanted kind and the first position of it the search found (`None`: none in
/// [`SEARCH_GAMES`] games).
pub type Found<A> = (&'static Wanted, Option<Position<A>>);

/// A decision: the seat that made it and every action before it.
type Decision<A> = (Seat, Vec<(Seat, A)>);

/// What the search found: the phases of its first game, and each wanted kind's first position.
pub struct Positions<A> {
    pub phases: Vec<Position<A>>,
    pub wanted: Vec<Found<A>>,
}

/// The search's notes: the first position of each wanted kind, and every decision of the first
/// game (for its phases).
struct Search<A> {
    wanted: &'static [Wanted],
    found: Vec<Option<Position<A>>>,
    seed_index: u64,
    /// Every action of the game being played so far, with its seat.
    actions: Vec<(Seat, A)>,
    /// Every decision of the game being played, as (seat, actions before it), while kept.
    decisions: Option<Vec<Decision<A>>>,
}

impl<A: Clone> Search<A> {
    /// Whether a kind still missing is told apart by the legal actions.
    fn wants_legal(&self) -> bool {
        self.wanted
            .iter()
            .zip(&self.found)
            .any(|(kind, slot)| slot.is_none() && kind.needs_legal)
    }

    fn visit(&mut self, setup: &Value, view: &Value, seat: Seat, legal: &[Value]) {
        let actions = &self.actions;
        if let Some(decisions) = &mut self.decisions {
            decisions.push((seat, actions.to_vec()));
        }
        for (slot, kind) in self.found.iter_mut().zip(self.wanted) {
            if slot.is_none() && kind.matches(setup, view, legal) {
                *slot = Some(Position {
                    what: kind.what.to_string(),
                    doc: kind.doc,
                    seed_index: self.seed_index,
                    actions: actions.to_vec(),
                    seat,
                });
            }
        }
    }
}

/// The first decision of every wanted kind, and the first, middle and last decision of the
/// first game: searched over seeds `0..SEARCH_GAMES` of `master_seed`, in order, so the same
/// seed always finds the same positions.
pub fn find<G: Contest>(game: &G, master_seed: u64) -> Positions<G::Action> {
    let wanted = G::AWKWARD;
    let search = Arc::new(Mutex::new(Search {
        wanted,
        found: wanted.iter().map(|_| None).collect(),
        seed_index: 0,
        actions: Vec::new(),
        decisions: Some(Vec::new()),
    }));
    play(game, master_seed, &search);
    let mut notes = lock(&search);
    let phases = phase_positions::<G>(notes.decisions.take().unwrap_or_default());
    for seed_index in 1..SEARCH_GAMES {
        if notes.found.iter().all(Option::is_some) {
            break;
        }
        notes.seed_index = seed_index;
        drop(notes);
        play(game, master_seed, &search);
        notes = lock(&search);
    }
    Positions {
        phases,
        wanted: wanted
            .iter()
            .zip(std::mem::take(&mut notes.found))
            .collect(),
    }
}

/// The search's notes, shared by the bots of the game in play.
type Shared<A> = Arc<Mutex<Search<A>>>;

fn lock<A>(search: &Shared<A>) -> std::sync::MutexGuard<'_, Search<A>> {
    search.lock().unwrap_or_else(|e| e.into_inner())
}

/// The first, middle and last decisions of a game, given as (seat, actions before it).
fn phase_positions<G: Game + SelfTest>(
    decisions: Vec<Decision<G::Action>>,
) -> Vec<Position<G::Action>> {
    let rules = G::RULES_DOC;
    let last = decisions.len().saturating_sub(1);
    let picks = [
        ("the first decision", 0),
        ("a decision half-way", last / 2),
        ("the last decision", last),
    ];
    picks
        .into_iter()
        .filter_map(|(what, index)| {
            let (seat, actions) = decisions.get(index)?;
            Some(Position {
                what: format!("{what} of a game"),
                doc: rules,
                seed_index: 0,
                actions: actions.clone(),
                seat: *seat,
            })
        })
        .collect()
}

/// The bots the search plays with, one of them in every seat of a game, each in turn: the
/// game's visible bots but the search bot (too slow to play a hundred games), for positions
/// only some reach (`random` never draws tickets in Ticket to Ride, `nice` does).
fn players<G: Contest>() -> Vec<&'static BotEntry<G>> {
    G::bots()
        .iter()
        .filter(|entry| !entry.hidden && entry.name != "mcts")
        .collect()
}

/// Plays the game of the search's seed between copies of one built-in bot, through the
/// runner, each seat showing the search its decisions: seed 0 the first of [`players`], seed 1
/// the next…
fn play<G: Contest>(game: &G, master_seed: u64, search: &Shared<G::Action>) {
    let seed_index = {
        let mut notes = lock(search);
        notes.actions.clear();
        notes.seed_index
    };
    let players = players::<G>();
    let player = players[seed_index as usize % players.len()];
    let setup = game.wire_setup();
    let bots: Vec<Box<dyn Bot<G>>> = (0..game.info().seats)
        .map(|seat| {
            let rng = seed::rng(master_seed, seed_index, Stream::Seat(seat as u8));
            let bot = player
                .make(game, seat, rng, &Params::default())
                .expect("a bot at its defaults");
            Box::new(Shown {
                bot,
                seat,
                search: Arc::clone(search),
                setup: setup.clone(),
            }) as Box<dyn Bot<G>>
        })
        .collect();
    let state = game.new_state(seed::rng(master_seed, seed_index, Stream::Chance));
    play_game(game, state, bots);
}

/// A built-in bot of the search's game that shows the search each of its decisions (its seat's
/// view as a program would read it) before it makes it; the bot in seat 0 also notes every
/// action played, which every seat hears.
struct Shown<G: Game> {
    bot: Box<dyn Bot<G>>,
    seat: Seat,
    search: Shared<G::Action>,
    setup: Value,
}

impl<G: Contest> Bot<G> for Shown<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        let mut search = lock(&self.search);
        let legal: Vec<Value> = if search.wants_legal() {
            let legal = game.legal_actions(view);
            legal.iter().map(|a| game.wire_action(a)).collect()
        } else {
            Vec::new()
        };
        search.visit(&self.setup, &game.wire_view(view), self.seat, &legal);
        drop(search);
        self.bot.act(game, view)
    }

    fn begin(&mut self, game: &G, seat: Seat, start: &G::State) -> Result<(), BotFailure> {
        self.bot.begin(game, seat, start)
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        if self.seat == 0 {
            lock(&self.search).actions.push((actor, action.clone()));
        }
        self.bot.observe(game, actor, action);
    }

    fn turn_over(&mut self, game: &G) {
        self.bot.turn_over(game);
    }

    fn finish(&mut self, game: &G, outcome: &Outcome) {
        self.bot.finish(game, outcome);
    }
}
