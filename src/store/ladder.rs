//! A ladder's own state in the store (schema migration 3): the ladder and its deal counter,
//! its entries with the version that plays for each, every version's self-test verdict, and
//! its deals from the moment they are claimed until their game is recorded. A deal's game is
//! recorded in the same transaction that marks the deal played, so a ladder killed at any
//! moment holds each game once or not at all, and a restart plays again exactly the deals
//! that were claimed and never recorded. The games themselves are a run's games
//! ([`super::Recorder`]), so every query of the stored runs reads them.

use super::Store;
use super::backend::Value;
use super::rows::{Block, Recorder};
use crate::runner::GameRecord;
use anyhow::Result;

/// A ladder as first started: what every later start must agree with.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderRow {
    pub name: String,
    pub game: String,
    pub rules: String,
    /// The game's configuration (rules, options, seats) as JSON.
    pub configuration: String,
    pub master_seed: u64,
}

/// An entry: a name, the folder it was first found in, and its accepted version, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderEntry {
    pub entry: String,
    pub folder: String,
    /// The digest of the version that plays (the last one accepted).
    pub version: Option<String>,
    /// When that version was accepted.
    pub changed_at: Option<String>,
}

/// A version of an entry with its self-test verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderVersion {
    pub entry: String,
    pub digest: String,
    pub label: Option<String>,
    pub accepted: bool,
    /// Why it was refused (the failed checks), or what the self-test said of an accepted one.
    pub reason: Option<String>,
    pub tested_at: String,
}

/// A claimed deal: its number (the seed index of its games under the ladder's master seed)
/// and who plays it, seat by seat, as (entry, digest). A deal is played once in every cyclic
/// seat order, its games numbered `deal × seats + rotation`: a seed group, as a run's are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub deal: u64,
    pub players: Vec<(String, String)>,
}

impl Store {
    /// The ladder `row.name` as stored, created from `row` when it is new.
    pub fn open_ladder(&mut self, row: &LadderRow) -> Result<LadderRow> {
        self.transaction(|db| {
            db.insert(
                "ladders",
                &[
                    "name",
                    "game",
                    "rules",
                    "configuration",
                    "master_seed",
                    "next_deal",
                    "created_at",
                ],
                &vec![vec![
                    row.name.as_str().into(),
                    row.game.as_str().into(),
                    row.rules.as_str().into(),
                    row.configuration.as_str().into(),
                    row.master_seed.into(),
                    Value::Int(0),
                    super::now().into(),
                ]],
            )?;
            let rows = db.query(
                "SELECT game, rules, configuration, master_seed FROM ladders WHERE name = $1",
                &[row.name.as_str().into()],
            )?;
            let stored = &rows[0];
            Ok(LadderRow {
                name: row.name.clone(),
                game: stored[0].text("game")?,
                rules: stored[1].text("rules")?,
                configuration: stored[2].text("configuration")?,
                master_seed: stored[3].int("master_seed")? as u64,
            })
        })
    }

    /// The time the ladder freezes at: `at` when it has none yet, else the one it was given
    /// first (so a freeze given as a duration does not move at each start).
    pub fn freeze_ladder(&mut self, ladder: &str, at: Option<&str>) -> Result<Option<String>> {
        self.transaction(|db| {
            if let Some(at) = at {
                db.execute(
                    "UPDATE ladders SET frozen_at = $1 WHERE name = $2 AND frozen_at IS NULL",
                    &[at.into(), ladder.into()],
                )?;
            }
            let rows = db.query(
                "SELECT frozen_at FROM ladders WHERE name = $1",
                &[ladder.into()],
            )?;
            match rows.first() {
                Some(row) => row[0].optional_text("frozen_at"),
                None => Ok(None),
            }
        })
    }

    pub fn ladder_entries(&mut self, ladder: &str) -> Result<Vec<LadderEntry>> {
        let rows = self.db.query(
            "SELECT entry, folder, version, changed_at FROM ladder_entries WHERE ladder = $1 \
             ORDER BY entry",
            &[ladder.into()],
        )?;
        rows.iter()
            .map(|row| {
                Ok(LadderEntry {
                    entry: row[0].text("entry")?,
                    folder: row[1].text("folder")?,
                    version: row[2].optional_text("version")?,
                    changed_at: row[3].optional_text("changed_at")?,
                })
            })
            .collect()
    }

    /// Every version of the ladder's entries with its verdict, in the order they were tested.
    pub fn ladder_versions(&mut self, ladder: &str) -> Result<Vec<LadderVersion>> {
        let rows = self.db.query(
            "SELECT entry, digest, label, verdict, reason, tested_at FROM ladder_versions \
             WHERE ladder = $1 ORDER BY tested_at, entry",
            &[ladder.into()],
        )?;
        rows.iter()
            .map(|row| {
                Ok(LadderVersion {
                    entry: row[0].text("entry")?,
                    digest: row[1].text("digest")?,
                    label: row[2].optional_text("label")?,
                    accepted: row[3].text("verdict")? == "accepted",
                    reason: row[4].optional_text("reason")?,
                    tested_at: row[5].text("tested_at")?,
                })
            })
            .collect()
    }

    /// Records `version`'s verdict; an accepted one becomes the version its entry plays (the
    /// entry is created with `folder` when new). One transaction.
    pub fn record_verdict(
        &mut self,
        ladder: &str,
        folder: &str,
        version: &LadderVersion,
    ) -> Result<()> {
        self.transaction(|db| {
            db.insert(
                "ladder_entries",
                &["ladder", "entry", "folder"],
                &vec![vec![
                    ladder.into(),
                    version.entry.as_str().into(),
                    folder.into(),
                ]],
            )?;
            let verdict = match version.accepted {
                true => "accepted",
                false => "refused",
            };
            db.insert(
                "ladder_versions",
                &[
                    "ladder",
                    "entry",
                    "digest",
                    "label",
                    "verdict",
                    "reason",
                    "tested_at",
                ],
                &vec![vec![
                    ladder.into(),
                    version.entry.as_str().into(),
                    version.digest.as_str().into(),
                    version.label.clone().into(),
                    verdict.into(),
                    version.reason.clone().into(),
                    version.tested_at.as_str().into(),
                ]],
            )?;
            if version.accepted {
                db.execute(
                    "UPDATE ladder_entries SET version = $1, changed_at = $2 \
                     WHERE ladder = $3 AND entry = $4",
                    &[
                        version.digest.as_str().into(),
                        version.tested_at.as_str().into(),
                        ladder.into(),
                        version.entry.as_str().into(),
                    ],
                )?;
            }
            Ok(())
        })
    }

    /// Claims the ladder's next deal for `players` on behalf of `worker`: the deal counter
    /// moves on and the deal is kept, unplayed, in one transaction.
    pub fn claim_deal(
        &mut self,
        ladder: &str,
        players: &[(String, String)],
        worker: &str,
    ) -> Result<u64> {
        let players = serde_json::to_string(players)?;
        self.transaction(|db| {
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
            Ok(deal as u64)
        })
    }

    /// The deals claimed and never recorded, in order: a ladder that was killed left them.
    pub fn unplayed_deals(&mut self, ladder: &str) -> Result<Vec<Deal>> {
        let rows = self.db.query(
            "SELECT deal, players FROM ladder_games WHERE ladder = $1 AND played_at IS NULL \
             ORDER BY deal",
            &[ladder.into()],
        )?;
        rows.iter().map(Vec::as_slice).map(deal_of).collect()
    }

    /// Who played each recorded deal, for the counts matchmaking starts from.
    pub fn played_deals(&mut self, ladder: &str) -> Result<Vec<Deal>> {
        let rows = self.db.query(
            "SELECT deal, players FROM ladder_games WHERE ladder = $1 AND played_at IS NOT NULL \
             ORDER BY deal",
            &[ladder.into()],
        )?;
        rows.iter().map(Vec::as_slice).map(deal_of).collect()
    }

    /// Gives up an unplayed deal that can no longer be played as claimed (one of its
    /// versions was replaced before a restart): its number is never used again.
    pub fn void_deal(&mut self, ladder: &str, deal: u64) -> Result<()> {
        self.transaction(|db| {
            db.execute(
                "DELETE FROM ladder_games WHERE ladder = $1 AND deal = $2 AND played_at IS NULL",
                &[ladder.into(), deal.into()],
            )?;
            Ok(())
        })
    }

    /// How many of the ladder's deals have their games recorded.
    pub fn ladder_game_count(&mut self, ladder: &str) -> Result<u64> {
        let rows = self.db.query(
            "SELECT COUNT(*) FROM ladder_games WHERE ladder = $1 AND played_at IS NOT NULL",
            &[ladder.into()],
        )?;
        Ok(rows[0][0].int("count")? as u64)
    }

    /// Seats and faults of each (label, version digest) in the runs tagged `tag`.
    pub fn seats_by_version(&mut self, tag: &str) -> Result<Vec<(String, String, u64, u64)>> {
        let rows = self.db.query(
            "SELECT b.label, b.version, COUNT(*), SUM(CASE WHEN s.fault = 1 THEN 1 ELSE 0 END) FROM seat_rows s \
             JOIN runs r ON r.number = s.run \
             JOIN run_bots b ON b.run_id = r.id AND b.position = s.bot \
             WHERE r.tag = $1 AND b.version IS NOT NULL GROUP BY b.label, b.version",
            &[tag.into()],
        )?;
        rows.iter()
            .map(|row| {
                Ok((
                    row[0].text("label")?,
                    row[1].text("version")?,
                    row[2].int("seats")? as u64,
                    row[3].int("faults")? as u64,
                ))
            })
            .collect()
    }

    /// Marks the ladder's runs complete, but `keep` (a ladder's run ends when its lineup
    /// changes, when the ladder stops, or, after a kill, when it starts again).
    pub fn end_ladder_runs(&mut self, tag: &str, keep: Option<&str>) -> Result<()> {
        self.transaction(|db| {
            db.execute(
                "UPDATE runs SET status = 'complete', ended_at = $1 \
                 WHERE tag = $2 AND status = 'running' AND id <> $3",
                &[super::now().into(), tag.into(), keep.unwrap_or("").into()],
            )?;
            Ok(())
        })
    }
}

fn deal_of(row: &[Value]) -> Result<Deal> {
    Ok(Deal {
        deal: row[0].int("deal")? as u64,
        players: serde_json::from_str(&row[1].text("players")?)?,
    })
}

impl Recorder {
    /// Records the games of deal `deal` of `ladder` (one per seat order) and marks the deal
    /// played, in one transaction; a deal recorded already is refused (and nothing written),
    /// so no game is ever counted twice.
    pub fn record_deal(&mut self, ladder: &str, deal: u64, records: &[GameRecord]) -> Result<()> {
        let mut block = Block::default();
        for record in records {
            block.add(record);
        }
        let first = records.iter().map(|r| r.index).min().unwrap_or(0);
        let end = records.iter().map(|r| r.index + 1).max().unwrap_or(0);
        self.write_then(&block, |db, run| {
            let marked = db.execute(
                "UPDATE ladder_games SET run = $1, game = $2, played_at = $3 \
                 WHERE ladder = $4 AND deal = $5 AND played_at IS NULL",
                &[
                    Value::Int(run),
                    first.into(),
                    super::now().into(),
                    ladder.into(),
                    deal.into(),
                ],
            )?;
            anyhow::ensure!(
                marked == 1,
                "deal {deal} of the ladder {ladder} is recorded already or was never claimed"
            );
            // The run's games are its deals', from the lowest to the highest recorded.
            db.execute(
                "UPDATE runs SET \
                 first_game = CASE WHEN first_game > $1 THEN $1 ELSE first_game END, \
                 end_game = CASE WHEN end_game < $2 THEN $2 ELSE end_game END WHERE number = $3",
                &[first.into(), end.into(), Value::Int(run)],
            )?;
            Ok(())
        })
    }
}
