//! A run's pairings dropped before all their games are played, decided record by record in
//! game-index order, so the same seed drops the same games at any thread count: a pairing its
//! SPRT decided (`run --sprt-stop`, [`EarlyStop`]) and the pairings of a program that faulted
//! too often (`run --disqualify`, [`Withdrawals`]).

mod sprt;
mod withdrawal;

pub use sprt::EarlyStop;
pub use withdrawal::Withdrawals;
