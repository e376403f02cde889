//! Many bot manifests at once: `--bots 'contest/*.toml'`, or the same item in a scenario's bot
//! list, stands for every matching file, sorted by name, so a contest's programs are listed once
//! and always in the same order. A tiny matcher rather than a crate: only the file name may hold
//! wildcards (`*` any run of characters, `?` one character), which is all a folder of manifests
//! needs, and the crate's other features (recursive `**`, character classes, options) would be
//! more to explain than to use.

/// Whether a bot item is a pattern: it holds `*` or `?` and is not a parameter (`KEY=VALUE`).
pub fn is_pattern(item: &str) -> bool {
    item.contains(['*', '?']) && !item.contains('=')
}

/// Every item, with each pattern replaced by the files it matches.
pub fn expand_all<S: AsRef<str>>(items: &[S]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for item in items.iter().map(AsRef::as_ref) {
        match is_pattern(item.trim()) {
            true => out.extend(expand(item.trim())?),
            false => out.push(item.to_string()),
        }
    }
    Ok(out)
}

/// The files `pattern` matches, sorted; none is an error that names the pattern. As in a shell,
/// a wildcard does not match a leading `.`.
pub fn expand(pattern: &str) -> Result<Vec<String>, String> {
    let (folder, name) = match pattern.rsplit_once('/') {
        Some((folder, name)) => (Some(folder), name),
        None => (None, pattern),
    };
    if folder.is_some_and(|f| f.contains(['*', '?'])) {
        return Err(format!(
            "'{pattern}': wildcards (* and ?) may only be in the file name, not in folders"
        ));
    }
    let dir = match folder {
        Some("") => "/",
        Some(folder) => folder,
        None => ".",
    };
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("'{pattern}' matches no file: cannot read folder {dir}: {e}"))?;
    let mut found: Vec<String> = entries
        .flatten()
        .filter(|entry| entry.path().is_file())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|file| !file.starts_with('.') && matches(name, file))
        .map(|file| match folder {
            Some(folder) => format!("{folder}/{file}"),
            None => file,
        })
        .collect();
    if found.is_empty() {
        return Err(format!("'{pattern}' matches no file"));
    }
    found.sort();
    Ok(found)
}

/// Whether `text` matches `pattern` (`*` and `?`), character by character.
fn matches(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut i, mut j) = (0, 0);
    // Where the last `*` was, and the text position it currently swallows up to.
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        match p.get(i) {
            Some('*') => {
                star = Some((i, j));
                i += 1;
            }
            Some(&c) if c == '?' || c == t[j] => {
                i += 1;
                j += 1;
            }
            _ => match star {
                // Let the last `*` swallow one more character and try again.
                Some((s, k)) => {
                    star = Some((s, k + 1));
                    i = s + 1;
                    j = k + 1;
                }
                None => return false,
            },
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_match_like_a_shell() {
        assert!(matches("*.toml", "a.toml"));
        assert!(matches("*.toml", ".toml"));
        assert!(!matches("*.toml", "a.toml.bak"));
        assert!(matches("t2r-*-c.toml", "t2r-random-c.toml"));
        assert!(matches("b?t*", "bot"));
        assert!(!matches("b?t", "bt"));
        assert!(matches("*a*b*", "xxaxxbxx"));
        assert!(!matches("*a*b", "xxbxxa"));
        assert!(matches("é*", "été"));
    }

    #[test]
    fn patterns_expand_sorted_and_a_pattern_without_files_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for file in ["b.toml", "a.toml", ".hidden.toml", "c.txt"] {
            std::fs::write(dir.path().join(file), "").unwrap();
        }
        let root = dir.path().to_str().unwrap();
        let found = expand(&format!("{root}/*.toml")).unwrap();
        assert_eq!(found, [format!("{root}/a.toml"), format!("{root}/b.toml")]);
        let none = expand(&format!("{root}/*.json")).unwrap_err();
        assert!(none.contains("*.json' matches no file"), "{none}");
        assert!(expand(&format!("{root}/*/x.toml")).is_err());
        let items = expand_all(&["nice", &format!("{root}/?.toml"), "mcts:iterations=10"]);
        assert_eq!(items.unwrap().len(), 4);
    }
}
