//! The repository stands on its own: no tracked file names a place outside it (a sibling
//! folder, a parent of the checkout, an absolute path on the machine it was written on), and
//! every `docs/….md` the code and the README point at exists. A clone must hold everything its
//! readers are sent to.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The sibling folder the project was written next to. Spelled in pieces so this file does not
/// name it.
const SIBLING: &str = "shared";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's files, relative to the root: those git tracks or would track (new files
/// not ignored), when git and the repository are there; else every file of the tree but
/// `target/` and `.git/` (a source package has no `.git`).
fn tracked_files() -> Vec<PathBuf> {
    let listed = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root())
        .output()
        .ok()
        .filter(|out| out.status.success() && !out.stdout.is_empty());
    match listed {
        Some(out) => out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            .collect(),
        None => {
            let mut files = Vec::new();
            walk(root(), Path::new(""), &mut files);
            files
        }
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(root.join(dir)).expect("readable folder") {
        let entry = entry.expect("readable entry");
        let relative = dir.join(entry.file_name());
        if entry.path().is_dir() {
            if relative != Path::new("target") && relative != Path::new(".git") {
                walk(root, &relative, out);
            }
        } else {
            out.push(relative);
        }
    }
}

/// The text of a tracked file, `None` for binary files (fonts) and files gone from the tree.
fn text_of(file: &Path) -> Option<String> {
    let bytes = fs::read(root().join(file)).ok()?;
    String::from_utf8(bytes).ok().filter(|t| !t.contains('\0'))
}

/// Characters a path is made of, as they appear in prose, code and shell lines.
fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '~' | '/')
}

/// The maximal runs of path characters in `text`, each with the character just before it.
fn path_tokens(text: &str) -> Vec<(Option<char>, &str)> {
    let mut tokens = Vec::new();
    let mut start = None;
    let mut before = None;
    let mut previous = None;
    for (i, c) in text.char_indices() {
        match (is_path_char(c), start) {
            (true, None) => {
                start = Some(i);
                before = previous;
            }
            (false, Some(s)) => {
                tokens.push((before, &text[s..i]));
                start = None;
            }
            _ => {}
        }
        previous = Some(c);
    }
    if let Some(s) = start {
        tokens.push((before, &text[s..]));
    }
    tokens
}

/// What in `text`, the content of a file `depth` folders below the root, points outside the
/// repository: the sibling's rule and protocol folders, an absolute path under the machine's
/// work folder, or a relative path whose `..` steps climb above the root from the file's
/// folder. A path that follows `)` or `}` (`$(dirname "$0")/../..`) starts in that folder too.
fn outside_references(text: &str, depth: usize) -> Vec<String> {
    let mut found: Vec<String> = [
        format!("{SIBLING}/rules"),
        format!("{SIBLING}/protocols"),
        format!("../{SIBLING}"),
    ]
    .into_iter()
    .filter(|needle| text.contains(needle.as_str()))
    .collect();
    let work = format!("/{}", "work");
    for (before, token) in path_tokens(text) {
        let absolute = token.starts_with('/') && !matches!(before, Some(')' | '}'));
        if absolute {
            let rest = &token[work.len().min(token.len())..];
            if token.starts_with(&work) && (rest.is_empty() || rest.starts_with('/')) {
                found.push(token.to_string());
            }
            continue;
        }
        if !token.contains('/') || !token.split('/').any(|part| part == "..") {
            continue;
        }
        let mut level = depth;
        for part in token.split('/') {
            match part {
                "" | "." => {}
                ".." if level == 0 => {
                    found.push(token.to_string());
                    break;
                }
                ".." => level -= 1,
                _ => level += 1,
            }
        }
    }
    found
}

#[test]
fn outside_references_are_recognised_and_inside_ones_are_not() {
    let up = "..";
    let work = format!("/{}", "work");
    let outside = |text: &str, depth| !outside_references(text, depth).is_empty();
    assert!(outside(&format!("see {up}/{SIBLING}/x.md"), 2));
    assert!(outside(&format!("(rules: {SIBLING}/rules/t2r.md)"), 1));
    assert!(outside(&format!("`{SIBLING}/protocols/wire.md`"), 3));
    assert!(outside(&format!("cd {work}/wt/x"), 2));
    assert!(outside(&format!("\"{work}\""), 0));
    assert!(outside(&format!("[x]({up}/README.md)"), 0));
    assert!(outside(&format!("[x]({up}/{up}/{up}/y.md)"), 2));
    assert!(outside(
        &format!("cd \"$(dirname \"$0\")/{up}/{up}/{up}\""),
        2
    ));
    // Inside: links between docs, a script climbing to the root, ranges, other absolute
    // paths, and words that only start like the work folder.
    assert!(!outside(&format!("[x]({up}/contest-protocol.md)"), 2));
    assert!(!outside(&format!("cd \"$(dirname \"$0\")/{up}/{up}\""), 2));
    assert!(!outside("for i in 0..5 { v[..i] }", 0));
    assert!(!outside("submit.sh 8 /scratch/ladder", 0));
    assert!(!outside(&format!(".github{work}flows/ci.yml"), 0));
    assert!(!outside(&format!("https://example.org/a/{up}/b"), 0));
}

#[test]
fn no_tracked_file_names_a_path_outside_the_repository() {
    let files = tracked_files();
    assert!(files.len() > 50, "found the repository's files");
    let mut offences = Vec::new();
    for file in &files {
        let Some(text) = text_of(file) else {
            continue;
        };
        let depth = file.components().count() - 1;
        for reference in outside_references(&text, depth) {
            offences.push(format!("{}: {reference}", file.display()));
        }
    }
    assert!(
        offences.is_empty(),
        "files naming paths outside the repository:\n{}",
        offences.join("\n")
    );
}

/// Every `docs/….md` path in `text` (from the root, possibly written `./docs/…`).
fn docs_paths(text: &str) -> Vec<&str> {
    path_tokens(text)
        .into_iter()
        .map(|(_, token)| token.trim_end_matches('.'))
        .map(|token| token.strip_prefix("./").unwrap_or(token))
        .filter(|token| token.starts_with("docs/") && token.ends_with(".md"))
        .collect()
}

/// The targets of the relative Markdown links `[text](target)` in `text`, anchors dropped.
fn relative_links(text: &str) -> Vec<&str> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|target| target.split('#').next().unwrap_or(""))
        .filter(|target| !target.is_empty() && !target.contains("://"))
        .collect()
}

#[test]
fn every_docs_path_in_the_code_and_readme_exists_and_docs_links_resolve() {
    let mut checked = 0;
    let mut missing = Vec::new();
    for file in tracked_files() {
        if !(file.starts_with("src") || file == Path::new("README.md")) {
            continue;
        }
        let Some(text) = text_of(&file) else {
            continue;
        };
        for path in docs_paths(&text) {
            checked += 1;
            if !root().join(path).is_file() {
                missing.push(format!("{}: {path}", file.display()));
            }
        }
    }
    assert!(
        checked >= 6,
        "the code points at the rules files ({checked} paths)"
    );
    for file in tracked_files() {
        if !(file.starts_with("docs") && file.extension().is_some_and(|e| e == "md")) {
            continue;
        }
        let (Some(text), Some(folder)) = (text_of(&file), file.parent()) else {
            continue;
        };
        for link in relative_links(&text) {
            if !root().join(folder).join(link).exists() {
                missing.push(format!("{}: link {link}", file.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs named but missing:\n{}",
        missing.join("\n")
    );
}
