//! The positions `tourney doctor` asks a program about: the awkward ones of each game (a ticket
//! choice, a double route, a wrap-around push, an auction…) and one from each phase of a game
//! (its first decision, one half-way, its last). None is written by hand: each is found by
//! playing seeded games between copies of the game's built-in bots until a decision of the
//! wanted kind comes up, so every position is one a real game reaches, and the same seed
//! always finds the same one. The kinds are told apart on the wire form a program receives
//! (`docs/protocol.md`), so this file reads views as the program does and names no engine type.

use crate::bot::{Bot, BotEntry, Params};
use crate::game::{Game, Seat, ToAct};
use crate::roster::Contest;
use crate::seed::{self, Stream};
use serde_json::Value;

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

    fn visit(
        &mut self,
        setup: &Value,
        view: &Value,
        seat: Seat,
        legal: &[Value],
        actions: &[(Seat, A)],
    ) {
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
    let mut search = Search {
        wanted,
        found: wanted.iter().map(|_| None).collect(),
        seed_index: 0,
        decisions: Some(Vec::new()),
    };
    play(game, master_seed, &mut search);
    let phases = phase_positions::<G>(search.decisions.take().unwrap_or_default());
    for seed_index in 1..SEARCH_GAMES {
        if search.found.iter().all(Option::is_some) {
            break;
        }
        search.seed_index = seed_index;
        play(game, master_seed, &mut search);
    }
    Positions {
        phases,
        wanted: wanted.iter().zip(search.found).collect(),
    }
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

/// Plays the game of the search's seed between copies of one built-in bot, showing it every
/// decision: seed 0 the first of [`players`], seed 1 the next…
fn play<G: Contest>(game: &G, master_seed: u64, search: &mut Search<G::Action>) {
    let seed_index = search.seed_index;
    let players = players::<G>();
    let player = players[seed_index as usize % players.len()];
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.info().seats)
        .map(|seat| {
            let rng = seed::rng(master_seed, seed_index, Stream::Seat(seat as u8));
            player
                .make(game, seat, rng, &Params::default())
                .expect("a bot at its defaults")
        })
        .collect();
    let setup = game.wire_setup();
    let mut state = game.new_state(seed::rng(master_seed, seed_index, Stream::Chance));
    let mut actions: Vec<(Seat, G::Action)> = Vec::new();
    loop {
        let seats = match game.to_act(&state) {
            ToAct::Over => break,
            ToAct::Seat(seat) => vec![seat],
            ToAct::Simultaneous(seats) => seats,
        };
        // Views first, then decisions, then moves, as the runner plays simultaneous seats.
        let views: Vec<G::View> = seats.iter().map(|&s| game.view(&state, s)).collect();
        let mut chosen = Vec::new();
        for (&seat, view) in seats.iter().zip(&views) {
            let legal: Vec<Value> = if search.wants_legal() {
                let legal = game.legal_actions(view);
                legal.iter().map(|a| game.wire_action(a)).collect()
            } else {
                Vec::new()
            };
            search.visit(&setup, &game.wire_view(view), seat, &legal, &actions);
            chosen.push((seat, bots[seat].act(game, view)));
        }
        for (seat, action) in chosen {
            game.apply(&mut state, seat, action.clone());
            actions.push((seat, action));
        }
    }
}
