//! What a game gives the replay page: its fixed drawing data, a snapshot of each position, and
//! the script that draws one. The page itself (controls, slider, step list) knows no game.

use crate::game::Chance;

/// Opt-in drawing of a game's positions for `tourney replay --html`.
pub trait Picture: Chance {
    /// What does not change during a game and the drawing needs (a map's cities and routes),
    /// as JSON; `first` is the position after setup.
    fn scene(&self, first: &Self::State) -> serde_json::Value;

    /// The whole position at one moment, as JSON. Hidden parts are included: a replay is read
    /// after the game, by people, so it shows every hand.
    fn frame(&self, state: &Self::State) -> serde_json::Value;

    /// JavaScript defining `function draw(scene, frame, seats)`, returning the board as SVG or
    /// HTML markup. `seats` holds the bot labels by seat; `SEAT_COLOURS[seat]` is a seat's
    /// colour. No network: everything the script needs is in its arguments.
    fn script(&self) -> &'static str;
}
