//! Whole training games of the C client against built-in bots, as a student would play them.

use super::{Server, results, run_client};

/// Plays `spec` with the client and checks that both sides agree on every game's result.
fn play_and_agree(server: &mut Server, args: &[&str], games: usize) {
    let output = run_client(server.port, args);
    let results = results(&output);
    assert_eq!(results.len(), games, "{results:?}");
    for (verdict, name, seat) in results {
        let line = server.game_line();
        assert!(line.starts_with(&format!("game {name}: ")), "{line}");
        assert!(line.contains(&format!("(player #{seat})")), "{line}");
        let server_says = if line.contains(" wins against ") {
            "WIN"
        } else {
            "LOSS"
        };
        assert_eq!(verdict, server_says, "{line}");
        assert!(
            line.contains("normal") || line.contains("turn-limit"),
            "{line}"
        );
    }
}

#[test]
fn t2r_training_games_run_to_the_end_and_both_sides_agree() {
    let mut server = Server::start("t2r", &[]);
    // Two games on one connection, the client opening (tickets first, as cgs requires).
    let spec = "TRAINING NICE_BOT seed=1 start=0";
    play_and_agree(&mut server, &["alice", "t2r", spec, "2", "0"], 2);
    // Reconnecting for each game, the bot opening, on the small map.
    let spec = "TRAINING PLAY_RANDOM seed=0x10 start=1 map=small";
    play_and_agree(&mut server, &["bob", "t2r", spec, "2", "1"], 2);
}

#[test]
fn labyrinth_training_games_run_to_the_end_and_both_sides_agree() {
    let mut server = Server::start("labyrinth", &[]);
    let spec = "TRAINING BASIC seed=7 start=0 mini=1";
    play_and_agree(&mut server, &["stay", "laby", spec, "2", "0"], 2);
    let spec = "TRAINING RANDOM seed=11 start=1";
    play_and_agree(&mut server, &["stay", "laby", spec, "1", "1"], 1);
}
