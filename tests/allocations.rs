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
use tourney::games::fresh_fish::{self, FreshFish};
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
    /// Decisions of the game being played whose action the test marks (Fresh Fish's bids).
    static MARKED: Cell<u64> = const { Cell::new(0) };
}

/// A bot that notes the allocations made since the game's previous decision (of any seat)
/// began, then lets the real bot decide: each decision's own allocations are counted at the
/// next one.
struct Counted<G: Game> {
    bot: Box<dyn Bot<G>>,
    marks: fn(&G::Action) -> bool,
}

impl<G: Game> Bot<G> for Counted<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        let now = allocations();
        if let Some(last) = LAST_DECISION.get() {
            IN_LOOP.set(IN_LOOP.get() + now - last);
        }
        LAST_DECISION.set(Some(now));
        let action = self.bot.act(game, view);
        if (self.marks)(&action) {
            MARKED.set(MARKED.get() + 1);
        }
        action
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        self.bot.observe(game, actor, action);
    }
}

/// Per game of `games` games between `bot`s: the allocations of its decision loop and how
/// many of its actions `marks` picked out.
fn count_games<G: BotTable>(
    game: &G,
    bot: &str,
    games: u64,
    marks: fn(&G::Action) -> bool,
) -> Vec<(u64, u64)> {
    let entry = G::bots().iter().find(|e| e.name == bot).expect("listed");
    (0..games)
        .map(|index| {
            let state = game.new_state(seed::rng(1, index, Stream::Chance));
            let bots: Vec<Box<dyn Bot<G>>> = (0..game.info().seats)
                .map(|seat: Seat| {
                    let rng = seed::rng(1, index, Stream::Seat(seat as u8));
                    let made = entry.make(game, seat, rng, &Params::default());
                    let bot = made.expect("no parameters");
                    Box::new(Counted { bot, marks }) as Box<dyn Bot<G>>
                })
                .collect();
            LAST_DECISION.set(None);
            IN_LOOP.set(0);
            MARKED.set(0);
            let _ = play_game(game, state, bots);
            (IN_LOOP.get(), MARKED.get())
        })
        .collect()
}

/// The most allocations a decision loop of `games` games between `bot`s made.
fn worst_game<G: BotTable>(game: &G, bot: &str, games: u64) -> u64 {
    let counts = count_games(game, bot, games, |_| false);
    counts.iter().map(|&(n, _)| n).max().expect("games played")
}

#[test]
fn ticket_to_ride_random_allocates_nothing_between_decisions() {
    for map in MapName::ALL {
        for rules in t2r::RuleSet::ALL {
            let game = TicketToRide::new(map, rules, t2r::DEFAULT_TURN_LIMIT);
            assert_eq!(worst_game(&game, "random", 50), 0, "{map:?} {rules:?}");
        }
    }
}

#[test]
fn labyrinth_random_allocates_nothing_between_decisions() {
    for rules in [labyrinth::RuleSet::Cgs, labyrinth::RuleSet::Classic] {
        let game = Labyrinth::new(rules, None, labyrinth::DEFAULT_TURN_LIMIT);
        assert_eq!(worst_game(&game, "random", 50), 0, "{rules:?}");
    }
}

/// Carcassonne's position keeps vectors that grow with the board (the grid, the frontier, the
/// feature records, the followers, the score log), in the state and in the view the runner
/// refills. Each grows by doubling, so a game reallocates them a few times each, however many
/// decisions it has: 37 at most in 2 seats, 43 in 5, against over 600 when every view was a
/// fresh copy. The bound leaves room for growth, not for an allocation per decision (72 tiles
/// give over 70 decisions).
#[test]
fn carcassonne_random_allocates_only_as_the_board_grows() {
    for seats in [2, 5] {
        let game = Carcassonne::new(seats);
        let worst = worst_game(&game, "random", 20);
        assert!(worst <= 60, "{seats} seats: {worst} allocations in a game");
    }
}

/// Fresh Fish's sealed auctions are announced by `ToAct::Simultaneous`, which lists the
/// bidders in a vector: one allocation per auction, and none for any other decision. Every
/// auction has at least one bid, so a game allocates at most once per bid, plus the runner's
/// two buffers of sealed views and actions: made at the first auction, and grown at most three
/// times each (doubling from one bidder to five).
#[test]
fn fresh_fish_random_allocates_once_per_auction() {
    for seats in [2, 5] {
        let game = FreshFish::new(seats, 20, fresh_fish::DEFAULT_TURN_LIMIT);
        let is_bid = |action: &fresh_fish::Action| matches!(action, fresh_fish::Action::Bid(_));
        for (allocations, bids) in count_games(&game, "random", 20, is_bid) {
            let most = bids + 2 * 4;
            assert!(
                allocations <= most,
                "{seats} seats: {allocations} allocations, {bids} bids"
            );
        }
    }
}
