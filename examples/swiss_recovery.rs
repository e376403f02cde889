//! How well a Swiss system of R rounds recovers the true order of a field of known strengths,
//! against a round robin: the measurement quoted in docs/guide/formats.md.
//!
//! A simulated field of 16 bots, 50 Elo apart (the best 750 Elo above the worst), in a random
//! list order each trial (so the list-order tie-break knows nothing); each game is won by one
//! side with the Elo model's chance (no draws), each pairing plays 10 games as `--games 10`.
//! The Swiss is paired and ranked by `tourney`'s own code (`format::swiss_table`); the round
//! robin ranks by game points, then list order. Prints the mean Kendall and Spearman rank
//! correlations with the true order, and how often the best bot finishes first.
//!
//! `cargo run --release --example swiss_recovery [TRIALS]`

use rand::RngExt;
use rand::seq::SliceRandom;
use tourney::format::swiss_table::{MatchScore, SwissTable};
use tourney::seed::{self, Stream};

const BOTS: usize = 16;
const ELO_STEP: f64 = 50.0;
const GAMES: u64 = 10;

/// A format played on a field of strengths: the final order, best first.
type Format = Box<dyn Fn(&[f64], &mut seed::Rng) -> Vec<usize>>;

/// A pairing's games: the first bot's wins drawn from the Elo model.
fn play(strength: &[f64], a: usize, b: usize, games: u64, rng: &mut impl RngExt) -> MatchScore {
    let p = 1.0 / (1.0 + 10f64.powf((strength[b] - strength[a]) / 400.0));
    let mut score = MatchScore::new([a, b]);
    for _ in 0..games {
        let ranks = if rng.random_bool(p) { [1, 2] } else { [2, 1] };
        score.add(&[a, b], &ranks);
    }
    score
}

/// The final order of a Swiss of `rounds` rounds, best first.
fn swiss(strength: &[f64], rounds: usize, rng: &mut impl RngExt) -> Vec<usize> {
    let mut table = SwissTable::new(strength.len());
    for _ in 0..rounds {
        let round = table.next_round();
        let matches = round
            .pairs
            .iter()
            .map(|&(a, b)| play(strength, a, b, GAMES, rng))
            .collect();
        table.add_round(&round, matches);
    }
    table.standings().iter().map(|s| s.bot).collect()
}

/// The final order of a round robin of `games` per pairing: game points, then list order.
fn round_robin(strength: &[f64], games: u64, rng: &mut impl RngExt) -> Vec<usize> {
    let n = strength.len();
    let mut halves = vec![0u64; n];
    for a in 0..n {
        for b in a + 1..n {
            let m = play(strength, a, b, games, rng);
            halves[a] += m.halves[0];
            halves[b] += m.halves[1];
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&bot| (std::cmp::Reverse(halves[bot]), bot));
    order
}

/// Kendall's tau and Spearman's rho between a finishing order and the true one (`rank[bot]`,
/// 0 the best), and whether the best finished first.
fn agreement(order: &[usize], rank: &[usize]) -> (f64, f64, bool) {
    let n = order.len();
    let place: Vec<usize> = order.iter().map(|&bot| rank[bot]).collect();
    let (mut concordant, mut discordant) = (0i64, 0i64);
    for i in 0..n {
        for j in i + 1..n {
            if place[i] < place[j] {
                concordant += 1;
            } else {
                discordant += 1;
            }
        }
    }
    let pairs = (n * (n - 1) / 2) as f64;
    let squares: f64 = place
        .iter()
        .enumerate()
        .map(|(i, &p)| (i as f64 - p as f64).powi(2))
        .sum();
    let rho = 1.0 - 6.0 * squares / (n as f64 * ((n * n) as f64 - 1.0));
    ((concordant - discordant) as f64 / pairs, rho, place[0] == 0)
}

fn main() {
    let trials: u64 = std::env::args()
        .nth(1)
        .map_or(2000, |t| t.parse().expect("TRIALS is a number"));
    let formats: Vec<(String, u64, Format)> = vec![
        (
            "Swiss, 4 rounds".into(),
            4 * 8 * GAMES,
            Box::new(|s, r| swiss(s, 4, r)),
        ),
        (
            "Swiss, 5 rounds".into(),
            5 * 8 * GAMES,
            Box::new(|s, r| swiss(s, 5, r)),
        ),
        (
            "Swiss, 7 rounds".into(),
            7 * 8 * GAMES,
            Box::new(|s, r| swiss(s, 7, r)),
        ),
        (
            "round robin, 2 games a pairing".into(),
            120 * 2,
            Box::new(|s, r| round_robin(s, 2, r)),
        ),
        (
            "round robin, 10 games a pairing".into(),
            120 * GAMES,
            Box::new(|s, r| round_robin(s, GAMES, r)),
        ),
    ];
    println!("{BOTS} bots {ELO_STEP} Elo apart, {trials} trials each\n");
    println!("| format | games | Kendall tau | Spearman rho | best bot first |");
    println!("| --- | --- | --- | --- | --- |");
    for (name, games, play_format) in &formats {
        let (mut tau, mut rho, mut first) = (0.0, 0.0, 0u64);
        for trial in 0..trials {
            let mut rng = seed::rng(2026, trial, Stream::Chance);
            // The true rank of each list position: a random list order.
            let mut rank: Vec<usize> = (0..BOTS).collect();
            rank.shuffle(&mut rng);
            let strength: Vec<f64> = rank
                .iter()
                .map(|&r| (BOTS - 1 - r) as f64 * ELO_STEP)
                .collect();
            let order = play_format(&strength, &mut rng);
            let (t, r, best) = agreement(&order, &rank);
            tau += t;
            rho += r;
            first += u64::from(best);
        }
        let n = trials as f64;
        println!(
            "| {name} | {games} | {:.3} | {:.3} | {:.1}% |",
            tau / n,
            rho / n,
            100.0 * first as f64 / n
        );
    }
}
