//! A ladder's own state in the store (schema migrations 3 and 4): the ladder and its deal
//! counter, its entries with the version that plays for each, every version's self-test
//! verdict, and its deals from the moment they are claimed until their game is recorded. A
//! deal's game is recorded in the same transaction that marks the deal played, so a ladder
//! killed at any moment holds each game once or not at all, and the deals that were claimed
//! and never recorded are played again (by whichever worker takes them over: `super::claims`).
//! The games themselves are a run's games ([`super::Recorder`]), so every query of the stored
//! runs reads them.

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

    /// Every version of the ladder's entries with its verdict, in the order they were tested
    /// (not those whose self-test is under way).
    pub fn ladder_versions(&mut self, ladder: &str) -> Result<Vec<LadderVersion>> {
        let rows = self.db.query(
            "SELECT entry, digest, label, verdict, reason, tested_at FROM ladder_versions \
             WHERE ladder = $1 AND verdict <> 'testing' ORDER BY tested_at, entry",
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

    /// Records `version`'s verdict, whose self-test `worker` claimed
    /// ([`Store::claim_self_test`]); an accepted one becomes the version its entry plays
    /// (the entry is created with `folder` when new) unless a version tested later plays
    /// already. One transaction. False, and nothing written, when the claim is no longer the
    /// worker's (its lease ran out and another worker took the test over).
    pub fn record_verdict(
        &mut self,
        ladder: &str,
        folder: &str,
        version: &LadderVersion,
        worker: &str,
    ) -> Result<bool> {
        self.transaction(|db| {
            let verdict = match version.accepted {
                true => "accepted",
                false => "refused",
            };
            let decided = db.execute(
                "UPDATE ladder_versions SET label = $1, verdict = $2, reason = $3, \
                 tested_at = $4 WHERE ladder = $5 AND entry = $6 AND digest = $7 \
                 AND verdict = 'testing' AND claimed_by = $8",
                &[
                    version.label.clone().into(),
                    verdict.into(),
                    version.reason.clone().into(),
                    version.tested_at.as_str().into(),
                    ladder.into(),
                    version.entry.as_str().into(),
                    version.digest.as_str().into(),
                    worker.into(),
                ],
            )?;
            if decided != 1 {
                return Ok(false);
            }
            db.insert(
                "ladder_entries",
                &["ladder", "entry", "folder"],
                &vec![vec![
                    ladder.into(),
                    version.entry.as_str().into(),
                    folder.into(),
                ]],
            )?;
            if version.accepted {
                db.execute(
                    "UPDATE ladder_entries SET version = $1, changed_at = $2 \
                     WHERE ladder = $3 AND entry = $4 \
                     AND (changed_at IS NULL OR changed_at <= $2)",
                    &[
                        version.digest.as_str().into(),
                        version.tested_at.as_str().into(),
                        ladder.into(),
                        version.entry.as_str().into(),
                    ],
                )?;
            }
            Ok(true)
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
}

pub(super) fn deal_of(row: &[Value]) -> Result<Deal> {
    Ok(Deal {
        deal: row[0].int("deal")? as u64,
        players: serde_json::from_str(&row[1].text("players")?)?,
    })
}

impl Recorder {
    /// Records the games of deal `deal` of `ladder` (one per seat order) and marks the deal
    /// played, in one transaction, if `worker` still holds its claim. False, and nothing
    /// written, when it does not (its lease ran out and another worker took the deal over, or
    /// the deal is recorded already): no game is ever counted twice.
    pub fn record_deal(
        &mut self,
        ladder: &str,
        deal: u64,
        worker: &str,
        records: &[GameRecord],
    ) -> Result<bool> {
        let mut block = Block::default();
        for record in records {
            block.add(record);
        }
        let first = records.iter().map(|r| r.index).min().unwrap_or(0);
        let end = records.iter().map(|r| r.index + 1).max().unwrap_or(0);
        let recorded = self.write_then(&block, |db, run| {
            let marked = db.execute(
                "UPDATE ladder_games SET run = $1, game = $2, played_at = $3 \
                 WHERE ladder = $4 AND deal = $5 AND played_at IS NULL AND claimed_by = $6",
                &[
                    Value::Int(run),
                    first.into(),
                    super::now().into(),
                    ladder.into(),
                    deal.into(),
                    worker.into(),
                ],
            )?;
            if marked != 1 {
                // Rolls the games back: the deal is not this worker's to record.
                return Err(NotClaimed.into());
            }
            // The run's games are its deals', from the lowest to the highest recorded.
            db.execute(
                "UPDATE runs SET \
                 first_game = CASE WHEN first_game > $1 THEN $1 ELSE first_game END, \
                 end_game = CASE WHEN end_game < $2 THEN $2 ELSE end_game END WHERE number = $3",
                &[first.into(), end.into(), Value::Int(run)],
            )?;
            Ok(())
        });
        match recorded {
            Ok(()) => Ok(true),
            Err(e) if e.is::<NotClaimed>() => Ok(false),
            Err(e) => Err(e),
        }
    }
}

/// A deal's recording refused because the recorder no longer holds its claim.
#[derive(Debug)]
struct NotClaimed;

impl std::fmt::Display for NotClaimed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the deal is no longer this worker's")
    }
}

impl std::error::Error for NotClaimed {}
