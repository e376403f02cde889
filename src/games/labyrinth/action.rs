//! A turn (rules §6): one insertion of the extra tile, then one move of the player's own pawn.

/// Where the extra tile goes in. Named from the edge it enters by.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    /// Enters at (0, n); line n moves right.
    LineLeft,
    /// Enters at (L−1, n); line n moves left.
    LineRight,
    /// Enters at (n, 0); column n moves down.
    ColumnTop,
    /// Enters at (n, H−1); column n moves up.
    ColumnBottom,
}

impl Side {
    /// The side whose insertion at the same index would undo this one (§6.2).
    pub fn opposite(self) -> Side {
        match self {
            Side::LineLeft => Side::LineRight,
            Side::LineRight => Side::LineLeft,
            Side::ColumnTop => Side::ColumnBottom,
            Side::ColumnBottom => Side::ColumnTop,
        }
    }

    /// Whether the index counts columns (else lines).
    pub fn is_column(self) -> bool {
        matches!(self, Side::ColumnTop | Side::ColumnBottom)
    }
}

/// Where to insert, without the rotation and the move.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Insertion {
    pub side: Side,
    /// Odd column index for column sides, odd line index for line sides.
    pub index: u8,
}

/// One whole turn. Fields are bytes, not checked types, because a bot may send anything: the
/// engine refuses an even or out-of-range index, a rotation above 3 or a cell off the board.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Action {
    pub side: Side,
    pub index: u8,
    /// Clockwise quarter turns applied to the extra tile before inserting it.
    pub rotation: u8,
    /// Destination of the pawn, after the shift.
    pub x: u8,
    pub y: u8,
}

impl Action {
    /// The turn that inserts at `insertion` with the extra tile turned `rotation` quarter
    /// turns, then walks to `(x, y)`.
    pub fn new(insertion: Insertion, rotation: u8, (x, y): (u8, u8)) -> Action {
        Action {
            side: insertion.side,
            index: insertion.index,
            rotation,
            x,
            y,
        }
    }

    pub fn insertion(&self) -> Insertion {
        Insertion {
            side: self.side,
            index: self.index,
        }
    }
}

/// Every insertion slot of a `width` × `height` board except `forbidden`, in the order of
/// `basic` (§9.3): columns 1, 3, … each with (`ColumnBottom`, `ColumnTop`), then lines 1, 3, …
/// each with (`LineLeft`, `LineRight`). `legal_actions` uses the same order.
pub fn insertions(width: u8, height: u8, forbidden: Option<Insertion>) -> Vec<Insertion> {
    let columns = (1..width - 1).step_by(2).flat_map(|index| {
        [Side::ColumnBottom, Side::ColumnTop].map(|side| Insertion { side, index })
    });
    let lines = (1..height - 1)
        .step_by(2)
        .flat_map(|index| [Side::LineLeft, Side::LineRight].map(|side| Insertion { side, index }));
    columns
        .chain(lines)
        .filter(|i| Some(*i) != forbidden)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seven_by_seven_has_twelve_slots_in_basic_order() {
        let all = insertions(7, 7, None);
        assert_eq!(all.len(), 12);
        assert_eq!(
            all[0],
            Insertion {
                side: Side::ColumnBottom,
                index: 1
            }
        );
        assert_eq!(
            all[1],
            Insertion {
                side: Side::ColumnTop,
                index: 1
            }
        );
        assert_eq!(
            all[6],
            Insertion {
                side: Side::LineLeft,
                index: 1
            }
        );
        let forbidden = Insertion {
            side: Side::LineRight,
            index: 3,
        };
        let fewer = insertions(7, 7, Some(forbidden));
        assert_eq!(fewer.len(), 11);
        assert!(!fewer.contains(&forbidden));
        assert_eq!(insertions(13, 9, None).len(), 12 + 8);
    }
}
