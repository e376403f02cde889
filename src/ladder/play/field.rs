//! The ladder's side of the folder: each scan's entries and problems, a new version's copy,
//! self-test and verdict, the versions that may be seated, and `status.json`.

use super::super::Host;
use super::super::entries::{self, Found, Problem};
use super::super::selftest::{Verdict, self_test};
use super::{Current, Ladder};
use crate::game::Game;
use crate::store::LadderVersion;
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
                None => {
                    self.enter(entry)?;
                    changed = true;
                }
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
            let manifest = entries::manifest_in(&copy);
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

    /// A version not seen before: copied, self-tested, and its verdict stored.
    fn enter(&mut self, found: &Found) -> anyhow::Result<()> {
        let copy = self.copy_of(&found.name, &found.version.digest);
        let (manifest, version) = match entries::snapshot(&self.plan.dir, found, &copy) {
            Ok(copied) => copied,
            Err(e) => {
                self.log.line(&format!(
                    "entry {}: cannot copy its folder ({e}); tried again at the next scan",
                    found.name
                ));
                return Ok(());
            }
        };
        if version.digest != found.version.digest {
            self.log.line(&format!(
                "entry {}: its files changed while they were copied; tried again at the next scan",
                found.name
            ));
            return Ok(());
        }
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
        let name = self.plan.name.clone();
        self.store().record_verdict(&name, &found.folder, &version)
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
