//! `impl Game for TicketToRide` (placeholder).
