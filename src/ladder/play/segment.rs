//! The run the ladder's games are recorded into: opened for the current lineup when the next
//! deal needs it, ended when the lineup changes or the ladder stops. Each worker records into
//! runs of its own, named in its row of the store so that a dead worker's run is closed by the
//! next start.

use super::super::{Host, tag};
use super::{Ladder, Segment};
use crate::game::Game;
use crate::runner::Lineup;
use crate::store::{BotRow, NewRun, Recorder, RunStatus, VersionRow};
use sha2::{Digest, Sha256};
use std::sync::Arc;

impl<G: Game, H: Host<G>> Ladder<'_, G, H> {
    /// Opens the run of the current lineup: each version's program is looked up and started
    /// once; one that cannot start is set aside with its reason.
    pub(super) fn open_segment(&mut self) -> anyhow::Result<()> {
        let logs = self.plan.out.join("logs");
        let mut makers = Vec::new();
        let mut players = Vec::new();
        let mut bots = Vec::new();
        for (name, digest) in self.lineup() {
            let current = &self.current[&name];
            match (self.host).program(self.game, &current.manifest, &name, &logs) {
                Ok(maker) => {
                    makers.push(maker);
                    bots.push(BotRow {
                        label: name.clone(),
                        bot: current.manifest.display().to_string(),
                        params: "{}".to_string(),
                        version: Some(VersionRow {
                            digest: digest.clone(),
                            label: current.label.clone(),
                            kind: "program".to_string(),
                        }),
                    });
                    players.push((name, digest));
                }
                Err(e) => {
                    self.log.line(&format!(
                        "entry {name} is set aside: {e:#}; it plays again once its folder changes"
                    ));
                    if let Some(current) = self.current.get_mut(&name) {
                        current.available = false;
                    }
                }
            }
        }
        let extra_columns: Vec<String> = (self.game.extra_columns().iter())
            .map(|c| c.to_string())
            .collect();
        let sha = Sha256::digest(self.configuration.as_bytes());
        let name = self.plan.name.clone();
        let next = self.store().ladder_game_count(&name)?;
        let run = NewRun {
            game: self.game.info().name.to_string(),
            rules: self.game.info().rules.to_string(),
            configuration: self.configuration.clone(),
            configuration_sha256: sha.iter().map(|b| format!("{b:02x}")).collect(),
            tool: format!("tourney {}", env!("CARGO_PKG_VERSION")),
            host: crate::store::host(),
            folder: None,
            tag: Some(tag(&name)),
            shard: None,
            // Both move out to the deals recorded (`Store::record_deal`).
            first_game: next,
            end_game: next,
            extra_columns: extra_columns.clone(),
            report: self.plan.report.clone(),
            bots,
        };
        let labels: Vec<String> = players.iter().map(|(name, _)| name.clone()).collect();
        let header = (self.host).records_header(self.game, self.plan.seed, &labels);
        let mut store = self.store.take().expect("no run is open");
        let id = store.create_run(&run)?;
        store.worker_run(&name, &self.worker, Some(&id))?;
        self.log.line(&format!(
            "run {id} plays {}",
            (players.iter())
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        self.segment = Some(Segment {
            recorder: Recorder::new(store, id, &extra_columns)?,
            lineup: Arc::new(Lineup {
                entries: makers,
                record: Some(self.host.start_log()),
                faults: crate::runner::FaultPolicy::default(),
            }),
            players,
            header,
        });
        Ok(())
    }

    /// Ends the open run, if any, giving the store back to the ladder.
    pub(super) fn close_segment(&mut self) -> anyhow::Result<()> {
        if let Some(segment) = self.segment.take() {
            let run = segment.recorder.run().to_string();
            let mut store = segment.recorder.into_store();
            store.finish_run(&run, RunStatus::Complete)?;
            store.worker_run(&self.plan.name, &self.worker, None)?;
            self.store = Some(store);
        }
        Ok(())
    }
}
