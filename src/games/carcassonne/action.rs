//! One decision: a whole turn (rules §4), the tile placement and the optional follower together.

use std::fmt;

/// Place the drawn tile on (x, y) turned `rot` quarter turns clockwise, and optionally put a
/// follower on segment `follower` of that tile (an index in the tile's table order, §2.2).
///
/// A turn is one action rather than two steps so that a bot's whole choice is checked at once
/// and search trees have one level per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Action {
    pub x: i32,
    pub y: i32,
    pub rot: u8,
    pub follower: Option<u8>,
}

impl Action {
    pub fn new(x: i32, y: i32, rot: u8, follower: Option<u8>) -> Action {
        Action {
            x,
            y,
            rot,
            follower,
        }
    }

    /// Same placement, ignoring the follower.
    pub fn same_placement(&self, other: &Action) -> bool {
        (self.x, self.y, self.rot) == (other.x, other.y, other.rot)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{}) r{}", self.x, self.y, self.rot)?;
        match self.follower {
            Some(s) => write!(f, " +{s}"),
            None => Ok(()),
        }
    }
}
