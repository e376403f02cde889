//! One thing chance drew in Carcassonne, as records and replays keep it. A file of its own, so
//! the state that logs events and the notation that prints them need not import the
//! [`Chance`](crate::game::Chance) implementation that makes them.

/// One chance outcome, in the order the engine drew it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChanceEvent {
    /// A tile of this type letter (§2.3) came out of the bag.
    Drew(char),
}
