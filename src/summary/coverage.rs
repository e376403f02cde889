//! Coverage of the report's intervals on simulated tournaments with known true ratings. Ignored
//! by default (about a minute); run with
//! `cargo test --release --lib coverage -- --ignored --nocapture`.
//!
//! Model: four bots with true Bradley–Terry ratings, a round robin of two-seat games, each seed
//! in both seat orders. Outcomes come from a Gaussian copula, so every game's marginal win
//! probability is exactly the Bradley–Terry one while games share luck: a seed factor that
//! favours bot 0 in all three of its pairings at once, and a deal factor per seed group that
//! favours the same bot in both seat orders. The truths are then the true ratings (mean 0), the
//! true win probabilities, and each pairing's nElo from its true pair distribution (estimated
//! from two million simulated pairs).

use super::tests::two_seat_tally;
use super::{Analysis, AnalysisOptions, Tally};
use crate::seed::{self, Rng, Stream};
use crate::stats::bootstrap::{GroupResult, SeedBootstrap, SeedOutcome};
use crate::stats::elo::elo_estimate;
use crate::stats::pentanomial::HeadToHead;
use crate::stats::ratings::ELO_PER_NAT;
use crate::stats::wilson::wilson_interval;
use rand::distr::Distribution;
use statrs::distribution::{ContinuousCDF, Normal};

const TRUE_ELO: [f64; 4] = [150.0, 50.0, -50.0, -150.0];
const PAIRINGS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
/// Shares of the latent variance: seed factor (bot 0's pairings only), deal factor; game noise
/// makes up the rest, so the latent is standard normal and `Φ(latent)` uniform in every pairing.
const SEED_SHARE: f64 = 0.3;
const DEAL_SHARE: f64 = 0.3;

/// Whether the first bot of `pairing` wins each seat order, given the seed factor `z`.
fn group(pairing: usize, z: f64, rng: &mut Rng) -> [bool; 2] {
    let normal = Normal::standard();
    let (a, b) = PAIRINGS[pairing];
    let p = 1.0 / (1.0 + (-(TRUE_ELO[a] - TRUE_ELO[b]) / ELO_PER_NAT).exp());
    let toward_bot_0 = if a == 0 { 1.0 } else { 0.0 };
    let deal = normal.sample(rng);
    [0, 1].map(|_| {
        let latent = -SEED_SHARE.sqrt() * z * toward_bot_0 - DEAL_SHARE.sqrt() * deal
            + (1.0 - SEED_SHARE * toward_bot_0 - DEAL_SHARE).sqrt() * normal.sample(rng);
        normal.cdf(latent) < p
    })
}

fn true_nelo(pairing: usize, rng: &mut Rng) -> f64 {
    let mut counts = [0u64; 5];
    for _ in 0..2_000_000 {
        let z = Normal::standard().sample(rng);
        let [w1, w2] = group(pairing, z, rng);
        counts[2 * usize::from(w1) + 2 * usize::from(w2)] += 1;
    }
    let counts = [counts[0], 0, counts[2], 0, counts[4]];
    elo_estimate(&HeadToHead::Pentanomial(counts)).unwrap().nelo
}

/// The old resampling, for comparison: each pairing's seed groups drawn on their own (every
/// group its own unit), same prior and draws.
fn per_pairing_bootstrap(tally: &Tally) -> Vec<(f64, f64)> {
    let mut pieces = Vec::new();
    let mut seeds = Vec::new();
    for groups in tally.pairings.iter().filter_map(|p| p.groups.as_ref()) {
        let (a, b) = groups.bots();
        for (half_points, &count) in groups.outcome_counts().iter().enumerate() {
            seeds.push(SeedOutcome {
                pieces: vec![pieces.len()],
                count,
            });
            pieces.push(GroupResult {
                a,
                b,
                half_points: half_points as u32,
                games: 2,
            });
        }
    }
    let mut rng = seed::rng(0, 0, Stream::Bootstrap);
    SeedBootstrap::new(4, &seeds, 1000)
        .bradley_terry(&pieces, &mut rng)
        .unwrap()
        .intervals
}

#[test]
#[ignore = "a minute of simulation; run by hand to measure coverage"]
fn intervals_cover_the_truth_about_95_percent_of_the_time() {
    const TOURNAMENTS: u64 = 1000;
    const SEEDS: u64 = 100; // 200 games per pairing
    let mut rng = seed::rng(13, 0, Stream::Chance);
    let nelo_truth: Vec<f64> = (0..PAIRINGS.len())
        .map(|p| true_nelo(p, &mut rng))
        .collect();
    let names: Vec<String> = (0..4).map(|i| format!("bot{i}")).collect();
    let (mut rating_hits, mut old_rating_hits, mut rating_n) = ([0u32; 4], [0u32; 4], 0u32);
    let (mut win_hits, mut wilson_hits, mut nelo_hits, mut old_nelo_hits) = (0, 0, 0, 0);
    let (mut win_n, mut nelo_n) = (0, 0);
    for t in 0..TOURNAMENTS {
        let mut rng = seed::rng(13, t + 1, Stream::Chance);
        let mut z = 0.0;
        let tally = two_seat_tally(4, &PAIRINGS, SEEDS, |_, pairing| {
            if pairing == 0 {
                z = Normal::standard().sample(&mut rng);
            }
            group(pairing, z, &mut rng)
        });
        let a = Analysis::build(&names, &tally, &AnalysisOptions::default());
        rating_n += 1;
        let per_pairing = per_pairing_bootstrap(&tally);
        for (bot, row) in a.ratings.rows.iter().enumerate() {
            let truth = TRUE_ELO[bot];
            rating_hits[bot] += u32::from(row.lower <= truth && truth <= row.upper);
            let (lo, hi) = per_pairing[bot];
            old_rating_hits[bot] += u32::from(lo <= truth && truth <= hi);
        }
        for row in &a.pairwise {
            let bot = names.iter().position(|n| *n == row.bot).unwrap();
            let opp = names.iter().position(|n| *n == row.opponent).unwrap();
            let p = 1.0 / (1.0 + (-(TRUE_ELO[bot] - TRUE_ELO[opp]) / ELO_PER_NAT).exp());
            win_n += 1;
            win_hits += u32::from(row.lower <= p && p <= row.upper);
            let (lo, hi) = wilson_interval(row.points, row.games as f64, 0.95).unwrap();
            wilson_hits += u32::from(lo <= p && p <= hi);
        }
        for (pairing, row) in a.head_to_head.iter().enumerate() {
            let truth = nelo_truth[pairing];
            nelo_n += 1;
            nelo_hits += u32::from((row.nelo - truth).abs() <= row.nelo_error95);
            let old = 1.959_964 * 800.0 / std::f64::consts::LN_10 / (row.games as f64).sqrt();
            old_nelo_hits += u32::from((row.nelo - truth).abs() <= old);
        }
    }
    let share = |hits: u32, n: u32| f64::from(hits) / f64::from(n);

    println!(
        "{TOURNAMENTS} tournaments, 4 bots, round robin, {} games per pairing",
        2 * SEEDS
    );
    for (bot, hits) in rating_hits.iter().enumerate() {
        println!(
            "rating bot{bot} (true {:+}): coverage {:.3} (per-pairing resampling, old: {:.3})",
            TRUE_ELO[bot],
            share(*hits, rating_n),
            share(old_rating_hits[bot], rating_n)
        );
    }
    println!(
        "win rate, seed intervals: {:.3} of {win_n}",
        share(win_hits, win_n)
    );
    println!(
        "win rate, Wilson over games (old): {:.3}",
        share(wilson_hits, win_n)
    );
    println!("true nElo per pairing: {nelo_truth:?}");
    println!(
        "nElo, delta method: {:.3} of {nelo_n}",
        share(nelo_hits, nelo_n)
    );
    println!(
        "nElo, z*c/sqrt(games) (old): {:.3}",
        share(old_nelo_hits, nelo_n)
    );
    for hits in rating_hits {
        assert!(share(hits, rating_n) > 0.9);
    }
    assert!(share(win_hits, win_n) > 0.92 && share(nelo_hits, nelo_n) > 0.92);
}
