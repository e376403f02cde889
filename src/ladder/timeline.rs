//! Ratings over time: each version's rating as the joint fit stood at a standings refresh,
//! kept in `ratings.jsonl` in the output folder (one line a point, appended) and drawn on the
//! entry pages. The cost stays bounded: a version gets a point only once its games have grown
//! by a quarter since its last one, so a version with `n` games has about `log(n)/log(1.25)`
//! points (about 50 at 100,000 games), however often the standings are refreshed. Each point
//! is the fit of its moment with its interval, as the standings showed it then; an old point
//! is never fitted again (a later fit has more games, and would say something else).
//!
//! The points are a file of the worker's output folder, not rows of the store: each is a
//! fit of the whole store as it stood, so any worker's points are true of the ladder, and the
//! pages that draw them are that worker's too. A worker started later has points from its
//! start on.

use super::standings::Standing;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

/// The file in the output folder.
const FILE: &str = "ratings.jsonl";

/// A version's games must grow by this share since its last point for a new one.
const GROWTH: f64 = 0.25;

/// A version's rating at one refresh.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub entry: String,
    pub digest: String,
    /// The version as the standings named it.
    pub version: String,
    pub at: String,
    pub games: u64,
    /// The Elo and its 95% interval; a version that never won or never lost has its
    /// one-sided bound as `elo` and no value at the open end.
    pub elo: f64,
    pub lower: Option<f64>,
    pub upper: Option<f64>,
    /// The rating and its interval as the standings showed them.
    pub rating: String,
    pub interval: String,
}

/// Appends a point to `out`'s file for each rated row whose version has grown enough since
/// its last point, and hands back every point kept so far, in the order they were kept. A
/// line cut short by a crash is skipped.
pub fn update(out: &Path, rows: &[Standing], at: &str) -> std::io::Result<Vec<Point>> {
    let path = out.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let mut kept: Vec<Point> = (text.lines())
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let new = due(&kept, rows, at);
    if !new.is_empty() {
        let mut lines = String::new();
        for point in &new {
            lines.push_str(&serde_json::to_string(point).map_err(std::io::Error::other)?);
            lines.push('\n');
        }
        let mut file = (std::fs::OpenOptions::new())
            .create(true)
            .append(true)
            .open(&path)?;
        // A line cut short by a crash before this one must not swallow it.
        if !text.is_empty() && !text.ends_with('\n') {
            file.write_all(b"\n")?;
        }
        file.write_all(lines.as_bytes())?;
        kept.extend(new);
    }
    Ok(kept)
}

/// The points `rows` add to `kept`: one for each rated version that has none yet, or whose
/// games grew by [`GROWTH`] since its last.
fn due(kept: &[Point], rows: &[Standing], at: &str) -> Vec<Point> {
    let last: HashMap<(&str, &str), u64> = (kept.iter())
        .map(|p| ((p.entry.as_str(), p.digest.as_str()), p.games))
        .collect();
    (rows.iter())
        .filter(|row| {
            let before = last.get(&(row.entry.as_str(), row.digest.as_str()));
            grown(before.copied(), row.games)
        })
        .filter_map(|row| {
            let (rating, interval) = row.shown.clone()?;
            Some(Point {
                entry: row.entry.clone(),
                digest: row.digest.clone(),
                version: row.version.clone(),
                at: at.to_string(),
                games: row.games,
                elo: row.elo?,
                lower: row.lower,
                upper: row.upper,
                rating,
                interval,
            })
        })
        .collect()
}

/// Whether a version with `games` now gets a point, its last one at `before` games.
fn grown(before: Option<u64>, games: u64) -> bool {
    match before {
        None => games > 0,
        Some(before) => games > before && games as f64 >= before as f64 * (1.0 + GROWTH),
    }
}

/// An entry's points drawn as a small chart: one column per point in the order they were
/// kept, the Elo a dot and its interval a bar; an open end (a version that never lost or
/// never won) runs to the chart's edge, dashed; a light line where a new version starts.
/// Coordinates for the entry page's inline SVG (no script: each mark's title is its point in
/// words, and the table beside it lists them).
pub struct Chart {
    pub width: u32,
    pub height: u32,
    pub marks: Vec<Mark>,
    /// Horizontal lines with their Elo, at round values.
    pub ticks: Vec<Tick>,
    /// Where each version after the first starts.
    pub versions: Vec<f64>,
    /// Where the ticks' lines start and end.
    pub left: f64,
    pub right: f64,
}

pub struct Mark {
    pub x: f64,
    pub y: f64,
    pub top: f64,
    pub bottom: f64,
    /// Whether the bar runs to an edge because that end of the interval is open.
    pub open: bool,
    /// Whether there is a bar: an interval narrower than a pixel is the dot alone.
    pub bar: bool,
    /// Which of two tones: versions alternate.
    pub odd: bool,
    /// The point in words, the mark's tooltip.
    pub title: String,
}

pub struct Tick {
    pub y: f64,
    pub label: String,
}

const WIDTH: u32 = 640;
const HEIGHT: u32 = 200;
/// Room on the left for the ticks' labels, and above and below the marks.
const LEFT: f64 = 48.0;
const MARGIN: f64 = 14.0;

/// The chart of `points` (one entry's, in the order kept); none without a point.
pub fn chart(points: &[&Point]) -> Option<Chart> {
    let first = points.first()?;
    let ends = |p: &Point| [Some(p.elo), p.lower, p.upper];
    let values = points.iter().flat_map(|p| ends(p)).flatten();
    let (mut low, mut high) =
        values.fold((first.elo, first.elo), |(lo, hi), v| (lo.min(v), hi.max(v)));
    // At least 100 Elo tall, with room for the open ends to show as running on.
    let pad = ((100.0 - (high - low)) / 2.0).max(0.0) + 10.0;
    (low, high) = (low - pad, high + pad);
    let (top, bottom) = (MARGIN, HEIGHT as f64 - MARGIN);
    let y = |elo: f64| bottom - (elo - low) / (high - low) * (bottom - top);
    let step = (WIDTH as f64 - LEFT - MARGIN) / points.len() as f64;
    let mut odd = false;
    let mut versions = Vec::new();
    let marks = (points.iter().enumerate())
        .map(|(i, p)| {
            if i > 0 && points[i - 1].digest != p.digest {
                odd = !odd;
                versions.push(LEFT + step * i as f64);
            }
            let (high, low) = (p.upper.map_or(top, y), p.lower.map_or(bottom, y));
            Mark {
                x: LEFT + step * (i as f64 + 0.5),
                y: y(p.elo),
                top: high,
                bottom: low,
                open: p.upper.is_none() || p.lower.is_none(),
                bar: low - high >= 1.0,
                odd,
                title: format!(
                    "{} at {} games ({}): Elo {} {}",
                    p.version, p.games, p.at, p.rating, p.interval
                ),
            }
        })
        .collect();
    let spacing = tick_spacing(high - low);
    let ticks = (((low / spacing).ceil() as i64)..=((high / spacing).floor() as i64))
        .map(|n| {
            let elo = n as f64 * spacing;
            Tick {
                y: y(elo),
                label: format!("{elo:+.0}").replace("+0", "0"),
            }
        })
        .collect();
    Some(Chart {
        width: WIDTH,
        height: HEIGHT,
        marks,
        ticks,
        versions,
        left: LEFT,
        right: WIDTH as f64 - MARGIN,
    })
}

/// A round spacing that puts three to eight ticks on a span of `span` Elo.
fn tick_spacing(span: f64) -> f64 {
    [25.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
        .into_iter()
        .find(|s| span / s <= 8.0)
        .unwrap_or(2000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(entry: &str, digest: &str, games: u64, elo: Option<f64>) -> Standing {
        Standing {
            rank: elo.map(|_| 1),
            entry: entry.into(),
            version: digest.into(),
            digest: digest.into(),
            elo,
            lower: elo.map(|e| e - 40.0),
            upper: None,
            games,
            faults: 0,
            fault_rate: 0.0,
            last_change: None,
            shown: elo.map(|e| (format!("> {e:+.0}"), String::new())),
        }
    }

    /// Points are kept at the first games and then each time the games grew by a quarter:
    /// 100,000 games make about 50 points, not one per refresh.
    #[test]
    fn a_version_keeps_a_point_per_quarter_of_growth() {
        let mut last = None;
        let mut kept = Vec::new();
        for games in [0, 2, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13] {
            if grown(last, games) {
                kept.push(games);
                last = Some(games);
            }
        }
        assert_eq!(kept, [2, 3, 4, 5, 7, 10, 13]);
        let (mut last, mut points) = (None, 0);
        for games in 1..=100_000 {
            if grown(last, games) {
                points += 1;
                last = Some(games);
            }
        }
        assert!((45..=60).contains(&points), "{points}");
    }

    /// Each version counts from its own last point; an unrated row gets none; the file
    /// keeps the points across updates (a restart) and skips a line cut short by a crash.
    #[test]
    fn points_are_kept_per_version_in_the_file() {
        let out = tempfile::tempdir().unwrap();
        let first = [row("a", "a1", 4, Some(10.0)), row("b", "b1", 4, None)];
        let kept = update(out.path(), &first, "t1").unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(
            (kept[0].games, kept[0].lower, kept[0].upper),
            (4, Some(-30.0), None)
        );
        let second = [row("a", "a1", 5, Some(12.0)), row("b", "b1", 6, Some(-5.0))];
        let kept = update(out.path(), &second, "t2").unwrap();
        let seen: Vec<(&str, u64, &str)> = (kept.iter())
            .map(|p| (p.entry.as_str(), p.games, p.at.as_str()))
            .collect();
        assert_eq!(seen, [("a", 4, "t1"), ("a", 5, "t2"), ("b", 6, "t2")]);
        // A new version of a starts again; a crash cut the last line short.
        let path = out.path().join(FILE);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("{\"entry\":\"a\",\"dig");
        std::fs::write(&path, text).unwrap();
        let third = [row("a", "a2", 2, Some(0.0)), row("b", "b1", 7, Some(-5.0))];
        let kept = update(out.path(), &third, "t3").unwrap();
        assert_eq!(kept.len(), 4);
        assert_eq!((kept[3].digest.as_str(), kept[3].games), ("a2", 2));
        assert_eq!(update(out.path(), &[], "t4").unwrap(), kept);
    }

    /// A dot sits at its Elo between its bounds; an open upper end runs to the chart's top.
    #[test]
    fn the_chart_draws_each_interval_and_runs_an_open_end_to_the_edge() {
        let point = |version: &str, elo: f64, lower: Option<f64>, upper: Option<f64>| Point {
            entry: "a".into(),
            digest: version.into(),
            version: version.into(),
            at: "t".into(),
            games: 10,
            elo,
            lower,
            upper,
            rating: String::new(),
            interval: String::new(),
        };
        let points = [
            point("v1", 0.0, Some(-50.0), Some(50.0)),
            point("v1", 100.0, Some(60.0), None),
            point("v2", 20.0, Some(0.0), Some(40.0)),
            point("v2", 20.0, Some(20.0), Some(20.0)),
        ];
        let chart = chart(&points.iter().collect::<Vec<_>>()).unwrap();
        let [a, b, c, d] = &chart.marks[..] else {
            panic!("four marks")
        };
        assert!(a.bar && b.bar && c.bar && !d.bar, "no interval, no bar");
        assert!(a.top < a.y && a.y < a.bottom && !a.open);
        assert_eq!((b.top, b.open), (MARGIN, true));
        assert!(b.y < a.y, "a higher Elo is drawn higher");
        assert!(a.x < b.x && b.x < c.x);
        let tones: Vec<bool> = chart.marks.iter().map(|m| m.odd).collect();
        assert_eq!(tones, [false, false, true, true]);
        assert_eq!(chart.versions.len(), 1);
        assert!((chart.versions[0] - (b.x + c.x) / 2.0).abs() < 1e-9);
        assert!(chart.ticks.iter().any(|t| t.label == "0"));
        assert!(chart.ticks.iter().all(|t| t.y >= MARGIN && t.y <= 186.0));
        assert!(super::chart(&[]).is_none());
    }
}
