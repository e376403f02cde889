//! Arrows point inward: the runner, tournament formats, the external-bot adapter, statistics,
//! summaries, reports and bot versions never import a game.

use std::fs;
use std::path::Path;

const GAME_WORDS: [&str; 8] = [
    "games::",
    "t2r",
    "TicketToRide",
    "labyrinth",
    "carcassonne",
    "fresh_fish",
    "locomotive",
    "ticket",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Asserts that no Rust file under these folders of `src/` mentions any of `words`, in any
/// case.
fn assert_no_file_mentions(dirs: &[&str], words: &[&str]) {
    let mut files = Vec::new();
    for dir in dirs {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        rust_files(&src.join(dir), &mut files);
    }
    assert!(!files.is_empty());
    for file in files {
        let text = fs::read_to_string(&file)
            .expect("readable file")
            .to_lowercase();
        for word in words {
            assert!(
                !text.contains(&word.to_lowercase()),
                "{} mentions '{word}'",
                file.display()
            );
        }
    }
}

#[test]
fn runner_stats_summary_and_report_know_no_game() {
    let dirs = [
        "runner", "format", "stats", "summary", "report", "external", "replay", "store", "version",
    ];
    assert_no_file_mentions(&dirs, &GAME_WORDS);
}

/// `search/` may name the registry's trait (`games::Registered`, for the bot table of rollout
/// policies) but never a game: games reach it only through the `Search` trait.
#[test]
fn search_knows_no_game() {
    let words: Vec<&str> = GAME_WORDS.into_iter().filter(|w| *w != "games::").collect();
    assert_no_file_mentions(&["search"], &words);
}

/// The files of `app` that may name the registry: the commands at the top. Everything below
/// them (the pipelines `run`, `tune` and `replay`, plans, manifests, reports) is handed the
/// registry's lookup instead, so no import runs back up to it.
const REGISTRY_USERS: [&str; 8] = [
    "app/mod.rs",
    "app/registry.rs",
    "app/check.rs",
    "app/merge.rs",
    "app/db.rs",
    "app/bench.rs",
    "app/serve.rs",
    "app/list.rs",
];

#[test]
fn only_the_commands_name_the_registry() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let shown = relative.to_string_lossy().replace('\\', "/");
        let is_test = shown.ends_with("tests.rs") || shown.contains("/tests/");
        if is_test || REGISTRY_USERS.contains(&shown.as_str()) {
            continue;
        }
        let text = fs::read_to_string(&file).expect("readable file");
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//") && code.contains("registry::") {
                panic!("{shown}:{} names the registry: {code}", number + 1);
            }
        }
    }
}
