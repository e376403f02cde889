//! The names users give bots: labels in every table, and file names of outside bots' logs.

/// Longest name a user may give a bot (a manifest's or a scenario's `name`).
pub const MAX_LABEL_CHARS: usize = 64;

/// Checks a name a user gave a bot. A label names the bot in every table and also becomes a
/// file name (an outside bot's log), so it must be a plain printable name and never a path:
/// no separator, no `..`, no leading `.`, no control character, not empty, not overlong.
pub fn check_label(label: &str) -> Result<(), String> {
    let problem = if label.is_empty() {
        "is empty".to_string()
    } else if label.chars().count() > MAX_LABEL_CHARS {
        format!("is longer than {MAX_LABEL_CHARS} characters")
    } else if label.contains(['/', '\\']) {
        "contains a path separator ('/' or '\\'): a name is a label, not a path".to_string()
    } else if label.starts_with('.') || label.contains("..") {
        "starts with '.' or contains '..': a name is a label, not a path".to_string()
    } else if label.chars().any(char::is_control) {
        "contains a control character".to_string()
    } else {
        return Ok(());
    };
    Err(format!(
        "bot name {:?} {problem}",
        crate::error::quote(label)
    ))
}
