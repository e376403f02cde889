//! `tourney replay --html`: one self-contained page (inline CSS, JS and SVG, no network) that
//! steps through a replayed game with buttons, a slider and a clickable list of steps. The page
//! is generic; the board comes from the game's [`Picture`].

use super::check::Replayed;
use super::picture::Picture;
use super::words::events;
use askama::Template;
use serde::Serialize;

#[derive(Template)]
#[template(path = "replay.html")]
struct Page<'a> {
    title: &'a str,
    /// The game's drawing script.
    script: &'a str,
    /// [`PageData`] as JSON, safe inside a script element.
    data: String,
    /// The standings' address, for a page that is one of many (a ladder's).
    home: Option<&'a str>,
}

/// What the page's script reads.
#[derive(Serialize)]
struct PageData {
    seats: Vec<String>,
    scene: serde_json::Value,
    /// After setup, then after every step.
    frames: Vec<serde_json::Value>,
    /// One line per step.
    steps: Vec<String>,
    result: String,
}

/// The page for `replayed`; `title` heads it, `seats` are the bot labels by seat and `home`,
/// if any, the standings it links back to. A
/// `?step=N` or `#step=N` in the address opens it at step N. An error says why the template
/// could not lay it out.
pub fn write_page<G: Picture>(
    game: &G,
    replayed: &Replayed<G>,
    title: &str,
    seats: &[String],
    home: Option<&str>,
) -> Result<String, String> {
    let line = &replayed.line;
    let steps = line
        .steps
        .iter()
        .zip(&replayed.states)
        .map(|(step, before)| {
            let action = game.describe(before, step.seat, &step.action);
            let mut text = format!("seat {} {}: {action}", step.seat, seats[step.seat]);
            if !step.chance.is_empty() {
                text += &format!("; chance: {}", events(game, &step.chance));
            }
            text
        })
        .collect();
    let outcome = &replayed.outcome;
    let mut result = format!("end: {}", outcome.termination.as_str());
    if let (Some(culprit), Some(fault)) = (outcome.culprit, &line.fault) {
        result += &format!(" by seat {culprit} ({fault})");
    }
    for (seat, label) in seats.iter().enumerate() {
        result += &format!(
            "; seat {seat} {label}: score {}, rank {}",
            outcome.scores[seat], outcome.ranks[seat]
        );
    }
    let data = PageData {
        seats: seats.to_vec(),
        scene: game.scene(&replayed.states[0]),
        frames: replayed.states.iter().map(|s| game.frame(s)).collect(),
        steps,
        result,
    };
    // `</` inside a script element would end it early.
    let json = serde_json::to_string(&data)
        .expect("page data serialises")
        .replace("</", "<\\/");
    crate::page::render(&Page {
        title,
        script: game.script(),
        data: json,
        home,
    })
}
