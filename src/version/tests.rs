//! Versions of hand-built programs in temporary folders: what must change a digest, what must
//! not, and the inputs that must be refused rather than hang.

use super::*;
use std::fs;
use std::path::Path;

/// A shared folder as `bots/examples/` is: two Python manifests running one script, a C-like
/// program file, and a program with a `dir` of its own and a `read` file.
fn shared_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("random.py"), "print('ready')\n").unwrap();
    fs::write(root.join("random"), b"\x7fELF binary").unwrap();
    for name in ["a", "b"] {
        fs::write(
            root.join(format!("{name}-py.toml")),
            format!(
                "name = \"{name}\"\ngame = \"g\"\ncommand = \"python3\"\nargs = [\"random.py\"]\n"
            ),
        )
        .unwrap();
    }
    fs::write(
        root.join("c.toml"),
        "name = \"c\"\ngame = \"g\"\ncommand = \"./random\"\n",
    )
    .unwrap();
    fs::create_dir_all(root.join("own/lib")).unwrap();
    fs::write(root.join("own/main.py"), "import lib.helper\n").unwrap();
    fs::write(root.join("own/lib/helper.py"), "X = 1\n").unwrap();
    fs::write(root.join("weights.bin"), [0u8, 1, 2]).unwrap();
    fs::write(
        root.join("own.toml"),
        "name = \"own\"\ngame = \"g\"\ncommand = \"python3\"\nargs = [\"main.py\"]\n\
         dir = \"own\"\nread = [\"weights.bin\"]\n",
    )
    .unwrap();
    dir
}

fn digest(manifest: &Path) -> String {
    of_program(manifest, Some("fixed")).unwrap().digest
}

/// `path`'s bytes with one byte changed: the last, a final newline made a space (a manifest
/// stays valid), any other byte its lowest bit flipped.
fn change_one_byte(path: &Path) {
    let mut bytes = fs::read(path).unwrap();
    let last = bytes.last_mut().unwrap();
    *last = match *last {
        b'\n' => b' ',
        other => other ^ 1,
    };
    fs::write(path, bytes).unwrap();
}

#[test]
fn the_same_program_twice_is_one_version_and_sixty_four_hex_digits() {
    let dir = shared_folder();
    for name in ["a-py.toml", "c.toml", "own.toml"] {
        let first = digest(&dir.path().join(name));
        assert_eq!(first.len(), 64);
        assert!(
            first
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
        assert_eq!(first, digest(&dir.path().join(name)), "{name}");
    }
    // Two manifests differ, so their programs do, even running the same script.
    assert_ne!(
        digest(&dir.path().join("a-py.toml")),
        digest(&dir.path().join("b-py.toml"))
    );
}

/// Every file a program runs, changed by one byte, makes a new version; each is read by the
/// rule (script by argument, program file by command, manifest, `dir` tree, `read` path).
#[test]
fn one_byte_changed_in_anything_the_program_runs_is_a_new_version() {
    let dir = shared_folder();
    let root = dir.path();
    for (manifest, file) in [
        ("a-py.toml", "random.py"),
        ("c.toml", "random"),
        ("c.toml", "c.toml"),
        ("own.toml", "own/lib/helper.py"),
        ("own.toml", "own/main.py"),
        ("own.toml", "weights.bin"),
        ("own.toml", "own.toml"),
    ] {
        let before = digest(&root.join(manifest));
        change_one_byte(&root.join(file));
        assert_ne!(before, digest(&root.join(manifest)), "{manifest}: {file}");
    }
}

/// A sibling's manifest, or a file no manifest names, changed in the shared folder: the others
/// keep their versions. The script they share changes both.
#[test]
fn a_sibling_in_a_shared_folder_leaves_a_program_unchanged() {
    let dir = shared_folder();
    let root = dir.path();
    let before: Vec<String> = ["a-py.toml", "c.toml", "own.toml"]
        .iter()
        .map(|m| digest(&root.join(m)))
        .collect();
    change_one_byte(&root.join("b-py.toml"));
    fs::write(root.join("notes.txt"), "unrelated").unwrap();
    fs::write(
        root.join("d.toml"),
        "name = \"d\"\ngame = \"g\"\ncommand = \"x\"\n",
    )
    .unwrap();
    let after: Vec<String> = ["a-py.toml", "c.toml", "own.toml"]
        .iter()
        .map(|m| digest(&root.join(m)))
        .collect();
    assert_eq!(before, after);
    let b = digest(&root.join("b-py.toml"));
    change_one_byte(&root.join("random.py"));
    assert_ne!(before[0], digest(&root.join("a-py.toml")));
    assert_ne!(b, digest(&root.join("b-py.toml")));
}

/// A file of the `dir` tree renamed, the same bytes: a new version; so is a renamed manifest.
/// The folder copied elsewhere whole keeps its versions.
#[test]
fn a_rename_is_a_new_version_a_move_of_the_whole_folder_is_not() {
    let dir = shared_folder();
    let root = dir.path();
    let before = digest(&root.join("own.toml"));
    fs::rename(
        root.join("own/lib/helper.py"),
        root.join("own/lib/helper2.py"),
    )
    .unwrap();
    let renamed = digest(&root.join("own.toml"));
    assert_ne!(before, renamed);
    fs::rename(root.join("own.toml"), root.join("own2.toml")).unwrap();
    assert_ne!(renamed, digest(&root.join("own2.toml")));
    let moved = root.join("moved");
    let copy = shared_folder();
    fs::rename(copy.path(), &moved).unwrap();
    assert_eq!(
        digest(&root.join("a-py.toml")),
        digest(&moved.join("a-py.toml"))
    );
}

/// What Python writes next to a module it imports and git's own folder are left out: a run
/// must not change the version of the program it ran.
#[test]
fn byte_code_and_git_folders_are_left_out() {
    let dir = shared_folder();
    let root = dir.path();
    let before = digest(&root.join("own.toml"));
    fs::create_dir_all(root.join("own/lib/__pycache__")).unwrap();
    fs::write(root.join("own/lib/__pycache__/helper.pyc"), "byte code").unwrap();
    fs::create_dir_all(root.join("own/.git")).unwrap();
    fs::write(root.join("own/.git/HEAD"), "ref: refs/heads/main\n").unwrap();
    assert_eq!(before, digest(&root.join("own.toml")));
}

#[cfg(unix)]
#[test]
fn links_in_a_tree_are_hashed_by_their_text_and_a_loop_does_not_hang() {
    use std::os::unix::fs::symlink;
    let dir = shared_folder();
    let root = dir.path();
    let before = digest(&root.join("own.toml"));
    symlink("loop", root.join("own/loop")).unwrap();
    symlink("..", root.join("own/lib/up")).unwrap();
    symlink("/", root.join("own/outside")).unwrap();
    let linked = digest(&root.join("own.toml"));
    assert_ne!(before, linked);
    fs::remove_file(root.join("own/outside")).unwrap();
    symlink("/etc", root.join("own/outside")).unwrap();
    assert_ne!(linked, digest(&root.join("own.toml")));
}

/// A command or a `read` path that is a link to itself, a FIFO in the `dir` tree or in `read`:
/// a clear error naming the path, never a hang.
#[cfg(unix)]
#[test]
fn a_link_loop_and_a_fifo_are_refused_by_name() {
    use std::os::unix::fs::symlink;
    let dir = shared_folder();
    let root = dir.path();
    fs::remove_file(root.join("random")).unwrap();
    symlink("random", root.join("random")).unwrap();
    let err = of_program(&root.join("c.toml"), None)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("random") && err.contains("cannot read"),
        "{err}"
    );
    assert!(err.starts_with("the version of "), "{err}");
    let fifo = root.join("own/pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped the FIFO case: mkfifo is not available");
        return;
    }
    let err = of_program(&root.join("own.toml"), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("own/pipe is a FIFO, not a file"), "{err}");
    fs::rename(&fifo, root.join("weights.bin")).unwrap();
    fs::remove_dir_all(root.join("own")).unwrap();
    fs::create_dir(root.join("own")).unwrap();
    let err = of_program(&root.join("own.toml"), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("weights.bin is a FIFO"), "{err}");
}

/// A `dir` holding more than the bound of files, or a file past the byte bound (sparse: no
/// disk is used): refused, saying what to do.
#[test]
fn a_huge_tree_is_refused_with_the_fix() {
    let dir = shared_folder();
    let root = dir.path();
    for i in 0..files::MAX_ENTRIES {
        fs::write(root.join(format!("own/f{i}")), "").unwrap();
    }
    let err = of_program(&root.join("own.toml"), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("more than 10000 files and folders"), "{err}");
    assert!(err.contains("folder of its own"), "{err}");
    let big = shared_folder();
    let file = fs::File::create(big.path().join("own/big")).unwrap();
    file.set_len(files::MAX_BYTES + 1).unwrap();
    let err = of_program(&big.path().join("own.toml"), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("more than 256 MiB"), "{err}");
    assert!(err.contains("own/big"), "{err}");
}

/// A `read` path that does not exist yet is part of the version: creating it is a new one.
#[test]
fn a_missing_read_path_counts_as_missing() {
    let dir = shared_folder();
    let root = dir.path();
    fs::remove_file(root.join("weights.bin")).unwrap();
    let before = digest(&root.join("own.toml"));
    fs::write(root.join("weights.bin"), "").unwrap();
    assert_ne!(before, digest(&root.join("own.toml")));
}

#[test]
fn a_system_program_is_its_path_and_an_unknown_one_is_refused() {
    let dir = shared_folder();
    let root = dir.path();
    fs::write(
        root.join("x.toml"),
        "name = \"x\"\ngame = \"g\"\ncommand = \"no-such-program-anywhere\"\n",
    )
    .unwrap();
    let err = of_program(&root.join("x.toml"), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not found on PATH"), "{err}");
    fs::write(
        root.join("x.toml"),
        "name = \"x\"\ngame = \"g\"\ncommand = \"sh\"\n",
    )
    .unwrap();
    assert!(of_program(&root.join("x.toml"), None).is_ok());
}

/// Precedence of labels: the flag's over the manifest's over the commit of the checkout.
#[test]
fn the_flag_wins_over_the_manifest_which_wins_over_git() {
    let dir = shared_folder();
    let root = dir.path();
    let Some(commit) = git_checkout(root) else {
        return;
    };
    let label = |m: &str, flag: Option<&str>| of_program(&root.join(m), flag).unwrap().label;
    assert_eq!(label("c.toml", None), Some(commit.clone()));
    assert_eq!(label("c.toml", Some("v9")), Some("v9".into()));
    let text = fs::read_to_string(root.join("c.toml")).unwrap();
    fs::write(root.join("c.toml"), format!("{text}version = \"v1.2\"\n")).unwrap();
    assert_eq!(label("c.toml", None), Some("v1.2".into()));
    assert_eq!(label("c.toml", Some("v9")), Some("v9".into()));
    // A manifest changed since the commit keeps the commit as its label (its digest changes).
    assert_eq!(label("a-py.toml", None), Some(commit));
}

/// A checkout is labelled by its commit, and by the new commit once a change is committed; a
/// change not yet committed keeps the label (no `git status`: it would run the checkout's own
/// filters) while the digest moves.
#[test]
fn a_git_checkout_is_labelled_by_its_commit() {
    let dir = shared_folder();
    let root = dir.path();
    let Some(commit) = git_checkout(root) else {
        return;
    };
    let label = |m: &str| of_program(&root.join(m), None).unwrap().label;
    assert!(commit.len() >= 7 && commit.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(label("own.toml"), Some(commit.clone()));
    let before = of_program(&root.join("own.toml"), None).unwrap().digest;
    change_one_byte(&root.join("own/main.py"));
    let changed = of_program(&root.join("own.toml"), None).unwrap();
    assert_eq!(changed.label, Some(commit.clone()));
    assert_ne!(changed.digest, before, "the digest sees the change");
    git(root, &["commit", "-qam", "second"]);
    let second = label("own.toml").unwrap();
    assert!(second != commit, "{second}");
    // No checkout: no label.
    let plain = shared_folder();
    assert_eq!(
        of_program(&plain.path().join("c.toml"), None)
            .unwrap()
            .label,
        None
    );
}

/// Makes `root` a git checkout with one commit of everything; its short hash, or `None` (with
/// a message) where git is not installed.
fn git_checkout(root: &Path) -> Option<String> {
    if std::process::Command::new("git")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: git is not installed");
        return None;
    }
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-qm", "first"]);
    let out = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(root)
        .output()
        .unwrap();
    Some(String::from_utf8(out.stdout).unwrap().trim().to_string())
}

fn git(root: &Path, args: &[&str]) {
    let status = std::process::Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(root)
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

#[test]
fn a_built_in_bot_is_its_tool_version_game_name_and_parameters() {
    let base = of_builtin("0.1.0", "g", "mcts", "iterations=800");
    assert_eq!(base, of_builtin("0.1.0", "g", "mcts", "iterations=800"));
    assert_eq!(base.label.as_deref(), Some("0.1.0"));
    for other in [
        of_builtin("0.1.1", "g", "mcts", "iterations=800"),
        of_builtin("0.1.0", "h", "mcts", "iterations=800"),
        of_builtin("0.1.0", "g", "mct", "siterations=800"),
        of_builtin("0.1.0", "g", "mcts", "iterations=801"),
    ] {
        assert_ne!(base.digest, other.digest);
    }
    let short = BotVersion {
        digest: "3f2a9c1b04de".repeat(6)[..64].to_string(),
        label: Some("v1.2".into()),
    };
    assert_eq!(short.short(), "3f2a9c1b04de (v1.2)");
    assert_eq!(short.to_string(), "3f2a9c1b04de (v1.2)");
}

#[test]
fn canonical_parameters_fill_in_defaults_and_write_numbers_by_kind() {
    let declared = [
        ParamSpec::new("iterations", ParamKind::Int, Some(800.0), (1.0, 1e9), ""),
        ParamSpec::new("c", ParamKind::Float, Some(0.5), (0.0, 10.0), ""),
        ParamSpec::new("depth", ParamKind::Int, None, (1.0, 100.0), ""),
    ];
    let given = |pairs: &[(&str, &str)]| {
        Params(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    };
    let plain = canonical_params(&given(&[]), &declared);
    assert_eq!(plain, "c=0.5,iterations=800");
    assert_eq!(
        canonical_params(&given(&[("iterations", "800.0")]), &declared),
        plain
    );
    assert_eq!(
        canonical_params(&given(&[("rollout", "greedy"), ("depth", "3")]), &declared),
        "c=0.5,depth=3,iterations=800,rollout=greedy"
    );
}

/// The manifest's `version` key is read, and a bad one refused on its line.
#[test]
fn the_manifest_version_key_is_read_and_checked() {
    let parse = |extra: &str| {
        Manifest::parse(
            Path::new("v.toml"),
            &format!("name = \"v\"\ngame = \"g\"\ncommand = \"c\"\n{extra}"),
        )
    };
    assert_eq!(parse("").unwrap().version, None);
    assert_eq!(
        parse("version = \"v1.2\"\n").unwrap().version.as_deref(),
        Some("v1.2")
    );
    let err = parse("version = \"\"\n").unwrap_err().to_string();
    assert!(
        err.starts_with("v.toml:4: `version`: a version label"),
        "{err}"
    );
}
