//! A contest program as a bot of a run (`protocol = "cgs"` in its manifest): started for each of
//! its games like a JSON-lines bot, under a name of its own (`{name}`), it connects to the run's
//! contest server (`{host}`, `{port}`) and plays its seat there as a `cgs` client would
//! ([`crate::serve`]). The name ties the connection to the game, so games with launched programs
//! run in parallel: no two games ever wait for the same program. The name is predictable, so it
//! is not what proves a connection is the program's: the server checks that it comes from the
//! program's own processes, and a program that connects under another name loses its game.

use super::command::valid_name;
use super::tournament::{self, Tournament};
use crate::bot::{Bot, BotEntry, BotFailure, BotMaker, MadeBot, Params, Think};
use crate::external::clock::GameClock;
use crate::external::launched::Launched;
use crate::external::log::BotLog;
use crate::external::manifest::Manifest;
use crate::game::{Game, Seat};
use crate::outcome::{Outcome, Termination};
use crate::sandbox::{Network, Weight};
use crate::seed::Rng;
use rand::Rng as _;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often a game waiting for its program checks whether the program is still alive.
const ALIVE_CHECK: Duration = Duration::from_millis(5);

/// Longest `CLIENT_NAME` the contest allows (§3).
const MAX_NAME: usize = 20;

/// The [`BotMaker`] of one contest-program manifest in one run.
pub struct ContestMaker<G: Game> {
    manifest: Manifest,
    label: String,
    /// The game's `cgs` seat, which plays the program's connection.
    client: &'static BotEntry<G>,
    log: Arc<BotLog>,
    /// `tourney doctor` only: how long a program whose game is over may take to exit, and how
    /// each one went. `None` in a run, where a program is just ended.
    exits: Option<(Duration, Exits)>,
}

/// How each program ended after its game: its exit, or what it did instead.
type Exits = Arc<Mutex<Vec<Result<String, String>>>>;

impl<G: Game> ContestMaker<G> {
    /// `client` is the game's `cgs` bot; `log_dir` receives `<label>.log` (the program's
    /// stdout and stderr); `None` keeps no log. Whether the program can run at all was
    /// checked with the lineup (`external::check_command`).
    pub fn new(
        manifest: Manifest,
        label: &str,
        log_dir: Option<&Path>,
        client: &'static BotEntry<G>,
    ) -> anyhow::Result<ContestMaker<G>> {
        let log = match log_dir {
            Some(dir) => BotLog::create(dir, label),
            None => Ok(BotLog::discard()),
        }
        .map_err(|e| anyhow::anyhow!("cannot create the bot log folder: {e}"))?;
        Ok(ContestMaker {
            manifest,
            label: label.to_string(),
            client,
            log: Arc::new(log),
            exits: None,
        })
    }

    /// The same maker, noting how every program it launches takes the end of its game (see
    /// [`ContestMaker::exits`]), each given `grace` to exit. For `tourney doctor`.
    pub fn watch_exits(mut self, grace: Duration) -> ContestMaker<G> {
        self.exits = Some((grace, Exits::default()));
        self
    }

    /// How every program that played a game to its end took it: `Ok` (its exit) or `Err`
    /// (what it did instead), in the order they ended. Empty unless exits are watched.
    pub fn exits(&self) -> Vec<Result<String, String>> {
        self.exits.as_ref().map_or_else(Vec::new, |(_, exits)| {
            std::mem::take(&mut *exits.lock().unwrap_or_else(|e| e.into_inner()))
        })
    }

    fn see_log(&self) -> String {
        self.log.path().map_or(String::new(), |path| {
            format!("; its output is in {}", path.display())
        })
    }
}

impl<G: Game> BotMaker<G> for ContestMaker<G> {
    fn make(&self, game: &G, seat: Seat, mut rng: Rng, game_index: u64) -> MadeBot<G> {
        let host = tournament::current()
            .ok_or("a contest program plays only in a run that serves the contest protocol")?;
        // 53 bits, as the JSON-lines protocol's seed: the same number in any language.
        let seed = rng.next_u64() >> 11;
        let context = format!("game {game_index} seat {seat}");
        let name = (0..)
            .map(|attempt| instance_name(&self.label, token(seed, attempt)))
            .find(|name| host.expect_launched(name, Arc::clone(&self.log), context.clone()))
            .expect("one of 2^40 names is free");
        let args: Vec<String> = self
            .manifest
            .args
            .iter()
            .map(|arg| {
                arg.replace("{host}", &host.address.ip().to_string())
                    .replace("{port}", &host.address.port().to_string())
                    .replace("{name}", &name)
                    .replace("{seed}", &seed.to_string())
            })
            .collect();
        let mut instance = Instance {
            host: Arc::clone(&host),
            name,
            process: None,
            exits: self.exits.clone(),
            over: false,
        };
        let process = Launched::spawn(
            &self.manifest.command,
            &args,
            &self.manifest.dir,
            &self
                .manifest
                .sandbox(Network::Loopback(host.address.port())),
            &self.log,
            context,
        )
        .map_err(|e| format!("cannot start {}: {e}", self.manifest.command.display()))?;
        host.launched_as(&instance.name, process.id(), process.group());
        instance.process = Some(process);
        let millis = |d: Duration| d.as_millis().max(1).to_string();
        let params = Params(
            [
                ("client", instance.name.clone()),
                ("move_ms", millis(self.manifest.move_limit)),
                ("wait_ms", millis(self.manifest.startup_limit)),
            ]
            .map(|(k, v)| (k.to_string(), v))
            .into(),
        );
        let client = self.client.make(game, seat, rng, &params)?;
        Ok(Box::new(ContestBot {
            client,
            instance,
            started: false,
            startup: self.manifest.startup_limit,
            command: self.manifest.command.display().to_string(),
            see_log: self.see_log(),
            clock: self.manifest.game_clock(),
            last: None,
        }))
    }
}

/// The number a launched program's name is made of: its seed (from the seat's seeded stream,
/// so the same at any thread count, and a program seeding its choices from its name plays the
/// same way every time) mixed (SplitMix64's finaliser), `attempt` for a name already taken.
/// It tells nothing of the game's index, from which deals follow, and no program can work out
/// another's from its own.
fn token(seed: u64, attempt: u64) -> u64 {
    let mut z = seed.wrapping_add(attempt.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The name of a launched program: a valid `CLIENT_NAME` (1-20 of `[A-Za-z0-9_]`, §3), as
/// much of the bot's label as fits, then ten hexadecimal digits of `token`. Nothing in it
/// tells the game or the seat. (A program may still read another's name in `/proc`: a name
/// alone never takes a seat, [`super::peer`].)
fn instance_name(label: &str, token: u64) -> String {
    let suffix = format!("_{:010x}", token & 0xff_ffff_ffff);
    let prefix: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(MAX_NAME.saturating_sub(suffix.len()))
        .collect();
    let name = format!("{prefix}{suffix}");
    debug_assert!(valid_name(&name), "{name}");
    name
}

/// A launched program and its name: when it goes, the program is ended first, then the name is
/// forgotten (so a program that asks for another game meanwhile is told its game is played).
struct Instance {
    host: Arc<Tournament>,
    name: String,
    process: Option<Launched>,
    /// Where to note how the program took the end of its game, when watched.
    exits: Option<(Duration, Exits)>,
    /// Whether its game reached its end by the rules with the program in it (its final code
    /// was sent).
    over: bool,
}

impl Instance {
    /// Gives the program the CPU weight of one that thinks or waits ([`Weight`]).
    fn weigh(&mut self, weight: Weight) {
        if let Some(process) = &mut self.process {
            process.weigh(weight);
        }
    }

    /// `failure` with the limit the program hit, if it hit one, named first.
    fn name_limit(&self, mut failure: BotFailure) -> BotFailure {
        if let Some(limit) = self.process.as_ref().and_then(Launched::limit_hit) {
            failure.message = format!("{limit}: {}", failure.message);
        }
        failure
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if let (Some((grace, exits)), Some(process), true) = (&self.exits, &self.process, self.over)
        {
            let exit = process.wait_exit(*grace);
            exits.lock().unwrap_or_else(|e| e.into_inner()).push(exit);
        }
        drop(self.process.take());
        self.host.forget_launched(&self.name);
    }
}

/// The seat: the `cgs` client playing the program's connection, and the program.
struct ContestBot<G: Game> {
    /// Declared first, so the connection is done with before the program is ended.
    client: Box<dyn Bot<G>>,
    instance: Instance,
    /// Whether the game reached the program (it connected and its seat began).
    started: bool,
    startup: Duration,
    command: String,
    see_log: String,
    /// Its time left in this game, under a clock: charged after each move, as the contest
    /// protocol has no way to tell the program (`move_ms` still bounds the wait).
    clock: Option<GameClock>,
    /// The measurement of its last move.
    last: Option<Think>,
}

impl<G: Game> ContestBot<G> {
    /// The fault of a program that connected under a name not its own (the server refused
    /// that connection) or opened a crowd of connections, if it did.
    fn intruded(&self) -> Result<(), BotFailure> {
        let instance = &self.instance;
        match instance.host.intrusion(&instance.name) {
            None => Ok(()),
            Some(reason) => Err(BotFailure::new(
                Termination::Illegal,
                format!("{} {reason}{}", self.command, self.see_log),
            )),
        }
    }
}

impl<G: Game> Bot<G> for ContestBot<G> {
    /// The contest protocol cannot say that another move was played for the program, nor
    /// let it rejoin a game: its faults always lose the game.
    fn resumable(&self) -> bool {
        false
    }

    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        self.client.act(game, view)
    }

    fn try_act(&mut self, game: &G, view: &G::View) -> Result<G::Action, BotFailure> {
        self.intruded()?;
        // Its turn: it weighs as a thinking program until the turn passes (`Bot::turn_over`).
        self.instance.weigh(Weight::Thinking);
        let asked = Instant::now();
        let answer = self.client.try_act(game, view);
        let took = asked.elapsed();
        let answer = answer.map_err(|failure| self.instance.name_limit(failure))?;
        self.last = Some(match &mut self.clock {
            None => Think { took, left: None },
            Some(clock) => clock
                .charge(took)
                .map_err(|why| BotFailure::new(Termination::Timeout, why))?,
        });
        Ok(answer)
    }

    fn think(&self) -> Option<Think> {
        self.last
    }

    /// Waits until the program has connected and asked for a game, within the manifest's
    /// `startup_ms`; a program that ends first, or never asks, loses the game (`crash`) at
    /// once rather than after the whole wait, and so does one that connected under another
    /// name (`illegal`).
    fn begin(&mut self, game: &G, seat: Seat, start: &G::State) -> Result<(), BotFailure> {
        let deadline = Instant::now() + self.startup;
        let instance = &self.instance;
        while !instance.host.is_waiting(&instance.name, ALIVE_CHECK) {
            // Read before the intrusion: a program refused for its name exits after the
            // refusal was noted, so an exit seen here never hides the reason.
            let ended = instance.process.as_ref().and_then(Launched::exited);
            self.intruded()?;
            if let Some(how) = ended {
                return Err(instance.name_limit(BotFailure::new(
                    Termination::Crash,
                    format!(
                        "{} ended ({how}) before it asked for its game{}",
                        self.command, self.see_log
                    ),
                )));
            }
            if Instant::now() >= deadline {
                return Err(BotFailure::new(
                    Termination::Crash,
                    format!(
                        "{} did not connect as '{}' and ask for its game within {} ms{}",
                        self.command,
                        instance.name,
                        self.startup.as_millis(),
                        self.see_log
                    ),
                ));
            }
        }
        self.intruded()?;
        self.started = true;
        let begun = self.client.begin(game, seat, start);
        begun.map_err(|failure| self.instance.name_limit(failure))
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        self.client.observe(game, actor, action);
    }

    /// Another seat decides next: the program weighs as a waiting one until its next turn.
    fn turn_over(&mut self, _game: &G) {
        self.instance.weigh(Weight::Waiting);
    }

    /// The program weighs as a thinking one again: it reads the result and ends.
    fn finish(&mut self, game: &G, outcome: &Outcome) {
        self.instance.weigh(Weight::Thinking);
        self.client.finish(game, outcome);
        // A game lost by a fault leaves a program that may still be waiting to play.
        self.instance.over = self.started && !outcome.termination.is_forfeit();
        if !self.started
            && let Some(process) = self.instance.process.as_mut()
        {
            // The game ended before it reached this program (another seat failed first): it
            // still waits for its game and will not exit by itself.
            process.end_at_once();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_names_are_valid_keep_the_label_when_they_can_and_tell_nothing_else() {
        assert_eq!(instance_name("my-bot", 0x12ab), "my_bot_00000012ab");
        assert_eq!(
            instance_name("a-very-long-label-indeed", u64::MAX),
            "a_very_lo_ffffffffff"
        );
        let huge = instance_name("x", u64::MAX);
        assert!(valid_name(&huge), "{huge}");
        assert_ne!(token(7, 0), token(7, 1), "another attempt, another name");
        assert_ne!(token(7, 0), token(8, 0));
        assert_eq!(token(7, 0), token(7, 0));
    }
}
