//! `records.jsonl.gz` as `tourney replay` reads it: the gzip layer, the header, the line index
//! and each game's line decoded and replayed through its engine. The first byte chooses whether
//! the rest is the file itself (the gzip layer) or the text the target compresses first (the
//! JSON lines, which random bytes would rarely reach through a valid gzip stream).
#![no_main]

use flate2::Compression;
use flate2::write::GzEncoder;
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use tourney::run::replay::replay_record;
use tourney::games::Registered;
use tourney::games::carcassonne::Carcassonne;
use tourney::games::fresh_fish::FreshFish;
use tourney::games::labyrinth::Labyrinth;
use tourney::games::t2r::TicketToRide;
use tourney::replay::{self, FORMAT, Header};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let file = if mode & 1 == 0 {
        rest.to_vec()
    } else {
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(rest).expect("writing to memory cannot fail");
        gz.finish().expect("writing to memory cannot fail")
    };
    let wanted: BTreeSet<u64> = (0..8).collect();
    let found = match replay::read_records(Path::new("records.jsonl.gz"), &file[..], &wanted) {
        Ok(found) => found,
        Err(error) => {
            assert!(!error.to_string().trim().is_empty());
            return;
        }
    };
    assert_eq!(found.header.format, FORMAT);
    assert!(found.lines.iter().all(|(game, _)| wanted.contains(game)));
    for (game, line) in &found.lines {
        let header = &found.header;
        match header.game.as_str() {
            TicketToRide::NAME => replays::<TicketToRide>(header, line, *game),
            Labyrinth::NAME => replays::<Labyrinth>(header, line, *game),
            Carcassonne::NAME => replays::<Carcassonne>(header, line, *game),
            FreshFish::NAME => replays::<FreshFish>(header, line, *game),
            _ => {}
        }
    }
});

/// A line replays to one position per step after the setup, or is refused with a message.
fn replays<G: Registered>(header: &Header, line: &str, game: u64) {
    match replay_record::<G>(header, line, game) {
        Ok((_, replayed)) => assert_eq!(replayed.states.len(), replayed.line.steps.len() + 1),
        Err(error) => assert!(!format!("{error:#}").trim().is_empty()),
    }
}
