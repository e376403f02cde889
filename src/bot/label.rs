//! The names users give bots and their versions: labels in every table, and file names of
//! outside bots' logs.

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

/// Refuses a version label (`--version-label`, a manifest's `version`) that could not be shown
/// on one line of a table: empty, longer than [`MAX_LABEL_CHARS`], or with a control character.
pub fn check_version_label(label: &str) -> Result<(), String> {
    if label.trim().is_empty() {
        return Err("a version label must not be empty".into());
    }
    if label.chars().count() > MAX_LABEL_CHARS {
        return Err(format!(
            "a version label must be at most {MAX_LABEL_CHARS} characters, got '{}'",
            crate::error::quote(label)
        ));
    }
    if label.chars().any(char::is_control) {
        return Err("a version label must not hold a control character".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_labels_are_one_short_line() {
        assert!(check_version_label("v1.2").is_ok());
        assert!(check_version_label("feature/x 3").is_ok());
        assert!(check_version_label("").is_err());
        assert!(check_version_label("a\nb").is_err());
        assert!(
            check_version_label(&"x".repeat(65))
                .unwrap_err()
                .contains("at most 64")
        );
    }
}
