//! Who does what of a ladder when several workers (`tourney ladder` processes, on one machine
//! or many) share it through one store (schema migration 4). Each worker has a row in
//! `ladder_workers` whose lease it renews while it lives; a deal or a self-test is claimed in
//! the worker's name, and a claim whose worker's lease ran out (killed, machine gone) is handed
//! out again to the next worker that asks, exactly once.
//!
//! The statements are the same on both backends and safe under PostgreSQL's default isolation
//! (read committed): a new deal is numbered and counted under the store's serializing lock
//! ([`super::backend::Backend::serialize`]); a claim is taken over by an `UPDATE` that names the
//! claimer it replaces, so of two workers taking over one claim at once the second finds it
//! changed (PostgreSQL checks the row again once the first commits) and updates nothing; and a
//! deal's games are recorded only while the deal is still the recorder's
//! ([`super::Recorder::record_deal`]). On SQLite every writing transaction holds the file's
//! write lock, so two processes on one file take the same path one after the other.

use super::Store;
use super::backend::{Backend, Value};
use super::ladder::{Deal, deal_of};
use anyhow::Result;
use std::time::Duration;

/// A claim whose worker has no live lease at `$2` (the ladder is `$1`), as an SQL condition on
/// the claimer column `column`.
fn expired(column: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM ladder_workers w WHERE w.ladder = $1 \
         AND w.worker = {column} AND w.lease_until >= $2)"
    )
}

/// Who holds the self-test of a version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelfTestClaim {
    /// This worker: the test is its to run; `from` names the worker whose lease ran out.
    Mine { from: Option<String> },
    /// Another worker, alive, runs it: wait for its verdict.
    TestedBy(String),
    /// It has its verdict already.
    Decided,
}

impl Store {
    /// Enters `worker` in the ladder's workers, its lease running `lease` from now.
    pub fn join_ladder(&mut self, ladder: &str, worker: &str, lease: Duration) -> Result<()> {
        self.transaction(|db| {
            db.insert(
                "ladder_workers",
                &["ladder", "worker", "run", "started_at", "lease_until"],
                &vec![vec![
                    ladder.into(),
                    worker.into(),
                    Value::Null,
                    super::now().into(),
                    super::later(lease).into(),
                ]],
            )
        })
    }

    /// Renews `worker`'s lease for `lease` from now (the heartbeat). A worker whose lease ran
    /// out gets it back; the claims taken from it meanwhile stay taken.
    pub fn renew_lease(&mut self, ladder: &str, worker: &str, lease: Duration) -> Result<()> {
        self.db.execute(
            "UPDATE ladder_workers SET lease_until = $1 WHERE ladder = $2 AND worker = $3",
            &[super::later(lease).into(), ladder.into(), worker.into()],
        )?;
        Ok(())
    }

    /// Records the run `worker` records its games into now.
    pub fn worker_run(&mut self, ladder: &str, worker: &str, run: Option<&str>) -> Result<()> {
        self.db.execute(
            "UPDATE ladder_workers SET run = $1 WHERE ladder = $2 AND worker = $3",
            &[run.into(), ladder.into(), worker.into()],
        )?;
        Ok(())
    }

    /// Takes `worker` out of the ladder: what it claimed and did not finish is handed out at
    /// once to the next worker that asks.
    pub fn leave_ladder(&mut self, ladder: &str, worker: &str) -> Result<()> {
        self.db.execute(
            "DELETE FROM ladder_workers WHERE ladder = $1 AND worker = $2",
            &[ladder.into(), worker.into()],
        )?;
        Ok(())
    }

    /// The ladder's workers.
    pub fn ladder_workers(&mut self, ladder: &str) -> Result<Vec<String>> {
        let rows = self.db.query(
            "SELECT worker FROM ladder_workers WHERE ladder = $1 ORDER BY worker",
            &[ladder.into()],
        )?;
        rows.iter().map(|row| row[0].text("worker")).collect()
    }

    /// Ends `worker`'s lease now: it is known to be dead (a process of this machine that is
    /// gone), so its claims need not wait for the lease to run out.
    pub fn end_lease(&mut self, ladder: &str, worker: &str) -> Result<()> {
        self.db.execute(
            "UPDATE ladder_workers SET lease_until = '' WHERE ladder = $1 AND worker = $2",
            &[ladder.into(), worker.into()],
        )?;
        Ok(())
    }

    /// Marks complete the runs of the ladder tagged `tag` that are still running but whose
    /// worker is dead (or older than workers: schema 3's), except those started less than
    /// `recent` ago (a live worker may not have named its new run yet).
    pub fn close_dead_runs(&mut self, ladder: &str, tag: &str, recent: Duration) -> Result<()> {
        let now = super::now();
        let cutoff = super::earlier(recent);
        self.transaction(|db| {
            db.execute(
                "UPDATE runs SET status = 'complete', ended_at = $1 \
                 WHERE tag = $2 AND status = 'running' AND started_at <= $3 AND id NOT IN \
                 (SELECT run FROM ladder_workers WHERE ladder = $4 AND run IS NOT NULL \
                 AND lease_until >= $1)",
                &[now.into(), tag.into(), cutoff.into(), ladder.into()],
            )?;
            Ok(())
        })
    }

    /// Claims the ladder's next deal for `players` on behalf of `worker`, unless the ladder
    /// holds `most` deals already (claimed or played): the deal counter moves on and the deal
    /// is kept, unplayed, in one transaction that no other worker's claim interleaves with.
    pub fn claim_deal(
        &mut self,
        ladder: &str,
        players: &[(String, String)],
        worker: &str,
        most: Option<u64>,
    ) -> Result<Option<u64>> {
        let players = serde_json::to_string(players)?;
        self.transaction(|db| {
            db.serialize()?;
            if let Some(most) = most {
                let rows = db.query(
                    "SELECT COUNT(*) FROM ladder_games WHERE ladder = $1",
                    &[ladder.into()],
                )?;
                if rows[0][0].int("count")? as u64 >= most {
                    return Ok(None);
                }
            }
            let rows = db.query(
                "SELECT next_deal FROM ladders WHERE name = $1",
                &[ladder.into()],
            )?;
            let deal = rows
                .first()
                .ok_or_else(|| anyhow::anyhow!("the ladder {ladder} is not in the store"))?[0]
                .int("next_deal")?;
            db.execute(
                "UPDATE ladders SET next_deal = $1 WHERE name = $2",
                &[Value::Int(deal + 1), ladder.into()],
            )?;
            db.insert(
                "ladder_games",
                &["ladder", "deal", "players", "claimed_by", "claimed_at"],
                &vec![vec![
                    ladder.into(),
                    Value::Int(deal),
                    players.as_str().into(),
                    worker.into(),
                    super::now().into(),
                ]],
            )?;
            Ok(Some(deal as u64))
        })
    }

    /// Takes over the lowest unplayed deal whose claimer's lease ran out, for `worker`: the
    /// deal and the worker it was taken from. `None` when there is none, or when another
    /// worker took it over first.
    pub fn take_over_deal(&mut self, ladder: &str, worker: &str) -> Result<Option<(Deal, String)>> {
        let now = super::now();
        self.transaction(|db| {
            let rows = db.query(
                &format!(
                    "SELECT deal, players, COALESCE(claimed_by, '') FROM ladder_games \
                     WHERE ladder = $1 AND played_at IS NULL AND {} ORDER BY deal LIMIT 1",
                    expired("ladder_games.claimed_by")
                ),
                &[ladder.into(), now.as_str().into()],
            )?;
            let Some(row) = rows.first() else {
                return Ok(None);
            };
            let (deal, from) = (deal_of(row)?, row[2].text("claimed_by")?);
            let taken = db.execute(
                "UPDATE ladder_games SET claimed_by = $1, claimed_at = $2 WHERE ladder = $3 \
                 AND deal = $4 AND played_at IS NULL AND COALESCE(claimed_by, '') = $5",
                &[
                    worker.into(),
                    now.as_str().into(),
                    ladder.into(),
                    deal.deal.into(),
                    from.as_str().into(),
                ],
            )?;
            Ok((taken == 1).then_some((deal, from)))
        })
    }

    /// Gives up `worker`'s unplayed deal `deal`, which can no longer be played as claimed (one
    /// of its versions no longer plays): its number is never used again. False when the deal
    /// is no longer the worker's.
    pub fn void_deal(&mut self, ladder: &str, deal: u64, worker: &str) -> Result<bool> {
        self.transaction(|db| {
            let voided = db.execute(
                "DELETE FROM ladder_games WHERE ladder = $1 AND deal = $2 AND played_at IS NULL \
                 AND claimed_by = $3",
                &[ladder.into(), deal.into(), worker.into()],
            )?;
            Ok(voided == 1)
        })
    }

    /// The ladder's deals from number `from` on, played or claimed, in order: what every
    /// worker counts games per version and pair from. Deals are numbered under a lock held
    /// until their claim commits, so a deal appears only after every lower one.
    pub fn deals_from(&mut self, ladder: &str, from: u64) -> Result<Vec<Deal>> {
        let rows = self.db.query(
            "SELECT deal, players FROM ladder_games WHERE ladder = $1 AND deal >= $2 \
             ORDER BY deal",
            &[ladder.into(), from.into()],
        )?;
        rows.iter().map(|row| deal_of(row)).collect()
    }

    /// Claims the self-test of version `digest` of `entry` for `worker`: a version not seen
    /// before gets a `testing` row in the worker's name; one whose tester's lease ran out is
    /// taken over.
    pub fn claim_self_test(
        &mut self,
        ladder: &str,
        entry: &str,
        digest: &str,
        worker: &str,
    ) -> Result<SelfTestClaim> {
        let now = super::now();
        self.transaction(|db| {
            db.insert(
                "ladder_versions",
                &[
                    "ladder",
                    "entry",
                    "digest",
                    "verdict",
                    "tested_at",
                    "claimed_by",
                ],
                &vec![vec![
                    ladder.into(),
                    entry.into(),
                    digest.into(),
                    "testing".into(),
                    now.as_str().into(),
                    worker.into(),
                ]],
            )?;
            let rows = db.query(
                &format!(
                    "SELECT verdict, COALESCE(claimed_by, ''), CASE WHEN {} THEN 1 ELSE 0 END \
                     FROM ladder_versions WHERE ladder = $1 AND entry = $3 AND digest = $4",
                    expired("ladder_versions.claimed_by")
                ),
                &[
                    ladder.into(),
                    now.as_str().into(),
                    entry.into(),
                    digest.into(),
                ],
            )?;
            let row = rows.first().ok_or_else(|| {
                anyhow::anyhow!("the self-test of {entry} {digest} was not claimed")
            })?;
            let (verdict, by) = (row[0].text("verdict")?, row[1].text("claimed_by")?);
            if verdict != "testing" {
                return Ok(SelfTestClaim::Decided);
            }
            if by == worker {
                return Ok(SelfTestClaim::Mine { from: None });
            }
            if row[2].int("expired")? == 0 {
                return Ok(SelfTestClaim::TestedBy(by));
            }
            take_over_self_test(db, ladder, entry, digest, worker, &by)
        })
    }
}

/// Takes the self-test claimed by `from` (whose lease ran out) for `worker`.
fn take_over_self_test(
    db: &mut dyn Backend,
    ladder: &str,
    entry: &str,
    digest: &str,
    worker: &str,
    from: &str,
) -> Result<SelfTestClaim> {
    let taken = db.execute(
        "UPDATE ladder_versions SET claimed_by = $1, tested_at = $2 WHERE ladder = $3 \
         AND entry = $4 AND digest = $5 AND verdict = 'testing' AND COALESCE(claimed_by, '') = $6",
        &[
            worker.into(),
            super::now().into(),
            ladder.into(),
            entry.into(),
            digest.into(),
            from.into(),
        ],
    )?;
    Ok(match taken {
        1 => SelfTestClaim::Mine {
            from: Some(from.to_string()),
        },
        _ => SelfTestClaim::TestedBy(from.to_string()),
    })
}

#[cfg(test)]
mod tests;
