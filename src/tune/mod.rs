//! Tuning bot parameters by SPSA (`tourney tune`): the arithmetic (`spsa`, `spread`), the bot
//! being tuned (`subject`), the pipeline that keeps the runner busy with the iterations'
//! games (`pipeline`, its results by side in `sides`), the tuning's files (`files`) and how it
//! ends (`ending`). The command's edge, which reads the arguments, holds the folder, and plays
//! the verification as a run, is `app::tune`; the test double with a known optimum is
//! `bot::doubles::test_optimum`.

pub mod ending;
pub mod files;
pub mod pipeline;
pub mod sides;
pub mod spread;
pub mod spsa;
pub mod subject;
