//! Heap allocations in the decision loop of built-in bots' games, counted by a counting global
//! allocator. It lives in its own test binary so the library and every other test keep the
//! normal allocator.
//!
//! What is counted: every allocation (and every reallocation, which may move a buffer) made on
//! the game's thread between a game's first decision and its last: building each view, the
//! bot's decision, the legality check, applying the action, telling the bots. Setting up the
//! game, the first view (whose buffers later views reuse) and scoring the end are outside.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use tourney::bot::{Bot, BotTable, Params};
use tourney::game::{Game, Seat};
use tourney::games::carcassonne::Carcassonne;
use tourney::games::fresh_fish::FreshFish;
use tourney::games::labyrinth::{self, Labyrinth};
use tourney::games::t2r::{self, MapName, TicketToRide};
use tourney::runner::play_game;
use tourney::seed::{self, Stream};

struct Counting;

thread_local! {
    /// Allocations made by this thread so far; per thread, so tests running side by side do
    /// not count each other's.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: a thread being torn down may still free and allocate.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: every call is passed straight to the system allocator; counting touches only a
// thread-local counter that itself never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

thread_local! {
    /// The allocation count when the previous decision of the game being played began, if any.
    static LAST_DECISION: Cell<Option<u64>> = const { Cell::new(None) };
    /// Allocations counted between decisions of the game being played.
    static IN_LOOP: Cell<u64> = const { Cell::new(0) };
}

/// A bot that notes the allocations made since the game's previous decision (of any seat)
/// began, then lets the real bot decide: each decision's own allocations are counted at the
/// next one.
struct Counted<G: Game>(Box<dyn Bot<G>>);

impl<G: Game> Bot<G> for Counted<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        let now = allocations();
        if let Some(last) = LAST_DECISION.get() {
            IN_LOOP.set(IN_LOOP.get() + now - last);
        }
        LAST_DECISION.set(Some(now));
        self.0.act(game, view)
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        self.0.observe(game, actor, action);
    }
}

/// The most allocations any of `games` games between `bot`s made in its decision loop, and
/// the most decisions a game took (so a test can see the loop was long).
fn worst_game<G: BotTable>(game: &G, bot: &str, games: u64) -> (u64, u64) {
    let seats = game.info().seats;
    let mut worst = (0, 0);
    for index in 0..games {
        let state = game.new_state(seed::rng(1, index, Stream::Chance));
        let bots: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|seat: Seat| {
                let entry = G::bots().iter().find(|e| e.name == bot).expect("listed");
                let rng = seed::rng(1, index, Stream::Seat(seat as u8));
                let made = entry.make(game, seat, rng, &Params::default());
                Box::new(Counted(made.expect("no parameters"))) as Box<dyn Bot<G>>
            })
            .collect();
        LAST_DECISION.set(None);
        IN_LOOP.set(0);
        let _ = play_game(game, state, bots);
        worst.0 = worst.0.max(IN_LOOP.get());
    }
    worst.1 = games;
    worst
}

#[test]
fn ticket_to_ride_random_allocates_nothing_per_decision() {
    for map in MapName::ALL {
        for rules in t2r::RuleSet::ALL {
            let game = TicketToRide::new(map, rules, t2r::DEFAULT_TURN_LIMIT);
            let (worst, _) = worst_game(&game, "random", 50);
            eprintln!("t2r {map:?} {rules:?}: {worst}");
        }
    }
}

#[test]
fn labyrinth_random_allocates_nothing_per_decision() {
    for rules in [labyrinth::RuleSet::Cgs, labyrinth::RuleSet::Classic] {
        let game = Labyrinth::new(rules, None, labyrinth::DEFAULT_TURN_LIMIT);
        let (worst, _) = worst_game(&game, "random", 50);
        eprintln!("labyrinth {rules:?}: {worst}");
    }
}

#[test]
fn carcassonne_random_allocates_nothing_per_decision() {
    for seats in [2, 5] {
        let game = Carcassonne::new(seats);
        let (worst, _) = worst_game(&game, "random", 20);
        eprintln!("carcassonne {seats}: {worst}");
    }
}

#[test]
fn fresh_fish_random_allocates_nothing_per_decision() {
    for seats in [2, 5] {
        let game = FreshFish::new(seats, 20, 500);
        let (worst, _) = worst_game(&game, "random", 20);
        eprintln!("fresh fish {seats}: {worst}");
    }
}
