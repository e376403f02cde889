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

/// The rows of docs/architecture.md's layer table: each module and the modules it may import.
fn documented_layers() -> Vec<(String, Vec<String>)> {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md");
    let text = fs::read_to_string(page).expect("docs/architecture.md is readable");
    let names = |cell: &str| -> Vec<String> {
        cell.split(',')
            .filter_map(|name| name.trim().strip_prefix('`')?.strip_suffix('`'))
            .map(str::to_string)
            .collect()
    };
    text.lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            assert!(cells.len() >= 3, "a layer row has three cells: {line}");
            let module = names(cells[0].trim_start_matches('|'));
            assert_eq!(module.len(), 1, "one module per row: {line}");
            let allowed = names(cells[2].trim_end_matches('|').trim_end_matches(" |"));
            (module[0].clone(), allowed)
        })
        .collect()
}

/// The files of `src/` that only tests compile (`#[cfg(test)] mod name;` and what lies under
/// such a module's folder), which may reach anywhere.
fn test_only_files(files: &[std::path::PathBuf]) -> Vec<std::path::PathBuf> {
    let mut test_only = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).expect("readable file");
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if line.trim() != "#[cfg(test)]" {
                continue;
            }
            let Some(next) = lines.next() else { break };
            let declared = next.trim().trim_start_matches("pub ");
            let Some(name) = declared
                .strip_prefix("mod ")
                .and_then(|rest| rest.strip_suffix(';'))
            else {
                continue;
            };
            let stem = file.file_stem().expect("a file name");
            let folder = match stem.to_str() {
                Some("mod" | "lib" | "main") => file.parent().expect("a folder").to_path_buf(),
                _ => file.with_extension(""),
            };
            test_only.push(folder.join(format!("{name}.rs")));
            test_only.push(folder.join(name));
        }
    }
    test_only
}

/// The top-level modules a Rust source names by `crate::name` (or `tourney::name` in the
/// binary), comments and everything after the file's first `#[cfg(test)]` left out.
fn imported_modules(text: &str) -> Vec<String> {
    let code: String = text
        .split("#[cfg(test)]")
        .next()
        .unwrap_or("")
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    for prefix in ["crate::", "tourney::"] {
        for (at, _) in code.match_indices(prefix) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = code[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.push(name);
            }
        }
    }
    found
}

/// Every `crate::` path in product code stays inside its module's documented layer, every
/// module has a row, and the rows have no circle (docs/architecture.md).
#[test]
fn imports_follow_the_documented_layers() {
    let layers = documented_layers();
    let allowed: std::collections::BTreeMap<&str, &Vec<String>> = layers
        .iter()
        .map(|(module, allowed)| (module.as_str(), allowed))
        .collect();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let test_only = test_only_files(&files);
    let mut broken = Vec::new();
    for file in &files {
        if test_only.iter().any(|t| file == t || file.starts_with(t)) {
            continue;
        }
        let relative = file.strip_prefix(&src).expect("under src");
        let top = relative
            .components()
            .next()
            .expect("a path")
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" {
            continue;
        }
        let Some(may) = allowed.get(top.as_str()) else {
            broken.push(format!("src/{top} has no row in docs/architecture.md"));
            continue;
        };
        let text = fs::read_to_string(file).expect("readable file");
        for name in imported_modules(&text) {
            if name != top && !may.contains(&name) {
                broken.push(format!("{} imports `{name}`", relative.display()));
            }
        }
    }
    broken.sort();
    broken.dedup();
    assert!(
        broken.is_empty(),
        "imports outside the layers:\n{}",
        broken.join("\n")
    );
    // No circle among the rows: repeatedly set aside a module whose allowed imports are all set
    // aside already; what remains would import itself through others.
    let mut placed: Vec<&str> = Vec::new();
    while placed.len() < layers.len() {
        let next = layers.iter().find(|(module, may)| {
            !placed.contains(&module.as_str()) && may.iter().all(|m| placed.contains(&m.as_str()))
        });
        let Some((module, _)) = next else {
            panic!("the layers of docs/architecture.md have a circle among those not placed");
        };
        placed.push(module);
    }
}

/// A check that cannot see an import would pass anything: it must see the ones written here.
#[test]
fn the_layer_check_reads_imports() {
    let text = "use crate::stats::elo;\nlet x = tourney::app::run(); // crate::store\n\
                let s = \"a\"; // crate::live\nmycrate::report::x;\n#[cfg(test)]\nuse crate::games;";
    assert_eq!(imported_modules(text), ["stats", "app"]);
}
