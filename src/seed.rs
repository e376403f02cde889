//! Every random stream of a run, derived from the master seed. Knows nothing of games or bots.
//!
//! The rule that makes a run reproducible at any thread count: a stream depends only on
//! (master seed, index, stream name), never on which thread asks for it or in what order.

use rand_pcg::Pcg64Mcg;

/// The generator used everywhere: small, fast, and stable across `rand_pcg` releases.
pub type Rng = Pcg64Mcg;

/// The master seed used when `--seed` is not given. Printed with every run so it can be replayed.
pub const DEFAULT_MASTER_SEED: u64 = 20_261_121;

/// One independent stream of a run. Adding a variant never moves an existing stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// The game's own chance (shuffles, draws, board generation). Keyed by *seed index*, so every
    /// seat order of one seed sees the same deck.
    Chance,
    /// The bot sitting in a seat. Keyed by *game index*, so two games never share bot randomness.
    Seat(u8),
    /// Resampling for confidence intervals, keyed by a statistic's own index.
    Bootstrap,
    /// `tourney tune`'s perturbation signs, keyed by iteration.
    Tune,
    /// `--faults tolerate=N`: the legal actions played in place of a seat's faulty answers,
    /// keyed by game index, so a game's stand-ins are the same at any thread count.
    StandIn(u8),
    /// `--faults tolerate=N`: the seeds of a seat's bots made again after a fault, keyed by
    /// game index.
    Restart(u8),
}

/// Same (master, index, stream) gives the same numbers, whichever thread plays the game.
///
/// Inputs are hashed into the full 128-bit state rather than passed as a PCG stream selector,
/// which `rand_pcg` documents may be closely correlated between neighbouring selectors.
pub fn rng(master: u64, index: u64, stream: Stream) -> Rng {
    let tag = match stream {
        Stream::Chance => 0,
        Stream::Seat(seat) => 1 + u64::from(seat),
        Stream::Bootstrap => u64::MAX,
        Stream::Tune => u64::MAX - 1,
        Stream::StandIn(seat) => 0x1_0000 + u64::from(seat),
        Stream::Restart(seat) => 0x2_0000 + u64::from(seat),
    };
    let hi = splitmix64(master ^ splitmix64(index));
    let lo = splitmix64(hi ^ splitmix64(tag));
    Pcg64Mcg::new((u128::from(hi) << 64) | u128::from(lo))
}

/// SplitMix64 finaliser: a bijection with good avalanche, so nearby inputs give unrelated seeds.
fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn same_inputs_give_same_stream_and_different_inputs_differ() {
        let a = rng(7, 3, Stream::Chance).next_u64();
        assert_eq!(a, rng(7, 3, Stream::Chance).next_u64());
        assert_ne!(a, rng(7, 4, Stream::Chance).next_u64());
        assert_ne!(a, rng(8, 3, Stream::Chance).next_u64());
        assert_ne!(a, rng(7, 3, Stream::Seat(0)).next_u64());
        assert_ne!(
            rng(7, 3, Stream::Seat(0)).next_u64(),
            rng(7, 3, Stream::Seat(1)).next_u64()
        );
    }
}
