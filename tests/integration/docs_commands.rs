//! The commands the docs show still work. Every `tourney …` line (and `cargo run --release --
//! …`) of a ```sh block in README.md and docs/**/*.md is given to the real binary: first with
//! `--help` appended, so clap checks every subcommand, flag and typed value shown without
//! running anything; then, where that is cheap, for real, in the order the file shows them and
//! in a scratch folder of its own (so a `run --record --out results/rec` feeds the `replay
//! results/rec` below it), with large game counts cut to one seed group. The `tourney` lines of
//! a ```yaml block (a CI job's `run:` or `script:` items) are parsed only: they run in another
//! machine's checkout. A failure names the file and line of the command that no longer works.

use super::support::root;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One command a doc shows: where, and the arguments after `tourney`.
#[derive(Debug, PartialEq)]
struct Shown {
    line: usize,
    args: Vec<String>,
    /// Shown in a CI job (a yaml block): checked by clap, never run here.
    parse_only: bool,
}

/// What a fenced block holds, for finding commands in it.
#[derive(Clone, Copy, PartialEq)]
enum Block {
    Shell,
    Yaml,
    Other,
}

/// The shell words of `line` up to a comment, quotes removed; `None` for an empty line.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (None, '#') if !started => break,
            (None, c) if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The `tourney` arguments of one shell command, if it runs `tourney` (after a `$ ` prompt and
/// `NAME=value` assignments), directly or as `cargo run --release -- …`.
fn tourney_args(command: &[String]) -> Option<Vec<String>> {
    let command: Vec<&str> = command
        .iter()
        .map(String::as_str)
        .skip_while(|w| *w == "$" || (w.contains('=') && !w.starts_with('-')))
        .collect();
    match command.as_slice() {
        ["tourney", rest @ ..] => Some(rest.iter().map(|w| w.to_string()).collect()),
        ["cargo", "run", rest @ ..] => {
            let dashes = rest.iter().position(|w| *w == "--")?;
            Some(rest[dashes + 1..].iter().map(|w| w.to_string()).collect())
        }
        _ => None,
    }
}

/// Every command a Markdown text shows in its sh blocks, and in the `run:` and list items of its
/// yaml blocks, with the line it starts on.
fn shown_commands(text: &str) -> Vec<Shown> {
    let mut shown = Vec::new();
    let mut block = None;
    let mut pending: Option<(usize, String)> = None;
    for (index, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if let Some(info) = trimmed.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(match info.trim() {
                    "sh" | "bash" | "shell" | "console" => Block::Shell,
                    "yaml" | "yml" => Block::Yaml,
                    _ => Block::Other,
                }),
            };
            continue;
        }
        if block == Some(Block::Yaml) {
            let item = trimmed.strip_prefix("- ").unwrap_or(trimmed);
            let command = item.strip_prefix("run: ").unwrap_or(item);
            if let Some(args) = tourney_args(&words(command)) {
                let line = index + 1;
                let parse_only = true;
                shown.push(Shown {
                    line,
                    args,
                    parse_only,
                });
            }
            continue;
        }
        if block != Some(Block::Shell) {
            continue;
        }
        let (line, mut joined) = pending.take().unwrap_or((index + 1, String::new()));
        if let Some(head) = trimmed.strip_suffix('\\') {
            joined.push_str(head);
            joined.push(' ');
            pending = Some((line, joined));
            continue;
        }
        joined.push_str(trimmed);
        let all = words(&joined);
        for command in all.split(|w| matches!(w.as_str(), "&&" | "||" | "|" | ";")) {
            if let Some(args) = tourney_args(command) {
                let parse_only = false;
                shown.push(Shown {
                    line,
                    args,
                    parse_only,
                });
            }
        }
    }
    shown
}

#[test]
fn commands_are_found_in_shell_blocks_only() {
    let text = "\
tourney run --bots a,b   # prose, not a block
```sh
# a comment
tourney list                 # games
$ tourney run --bots nice,greedy \\
    --games 20 --out 'results/x y'
TOURNEY=x cargo run --release -- check s.toml
cc -O2 -o x x.c && tourney report r --quiet
```
```toml
tourney = \"not a command\"
```
   ```sh
   tourney replay r --game 7
   ```
```yaml
steps:
  - run: tourney check ci/x.toml --tag \"${{ github.ref_name }}\"
  script:
    - tourney history mybot
    - cargo build --release
```
";
    let shown = shown_commands(text);
    let expected: Vec<(usize, &str)> = vec![
        (4, "list"),
        (5, "run --bots nice,greedy --games 20 --out results/x y"),
        (7, "check s.toml"),
        (8, "report r --quiet"),
        (14, "replay r --game 7"),
        (18, "check ci/x.toml --tag ${{ github.ref_name }}"),
        (20, "history mybot"),
    ];
    let got: Vec<(usize, String)> = shown.iter().map(|s| (s.line, s.args.join(" "))).collect();
    let expected: Vec<(usize, String)> = expected
        .into_iter()
        .map(|(l, a)| (l, a.to_string()))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(shown[1].args.last().unwrap(), "results/x y");
    let parse_only: Vec<bool> = shown.iter().map(|s| s.parse_only).collect();
    assert_eq!(parse_only, [false, false, false, false, false, true, true]);
}

/// README.md and every Markdown file under docs/, in a fixed order.
fn doc_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(root().join(dir))
            .expect("readable docs folder")
            .map(|e| dir.join(e.expect("readable entry").file_name()))
            .collect();
        entries.sort();
        for entry in entries {
            if root().join(&entry).is_dir() {
                walk(&entry, out);
            } else if entry.extension().is_some_and(|e| e == "md") {
                out.push(entry);
            }
        }
    }
    let mut files = vec![PathBuf::from("README.md")];
    walk(Path::new("docs"), &mut files);
    files
}

/// Flags that take no value; every other flag takes the word after it.
const SWITCHES: &[&str] = &[
    "--force",
    "--quiet",
    "--no-plots",
    "--record",
    "--save-baseline",
    "--no-verify",
    "--tune",
    "--help",
    "-h",
];

/// The value of `flag` in `args`.
fn value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    let at = args.iter().position(|a| a == flag)?;
    args.get(at + 1).map(String::as_str)
}

/// The positional arguments after the subcommand: scenario files and folders.
fn positionals(args: &[String]) -> Vec<&str> {
    let mut found = Vec::new();
    let mut skip = true; // the subcommand
    for arg in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        if arg.starts_with('-') {
            skip = !SWITCHES.contains(&arg.as_str());
        } else {
            found.push(arg.as_str());
        }
    }
    found
}

/// Replaces `flag`'s value, or appends both.
fn set(args: &mut Vec<String>, flag: &str, to: &str) {
    match args.iter().position(|a| a == flag) {
        Some(at) => args[at + 1] = to.to_string(),
        None => args.extend([flag.to_string(), to.to_string()]),
    }
}

fn add_switch(args: &mut Vec<String>, switch: &str) {
    if !args.iter().any(|a| a == switch) {
        args.push(switch.to_string());
    }
}

/// The arguments to run `args` for real in `scratch` quickly; `None` where only the parse is
/// checked; or why the command cannot work: some of its input folders exist and others do not
/// (a `merge` of shards the file never made). Only the parse is checked where `bench` measures
/// and `serve`, `watch` and `--live` wait by design, `tune` plays whole SPSA iterations of search bots, external
/// programs and contest clients are not there to start, and every input the command names is
/// an example the doc never makes (`report results/a results/b`). Game counts above 20 become
/// one seed group; a run of search bots (`mcts`, `minimax`) becomes the empty first of two
/// shards, which checks the whole plan (game, rules, options, bots and their parameters) and
/// plays nothing.
fn real_args(args: &[String], scratch: &Path) -> Result<Option<Vec<String>>, String> {
    let Some(command) = args.first().map(String::as_str) else {
        return Ok(None);
    };
    if !matches!(
        command,
        "list" | "run" | "check" | "report" | "merge" | "replay"
    ) {
        return Ok(None);
    }
    let bots = ["--bots", "--bot", "--against"]
        .iter()
        .filter_map(|flag| value(args, flag))
        .collect::<Vec<_>>()
        .join(",");
    // `--serve` waits for clients, and `--live` keeps its page until Ctrl-C.
    let waits = args
        .iter()
        .any(|a| a == "--serve" || a == "--live" || a.starts_with("--live="));
    if bots.contains(".toml") || bots.contains("cgs:") || waits {
        return Ok(None);
    }
    let inputs: Vec<&str> = positionals(args)
        .into_iter()
        .chain(value(args, "--resume"))
        .chain(value(args, "--seeds"))
        .collect();
    let missing: Vec<&str> = inputs
        .iter()
        .copied()
        .filter(|input| !scratch.join(input).exists())
        .collect();
    if !missing.is_empty() && missing.len() < inputs.len() {
        return Err(format!(
            "{} missing where the commands above it leave the others",
            missing.join(", ")
        ));
    }
    if !missing.is_empty() {
        return Ok(None);
    }
    let searches = |text: &str| text.contains("mcts") || text.contains("minimax");
    let expensive = searches(&bots)
        || inputs.iter().any(|input| {
            input.ends_with(".toml")
                && fs::read_to_string(scratch.join(input)).is_ok_and(|t| searches(&t))
        });
    let mut real = args.to_vec();
    match command {
        "check" if expensive => return Ok(None),
        "run" => {
            let games = value(args, "--games").and_then(|g| g.parse::<u64>().ok());
            // A seeds file sets the games itself.
            let counted = value(args, "--resume").is_some() || value(args, "--seeds").is_some();
            if games.is_some_and(|g| g > 20) || (games.is_none() && !counted) {
                set(&mut real, "--games", "2");
            }
            if expensive {
                set(&mut real, "--games", "2");
                set(&mut real, "--shard", "1/2");
            }
            add_switch(&mut real, "--no-plots");
        }
        "report" | "merge" => add_switch(&mut real, "--no-plots"),
        _ => {}
    }
    if command != "list" {
        add_switch(&mut real, "--quiet");
    }
    Ok(Some(real))
}

/// Every piece of `args` that names a shipped file (`scenarios/…`, `bots/…`) and is missing.
fn missing_shipped_files(args: &[String]) -> Vec<String> {
    args.iter()
        .flat_map(|arg| arg.split([',', '=', ' ']))
        .map(|piece| piece.split(':').next().unwrap_or(piece))
        .map(|piece| piece.strip_prefix("./").unwrap_or(piece))
        .filter(|piece| piece.starts_with("scenarios/") || piece.starts_with("bots/"))
        .filter(|piece| !root().join(piece).exists())
        .map(str::to_string)
        .collect()
}

/// The first lines of what a failed command printed.
fn excerpt(output: &std::process::Output) -> String {
    let text = String::from_utf8_lossy(&output.stderr).into_owned()
        + &String::from_utf8_lossy(&output.stdout);
    text.lines().take(4).collect::<Vec<_>>().join(" | ")
}

/// A scratch folder that sees the shipped scenarios and bots where the docs say they are.
fn scratch_folder() -> tempfile::TempDir {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    for shipped in ["scenarios", "bots"] {
        std::os::unix::fs::symlink(root().join(shipped), scratch.path().join(shipped))
            .expect("a link to a shipped folder");
    }
    scratch
}

#[test]
fn every_command_the_docs_show_still_works() {
    let binary = assert_cmd::cargo::cargo_bin("tourney");
    let mut failures = Vec::new();
    let (mut parsed, mut ran) = (0, 0);
    for file in doc_files() {
        let text = fs::read_to_string(root().join(&file)).expect("readable doc");
        let scratch = scratch_folder();
        for Shown {
            line,
            args,
            parse_only,
        } in shown_commands(&text)
        {
            let place = format!("{}:{line}: tourney {}", file.display(), args.join(" "));
            for missing in missing_shipped_files(&args) {
                failures.push(format!("{place}: names {missing}, which does not exist"));
            }
            let parse = Command::new(&binary)
                .args(&args)
                .arg("--help")
                .current_dir(scratch.path())
                .output()
                .expect("the binary starts");
            parsed += 1;
            if !parse.status.success() {
                failures.push(format!("{place}: does not parse: {}", excerpt(&parse)));
                continue;
            }
            if parse_only {
                continue;
            }
            let real = match real_args(&args, scratch.path()) {
                Ok(Some(real)) => real,
                Ok(None) => continue,
                Err(why) => {
                    failures.push(format!("{place}: {why}"));
                    continue;
                }
            };
            let output = Command::new(&binary)
                .args(&real)
                .current_dir(scratch.path())
                .output()
                .expect("the binary starts");
            ran += 1;
            if !output.status.success() {
                failures.push(format!(
                    "{place}: run as `tourney {}`: {}: {}",
                    real.join(" "),
                    output.status,
                    excerpt(&output)
                ));
            }
        }
    }
    eprintln!("{parsed} commands of the docs parsed, {ran} of them run");
    assert!(
        parsed >= 30 && ran >= 15,
        "found the docs' commands ({parsed} parsed, {ran} run)"
    );
    assert!(
        failures.is_empty(),
        "commands shown in the docs that no longer work:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_readme_shows_the_two_commands() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let shown = shown_commands(&readme);
    assert!(
        shown
            .iter()
            .any(|s| s.args.join(" ") == "run --bots nice,greedy --games 10000"),
        "README.md shows `cargo run --release -- run --bots nice,greedy --games 10000`"
    );
    assert!(
        readme.contains("\ncargo test --release\n"),
        "README.md shows `cargo test --release`, the command .ci/run runs"
    );
    // A landing page, not a history: measurements live in docs/ (performance.md, the guides).
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines; it is a landing page of at most 200 (move details into docs/)"
    );
    assert!(
        readme.contains("report.html"),
        "README.md says which file of a run to open first (report.html)"
    );
}

/// The long options a `--help` text lists, `--help` and `--version` aside.
fn long_options(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line
                .strip_prefix("-h, ")
                .or(line.strip_prefix("-V, "))
                .unwrap_or(line);
            let option = line.strip_prefix("--")?.split([' ', '=', '<']).next()?;
            Some(format!("--{option}"))
        })
        .filter(|option| option != "--help" && option != "--version")
        .collect()
}

#[test]
fn the_cli_reference_lists_every_command_and_option() {
    let reference =
        fs::read_to_string(root().join("docs/reference/cli.md")).expect("docs/reference/cli.md");
    let help = |args: &[&str]| {
        let output = assert_cmd::Command::cargo_bin("tourney")
            .expect("the binary is built")
            .args(args)
            .arg("--help")
            .output()
            .expect("the binary starts");
        String::from_utf8(output.stdout).expect("UTF-8 help")
    };
    let top = help(&[]);
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|command| *command != "help")
        .collect();
    assert!(commands.len() >= 9, "found the commands: {commands:?}");
    let mut missing = Vec::new();
    for command in commands {
        let heading = format!("## `tourney {command}`");
        let Some(start) = reference.find(&heading) else {
            missing.push(format!("the section {heading}"));
            continue;
        };
        let section = &reference[start + heading.len()..];
        let section = &section[..section.find("\n## ").unwrap_or(section.len())];
        for option in long_options(&help(&[command])) {
            let shown = [format!("`{option}`"), format!("`{option} ")];
            if !shown.iter().any(|form| section.contains(form.as_str())) {
                missing.push(format!("{command} {option}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/reference/cli.md lacks: {}",
        missing.join(", ")
    );
}
