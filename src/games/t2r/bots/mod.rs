//! Ticket to Ride bots (placeholder).
