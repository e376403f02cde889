//! Which bots play which game, in one fixed order. Pure arithmetic: a fixture is computed from
//! its index, so a schedule of a million games takes no memory.

use crate::game::Seat;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// One game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// Position in the run; orders the output and keys the bots' random streams.
    pub index: u64,
    /// Keys the game's chance: every seat rotation of a seed, in every pairing, sees the same
    /// deck, so luck cancels within a seed group and across pairings.
    pub seed_index: u64,
    /// Which group of bots plays (index into [`Schedule::pairings`]).
    pub pairing: usize,
    /// Which cyclic seat rotation of the group this is.
    pub rotation: usize,
    /// The bot (index into the run's bot list) in each seat.
    pub lineup: Vec<usize>,
}

/// Every group of bots that meets, each seed played in every cyclic seat rotation.
///
/// Order: seed-major, then pairing, then rotation. A seed group (one seed in all its rotations)
/// is therefore contiguous, and an interrupted run has covered every pairing evenly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub pairings: Vec<Vec<usize>>,
    pub seeds: u64,
    pub seats: usize,
    /// `run --seeds FILE`: the seed of each seed group, in place of its index (see
    /// [`Schedule::with_deals`]); `None` keys each group's chance by its index.
    pub deals: Option<Arc<[u64]>>,
}

impl Schedule {
    /// These groups, each seed in all `seats` cyclic rotations: `games_per_pairing` rounded up
    /// to whole seed groups.
    fn of_groups(pairings: Vec<Vec<usize>>, seats: usize, games_per_pairing: u64) -> Schedule {
        Schedule {
            pairings,
            seeds: games_per_pairing.div_ceil(seats as u64),
            seats,
            deals: None,
        }
    }

    /// The same pairings, one seed group per value of `deals`, each keyed by its value instead
    /// of its index: a fixture's `seed_index` (which keys the game's chance and is written in
    /// games.csv's `seed` column) is `deals[k]` for the k-th group. A file listing 0, 1, 2, …
    /// therefore plays the games of a run without one.
    pub fn with_deals(self, deals: Arc<[u64]>) -> Schedule {
        Schedule {
            seeds: deals.len() as u64,
            deals: Some(deals),
            ..self
        }
    }

    /// Two bots: a head-to-head; more: a round robin of every pair. `games_per_pairing` is
    /// rounded up to whole seed groups (both seat orders of a seed).
    pub fn pairs(bot_count: usize, games_per_pairing: u64) -> Schedule {
        Schedule::combinations(bot_count, 2, games_per_pairing)
    }

    /// Every `seats`-combination of the bots (in lexicographic order) meets, each seed in all
    /// `seats` cyclic rotations; `games_per_pairing` is rounded up to whole seed groups.
    /// Needs at least `seats` bots; a bot may be listed twice to play against itself.
    pub fn combinations(bot_count: usize, seats: usize, games_per_pairing: u64) -> Schedule {
        assert!(
            seats >= 1 && bot_count >= seats,
            "at least as many bots as seats"
        );
        let mut pairings = Vec::new();
        let mut current = Vec::with_capacity(seats);
        push_combinations(bot_count, seats, 0, &mut current, &mut pairings);
        Schedule::of_groups(pairings, seats, games_per_pairing)
    }

    /// How many groups [`Schedule::combinations`] makes: `bot_count` choose `seats`, `None`
    /// past `u64` (worked out before the groups are, so a count too large to play is refused
    /// rather than listed).
    pub fn count_combinations(bot_count: usize, seats: usize) -> Option<u64> {
        let (n, k) = (bot_count as u64, seats as u64);
        if k > n {
            return Some(0);
        }
        // Each step's product divides exactly: after step i it is (n choose i + 1).
        (0..k).try_fold(1u64, |count, i| Some(count.checked_mul(n - i)? / (i + 1)))
    }

    /// The candidate against the field: with two seats, against each other bot in turn; with
    /// more, with each window of `seats` − 1 consecutive field bots.
    pub fn gauntlet(
        candidate: usize,
        bot_count: usize,
        seats: usize,
        games_per_pairing: u64,
    ) -> Schedule {
        let field: Vec<usize> = (0..bot_count).filter(|&b| b != candidate).collect();
        assert!(field.len() >= seats - 1, "enough field bots for the seats");
        let pairings = (0..=field.len() - (seats - 1))
            .map(|start| led_by(candidate, field[start..start + seats - 1].iter().copied()))
            .collect();
        Schedule::of_groups(pairings, seats, games_per_pairing)
    }

    /// Every bot but `field` in turn, seated with `seats` − 1 copies of the field bot: how each
    /// fares in the same company, in multi-seat games.
    pub fn field(field: usize, bot_count: usize, seats: usize, games_per_pairing: u64) -> Schedule {
        let pairings = (0..bot_count)
            .filter(|&b| b != field)
            .map(|b| led_by(b, std::iter::repeat_n(field, seats - 1)))
            .collect();
        Schedule::of_groups(pairings, seats, games_per_pairing)
    }

    /// Games in one seed group of one pairing.
    pub fn group_len(&self) -> u64 {
        self.seats as u64
    }

    /// Games sharing one seed index across all pairings.
    pub fn games_per_seed(&self) -> u64 {
        self.pairings.len() as u64 * self.group_len()
    }

    pub fn total_games(&self) -> u64 {
        self.seeds * self.games_per_seed()
    }

    pub fn fixture(&self, index: u64) -> Fixture {
        let seed_index = index / self.games_per_seed();
        let within = index % self.games_per_seed();
        let pairing = usize::try_from(within / self.group_len()).expect("pairing fits usize");
        let rotation = usize::try_from(within % self.group_len()).expect("rotation fits usize");
        let group = &self.pairings[pairing];
        let lineup = (0..self.seats)
            .map(|seat: Seat| group[(seat + rotation) % group.len()])
            .collect();
        let seed_index = match &self.deals {
            Some(deals) => deals[usize::try_from(seed_index).expect("a seed group per deal")],
            None => seed_index,
        };
        Fixture {
            index,
            seed_index,
            pairing,
            rotation,
            lineup,
        }
    }
}

/// Some consecutive games of a schedule: all of them, a shard's share, or what a resumed run
/// has left to play.
#[derive(Clone, Debug)]
pub struct Part<'a> {
    pub schedule: &'a Schedule,
    pub games: Range<u64>,
    /// Where the schedule sits in a run of several stages (zero for a run of one).
    pub shift: Shift,
    /// Pairings whose games need not be played any more, by pairing index (a sequential
    /// test decided them): set by the sink, which drops their records whatever they hold.
    pub skip: Option<&'a [AtomicBool]>,
}

/// The games, seeds and pairings that earlier stages of a run used (a knockout plays its pools,
/// then each round, as schedules of their own): added to every fixture of a later stage, so
/// game and seed indices stay unique and increasing over the run, and a game's seeds depend on
/// its position in the format only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shift {
    pub game: u64,
    pub seed: u64,
    pub pairing: usize,
}

impl Schedule {
    pub fn whole(&self) -> Part<'_> {
        self.part(0..self.total_games())
    }

    /// The games `games`, clipped to the schedule.
    pub fn part(&self, games: Range<u64>) -> Part<'_> {
        let end = games.end.min(self.total_games());
        Part {
            schedule: self,
            games: games.start.min(end)..end,
            shift: Shift::default(),
            skip: None,
        }
    }
}

impl<'a> Part<'a> {
    /// The same games, after the stages `shift` counts.
    pub fn shifted(self, shift: Shift) -> Self {
        Part { shift, ..self }
    }

    /// The same games, not playing those of the pairings `skip` flags.
    pub fn skipping(self, skip: &'a [AtomicBool]) -> Self {
        Part {
            skip: Some(skip),
            ..self
        }
    }

    /// Whether the games of `pairing` are no longer played.
    pub fn skips(&self, pairing: usize) -> bool {
        self.skip
            .and_then(|flags| flags.get(pairing))
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The fixture at `index` of the schedule, shifted.
    pub fn fixture(&self, index: u64) -> Fixture {
        let mut fixture = self.schedule.fixture(index);
        fixture.index += self.shift.game;
        fixture.seed_index += self.shift.seed;
        fixture.pairing += self.shift.pairing;
        fixture
    }
}

/// A group with `first` in the first seat and `rest` after it.
fn led_by(first: usize, rest: impl Iterator<Item = usize>) -> Vec<usize> {
    std::iter::once(first).chain(rest).collect()
}

/// Appends every increasing sequence of `seats` bot indices from `from` on, in order.
fn push_combinations(
    bot_count: usize,
    seats: usize,
    from: usize,
    current: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if current.len() == seats {
        out.push(current.clone());
        return;
    }
    for bot in from..bot_count {
        current.push(bot);
        push_combinations(bot_count, seats, bot + 1, current, out);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_to_head_plays_each_seed_in_both_seat_orders() {
        let schedule = Schedule::pairs(2, 5);
        assert_eq!(schedule.total_games(), 6);
        let fixtures: Vec<_> = (0..6).map(|i| schedule.fixture(i)).collect();
        assert_eq!(fixtures[0].lineup, vec![0, 1]);
        assert_eq!(fixtures[1].lineup, vec![1, 0]);
        assert_eq!(fixtures[0].seed_index, fixtures[1].seed_index);
        assert_eq!(fixtures[2].seed_index, 1);
    }

    #[test]
    fn combinations_are_counted_before_they_are_listed() {
        for (bots, seats) in [(2, 2), (3, 2), (7, 3), (6, 5), (5, 5), (9, 4)] {
            let listed = Schedule::combinations(bots, seats, 2).pairings.len() as u64;
            assert_eq!(Schedule::count_combinations(bots, seats), Some(listed));
        }
        assert_eq!(
            Schedule::count_combinations(1000, 5),
            Some(8_250_291_250_200)
        );
        assert_eq!(Schedule::count_combinations(2, 3), Some(0));
        assert_eq!(Schedule::count_combinations(usize::MAX, 5), None);
    }

    #[test]
    fn round_robin_covers_every_pair_each_seed() {
        let schedule = Schedule::pairs(3, 2);
        assert_eq!(schedule.pairings, vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        let first_seed: Vec<_> = (0..6).map(|i| schedule.fixture(i).lineup).collect();
        assert_eq!(
            first_seed,
            vec![
                vec![0, 1],
                vec![1, 0],
                vec![0, 2],
                vec![2, 0],
                vec![1, 2],
                vec![2, 1]
            ]
        );
        assert!((0..6).all(|i| schedule.fixture(i).seed_index == 0));
    }

    #[test]
    fn deals_key_each_seed_group_by_its_value_in_every_pairing_and_seat_order() {
        let schedule = Schedule::pairs(3, 1000).with_deals(vec![40, 7].into());
        assert_eq!(
            schedule.total_games(),
            2 * 3 * 2,
            "the deals set the seed groups"
        );
        let seeds: Vec<u64> = (0..12).map(|i| schedule.fixture(i).seed_index).collect();
        assert_eq!(seeds, [vec![40; 6], vec![7; 6]].concat());
        let counted = Schedule::pairs(3, 4).with_deals(vec![0, 1].into());
        assert_eq!(
            (0..12).map(|i| counted.fixture(i)).collect::<Vec<_>>(),
            (0..12)
                .map(|i| Schedule::pairs(3, 4).fixture(i))
                .collect::<Vec<_>>(),
            "deals 0, 1, … are the run without them"
        );
    }

    #[test]
    fn a_field_seats_each_bot_with_copies_of_the_field_bot() {
        let schedule = Schedule::field(2, 3, 4, 4);
        assert_eq!(schedule.pairings, vec![vec![0, 2, 2, 2], vec![1, 2, 2, 2]]);
        let rotations: Vec<_> = (0..4).map(|i| schedule.fixture(i).lineup).collect();
        assert_eq!(
            rotations[1],
            vec![2, 2, 2, 0],
            "the bot moves through every seat"
        );
    }

    #[test]
    fn multi_seat_games_play_every_combination_in_every_cyclic_rotation() {
        let schedule = Schedule::combinations(4, 3, 5);
        assert_eq!(
            schedule.pairings,
            vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
        );
        assert_eq!(
            schedule.seeds, 2,
            "5 games round up to 2 seeds of 3 rotations"
        );
        let rotations: Vec<_> = (0..3).map(|i| schedule.fixture(i).lineup).collect();
        assert_eq!(rotations, vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
        assert_eq!(schedule.total_games(), 2 * 4 * 3);
    }
}
