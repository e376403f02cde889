//! The deals a worker plays: one a dead worker claimed, taken over, else a new one claimed
//! for the players matchmaking chooses; and the counts it chooses by, read from every
//! worker's deals in the store.

use super::super::Host;
use super::super::matchmaking::{self, Candidate, PairGames};
use super::{Key, Ladder};
use crate::game::Game;
use crate::store::Deal;

impl<G: Game, H: Host<G>> Ladder<'_, G, H> {
    /// The next deal: one a dead worker claimed, taken over, whose versions all still play
    /// here, else a new one claimed for the players matchmaking chooses, unless the ladder
    /// holds `--games` in deals claimed or played.
    pub(super) fn next_deal(&mut self) -> anyhow::Result<Option<Deal>> {
        let lineup = self.lineup();
        let (name, worker) = (self.plan.name.clone(), self.worker.clone());
        while let Some((deal, from)) = self.store().take_over_deal(&name, &worker)? {
            if deal.players.iter().all(|key| lineup.contains(key)) {
                self.log.line(&format!(
                    "deal {} is taken over from {} (its lease ran out)",
                    deal.deal,
                    match from.as_str() {
                        "" => "no worker",
                        from => from,
                    }
                ));
                return Ok(Some(deal));
            }
            self.log.line(&format!(
                "deal {} is given up: one of its versions no longer plays",
                deal.deal
            ));
            if self.store().void_deal(&name, deal.deal, &worker)? {
                self.count(&deal.players, -1);
            }
        }
        let candidates: Vec<Candidate> = (lineup.iter())
            .map(|key| {
                let games = self.games.get(key).copied().unwrap_or(0);
                Candidate {
                    games,
                    placing: games < self.plan.placement,
                    rating: self.ratings.get(key).copied(),
                }
            })
            .collect();
        let mut pairs = PairGames::new();
        for (a, key_a) in lineup.iter().enumerate() {
            for (b, key_b) in lineup.iter().enumerate().skip(a + 1) {
                if let Some(&n) = self.pairs.get(&pair(key_a, key_b)) {
                    pairs.insert((a, b), n);
                }
            }
        }
        let Some(chosen) = matchmaking::choose(&candidates, &pairs, self.seats) else {
            return Ok(None);
        };
        let players: Vec<Key> = chosen.iter().map(|&i| lineup[i].clone()).collect();
        let most = (self.plan.games).map(|games| games.div_ceil(self.seats as u64));
        let claimed = self.store().claim_deal(&name, &players, &worker, most)?;
        self.count_deals()?;
        let Some(deal) = claimed else {
            // Every deal up to --games is claimed: the loop waits for them to be recorded,
            // here or by other workers, and takes over those of a worker that dies.
            self.recorded = self.store().ladder_game_count(&name)? * self.seats as u64;
            return Ok(None);
        };
        Ok(Some(Deal { deal, players }))
    }

    /// Counts the deals claimed since the last count, by any worker.
    pub(super) fn count_deals(&mut self) -> anyhow::Result<()> {
        let (name, from) = (self.plan.name.clone(), self.counted_to);
        for deal in self.store().deals_from(&name, from)? {
            self.count(&deal.players, 1);
            self.counted_to = deal.deal + 1;
        }
        Ok(())
    }

    /// Adds the games of `by` deals (or takes them back) to each player and each pair of
    /// them.
    fn count(&mut self, players: &[Key], by: i64) {
        let games = by * self.seats as i64;
        let add = |n: &mut u64| *n = n.saturating_add_signed(games);
        for (i, a) in players.iter().enumerate() {
            add(self.games.entry(a.clone()).or_default());
            for b in &players[i + 1..] {
                add(self.pairs.entry(pair(a, b)).or_default());
            }
        }
    }
}

/// A pair of versions in one order, whichever way it is asked.
fn pair(a: &Key, b: &Key) -> (Key, Key) {
    match a <= b {
        true => (a.clone(), b.clone()),
        false => (b.clone(), a.clone()),
    }
}
