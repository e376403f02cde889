//! The rules that move a [`State`]: setup (§3), legality and the effect of each action (§4,
//! §5), the road rule after every build (§6), and the endings (§7, §8).

use super::FreshFish;
use super::action::{Action, Tile};
use super::auction;
use super::board::{Board, Content, Kind, SIDE};
use super::chance_event::ChanceEvent;
use super::roads::apply_road_rule;
use super::scoring::{close_board, score_all};
use super::state::{
    AuctionResult, MAX_SEATS, Phase, Player, Received, State, own_markers, placement_cells,
};
use crate::game::{ChanceLog, Seat};
use crate::outcome::{Outcome, Termination, forfeit_ranks, ranks_from_keys};
use crate::seed::Rng;
use rand::RngExt;
use rand::seq::SliceRandom;

/// §3: producers on 5 distinct uniform cells (redrawn until the board is sound), the road
/// rule, 15 coins and 6 markers each, and the shuffled bag. `chance` is the state's log.
pub fn new_state(game: &FreshFish, mut rng: Rng, mut chance: ChanceLog<ChanceEvent>) -> State {
    let mut board = loop {
        let mut board = Board::new(SIDE, SIDE);
        let mut cells: [u8; SIDE * SIDE] = std::array::from_fn(|i| i as u8);
        for (i, kind) in Kind::ALL.into_iter().enumerate() {
            let pick = rng.random_range(i..cells.len());
            cells.swap(i, pick);
            board.set(usize::from(cells[i]), Content::Producer(kind));
        }
        if board.is_sound() {
            break board;
        }
    };
    for cell in 0..board.len() {
        if let Content::Producer(kind) = board.get(cell) {
            let cell = u8::try_from(cell).expect("100 cells");
            chance.push(|| ChanceEvent::Producer { kind, cell });
        }
    }
    apply_road_rule(&mut board, |_| unreachable!("no marker at setup"));
    let seats = game.seats();
    let mut bag = vec![Tile::Tree; usize::from(game.trees())];
    for _ in 0..seats {
        bag.extend(Kind::ALL.map(Tile::Shop));
    }
    bag.shuffle(&mut rng);
    State {
        board,
        seats: u8::try_from(seats).expect("at most 5 seats"),
        players: [Player::new(); MAX_SEATS],
        bag,
        phase: Phase::Turn,
        seat: 0,
        bidders: 0,
        bids: [None; MAX_SEATS],
        last_auction: None,
        unowned_eliminated: 0,
        bank: 0,
        turns: 0,
        passes: 0,
        outcome: None,
        last_action: None,
        chance,
    }
}

/// Whether `seat` may place a marker anywhere, or draw: a pass is legal only when neither is.
fn can_place_or_draw(state: &State, seat: u8) -> bool {
    let player = &state.players[usize::from(seat)];
    can_draw(&state.board, seat, state.bag.len()) || placement_cells(&state.board, player) != 0
}

pub fn can_draw(board: &Board, seat: u8, bag_len: usize) -> bool {
    bag_len > 0 && own_markers(board, seat) != 0
}

fn is_own_marker(board: &Board, seat: u8, cell: u8) -> bool {
    usize::from(cell) < board.len() && board.get(usize::from(cell)) == Content::Marker(seat)
}

pub fn is_legal(state: &State, seat: Seat, action: &Action) -> bool {
    let Ok(seat) = u8::try_from(seat) else {
        return false;
    };
    if usize::from(seat) >= state.seats() {
        return false;
    }
    let player = &state.players[usize::from(seat)];
    match (state.phase, *action) {
        (Phase::Turn, _) if seat != state.seat => false,
        (Phase::Turn, Action::PlaceMarker(cell)) => {
            usize::from(cell) < state.board.len()
                && placement_cells(&state.board, player) >> cell & 1 == 1
        }
        (Phase::Turn, Action::Draw) => can_draw(&state.board, seat, state.bag.len()),
        (Phase::Turn, Action::Pass) => !can_place_or_draw(state, seat),
        (Phase::BuildTree, Action::Build(cell)) => {
            seat == state.seat && is_own_marker(&state.board, seat, cell)
        }
        (Phase::Auction(_), Action::Bid(bid)) => {
            state.bidders >> seat & 1 == 1
                && state.bids[usize::from(seat)].is_none()
                && bid <= player.coins
        }
        (Phase::BuildShop { winner, .. }, Action::Build(cell)) => {
            seat == winner && is_own_marker(&state.board, seat, cell)
        }
        _ => false,
    }
}

/// Why `action` is illegal for `seat` (the checks of [`is_legal`], each named), for the fault
/// message of the seat that played it.
pub fn explain_illegal(state: &State, seat: Seat, action: &Action) -> String {
    let Some(seat) = u8::try_from(seat)
        .ok()
        .filter(|&s| usize::from(s) < state.seats())
    else {
        return format!("seat {seat} does not play this game");
    };
    let player = &state.players[usize::from(seat)];
    let own_marker = |cell: u8| {
        if is_own_marker(&state.board, seat, cell) {
            "not among the legal actions now".to_string()
        } else {
            "the cell holds none of its markers, so nothing can be built there".to_string()
        }
    };
    match (state.phase, *action) {
        (Phase::Over, _) => "the game is over".to_string(),
        (Phase::Turn | Phase::BuildTree, _) if seat != state.seat => {
            format!("not its turn: seat {} is to act", state.seat)
        }
        (Phase::Turn, Action::PlaceMarker(cell)) if usize::from(cell) >= state.board.len() => {
            "the cell is off the board".to_string()
        }
        (Phase::Turn, Action::PlaceMarker(_)) => {
            "the cell is not free for a marker now (taken, or not where the rules allow one)"
                .to_string()
        }
        (Phase::Turn, Action::Draw) => {
            "drawing needs a tile in the bag and a marker of its own on the board".to_string()
        }
        (Phase::Turn, Action::Pass) => {
            "passing is legal only when it can neither place a marker nor draw".to_string()
        }
        (Phase::BuildTree, Action::Build(cell)) => own_marker(cell),
        (Phase::Auction(_), Action::Bid(bid)) => {
            if state.bidders >> seat & 1 == 0 {
                "it is not a bidder in this auction".to_string()
            } else if state.bids[usize::from(seat)].is_some() {
                "it has already bid in this auction".to_string()
            } else {
                format!("it bids {bid} coins and holds {}", player.coins)
            }
        }
        (Phase::BuildShop { winner, .. }, Action::Build(_)) if seat != winner => {
            format!("only the auction's winner, seat {winner}, builds the shop")
        }
        (Phase::BuildShop { .. }, Action::Build(cell)) => own_marker(cell),
        (phase, _) => format!(
            "this kind of action is not taken now: {}",
            super::notation::phase(phase, state.seat)
        ),
    }
}

/// Plays a legal action (callers check [`is_legal`] first).
pub fn apply(game: &FreshFish, state: &mut State, seat: Seat, action: Action) {
    debug_assert!(is_legal(state, seat, &action), "{action:?} by {seat}");
    state.last_action = Some(action);
    let seat = u8::try_from(seat).expect("at most 5 seats");
    let s = usize::from(seat);
    match action {
        Action::PlaceMarker(cell) => {
            state.turns += 1;
            state.board.set(usize::from(cell), Content::Marker(seat));
            state.players[s].supply -= 1;
            state.players[s].placed_first = true;
            state.passes = 0;
            end_turn(game, state, false);
        }
        Action::Pass => {
            state.turns += 1;
            state.passes += 1;
            end_turn(game, state, false);
        }
        Action::Draw => {
            state.turns += 1;
            state.passes = 0;
            let tile = state
                .bag
                .pop()
                .expect("drawing is legal only from a non-empty bag");
            state.chance.push(|| ChanceEvent::Drew(tile));
            match tile {
                Tile::Tree => state.phase = Phase::BuildTree,
                Tile::Shop(kind) => start_auction(game, state, kind),
            }
        }
        Action::Build(cell) => {
            let content = match state.phase {
                Phase::BuildTree => Content::Tree,
                Phase::BuildShop { kind, winner } => {
                    state.players[s].received[kind.index()] = Received::Shop(cell);
                    debug_assert_eq!(winner, seat);
                    Content::Shop(kind, seat)
                }
                other => unreachable!("a build in phase {other:?}"),
            };
            build(state, usize::from(cell), content);
            let extra = seat != state.seat;
            end_turn(game, state, extra);
        }
        Action::Bid(bid) => {
            state.bids[s] = Some(bid);
            let Phase::Auction(kind) = state.phase else {
                unreachable!("a bid outside an auction")
            };
            let waiting = (0..state.seats)
                .any(|p| state.bidders >> p & 1 == 1 && state.bids[usize::from(p)].is_none());
            if !waiting {
                resolve_auction(game, state, kind);
            }
        }
    }
}

/// Builds on a marker's cell: the marker goes back to supply, then the road rule runs.
fn build(state: &mut State, cell: usize, content: Content) {
    let Content::Marker(owner) = state.board.get(cell) else {
        unreachable!("builds go on markers")
    };
    state.players[usize::from(owner)].supply += 1;
    state.board.set(cell, content);
    let players = &mut state.players;
    apply_road_rule(&mut state.board, |p| players[usize::from(p)].supply += 1);
}

/// §5.1–3: eligible seats; a sole one gets the shop for free, otherwise seats with coins are
/// asked for sealed bids and seats with none bid 0 unasked.
fn start_auction(game: &FreshFish, state: &mut State, kind: Kind) {
    let eligible = auction::eligible(state.players(), kind);
    state.bids = [None; MAX_SEATS];
    state.bidders = 0;
    if eligible.count_ones() <= 1 {
        if eligible != 0 {
            state.bids[eligible.trailing_zeros() as usize] = Some(0);
        }
        return resolve_auction(game, state, kind);
    }
    for seat in 0..state.seats() {
        if eligible >> seat & 1 == 1 {
            if state.players[seat].coins == 0 {
                state.bids[seat] = Some(0);
            } else {
                state.bidders |= 1 << seat;
            }
        }
    }
    if state.bidders == 0 {
        resolve_auction(game, state, kind);
    } else {
        state.phase = Phase::Auction(kind);
    }
}

/// §5.4–6 and §4: the winner pays the bank and builds on a marker of its choice, or the shop
/// is eliminated in its name (or in nobody's). Bids are then revealed.
fn resolve_auction(game: &FreshFish, state: &mut State, kind: Kind) {
    let drawer = usize::from(state.seat);
    let winner = auction::winner(&state.bids, state.seats(), drawer);
    state.last_auction = Some(AuctionResult {
        kind,
        drawer: state.seat,
        bids: state.bids,
        winner: winner.map(|w| u8::try_from(w).expect("at most 5 seats")),
    });
    state.bidders = 0;
    let Some(w) = winner else {
        state.unowned_eliminated += 1;
        return end_turn(game, state, true);
    };
    let price = state.bids[w].expect("the winner bid");
    state.bids = [None; MAX_SEATS];
    let player = &mut state.players[w];
    player.coins -= price;
    player.paid += price;
    state.bank += u16::from(price);
    let w = u8::try_from(w).expect("at most 5 seats");
    if own_markers(&state.board, w) != 0 {
        state.phase = Phase::BuildShop { kind, winner: w };
    } else {
        state.players[usize::from(w)].received[kind.index()] = Received::Eliminated;
        end_turn(game, state, w != state.seat);
    }
}

/// After a turn is fully resolved: the endings of §7 and §8, else the next turn, by the same
/// seat when `extra` (§4 extra turn).
fn end_turn(game: &FreshFish, state: &mut State, extra: bool) {
    let seats = state.seats;
    if state.bag.is_empty() {
        finish(state, Termination::Normal);
    } else if state.passes >= seats {
        finish(state, Termination::Stalemate);
    } else if state.turns >= game.turn_limit() * u32::from(seats) {
        finish(state, Termination::TurnLimit);
    } else {
        if !extra {
            state.seat = (state.seat + 1) % seats;
        }
        state.phase = Phase::Turn;
    }
}

/// Ends the game: closes the board (§7 steps 1–2) and ranks by score, lowest first.
fn finish(state: &mut State, termination: Termination) {
    let seats = state.seats();
    close_board(&mut state.board, &mut state.players[..seats]);
    let scores: Vec<i32> = score_all(&state.board, state.players())
        .iter()
        .map(|s| s.total())
        .collect();
    let keys: Vec<i32> = scores.iter().map(|s| -s).collect();
    state.outcome = Some(Outcome {
        ranks: ranks_from_keys(&keys),
        scores,
        termination,
        culprit: None,
    });
    state.phase = Phase::Over;
}

/// §8: the culprit last, the others ranked by the §7 scoring of a copy of the position.
pub fn forfeit(state: &State, culprit: Seat, termination: Termination) -> Outcome {
    let mut board = state.board;
    let mut players = state.players;
    close_board(&mut board, &mut players[..state.seats()]);
    let scores: Vec<i32> = score_all(&board, &players[..state.seats()])
        .iter()
        .map(|s| s.total())
        .collect();
    let keys: Vec<i32> = scores.iter().map(|s| -s).collect();
    Outcome {
        ranks: forfeit_ranks(&keys, culprit),
        scores,
        termination,
        culprit: Some(culprit),
    }
}
