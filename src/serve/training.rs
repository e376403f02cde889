//! `tourney serve --game G --port N`: training games, as the contest server plays them, for
//! every client that asks `WAIT_GAME TRAINING <BOT> [options]` (§4 of `docs/contest-protocol.md`). The
//! client plays `tourney`'s version of the named bot under the contest's rule set, on its
//! connection's own thread, as often as it asks; the server runs until Ctrl-C.

use super::client::CgsClient;
use super::command::{self, OK, Request, TrainingOptions};
use super::connection::Connection;
use super::lobby::{self, Host};
use super::session::After;
use crate::bot::{Bot, Params};
use crate::games::contest::CgsWire;
use crate::outcome::Outcome;
use crate::runner::play_game;
use crate::seed::{self, Rng, Stream};
use anyhow::Context;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

/// The master seed of training games: a `seed=S` option deals the game of seed index S.
const TRAINING_MASTER_SEED: u64 = 0xC65;

/// What `tourney serve` was asked for.
#[derive(Clone, Debug)]
pub struct ServeSettings {
    pub host: String,
    pub port: u16,
    /// Per move, unless the client's `timeout=` option says otherwise.
    pub timeout: Duration,
}

/// A game's `tourney serve`, monomorphised in the game registry.
pub type ServeFn = fn(&ServeSettings) -> anyhow::Result<()>;

/// Serves training games of `G` until the process is stopped.
pub fn serve<G: CgsWire>(settings: &ServeSettings) -> anyhow::Result<()> {
    let listener = super::bind(&settings.host, settings.port)
        .with_context(|| format!("cannot listen on {}:{}", settings.host, settings.port))?;
    let address = listener
        .local_addr()
        .context("cannot read the bound address")?;
    let bots: Vec<&str> = G::TRAINING_BOTS.iter().map(|(name, _)| *name).collect();
    println!(
        "tourney serve: {} training games on {address} (bots: {}); Ctrl-C stops",
        G::NAME,
        bots.join(", ")
    );
    let _ = std::io::stdout().flush();
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let host = Arc::new(Training::<G> {
        timeout: settings.timeout,
        games: AtomicU64::new(0),
        // Only for the seed and seat of requests that leave them to chance; nothing
        // written out depends on it.
        chance: Mutex::new(Rng::seed_from_u64(clock)),
        game: PhantomData,
    });
    lobby::accept(listener, host);
    Ok(())
}

struct Training<G> {
    timeout: Duration,
    games: AtomicU64,
    chance: Mutex<Rng>,
    game: PhantomData<fn() -> G>,
}

impl<G: CgsWire> Training<G> {
    fn random(&self) -> u32 {
        self.chance
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .random()
    }
}

/// Sends one error text; the connection then closes (§4.3).
fn refuse(mut conn: Connection, text: &str) -> Option<(Connection, After)> {
    let _ = conn.send(&[text]);
    None
}

impl<G: CgsWire> Host for Training<G> {
    fn request(self: Arc<Self>, mut conn: Connection, spec: &str) -> Option<(Connection, After)> {
        let asked = match Asked::<G>::read(spec) {
            Ok(asked) => asked,
            Err(text) => return refuse(conn, &text),
        };
        if asked.opts.once && conn.games_played > 0 {
            return refuse(conn, "The player can only play once... STOP");
        }
        let (seed, client_seat) = self.deal(&asked.opts);
        let bot_seat = 1 - client_seat;
        let (builtin, state) = asked.builtin(seed, bot_seat);
        let number = self.games.fetch_add(1, Ordering::Relaxed);
        let game_name = format!("{seed:06x}{:06x}", name_tag(&conn.name, number));
        let client_name = conn.name.clone();
        conn.hold(&[OK]);
        let timeout = asked.opts.timeout.map_or(self.timeout, Duration::from_secs);
        let (home, back) = mpsc::channel();
        let client: Box<dyn Bot<G>> = Box::new(CgsClient::<G>::training(
            conn,
            home,
            game_name.clone(),
            timeout,
        ));
        let bots = if client_seat == 0 {
            vec![client, builtin]
        } else {
            vec![builtin, client]
        };
        let (_, outcome, fault) = play_game(&asked.game, state, bots);
        asked.announce(&game_name, &client_name, client_seat, &outcome, fault);
        let (mut conn, after) = back.recv().ok()?;
        conn.games_played += 1;
        Some((conn, after))
    }
}

impl<G: CgsWire> Training<G> {
    /// The seed and the client's seat the options ask for; each one they leave to chance is
    /// drawn, the seed first.
    fn deal(&self, opts: &TrainingOptions) -> (u32, usize) {
        let seed = opts.seed.unwrap_or_else(|| self.random() & 0xFF_FFFF);
        let client_seat = match opts.client_starts {
            Some(true) => 0,
            Some(false) => 1,
            None => (self.random() & 1) as usize,
        };
        (seed, client_seat)
    }
}

/// A training request that passed every check.
struct Asked<G> {
    /// The bot as the client named it, for the server's line about the game.
    bot: String,
    /// The name of the same bot in the game's bot table.
    ours: &'static str,
    opts: TrainingOptions,
    game: G,
}

impl<G: CgsWire> Asked<G> {
    /// Reads the text after `WAIT_GAME `; `Err` is the text the client is sent before the
    /// connection closes.
    fn read(spec: &str) -> Result<Asked<G>, String> {
        let (bot, options) = match command::parse_request(spec)? {
            Request::Training { bot, options } => (bot, options),
            _ => {
                return Err(
                    "tourney serve plays training games only: ask for 'TRAINING <BOT>' \
                     (tournaments: tourney run --serve)"
                        .to_string(),
                );
            }
        };
        let invalid = |reason: String| {
            format!(
                "The training player sent by 'WAIT_GAME {spec}' command is not valid ({reason})"
            )
        };
        let Some(&(_, ours)) = G::TRAINING_BOTS.iter().find(|(name, _)| *name == bot) else {
            return Err(invalid(format!(
                "The training player name '{bot}' is not valid."
            )));
        };
        let opts = command::training_options(&options).map_err(&invalid)?;
        let config = G::training_config(&options).map_err(&invalid)?;
        let game = crate::games::configure::<G>(&config).map_err(|e| invalid(e.to_string()))?;
        Ok(Asked {
            bot,
            ours,
            opts,
            game,
        })
    }

    /// The built-in bot for `seat` and the starting position of the game of seed index `seed`.
    fn builtin(&self, seed: u32, seat: usize) -> (Box<dyn Bot<G>>, G::State) {
        let entry = G::bots()
            .iter()
            .find(|e| e.name == self.ours)
            .expect("every training bot is in the game's table");
        let rng = seed::rng(
            TRAINING_MASTER_SEED,
            u64::from(seed),
            Stream::Seat(seat as u8),
        );
        let builtin = entry
            .make(&self.game, seat, rng, &Params::default())
            .expect("built-in bots take no parameters here");
        let state = self.game.new_state(seed::rng(
            TRAINING_MASTER_SEED,
            u64::from(seed),
            Stream::Chance,
        ));
        (builtin, state)
    }

    /// Prints the server's line about a finished game: who played, and how it ended.
    fn announce(
        &self,
        game_name: &str,
        client_name: &str,
        client_seat: usize,
        outcome: &Outcome,
        fault: Option<String>,
    ) {
        let verdict = match (outcome.ranks[client_seat], outcome.ranks[1 - client_seat]) {
            (1, 1) => "draws",
            (1, _) => "wins",
            _ => "loses",
        };
        let fault = fault.map(|f| format!(": {f}")).unwrap_or_default();
        println!(
            "game {game_name}: {client_name} (player #{client_seat}) {verdict} against {}, \
             scores {:?}, {}{fault}",
            self.bot, outcome.scores, outcome.termination
        );
        let _ = std::io::stdout().flush();
    }
}

/// The last six hex digits of a game name: a hash of the client name and the game number
/// (CGS hashes the time and the names), so names differ between games of one seed.
fn name_tag(name: &str, number: u64) -> u32 {
    let mut hash: u32 = 0x811C_9DC5;
    for byte in name.bytes().chain(number.to_le_bytes()) {
        hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    hash & 0xFF_FFFF
}
