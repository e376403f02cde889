//! A game steered to a decision (`runner::position`): the bot asked there has heard the whole
//! game before it, and its answer is judged as a game judges one.

use super::*;
use crate::runner::position::ask_at;

/// Both bids, then 2 and 3 added: seat 0 (the lower bid moves first) is to add at total 5.
fn five_played() -> Vec<(Seat, RaceAction)> {
    vec![
        (0, RaceAction::Bid(1)),
        (1, RaceAction::Bid(0)),
        (0, RaceAction::Add(2)),
        (1, RaceAction::Add(3)),
    ]
}

fn asked(bot: Box<dyn Bot<Race>>) -> crate::runner::position::Asked<Race> {
    ask_at(&race(), bot, (42, 7), &five_played(), 0)
}

#[test]
fn a_bot_asked_at_a_position_has_heard_every_action_before_it() {
    let listener = Box::new(Listener {
        heard: 0,
        rng: crate::seed::rng(1, 0, crate::seed::Stream::Chance),
    });
    let asked = asked(listener);
    // The listener panics when its count of what it heard differs from its view.
    let action = asked.answer.expect("a legal answer");
    assert!(matches!(action, RaceAction::Add(1..=3)), "{action:?}");
    assert_eq!(asked.state.total, 5);
    assert_eq!(asked.state.to_move, Some(0));
}

#[test]
fn the_position_is_the_deal_of_its_seed_index() {
    let fair = |seed| Box::new(Fair(crate::seed::rng(seed, 0, crate::seed::Stream::Chance)));
    let first = asked(fair(1)).state.target;
    let again = asked(fair(2)).state.target;
    let chance = crate::seed::rng(42, 7, crate::seed::Stream::Chance);
    assert_eq!(first, race().new_state(chance).target);
    assert_eq!(first, again);
}

#[test]
fn an_answer_at_a_position_is_judged_as_in_a_game() {
    let fault = |bot| asked(bot).answer.expect_err("a fault");
    let (seat, termination, message) = fault(Box::new(Cheat));
    assert_eq!((seat, termination), (0, Termination::Illegal));
    assert!(message.starts_with("adds 4"), "{message}");
    let (_, termination, message) = fault(Box::new(Panicky));
    assert_eq!(termination, Termination::Crash);
    assert!(message.contains("boom at total 5"), "{message}");
    let (_, termination, message) = fault(Box::new(Slow));
    assert_eq!(termination, Termination::Timeout);
    assert!(message.contains("no answer"), "{message}");
}

#[test]
fn a_bot_that_fails_before_its_turn_is_asked_nothing() {
    let (_, termination, message) = asked(Box::new(Absent)).answer.expect_err("a fault");
    assert_eq!(termination, Termination::Timeout);
    assert_eq!(message, "never connected");
    let deaf = asked(Box::new(Deaf));
    let (_, termination, message) = deaf.answer.expect_err("a fault");
    assert_eq!(termination, Termination::Crash);
    assert!(message.contains("deaf"), "{message}");
    // It failed while hearing the first action, which was never applied.
    assert_eq!(deaf.state.bids, [None, None]);
}
