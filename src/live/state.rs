//! What the live page shows, kept up to date by the run (or a folder being read) one finished
//! game at a time, and turned into `state.json` only when the page asks. The game loop pays for
//! a lock and a [`Tally::add`] per game; the analysis (ratings, intervals, tests) is computed
//! on the server's thread from a copy of the tally, at most once per [`REFRESH`].

use crate::report::markup::elo_difference_text;
use crate::report::terminal::verdict_text;
use crate::runner::GameRecord;
use crate::stats::sprt::Verdict;
use crate::summary::{Analysis, AnalysisOptions, SweepBound, Tally};
use serde_json::{Value, json};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The page polls about this often; a request sooner gets the last answer again, so a client
/// polling in a loop costs the run nothing more.
pub const REFRESH: Duration = Duration::from_millis(900);

/// Faulted games the page lists: the latest ones.
const RECENT_FAULTS: usize = 50;

/// Points of each LLR curve; past this, every other point is dropped.
const MAX_CURVE_POINTS: usize = 400;

/// The replay page of a game of a recorded run (`--record`): from the game's record line when
/// the page kept it (`Some`), else from the records in the run's folder as far as written.
pub type Replayer = Box<dyn Fn(u64, Option<&str>) -> Result<Vec<u8>, String> + Send + Sync>;

/// Links to this many of the last games finished.
const RECENT_GAMES: usize = 20;

/// What is known before the first game.
pub struct Setup {
    /// What the page's title says: the game and the bots.
    pub title: String,
    pub bots: Vec<String>,
    /// The run's analysis options, so the live numbers are the report's.
    pub options: AnalysisOptions,
    /// Games of the whole run (0 when unknown: a folder another process writes).
    pub total: u64,
    /// Games counted before the page started.
    pub tally: Tally,
    /// How each game is replayed, when the run records them.
    pub replays: Option<Replayer>,
}

/// The state the run feeds and the server reads.
pub struct Shared {
    feed: Mutex<Feed>,
    answer: Mutex<Answer>,
    title: String,
    options: AnalysisOptions,
    replays: Option<Replayer>,
}

/// Fed per game, under a lock held briefly.
struct Feed {
    bots: Vec<String>,
    tally: Tally,
    total: u64,
    /// Games counted when the page started, and when it last counted one.
    first: u64,
    started: Instant,
    /// Seconds the run took, once it finished.
    seconds: Option<f64>,
    faults: VecDeque<Value>,
    fault_count: u64,
    /// The indices of the last games finished.
    recent: VecDeque<u64>,
    /// `recent` when games.csv was last flushed: the games the page links, whose rows are on
    /// disk (a run hands a block of games over, then flushes).
    shown: VecDeque<u64>,
    /// The record lines of the games in `recent`, `shown` and `faults`, when the run records
    /// them: their replays while the records file still holds them in its writer's buffer.
    lines: BTreeMap<u64, String>,
    /// Games before this are in games.csv on disk (`None`: a folder being read, all of them).
    flushed: Option<u64>,
    /// A staged format's picture so far, as the run last told it.
    staged: Option<Value>,
    /// The run's summary (summary.json's content), once it finished with one.
    summary: Option<Value>,
    /// The final report's link, once written.
    report: Option<String>,
}

/// The last `state.json`, and what it keeps between answers.
#[derive(Default)]
struct Answer {
    json: Option<(Instant, std::sync::Arc<Vec<u8>>)>,
    /// The last analysis of the tally.
    analysis: Option<Analysed>,
    /// LLR over games, per head-to-head.
    curves: BTreeMap<String, Vec<(u64, f64)>>,
    final_done: bool,
}

/// An analysis of the tally: of how many games, when, and how long it took.
struct Analysed {
    games: u64,
    value: Value,
    at: Instant,
    cost: Duration,
}

impl Analysed {
    /// Whether a new analysis is due: after [`REFRESH`], and after [`ANALYSIS_SHARE`] times
    /// what the last one took, so that analysing a large run (a tenth of a second per 100,000
    /// games, bootstrap included) keeps within a twentieth of one core.
    fn due(&self) -> bool {
        self.at.elapsed() >= REFRESH.max(self.cost * ANALYSIS_SHARE)
    }
}

/// The analysis runs at most one part in this many of the time (see [`Analysed::due`]).
const ANALYSIS_SHARE: u32 = 20;

impl Shared {
    pub fn new(setup: Setup) -> Shared {
        let first = setup.tally.games;
        Shared {
            feed: Mutex::new(Feed {
                bots: setup.bots,
                tally: setup.tally,
                total: setup.total,
                first,
                started: Instant::now(),
                seconds: None,
                faults: VecDeque::new(),
                fault_count: 0,
                recent: VecDeque::new(),
                shown: VecDeque::new(),
                lines: BTreeMap::new(),
                flushed: None,
                staged: None,
                summary: None,
                report: None,
            }),
            answer: Mutex::new(Answer::default()),
            title: setup.title,
            options: setup.options,
            replays: setup.replays,
        }
    }

    /// `total` games in all, starting from `tally` (a resumed run's kept games, not counted in
    /// its games/s).
    pub fn opened(&self, tally: &Tally, total: u64) {
        let mut feed = lock(&self.feed);
        feed.tally = tally.clone();
        feed.first = tally.games;
        feed.total = total;
        // The run writes games.csv: no game is on disk before its first block is flushed.
        feed.flushed = Some(0);
    }

    /// Counts one finished game.
    pub fn add(&self, record: &GameRecord) {
        let mut feed = lock(&self.feed);
        feed.tally.add(record);
        if feed.recent.len() == RECENT_GAMES
            && let Some(gone) = feed.recent.pop_front()
        {
            feed.forget_line(gone);
        }
        feed.recent.push_back(record.index);
        if self.replays.is_some()
            && let Some(line) = &record.log
        {
            feed.lines.insert(record.index, line.clone());
        }
        if let Some(seat) = record.culprit {
            let bot = record.lineup[seat];
            let fault = json!({
                "game": record.index,
                "bot": feed.bots.get(bot).map_or("?", String::as_str),
                "termination": record.termination.as_str(),
                "message": record.fault,
            });
            feed.fault_count += 1;
            if feed.faults.len() == RECENT_FAULTS
                && let Some(gone) = feed.faults.pop_front()
            {
                feed.forget_line(gone["game"].as_u64().unwrap_or(u64::MAX));
            }
            feed.faults.push_back(fault);
        }
    }

    /// Games before `games_done` are in games.csv on disk.
    pub fn flushed(&self, games_done: u64) {
        let mut feed = lock(&self.feed);
        feed.flushed = Some(games_done);
        let recent = feed.recent.clone();
        let before = std::mem::replace(&mut feed.shown, recent);
        for game in before {
            feed.forget_line(game);
        }
    }

    /// Replaces the staged format's picture.
    pub fn set_staged(&self, picture: Value) {
        lock(&self.feed).staged = Some(picture);
    }

    /// Names bots first seen in a folder being read (appended, so indices stay).
    pub fn set_bots(&self, bots: &[String]) {
        lock(&self.feed).bots = bots.to_vec();
    }

    /// The run is over: `summary` is summary.json's content (`None`: a shard, which has none;
    /// the page keeps its own analysis), `report` the final report's link.
    pub fn finish(&self, summary: Option<Value>, report: Option<String>) {
        let mut feed = lock(&self.feed);
        feed.seconds = Some(feed.started.elapsed().as_secs_f64());
        feed.summary = summary;
        feed.report = report;
    }

    /// The replay page of `game`, from its line when kept; `None` without records. A game
    /// whose games.csv rows are not on disk yet (its replay checks them) is not served.
    pub fn replay(&self, game: u64) -> Option<Result<Vec<u8>, String>> {
        let replays = self.replays.as_ref()?;
        let line = {
            let feed = lock(&self.feed);
            if !feed.written(game) {
                return Some(Err(format!(
                    "game {game} is not written yet: try again in a moment"
                )));
            }
            feed.lines.get(&game).cloned()
        };
        Some(replays(game, line.as_deref()))
    }

    /// `state.json`: the last answer when it is recent, else a new one.
    pub fn json(&self) -> std::sync::Arc<Vec<u8>> {
        let mut answer = lock(&self.answer);
        if let Some((at, json)) = &answer.json
            && (answer.final_done || at.elapsed() < REFRESH)
        {
            return json.clone();
        }
        let view = self.view(&mut answer);
        let bytes = std::sync::Arc::new(serde_json::to_vec(&view).unwrap_or_default());
        answer.json = Some((Instant::now(), bytes.clone()));
        bytes
    }

    /// The page's data: the feed copied under its lock, analysed outside it.
    fn view(&self, answer: &mut Answer) -> Value {
        let feed = lock(&self.feed);
        let games = feed.tally.games;
        let finished = feed.seconds.is_some();
        let seconds = feed
            .seconds
            .unwrap_or_else(|| feed.started.elapsed().as_secs_f64());
        let rate = (games - feed.first) as f64 / seconds.max(1e-9);
        let progress = json!({
            "done": games,
            "total": feed.total.max(games),
            "seconds": seconds,
            "rate": rate,
            "eta_seconds": (!finished && rate > 0.0 && feed.total > games)
                .then(|| (feed.total - games) as f64 / rate),
        });
        let faults = json!({ "count": feed.fault_count, "recent": feed.faults });
        let report = feed.report.clone();
        let staged = feed.staged.clone();
        let replays = self.replays.as_ref().map(|_| {
            let listed = match feed.flushed {
                Some(_) => &feed.shown,
                None => &feed.recent,
            };
            listed.iter().copied().collect::<Vec<u64>>()
        });
        let scores = distributions(&feed.bots, &feed.tally);
        let cached = answer
            .analysis
            .as_ref()
            .filter(|analysed| analysed.games == games || !analysed.due())
            .map(|analysed| analysed.value.clone());
        let analysis = match (feed.summary.clone(), cached) {
            (Some(summary), _) => summary,
            (None, Some(mut value)) => {
                // The head-to-heads are cheap: fresh at every refresh, so each LLR curve gains
                // a point per refresh while the ratings wait for their next analysis.
                if value["games_played"].as_u64() != Some(games) {
                    let rows = Analysis::head_to_heads(&feed.bots, &feed.tally, &self.options);
                    value["head_to_head"] = serde_json::to_value(rows).unwrap_or(Value::Null);
                }
                value
            }
            (None, None) => {
                let (bots, tally) = (feed.bots.clone(), feed.tally.clone());
                drop(feed);
                let at = Instant::now();
                let built = Analysis::build(&bots, &tally, &self.options);
                let value = serde_json::to_value(&built).unwrap_or(Value::Null);
                answer.analysis = Some(Analysed {
                    games,
                    value: value.clone(),
                    at,
                    cost: at.elapsed(),
                });
                value
            }
        };
        extend_curves(&mut answer.curves, &analysis);
        answer.final_done = finished;
        json!({
            "title": self.title,
            "finished": finished,
            "progress": progress,
            "head_to_head_words": head_to_head_words(&analysis),
            "analysis": analysis,
            "llr": curves_json(&answer.curves, &analysis),
            "scores": scores,
            "faults": faults,
            "report": report,
            "replays": replays,
            "staged": staged,
        })
    }
}

impl Feed {
    /// Whether `game`'s rows are in games.csv on disk (as far as the page knows: a game not
    /// finished yet is not).
    fn written(&self, game: u64) -> bool {
        self.flushed.is_none_or(|flushed| game < flushed)
    }

    /// Drops the kept line of a game no longer listed as recent, shown or faulted.
    fn forget_line(&mut self, game: u64) {
        if !self.lines.contains_key(&game) {
            return;
        }
        let listed = self.recent.contains(&game)
            || self.shown.contains(&game)
            || self.faults.iter().any(|f| f["game"].as_u64() == Some(game));
        if !listed {
            self.lines.remove(&game);
        }
    }
}

/// A poisoned lock still holds the last state: a page is better than a panic.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Each bot's scores as counts per value, for the histograms.
fn distributions(bots: &[String], tally: &Tally) -> Value {
    let rows: Vec<Value> = tally
        .bots
        .iter()
        .enumerate()
        .filter(|(_, b)| b.games > 0)
        .map(|(i, b)| {
            let counts: Vec<[i64; 2]> = b
                .scores
                .counts()
                .map(|(v, n)| [v, i64::try_from(n).unwrap_or(i64::MAX)])
                .collect();
            json!({ "bot": bots.get(i).map_or("?", String::as_str), "counts": counts })
        })
        .collect();
    Value::Array(rows)
}

/// Each head-to-head row of `analysis`, in the same order, with its Elo difference and verdict
/// in the words of the report's table (`elo`, `verdict`), so the page never words them its own
/// way; the rows themselves stay summary.json's.
fn head_to_head_words(analysis: &Value) -> Value {
    let rows = analysis["head_to_head"].as_array().into_iter().flatten();
    Value::Array(
        rows.map(|row| {
            let number = |key: &str| row[key].as_f64().unwrap_or(f64::NAN);
            let (elo, error) = (number("elo"), number("elo_error95"));
            let bound = serde_json::from_value::<Option<SweepBound>>(row["elo_bound"].clone())
                .ok()
                .flatten();
            let verdict = serde_json::from_value::<Option<Verdict>>(row["verdict"].clone())
                .ok()
                .flatten();
            json!({
                "elo": elo_difference_text(elo, elo - error, elo + error, bound, "±"),
                "verdict": verdict_text(verdict),
            })
        })
        .collect(),
    )
}

/// Adds the LLR of each head-to-head row of `analysis` to its curve, when it has more games
/// than the curve's last point.
fn extend_curves(curves: &mut BTreeMap<String, Vec<(u64, f64)>>, analysis: &Value) {
    for row in analysis["head_to_head"].as_array().into_iter().flatten() {
        let (Some(games), Some(llr)) = (row["games"].as_u64(), row["llr"].as_f64()) else {
            continue;
        };
        let curve = curves.entry(pairing_key(row)).or_default();
        if curve.last().is_none_or(|&(last, _)| games > last) {
            curve.push((games, llr));
        }
        if curve.len() > MAX_CURVE_POINTS {
            let last = curve.pop();
            let mut index = 0;
            curve.retain(|_| {
                index += 1;
                index % 2 == 1
            });
            curve.extend(last);
        }
    }
}

fn pairing_key(row: &Value) -> String {
    format!(
        "{} vs {}",
        row["bot"].as_str().unwrap_or("?"),
        row["opponent"].as_str().unwrap_or("?")
    )
}

/// The curves with their bounds, for the pairings the analysis still lists.
fn curves_json(curves: &BTreeMap<String, Vec<(u64, f64)>>, analysis: &Value) -> Value {
    let rows: Vec<Value> = analysis["head_to_head"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|row| {
            let key = pairing_key(row);
            Some(json!({
                "pairing": key,
                "lower": row["llr_lower"],
                "upper": row["llr_upper"],
                "points": curves.get(&key)?,
            }))
        })
        .collect();
    Value::Array(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> Setup {
        Setup {
            title: "test".into(),
            bots: vec!["a".into(), "b".into()],
            options: AnalysisOptions::default(),
            total: 4,
            tally: Tally::new(2),
            replays: None,
        }
    }

    fn game(index: u64, first_wins: bool, fault: bool) -> GameRecord {
        GameRecord {
            scores: vec![3, 1],
            culprit: fault.then_some(1),
            fault: fault.then(|| "illegal move".to_string()),
            ..GameRecord::head_to_head(index, if first_wins { [1, 2] } else { [2, 1] })
        }
    }

    /// As if the last answer and analysis were long ago.
    fn forget(shared: &Shared) {
        let mut answer = lock(&shared.answer);
        answer.json = None;
        answer.analysis = None;
    }

    #[test]
    fn the_answer_follows_the_games_and_ends_on_the_summary() {
        let shared = Shared::new(setup());
        let empty: Value = serde_json::from_slice(&shared.json()).unwrap();
        assert_eq!(empty["progress"]["done"], 0);
        shared.add(&game(0, true, false));
        shared.add(&game(1, true, true));
        forget(&shared);
        let two: Value = serde_json::from_slice(&shared.json()).unwrap();
        assert_eq!(two["progress"]["done"], 2);
        assert_eq!(two["analysis"]["games_played"], 2);
        assert_eq!(two["faults"]["count"], 1);
        assert_eq!(two["faults"]["recent"][0]["message"], "illegal move");
        assert_eq!(two["llr"][0]["points"].as_array().unwrap().len(), 1);
        shared.finish(Some(json!({"games_played": 2, "head_to_head": []})), None);
        forget(&shared);
        let done: Value = serde_json::from_slice(&shared.json()).unwrap();
        assert_eq!(done["finished"], true);
        assert_eq!(done["analysis"]["games_played"], 2);
        assert!(done["progress"]["eta_seconds"].is_null());
    }

    /// While a recorded run plays, the page links the last games whose rows games.csv holds
    /// on disk, replays them from the lines it kept, and older ones from the records file.
    #[test]
    fn replays_follow_the_flushed_games_from_kept_lines_then_the_file() {
        let shared = Shared::new(Setup {
            replays: Some(Box::new(|game, line| {
                Ok(line
                    .map_or(format!("file {game}"), str::to_string)
                    .into_bytes())
            })),
            ..setup()
        });
        shared.opened(&Tally::new(2), 100);
        let add = |games: std::ops::Range<u64>| {
            for index in games {
                let mut record = game(index, true, false);
                record.log = Some(format!("line {index}"));
                shared.add(&record);
            }
        };
        let replay = |game| shared.replay(game).unwrap().map(String::from_utf8);
        let listed = || {
            forget(&shared);
            let state: Value = serde_json::from_slice(&shared.json()).unwrap();
            state["replays"].as_array().unwrap().len()
        };
        add(0..25);
        assert!(replay(24).unwrap_err().contains("not written yet"));
        assert_eq!(listed(), 0, "nothing on disk yet");
        shared.flushed(25);
        assert_eq!(listed(), RECENT_GAMES);
        assert_eq!(replay(24).unwrap().unwrap(), "line 24");
        assert_eq!(replay(2).unwrap().unwrap(), "file 2", "an early game");
        add(25..30);
        assert_eq!(listed(), RECENT_GAMES, "the games on disk stay listed");
        assert_eq!(replay(6).unwrap().unwrap(), "line 6", "still listed: kept");
        assert!(replay(27).unwrap_err().contains("not written yet"));
        shared.flushed(30);
        assert_eq!(replay(27).unwrap().unwrap(), "line 27");
        assert_eq!(replay(6).unwrap().unwrap(), "file 6", "no longer listed");
        assert!(lock(&shared.feed).lines.len() <= RECENT_GAMES + 5);
    }

    #[test]
    fn each_refresh_adds_a_point_to_the_llr_curve_while_the_ratings_wait() {
        let shared = Shared::new(setup());
        shared.add(&game(0, true, false));
        shared.add(&game(1, false, false));
        let first: Value = serde_json::from_slice(&shared.json()).unwrap();
        assert_eq!(first["llr"][0]["points"].as_array().unwrap().len(), 1);
        shared.add(&game(2, true, false));
        shared.add(&game(3, true, false));
        // A refresh whose analysis is not due for hours: the ratings are the last ones.
        let mut answer = lock(&shared.answer);
        answer.json = None;
        answer.analysis.as_mut().unwrap().cost = Duration::from_secs(3600);
        drop(answer);
        let second: Value = serde_json::from_slice(&shared.json()).unwrap();
        assert_eq!(second["analysis"]["games_played"], 2, "the cached analysis");
        assert_eq!(second["analysis"]["head_to_head"][0]["games"], 4);
        let points = second["llr"][0]["points"].as_array().unwrap();
        assert_eq!(points.len(), 2, "{points:?}");
        assert_eq!(points[1][0], 4);
    }

    #[test]
    fn long_curves_are_thinned_keeping_their_ends() {
        let mut curves = BTreeMap::new();
        for games in 1..=(MAX_CURVE_POINTS as u64 + 1) {
            let analysis = json!({"head_to_head": [
                {"bot": "a", "opponent": "b", "games": games, "llr": games as f64}
            ]});
            extend_curves(&mut curves, &analysis);
        }
        let curve = &curves["a vs b"];
        assert!(curve.len() <= MAX_CURVE_POINTS / 2 + 2, "{}", curve.len());
        assert_eq!(curve[0].0, 1);
        assert_eq!(curve.last().unwrap().0, MAX_CURVE_POINTS as u64 + 1);
    }

    /// The page's words for a head-to-head are the report table's: a sweep's bound, a test
    /// that could not be computed.
    #[test]
    fn head_to_head_words_are_the_tables() {
        let analysis = json!({"head_to_head": [
            {"elo": 12.34, "elo_error95": 5.0, "verdict": "accept-h1"},
            {"elo": 1199.8, "elo_error95": 0.0, "verdict": null,
             "elo_bound": {"side": "never-lost", "value": 636.61}},
        ]});
        assert_eq!(
            head_to_head_words(&analysis),
            json!([
                {"elo": "+12.3 ± 5.0", "verdict": "H1 accepted"},
                {"elo": "> +636.6", "verdict": "not computable"},
            ])
        );
    }
}
