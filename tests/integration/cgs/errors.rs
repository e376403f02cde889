//! Byte-exact frames, refused commands, time limits (a silent connection is closed) and
//! disconnections, with a raw socket that sends what a client library would (and what it
//! would not).

use super::{Raw, Server};
use std::io::Write;

const OUR_TURN: &str = "It's our turn to play, so we cannot ask for a move!";

/// The handshake.
fn hello(raw: &mut Raw, name: &str) {
    raw.send(&format!("CLIENT_NAME {name}"));
    raw.expect(&["OK"]);
}

/// `WAIT_GAME`, then `GET_GAME_DATA`; returns the game name and the data.
fn start_game(raw: &mut Raw, spec: &str, seat: &str) -> (String, String) {
    raw.send(&format!("WAIT_GAME {spec}"));
    assert_eq!(raw.frame(), "OK");
    let game = raw.frame();
    assert_eq!(raw.frame(), "8 11", "the small map's size string");
    raw.send("GET_GAME_DATA");
    assert_eq!(raw.frame(), "OK");
    let data = raw.frame();
    assert_eq!(raw.frame(), seat);
    (game, data)
}

#[test]
fn frames_match_the_spec_byte_for_byte() {
    let server = Server::start("t2r", &[]);
    let mut raw = Raw::connect(server.port);
    raw.send("CLIENT_NAME blindA");
    let mut ok = [0; 8];
    std::io::Read::read_exact(&mut raw.0, &mut ok).unwrap();
    assert_eq!(&ok, b"000002OK");
    // §8.1's opening: seed 1, we are player #1, on the small map.
    let spec = "TRAINING DO_NOTHING seed=1 start=1 map=small";
    raw.send(&format!("WAIT_GAME {spec}"));
    assert_eq!(raw.frame(), "OK");
    let game = raw.frame();
    assert_eq!(game.len(), 12);
    assert!(
        game.starts_with("000001"),
        "the seed in 6 hex digits: {game}"
    );
    assert!(
        game.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    );
    raw.expect(&["8 11"]);
    raw.send("GET_GAME_DATA");
    assert_eq!(raw.frame(), "OK");
    let data = raw.frame();
    assert_eq!(data.len(), 167);
    assert!(data.starts_with("Zero\nUn\nDeux\nTrois\nQuatre\nCinq\nSix\nSept\n0 6 6 9 0\n"));
    raw.expect(&["1"]);
    raw.send("SEND_COMMENT blind draws only");
    raw.expect(&["OK"]);
    raw.send("DISP_GAME");
    assert_eq!(raw.frame(), "OK");
    assert!(raw.frame().contains("player #1"));
    // DO_NOTHING opens with a card draw, illegal for player #0 under cgs: it loses at once,
    // and the code is relative to it, the mover.
    raw.send("GET_MOVE");
    raw.expect(&["OK", "", "Illegal move of the opponent", "-1"]);
    // The connection stays open for the next game (§9).
    raw.send("WAIT_GAME TRAINING NICE_BOT seed=0x10 start=0 map=small");
    assert_eq!(raw.frame(), "OK");
    assert!(raw.frame().starts_with("000010"));
    raw.expect(&["8 11"]);
    raw.send("GET_GAME_DATA");
    assert_eq!(raw.frame(), "OK");
    raw.frame();
    raw.expect(&["0"]);
    // The opening move must be a ticket draw; the answer is 3 tickets of 3 numbers.
    raw.send("PLAY_MOVE 4");
    assert_eq!(raw.frame(), "OK");
    assert_eq!(raw.frame().split(' ').count(), 9);
    raw.expect(&["0"]);
    raw.send("PLAY_MOVE 5 1 1 1");
    raw.expect(&["OK", "3", "0"]);
    // Now NICE_BOT plays; asking for a move on our own turn would be refused.
    raw.send("GET_MOVE");
    assert_eq!(raw.frame(), "OK");
    let nice_opening = raw.frame();
    assert_eq!(nice_opening, "4", "NICE_BOT draws tickets first");
    assert_eq!(raw.frame(), "");
    raw.expect(&["0"]);
}

#[test]
fn bad_handshakes_and_requests_get_one_text_and_a_closed_connection() {
    let server = Server::start("t2r", &[]);
    let mut raw = Raw::connect(server.port);
    raw.send("HELLO");
    let mut got = Vec::new();
    std::io::Read::read_to_end(&mut raw.0, &mut got).unwrap();
    assert_eq!(got, b"000044Bad protocol, should start with CLIENT_NAME ");

    let mut raw = Raw::connect(server.port);
    raw.send("CLIENT_NAME bad name!");
    raw.expect(&["The name is invalid (max 20 characters in [a-zA-Z0-9_])"]);
    raw.expect_closed();

    for (spec, text) in [
        (
            "FOO",
            "The string sent with 'WAIT_GAME' is not valid (should be '{options}', \
             'TRAINING <NAME> {options}' or 'TOURNAMENT <NAME> {options}', but is 'FOO' instead)",
        ),
        (
            "TRAINING NOBODY",
            "The training player sent by 'WAIT_GAME TRAINING NOBODY' command is not valid \
             (The training player name 'NOBODY' is not valid.)",
        ),
        (
            "TRAINING NICE_BOT map=Mars",
            "The training player sent by 'WAIT_GAME TRAINING NICE_BOT map=Mars' command is not \
             valid (The option `map` is incorrect (Mars instead of being in [['USA', 'small', 'Europe']]))",
        ),
    ] {
        let mut raw = Raw::connect(server.port);
        raw.send("CLIENT_NAME ok");
        raw.expect(&["OK"]);
        raw.send(&format!("WAIT_GAME {spec}"));
        raw.expect(&[text]);
        raw.expect_closed();
    }

    let mut raw = Raw::connect(server.port);
    raw.send("CLIENT_NAME ok");
    raw.expect(&["OK"]);
    raw.send("GET_MOVE");
    raw.expect(&["Bad protocol, should send 'WAIT_GAME %s' command"]);
    raw.expect_closed();
}

#[test]
fn in_game_protocol_errors_are_refused_and_close_the_connection() {
    let server = Server::start("t2r", &[]);
    let small = |start: &str| format!("TRAINING NICE_BOT seed=3 start={start} map=small");
    for (start, seat, command, text) in [
        ("0", "0", "GET_MOVE", OUR_TURN),
        (
            "1",
            "1",
            "PLAY_MOVE 2",
            "It's not our turn to play, so we cannot play a move!",
        ),
        (
            "0",
            "0",
            "FOO",
            "Bad protocol, command should not start with 'FOO'",
        ),
        // An empty comment loses its space to the stripping (§6).
        (
            "0",
            "0",
            "SEND_COMMENT ",
            "Bad protocol, command should not start with 'SEND_COMMENT'",
        ),
    ] {
        let mut raw = Raw::connect(server.port);
        hello(&mut raw, "c");
        start_game(&mut raw, &small(start), seat);
        raw.send(command);
        raw.expect(&[text]);
        raw.expect_closed();
    }
    let mut raw = Raw::connect(server.port);
    hello(&mut raw, "c");
    raw.send(&format!("WAIT_GAME {}", small("0")));
    raw.frame();
    raw.frame();
    raw.frame();
    raw.send("DISP_GAME");
    raw.expect(&["Bad protocol, should send 'GET_GAME_DATA' command"]);
    raw.expect_closed();
}

#[test]
fn losing_moves_say_why_and_keep_the_connection() {
    let mut server = Server::start("t2r", &[]);
    let mut raw = Raw::connect(server.port);
    hello(&mut raw, "d");
    start_game(&mut raw, "TRAINING NICE_BOT seed=4 start=0 map=small", "0");
    raw.send("PLAY_MOVE 2");
    raw.expect(&["OK", "The 1st move MUST be a `draw objective` move!", "-1"]);
    assert!(server.game_line().contains("loses against NICE_BOT"));
    start_game(&mut raw, "TRAINING NICE_BOT seed=4 start=0 map=small", "0");
    raw.send("PLAY_MOVE 7 7");
    raw.expect(&["OK", "The move '7 7' is not in correct form !", "-1"]);
    assert!(server.game_line().contains("illegal"));
}

#[test]
fn a_silent_client_loses_on_time_and_a_vanished_one_by_disconnection() {
    let mut server = Server::start("t2r", &[]);
    let mut raw = Raw::connect(server.port);
    hello(&mut raw, "slow");
    start_game(
        &mut raw,
        "TRAINING NICE_BOT seed=5 start=0 map=small timeout=1",
        "0",
    );
    // The server's own clock ends the game after 1 s; the late move then hears it.
    let line = server.game_line();
    assert!(
        line.contains("loses against NICE_BOT") && line.contains("timeout"),
        "{line}"
    );
    raw.send("PLAY_MOVE 4");
    raw.expect(&["OK", "Timeout !", "-1"]);
    // Still connected: another game may follow.
    start_game(&mut raw, "TRAINING NICE_BOT seed=5 start=0 map=small", "0");
    raw.send("PLAY_MOVE 4");
    assert_eq!(raw.frame(), "OK");
    raw.frame();
    raw.expect(&["0"]);
    raw.0.flush().unwrap();
    drop(raw);
    let line = server.game_line();
    assert!(
        line.contains("loses") && line.contains("crash: the client disconnected"),
        "{line}"
    );
}

#[test]
fn a_connection_that_never_gives_its_name_or_never_asks_for_a_game_is_closed() {
    let server = Server::start("t2r", &[]);
    let mut silent = Raw::connect(server.port);
    let mut named = Raw::connect(server.port);
    hello(&mut named, "idle");
    // The server's limit is 10 s for each; the wait here is only a bound for a broken server.
    for raw in [&mut silent, &mut named] {
        raw.0
            .set_read_timeout(Some(std::time::Duration::from_secs(300)))
            .unwrap();
        raw.expect_closed();
    }
}
