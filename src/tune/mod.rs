//! Tuning bot parameters by SPSA (`tourney tune`): the arithmetic ([`spsa`]) and the test
//! double with a known optimum ([`double`]). The command itself, which plays the games through
//! the runner, is `app::tune`.

pub mod double;
pub mod spsa;

pub use double::test_optimum;
