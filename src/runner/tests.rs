//! The runner on a tiny game of its own, so adjudication, ordering and simultaneous decisions
//! are tested without any real game: a sealed bid decides who starts, then players add 1-3 to a
//! running total and whoever reaches the target wins.

use super::play::Lineup;
use super::*;
use crate::bot::{Bot, BotEntry, BotFailure, BotMaker, Configured, Params};
use crate::game::{Game, GameInfo, Seat, ToAct};
use crate::outcome::{Outcome, Termination, forfeit_ranks, ranks_from_keys};
use crate::seed::Rng;
use rand::RngExt;
use std::sync::atomic::AtomicBool;

mod position;

struct Race {
    info: GameInfo,
}

#[derive(Clone)]
struct RaceState {
    target: u32,
    total: u32,
    bids: [Option<u8>; 2],
    to_move: Option<Seat>,
    added: [u32; 2],
    turns: u32,
    winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq)]
struct RaceView {
    seat: Seat,
    bidding: bool,
    own_bid: Option<u8>,
    opponent_bid: Option<u8>,
    total: u32,
    target: u32,
}

#[derive(Clone, Debug, PartialEq)]
enum RaceAction {
    Bid(u8),
    Add(u32),
}

impl Game for Race {
    type State = RaceState;
    type View = RaceView;
    type Action = RaceAction;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn new_state(&self, mut chance: Rng) -> RaceState {
        RaceState {
            target: chance.random_range(10..30),
            total: 0,
            bids: [None; 2],
            to_move: None,
            added: [0; 2],
            turns: 0,
            winner: None,
        }
    }

    fn to_act(&self, s: &RaceState) -> ToAct {
        match (s.winner, s.to_move) {
            (Some(_), _) => ToAct::Over,
            (None, Some(seat)) => ToAct::Seat(seat),
            (None, None) => ToAct::Simultaneous(vec![0, 1]),
        }
    }

    fn view(&self, s: &RaceState, seat: Seat) -> RaceView {
        let bidding = s.to_move.is_none();
        RaceView {
            seat,
            bidding,
            own_bid: s.bids[seat],
            opponent_bid: if bidding { None } else { s.bids[1 - seat] },
            total: s.total,
            target: s.target,
        }
    }

    fn legal_actions(&self, view: &RaceView) -> Vec<RaceAction> {
        if view.bidding {
            (0..=3).map(RaceAction::Bid).collect()
        } else {
            (1..=3).map(RaceAction::Add).collect()
        }
    }

    fn describe(&self, _: &RaceState, _: Seat, action: &RaceAction) -> String {
        match action {
            RaceAction::Bid(bid) => format!("bids {bid}"),
            RaceAction::Add(n) => format!("adds {n}"),
        }
    }

    fn is_legal(&self, s: &RaceState, seat: Seat, action: &RaceAction) -> bool {
        self.legal_actions(&self.view(s, seat)).contains(action)
    }

    fn apply(&self, s: &mut RaceState, seat: Seat, action: RaceAction) {
        match action {
            RaceAction::Bid(bid) => {
                s.bids[seat] = Some(bid);
                if let [Some(a), Some(b)] = s.bids {
                    s.to_move = Some(usize::from(b > a));
                }
            }
            RaceAction::Add(n) => {
                s.total += n;
                s.added[seat] += n;
                s.turns += 1;
                if s.total >= s.target {
                    s.winner = Some(seat);
                }
                s.to_move = Some(1 - seat);
            }
        }
    }

    fn outcome(&self, s: &RaceState) -> Option<Outcome> {
        let winner = s.winner?;
        let keys: Vec<bool> = (0..2).map(|seat| seat == winner).collect();
        Some(Outcome {
            scores: s.added.iter().map(|&a| a as i32).collect(),
            ranks: ranks_from_keys(&keys),
            termination: Termination::Normal,
            culprit: None,
        })
    }

    fn forfeit(&self, s: &RaceState, culprit: Seat, termination: Termination) -> Outcome {
        Outcome {
            scores: s.added.iter().map(|&a| a as i32).collect(),
            ranks: forfeit_ranks(&[0, 0], culprit),
            termination,
            culprit: Some(culprit),
        }
    }

    fn turns(&self, s: &RaceState) -> u32 {
        s.turns
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        &["target"]
    }

    fn extra_values(&self, s: &RaceState, _seat: Seat) -> Vec<f64> {
        vec![f64::from(s.target)]
    }
}

/// Bids at random and adds at random; asserts it never sees the other sealed bid.
struct Fair(Rng);
impl Bot<Race> for Fair {
    fn act(&mut self, game: &Race, view: &RaceView) -> RaceAction {
        assert!(!view.bidding || view.opponent_bid.is_none(), "bid leaked");
        let legal = game.legal_actions(view);
        legal[self.0.random_range(0..legal.len())].clone()
    }
}
/// `Bid(bid)` in the bidding phase, `Add(add)` otherwise: the fixed moves of the doubles below.
fn bid_or_add(view: &RaceView, bid: u8, add: u32) -> RaceAction {
    if view.bidding {
        RaceAction::Bid(bid)
    } else {
        RaceAction::Add(add)
    }
}
struct Panicky;
impl Bot<Race> for Panicky {
    fn act(&mut self, _: &Race, view: &RaceView) -> RaceAction {
        if view.total >= 5 {
            panic!("boom at total {}", view.total);
        }
        bid_or_add(view, 0, 1)
    }
}
struct Cheat;
impl Bot<Race> for Cheat {
    fn act(&mut self, _: &Race, view: &RaceView) -> RaceAction {
        bid_or_add(view, 3, 4)
    }
}

/// Fails without panicking, as an out-of-process bot does when its time runs out.
struct Slow;
impl Bot<Race> for Slow {
    fn act(&mut self, _: &Race, _: &RaceView) -> RaceAction {
        unreachable!("the runner calls try_act")
    }
    fn try_act(&mut self, _: &Race, view: &RaceView) -> Result<RaceAction, BotFailure> {
        match view.total {
            0..5 => Ok(bid_or_add(view, 0, 1)),
            _ => Err(BotFailure::new(Termination::Timeout, "no answer in 10 ms")),
        }
    }
}
/// Keeps the running total from what it is told and checks it against its view before every
/// decision, so a missed, repeated or misordered observation panics; panics when told the end.
struct Listener {
    heard: u32,
    rng: Rng,
}
impl Bot<Race> for Listener {
    fn act(&mut self, game: &Race, view: &RaceView) -> RaceAction {
        assert_eq!(self.heard, view.total, "observations missed");
        Fair(self.rng.clone()).act(game, view)
    }
    fn observe(&mut self, _: &Race, _: Seat, action: &RaceAction) {
        if let RaceAction::Add(n) = action {
            self.heard += n;
        }
    }
    fn finish(&mut self, _: &Race, _: &Outcome) {
        panic!("a panic after the game is over changes nothing");
    }
}
/// Panics when told of any action.
struct Deaf;
impl Bot<Race> for Deaf {
    fn act(&mut self, _: &Race, _: &RaceView) -> RaceAction {
        RaceAction::Bid(0)
    }
    fn observe(&mut self, _: &Race, _: Seat, _: &RaceAction) {
        panic!("deaf");
    }
}

/// Panics when told its turn is over.
struct Restless(Fair);
impl Bot<Race> for Restless {
    fn act(&mut self, game: &Race, view: &RaceView) -> RaceAction {
        self.0.act(game, view)
    }
    fn turn_over(&mut self, _: &Race) {
        panic!("restless");
    }
}

/// Never shows up: fails at the start of every game.
struct Absent;
impl Bot<Race> for Absent {
    fn act(&mut self, _: &Race, _: &RaceView) -> RaceAction {
        unreachable!("a bot whose begin failed is never asked to act")
    }
    fn begin(&mut self, _: &Race, _: Seat, _: &RaceState) -> Result<(), BotFailure> {
        Err(BotFailure::new(Termination::Timeout, "never connected"))
    }
}

static BOTS: [BotEntry<Race>; 9] = [
    BotEntry::new("fair", "random", |_, _, rng, _| Ok(Box::new(Fair(rng)))),
    BotEntry::new(
        "panicky",
        "panics once the total reaches 5",
        |_, _, _, _| Ok(Box::new(Panicky)),
    )
    .hidden(),
    BotEntry::new("cheat", "adds 4", |_, _, _, _| Ok(Box::new(Cheat))).hidden(),
    BotEntry::new(
        "slow",
        "times out once the total reaches 5",
        |_, _, _, _| Ok(Box::new(Slow)),
    )
    .hidden(),
    BotEntry::new(
        "listener",
        "checks what it is told against its view",
        |_, _, rng, _| Ok(Box::new(Listener { heard: 0, rng })),
    )
    .hidden(),
    BotEntry::new("deaf", "panics when told of an action", |_, _, _, _| {
        Ok(Box::new(Deaf))
    })
    .hidden(),
    BotEntry::new(
        "absent",
        "cannot be built at run time, like a program that will not start",
        |_, _, _, _| Err("no such program".to_string()),
    )
    .hidden(),
    BotEntry::new("unready", "fails to begin", |_, _, _, _| {
        Ok(Box::new(Absent))
    })
    .hidden(),
    BotEntry::new(
        "restless",
        "panics when its turn is over",
        |_, _, rng, _| Ok(Box::new(Restless(Fair(rng)))),
    )
    .hidden(),
];

fn race() -> Race {
    Race {
        info: GameInfo {
            name: "race",
            rules: "test",
            options: Vec::new(),
            seats: 2,
            lower_score_is_better: false,
        },
    }
}

fn lineup(bots: &[usize]) -> Lineup<'static, Race> {
    Lineup {
        entries: bots
            .iter()
            .map(|&b| -> Box<dyn BotMaker<Race>> {
                Box::new(Configured {
                    entry: &BOTS[b],
                    params: Params::default(),
                })
            })
            .collect(),
        record: None,
        faults: crate::runner::FaultPolicy::Lose,
    }
}

struct Collect(Vec<GameRecord>);
impl RecordSink for Collect {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow> {
        self.0.push(record.clone());
        Ok(Flow::Continue)
    }
}

/// A pool of `threads` threads for the runner to play on.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

fn run(bots: &[usize], games: u64, threads: usize, stop: bool) -> (StreamStatus, Vec<GameRecord>) {
    let total = Schedule::pairs(bots.len(), games).total_games();
    run_range(bots, games, 0..total, threads, stop)
}

/// Plays only the games `range` of the schedule.
fn run_range(
    bots: &[usize],
    games: u64,
    range: std::ops::Range<u64>,
    threads: usize,
    stop: bool,
) -> (StreamStatus, Vec<GameRecord>) {
    let pool = pool(threads);
    let schedule = Schedule::pairs(bots.len(), games);
    let mut sink = Collect(Vec::new());
    let status = run_fixtures(
        &race(),
        &lineup(bots),
        schedule.part(range),
        42,
        &pool,
        &AtomicBool::new(stop),
        &mut sink,
    )
    .unwrap();
    (status, sink.0)
}

/// The records that ended by `termination`, after checking that there is one at least and that
/// each blames the failing bot (run index 1) and ranks it last: what the tests of a failing
/// bot share.
fn failures_of_run_index_1(records: &[GameRecord], termination: Termination) -> Vec<&GameRecord> {
    let failures: Vec<_> = records
        .iter()
        .filter(|r| r.termination == termination)
        .collect();
    assert!(!failures.is_empty(), "no {termination:?}");
    for record in &failures {
        let culprit = record.culprit.unwrap();
        assert_eq!(
            record.lineup[culprit], 1,
            "only the failing bot (run index 1) ends a game by {termination:?}"
        );
        assert_eq!(record.ranks[culprit], 2);
    }
    failures
}

#[test]
fn a_panicking_bot_loses_with_crash_and_the_run_goes_on() {
    let (status, records) = run(&[0, 1], 600, 2, false);
    assert_eq!(status.games_played, 600);
    for record in failures_of_run_index_1(&records, Termination::Crash) {
        let culprit = record.culprit.unwrap();
        assert_eq!(record.ranks[1 - culprit], 1);
        assert!(record.fault.as_deref().unwrap().contains("boom at total"));
    }
}

#[test]
fn an_illegal_action_loses_with_illegal() {
    let (_, records) = run(&[0, 2], 100, 1, false);
    assert_eq!(records.len(), 100);
    assert!(records.iter().all(|r| r.termination == Termination::Illegal
        && r.lineup[r.culprit.unwrap()] == 1
        && r.fault.as_deref() == Some("adds 4: not among the legal actions now")));
}

#[test]
fn records_are_identical_at_any_thread_count_and_in_index_order() {
    let (_, one) = run(&[0, 0, 0], 700, 1, false);
    let (_, two) = run(&[0, 0, 0], 700, 2, false);
    assert_eq!(one, two);
    assert!(one.iter().enumerate().all(|(i, r)| r.index == i as u64));
    assert_eq!(one.len(), 3 * 700);
}

#[test]
fn a_range_of_games_gives_the_same_records_as_that_stretch_of_the_whole_run() {
    let (_, whole) = run(&[0, 0, 0], 700, 2, false);
    assert_eq!(whole.len(), 2100);
    // Starts and ends inside seed groups and blocks, as a resumed run does.
    for (start, end) in [(0, 1), (5, 1203), (1201, 2100), (2099, 2100)] {
        let (status, part) = run_range(&[0, 0, 0], 700, start..end, 2, false);
        assert_eq!(status.games_played, end - start);
        assert!(!status.interrupted);
        assert_eq!(part, whole[start as usize..end as usize]);
    }
}

#[test]
fn both_seat_orders_of_a_seed_share_the_chance_stream() {
    let (_, records) = run(&[0, 0], 50, 2, false);
    for pair in records.chunks(2) {
        assert_eq!(pair[0].seed_index, pair[1].seed_index);
        assert_eq!(
            pair[0].extras, pair[1].extras,
            "same target for both orders"
        );
    }
}

#[test]
fn a_stop_request_keeps_finished_games_only() {
    let (status, records) = run(&[0, 0], 1000, 2, true);
    assert!(status.interrupted);
    assert_eq!(status.games_played, 0);
    assert!(records.is_empty());
}

#[test]
fn a_failure_without_panic_loses_with_its_own_termination() {
    let (_, records) = run(&[0, 3], 200, 2, false);
    for record in failures_of_run_index_1(&records, Termination::Timeout) {
        assert_eq!(record.fault.as_deref(), Some("no answer in 10 ms"));
    }
}

#[test]
fn every_applied_action_is_told_to_every_bot_and_the_end_cannot_be_changed() {
    let (_, records) = run(&[4, 0], 300, 2, false);
    assert_eq!(records.len(), 300);
    assert!(
        records.iter().all(|r| r.termination == Termination::Normal),
        "the listener never misses an action, and its panic in finish is ignored"
    );
}

/// Whether bot 1 lost every game, by `termination`, with a fault message `fault` accepts.
fn bot_1_lost_each(
    records: &[GameRecord],
    termination: Termination,
    fault: impl Fn(&str) -> bool,
) -> bool {
    records.iter().all(|r| {
        r.termination == termination
            && r.lineup[r.culprit.unwrap()] == 1
            && r.fault.as_deref().is_some_and(&fault)
    })
}

#[test]
fn a_bot_that_panics_while_listening_loses_with_crash() {
    let (_, records) = run(&[0, 5], 50, 1, false);
    assert!(bot_1_lost_each(&records, Termination::Crash, |f| f.contains("deaf")));
}

#[test]
fn a_bot_that_panics_when_its_turn_is_over_loses_with_crash_before_deciding_again() {
    let (status, records) = run(&[0, 8], 50, 1, false);
    assert_eq!(status.games_played, 50);
    assert!(bot_1_lost_each(&records, Termination::Crash, |f| f.contains("restless")));
}

#[test]
fn a_bot_that_cannot_start_loses_with_crash_and_the_run_goes_on() {
    let (status, records) = run(&[0, 6], 40, 2, false);
    assert_eq!(status.games_played, 40);
    assert!(bot_1_lost_each(&records, Termination::Crash, |f| f == "no such program"));
}

#[test]
fn a_bot_that_fails_to_begin_loses_before_any_move() {
    let (_, records) = run(&[0, 7], 20, 2, false);
    assert!(bot_1_lost_each(&records, Termination::Timeout, |f| f == "never connected"));
    assert!(records.iter().all(|r| r.turns == 0));
}

/// Records every `block_done`, to see the blocks the stream played.
struct Blocks(Vec<u64>);
impl RecordSink for Blocks {
    fn record(&mut self, _: &GameRecord) -> std::io::Result<Flow> {
        Ok(Flow::Continue)
    }

    fn block_done(&mut self, games_done: u64) -> std::io::Result<()> {
        self.0.push(games_done);
        Ok(())
    }
}

#[test]
fn blocks_start_at_one_seed_group_per_thread_and_at_most_double() {
    let pool = pool(2);
    let schedule = Schedule::pairs(2, 2000);
    let mut sink = Blocks(Vec::new());
    let stop = AtomicBool::new(false);
    let part = schedule.part(0..2000);
    run_fixtures(&race(), &lineup(&[0, 0]), part, 42, &pool, &stop, &mut sink).unwrap();
    let sizes: Vec<u64> = std::iter::once(sink.0[0])
        .chain(sink.0.windows(2).map(|w| w[1] - w[0]))
        .collect();
    assert_eq!(
        sizes[0], 4,
        "two threads, seed groups of two games: {sizes:?}"
    );
    assert_eq!(*sink.0.last().unwrap(), 2000);
    let whole = &sizes[..sizes.len() - 1];
    assert!(whole.windows(2).all(|w| w[1] <= 2 * w[0]), "{sizes:?}");
    assert!(sizes.iter().all(|&s| s <= 512), "{sizes:?}");
}

/// Set by [`StopMaker`]'s bot: the stop request of one test, made from inside a game.
static STOP_IN_GAME: AtomicBool = AtomicBool::new(false);

/// Makes bots that play fair, except that in game `at` the bot requests a stop (as Ctrl-C
/// does) at its first decision and plays on.
struct StopMaker {
    at: u64,
}
impl BotMaker<Race> for StopMaker {
    fn make(&self, _: &Race, _: Seat, rng: Rng, game_index: u64) -> crate::bot::MadeBot<Race> {
        Ok(Box::new(Stopper {
            fair: Fair(rng),
            stop: game_index == self.at,
        }))
    }
}
struct Stopper {
    fair: Fair,
    stop: bool,
}
impl Bot<Race> for Stopper {
    fn act(&mut self, game: &Race, view: &RaceView) -> RaceAction {
        if self.stop {
            STOP_IN_GAME.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        self.fair.act(game, view)
    }
}

#[test]
fn a_stop_abandons_the_game_in_play_and_keeps_whole_seed_groups_before_it() {
    let pool = pool(1);
    let schedule = Schedule::pairs(2, 50);
    let lineup = Lineup {
        entries: vec![
            Box::new(Configured {
                entry: &BOTS[0],
                params: Params::default(),
            }),
            Box::new(StopMaker { at: 3 }),
        ],
        record: None,
        faults: crate::runner::FaultPolicy::Lose,
    };
    let mut sink = Collect(Vec::new());
    let status = run_fixtures(
        &race(),
        &lineup,
        schedule.whole(),
        42,
        &pool,
        &STOP_IN_GAME,
        &mut sink,
    )
    .unwrap();
    // Blocks of 2, then 4 games: game 3 is abandoned, game 2 of its seed group dropped with
    // it (a block would have played on to game 5).
    assert!(status.interrupted);
    assert_eq!(status.games_played, 2);
    let indices: Vec<u64> = sink.0.iter().map(|r| r.index).collect();
    assert_eq!(indices, [0, 1]);
}

/// What a [`Waiter`] heard, in order: `('b', seat)` a bid, `('a', seat)` an addition, and
/// `('o', seat)` its turn over.
type Heard = std::sync::Arc<std::sync::Mutex<Vec<(char, Seat)>>>;

/// Makes fair bots that note their decisions and each turn over in one shared list.
struct WaiterMaker(Heard);
impl BotMaker<Race> for WaiterMaker {
    fn make(&self, _: &Race, seat: Seat, rng: Rng, _: u64) -> crate::bot::MadeBot<Race> {
        Ok(Box::new(Waiter {
            fair: Fair(rng),
            seat,
            heard: self.0.clone(),
        }))
    }
}
struct Waiter {
    fair: Fair,
    seat: Seat,
    heard: Heard,
}
impl Bot<Race> for Waiter {
    fn act(&mut self, game: &Race, view: &RaceView) -> RaceAction {
        let kind = if view.bidding { 'b' } else { 'a' };
        self.heard.lock().unwrap().push((kind, self.seat));
        self.fair.act(game, view)
    }
    fn turn_over(&mut self, _: &Race) {
        self.heard.lock().unwrap().push(('o', self.seat));
    }
}

#[test]
fn a_seat_is_told_its_turn_is_over_just_before_another_seat_decides() {
    let heard = Heard::default();
    let lineup = Lineup {
        entries: vec![
            Box::new(WaiterMaker(heard.clone())),
            Box::new(WaiterMaker(heard.clone())),
        ],
        record: None,
        faults: crate::runner::FaultPolicy::Lose,
    };
    let mut sink = Collect(Vec::new());
    let stop = AtomicBool::new(false);
    let schedule = Schedule::pairs(2, 6);
    run_fixtures(
        &race(),
        &lineup,
        schedule.whole(),
        7,
        &pool(1),
        &stop,
        &mut sink,
    )
    .unwrap();
    let heard = heard.lock().unwrap().clone();
    // Each game: both seats bid at once, then the seat that won the bid adds first; the other
    // is told before it, and from then on each adder is told once the next one decides. The
    // last adder of a game is never told: the game ends instead.
    let decisions: Vec<(char, Seat)> = heard.iter().copied().filter(|e| e.0 != 'o').collect();
    let mut expected = Vec::new();
    let mut deciding: Vec<Seat> = Vec::new();
    for (i, &(kind, seat)) in decisions.iter().enumerate() {
        let opens_a_game =
            kind == 'b' && decisions.get(i.wrapping_sub(1)).is_none_or(|e| e.0 == 'a');
        if opens_a_game {
            deciding.clear();
        }
        if kind == 'a' {
            expected.extend(deciding.iter().filter(|&&s| s != seat).map(|&s| ('o', s)));
            deciding = vec![seat];
        } else {
            deciding.push(seat);
        }
        expected.push((kind, seat));
    }
    assert!(heard.iter().filter(|e| e.0 == 'o').count() > 10);
    assert_eq!(heard, expected);
}
