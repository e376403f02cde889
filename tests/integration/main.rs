//! All integration tests in one binary: the real `tourney` executable end to end, and the
//! architecture rule that the engine room never names a game.

mod architecture;
mod bench;
mod cgs;
mod check;
mod chromium;
mod cli;
mod clocks;
mod contest;
mod docs_commands;
mod doctor;
mod external;
mod fault_policy;
mod faults;
mod fresh_fish;
mod inputs;
mod knockout;
mod labyrinth;
mod layout;
mod live;
mod notation;
mod replay;
mod report;
mod report_pages;
mod repository;
mod resume;
mod running_score;
mod sandbox;
mod seats;
mod seeds;
mod shards;
mod support;
mod swiss;
mod trust;
mod tune;
mod versions;
