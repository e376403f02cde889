//! A knockout's pools and bracket, as text for the terminal and as an HTML section for
//! `report.html` and `standings.html`.

use super::markup::escape;
use super::markup::{number, signed_tenths};
use crate::format::{KnockoutResult, MatchResult, PoolTable};
use std::fmt::Write;

/// How a match is told in one line: `[1] greedy 7 - 3 [4] random -> greedy`.
fn match_line(m: &MatchResult) -> String {
    let high = format!("[{}] {}", m.high.seed, m.high.bot);
    match &m.low {
        None => format!("{high}: bye"),
        Some(low) => {
            let how = match m.decided_by.as_str() {
                "points" => String::new(),
                "score" => format!(" ({})", score_note(m)),
                _ => " (level on points and score; the better seed)".to_string(),
            };
            format!(
                "{high} {} - {} [{}] {} -> {}{how}",
                number(m.points[0]),
                number(m.points[1]),
                low.seed,
                low.bot,
                m.winner
            )
        }
    }
}

/// How a match level on points was decided by the score margin, told from the winner's side
/// (the margin is kept from the better seed's): `level; score margin +8 for frank`.
fn score_note(m: &MatchResult) -> String {
    let margin = if m.winner == m.high.bot {
        m.margin
    } else {
        -m.margin
    };
    format!("level; score margin {margin:+} for {}", m.winner)
}

/// The compact text bracket printed after a run.
pub fn text(k: &KnockoutResult) -> String {
    let mut out = format!("\nKnockout ({})\n", k.format);
    for pool in &k.pools {
        let rows: Vec<String> = pool
            .rows
            .iter()
            .map(|r| {
                format!(
                    "{}. {} {} pts ({:+}){}",
                    r.place,
                    r.bot,
                    r.match_points,
                    r.game_difference,
                    if r.advanced { "*" } else { "" }
                )
            })
            .collect();
        let _ = writeln!(out, "  pool {}: {}", pool.pool, rows.join(", "));
    }
    if !k.pools.is_empty() {
        out.push_str("  (match points, game difference; * entered the bracket)\n");
    }
    for round in &k.rounds {
        let _ = writeln!(out, "  {}:", round.name);
        for m in &round.matches {
            let _ = writeln!(out, "    {}", match_line(m));
        }
    }
    match &k.champion {
        Some(champion) => {
            let _ = writeln!(out, "  winner: {champion}");
        }
        None => out.push_str("  not finished: the run stopped before the final\n"),
    }
    out
}

/// The pools and bracket as an HTML section (a table per pool, a column per round).
pub fn html(k: &KnockoutResult) -> String {
    let mut out = format!(
        "<h2 id=\"bracket\">Knockout</h2>\n<p>{}.{}</p>\n",
        escape(&k.format),
        match &k.champion {
            Some(c) => format!(" Winner: <strong>{}</strong>.", escape(c)),
            None => " Not finished: the run stopped before the final.".to_string(),
        }
    );
    for pool in &k.pools {
        out.push_str(&pool_html(pool));
    }
    out.push_str("<div class=\"bracket\">\n");
    for round in &k.rounds {
        let _ = writeln!(out, "<div class=\"round\"><h3>{}</h3>", escape(&round.name));
        for m in &round.matches {
            let _ = writeln!(out, "{}", match_html(m));
        }
        out.push_str("</div>\n");
    }
    out.push_str(
        "</div>\n<p class=\"note\">Seeds in brackets; points per match (a win 1, a draw ½). \
         A level match goes to the better total score margin, then to the better seed. Pools \
         rank by match points, then games won minus lost, then points against each other.</p>\n",
    );
    out
}

/// A pool's table, best first.
fn pool_html(pool: &PoolTable) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<h3>Pool {}</h3>\n<table><thead><tr><th>place</th><th>bot</th><th>matches W-D-L</th>\
         <th>match points</th><th>game difference</th><th>pool rating</th><th>bracket</th>\
         </tr></thead><tbody>",
        pool.pool
    );
    for r in &pool.rows {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}-{}-{}</td><td>{}</td><td>{:+}</td>\
             <td>{}</td><td>{}</td></tr>",
            r.place,
            escape(&r.bot),
            r.won,
            r.drawn,
            r.lost,
            r.match_points,
            r.game_difference,
            signed_tenths(r.rating),
            if r.advanced { "entered" } else { "" }
        );
    }
    out.push_str("</tbody></table>\n");
    out
}

/// A match's box: the higher seed above the lower (or a bye), the winner in bold, and how a
/// level match was decided.
fn match_html(m: &MatchResult) -> String {
    let side = |seed: usize, bot: &str, score: Option<f64>| {
        let cell = format!(
            "[{seed}] {}{}",
            escape(bot),
            score.map_or(String::new(), |s| format!(" <span>{}</span>", number(s)))
        );
        if bot == m.winner {
            format!("<div class=\"won\">{cell}</div>")
        } else {
            format!("<div>{cell}</div>")
        }
    };
    let low = match &m.low {
        Some(low) => side(low.seed, &low.bot, Some(m.points[1])),
        None => "<div class=\"bye\">bye</div>".to_string(),
    };
    let high = side(
        m.high.seed,
        &m.high.bot,
        m.low.as_ref().map(|_| m.points[0]),
    );
    let note = match m.decided_by.as_str() {
        "score" => format!("<p class=\"note\">{}</p>", escape(&score_note(m))),
        "seed" => "<p class=\"note\">level on points and score: the better seed</p>".to_string(),
        _ => String::new(),
    };
    format!("<div class=\"match\">{high}{low}{note}</div>")
}

/// The bracket's CSS, added to the page style where the section is shown.
pub const STYLE: &str = ".bracket{display:flex;gap:1.5em;align-items:center;overflow-x:auto}\
.round{display:flex;flex-direction:column;gap:.8em}.round h3{margin:.2em 0}\
.match{border:1px solid #ccc;padding:.2em .5em;min-width:11em}.match div{padding:.1em 0}\
.match span{float:right;margin-left:1em}.won{font-weight:bold}.bye{color:#888}";
