//! Fresh Fish, the project variant of `shared/rules/fresh-fish.md`: a 10×10 board, producers
//! A–E, 2 to 5 seats, markers, a tile bag, sealed-bid auctions and roads that appear by
//! themselves.

pub mod board;
pub mod roads;
