//! Bot manifests (`bots/NAME.toml`): any text is read as a manifest that can start a process,
//! or refused with a message naming one of its lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use tourney::external::Manifest;
use tourney_fuzz::check_refusal;

fuzz_target!(|text: &str| {
    match Manifest::parse(Path::new("bots/fuzz.toml"), text) {
        Ok(manifest) => {
            assert!(!manifest.name.is_empty(), "a manifest without a name");
            assert!(!manifest.command.as_os_str().is_empty(), "nothing to start");
            assert!(!manifest.move_limit.is_zero() && !manifest.startup_limit.is_zero());
            assert!(manifest.max_line_bytes >= 64);
        }
        Err(error) => check_refusal(&error, text),
    }
});
