//! The full Ticket to Ride position (placeholder, to be written).
#[derive(Clone, Debug)]
pub struct State;
