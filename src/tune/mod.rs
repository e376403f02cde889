//! Tuning bot parameters by SPSA (`tourney tune`): the arithmetic. The command itself, which
//! plays the games through the runner, is `app::tune`; the test double with a known optimum
//! is `bot::doubles::test_optimum`.

pub mod spread;
pub mod spsa;
