//! The report's tables as plain rows of text, shared by the Markdown and HTML exporters so both
//! show the same numbers.

use super::terminal::verdict_text;
use crate::stats::bounds::Identification;
use crate::summary::{Analysis, HeadToHeadRow, RatingRow, ScoreRow};

/// One titled table with a note under it.
pub struct Section {
    pub title: &'static str,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub note: String,
}

fn strings(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
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
    match r.identification {
        Identification::Identified => format!("{:+.1}", r.elo),
        Identification::NeverScored => format!("< {:+.1}", r.elo),
        Identification::NeverLost => format!("> {:+.1}", r.elo),
    }
}

/// A head-to-head row as the terminal and the pages both show it; `plus_minus` and
/// `pentanomial` are how the medium writes "±" and the five pair counts.
pub fn head_to_head_cells(r: &HeadToHeadRow, plus_minus: &str, pentanomial: String) -> Vec<String> {
    vec![
        r.bot.clone(),
        r.opponent.clone(),
        r.games.to_string(),
        format!("{:+.1} {plus_minus} {:.1}", r.elo, r.elo_error95),
        if r.nelo.is_finite() {
            format!("{:+.1} {plus_minus} {:.1}", r.nelo, r.nelo_error95)
        } else {
            "n/a (sweep)".to_string()
        },
        format!("{:.3}", r.los),
        pentanomial,
        format!("{:.2} [{:.2}, {:.2}]", r.llr, r.llr_lower, r.llr_upper),
        verdict_text(r.verdict).to_string(),
    ]
}

/// A rating's interval as shown: `[lo, hi]`, or which side is open and why.
pub fn interval_text(r: &RatingRow) -> String {
    match r.identification {
        Identification::Identified => interval(r.lower, r.upper, 1),
        Identification::NeverScored => "one-sided: never scored".to_string(),
        Identification::NeverLost => "one-sided: never lost".to_string(),
    }
}

/// A share with three decimals, `n/a` when undefined.
fn share(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.3}")
    } else {
        "n/a".to_string()
    }
}

fn n(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

fn spread(s: &ScoreRow) -> [String; 7] {
    [
        format!("{:.2}", s.mean),
        format!("{:.2}", s.sd),
        n(s.min),
        n(s.q25),
        n(s.median),
        n(s.q75),
        n(s.max),
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
    let mut header = strings(lead);
    header.extend(SPREAD.iter().map(|s| s.to_string()));
    Section {
        title,
        header,
        rows: rows
            .map(|(mut row, score)| {
                row.extend(spread(score));
                row
            })
            .collect(),
        note: note.to_string(),
    }
}

pub fn sections(a: &Analysis) -> Vec<Section> {
    let mut out = Vec::new();
    let mut ratings: Vec<_> = a.ratings.rows.iter().collect();
    ratings.sort_by(|x, y| y.elo.total_cmp(&x.elo));
    out.push(Section {
        title: "Ratings",
        header: strings(&["bot", "Elo", "95% interval", "games"]),
        rows: ratings
            .iter()
            .map(|r| {
                vec![
                    r.bot.clone(),
                    rating_text(r),
                    interval_text(r),
                    r.games.to_string(),
                ]
            })
            .collect(),
        note: format!(
            "{}; {}. Prior: {}. Interval: {}. `< x`: never scored against anyone it met, so only \
             an upper bound is known (`> x`: never dropped a point, a lower bound).",
            a.ratings.method, a.ratings.scale, a.ratings.prior, a.ratings.interval
        ),
    });
    let order: Vec<usize> = ratings
        .iter()
        .filter_map(|r| a.bots.iter().position(|b| *b == r.bot))
        .collect();
    let mut header = vec!["bot".to_string()];
    header.extend(order.iter().map(|&j| a.bots[j].clone()));
    out.push(Section {
        title: "Likelihood of superiority",
        header,
        rows: order
            .iter()
            .map(|&i| {
                let mut row = vec![a.bots[i].clone()];
                row.extend(order.iter().map(|&j| {
                    if i == j {
                        "-".to_string()
                    } else {
                        share(a.ratings.superiority[i][j])
                    }
                }));
                row
            })
            .collect(),
        note: "Share of bootstrap resamples in which the row bot rated above the column bot; n/a \
               for a bot with a one-sided bound."
            .to_string(),
    });
    out.push(Section {
        title: "Head to head",
        header: strings(&[
            "bot",
            "vs",
            "games",
            "Elo ± 95%",
            "nElo ± 95%",
            "LOS",
            "pentanomial 0-½-1-1½-2",
            "LLR [lower, upper]",
            "GSPRT",
        ]),
        rows: a
            .head_to_head
            .iter()
            .map(|r| {
                let counts: Vec<String> = r.pentanomial.iter().map(u64::to_string).collect();
                head_to_head_cells(r, "±", counts.join(" "))
            })
            .collect(),
        note: format!(
            "From seat-swapped seed pairs, first bot's view (pentanomial: pairs scoring 0, ½, 1, \
             1½, 2 points). GSPRT on normalized Elo, H0: nElo = {}, H1: nElo = {}, alpha = {}, \
             beta = {}. Two-seat pairings only.",
            a.sprt.nelo0, a.sprt.nelo1, a.sprt.alpha, a.sprt.beta
        ),
    });
    out.push(Section {
        title: "Win rates",
        header: strings(&[
            "bot",
            "vs",
            "games",
            "seeds",
            "points",
            "win rate",
            "95% interval",
        ]),
        rows: a
            .pairwise
            .iter()
            .map(|r| {
                vec![
                    r.bot.clone(),
                    r.opponent.clone(),
                    r.games.to_string(),
                    r.seeds.to_string(),
                    n(r.points),
                    format!("{:.3}", r.win_rate),
                    format!("[{:.3}, {:.3}]", r.lower, r.upper),
                ]
            })
            .collect(),
        note: "Points over every pair of seats the two bots shared: 1 for the better rank, ½ for \
               a tie. The interval counts seeds as the independent units (every game dealt from \
               one seed shares its luck): Wilson's at the effective number of games, from the \
               cluster-robust variance over seeds, between the seeds and the games."
            .to_string(),
    });
    out.push(spread_section(
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
    ));
    out.push(spread_section(
        "Scores per bot and seat",
        &["bot", "seat", "games"],
        a.per_seat.iter().map(|r| {
            let lead = vec![r.bot.clone(), r.seat.to_string(), r.games.to_string()];
            (lead, &r.score)
        }),
        "Seat 0 acts first.",
    ));
    out.push(spread_section(
        "Score margins",
        &["bot", "minus", "games"],
        a.margins.iter().map(|r| {
            let lead = vec![r.bot.clone(), r.opponent.clone(), r.games.to_string()];
            (lead, &r.margin)
        }),
        "Score of the first bot minus the second's, over the games they shared.",
    ));
    out.push(Section {
        title: "Game length",
        header: strings(&[
            "pairing",
            "games",
            "mean turns",
            "sd",
            "min",
            "median",
            "max",
            "terminations",
        ]),
        rows: a
            .lengths
            .iter()
            .map(|r| {
                vec![
                    r.pairing.clone(),
                    r.games.to_string(),
                    format!("{:.1}", r.turns.mean),
                    format!("{:.1}", r.turns.sd),
                    n(r.turns.min),
                    n(r.turns.median),
                    n(r.turns.max),
                    r.terminations
                        .iter()
                        .map(|(t, c)| format!("{t} {c}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                ]
            })
            .collect(),
        note: String::new(),
    });
    out.push(Section {
        title: "Faults per bot",
        header: strings(&["bot", "games", "crash", "illegal", "timeout"]),
        rows: a
            .per_bot
            .iter()
            .map(|r| {
                vec![
                    r.bot.clone(),
                    r.games.to_string(),
                    r.crashes.to_string(),
                    r.illegal.to_string(),
                    r.timeouts.to_string(),
                ]
            })
            .collect(),
        note: format!(
            "Games lost by the bot's own fault. All terminations: {}.",
            a.terminations
                .iter()
                .map(|(t, c)| format!("{t} {c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    });
    out
}
