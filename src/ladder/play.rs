//! The ladder's loop for one game type: worker threads play the deals handed to them, and
//! the loop (on the command's thread) scans the folder, self-tests new versions, chooses and
//! claims deals, records each finished game, and refreshes the standings. Nothing grows with
//! the games played: the loop keeps counts per version and per pair of versions, and every
//! game goes to the store as it ends.
//!
//! Every count the loop steers by (games per version and per pair) is read from the store's
//! deals, so workers sharing a ladder share a fair rate; deals are claimed in the store, and
//! one whose worker's lease ran out is taken over before a new one is claimed.
//!
//! The games go into runs of the store as any run's do, one run per worker and lineup: the ladder's
//! current versions are the run's bots, and a deal's number is its game index and seed index
//! under the ladder's master seed. When a version enters or leaves, the games in play finish,
//! that run ends and the next deal opens a new one.

mod deals;
mod field;
mod segment;

use super::budget::Disk;
use super::entries::Problem;
use super::worker::{self, Heartbeat};
use super::{Freeze, Host, Log, Settings, tag};
use super::{matchmaking, pages, records, standings, timeline};
use crate::error::Interrupted;
use crate::game::Game;
use crate::replay::Header;
use crate::runner::play::play_fixture_unless_stopped;
use crate::runner::{Fixture, GameRecord, Lineup};
use crate::store::{Recorder, Store};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A version: its entry's name and its digest.
type Key = (String, String);

/// An entry's accepted version, ready to play from its copy.
struct Current {
    digest: String,
    label: Option<String>,
    manifest: PathBuf,
    /// Whether it may be seated: its folder is there and its program starts.
    available: bool,
}

/// The run games are recorded into, and the lineup they are played with.
struct Segment<G: Game> {
    recorder: Recorder,
    lineup: Arc<Lineup<'static, G>>,
    /// The version at each position of the run's lineup.
    players: Vec<Key>,
    /// The header of its games' records.
    header: Header,
}

/// A deal handed to a worker: who plays it (positions in the run's lineup), seat by seat.
struct Job<G: Game> {
    lineup: Arc<Lineup<'static, G>>,
    deal: u64,
    seated: Vec<usize>,
}

/// A deal's games, one per seat order, or `None` when Ctrl-C abandoned one of them.
type Done = (u64, Option<Vec<GameRecord>>);

struct Ladder<'a, G: Game, H: Host<G>> {
    plan: &'a Settings,
    game: &'a G,
    host: &'a H,
    /// Set by Ctrl-C or SIGTERM: no deal is handed out any more.
    stop: &'static AtomicBool,
    /// From this time on no new version enters.
    frozen_at: Option<String>,
    seats: usize,
    log: Arc<Log>,
    /// This process's name in the store's claims.
    worker: String,
    configuration: String,
    /// The store, while no run is open (a run's recorder holds it meanwhile).
    store: Option<Store>,
    segment: Option<Segment<G>>,
    current: HashMap<String, Current>,
    problems: Vec<Problem>,
    /// Games per version, played or claimed by any worker.
    games: HashMap<Key, u64>,
    pairs: HashMap<(Key, Key), u64>,
    /// The deal the counts are read up to (from the store, every worker's).
    counted_to: u64,
    ratings: HashMap<Key, matchmaking::Rating>,
    /// Players of the deals in play.
    in_play: HashMap<u64, Vec<Key>>,
    /// Versions another worker is self-testing, logged once.
    waiting: HashSet<Key>,
    /// Games the ladder holds (every worker's), as last counted.
    recorded: u64,
    recorded_at_last_standings: Option<u64>,
    /// What the records and logs take, against `--disk-budget`.
    disk: Disk,
}

/// Plays the ladder of `plan` on `game`, recorded into `store`, until `--games`, `--until`
/// or `stop` (Ctrl-C), which is an [`Interrupted`] error.
pub fn play<G: Game, H: Host<G>>(
    game: &G,
    mut store: Store,
    plan: &Settings,
    host: &H,
    stop: &'static AtomicBool,
) -> anyhow::Result<()> {
    let configuration = super::open(&mut store, game.info(), plan)?;
    let freeze = plan.freeze.as_ref().map(Freeze::time);
    let frozen_at = store.freeze_ladder(&plan.name, freeze.as_deref())?;
    let log = Arc::new(Log::open(&plan.out, plan.disk_budget)?);
    let worker = worker::identity()?;
    store.join_ladder(&plan.name, &worker, plan.lease)?;
    let heartbeat = Heartbeat::start(
        store.location(),
        &plan.name,
        &worker,
        plan.lease,
        log.clone(),
    )?;
    if let Some(at) = &frozen_at {
        log.line(&format!(
            "the ladder freezes at {at}: no version found after it enters"
        ));
    }
    let mut ladder = Ladder {
        plan,
        game,
        host,
        stop,
        frozen_at,
        seats: game.info().seats,
        log,
        worker,
        configuration,
        store: Some(store),
        segment: None,
        current: HashMap::new(),
        problems: Vec::new(),
        games: HashMap::new(),
        pairs: HashMap::new(),
        counted_to: 0,
        ratings: HashMap::new(),
        in_play: HashMap::new(),
        waiting: HashSet::new(),
        recorded: 0,
        recorded_at_last_standings: None,
        disk: Disk::new(plan.disk_budget),
    };
    ladder.start()?;
    let stopped = std::thread::scope(|scope| -> anyhow::Result<bool> {
        let (jobs, taken) = std::sync::mpsc::channel::<Job<G>>();
        let taken = Arc::new(Mutex::new(taken));
        let (done, finished) = std::sync::mpsc::channel::<Done>();
        for _ in 0..plan.threads {
            let (taken, done) = (taken.clone(), done.clone());
            let seed = plan.seed;
            scope.spawn(move || work(game, seed, stop, &taken, &done));
        }
        drop(done);
        let result = ladder.play(&jobs, &finished);
        drop(jobs);
        // Games still in play after an error are abandoned with it.
        result
    })?;
    ladder.end()?;
    drop(heartbeat);
    let (name, worker) = (plan.name.clone(), ladder.worker.clone());
    ladder.store().leave_ladder(&name, &worker)?;
    match stopped {
        true => Err(Interrupted(format!(
            "the ladder {} holds {} games; start it again to go on",
            plan.name, ladder.recorded
        ))
        .into()),
        false => Ok(()),
    }
}

/// A worker: plays each deal it is handed, in every cyclic seat order, until the loop hangs
/// up. Deal `d`'s games are `d × seats + rotation`, all of seed index `d`: one seed group.
fn work<G: Game>(
    game: &G,
    seed: u64,
    stop: &AtomicBool,
    jobs: &Mutex<Receiver<Job<G>>>,
    done: &Sender<Done>,
) {
    loop {
        let job = jobs.lock().unwrap_or_else(|e| e.into_inner()).recv();
        let Ok(job) = job else { return };
        let seats = job.seated.len();
        let records: Option<Vec<GameRecord>> = (0..seats)
            .map(|rotation| {
                let mut lineup = job.seated.clone();
                lineup.rotate_left(rotation);
                let fixture = Fixture {
                    index: job.deal * seats as u64 + rotation as u64,
                    seed_index: job.deal,
                    pairing: 0,
                    rotation,
                    lineup,
                };
                play_fixture_unless_stopped(game, &job.lineup, seed, &fixture, stop)
            })
            .collect();
        if done.send((job.deal, records)).is_err() {
            return;
        }
    }
}

impl<G: Game, H: Host<G>> Ladder<'_, G, H> {
    fn store(&mut self) -> &mut Store {
        match (&mut self.segment, &mut self.store) {
            (Some(segment), _) => segment.recorder.store(),
            (None, Some(store)) => store,
            (None, None) => unreachable!("the store is held by the run or by the ladder"),
        }
    }

    /// Ends the leases of this machine's workers that are gone (a ladder killed here and
    /// started again), closes the runs dead workers left open, reads the counts and scans
    /// the folder. The deals a dead worker claimed are taken over as deals are handed out.
    fn start(&mut self) -> anyhow::Result<()> {
        let name = self.plan.name.clone();
        for gone in self.store().ladder_workers(&name)? {
            if worker::gone_here(&gone) {
                self.store().end_lease(&name, &gone)?;
            }
        }
        self.close_dead_runs()?;
        self.count_deals()?;
        self.recorded = self.store().ladder_game_count(&name)? * self.seats as u64;
        self.log.line(&format!(
            "ladder {name} ({} games so far) of {}, folder {}, {} threads, worker {}",
            self.recorded,
            self.game.info().name,
            self.plan.dir.display(),
            self.plan.threads,
            self.worker
        ));
        self.scan()?;
        self.refresh_standings()
    }

    /// Closes the runs dead workers left open (run at a start, at each scan and at the end, so
    /// a worker killed mid-run does not leave its run open for long).
    fn close_dead_runs(&mut self) -> anyhow::Result<()> {
        let (name, lease) = (self.plan.name.clone(), self.plan.lease);
        self.store().close_dead_runs(&name, &tag(&name), lease)
    }

    /// The loop: hand out deals while threads are free, record the games that end, scan the
    /// folder every `--scan`, until a stop is asked and every game in play is recorded.
    /// `Ok(true)` when Ctrl-C stopped it.
    fn play(&mut self, jobs: &Sender<Job<G>>, finished: &Receiver<Done>) -> anyhow::Result<bool> {
        let mut next_scan = Instant::now() + self.plan.scan;
        loop {
            let stopping = self.stopping();
            if !stopping {
                self.hand_out(jobs)?;
            }
            if stopping && self.in_play.is_empty() {
                return Ok(self.stop.load(Ordering::SeqCst));
            }
            let wait = next_scan.saturating_duration_since(Instant::now());
            match finished.recv_timeout(wait.min(Duration::from_millis(500))) {
                Ok(done) => self.finish(done)?,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the ladder's workers ended"),
            }
            while let Ok(done) = finished.try_recv() {
                self.finish(done)?;
            }
            if Instant::now() >= next_scan && !self.stopping() {
                self.close_dead_runs()?;
                let name = self.plan.name.clone();
                self.recorded = self.store().ladder_game_count(&name)? * self.seats as u64;
                let before = self.lineup();
                let changed = self.scan()?;
                if self.lineup() != before {
                    // The games in play finish with the lineup they started with.
                    while !self.in_play.is_empty() {
                        let done = finished.recv()?;
                        self.finish(done)?;
                    }
                    self.close_segment()?;
                }
                if standings::due(changed, self.recorded_at_last_standings, self.recorded) {
                    self.refresh_standings()?;
                }
                next_scan = Instant::now() + self.plan.scan;
            }
        }
    }

    /// Whether no deal may be handed out any more: Ctrl-C, `--games` recorded (by every
    /// worker), or `--until` passed.
    fn stopping(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
            || (self.plan.games).is_some_and(|most| self.recorded >= most)
            || (self.plan.until.as_ref()).is_some_and(|until| crate::store::now() >= *until)
    }

    /// The versions that may be seated, in name order.
    fn lineup(&self) -> Vec<Key> {
        let mut keys: Vec<Key> = (self.current.iter())
            .filter(|(_, c)| c.available)
            .map(|(name, c)| (name.clone(), c.digest.clone()))
            .collect();
        keys.sort();
        keys
    }

    /// Hands deals to the workers until every thread has one or none can be made.
    fn hand_out(&mut self, jobs: &Sender<Job<G>>) -> anyhow::Result<()> {
        while self.in_play.len() < self.plan.threads && !self.stopping() {
            // The run opens first: a program that cannot start is set aside before a deal
            // is chosen.
            if self.segment.is_none() && self.lineup().len() >= self.seats {
                self.open_segment()?;
            }
            let Some(deal) = self.next_deal()? else {
                return Ok(());
            };
            let segment = self.segment.as_ref().expect("a run is open");
            let seated: Vec<usize> = (deal.players.iter())
                .map(|key| segment.players.iter().position(|p| p == key))
                .collect::<Option<_>>()
                .ok_or_else(|| anyhow::anyhow!("deal {} seats a version not in play", deal.deal))?;
            let job = Job {
                lineup: segment.lineup.clone(),
                deal: deal.deal,
                seated,
            };
            self.in_play.insert(deal.deal, deal.players);
            jobs.send(job)?;
        }
        Ok(())
    }

    /// Records a finished deal's games with it; an abandoned deal stays claimed, for the
    /// next start to play.
    fn finish(&mut self, (deal, records): Done) -> anyhow::Result<()> {
        (self.in_play.remove(&deal)).ok_or_else(|| {
            anyhow::anyhow!("deal {deal} came back from a worker without being handed out")
        })?;
        // An abandoned deal (Ctrl-C) stays claimed and counted: it is played again by the
        // worker that takes it over.
        let Some(records) = records else {
            return Ok(());
        };
        let segment = self.segment.as_mut().expect("a game in play has its run");
        for record in &records {
            if let Some(seat) = record.culprit {
                let position = record.lineup[seat];
                self.log.line(&format!(
                    "game {}: {} lost by {} ({})",
                    record.index,
                    segment.players[position].0,
                    record.termination.as_str(),
                    crate::error::quote(record.fault.as_deref().unwrap_or(""))
                ));
            }
        }
        let recorded =
            (segment.recorder).record_deal(&self.plan.name, deal, &self.worker, &records)?;
        match recorded {
            true => {
                self.recorded += records.len() as u64;
                match records::keep(&self.plan.out, deal, &segment.header, &records) {
                    Ok(bytes) => self.disk.kept(bytes),
                    Err(e) => self.log.line(&format!(
                        "cannot keep the record of deal {deal}: {e:#}; its results are stored, \
                         its moves are not"
                    )),
                }
            }
            false => self.log.line(&format!(
                "deal {deal} was taken over by another worker while it was played here (this \
                 worker's lease ran out): its games here are not recorded"
            )),
        }
        Ok(())
    }

    /// Fits the stored games again: the standings' files, the pages, the terminal's table,
    /// and the ratings matchmaking steers by.
    fn refresh_standings(&mut self) -> anyhow::Result<()> {
        let name = self.plan.name.clone();
        let entries = self.store().ladder_entries(&name)?;
        let versions = self.store().ladder_versions(&name)?;
        let (rows, fitted) =
            standings::standings(self.host, self.store(), &name, &entries, &versions)?;
        self.ratings = (rows.iter())
            .filter_map(|row| {
                let rating = matchmaking::steering(row.elo, row.lower, row.upper, row.games)?;
                Some(((row.entry.clone(), row.digest.clone()), rating))
            })
            .collect();
        standings::write(&self.plan.out, &name, self.recorded, &rows)?;
        let (plan, problems) = (self.plan, self.problems.clone());
        let points = timeline::update(&plan.out, &rows, &crate::store::now())?;
        let playing: Vec<String> = (self.segment.iter())
            .flat_map(|segment| segment.players.iter().map(|(name, _)| name.clone()))
            .collect();
        match self.disk.check(&plan.out, &playing) {
            Ok(said) => said.iter().for_each(|line| self.log.line(line)),
            Err(e) => (self.log).line(&format!("cannot keep the disk budget: {e}")),
        }
        let host = self.host;
        let view = pages::View {
            out: &plan.out,
            ladder: &name,
            games: self.recorded,
            rows: &rows,
            entries: &entries,
            versions: &versions,
            problems: &problems,
            fitted: &fitted,
            points: &points,
            seats: self.seats,
            render: &|header, line, game| host.replay_page(header, line, game),
            live: plan.live,
        };
        pages::write(self.store(), &view)?;
        if !self.plan.quiet {
            standings::print(&name, self.recorded, &rows);
        }
        self.recorded_at_last_standings = Some(self.recorded);
        Ok(())
    }

    /// After the loop: the open run ends (and those of dead workers) and the standings are
    /// written a last time.
    fn end(&mut self) -> anyhow::Result<()> {
        self.close_segment()?;
        self.close_dead_runs()?;
        self.refresh_standings()?;
        self.write_status()?;
        self.log.line(&format!(
            "ladder {} stopped with {} games",
            self.plan.name, self.recorded
        ));
        Ok(())
    }
}
