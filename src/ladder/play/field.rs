//! The ladder's side of the folder: each scan's entries and problems, a new version's copy,
//! self-test and verdict, the versions that may be seated, and `status.json`.

use super::super::Host;
use super::super::entries::{self, Found, Problem};
use super::super::selftest::{Verdict, self_test};
use super::{Current, Ladder};
use crate::game::Game;
use crate::store::{LadderVersion, SelfTestClaim};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::Ordering;

impl<G: Game, H: Host<G>> Ladder<'_, G, H> {
    /// Reads the folder: entries that changed are self-tested, and every entry's state is
    /// logged when it changes and written to `status.json`. True when a version was tested
    /// or a folder's problem came or went, so the pages are out of date.
    pub(super) fn scan(&mut self) -> anyhow::Result<bool> {
        let name = self.plan.name.clone();
        let stored = self.store().ladder_entries(&name)?;
        let owners: HashMap<String, String> = (stored.iter())
            .map(|e| (e.entry.clone(), e.folder.clone()))
            .collect();
        let (found, problems) = match entries::scan(&self.plan.dir, self.game.info().name, &owners)
        {
            Ok(scanned) => scanned,
            Err(e) => {
                self.log.line(&format!(
                    "cannot read the ladder's folder {} ({e}); the entries play on as they were",
                    self.plan.dir.display()
                ));
                return Ok(false);
            }
        };
        for problem in &problems {
            if !self.problems.contains(problem) {
                self.log
                    .line(&format!("folder {}: {}", problem.folder, problem.reason));
            }
        }
        let (mut problems, scanned) = (problems.clone(), problems.len());
        let versions = self.store().ladder_versions(&name)?;
        let mut changed = false;
        let frozen = (self.frozen_at.clone()).filter(|at| crate::store::now() >= *at);
        for entry in &found {
            let tested = (versions.iter())
                .any(|v| v.entry == entry.name && v.digest == entry.version.digest);
            if tested || self.stop.load(Ordering::SeqCst) {
                continue;
            }
            match &frozen {
                Some(at) => problems.push(Problem {
                    folder: entry.folder.clone(),
                    reason: format!(
                        "version {} of {} arrived after the freeze ({at}): it does not play",
                        entry.version, entry.name
                    ),
                }),
                None => changed |= self.claim_and_enter(entry)?,
            }
        }
        // The versions that play: each entry's accepted one, from its copy.
        let stored = self.store().ladder_entries(&name)?;
        let versions = self.store().ladder_versions(&name)?;
        let mut current = HashMap::new();
        for entry in stored {
            let Some(digest) = entry.version else {
                continue;
            };
            let there = found.iter().any(|f| f.name == entry.entry);
            if !there && !problems.iter().any(|p| p.folder == entry.folder) {
                problems.push(Problem {
                    folder: entry.folder.clone(),
                    reason: format!(
                        "the folder of the entry {} is gone: it stops playing until it is back",
                        entry.entry
                    ),
                });
            }
            let copy = self.copy_of(&entry.entry, &digest);
            let mut manifest = entries::manifest_in(&copy);
            let here = found.iter().find(|f| f.name == entry.entry);
            if manifest.is_none()
                && let Some(here) = here.filter(|f| f.version.digest == digest)
            {
                // Accepted by another worker: this one plays it from a copy of its own.
                manifest = self.copy(here);
            }
            if manifest.is_none() && there {
                problems.push(Problem {
                    folder: entry.folder.clone(),
                    reason: format!(
                        "the copy of its accepted version is missing ({}): it plays again once \
                         its folder changes",
                        copy.display()
                    ),
                });
            }
            let label = (versions.iter())
                .find(|v| v.entry == entry.entry && v.digest == digest)
                .and_then(|v| v.label.clone());
            let was_set_aside = (self.current.get(&entry.entry))
                .is_some_and(|c| c.digest == digest && !c.available && there);
            current.insert(
                entry.entry.clone(),
                Current {
                    available: there && manifest.is_some() && !was_set_aside,
                    digest,
                    label,
                    manifest: manifest.unwrap_or_default(),
                },
            );
        }
        for problem in &problems[scanned..] {
            if !self.problems.contains(problem) {
                self.log
                    .line(&format!("folder {}: {}", problem.folder, problem.reason));
            }
        }
        self.current = current;
        changed |= self.problems != problems;
        self.problems = problems;
        self.write_status()?;
        Ok(changed)
    }

    /// Where the accepted version `digest` of `entry` is copied to.
    fn copy_of(&self, entry: &str, digest: &str) -> PathBuf {
        super::super::copy_of(&self.plan.out, entry, digest)
    }

    /// A version without a verdict: self-tested here when no other worker is testing it
    /// (or the one that was has died). True when a verdict came meanwhile.
    fn claim_and_enter(&mut self, found: &Found) -> anyhow::Result<bool> {
        let (name, worker) = (self.plan.name.clone(), self.worker.clone());
        let key = (found.name.clone(), found.version.digest.clone());
        let claim = self
            .store()
            .claim_self_test(&name, &key.0, &key.1, &worker)?;
        match claim {
            SelfTestClaim::Mine { from } => {
                if let Some(from) = from {
                    self.log.line(&format!(
                        "entry {}: the self-test of version {} is taken over from {from} (its \
                         lease ran out)",
                        found.name, found.version
                    ));
                }
                self.enter(found)?;
                Ok(true)
            }
            SelfTestClaim::TestedBy(by) => {
                if self.waiting.insert(key) {
                    self.log.line(&format!(
                        "entry {}: version {} is being self-tested by {by}; its verdict is \
                         awaited",
                        found.name, found.version
                    ));
                }
                Ok(false)
            }
            SelfTestClaim::Decided => Ok(true),
        }
    }

    /// Copies the folder of `found` to where its version plays from: the copy's manifest, or
    /// `None` (logged) when it cannot be copied as it is now, tried again at the next scan.
    fn copy(&self, found: &Found) -> Option<PathBuf> {
        let copy = self.copy_of(&found.name, &found.version.digest);
        match entries::snapshot(&self.plan.dir, found, &copy) {
            Ok((manifest, version)) if version.digest == found.version.digest => Some(manifest),
            Ok(_) => {
                self.log.line(&format!(
                    "entry {}: its files changed while they were copied; tried again at the \
                     next scan",
                    found.name
                ));
                None
            }
            Err(e) => {
                self.log.line(&format!(
                    "entry {}: cannot copy its folder ({e}); tried again at the next scan",
                    found.name
                ));
                None
            }
        }
    }

    /// A version not seen before, its self-test claimed: copied, self-tested, and its verdict
    /// stored.
    fn enter(&mut self, found: &Found) -> anyhow::Result<()> {
        let Some(manifest) = self.copy(found) else {
            return Ok(());
        };
        self.log.line(&format!(
            "entry {}: new version {}, self-testing",
            found.name, found.version
        ));
        let report = (self.plan.out.join("self-tests")).join(format!(
            "{}-{}.txt",
            found.name,
            &found.version.digest[..12]
        ));
        let verdict = self_test(
            &manifest,
            &self.plan.doctor_flags,
            &report,
            self.plan.self_test_timeout,
        );
        let (accepted, reason) = match verdict {
            Verdict::Interrupted => return Ok(()),
            Verdict::Passed => (true, None),
            Verdict::Failed(reason) => (false, Some(reason)),
        };
        match &reason {
            None => self.log.line(&format!(
                "entry {}: version {} passed its self-test and plays",
                found.name, found.version
            )),
            Some(reason) => self.log.line(&format!(
                "entry {}: version {} failed its self-test and does not play ({reason}); {}",
                found.name,
                found.version,
                match self.current.contains_key(&found.name) {
                    true => "its previous version plays on",
                    false => "the entry waits for a version that passes",
                }
            )),
        }
        let version = LadderVersion {
            entry: found.name.clone(),
            digest: found.version.digest.clone(),
            label: found.version.label.clone(),
            accepted,
            reason,
            tested_at: crate::store::now(),
        };
        let (name, worker) = (self.plan.name.clone(), self.worker.clone());
        if !(self.store()).record_verdict(&name, &found.folder, &version, &worker)? {
            self.log.line(&format!(
                "entry {}: the self-test of version {} was taken over by another worker while \
                 it ran here (this worker's lease ran out): that worker's verdict counts",
                found.name, found.version
            ));
        }
        Ok(())
    }

    /// Writes `status.json`: every entry with the version that plays and its last verdict,
    /// and every folder that cannot enter with its reason.
    pub(super) fn write_status(&mut self) -> anyhow::Result<()> {
        let name = self.plan.name.clone();
        let stored = self.store().ladder_entries(&name)?;
        let versions = self.store().ladder_versions(&name)?;
        let entries: Vec<serde_json::Value> = (stored.iter())
            .map(|entry| {
                let history: Vec<serde_json::Value> = (versions.iter())
                    .filter(|v| v.entry == entry.entry)
                    .map(|v| {
                        serde_json::json!({
                            "digest": v.digest,
                            "label": v.label,
                            "verdict": if v.accepted { "accepted" } else { "refused" },
                            "reason": v.reason,
                            "tested_at": v.tested_at,
                        })
                    })
                    .collect();
                let playing = self.current.get(&entry.entry).is_some_and(|c| c.available);
                serde_json::json!({
                    "entry": entry.entry,
                    "folder": entry.folder,
                    "version": entry.version,
                    "playing": playing,
                    "changed_at": entry.changed_at,
                    "versions": history,
                })
            })
            .collect();
        let problems: Vec<serde_json::Value> = (self.problems.iter())
            .map(|p| serde_json::json!({"folder": p.folder, "reason": p.reason}))
            .collect();
        let status = serde_json::json!({
            "ladder": name,
            "updated_at": crate::store::now(),
            "games": self.recorded,
            "entries": entries,
            "problems": problems,
        });
        crate::input::write_atomically(
            &self.plan.out.join("status.json"),
            serde_json::to_string_pretty(&status)?.as_bytes(),
        )
    }
}
