//! Errors a user can cause and fix: each message names the input and the valid choices.
//! `main` maps them to exit code 2, an [`Interrupted`] command to 130; everything else (I/O, a
//! harness failure) is exit code 3.

use std::path::PathBuf;

/// A short quote of text that came from outside (a bot's answer, a name or field read from a
/// file), for messages: at most 120 characters, then `…`, so a huge input never makes a huge
/// message; control characters (a NUL byte, an escape sequence) are written escaped, `\0`,
/// `\u{1b}`, so a message never carries them raw to the terminal.
pub fn quote(text: &str) -> String {
    const MAX: usize = 120;
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// `text` whole with its control characters escaped as [`quote`] does: for a program's words
/// that tourney prints or stores (a fault's message), so a bot's terminal escape codes never
/// reach the organiser's terminal.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    text.chars().for_each(|c| push_escaped(&mut out, c));
    out
}

fn push_escaped(out: &mut String, c: char) {
    match c.is_control() {
        true => out.extend(c.escape_debug()),
        false => out.push(c),
    }
}

/// Bad input: an unknown name, an impossible value, a broken file.
#[derive(Debug, thiserror::Error)]
pub enum UsageError {
    #[error("unknown game '{name}'; known games: {known}")]
    UnknownGame { name: String, known: String },
    #[error("unknown bot '{name}' for {game}; known bots: {known}")]
    UnknownBot {
        name: String,
        game: &'static str,
        known: String,
    },
    #[error("unknown rule set '{name}' for {game}; known rule sets: {known}")]
    UnknownRules {
        name: String,
        game: &'static str,
        known: String,
    },
    #[error("invalid value '{value}' for option '{option}' of {game}; valid values: {valid}")]
    BadOptionValue {
        option: &'static str,
        value: String,
        game: &'static str,
        valid: String,
    },
    #[error("unknown option '{name}' for {game}; known options: {known}")]
    UnknownOption {
        name: String,
        game: &'static str,
        known: String,
    },
    #[error("bad parameters for bot '{bot}': {message}")]
    BotParams { bot: String, message: String },
    #[error("{0}")]
    Invalid(String),
    #[error("{path}:{line}: {message}")]
    File {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

/// A command stopped by Ctrl-C or SIGTERM before it reached its end: exit code 130 (128 +
/// SIGINT), whatever the signal, and never a verdict. The message says how far it got and how
/// to go on.
#[derive(Debug, thiserror::Error)]
#[error("interrupted: {0}")]
pub struct Interrupted(pub String);

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn quotes_are_cut_short_and_control_characters_escaped() {
        assert_eq!(quote("x\0y\u{1b}[2J\t"), "x\\0y\\u{1b}[2J\\t");
        assert_eq!(quote("plain é"), "plain é");
        let long = "a".repeat(200);
        assert_eq!(quote(&long), format!("{}…", "a".repeat(120)));
        assert_eq!(quote(&"a".repeat(120)), "a".repeat(120));
    }
}
