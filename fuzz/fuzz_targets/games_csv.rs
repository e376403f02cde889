//! `games.csv` as `tourney report` and `run --resume` read it: any bytes are read as games
//! that the tally and the analysis take, or refused with a message naming one of their lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use tourney::report::games_csv::read::stream_games;
use tourney::summary::{Analysis, AnalysisOptions, Tally};

fuzz_target!(|data: &[u8]| {
    let mut bots = Vec::new();
    let mut tally = Tally::new(0);
    let mut last_end = 0;
    let read = stream_games(
        Path::new("games.csv"),
        data,
        &mut bots,
        &mut |record, end| {
            let seats = record.seats();
            assert!(seats >= 2, "a game of {seats} seats was read");
            assert_eq!(record.scores.len(), seats);
            assert_eq!(record.ranks.len(), seats);
            assert!(record.culprit.is_none_or(|c| c < seats));
            assert!(
                last_end < end && end <= data.len() as u64,
                "game ends at byte {end}, after {last_end}, in {} bytes",
                data.len()
            );
            last_end = end;
            tally.add(record);
            Ok(())
        },
    );
    match read {
        Ok(games) => {
            assert!(games as usize <= data.iter().filter(|&&b| b == b'\n').count() + 1);
            if games > 0 {
                let options = AnalysisOptions {
                    bootstrap_draws: 10,
                    ..AnalysisOptions::default()
                };
                Analysis::build(&bots, &tally, &options);
            }
        }
        Err(error) => assert!(!format!("{error:#}").trim().is_empty()),
    }
});
