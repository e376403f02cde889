//! The ladder's folder, read as entries: one subfolder per entry holding exactly one manifest
//! (a `.toml` file, the format every launched program uses) and the program's files. Each
//! scan reads every subfolder afresh, so a new entry or a changed file is seen without a
//! restart; a subfolder that cannot enter says why ([`Problem`]) and is skipped, never
//! stopping the ladder. An entry is named by its manifest's `name`; a name belongs to the
//! subfolder that first entered it (the store remembers which), else to the first subfolder
//! in name order.

use crate::external::{Manifest, check_command};
use crate::version::BotVersion;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// An entry as the folder holds it now.
#[derive(Clone, Debug)]
pub struct Found {
    /// The manifest's `name`.
    pub name: String,
    /// The subfolder's name inside the ladder's folder.
    pub folder: String,
    pub manifest: PathBuf,
    /// Its version by the store's version identity (`crate::version`).
    pub version: BotVersion,
}

/// A subfolder that cannot enter, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub folder: String,
    pub reason: String,
}

/// Reads `dir`'s subfolders (hidden ones skipped) for entries of `game`; `owners` maps each
/// stored entry's name to the subfolder it entered from. Fails only when `dir` itself cannot
/// be read.
pub fn scan(
    dir: &Path,
    game: &str,
    owners: &HashMap<String, String>,
) -> std::io::Result<(Vec<Found>, Vec<Problem>)> {
    let mut folders: Vec<(String, PathBuf)> = Vec::new();
    for item in std::fs::read_dir(dir)? {
        let item = item?;
        let name = item.file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') && item.path().is_dir() {
            folders.push((name, item.path()));
        }
    }
    folders.sort();
    let mut found: Vec<Found> = Vec::new();
    let mut problems = Vec::new();
    for (folder, path) in folders {
        match entry(&folder, &path, game) {
            Ok(entry) => found.push(entry),
            Err(reason) => problems.push(Problem { folder, reason }),
        }
    }
    // One subfolder per name: its owner in the store, else the first.
    let mut keeper: HashMap<String, String> = HashMap::new();
    for entry in &found {
        let owner = owners.get(&entry.name);
        let keeps = match owner {
            Some(owner) => *owner == entry.folder,
            None => !keeper.contains_key(&entry.name),
        };
        if keeps {
            keeper.insert(entry.name.clone(), entry.folder.clone());
        }
    }
    let (kept, taken): (Vec<Found>, Vec<Found>) = found
        .into_iter()
        .partition(|e| keeper.get(&e.name) == Some(&e.folder));
    for entry in taken {
        let holder = keeper
            .get(&entry.name)
            .or_else(|| owners.get(&entry.name))
            .cloned()
            .unwrap_or_default();
        problems.push(Problem {
            folder: entry.folder,
            reason: format!(
                "the name '{}' is the entry of the folder {holder}: give this manifest another \
                 name",
                crate::error::quote(&entry.name)
            ),
        });
    }
    problems.sort_by(|a, b| a.folder.cmp(&b.folder));
    Ok((kept, problems))
}

/// The entry of one subfolder, or why it has none.
fn entry(folder: &str, path: &Path, game: &str) -> Result<Found, String> {
    let manifests = manifests(path).map_err(|e| format!("cannot read the folder: {e}"))?;
    let manifest = match manifests.as_slice() {
        [] => {
            return Err(
                "no manifest: put the program's manifest (a .toml file, docs/guide/\
                 bring-your-own-bot.md) in the folder"
                    .to_string(),
            );
        }
        [one] => one.clone(),
        many => {
            let names: Vec<String> = (many.iter())
                .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .collect();
            return Err(format!(
                "{} manifests ({}): keep one .toml file in the folder",
                many.len(),
                names.join(", ")
            ));
        }
    };
    let loaded = Manifest::load(&manifest).map_err(|e| e.to_string())?;
    if loaded.game != game {
        return Err(format!(
            "its manifest plays {}, the ladder plays {game}",
            crate::error::quote(&loaded.game)
        ));
    }
    check_command(&loaded.command).map_err(|why| format!("{}: {why}", manifest.display()))?;
    let version = crate::version::of_manifest(&loaded, None).map_err(|e| e.to_string())?;
    Ok(Found {
        name: loaded.name.clone(),
        folder: folder.to_string(),
        manifest,
        version,
    })
}

/// The `.toml` files of `folder`, in name order.
fn manifests(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|item| item.ok().map(|item| item.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.is_file())
        .collect();
    manifests.sort();
    Ok(manifests)
}

/// The manifest of a version's copy ([`snapshot`]), if the copy is there.
pub fn manifest_in(copy: &Path) -> Option<PathBuf> {
    match manifests(copy).ok()?.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Copies the subfolder of `found` to `to` (made anew; symbolic links copied as links, other
/// special files skipped) and hands back the copy's manifest with the copy's version: the
/// accepted version plays from its copy, so the entry's folder may change under it. The
/// copy's digest differs from the folder's when a file changed while it was copied.
pub fn snapshot(dir: &Path, found: &Found, to: &Path) -> std::io::Result<(PathBuf, BotVersion)> {
    let partial = to.with_extension("partial");
    let _ = std::fs::remove_dir_all(&partial);
    copy_tree(&dir.join(&found.folder), &partial)?;
    let _ = std::fs::remove_dir_all(to);
    std::fs::rename(&partial, to)?;
    let manifest = to.join(found.manifest.file_name().unwrap_or_default());
    let loaded = Manifest::load(&manifest).map_err(std::io::Error::other)?;
    let version = crate::version::of_manifest(&loaded, None).map_err(std::io::Error::other)?;
    Ok((manifest, version))
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for item in std::fs::read_dir(from)? {
        let item = item?;
        let (source, target) = (item.path(), to.join(item.file_name()));
        let kind = item.file_type()?;
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&source)?, &target)?;
        } else if kind.is_dir() {
            copy_tree(&source, &target)?;
        } else if kind.is_file() {
            std::fs::copy(&source, &target)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn write_entry(dir: &Path, folder: &str, name: &str, extra: &str) {
        let path = dir.join(folder);
        fs::create_dir_all(&path).unwrap();
        fs::write(
            path.join("bot.toml"),
            format!("name = \"{name}\"\ngame = \"t2r\"\ncommand = \"sh\"\n{extra}"),
        )
        .unwrap();
    }

    /// Every kind of bad subfolder is listed with its reason, the good ones enter, and a name
    /// belongs to its owner in the store, else to the first folder.
    #[test]
    fn bad_subfolders_say_why_and_names_have_one_owner() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        write_entry(dir, "a", "alpha", "");
        write_entry(dir, "b", "alpha", "");
        write_entry(dir, "c", "gamma", "");
        write_entry(dir, "d", "delta", "");
        fs::write(dir.join("d/other.toml"), "x").unwrap();
        fs::create_dir(dir.join("e")).unwrap();
        write_entry(dir, "f", "phi", "");
        fs::write(dir.join("f/bot.toml"), "name = ").unwrap();
        write_entry(dir, "g", "gee", "");
        fs::write(
            dir.join("g/bot.toml"),
            "name = \"gee\"\ngame = \"t2r\"\ncommand = \"./not-there\"\n",
        )
        .unwrap();
        write_entry(dir, "h", "aitch", "");
        fs::write(
            dir.join("h/bot.toml"),
            "name = \"aitch\"\ngame = \"labyrinth\"\ncommand = \"sh\"\n",
        )
        .unwrap();
        write_entry(dir, ".hidden", "hidden", "");
        let (found, problems) = scan(dir, "t2r", &HashMap::new()).unwrap();
        let names: Vec<(&str, &str)> = (found.iter())
            .map(|f| (f.folder.as_str(), f.name.as_str()))
            .collect();
        assert_eq!(names, [("a", "alpha"), ("c", "gamma")]);
        let reasons: HashMap<&str, &str> = (problems.iter())
            .map(|p| (p.folder.as_str(), p.reason.as_str()))
            .collect();
        assert_eq!(reasons.len(), 6, "{problems:?}");
        assert!(
            reasons["b"].contains("entry of the folder a"),
            "{reasons:?}"
        );
        assert!(reasons["d"].contains("2 manifests (bot.toml, other.toml)"));
        assert!(reasons["e"].starts_with("no manifest"));
        assert!(reasons["f"].contains("bot.toml"), "{reasons:?}");
        assert!(reasons["g"].contains("not-there"), "{reasons:?}");
        assert!(reasons["h"].contains("plays labyrinth"), "{reasons:?}");
        // The store says b entered as alpha first: a is the one refused now.
        let owners = HashMap::from([("alpha".to_string(), "b".to_string())]);
        let (found, problems) = scan(dir, "t2r", &owners).unwrap();
        assert!(found.iter().any(|f| f.folder == "b"));
        assert!(
            (problems.iter()).any(|p| p.folder == "a" && p.reason.contains("folder b")),
            "{problems:?}"
        );
    }
}
