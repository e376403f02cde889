//! A [`Recorder`] on a thread of its own: the thread that plays only copies each record's
//! columns into a [`Block`] and hands the block over when the runner's block is done; the
//! writer thread turns blocks into rows and commits them, one transaction each, while the next
//! block plays. A run's wall time then pays for little more than the copies, as long as a core
//! is free for the writer (`docs/performance.md`).
//!
//! At most [`QUEUED_BLOCKS`] blocks wait for the writer: a store slower than the games holds
//! the run back rather than its memory growing. A block handed over is in the store once the
//! writer commits it; the folder's files have it already, so a run killed in between resumes
//! as one killed before that block (the store's games are never ahead of `games.csv`).

use super::rows::{Block, Recorder};
use crate::runner::GameRecord;
use anyhow::Result;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

/// Blocks handed over and not yet taken by the writer.
const QUEUED_BLOCKS: usize = 2;

/// What the writer thread hands back: the recorder, and the error that stopped it, if any.
type Ended = (Recorder, Result<()>);

pub struct Writer {
    pending: Block,
    blocks: Option<SyncSender<Block>>,
    thread: Option<JoinHandle<Ended>>,
}

impl Writer {
    /// Starts the writer thread for `recorder`'s run.
    pub fn start(recorder: Recorder) -> Result<Writer> {
        let (blocks, received) = sync_channel(QUEUED_BLOCKS);
        let thread = std::thread::Builder::new()
            .name("tourney-store".into())
            .spawn(move || write(recorder, received))?;
        Ok(Writer {
            pending: Block::default(),
            blocks: Some(blocks),
            thread: Some(thread),
        })
    }

    /// Keeps `record` for the next [`Writer::block_done`].
    pub fn add(&mut self, record: &GameRecord) {
        self.pending.add(record);
    }

    /// Hands the games kept since the last call to the writer. Fails once the writer has
    /// stopped on an error, with that error; nothing is written after it.
    pub fn block_done(&mut self) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let block = std::mem::take(&mut self.pending);
        match self.blocks.as_ref().map(|blocks| blocks.send(block)) {
            Some(Ok(())) => Ok(()),
            // The writer has ended: it hands back why.
            _ => self.finish().map(|_| ()),
        }
    }

    /// Hands over the last games, waits until every block is committed and hands back the
    /// recorder, or the error that stopped the writer.
    pub fn finish(&mut self) -> Result<Recorder> {
        if !self.pending.is_empty()
            && let Some(blocks) = &self.blocks
        {
            // A writer that has ended says why when it is joined below.
            let _ = blocks.send(std::mem::take(&mut self.pending));
        }
        self.blocks = None;
        let thread = (self.thread.take()).ok_or_else(|| anyhow::anyhow!("the writer ended"))?;
        match thread.join() {
            Ok((recorder, Ok(()))) => Ok(recorder),
            Ok((_, Err(e))) => Err(e),
            Err(_) => anyhow::bail!("the store's writer thread panicked"),
        }
    }
}

/// The writer thread: commits each block as it comes, until the run is done or a commit fails.
fn write(mut recorder: Recorder, blocks: Receiver<Block>) -> Ended {
    for block in blocks {
        if let Err(e) = recorder.write(&block) {
            return (recorder, Err(e));
        }
    }
    (recorder, Ok(()))
}
