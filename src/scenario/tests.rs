//! Scenario files: a valid one becomes a typed scenario; every mistake is refused with the line.

use super::*;
use crate::app::registry;

fn parse(text: &str) -> Result<Scenario, UsageError> {
    Scenario::parse(Path::new("scenarios/test.toml"), text, registry::describe)
}

fn error_line(text: &str) -> (usize, String) {
    match parse(text).expect_err("must be refused") {
        UsageError::File { line, message, .. } => (line, message),
        other => panic!("not a file error: {other}"),
    }
}

const VALID: &str = r#"
game = "t2r"
rules = "cgs"
options = { map = "small", turn_limit = 300 }
bots = ["nice", { bot = "greedy", name = "greedy-b" }, "random"]
format = "gauntlet"
candidate = "nice"
games = 50
seed = 9

[[gates]]
kind = "sprt"
candidate = "nice"
baseline = "random"
max_games = 400

[[gates]]
kind = "win-rate"
bot = "nice"
against = "random"
min_lower = 0.6
"#;

#[test]
fn a_valid_scenario_becomes_a_typed_plan() {
    let s = parse(VALID).unwrap();
    assert_eq!(s.name, "test");
    assert_eq!(s.game, "t2r");
    assert_eq!(s.config.rules.as_deref(), Some("cgs"));
    assert_eq!(s.config.options["map"], "small");
    assert_eq!(s.config.options["turn_limit"], "300");
    let labels: Vec<&str> = s.bots.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["nice", "greedy-b", "random"]);
    assert_eq!(s.bots[1].bot, "greedy");
    assert_eq!(s.format, Format::Gauntlet { candidate: 0 });
    assert_eq!((s.games, s.seed), (Some(50), Some(9)));
    assert_eq!(
        s.gates[0],
        Gate::Sprt(SprtGate {
            candidate: 0,
            baseline: 2,
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            max_games: 400
        })
    );
    assert_eq!(
        s.gates[1],
        Gate::WinRate {
            bot: 0,
            against: 2,
            min_lower: Some(0.6),
            max_upper: None
        }
    );
}

#[test]
fn unknown_keys_are_refused_with_their_line() {
    let (line, message) = error_line("bots = [\"nice\", \"greedy\"]\nthreads = 4\n");
    assert_eq!(line, 2);
    assert!(message.contains("threads"), "{message}");
    let (line, message) = error_line(
        "bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"win-rate\"\nbot = \"nice\"\nagainst = \"greedy\"\nmin_lowr = 0.5\n",
    );
    assert!(line >= 2, "{line}");
    assert!(message.contains("min_lowr"), "{message}");
}

#[test]
fn wrong_types_are_refused_with_their_line() {
    let (line, message) = error_line("bots = [\"nice\", \"greedy\"]\ngames = \"many\"\n");
    assert_eq!(line, 2);
    assert!(
        message.contains("integer") || message.contains("u64"),
        "{message}"
    );
}

#[test]
fn unknown_bots_games_rules_and_options_name_the_line_and_the_valid_names() {
    let (line, message) = error_line("game = \"t2r\"\nbots = [\"nice\",\n  \"gredy\"]\n");
    assert_eq!(line, 3);
    assert!(
        message.contains("unknown bot 'gredy'") && message.contains("greedy"),
        "{message}"
    );
    let (line, message) = error_line("\ngame = \"chess\"\nbots = [\"a\", \"b\"]\n");
    assert_eq!(line, 2);
    assert!(message.contains("t2r"), "{message}");
    let (line, message) = error_line("bots = [\"nice\", \"greedy\"]\nrules = \"house\"\n");
    assert_eq!(line, 2);
    assert!(message.contains("official, cgs"), "{message}");
    let (line, message) = error_line("bots = [\"nice\", \"greedy\"]\n[options]\nmap = \"mars\"\n");
    assert_eq!(line, 3);
    assert!(message.contains("usa, small, europe"), "{message}");
}

#[test]
fn a_clock_is_read_as_its_flags_are() {
    let s =
        parse("bots = [\"nice\", \"greedy\"]\nclock = \"60+0.5\"\nclock_margin_ms = 250").unwrap();
    assert_eq!(s.clock.clock, Some(Clock::parse("60+0.5").unwrap()));
    assert_eq!(s.clock.margin, Some(Duration::from_millis(250)));
    let none = parse("bots = [\"nice\", \"greedy\"]").unwrap();
    assert_eq!((none.clock.clock, none.clock.margin), (None, None));
    let (line, message) = error_line("bots = [\"nice\", \"greedy\"]\n\nclock = \"soon\"");
    assert_eq!(line, 3);
    assert!(message.contains("clock 'soon'"), "{message}");
}

#[test]
fn impossible_values_are_refused() {
    for (text, expected) in [
        ("bots = [\"nice\"]", "at least two bots"),
        ("bots = [\"nice\", \"nice\"]", "two bots are named 'nice'"),
        (
            "bots = [\"nice\", \"greedy\", \"random\"]\nformat = \"head-to-head\"",
            "exactly 2 bots",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\nformat = \"gauntlet\"",
            "candidate",
        ),
        ("bots = [\"nice\", \"greedy\"]\ngames = 0", "at least 1"),
        (
            "bots = [\"nice\", \"greedy\"]\nmax_fault_rate = 2.0",
            "between 0 and 1",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"sprt\"\ncandidate = \"nice\"\nbaseline = \"greedy\"\nelo0 = 5\nelo1 = 0\nmax_games = 100",
            "elo0 must be below elo1",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"win-rate\"\nbot = \"nice\"\nagainst = \"random\"\nmin_lower = 0.5",
            "'random' is not one of this scenario's bots",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"win-rate\"\nbot = \"nice\"\nagainst = \"greedy\"",
            "min_lower, max_upper",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\nclock = \"0+1\"",
            "the bank must be more than 0 seconds",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"history\"\ncandidate = \"nice\"\nmargin = -5",
            "history gate: margin is a non-negative number of Elo",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"history\"\ncandidate = \"nice\"\nagainst = \" \"",
            "history gate: against is \"previous\", \"best\"",
        ),
        (
            "bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"history\"\ncandidate = \"mine\"",
            "'mine' is not one of this scenario's bots",
        ),
    ] {
        let (_, message) = error_line(text);
        assert!(message.contains(expected), "{text}: {message}");
    }
}

/// A history gate names its candidate among the bots; `against` is `previous` unless it says
/// `best` or names a version, and `margin` is 0 unless given.
#[test]
fn a_history_gate_reads_its_candidate_reference_and_margin() {
    let gates = |body: &str| {
        let text = format!("bots = [\"nice\", \"greedy\"]\n[[gates]]\nkind = \"history\"\n{body}");
        parse(&text).unwrap().gates
    };
    assert_eq!(
        gates("candidate = \"greedy\""),
        [Gate::History(HistoryGate {
            candidate: 1,
            against: Reference::Previous,
            margin: 0.0
        })]
    );
    for (against, reference) in [
        ("best", Reference::Best),
        ("v1.2", Reference::Named("v1.2".into())),
        ("3f2a9c", Reference::Named("3f2a9c".into())),
    ] {
        assert_eq!(
            gates(&format!(
                "candidate = \"nice\"\nagainst = \"{against}\"\nmargin = 20"
            )),
            [Gate::History(HistoryGate {
                candidate: 0,
                against: reference,
                margin: 20.0
            })]
        );
    }
}

/// Every scenario the project ships reads without error, the strength runs behind the docs'
/// tables included, so a change to the reader (or to a bot's name or parameters) that breaks
/// one is caught here rather than in CI's gates or the docs' check.
#[test]
fn every_shipped_scenario_reads() {
    let mut read = 0;
    for folder in ["scenarios", "scenarios/strength"] {
        for entry in std::fs::read_dir(folder).expect("a scenarios folder") {
            let path = entry.expect("a folder entry").path();
            if path.extension().is_some_and(|e| e == "toml") {
                if let Err(e) = Scenario::load(&path, registry::describe) {
                    panic!("{}: {e}", path.display());
                }
                read += 1;
            }
        }
    }
    assert!(read >= 20, "only {read} scenarios found");
}
