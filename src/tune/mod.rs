//! Tuning bot parameters by SPSA (`tourney tune`): the arithmetic (`spsa`, `spread`), the bot
//! being tuned (`subject`), the settings as written (`settings`) and the plan checked from them
//! (`plan`), the output folder (`folder`), how many games it plays (`size`), the pipeline that
//! keeps the runner busy with the iterations' games (`pipeline`, its results by side in
//! `sides`), the tuning's files (`files`), how it ends (`ending`), the verification of the
//! tuned values played as a run (`verify`), and the whole tuning of one game type from start
//! to finish (`play`). The command line is read into a plan by `app::tune`; the test double
//! with a known optimum is `bot::doubles::test_optimum`.

pub mod ending;
pub mod files;
pub mod folder;
pub mod pipeline;
pub mod plan;
pub mod play;
pub mod settings;
pub mod sides;
pub mod size;
pub mod spread;
pub mod spsa;
pub mod subject;
pub mod verify;
