//! No two files of the program import each other, directly or around a circle: the rule of
//! docs/architecture.md's "Inside a module", read from the code. Every `crate::`, `super::` and
//! `self::` path of a file's product code (its test module apart) is resolved to the file that
//! defines the module it names, and the graph of files must have no strongly connected part
//! larger than one file.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["app", "plan"]`), by the file that defines it.
type Modules = BTreeMap<Vec<String>, PathBuf>;

fn modules(src: &Path) -> Modules {
    fn walk(dir: &Path, src: &Path, out: &mut Modules) {
        for entry in fs::read_dir(dir).expect("readable source folder") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                walk(&path, src, out);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path
                .strip_prefix(src)
                .expect("under src")
                .with_extension("");
            let mut module: Vec<String> = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|last| last == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                module.clear();
            }
            // Test-only files (`tests.rs`, `tests/`) may import what they test.
            if module.iter().any(|part| part == "tests") {
                continue;
            }
            out.insert(module, path);
        }
    }
    let mut out = Modules::new();
    walk(src, src, &mut out);
    out
}

/// A file's text without its test module and its line comments.
fn product_code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| line.split_once("//").map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every module path the code names from `module` (the file's own module): each
/// `crate::a::b`, `super::a`, `self::a`, and each item of a `{…}` group after one, made
/// absolute.
fn named_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !is_ident(chars[i - 1]) && chars[i - 1] != ':';
        let rest: String = chars[i..chars.len().min(i + 8)].iter().collect();
        let head = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|h| rest.starts_with(h));
        let (Some(head), true) = (head, starts_word) else {
            i += 1;
            continue;
        };
        let mut base: Vec<String> = match head {
            "crate::" => Vec::new(),
            "self::" => module.to_vec(),
            _ => module[..module.len().saturating_sub(1)].to_vec(),
        };
        i += head.len();
        loop {
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word.is_empty() {
                break;
            }
            if word == "super" {
                base.pop();
            } else {
                base.push(word);
            }
            if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
                i += 2;
            } else {
                break;
            }
        }
        out.push(base.clone());
        if chars.get(i) == Some(&'{') {
            let close = chars[i..]
                .iter()
                .position(|&c| c == '}')
                .map_or(chars.len(), |p| i + p);
            let group: String = chars[i + 1..close].iter().collect();
            for item in group.split(',') {
                let item = item.split(" as ").next().unwrap_or("").trim();
                let parts: Vec<String> = item
                    .split("::")
                    .map(|p| p.trim().trim_start_matches('{').to_string())
                    .filter(|p| !p.is_empty() && p != "self")
                    .collect();
                if !parts.is_empty() {
                    out.push(base.iter().cloned().chain(parts).collect());
                }
            }
            i = close;
        }
    }
    out
}

/// The file defining the longest leading part of `path` that is a module.
fn file_of<'m>(path: &[String], modules: &'m Modules) -> Option<&'m PathBuf> {
    (0..=path.len()).rev().find_map(|n| modules.get(&path[..n]))
}

type Graph = BTreeMap<PathBuf, BTreeSet<PathBuf>>;

fn import_graph(src: &Path) -> Graph {
    let modules = modules(src);
    let mut graph = Graph::new();
    for (module, file) in &modules {
        let code = product_code(&fs::read_to_string(file).expect("readable file"));
        let targets = named_paths(&code, module)
            .iter()
            .filter_map(|path| file_of(path, &modules))
            .filter(|target| *target != file)
            .cloned()
            .collect();
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The strongly connected parts of `graph` with more than one file (Tarjan's algorithm).
fn circles(graph: &Graph) -> Vec<Vec<PathBuf>> {
    struct Walk<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g PathBuf, usize>,
        low: BTreeMap<&'g PathBuf, usize>,
        stack: Vec<&'g PathBuf>,
        on_stack: BTreeSet<&'g PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, file: &'g PathBuf) {
            let n = self.index.len();
            self.index.insert(file, n);
            self.low.insert(file, n);
            self.stack.push(file);
            self.on_stack.insert(file);
            for next in self.graph.get(file).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[file].min(self.low[next]);
                    self.low.insert(file, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[file].min(self.index[next]);
                    self.low.insert(file, low);
                }
            }
            if self.low[file] == self.index[file] {
                let mut part = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    part.push(top.clone());
                    if top == file {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for file in graph.keys() {
        if !walk.index.contains_key(file) {
            walk.visit(file);
        }
    }
    walk.found
}

#[test]
fn no_two_files_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = import_graph(&src);
    assert!(graph.len() > 100, "too few files read: {}", graph.len());
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "files that import each other (move what both need to a file of its own, see \
         docs/architecture.md): {found:#?}"
    );
}

#[test]
fn the_circle_check_finds_a_circle_and_resolves_paths() {
    let module = |path: &str| -> Vec<String> { path.split('/').map(String::from).collect() };
    let code = "use super::plan::{RunPlan, staged};\nuse crate::app::files::write;\n\
                let x = self::inner::f(); use super::super::error::{self, Quiet as Q};";
    let named = named_paths(&product_code(code), &module("app/arguments"));
    for wanted in [
        "app/plan",
        "app/plan/RunPlan",
        "app/plan/staged",
        "app/files/write",
        "app/arguments/inner/f",
        "error",
        "error/Quiet",
    ] {
        assert!(named.contains(&module(wanted)), "{wanted} not in {named:?}");
    }
    let file = |name: &str| PathBuf::from(name);
    let mut graph = Graph::new();
    graph.insert(file("a.rs"), [file("b.rs")].into());
    graph.insert(file("b.rs"), [file("c.rs")].into());
    graph.insert(file("c.rs"), [file("a.rs")].into());
    graph.insert(file("d.rs"), [file("a.rs")].into());
    assert_eq!(
        circles(&graph),
        vec![vec![file("a.rs"), file("b.rs"), file("c.rs")]]
    );
    graph.insert(file("c.rs"), BTreeSet::new());
    assert!(circles(&graph).is_empty());
}
