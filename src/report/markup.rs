//! The report's tables as plain rows of text, shared by the Markdown and HTML exporters so both
//! show the same numbers.

use crate::stats::bounds::Identification;
use crate::stats::sprt::Verdict;
use crate::summary::think::duration_text;
use crate::summary::{Analysis, HeadToHeadRow, RatingRow, Ratings, ScoreRow, SweepBound};
use std::collections::BTreeMap;

/// How the GSPRT stands, in words: the one wording of each verdict, wherever it is printed
/// (tables, running-score lines, `--sprt-stop`, tune's verification, the live page). `None`:
/// the test could not be computed.
pub fn verdict_text(verdict: impl Into<Option<Verdict>>) -> &'static str {
    match verdict.into() {
        Some(Verdict::AcceptH1) => "H1 accepted",
        Some(Verdict::AcceptH0) => "H0 accepted",
        Some(Verdict::Continue) => "no decision",
        None => "not computable",
    }
}

/// One titled table with a note under it.
pub struct Section {
    pub title: &'static str,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub note: String,
}

impl Section {
    /// A table whose header is fixed text.
    fn new(
        title: &'static str,
        header: &[&str],
        rows: impl Iterator<Item = Vec<String>>,
        note: impl Into<String>,
    ) -> Section {
        Section {
            title,
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: rows.collect(),
            note: note.into(),
        }
    }
}

fn interval(lo: f64, hi: f64, digits: usize) -> String {
    if lo.is_finite() && hi.is_finite() {
        format!("[{lo:+.digits$}, {hi:+.digits$}]")
    } else {
        "n/a".to_string()
    }
}

/// A rating as shown: `+12.3`, or `< -1100.3` / `> +900.1` for a one-sided bound, `n/a` when
/// nothing bounds it.
pub fn rating_text(r: &RatingRow) -> String {
    if !r.elo.is_finite() {
        return "n/a".to_string();
    }
    bounded_text(r.identification, r.elo)
}

/// An Elo value as shown, with `<` or `>` when it is a one-sided bound.
fn bounded_text(side: Identification, elo: f64) -> String {
    match side {
        Identification::Identified => signed_tenths(elo),
        Identification::NeverScored => format!("< {}", signed_tenths(elo)),
        Identification::NeverLost => format!("> {}", signed_tenths(elo)),
    }
}

/// `count` and the word for that many: `1 point`, `1.5 points`, `0 points`.
pub fn counted(count: f64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1.0 { one } else { many })
}

/// `x` with its sign and one decimal; a value that rounds to zero is `+0.0`, never `-0.0`
/// (a rating of -2e-15 is a zero).
pub fn signed_tenths(x: f64) -> String {
    let text = format!("{x:+.1}");
    if text == "-0.0" {
        "+0.0".to_string()
    } else {
        text
    }
}

/// The rating rows, best first: the order of the ratings table wherever it is shown.
pub fn by_rating(ratings: &Ratings) -> Vec<&RatingRow> {
    let mut rows: Vec<_> = ratings.rows.iter().collect();
    rows.sort_by(|x, y| better_first(x, y));
    rows
}

/// Best first: a bot that never lost above every other, one that never scored below; the
/// one-sided bots by the round of the peeling that found them (a bot that never lost in the
/// first round beat every bot, one found in the second lost only to the first round's; the
/// other way round for bots that never scored), and then by rating. A one-sided row's `elo`
/// is its bound, not an estimate, so by `elo` alone a 4-0 sweep listed the loser (`< +9.4`)
/// above the winner (`> -9.4`), and bots whose bounds tie were listed in the lineup's order.
pub fn better_first(x: &RatingRow, y: &RatingRow) -> std::cmp::Ordering {
    // Higher first.
    let rank = |r: &RatingRow| match r.identification {
        Identification::NeverLost => (2, -i64::from(r.peeled)),
        Identification::Identified => (1, 0),
        Identification::NeverScored => (0, i64::from(r.peeled)),
    };
    rank(y).cmp(&rank(x)).then(y.elo.total_cmp(&x.elo))
}

/// A ratings table row as the terminal and the pages both show it: bot, rating, interval, games.
pub fn rating_cells(r: &RatingRow) -> Vec<String> {
    vec![
        r.bot.clone(),
        rating_text(r),
        interval_text(r),
        r.games.to_string(),
    ]
}

/// A head-to-head row as the terminal and the pages both show it; `plus_minus` and
/// `pentanomial` are how the medium writes "±" and the five pair counts.
pub fn head_to_head_cells(r: &HeadToHeadRow, plus_minus: &str, pentanomial: String) -> Vec<String> {
    vec![
        r.bot.clone(),
        r.opponent.clone(),
        r.games.to_string(),
        elo_difference_text(r.elo, r.elo_lower95, r.elo_upper95, r.elo_bound, plus_minus),
        if r.nelo.is_finite() {
            format!("{:+.1} {plus_minus} {:.1}", r.nelo, r.nelo_error95)
        } else {
            "n/a (sweep)".to_string()
        },
        format!("{:.3}", r.los),
        pentanomial,
        match r.verdict {
            Some(_) => format!("{:.2} [{:.2}, {:.2}]", r.llr, r.llr_lower, r.llr_upper),
            None => format!("n/a [{:.2}, {:.2}]", r.llr_lower, r.llr_upper),
        },
        verdict_text(r.verdict).to_string(),
    ]
}

/// An Elo difference and its 95% interval as every medium prints it (tables, running-score
/// lines): `+12.3 ± 4.5`; for a sweep its one-sided `bound`, and for an interval that reaches a
/// sure result (`lower` or `upper` infinite) its finite end as a bound, `> +1286.2`: the
/// symmetric half-width would be infinite, and the point alone would overclaim.
pub fn elo_difference_text(
    elo: f64,
    lower: f64,
    upper: f64,
    bound: Option<SweepBound>,
    plus_minus: &str,
) -> String {
    match bound {
        Some(bound) => bounded_text(bound.side, bound.value),
        None if upper == f64::INFINITY && lower.is_finite() => {
            bounded_text(Identification::NeverLost, lower)
        }
        None if lower == f64::NEG_INFINITY && upper.is_finite() => {
            bounded_text(Identification::NeverScored, upper)
        }
        None if lower.is_finite() && upper.is_finite() => format!(
            "{} {plus_minus} {:.1}",
            signed_tenths(elo),
            (upper - lower) / 2.0
        ),
        None => "n/a".to_string(),
    }
}

/// Why each head-to-head's GSPRT could not be computed, one sentence a pairing, for the note
/// under the table; empty when every test was.
pub fn sprt_errors_text(a: &Analysis) -> String {
    a.head_to_head
        .iter()
        .filter_map(|r| {
            let why = r.sprt_error.as_ref()?;
            Some(format!(
                " The GSPRT of {} vs {} is not computable: {why}.",
                r.bot, r.opponent
            ))
        })
        .collect()
}

/// What a head-to-head Elo is, said where it stands beside the ratings: the difference
/// between two bots from their own games, which the ratings show as the gap between two rows
/// (with the first pairing's gap worked out, when both are rated).
pub fn difference_note(a: &Analysis) -> String {
    let mut note = "the first bot minus the second, from their games".to_string();
    let rated = |bot: &str| {
        a.ratings.rows.iter().find(|r| {
            r.bot == bot && r.elo.is_finite() && r.identification == Identification::Identified
        })
    };
    if let Some((x, y)) = a
        .head_to_head
        .first()
        .and_then(|h| Some((rated(&h.bot)?, rated(&h.opponent)?)))
    {
        note += &format!(
            " (ratings: {} {:+.1} - {} {:+.1} = {:+.1})",
            x.bot,
            x.elo,
            y.bot,
            y.elo,
            x.elo - y.elo
        );
    }
    note
}

/// A rating's interval as shown: `[lo, hi]`, or which side is open and why.
pub fn interval_text(r: &RatingRow) -> String {
    match r.identification {
        Identification::Identified => interval(r.lower, r.upper, 1),
        Identification::NeverScored => "one-sided: never scored vs rated".to_string(),
        Identification::NeverLost => "one-sided: never lost vs rated".to_string(),
    }
}

/// How many games ended each way, as shown: `crash 3, normal 97`.
pub fn terminations_text(counts: &BTreeMap<&'static str, u64>) -> String {
    counts
        .iter()
        .map(|(t, c)| format!("{t} {c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A share with three decimals, `n/a` when undefined.
fn share(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.3}")
    } else {
        "n/a".to_string()
    }
}

/// Whole numbers as integers, others with one decimal: `6` or `5.5`.
pub fn number(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

fn spread(s: &ScoreRow) -> [String; 7] {
    [
        format!("{:.2}", s.mean),
        format!("{:.2}", s.sd),
        number(s.min),
        number(s.q25),
        number(s.median),
        number(s.q75),
        number(s.max),
    ]
}

const SPREAD: [&str; 7] = ["mean", "sd", "min", "q25", "median", "q75", "max"];

/// A table of leading columns followed by the [`SPREAD`] of a score distribution.
fn spread_section<'a>(
    title: &'static str,
    lead: &[&str],
    rows: impl Iterator<Item = (Vec<String>, &'a ScoreRow)>,
    note: &str,
) -> Section {
    let header: Vec<&str> = lead.iter().chain(&SPREAD).copied().collect();
    let rows = rows.map(|(mut row, score)| {
        row.extend(spread(score));
        row
    });
    Section::new(title, &header, rows, note)
}

/// Every table of the report, in the order the pages show them.
pub fn sections(a: &Analysis) -> Vec<Section> {
    let ratings = by_rating(&a.ratings);
    vec![
        ratings_section(a, &ratings),
        superiority(a, &ratings),
        head_to_head(a),
        win_rates(a),
        scores_per_bot(a),
        scores_per_seat(a),
        score_margins(a),
        game_length(a),
        faults_per_bot(a),
        think_times(a),
    ]
}

fn ratings_section(a: &Analysis, ratings: &[&RatingRow]) -> Section {
    Section::new(
        "Ratings",
        &["bot", "Elo", "95% interval", "games"],
        ratings.iter().map(|r| rating_cells(r)),
        format!(
            "{}; {}. Prior: {}. Interval: {}. `< x`: never scored against a bot with a two-sided \
             interval (it may have scored against another one-sided bot), so only an upper bound \
             is known (`> x`: never dropped a point against them, a lower bound).",
            a.ratings.method, a.ratings.scale, a.ratings.prior, a.ratings.interval
        ),
    )
}

/// Rows and columns both in the order of the ratings table.
fn superiority(a: &Analysis, ratings: &[&RatingRow]) -> Section {
    let order: Vec<usize> = ratings
        .iter()
        .filter_map(|r| a.bots.iter().position(|b| *b == r.bot))
        .collect();
    let mut header = vec!["bot".to_string()];
    header.extend(order.iter().map(|&j| a.bots[j].clone()));
    let cell = |i: usize, j: usize| {
        if i == j {
            "-".to_string()
        } else {
            share(a.ratings.superiority[i][j])
        }
    };
    Section {
        title: "Likelihood of superiority",
        header,
        rows: order
            .iter()
            .map(|&i| {
                let mut row = vec![a.bots[i].clone()];
                row.extend(order.iter().map(|&j| cell(i, j)));
                row
            })
            .collect(),
        note: "Share of bootstrap resamples in which the row bot rated above the column bot; n/a \
               for a bot with a one-sided bound."
            .to_string(),
    }
}

fn head_to_head(a: &Analysis) -> Section {
    Section::new(
        "Head to head",
        &[
            "bot",
            "vs",
            "games",
            "Elo ± 95%",
            "nElo ± 95%",
            "LOS",
            "pentanomial 0-½-1-1½-2",
            "LLR [lower, upper]",
            "GSPRT",
        ],
        a.head_to_head.iter().map(|r| {
            let counts: Vec<String> = r.pentanomial.iter().map(u64::to_string).collect();
            head_to_head_cells(r, "±", counts.join(" "))
        }),
        format!(
            "Elo and nElo are differences, not ratings: {}. From seat-swapped seed pairs (pentanomial: pairs \
             scoring 0, ½, 1, 1½, 2 points); a sweep gives a one-sided 95% bound, as the ratings \
             do. GSPRT on normalized Elo, H0: nElo = {}, H1: nElo = {}, alpha = {}, beta = {}. \
             Two-seat pairings only.{}",
            difference_note(a),
            a.sprt.nelo0,
            a.sprt.nelo1,
            a.sprt.alpha,
            a.sprt.beta,
            sprt_errors_text(a)
        ),
    )
}

fn win_rates(a: &Analysis) -> Section {
    Section::new(
        "Win rates",
        &[
            "bot",
            "vs",
            "games",
            "seeds",
            "points",
            "win rate",
            "95% interval",
        ],
        a.pairwise.iter().map(|r| {
            vec![
                r.bot.clone(),
                r.opponent.clone(),
                r.games.to_string(),
                r.seeds.to_string(),
                number(r.points),
                format!("{:.3}", r.win_rate),
                format!("[{:.3}, {:.3}]", r.lower, r.upper),
            ]
        }),
        "Points over every pair of seats the two bots shared: 1 for the better rank, ½ for \
         a tie. The interval counts seeds as the independent units (every game dealt from \
         one seed shares its luck): Wilson's at the effective number of games, from the \
         cluster-robust variance over seeds, between the seeds and the games.",
    )
}

fn scores_per_bot(a: &Analysis) -> Section {
    spread_section(
        "Scores per bot",
        &["bot", "games", "wins", "draws", "losses"],
        a.per_bot.iter().map(|r| {
            let lead = vec![
                r.bot.clone(),
                r.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
            ];
            (lead, &r.score)
        }),
        "Wins: rank 1 alone; draws: rank 1 shared.",
    )
}

fn scores_per_seat(a: &Analysis) -> Section {
    spread_section(
        "Scores per bot and seat",
        &["bot", "seat", "games"],
        a.per_seat.iter().map(|r| {
            let lead = vec![r.bot.clone(), r.seat.to_string(), r.games.to_string()];
            (lead, &r.score)
        }),
        "Seat 0 acts first.",
    )
}

fn score_margins(a: &Analysis) -> Section {
    spread_section(
        "Score margins",
        &["bot", "minus", "games"],
        a.margins.iter().map(|r| {
            let lead = vec![r.bot.clone(), r.opponent.clone(), r.games.to_string()];
            (lead, &r.margin)
        }),
        "Score of the first bot minus the second's, over the games they shared.",
    )
}

fn game_length(a: &Analysis) -> Section {
    Section::new(
        "Game length",
        &[
            "pairing",
            "games",
            "mean turns",
            "sd",
            "min",
            "median",
            "max",
            "terminations",
        ],
        a.lengths.iter().map(|r| {
            vec![
                r.pairing.clone(),
                r.games.to_string(),
                format!("{:.1}", r.turns.mean),
                format!("{:.1}", r.turns.sd),
                number(r.turns.min),
                number(r.turns.median),
                number(r.turns.max),
                terminations_text(&r.terminations),
            ]
        }),
        "",
    )
}

/// Only the bots whose decisions were timed: empty (and not shown) when none was.
fn think_times(a: &Analysis) -> Section {
    let timed = || a.per_bot.iter().filter_map(|r| Some((r, r.think?)));
    let clocked = timed().any(|(_, t)| t.least_left.is_some());
    let mut header = vec!["bot", "decisions", "median", "p95", "max"];
    if clocked {
        header.push("least left");
    }
    Section::new(
        "Think time per bot",
        &header,
        timed().map(|(r, t)| {
            let mut row = vec![
                r.bot.clone(),
                t.decisions.to_string(),
                duration_text(t.median),
                duration_text(t.p95),
                duration_text(t.max),
            ];
            if clocked {
                row.push(t.least_left.map_or("-".to_string(), duration_text));
            }
            row
        }),
        "Measured by the harness around each exchange: for a program, from writing its request \
         to reading its answer; for a built-in bot (--think-times), its decision. Median and \
         p95 within 2.2%. Least left: the least time on its clock after a move. Measurements \
         of this run on this machine, kept out of games.csv and summary.json.",
    )
}

fn faults_per_bot(a: &Analysis) -> Section {
    Section::new(
        "Faults per bot",
        &["bot", "games", "crash", "illegal", "timeout"],
        a.per_bot.iter().map(|r| {
            vec![
                r.bot.clone(),
                r.games.to_string(),
                r.crashes.to_string(),
                r.illegal.to_string(),
                r.timeouts.to_string(),
            ]
        }),
        format!(
            "Games lost by the bot's own fault. All terminations: {}.",
            terminations_text(&a.terminations)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(bot: &str, identification: Identification, peeled: u32, elo: f64) -> RatingRow {
        RatingRow {
            bot: bot.into(),
            elo,
            lower: f64::NAN,
            upper: f64::NAN,
            games: 30,
            identification,
            peeled,
        }
    }

    /// Bounds that tie (no bot identified, the same games each) no longer leave the lineup's
    /// order: the peeling's rounds order the one-sided rows, the rating the rest.
    #[test]
    fn one_sided_rows_are_listed_by_the_round_that_found_them() {
        use Identification::*;
        let rows = [
            row("worst", NeverScored, 1, -50.0),
            row("third", NeverScored, 2, -50.0),
            row("middle", Identified, 0, 3.0),
            row("second", NeverLost, 2, 50.0),
            row("best", NeverLost, 1, 50.0),
            row("middle+", Identified, 0, 4.0),
        ];
        let mut sorted: Vec<&RatingRow> = rows.iter().collect();
        sorted.sort_by(|x, y| better_first(x, y));
        let names: Vec<&str> = sorted.iter().map(|r| r.bot.as_str()).collect();
        assert_eq!(
            names,
            ["best", "second", "middle+", "middle", "third", "worst"]
        );
    }
}
