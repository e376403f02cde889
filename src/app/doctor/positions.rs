//! The positions `tourney doctor` asks a program about: the awkward ones of each game (a ticket
//! choice, a double route, a wrap-around push, an auction…) and one from each phase of a game
//! (its first decision, one half-way, its last). None is written by hand: each is found by
//! playing seeded games between copies of the game's built-in bots until a decision of the
//! wanted kind comes up, so every position is one a real game reaches, and the same seed
//! always finds the same one. The kinds are told apart on the wire form a program receives
//! (`docs/protocol.md`), so this file reads views as the program does and names no engine type.

use crate::app::run::Contest;
use crate::bot::{Bot, BotEntry, Params};
use crate::game::{Game, Seat, ToAct};
use crate::seed::{self, Stream};
use serde_json::Value;

/// Seeded games searched for a position before its check is skipped.
pub const SEARCH_GAMES: u64 = 100;

/// A kind of decision worth asking about, and where the rules describe it.
pub struct Wanted {
    /// What the position holds, as a noun phrase ("a ticket choice").
    pub what: &'static str,
    /// The rules section a legal answer follows.
    pub doc: &'static str,
    /// Whether the decision of the seat with this view (and these legal actions, in their wire
    /// form; empty unless `needs_legal`) is of this kind. `setup` is `new_game`'s.
    test: fn(setup: &Value, view: &Value, legal: &[Value]) -> bool,
    pub needs_legal: bool,
}

impl Wanted {
    /// Whether a decision is of this kind.
    pub fn matches(&self, setup: &Value, view: &Value, legal: &[Value]) -> bool {
        (self.test)(setup, view, legal)
    }
}

const T2R: &str = "docs/rules/ticket-to-ride.md";
const LABYRINTH: &str = "docs/rules/labyrinth.md";

/// The awkward decisions of the game named `game`, the ones programs get wrong first.
pub fn wanted(game: &str) -> &'static [Wanted] {
    match game {
        "t2r" => &[
            Wanted {
                what: "a ticket choice",
                doc: "docs/rules/ticket-to-ride.md §3.6",
                test: |_, view, _| view["phase"] == "choose-tickets",
                needs_legal: false,
            },
            Wanted {
                what: "a double route to claim",
                doc: "docs/rules/ticket-to-ride.md §3.5",
                test: |setup, _, legal| {
                    legal.iter().any(|action| {
                        action["kind"] == "claim"
                            && action["route"].as_u64().is_some_and(|route| {
                                setup["routes"][route as usize]["colours"]
                                    .as_array()
                                    .is_some_and(|colours| colours.len() == 2)
                            })
                    })
                },
                needs_legal: true,
            },
            Wanted {
                what: "a claim paid with locomotives",
                doc: "docs/rules/ticket-to-ride.md §3.5",
                test: |_, _, legal| {
                    legal.iter().any(|action| {
                        action["kind"] == "claim"
                            && action["locomotives"].as_u64().is_some_and(|n| n > 0)
                    })
                },
                needs_legal: true,
            },
            Wanted {
                what: "a second card to draw",
                doc: "docs/rules/ticket-to-ride.md §3.4",
                test: |_, view, _| view["phase"] == "second-card",
                needs_legal: false,
            },
            Wanted {
                what: "the end of the deck",
                doc: "docs/rules/ticket-to-ride.md §3.4",
                test: |_, view, _| view["deck"] == 0,
                needs_legal: false,
            },
        ],
        "labyrinth" => &[
            Wanted {
                what: "a push that wraps its pawn around the board",
                doc: "docs/rules/labyrinth.md §6",
                test: |_, view, _| pawn_on_a_pushed_edge(view),
                needs_legal: false,
            },
            Wanted {
                what: "the forbidden reversal of the last push",
                doc: "docs/rules/labyrinth.md §6",
                test: |_, view, _| !view["forbidden"].is_null(),
                needs_legal: false,
            },
        ],
        "carcassonne" => &[
            Wanted {
                what: "a tile with no legal place (discarded)",
                doc: "docs/rules/carcassonne.md §4",
                test: |_, view, _| view["discards"].as_array().is_some_and(|d| !d.is_empty()),
                needs_legal: false,
            },
            Wanted {
                what: "no follower left to place",
                doc: "docs/rules/carcassonne.md §4",
                test: |_, view, _| view["supply"][seat_of(view)] == 0,
                needs_legal: false,
            },
        ],
        "fresh-fish" => &[
            Wanted {
                what: "an auction",
                doc: "docs/rules/fresh-fish.md §5",
                test: |_, view, _| view["phase"]["name"] == "auction",
                needs_legal: false,
            },
            Wanted {
                what: "a shop to build",
                doc: "docs/rules/fresh-fish.md §5.4",
                test: |_, view, _| view["phase"]["name"] == "build-shop",
                needs_legal: false,
            },
        ],
        _ => &[],
    }
}

/// The rules file of the game named `game`, for failures outside any awkward position.
pub fn rules_doc(game: &str) -> &'static str {
    match game {
        "t2r" => T2R,
        "labyrinth" => LABYRINTH,
        "carcassonne" => "docs/rules/carcassonne.md",
        _ => "docs/rules/fresh-fish.md",
    }
}

fn seat_of(view: &Value) -> usize {
    view["seat"].as_u64().unwrap_or(0) as usize
}

/// Whether the seat's pawn stands at the end of a movable (odd) line or column, so that a push
/// along it carries the pawn off one edge and back on at the other (Labyrinth §6).
fn pawn_on_a_pushed_edge(view: &Value) -> bool {
    let pawn = &view["pawns"][seat_of(view)];
    let (Some(x), Some(y), Some(w), Some(h)) = (
        pawn[0].as_u64(),
        pawn[1].as_u64(),
        view["width"].as_u64(),
        view["height"].as_u64(),
    ) else {
        return false;
    };
    (y % 2 == 1 && (x == 0 || x + 1 == w)) || (x % 2 == 1 && (y == 0 || y + 1 == h))
}

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
    let wanted = wanted(G::NAME);
    let mut search = Search {
        wanted,
        found: wanted.iter().map(|_| None).collect(),
        seed_index: 0,
        decisions: Some(Vec::new()),
    };
    play(game, master_seed, &mut search);
    let phases = phase_positions(game, search.decisions.take().unwrap_or_default());
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
fn phase_positions<G: Game>(
    game: &G,
    decisions: Vec<Decision<G::Action>>,
) -> Vec<Position<G::Action>> {
    let rules = rules_doc(game.info().name);
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
