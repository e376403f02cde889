//! The games `tourney` knows. This is the only module that names all of them.

pub mod t2r;
