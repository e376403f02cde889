//! Ticket to Ride decisions: colours, the steps of a turn, and the actions a bot may return.

/// Card and track colours, by the codes of the rules file (§2.1). On a track, `Locomotive`
/// (code 9, `Multicolor` in the data files) means gray.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[repr(u8)]
pub enum Colour {
    Purple = 1,
    White = 2,
    Blue = 3,
    Yellow = 4,
    Orange = 5,
    Black = 6,
    Red = 7,
    Green = 8,
    Locomotive = 9,
}

impl Colour {
    /// The eight card colours (codes 1-8), in code order.
    pub const CARD_COLOURS: [Colour; 8] = [
        Colour::Purple,
        Colour::White,
        Colour::Blue,
        Colour::Yellow,
        Colour::Orange,
        Colour::Black,
        Colour::Red,
        Colour::Green,
    ];
    /// All nine kinds in code order: the card colours, then the locomotive (code 9), listed
    /// once so that the two lists cannot disagree.
    pub const ALL: [Colour; 9] = {
        let mut all = [Colour::Locomotive; 9];
        let mut i = 0;
        while i < Colour::CARD_COLOURS.len() {
            all[i] = Colour::CARD_COLOURS[i];
            i += 1;
        }
        all
    };

    /// Position in a 9-slot count array (`hand[colour.index()]`): code − 1.
    pub fn index(self) -> usize {
        self as usize - 1
    }

    pub fn from_index(index: usize) -> Colour {
        Colour::ALL[index]
    }

    pub fn code(self) -> u8 {
        self as u8
    }

    /// Parses the colour names of the data files; `Multicolor` is gray (code 9).
    pub fn parse(name: &str) -> Option<Colour> {
        Some(match name {
            "Purple" => Colour::Purple,
            "White" => Colour::White,
            "Blue" => Colour::Blue,
            "Yellow" => Colour::Yellow,
            "Orange" => Colour::Orange,
            "Black" => Colour::Black,
            "Red" => Colour::Red,
            "Green" => Colour::Green,
            "Multicolor" => Colour::Locomotive,
            _ => return None,
        })
    }
}

/// Which decision the seat to act is asked for (§5.0 "decision points").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `official` setup: keep at least 2 of the 3 dealt tickets.
    SetupTickets,
    /// Start of a turn: action A (first card), B, C or D.
    TurnStart,
    /// Second card of action A.
    SecondCard,
    /// Choosing which offered tickets to keep after action C.
    ChooseTickets,
}

/// One decision of a Ticket to Ride player.
///
/// Aligned to eight bytes so that it is written and read as one machine word: the runner moves
/// each decision through several results, and four byte-sized fields written one by one then
/// read back as a word stalled the processor at every step (it cannot forward the small writes
/// to the wide read). The fields and their order are unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[repr(align(8))]
pub enum Action {
    /// Take the top card of the deck (first or second card).
    DrawBlind,
    /// `official`: take the face-up card in this slot (0-4).
    DrawSlot(u8),
    /// `cgs`: take the face-up card of this colour (the engine takes the lowest slot showing it).
    DrawColour(Colour),
    /// Claim a route paying `locomotives` locomotives and `length − locomotives` cards of `colour`
    /// (§3.5; `colour = Locomotive` means a payment made only of locomotives).
    Claim {
        route: u8,
        colour: Colour,
        locomotives: u8,
    },
    /// Action C: take an offer of up to 3 destination tickets.
    DrawTickets,
    /// Keep the offered tickets whose offer positions are set in this bit mask (bit 0 = the first
    /// offered). Used at setup and after `DrawTickets`.
    KeepTickets(u8),
    /// Only legal when nothing else is.
    Pass,
}
