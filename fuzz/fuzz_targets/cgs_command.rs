//! What a contest client sends (`src/serve/connection.rs`, `command.rs`): one read's bytes as
//! the connection decodes them, the command, a `WAIT_GAME` request with its training options
//! and each contest game's configuration from them. Frames the server writes back carry their
//! payload's length and a prefix of the payload cut at a character boundary.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tourney::games::labyrinth::Labyrinth;
use tourney::games::t2r::TicketToRide;
use tourney::serve::command::{self, Command, Request};
use tourney::serve::connection::{self, MAX_PAYLOAD, command_text};
use tourney::games::contest::CgsWire;

fuzz_target!(|data: &[u8]| {
    let text = command_text(data);
    assert_eq!(text.trim(), text, "a command keeps surrounding whitespace");
    match Command::parse(&text) {
        Command::ClientName(name) if command::valid_name(&name) => {
            assert!(name.is_ascii() && name.split_whitespace().count() == 1);
        }
        Command::WaitGame(spec) => match command::parse_request(&spec) {
            Ok(Request::Training { options, .. }) => {
                if let Err(reason) = command::training_options(&options) {
                    assert!(!reason.is_empty());
                }
                for config in [
                    TicketToRide::training_config(&options),
                    Labyrinth::training_config(&options),
                ] {
                    if let Err(reason) = config {
                        assert!(!reason.is_empty());
                    }
                }
            }
            Ok(_) => {}
            Err(reason) => assert!(!reason.is_empty()),
        },
        _ => {}
    }
    // The reply to a command quoting it, as `bad_command` does, is framed whole.
    let payload = command::bad_command(&text);
    let frame = connection::frames(&[&payload]);
    let length: usize = std::str::from_utf8(&frame[..6])
        .expect("an ASCII header")
        .parse()
        .expect("a decimal header");
    assert_eq!(length, frame.len() - 6);
    assert!(length <= MAX_PAYLOAD && payload.as_bytes().starts_with(&frame[6..]));
});
