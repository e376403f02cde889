//! Bot manifests (`bots/NAME.toml`): how to start a program that plays over the line protocol,
//! and how long it may take. Read and checked before a run, so a broken manifest is refused with
//! `file:line: message` (exit 2) and never becomes a game result.

use super::clock::{self, Clock, GameClock};
use crate::bot::{ParamKind, ParamSpec, Params, check_label};
use crate::error::UsageError;
use crate::input;
use crate::sandbox::{self, Limits};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// When the harness starts a fresh process.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Restart {
    /// A new process for every game: no state can leak between games, so a bot that seeds its
    /// generator once at start-up still gives the same results at any thread count.
    #[default]
    EveryGame,
    /// One process plays game after game (`new_game` starts each), and is replaced only after
    /// a fault: no start-up cost per game. Results stay thread-count independent only if the
    /// bot resets itself on `new_game` (the games a process plays depend on scheduling).
    OnFault,
}

/// How the program talks to the harness.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    /// JSON lines on stdin and stdout (`docs/protocol.md`).
    #[default]
    JsonLines,
    /// The contest server's TCP protocol (`docs/contest-protocol.md`): the program is started
    /// for each game with `{host}`, `{port}` and `{name}` in its arguments and connects to the
    /// run (`docs/guide/contest.md`).
    Cgs,
}

/// The file as written. Unknown keys are refused.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestFile {
    name: toml::Spanned<String>,
    game: String,
    #[serde(default)]
    protocol: Protocol,
    command: String,
    #[serde(default)]
    args: Vec<String>,
    dir: Option<PathBuf>,
    #[serde(default = "default_move_ms")]
    move_ms: u64,
    #[serde(default = "default_startup_ms")]
    startup_ms: u64,
    /// A time control, `BANK+INCREMENT` in seconds (`60+0.5`).
    clock: Option<toml::Spanned<String>>,
    #[serde(default)]
    clock_margin_ms: u64,
    #[serde(default)]
    restart: Restart,
    #[serde(default = "default_true")]
    legal_actions: bool,
    #[serde(default = "default_max_line_bytes")]
    max_line_bytes: usize,
    #[serde(default)]
    transcript: bool,
    /// Numeric parameters: `x = { default = 0.5, min = 0.0, max = 1.0 }`.
    #[serde(default)]
    params: BTreeMap<String, ParamFile>,
    /// More paths the confined program may read, relative to the manifest's folder.
    #[serde(default)]
    read: Vec<PathBuf>,
    /// What the confined program may use: `memory_mib`, `processes`, `write_mib`,
    /// `open_files`.
    #[serde(default)]
    limits: Limits,
    /// A label for this version of the program (`"v1.2"`), shown with its digest.
    version: Option<toml::Spanned<String>>,
}

/// One declared parameter; whole numbers throughout make it a whole-number parameter.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ParamFile {
    default: toml::Value,
    min: toml::Value,
    max: toml::Value,
}

impl ParamFile {
    fn spec(&self, name: &str) -> Result<ParamSpec, String> {
        let number = |value: &toml::Value, key: &str| match value {
            toml::Value::Integer(n) => Ok(*n as f64),
            toml::Value::Float(x) if x.is_finite() => Ok(*x),
            _ => Err(format!("parameter '{name}': `{key}` must be a number")),
        };
        let (default, min, max) = (
            number(&self.default, "default")?,
            number(&self.min, "min")?,
            number(&self.max, "max")?,
        );
        if !(min <= default && default <= max && min < max) {
            return Err(format!(
                "parameter '{name}': needs min < max and min <= default <= max"
            ));
        }
        let whole = [&self.default, &self.min, &self.max]
            .iter()
            .all(|v| v.is_integer());
        let kind = if whole {
            ParamKind::Int
        } else {
            ParamKind::Float
        };
        Ok(ParamSpec::new(name, kind, Some(default), (min, max), ""))
    }
}

fn default_move_ms() -> u64 {
    1000
}
fn default_startup_ms() -> u64 {
    5000
}
fn default_true() -> bool {
    true
}
fn default_max_line_bytes() -> usize {
    1 << 20
}

/// A checked manifest, with paths made absolute so the run does not depend on where a process
/// is started from.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// The file it came from, for messages.
    pub path: PathBuf,
    /// The bot's label in results.
    pub name: String,
    /// The game's CLI name; a run of another game refuses the manifest.
    pub game: String,
    pub protocol: Protocol,
    /// The program: absolute when the manifest gave a path (it contains `/`), else a name looked
    /// up on `PATH` (`python3`).
    pub command: PathBuf,
    /// For a contest program, `{host}`, `{port}`, `{name}` and `{seed}` are filled in per launch.
    pub args: Vec<String>,
    /// Working directory of the process: `dir` relative to the manifest's folder, by default the
    /// manifest's folder itself.
    pub dir: PathBuf,
    /// Time allowed for each answer, from the request being written to the answer's newline.
    pub move_limit: Duration,
    /// Time allowed from the start of the process to its `ready` line.
    pub startup_limit: Duration,
    /// Its time control, if any, and the grace past it (see [`Manifest::game_clock`]).
    pub clock: Option<Clock>,
    pub clock_margin: Duration,
    pub restart: Restart,
    /// Whether `act` messages list the legal actions (off saves time for bots that build their
    /// own).
    pub legal_actions: bool,
    /// Longest line the bot may write; a longer one loses the game (`illegal`).
    pub max_line_bytes: usize,
    /// Copy every protocol line, both ways, into the bot's log file (for debugging).
    pub transcript: bool,
    /// The `[params]` it declares, by name.
    pub params: Vec<ParamSpec>,
    /// What the confined program may read besides the system: the manifest's folder, `dir`
    /// and the paths of `read`, absolute.
    pub readable: Vec<PathBuf>,
    /// Its `[limits]` table.
    pub limits: Limits,
    /// Whether the manifest set `dir`: the program then owns that folder, and its whole tree
    /// is part of its version (`crate::version`).
    pub dir_set: bool,
    /// The paths of `read`, absolute.
    pub read: Vec<PathBuf>,
    /// Its `version` label, if it gives one.
    pub version: Option<String>,
}

impl Manifest {
    pub fn load(path: &Path) -> Result<Manifest, UsageError> {
        let text = crate::input::read_text(path, crate::input::BOT_MANIFEST).map_err(|e| {
            UsageError::File {
                path: path.to_path_buf(),
                line: 0,
                message: format!("cannot read the bot manifest: {e}"),
            }
        })?;
        Manifest::parse(path, &text)
    }

    pub fn parse(path: &Path, text: &str) -> Result<Manifest, UsageError> {
        let source = Source { path, text };
        let raw: ManifestFile = toml::from_str(text)
            .map_err(|e| source.error(e.span(), e.message().trim().to_string()))?;
        raw.check(&source)?;
        let clock = raw
            .clock
            .as_ref()
            .map(|text| {
                Clock::parse(text.get_ref())
                    .map_err(|e| source.error(Some(text.span()), format!("`clock`: {e}")))
            })
            .transpose()?;
        let params = raw
            .params
            .iter()
            .map(|(name, p)| p.spec(name))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| source.invalid(&e))?;
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let folder = std::path::absolute(folder).map_err(|e| source.invalid(&e.to_string()))?;
        raw.limits
            .check(Limits::KEYS)
            .map_err(|e| source.invalid(&format!("[limits] {e}")))?;
        let dir_set = raw.dir.is_some();
        let dir = raw.dir.map_or_else(|| folder.clone(), |d| folder.join(d));
        let read: Vec<PathBuf> = raw.read.iter().map(|p| folder.join(p)).collect();
        let mut readable = vec![folder.clone(), dir.clone()];
        readable.extend(read.iter().cloned());
        let command = if raw.command.contains('/') {
            folder.join(&raw.command)
        } else {
            PathBuf::from(&raw.command)
        };
        Ok(Manifest {
            path: path.to_path_buf(),
            name: raw.name.into_inner(),
            game: raw.game,
            protocol: raw.protocol,
            command,
            args: raw.args,
            dir,
            move_limit: Duration::from_millis(raw.move_ms),
            startup_limit: Duration::from_millis(raw.startup_ms),
            clock,
            clock_margin: Duration::from_millis(raw.clock_margin_ms),
            restart: raw.restart,
            legal_actions: raw.legal_actions,
            max_line_bytes: raw.max_line_bytes,
            transcript: raw.transcript,
            params,
            readable,
            limits: raw.limits,
            dir_set,
            read,
            version: raw.version.map(toml::Spanned::into_inner),
        })
    }

    /// What confines the program: its folders and limits, and where it may connect. An
    /// argument naming an existing file (a script given to an interpreter, from anywhere) may
    /// be read too; folders must be listed in `read`.
    pub fn sandbox(&self, network: sandbox::Network) -> sandbox::Program<'_> {
        let files = self
            .args
            .iter()
            .map(|arg| self.dir.join(arg))
            .filter(|path| path.is_file());
        sandbox::Program {
            readable: self.readable.iter().cloned().chain(files).collect(),
            limits: &self.limits,
            network,
        }
    }

    /// Every declared parameter's value, the defaults overridden by `given` (from
    /// `--bots ./mybot.toml:x=0.3`), as the program receives them in `hello` and `new_game`.
    /// An undeclared name, a value that is not a number of the declared kind or one outside
    /// `[min, max]` is refused.
    pub fn param_values(
        &self,
        given: &Params,
    ) -> Result<serde_json::Map<String, serde_json::Value>, String> {
        if let Some(key) = given
            .0
            .keys()
            .find(|k| !self.params.iter().any(|p| &p.name == *k))
        {
            let declared: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
            return Err(match declared.is_empty() {
                true => format!("it declares no [params], got '{key}'"),
                false => format!("it takes {}; got '{key}'", declared.join(", ")),
            });
        }
        let mut values = serde_json::Map::new();
        for spec in &self.params {
            let default = spec.default.expect("manifest parameters have defaults");
            let value = match given.0.get(&spec.name) {
                None => default,
                Some(text) => text
                    .parse::<f64>()
                    .ok()
                    .filter(|v| (spec.min..=spec.max).contains(v))
                    .filter(|v| spec.kind == ParamKind::Float || v.fract() == 0.0)
                    .ok_or_else(|| {
                        let kind = match spec.kind {
                            ParamKind::Int => "a whole number",
                            ParamKind::Float => "a number",
                        };
                        format!(
                            "{} must be {kind} in [{}, {}], got '{text}'",
                            spec.name, spec.min, spec.max
                        )
                    })?,
            };
            values.insert(spec.name.clone(), spec.kind.json(value));
        }
        Ok(values)
    }

    /// A fresh clock for one game, when the command line (`--clock`, `--clock-margin-ms`,
    /// which win) or the manifest sets one.
    pub fn game_clock(&self) -> Option<GameClock> {
        let flags = clock::overrides();
        let clock = flags.clock.or(self.clock)?;
        Some(GameClock::new(
            clock,
            flags.margin.unwrap_or(self.clock_margin),
        ))
    }

    /// Refuses a manifest written for another game.
    pub fn check_game(&self, game: &str) -> Result<(), UsageError> {
        if self.game == game {
            Ok(())
        } else {
            Err(UsageError::Invalid(format!(
                "bot manifest {} is for game '{}', not {game}",
                self.path.display(),
                self.game
            )))
        }
    }
}

/// A manifest's path and text, to word its errors as `file:line: message`.
struct Source<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Source<'_> {
    /// An error on the line where `span` starts, or on line 1.
    fn error(&self, span: Option<std::ops::Range<usize>>, message: String) -> UsageError {
        UsageError::File {
            path: self.path.to_path_buf(),
            line: span.map_or(1, |s| {
                1 + self.text[..s.start.min(self.text.len())]
                    .matches('\n')
                    .count()
            }),
            message,
        }
    }

    /// An error about the manifest as a whole, on line 1.
    fn invalid(&self, message: &str) -> UsageError {
        self.error(None, message.to_string())
    }
}

impl ManifestFile {
    /// Refuses a name that is not a plain label, and a command, limit or contest setting the
    /// harness cannot use.
    fn check(&self, source: &Source) -> Result<(), UsageError> {
        let name_error = |message: String| source.error(Some(self.name.span()), message);
        check_label(self.name.get_ref()).map_err(|e| name_error(format!("`name`: {e}")))?;
        if self.name.get_ref().contains([',', ' ', '#']) {
            return Err(name_error(
                "`name` must be without spaces, commas or '#'".to_string(),
            ));
        }
        if self.command.is_empty() {
            return Err(source.invalid("`command` must name a program"));
        }
        if self.move_ms == 0 || self.startup_ms == 0 {
            return Err(source.invalid("`move_ms` and `startup_ms` must be at least 1"));
        }
        if self.max_line_bytes < 64 {
            return Err(source.invalid("`max_line_bytes` must be at least 64"));
        }
        let bounds = [
            ("`move_ms`", self.move_ms),
            ("`startup_ms`", self.startup_ms),
            ("`clock_margin_ms`", self.clock_margin_ms),
        ];
        for (key, ms) in bounds {
            input::millis_at_most(key, ms).map_err(|e| source.invalid(&e))?;
        }
        input::at_most(
            "`max_line_bytes`",
            self.max_line_bytes as u64,
            input::LINE_BYTES,
        )
        .map_err(|e| source.invalid(&e))?;
        if self.protocol == Protocol::Cgs {
            check_contest_program(self).map_err(|e| source.invalid(&e))?;
        }
        if let Some(version) = &self.version {
            crate::bot::check_version_label(version.get_ref())
                .map_err(|e| source.error(Some(version.span()), format!("`version`: {e}")))?;
        }
        Ok(())
    }
}

/// A contest program is started once per game and told where to connect and under which name:
/// without `{port}` and `{name}` in its arguments it could not reach its game.
fn check_contest_program(raw: &ManifestFile) -> Result<(), String> {
    for placeholder in ["{port}", "{name}"] {
        if !raw.args.iter().any(|a| a.contains(placeholder)) {
            return Err(format!(
                "a contest program (protocol = \"cgs\") needs {placeholder} in `args`, e.g. \
                 args = [\"{{host}}\", \"{{port}}\", \"{{name}}\"]"
            ));
        }
    }
    if raw.restart != Restart::EveryGame {
        return Err(
            "a contest program is started for every game: `restart` must be \"every-game\"".into(),
        );
    }
    if !raw.params.is_empty() {
        return Err("a contest program takes no [params]".into());
    }
    Ok(())
}

/// Where the manifest a bot token names lives, if it names one: a path ending in `.toml`, or a
/// name that is not a built-in bot but has a registered manifest `bots/NAME.toml` (relative to
/// the current folder).
pub fn manifest_path(token: &str, is_built_in: impl Fn(&str) -> bool) -> Option<PathBuf> {
    if token.ends_with(".toml") {
        return Some(PathBuf::from(token));
    }
    let registered = Path::new("bots").join(format!("{token}.toml"));
    (!is_built_in(token) && registered.is_file()).then_some(registered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_paths_relative_to_the_manifest_folder() {
        let m = Manifest::parse(
            Path::new("/tmp/bots/x.toml"),
            "name = \"x\"\ngame = \"some-game\"\ncommand = \"./run\"\n",
        )
        .unwrap();
        assert_eq!(m.command, PathBuf::from("/tmp/bots/./run"));
        assert_eq!(m.dir, PathBuf::from("/tmp/bots"));
        assert_eq!(m.move_limit, Duration::from_millis(1000));
        assert_eq!(m.restart, Restart::EveryGame);
        assert!(m.legal_actions);
        let on_path = Manifest::parse(
            Path::new("/tmp/bots/y.toml"),
            "name = \"y\"\ngame = \"some-game\"\ncommand = \"python3\"\nargs = [\"y.py\"]\n\
             dir = \"sub\"\nrestart = \"on-fault\"\nmove_ms = 50\n",
        )
        .unwrap();
        assert_eq!(on_path.command, PathBuf::from("python3"));
        assert_eq!(on_path.dir, PathBuf::from("/tmp/bots/sub"));
        assert_eq!(on_path.restart, Restart::OnFault);
        assert_eq!(on_path.move_limit, Duration::from_millis(50));
    }

    #[test]
    fn bad_manifests_name_the_line() {
        let err = Manifest::parse(
            Path::new("b.toml"),
            "name = \"x\"\ngame = \"some-game\"\ncommand = \"c\"\nmove_sm = 3\n",
        )
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("b.toml:4:"), "{err}");
        assert!(err.contains("move_sm"), "{err}");
        let err = Manifest::parse(Path::new("b.toml"), "name = \"x\"\ngame = \"some-game\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("command"), "{err}");
        let m = Manifest::parse(
            Path::new("b.toml"),
            "name=\"x\"\ngame=\"some-game\"\ncommand=\"c\"",
        )
        .unwrap();
        assert!(m.check_game("some-game").is_ok());
        assert!(
            m.check_game("other-game")
                .unwrap_err()
                .to_string()
                .contains("for game 'some-game'")
        );
    }

    #[test]
    fn a_clock_is_read_and_a_bad_one_refused_on_its_line() {
        let parse = |extra: &str| {
            Manifest::parse(
                Path::new("k.toml"),
                &format!("name=\"k\"\ngame=\"g\"\ncommand=\"c\"\n{extra}"),
            )
        };
        let m = parse("clock = \"60+0.5\"\nclock_margin_ms = 250\n").unwrap();
        assert_eq!(m.clock, Some(Clock::parse("60+0.5").unwrap()));
        assert_eq!(m.clock_margin, Duration::from_millis(250));
        assert_eq!(parse("").unwrap().clock, None);
        for bad in ["60+", "-1+0", "abc"] {
            let err = parse(&format!("move_ms = 5\nclock = \"{bad}\"\n"))
                .unwrap_err()
                .to_string();
            assert!(err.starts_with("k.toml:5: `clock`: clock"), "{err}");
        }
    }

    #[test]
    fn declared_params_are_filled_in_checked_and_typed() {
        let m = Manifest::parse(
            Path::new("p.toml"),
            "name=\"p\"\ngame=\"g\"\ncommand=\"c\"\n[params]\n\
             x = { default = 0.5, min = 0.0, max = 1.0 }\nn = { default = 3, min = 1, max = 9 }\n",
        )
        .unwrap();
        assert_eq!(m.params[0].kind, ParamKind::Int, "sorted by name: n first");
        assert_eq!(m.params[1].kind, ParamKind::Float);
        let given = |pairs: &[(&str, &str)]| {
            Params(
                pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            )
        };
        let values = m.param_values(&given(&[("x", "0.25")])).unwrap();
        assert_eq!(
            serde_json::Value::Object(values).to_string(),
            r#"{"n":3,"x":0.25}"#
        );
        assert!(
            m.param_values(&given(&[("x", "2")]))
                .unwrap_err()
                .contains("[0, 1]")
        );
        assert!(m.param_values(&given(&[("n", "2.5")])).is_err());
        assert!(
            m.param_values(&given(&[("y", "1")]))
                .unwrap_err()
                .contains("n, x")
        );
        let bad = Manifest::parse(
            Path::new("p.toml"),
            "name=\"p\"\ngame=\"g\"\ncommand=\"c\"\n[params]\nx = { default = 2, min = 0, max = 1 }\n",
        );
        assert!(bad.unwrap_err().to_string().contains("parameter 'x'"));
    }

    #[test]
    fn a_contest_program_needs_its_port_and_name_and_is_started_per_game() {
        let parse = |extra: &str| {
            Manifest::parse(
                Path::new("c.toml"),
                &format!("name=\"c\"\ngame=\"g\"\nprotocol=\"cgs\"\ncommand=\"./c\"\n{extra}"),
            )
        };
        let ok = parse("args = [\"{host}\", \"{port}\", \"{name}\"]\n").unwrap();
        assert_eq!(ok.protocol, Protocol::Cgs);
        let err = parse("args = [\"{host}\", \"{port}\"]\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("{name}"), "{err}");
        let err = parse("args = [\"{port}\", \"{name}\"]\nrestart = \"on-fault\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("every-game"), "{err}");
        let json = Manifest::parse(Path::new("j.toml"), "name=\"j\"\ngame=\"g\"\ncommand=\"c\"");
        assert_eq!(json.unwrap().protocol, Protocol::JsonLines);
    }

    #[test]
    fn a_name_is_a_label_never_a_path() {
        for (name, problem) in [
            ("../../escaped", "path separator"),
            ("a/b", "path separator"),
            ("..", "'..'"),
            (".hidden", "starts with '.'"),
            ("", "is empty"),
            ("tab\\there", "control character"),
        ] {
            let text = format!("game = \"g\"\nname = \"{name}\"\ncommand = \"c\"\n");
            let err = Manifest::parse(Path::new("b.toml"), &text)
                .unwrap_err()
                .to_string();
            assert!(err.starts_with("b.toml:2: `name`: bot name"), "{err}");
            assert!(err.contains(problem), "{name:?}: {err}");
        }
        let long = "x".repeat(65);
        let text = format!("name = \"{long}\"\ngame = \"g\"\ncommand = \"c\"\n");
        let err = Manifest::parse(Path::new("b.toml"), &text).unwrap_err();
        assert!(err.to_string().contains("longer than 64"), "{err}");
    }

    #[test]
    fn tokens_ending_in_toml_are_manifests_and_built_ins_stay_built_in() {
        assert_eq!(
            manifest_path("bots/x.toml", |_| false),
            Some(PathBuf::from("bots/x.toml"))
        );
        assert_eq!(manifest_path("nice", |n| n == "nice"), None);
        assert_eq!(manifest_path("no-such-manifest-here", |_| false), None);
    }
}
