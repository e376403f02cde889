//! Scenario files (`scenarios/*.toml`): any text is read as a scenario, with its game, bots and
//! gates checked, or refused with a message naming one of its lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use tourney::app::registry;
use tourney::scenario::Scenario;
use tourney_fuzz::check_refusal;

fuzz_target!(|text: &str| {
    match Scenario::parse(Path::new("scenarios/fuzz.toml"), text, registry::describe) {
        Ok(scenario) => assert!(!scenario.bots.is_empty(), "a scenario without bots"),
        Err(error) => check_refusal(&error, text),
    }
});
