//! The client's commands and the server's fixed texts, as `docs/contest-protocol.md`
//! (§3–§7) quotes them. Parsing only; what a command does depends on the session's state.

use std::collections::BTreeMap;

/// One command, from the stripped text of one read (§1.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    ClientName(String),
    /// Everything after `WAIT_GAME `, possibly empty.
    WaitGame(String),
    GetGameData,
    GetMove,
    /// Everything after the 10th character, as CGS takes it.
    PlayMove(String),
    DispGame,
    SendComment(String),
    /// Anything else, kept for the error text.
    Unknown(String),
}

impl Command {
    /// Recognises a command by its prefix, as CGS does. An empty comment has lost its space to
    /// the stripping and is not a `SEND_COMMENT` (§6).
    pub fn parse(text: &str) -> Command {
        let after = |prefix: &str| text.get(prefix.len()..).unwrap_or("").to_string();
        if let Some(name) = text.strip_prefix("CLIENT_NAME ") {
            Command::ClientName(name.to_string())
        } else if text.starts_with("WAIT_GAME") {
            Command::WaitGame(after("WAIT_GAME ").trim().to_string())
        } else if text.starts_with("GET_GAME_DATA") {
            Command::GetGameData
        } else if text.starts_with("GET_MOVE") {
            Command::GetMove
        } else if text.starts_with("PLAY_MOVE") {
            Command::PlayMove(after("PLAY_MOVE ").trim().to_string())
        } else if text.starts_with("DISP_GAME") {
            Command::DispGame
        } else if let Some(comment) = text.strip_prefix("SEND_COMMENT ") {
            Command::SendComment(comment.to_string())
        } else {
            Command::Unknown(text.to_string())
        }
    }
}

pub const OK: &str = "OK";
pub const NOT_READY: &str = "NOT_READY";
pub const BAD_FIRST: &str = "Bad protocol, should start with CLIENT_NAME ";
pub const BAD_NAME: &str = "The name is invalid (max 20 characters in [a-zA-Z0-9_])";
pub const NOT_WAIT_GAME: &str = "Bad protocol, should send 'WAIT_GAME %s' command";
pub const NOT_GAME_DATA: &str = "Bad protocol, should send 'GET_GAME_DATA' command";
pub const OUR_TURN: &str = "It's our turn to play, so we cannot ask for a move!";
pub const NOT_OUR_TURN: &str = "It's not our turn to play, so we cannot play a move!";
pub const MOVER_TIMEOUT: &str = "Timeout !";
pub const WAITER_TIMEOUT: &str = "Timeout";
pub const OPPONENT_GONE: &str = "Opponent has disconnected";
pub const OPPONENT_TIMEOUT: &str = "Timeout of the opponent!";

/// The text for an in-game command CGS does not know.
pub fn bad_command(text: &str) -> String {
    format!("Bad protocol, command should not start with '{text}'")
}

/// Whether a `CLIENT_NAME` is 1–20 characters of `[A-Za-z0-9_]` (§3).
pub fn valid_name(name: &str) -> bool {
    (1..=20).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// What a `WAIT_GAME` asks for (§4.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Empty, or options only: wait to be paired.
    Free,
    /// Play now against a built-in bot, with these options.
    Training {
        bot: String,
        options: BTreeMap<String, String>,
    },
    Tournament(String),
}

/// Parses the text after `WAIT_GAME ` shell-style; `Err` is the text CGS answers (§4.3).
pub fn parse_request(spec: &str) -> Result<Request, String> {
    let invalid = || {
        format!(
            "The string sent with 'WAIT_GAME' is not valid (should be '{{options}}', \
             'TRAINING <NAME> {{options}}' or 'TOURNAMENT <NAME> {{options}}', but is '{spec}' instead)"
        )
    };
    let tokens = split_shell(spec).ok_or_else(invalid)?;
    let (head, rest): (Option<(&str, &str)>, &[String]) = match tokens.as_slice() {
        [] => (None, &[]),
        [first, ..] if first.contains('=') => (None, &tokens[..]),
        [kind, name, rest @ ..] if kind == "TRAINING" || kind == "TOURNAMENT" => {
            (Some((kind.as_str(), name.as_str())), rest)
        }
        _ => return Err(invalid()),
    };
    let mut options = BTreeMap::new();
    for token in rest {
        match token.split_once('=') {
            Some((key, value)) if !value.contains('=') => {
                options.insert(key.to_string(), value.to_string());
            }
            _ => return Err(invalid()),
        }
    }
    Ok(match head {
        None => Request::Free,
        Some(("TRAINING", bot)) => Request::Training {
            bot: bot.to_string(),
            options,
        },
        Some((_, name)) => Request::Tournament(name.to_string()),
    })
}

/// Splits like a POSIX shell without expansions: whitespace separates, single and double
/// quotes group, a backslash escapes outside single quotes. `None` for an unclosed quote.
fn split_shell(text: &str) -> Option<Vec<String>> {
    let mut tokens = Vec::new();
    let mut current: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => tokens.extend(current.take()),
            '\'' => {
                let word = current.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => word.push(c),
                    }
                }
            }
            '"' => {
                let word = current.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => word.push(chars.next()?),
                        c => word.push(c),
                    }
                }
            }
            '\\' => current.get_or_insert_with(String::new).push(chars.next()?),
            c => current.get_or_insert_with(String::new).push(c),
        }
    }
    tokens.extend(current);
    Some(tokens)
}

/// Training options shared by both games (§4.2), parsed as CGS does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainingOptions {
    /// 0…16777215; `None` for a random seed.
    pub seed: Option<u32>,
    /// `Some(true)`: the client is player #0; `None`: random.
    pub client_starts: Option<bool>,
    /// Seconds per move; `None` for the server's default.
    pub timeout: Option<u64>,
    pub once: bool,
}

/// Reads `seed`, `start`, `timeout` and `once`; `Err` is CGS's reason text. Other keys are
/// the game's business or ignored.
pub fn training_options(options: &BTreeMap<String, String>) -> Result<TrainingOptions, String> {
    let seed = match options.get("seed").map(String::as_str) {
        None | Some("") => None,
        Some(v) => Some(
            parse_int(v)
                .and_then(|n| u32::try_from(n).ok())
                .filter(|&n| n <= 0xFF_FFFF)
                .ok_or_else(|| format!("The 'seed' value is invalid ('seed={v}')"))?,
        ),
    };
    let client_starts = match options.get("start") {
        None => None,
        Some(v) => match v.trim().parse::<i64>() {
            Ok(-1) => None,
            Ok(0) => Some(true),
            Ok(_) => Some(false),
            Err(_) => return Err("The 'start' option must be '0', '1' or '-1'".to_string()),
        },
    };
    let timeout = match options.get("timeout") {
        None => None,
        Some(v) => Some(
            v.trim()
                .parse::<u64>()
                .map_err(|_| format!("The 'timeout' value is invalid ('timeout={v}')"))?,
        ),
    };
    Ok(TrainingOptions {
        seed,
        client_starts,
        timeout,
        once: options.contains_key("once"),
    })
}

/// Python's `int(v, 0)`: decimal, or `0x`/`0o`/`0b` prefixed, with an optional sign and `_`s.
fn parse_int(text: &str) -> Option<i64> {
    let text = text.trim().replace('_', "");
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(&text)),
    };
    let lower = digits.to_ascii_lowercase();
    let value = if let Some(hex) = lower.strip_prefix("0x") {
        i64::from_str_radix(hex, 16).ok()?
    } else if let Some(oct) = lower.strip_prefix("0o") {
        i64::from_str_radix(oct, 8).ok()?
    } else if let Some(bin) = lower.strip_prefix("0b") {
        i64::from_str_radix(bin, 2).ok()?
    } else if lower.len() > 1 && lower.starts_with('0') {
        // Python refuses leading zeros in decimal, except for zero itself.
        lower.bytes().all(|b| b == b'0').then_some(0)?
    } else {
        lower.parse().ok()?
    };
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_recognised_by_prefix() {
        for (line, command) in [
            ("CLIENT_NAME bob", Command::ClientName("bob".into())),
            ("WAIT_GAME", Command::WaitGame(String::new())),
            (
                "WAIT_GAME TRAINING NICE_BOT",
                Command::WaitGame("TRAINING NICE_BOT".into()),
            ),
            ("PLAY_MOVE 3 5", Command::PlayMove("3 5".into())),
            ("GET_MOVE", Command::GetMove),
            ("SEND_COMMENT hi", Command::SendComment("hi".into())),
            // An empty comment was stripped to its keyword: an unknown command (§6).
            ("SEND_COMMENT", Command::Unknown("SEND_COMMENT".into())),
            ("HELLO", Command::Unknown("HELLO".into())),
        ] {
            assert_eq!(Command::parse(line), command, "{line}");
        }
    }

    #[test]
    fn names_follow_the_contest_rule() {
        assert!(valid_name("bot_42"));
        assert!(!valid_name(""));
        assert!(!valid_name("bad name!"));
        assert!(!valid_name("abcdefghijklmnopqrstu"));
    }

    #[test]
    fn requests_parse_like_the_contest_server() {
        assert_eq!(parse_request(""), Ok(Request::Free));
        assert_eq!(parse_request("foo=bar"), Ok(Request::Free));
        let Ok(Request::Training { bot, options }) =
            parse_request("TRAINING NICE_BOT seed=0x10 'start=1' map=small")
        else {
            panic!("a training request");
        };
        assert_eq!(bot, "NICE_BOT");
        assert_eq!(options["seed"], "0x10");
        assert_eq!(options["start"], "1");
        assert_eq!(
            parse_request("TOURNAMENT T1"),
            Ok(Request::Tournament("T1".into()))
        );
        for bad in [
            "FOO",
            "TRAINING",
            "TOURNAMENT",
            "TRAINING X seed",
            "TRAINING X a=b=c",
        ] {
            let err = parse_request(bad).expect_err(bad);
            assert_eq!(
                err,
                format!(
                    "The string sent with 'WAIT_GAME' is not valid (should be '{{options}}', \
                     'TRAINING <NAME> {{options}}' or 'TOURNAMENT <NAME> {{options}}', but is '{bad}' instead)"
                )
            );
        }
    }

    #[test]
    fn training_options_follow_python_int_and_start_rules() {
        let opts = |pairs: &[(&str, &str)]| {
            training_options(
                &pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            )
        };
        assert_eq!(opts(&[("seed", "0x10")]).unwrap().seed, Some(16));
        assert_eq!(opts(&[("seed", "7")]).unwrap().seed, Some(7));
        assert_eq!(
            opts(&[("seed", "16777216")]),
            Err("The 'seed' value is invalid ('seed=16777216')".into())
        );
        assert_eq!(opts(&[("start", "0")]).unwrap().client_starts, Some(true));
        assert_eq!(opts(&[("start", "2")]).unwrap().client_starts, Some(false));
        assert_eq!(opts(&[("start", "-1")]).unwrap().client_starts, None);
        assert_eq!(
            opts(&[("start", "x")]),
            Err("The 'start' option must be '0', '1' or '-1'".into())
        );
        assert_eq!(
            opts(&[("timeout", "soon")]),
            Err("The 'timeout' value is invalid ('timeout=soon')".into())
        );
        assert!(opts(&[("once", "")]).unwrap().once);
    }
}
