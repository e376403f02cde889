//! A ladder's games read a page at a time: an entry's games (or its faults) newest first, and
//! one game by its number. The entry pages and the served pages of any stored game read
//! these instead of a run's whole list of games, so what a refresh or a request holds in
//! memory is one page, whatever the number of games stored. A ladder's game numbers are
//! unique across its runs (deal × seats + rotation), so a number names one game.

use super::Store;
use super::backend::Value;
use anyhow::Result;

/// A stored game of a ladder, seat by seat.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderGame {
    pub game: u64,
    pub termination: String,
    pub fault: Option<String>,
    pub seats: Vec<LadderSeat>,
}

/// One seat of a stored ladder game.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderSeat {
    pub entry: String,
    /// The version's digest.
    pub digest: String,
    pub score: i64,
    pub rank: i64,
    /// Whether this seat lost the game by its fault.
    pub fault: bool,
}

/// The seats of the games the subquery `games` picks (its parameters from `$2`), newest first.
const SEATS: &str = "SELECT s.game, b.label, b.version, s.seat, s.score, s.rank, s.fault, \
     g.termination, g.fault_message FROM seat_rows s \
     JOIN runs r ON r.number = s.run \
     JOIN run_bots b ON b.run_id = r.id AND b.position = s.bot \
     JOIN game_rows g ON g.run = s.run AND g.game = s.game \
     WHERE r.tag = $1 AND s.game IN (GAMES) ORDER BY s.game DESC, s.seat";

/// The games of the runs tagged `$1` where entry `$2` sits (and lost by its fault, `FAULT`).
const OF_ENTRY: &str = "SELECT s.game FROM seat_rows s \
     JOIN runs r ON r.number = s.run \
     JOIN run_bots b ON b.run_id = r.id AND b.position = s.bot \
     WHERE r.tag = $1 AND b.label = $2 FAULT";

impl Store {
    /// Entry `entry`'s games in the runs tagged `tag`, newest first, `skip` left out and at
    /// most `take` given; only those it lost by its fault when `faults`.
    pub fn ladder_games_of(
        &mut self,
        tag: &str,
        entry: &str,
        faults: bool,
        skip: u64,
        take: u64,
    ) -> Result<Vec<LadderGame>> {
        let games = OF_ENTRY.replace("FAULT", if faults { "AND s.fault = 1" } else { "" })
            + " ORDER BY s.game DESC LIMIT $3 OFFSET $4";
        let sql = SEATS.replace("GAMES", &games);
        let rows = self
            .db
            .query(&sql, &[tag.into(), entry.into(), take.into(), skip.into()])?;
        games_of(rows)
    }

    /// How many games entry `entry` played in the runs tagged `tag`.
    pub fn ladder_game_count_of(&mut self, tag: &str, entry: &str) -> Result<u64> {
        let sql = format!(
            "SELECT COUNT(*) FROM ({}) counted",
            OF_ENTRY.replace("FAULT", "")
        );
        let rows = self.db.query(&sql, &[tag.into(), entry.into()])?;
        Ok(rows[0][0].int("count")? as u64)
    }

    /// Game `game` of the runs tagged `tag`, if it is stored.
    pub fn ladder_game(&mut self, tag: &str, game: u64) -> Result<Option<LadderGame>> {
        let sql = SEATS.replace("GAMES", "$2");
        let rows = self.db.query(&sql, &[tag.into(), game.into()])?;
        Ok(games_of(rows)?.into_iter().next())
    }
}

/// Seat rows (as [`SEATS`] selects them) gathered by game, in their order.
fn games_of(rows: Vec<Vec<Value>>) -> Result<Vec<LadderGame>> {
    let mut games: Vec<LadderGame> = Vec::new();
    for row in rows {
        let number = row[0].int("game")? as u64;
        let seat = LadderSeat {
            entry: row[1].text("label")?,
            digest: row[2].optional_text("version")?.unwrap_or_default(),
            score: row[4].int("score")?,
            rank: row[5].int("rank")?,
            fault: row[6].int("fault")? == 1,
        };
        match games.last_mut() {
            Some(last) if last.game == number => last.seats.push(seat),
            _ => games.push(LadderGame {
                game: number,
                termination: row[7].text("termination")?,
                fault: row[8].optional_text("fault_message")?,
                seats: vec![seat],
            }),
        }
    }
    Ok(games)
}
